// The one recorder of analytics rows: the core carries it (core.analytics), and it is the only way a
// producer records a row. Rows go to the outbox in the transaction of the change they describe, so a
// committed change never loses its row and a rolled-back change never publishes one.
import type { Queryable } from '../../db/sql.js';
import type { RowOf, TopicOf } from '../topology/topology.js';
import { postgresRecorder, type AnalyticsRecorder, type Headers } from './recorder.js';

export type EventRow = RowOf<'events'>;
export type OperationsLogRow = RowOf<'operations_log'>;

export interface Analytics extends AnalyticsRecorder {
  /** One row of the `events` stream, on the topic its source names. */
  event(q: Queryable, row: EventRow, headers?: Headers): Promise<void>;
  /** One row of the `operations_log` stream. */
  operationsEntry(q: Queryable, topic: TopicOf<'operations_log'>, row: OperationsLogRow): Promise<void>;
}

/** The outbox recorder holds no state: one instance serves every producer of a process. */
export function outboxAnalytics(): Analytics {
  const recorder = postgresRecorder();
  return {
    record: (q, stream, topic, rows, headers) => recorder.record(q, stream, topic, rows, headers),
    event: (q, row, headers) => recorder.record(q, 'events', row.source, [row], headers),
    operationsEntry: (q, topic, row) => recorder.record(q, 'operations_log', topic, [row]),
  };
}
