// The analytics recording port: call sites hand it rows of an analytics table, inside the transaction of
// the change they describe. The PostgreSQL implementation writes them to an outbox table in that same
// transaction (DESIGN.md section 5), so a committed change never loses its row and a rolled-back one
// never publishes one. The relay that moves outbox rows to the stream belongs to the analytics area.
import type { Queryable } from '../db/sql.js';

/** Analytics tables that have call sites so far, each with the stream and topic its rows go to. */
export const ANALYTICS_TABLES = {
  score_history: { stream: 'score_history', topic: 'project-score' },
  scheduler_runs: { stream: 'scheduler_runs', topic: 'scheduler' },
} as const;

export type AnalyticsTable = keyof typeof ANALYTICS_TABLES;
export type AnalyticsRow = Record<string, unknown>;

export interface AnalyticsRecorder {
  /** Records rows of `table` as part of the transaction `q` runs in. */
  record(
    q: Queryable,
    table: AnalyticsTable,
    rows: readonly AnalyticsRow[],
    headers?: Readonly<Record<string, string>>,
  ): Promise<void>;
}

export const analyticsMigrations = [
  {
    id: '0003_analytics_outbox',
    sql: `
      CREATE TABLE analytics_outbox (
        id bigserial PRIMARY KEY,
        stream text NOT NULL,
        topic text NOT NULL,
        row jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX analytics_outbox_unsent ON analytics_outbox (id) WHERE sent_at IS NULL;
    `,
  },
];

/** Writes rows to `analytics_outbox` with one statement, whatever their number. */
export function postgresRecorder(): AnalyticsRecorder {
  return {
    async record(q, table, rows, headers = {}) {
      if (rows.length === 0) return;
      const { stream, topic } = ANALYTICS_TABLES[table];
      await q.query(
        `INSERT INTO analytics_outbox (stream, topic, row, headers)
         SELECT $1, $2, r, $4::jsonb FROM jsonb_array_elements($3::jsonb) AS r`,
        [stream, topic, JSON.stringify(rows), JSON.stringify(headers)],
      );
    },
  };
}
