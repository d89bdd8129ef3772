// The analytics wing, in the order a row travels: topology (streams, topics, row shapes) -> rows (what
// producers build) -> outbox (recorded in the change's transaction) -> relay -> stream -> connector ->
// store (ClickHouse) -> readers; health watches the whole corridor. Other domains reach it only here.
import type { Domain } from '../kernel/domain.js';
import { streamLogMigrations } from './stream/postgres.js';
import { outboxRelay } from './relay/relay.js';
import { analyticsMigrations, deadLetterMigrations, relayMigrations } from './outbox/store.js';

/** The analytics outbox and its relay to the stream (DESIGN.md section 5). */
export const analyticsDomain: Domain = {
  name: 'analytics',
  migrations: [...analyticsMigrations, ...relayMigrations, ...streamLogMigrations, ...deadLetterMigrations],
  background: [
    {
      name: 'analytics-outbox-relay',
      roles: ['api', 'worker'],
      start: async (core) => outboxRelay(core).start(),
    },
  ],
};

export { connectorDomain } from './connector/index.js';
export { analyticsReadersDomain } from './readers/index.js';
export { pipelineHealthDomain } from './health/pipeline.js';

// What the rest of the service uses of the wing: producers build rows with these and record them
// through core.analytics; readers query the store through the analytics reader.
export { type Analytics, type OperationsLogRow } from './outbox/record.js';
export { type AnalyticsRecorder, AnalyticsRowTooLarge } from './outbox/recorder.js';
export { type AnalyticsReader, analyticsReader } from './readers/reader.js';
export { eventRow, whoOf } from './rows/event.js';
export { changedFields, lifecycleEvent } from './rows/lifecycle.js';
export { ident, lit, litList } from './store/escape.js';
export { MAX_MESSAGE_BYTES } from './stream/port.js';
export {
  EVENT_SOURCES,
  OPERATIONS_ENTRY_TYPES,
  type OperationsEntryType,
  clickhouseTime,
  isoTime,
  rowVersion,
} from './topology/shapes.js';
export { POLL_INTERVAL_MS, type RowOf } from './topology/topology.js';
