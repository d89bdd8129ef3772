// Counters of failed sign-ins (and other throttled events), one row per key, shared by every replica.
import type { Queryable } from '../db/sql.js';

export const throttleMigration = {
  id: '0013_identity_auth_throttle',
  sql: `
    CREATE TABLE auth_throttle (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_start timestamptz NOT NULL
    );
    CREATE INDEX auth_throttle_window ON auth_throttle (window_start);
  `,
};

export interface Counter {
  key: string;
  hits: number;
  /** Seconds until the counter's window ends. */
  retry_after: number;
  [k: string]: unknown;
}

/** The counters among `keys` whose window is still open. */
export async function readCounters(
  q: Queryable,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Counter[]> {
  return q.query<Counter>(
    `SELECT key, hits,
            ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after
       FROM auth_throttle
      WHERE key = ANY($1::text[]) AND window_start > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
}

/** Counts one event against each key: a window that has ended starts again at 1. */
export async function countEvent(
  q: Queryable,
  keys: readonly string[],
  windowSeconds: number,
): Promise<void> {
  await q.query(
    `INSERT INTO auth_throttle (key, hits, window_start)
     SELECT k, 1, now() FROM unnest($1::text[]) AS k
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN auth_throttle.window_start > now() - make_interval(secs => $2)
                   THEN auth_throttle.hits + 1 ELSE 1 END,
       window_start = CASE WHEN auth_throttle.window_start > now() - make_interval(secs => $2)
                           THEN auth_throttle.window_start ELSE now() END`,
    [keys, windowSeconds],
  );
}

export async function clearCounters(q: Queryable, keys: readonly string[]): Promise<void> {
  await q.query(`DELETE FROM auth_throttle WHERE key = ANY($1::text[])`, [keys]);
}

/**
 * Up to 1000 counters whose window started more than $1 seconds ago: the expired ones read along
 * auth_throttle_window, deleted by key (as `key IN (SELECT ...)`, the plan cached on a small table
 * joined two scans of all of it). In no order: sorting would read every expired counter first.
 */
export const PRUNE_COUNTERS = `
  DELETE FROM auth_throttle WHERE key = ANY(ARRAY(
    SELECT key FROM auth_throttle WHERE window_start < now() - make_interval(secs => $1) LIMIT 1000))`;

/** Drops counters whose window ended long ago, a few at a time, so the table stays small. */
export async function pruneCounters(q: Queryable, olderThanSeconds: number): Promise<void> {
  await q.query(PRUNE_COUNTERS, [olderThanSeconds]);
}
