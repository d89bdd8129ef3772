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

export const throttlePendingMigration = {
  // Attempts counted in `hits` but not answered yet: a sign-in is counted before it is checked.
  id: '0014_identity_auth_throttle_pending',
  sql: `ALTER TABLE auth_throttle ADD COLUMN pending integer NOT NULL DEFAULT 0`,
};

export interface Counter {
  key: string;
  /** Events in the window, the attempts still pending among them. */
  hits: number;
  /** Events in the window that are not pending: failed attempts, for the sign-in throttle. */
  settled: number;
  /** Seconds until the counter's window ends. */
  retry_after: number;
  [k: string]: unknown;
}

/**
 * Makes the statement's own transaction commit without waiting for its WAL to reach the disk (only
 * run outside a transaction: the pool's autocommit statements below). Every attempt at /auth/token and
 * /auth/login writes the same row of its address twice, and a row stays locked until its transaction's
 * commit is on disk: at one flush per commit (a millisecond or more), 16 clients of one address queued
 * on that row, whatever they asked for. A counter's last changes before a crash of PostgreSQL (at most
 * three times wal_writer_delay) may be lost; the table is never corrupted, and the counters of attempts
 * that were pending then are gone with the requests they counted.
 */
const ASYNC_COMMIT = `(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;

/** A counter row as a Counter ($2: the window in seconds). */
const COUNTER = `key, hits, hits - pending AS settled,
  ceil(extract(epoch FROM window_start + make_interval(secs => $2) - now()))::int AS retry_after`;

/**
 * Counts one event against each key, pending (an attempt not yet answered) or not, and returns the
 * counters as they now are: a window that has ended starts again at 1. One statement, so concurrent
 * callers each see a different count.
 *
 * Every statement here that writes several counters locks them in key order, so two of them on
 * overlapping keys wait for one another rather than deadlock.
 */
export async function countEvents(
  q: Queryable,
  keys: readonly string[],
  windowSeconds: number,
  pending: boolean,
): Promise<Counter[]> {
  return q.query<Counter>(
    `INSERT INTO auth_throttle AS t (key, hits, pending, window_start)
     SELECT k, 1, $3::int, now() FROM unnest($1::text[]) AS k, ${ASYNC_COMMIT} ORDER BY k
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN t.window_start > now() - make_interval(secs => $2) THEN t.hits + 1 ELSE 1 END,
       pending = CASE WHEN t.window_start > now() - make_interval(secs => $2)
                      THEN t.pending + $3::int ELSE $3::int END,
       window_start = CASE WHEN t.window_start > now() - make_interval(secs => $2)
                           THEN t.window_start ELSE now() END
     RETURNING ${COUNTER}`,
    [keys, windowSeconds, pending ? 1 : 0],
  );
}

/**
 * The counters of `keys` as they are, without counting anything or taking a lock: those that exist
 * and whose window has not ended.
 */
export async function readCounters(
  q: Queryable,
  keys: readonly string[],
  windowSeconds: number,
): Promise<Counter[]> {
  return q.query<Counter>(
    `SELECT ${COUNTER} FROM auth_throttle
      WHERE key = ANY($1::text[]) AND window_start > now() - make_interval(secs => $2)`,
    [keys, windowSeconds],
  );
}

/** The rows of `keys`, locked in key order (see countEvents), as an array for `key = ANY(...)`. */
const LOCKED_KEYS = `ARRAY(SELECT key FROM auth_throttle WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE)`;

/*
 * The statements below end one pending event each. Should its window have ended meanwhile (and
 * another event started a new one), they end one of the new window's instead, never going below 0:
 * at worst one event in a window's first instant goes uncounted, which is no reason to remember the
 * window of every pending event.
 */

/** A pending event stays counted (a failed attempt). */
export async function settleEvents(q: Queryable, keys: readonly string[]): Promise<void> {
  await q.query(
    `UPDATE auth_throttle SET pending = greatest(pending - 1, 0)
       FROM ${ASYNC_COMMIT} WHERE key = ANY(${LOCKED_KEYS})`,
    [keys],
  );
}

/** A pending event is taken back (an attempt that does not count). */
export async function uncountEvents(q: Queryable, keys: readonly string[]): Promise<void> {
  await endPending(q, keys, []);
}

/**
 * Ends one pending event of each key in one statement: taken back on `uncounted` (an attempt that
 * does not count), taken back with every settled one on `cleared` (a success clears the failures of
 * the account it proved: only other attempts in flight stay).
 */
export async function endPending(
  q: Queryable,
  uncounted: readonly string[],
  cleared: readonly string[],
): Promise<void> {
  await q.query(
    `UPDATE auth_throttle
        SET hits = CASE WHEN key = ANY($2::text[]) THEN greatest(pending - 1, 0) ELSE greatest(hits - 1, 0) END,
            pending = greatest(pending - 1, 0)
       FROM ${ASYNC_COMMIT} WHERE key = ANY(${LOCKED_KEYS})`,
    [[...uncounted, ...cleared], cleared],
  );
}

/**
 * Up to 1000 counters whose window started more than $1 seconds ago: the expired ones read along
 * auth_throttle_window, deleted by key (as `key IN (SELECT ...)`, the plan cached on a small table
 * joined two scans of all of it). In no order: sorting would read every expired counter first, so
 * the rows are locked as read, skipping those another statement holds: pruning never waits for a
 * lock, so it never deadlocks with a statement locking in key order, and a counter whose window a
 * concurrent event just restarted is no longer expired when its lock is taken, and stays.
 */
export const PRUNE_COUNTERS = `
  DELETE FROM auth_throttle WHERE key = ANY(ARRAY(
    SELECT key FROM auth_throttle WHERE window_start < now() - make_interval(secs => $1)
     LIMIT 1000 FOR UPDATE SKIP LOCKED))`;

/** Drops counters whose window ended long ago, a few at a time, so the table stays small. */
export async function pruneCounters(q: Queryable, olderThanSeconds: number): Promise<void> {
  await q.query(PRUNE_COUNTERS, [olderThanSeconds]);
}
