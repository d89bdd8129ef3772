// The `postgres` stream adapter: a log table in Keel's own PostgreSQL, for the embedded default and
// small installs. Offsets are assigned in commit order: a publisher holds the stream's head row lock
// until it commits, so offset N+1 can only be taken once N is committed, and a consumer that read up
// to N never misses a row that commits later. Consumer offsets are stored server side, per group.
// A publish notifies (NOTIFY keel_stream, '<stream>') in its transaction, so a waiting consumer wakes
// when rows commit instead of polling: an idle consumer costs one query every few seconds.
// Messages older than the stream's max age are deleted, as JetStream's limits retention does, by the
// publishers: after a publish, at most once a minute per stream and process.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { deleteInBatches, HOUSEKEEPING_BATCH, HOUSEKEEPING_ROUNDS } from '../../db/batches.js';
import type { Migration } from '../../db/migrate.js';
import type { Sql } from '../../db/sql.js';
import {
  PublishError,
  STREAM_MAX_AGE_MS,
  type ConsumerGroup,
  type DeliveredMessage,
  type StreamPort,
  type StreamState,
} from './port.js';

export const streamLogMigrations: Migration[] = [
  {
    id: '0005_stream_log',
    sql: `
      -- One row per stream: its last offset. Publishers lock it, which orders offsets by commit.
      CREATE TABLE stream_heads (
        stream text PRIMARY KEY,
        last_offset bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE stream_topics (
        stream text NOT NULL REFERENCES stream_heads (stream),
        topic text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream, topic)
      );
      CREATE TABLE stream_messages (
        stream text NOT NULL,
        "offset" bigint NOT NULL,
        topic text NOT NULL,
        msg_id text NOT NULL,
        payload text NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}',
        published_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream, "offset")
      );
      -- A re-published message (same id) is stored once.
      CREATE UNIQUE INDEX stream_messages_msg_id ON stream_messages (stream, msg_id);
      -- A consumer group's stored offset; one member at a time holds the group's single partition.
      CREATE TABLE stream_consumer_groups (
        stream text NOT NULL,
        group_name text NOT NULL,
        committed_offset bigint NOT NULL DEFAULT 0,
        member text,
        lease_until timestamptz,
        PRIMARY KEY (stream, group_name)
      );
    `,
  },
];

export interface PostgresStreamOptions {
  /** How long a group member keeps the partition without fetching before another member may take it. */
  leaseSeconds?: number;
  /** Poll interval while a fetch waits for messages and no notification listener is connected. */
  pollMs?: number;
  /** Longest wait between two looks at the log while notifications are heard (a lost one costs this). */
  recheckMs?: number;
  /** How long a message is kept (STREAM_MAX_AGE_MS). */
  maxAgeMs?: number;
  /** How often a process deletes a stream's expired messages, after one of its publishes. */
  pruneEveryMs?: number;
}

/** The channel publishers notify on; the payload is the stream's name. */
export const STREAM_CHANNEL = 'keel_stream';

/** Resolves after `ms`, or as soon as `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * One LISTEN connection per port: counts notifications per stream (a generation a waiter compares
 * before and after its look at the log, so a notification between the two is never missed) and wakes
 * the waiters. While it is not connected, waiters fall back to polling.
 */
function notificationListener(sql: Sql) {
  const generations = new Map<string, number>();
  const waiters = new Set<{ stream: string; wake: () => void }>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let failedAt = 0;
  let closed = false;

  const bump = (stream: string | null) => {
    if (stream === null)
      for (const k of generations.keys()) generations.set(k, (generations.get(k) ?? 0) + 1);
    else generations.set(stream, (generations.get(stream) ?? 0) + 1);
    for (const w of [...waiters]) if (stream === null || w.stream === stream) w.wake();
  };

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const c = new pg.Client(sql.pool.options);
      const lost = () => {
        if (client === c) client = null;
        c.end().catch(() => {});
        bump(null); // waiters look again, and poll until a listener is back
      };
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (n) => n.channel === STREAM_CHANNEL && n.payload && bump(n.payload));
      try {
        await c.connect();
        await c.query(`LISTEN ${STREAM_CHANNEL}`);
        if (closed) await c.end();
        else {
          client = c;
          bump(null); // rows may have committed before the LISTEN took effect
        }
      } catch {
        failedAt = Date.now();
        await c.end().catch(() => {});
      }
    })().finally(() => (connecting = null));
    return connecting;
  }

  return {
    /** True when notifications are heard; tries to connect when they are not. */
    async listening(): Promise<boolean> {
      // While the database is down, one connection attempt a second (waiters poll meanwhile).
      if (!client && !closed && Date.now() - failedAt > 1000) await connect();
      return client !== null;
    },
    generation: (stream: string) => generations.get(stream) ?? 0,
    /** Waits until `stream`'s generation moves past `seen`, `ms` passed or `signal` aborted. */
    wait(stream: string, seen: number, ms: number, signal?: AbortSignal): Promise<void> {
      if ((generations.get(stream) ?? 0) !== seen || signal?.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const w = {
          stream,
          wake: () => {
            clearTimeout(t);
            waiters.delete(w);
            signal?.removeEventListener('abort', w.wake);
            resolve();
          },
        };
        const t = setTimeout(w.wake, ms);
        waiters.add(w);
        signal?.addEventListener('abort', w.wake, { once: true });
      });
    },
    async close() {
      closed = true;
      await connecting;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
      for (const w of [...waiters]) w.wake();
    },
  };
}

/**
 * Stores a batch at the end of its stream, skipping messages the stream already holds (a relay that
 * publishes again after a crash). The check is a subquery per message (`OFFSET 0` keeps it one): as
 * an anti-join, the generic plan cached while the stream was new read every message of the stream on
 * each publish (test/stream/plans.test.ts).
 */
export const PUBLISH = `
  WITH input AS (
    SELECT m.msg_id, m.payload, m.headers, m.ord
      FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS m(msg_id, payload, headers, ord)
     WHERE NOT EXISTS (SELECT 1 FROM stream_messages s WHERE s.stream = $1 AND s.msg_id = m.msg_id OFFSET 0)
  ), numbered AS (
    SELECT *, row_number() OVER (ORDER BY ord) AS n FROM input
  ), ins AS (
    INSERT INTO stream_messages (stream, "offset", topic, msg_id, payload, headers)
    SELECT $1, $6::bigint + n, $2, msg_id, payload, headers::jsonb FROM numbered
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM ins`;

/**
 * Deletes up to $3 of a stream's oldest messages that are older than $2 seconds. It reads the stream's
 * first $3 messages along its key and deletes the expired ones among them, so its cost is bounded by
 * the batch, not by the stream's length. A message published in a transaction that began before an
 * older offset's may wait for the next round. Deleted by key (`= ANY(ARRAY(...))`), so the generic
 * plan cached while the stream was new does not scan the table (test/stream/plans.test.ts).
 */
export const PRUNE = `
  WITH expired AS MATERIALIZED (
    SELECT "offset" FROM (
      SELECT "offset", published_at FROM stream_messages WHERE stream = $1 ORDER BY "offset" LIMIT $3
    ) first
     WHERE published_at < now() - make_interval(secs => $2)
  ), deleted AS (
    DELETE FROM stream_messages
     WHERE stream = $1 AND "offset" = ANY(ARRAY(SELECT "offset" FROM expired))
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM deleted`;

export function postgresStream(sql: Sql, options: PostgresStreamOptions = {}): StreamPort {
  const leaseSeconds = options.leaseSeconds ?? 30;
  const pollMs = options.pollMs ?? 50;
  // A waiting member renews its lease well before it runs out.
  const recheckMs = Math.min(options.recheckMs ?? 5000, (leaseSeconds * 1000) / 3);
  const ensured = new Map<string, Promise<void>>();
  const listener = notificationListener(sql);
  const maxAgeSeconds = (options.maxAgeMs ?? STREAM_MAX_AGE_MS) / 1000;
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  /** When this process last began deleting each stream's expired messages. */
  const prunedAt = new Map<string, number>();

  /**
   * Deletes the stream's expired messages, a batch at a time, at most HOUSEKEEPING_ROUNDS batches a
   * round so that the publish it follows is not held up for long: 50,000 messages a minute, and a
   * larger burst (a recompute-all of 100,000 projects a week ago) over the next minutes. A failure
   * (the database went away) is left to the next round: the publish has committed.
   */
  async function prune(stream: string): Promise<void> {
    const now = Date.now();
    if (now - (prunedAt.get(stream) ?? -Infinity) < pruneEveryMs) return;
    prunedAt.set(stream, now);
    try {
      await deleteInBatches(
        async () => (await sql.one<{ n: number }>(PRUNE, [stream, maxAgeSeconds, HOUSEKEEPING_BATCH]))!.n,
        HOUSEKEEPING_BATCH,
        HOUSEKEEPING_ROUNDS,
      );
    } catch {
      // retried after pruneEveryMs
    }
  }

  async function createTopic(stream: string, topic: string | null): Promise<void> {
    await sql.query(`INSERT INTO stream_heads (stream) VALUES ($1) ON CONFLICT DO NOTHING`, [stream]);
    if (topic !== null) {
      await sql.query(`INSERT INTO stream_topics (stream, topic) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        stream,
        topic,
      ]);
    }
  }

  function ensure(stream: string, topic: string | null): Promise<void> {
    const key = `${stream}\u0000${topic ?? ''}`;
    let p = ensured.get(key);
    if (!p) {
      p = createTopic(stream, topic);
      p.catch(() => ensured.delete(key));
      ensured.set(key, p);
    }
    return p;
  }

  let state: StreamState = { adapter: 'postgres', state: 'up' };

  return {
    adapter: 'postgres',
    ensureTopic: (stream, topic) => ensure(stream, topic),

    async publish(stream, topic, _partition, messages) {
      if (messages.length === 0) return;
      try {
        await ensure(stream, topic);
        // One transaction: all of the batch is stored, in order, or none of it.
        await sql.tx(async (tx) => {
          const head = await tx.one<{ last_offset: number }>(
            `SELECT last_offset FROM stream_heads WHERE stream = $1 FOR UPDATE`,
            [stream],
          );
          const stored = await tx.query<{ n: number }>(PUBLISH, [
            stream,
            topic,
            messages.map((m) => m.id),
            messages.map((m) => m.payload),
            messages.map((m) => JSON.stringify(m.headers)),
            head!.last_offset,
          ]);
          await tx.query(`UPDATE stream_heads SET last_offset = last_offset + $2 WHERE stream = $1`, [
            stream,
            stored[0]!.n,
          ]);
          // Delivered at commit, and only if it commits: waiting consumers wake then.
          if (stored[0]!.n > 0) await tx.query(`SELECT pg_notify($1, $2)`, [STREAM_CHANNEL, stream]);
        });
        state = { adapter: 'postgres', state: 'up' };
        await prune(stream);
      } catch (err) {
        state = { adapter: 'postgres', state: 'down', detail: 'the database does not answer' };
        const reason = err instanceof Error ? err.message : String(err);
        throw new PublishError(`publishing to ${stream}.${topic} failed: ${reason}`, 0, { cause: err });
      }
    },

    async consumerGroup(stream, group) {
      await ensure(stream, null);
      await sql.query(
        `INSERT INTO stream_consumer_groups (stream, group_name) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [stream, group],
      );
      const member = randomUUID();
      // Next offset to hand out; null until this member holds the partition.
      let position: number | null = null;

      /** Takes or renews the partition; returns false while another member holds it. */
      async function hold(): Promise<boolean> {
        const row = await sql.one<{ committed_offset: number; renewed: boolean }>(
          `UPDATE stream_consumer_groups
              SET member = $3, lease_until = now() + make_interval(secs => $4)
            WHERE stream = $1 AND group_name = $2
              AND (member IS NULL OR member = $3 OR lease_until < now())
            RETURNING committed_offset, true AS renewed`,
          [stream, group, member, leaseSeconds],
        );
        if (!row) {
          position = null;
          return false;
        }
        if (position === null) position = row.committed_offset;
        return true;
      }

      const consumer: ConsumerGroup = {
        async fetch(max, waitMs, signal) {
          const deadline = Date.now() + waitMs;
          for (;;) {
            const listening = await listener.listening();
            const seen = listener.generation(stream);
            const held = await hold();
            if (held) {
              const rows = await sql.query<{
                offset: number;
                topic: string;
                msg_id: string;
                payload: string;
                headers: Record<string, string>;
              }>(
                `SELECT "offset", topic, msg_id, payload, headers FROM stream_messages
                  WHERE stream = $1 AND "offset" > $2 ORDER BY "offset" LIMIT $3`,
                [stream, position, max],
              );
              if (rows.length > 0) {
                position = rows[rows.length - 1]!.offset;
                return rows.map((r): DeliveredMessage => ({
                  offset: r.offset,
                  topic: r.topic,
                  id: r.msg_id,
                  payload: r.payload,
                  headers: r.headers,
                }));
              }
            }
            const left = deadline - Date.now();
            if (left <= 0 || signal?.aborted) return [];
            if (held && listening) await listener.wait(stream, seen, Math.min(recheckMs, left), signal);
            // Not holding: another member has the partition; look again now and then for its lease.
            else await sleep(Math.min(held ? pollMs : Math.max(pollMs, 500), left), signal);
          }
        },
        async commit(offset) {
          if (!(await hold())) return; // another member holds the partition and its offset
          if (position !== null && offset > position) position = offset;
          await sql.query(
            `UPDATE stream_consumer_groups SET committed_offset = GREATEST(committed_offset, $3)
              WHERE stream = $1 AND group_name = $2 AND member = $4`,
            [stream, group, offset, member],
          );
        },
        async position() {
          const row = await sql.one<{ head: number; committed: number }>(
            `SELECT h.last_offset AS head, g.committed_offset AS committed
               FROM stream_heads h JOIN stream_consumer_groups g ON g.stream = h.stream
              WHERE h.stream = $1 AND g.group_name = $2`,
            [stream, group],
          );
          return { head: row?.head ?? 0, committed: row?.committed ?? 0 };
        },
        async close() {
          // Whatever was handed out and not committed goes to the next member, from the stored offset.
          await sql.query(
            `UPDATE stream_consumer_groups SET member = NULL, lease_until = NULL
              WHERE stream = $1 AND group_name = $2 AND member = $3`,
            [stream, group, member],
          );
          position = null;
        },
      };
      return consumer;
    },

    state: () => state,
    close: () => listener.close(),
  };
}
