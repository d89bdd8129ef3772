// SQL of the analytics outbox: its migrations, and the statements the relay runs.
import type { Migration } from '../../db/migrate.js';
import type { Queryable } from '../../db/sql.js';

export const analyticsMigrations: Migration[] = [
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

export const relayMigrations: Migration[] = [
  {
    id: '0005_analytics_outbox_relay',
    sql: `
      -- The stream's deduplication id of each row, stable across re-publishes.
      ALTER TABLE analytics_outbox ADD COLUMN msg_id uuid NOT NULL DEFAULT gen_random_uuid();
      CREATE INDEX analytics_outbox_sent ON analytics_outbox (sent_at) WHERE sent_at IS NOT NULL;
      -- One relay publishes at a time (rows stay in order); a lease, so a dead one is replaced.
      CREATE TABLE analytics_relay_lease (
        id int PRIMARY KEY CHECK (id = 1),
        holder text,
        lease_until timestamptz
      );
      INSERT INTO analytics_relay_lease (id) VALUES (1);
    `,
  },
];

export const deadLetterMigrations: Migration[] = [
  {
    id: '0700_analytics_outbox_dead_letters',
    sql: `
      -- Outbox rows the stream refused for good (larger than it takes): moved here by the relay, so the
      -- rows behind them go on; kept, never pruned, until an operator deletes them.
      CREATE TABLE analytics_outbox_dead_letters (
        id bigint PRIMARY KEY,
        stream text NOT NULL,
        topic text NOT NULL,
        row jsonb NOT NULL,
        headers jsonb NOT NULL,
        msg_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        refused_at timestamptz NOT NULL DEFAULT now(),
        reason text NOT NULL
      );
    `,
  },
];

export interface OutboxRow extends Record<string, unknown> {
  id: number;
  stream: string;
  topic: string;
  payload: string;
  headers: Record<string, string>;
  msg_id: string;
}

/** Takes or renews the relay lease for `holder`; false while another relay holds it. */
export async function holdLease(q: Queryable, holder: string, seconds: number): Promise<boolean> {
  const row = await q.one(
    `UPDATE analytics_relay_lease SET holder = $1, lease_until = now() + make_interval(secs => $2)
      WHERE id = 1 AND (holder IS NULL OR holder = $1 OR lease_until < now())
      RETURNING 1 AS held`,
    [holder, seconds],
  );
  return row !== undefined;
}

export async function releaseLease(q: Queryable, holder: string): Promise<void> {
  await q.query(
    `UPDATE analytics_relay_lease SET holder = NULL, lease_until = NULL WHERE id = 1 AND holder = $1`,
    [holder],
  );
}

/** Whether any committed row waits to be published (one probe of the unsent index; writes nothing). */
export async function anyUnsent(q: Queryable): Promise<boolean> {
  const row = await q.one<{ any: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM analytics_outbox WHERE sent_at IS NULL) AS any`,
  );
  return row!.any;
}

/** The oldest unsent rows that are committed, in id order. */
export function unsent(q: Queryable, limit: number): Promise<OutboxRow[]> {
  return q.query<OutboxRow>(
    `SELECT id, stream, topic, row::text AS payload, headers, msg_id::text AS msg_id
       FROM analytics_outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1`,
    [limit],
  );
}

export async function markSent(q: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE analytics_outbox SET sent_at = now() WHERE id = ANY($1::bigint[]) AND sent_at IS NULL`,
    [ids],
  );
}

/** Moves an unsent row the stream refused for good to analytics_outbox_dead_letters, with the reason. */
export async function deadLetter(q: Queryable, id: number, reason: string): Promise<void> {
  await q.query(
    `WITH moved AS (DELETE FROM analytics_outbox WHERE id = $1 AND sent_at IS NULL RETURNING *)
     INSERT INTO analytics_outbox_dead_letters (id, stream, topic, row, headers, msg_id, created_at, reason)
     SELECT id, stream, topic, row, headers, msg_id, created_at, $2 FROM moved`,
    [id, reason],
  );
}

export async function deadLetterCount(q: Queryable): Promise<number> {
  const row = await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_outbox_dead_letters`);
  return row?.n ?? 0;
}

/**
 * Deletes up to $2 rows sent more than $1 hours ago, the oldest first: read along
 * analytics_outbox_sent, deleted by key. As `id IN (SELECT ... LIMIT $2)`, the plan cached while the
 * outbox was small joined two scans of the whole table (scale.md, "Generic plans made while a table
 * is small").
 */
export const PRUNE_SENT = `
  DELETE FROM analytics_outbox WHERE id = ANY(ARRAY(
    SELECT id FROM analytics_outbox WHERE sent_at < now() - make_interval(hours => $1)
     ORDER BY sent_at LIMIT $2))
  RETURNING 1`;

/** Deletes up to `limit` rows sent more than `hours` ago; returns how many. */
export async function pruneSent(q: Queryable, hours: number, limit: number): Promise<number> {
  return (await q.query(PRUNE_SENT, [hours, limit])).length;
}

/** Unsent rows and the age in seconds of the oldest one (the relay's lag). */
export async function backlog(q: Queryable): Promise<{ depth: number; oldestAgeSeconds: number }> {
  const row = await q.one<{ depth: number; age: number | null }>(
    `SELECT count(*)::int AS depth,
            extract(epoch FROM now() - min(created_at))::float8 AS age
       FROM analytics_outbox WHERE sent_at IS NULL`,
  );
  return { depth: row?.depth ?? 0, oldestAgeSeconds: row?.age ?? 0 };
}
