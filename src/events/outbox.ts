// The one place where the producers of the `events` and `operations_log` streams hand rows to the
// analytics outbox, inside the transaction of the change they describe (DESIGN.md section 5).
import type { Queryable } from '../db/sql.js';

export type EventTopic = 'gateway' | 'lifecycle' | 'comments';
export type OperationsTopic = 'deployments' | 'maintenance';
export type ProducerRow = Record<string, unknown>;
export type UserHeaders = Readonly<Record<string, string>>;

/** Records one row of `stream` on `topic` as part of the transaction `q` runs in. */
export async function recordRow(
  q: Queryable,
  stream: 'events' | 'operations_log',
  topic: EventTopic | OperationsTopic,
  row: ProducerRow,
  headers: UserHeaders = {},
): Promise<void> {
  await q.query(
    `INSERT INTO analytics_outbox (stream, topic, row, headers) VALUES ($1, $2, $3::jsonb, $4::jsonb)`,
    [stream, topic, JSON.stringify(row), JSON.stringify(headers)],
  );
}
