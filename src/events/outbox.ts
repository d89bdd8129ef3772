// The one place where the producers of the `events` and `operations_log` streams hand rows to the
// analytics recorder, inside the transaction of the change they describe (DESIGN.md section 5). The
// outbox recorder holds no state, so one instance serves every producer.
import { postgresRecorder, type Headers } from '../analytics/recorder.js';
import type { RowOf, TopicOf } from '../analytics/topology.js';
import type { Queryable } from '../db/sql.js';

const recorder = postgresRecorder();

export type EventRow = RowOf<'events'>;
export type OperationsLogRow = RowOf<'operations_log'>;

export const recordEvent = (q: Queryable, row: EventRow, headers?: Headers) =>
  recorder.record(q, 'events', row.source, [row], headers);

export const recordOperationsEntry = (
  q: Queryable,
  topic: TopicOf<'operations_log'>,
  row: OperationsLogRow,
) => recorder.record(q, 'operations_log', topic, [row]);
