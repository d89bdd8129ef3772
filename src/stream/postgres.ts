// The `postgres` stream adapter: a log table in Keel's own PostgreSQL, for the embedded default and
// small installs. Offsets are assigned in commit order: a publisher holds the stream's head row lock
// until it commits, so offset N+1 can only be taken once N is committed, and a consumer that read up
// to N never misses a row that commits later. Consumer offsets are stored server side, per group.
import { randomUUID } from 'node:crypto';
import type { Migration } from '../db/migrate.js';
import type { Sql } from '../db/sql.js';
import {
  PublishError,
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
  /** Poll interval while a fetch waits for messages. */
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function postgresStream(sql: Sql, options: PostgresStreamOptions = {}): StreamPort {
  const leaseSeconds = options.leaseSeconds ?? 30;
  const pollMs = options.pollMs ?? 50;
  const ensured = new Map<string, Promise<void>>();

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
          const stored = await tx.query<{ n: number }>(
            `WITH input AS (
               SELECT m.msg_id, m.payload, m.headers, m.ord
                 FROM unnest($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS m(msg_id, payload, headers, ord)
                WHERE NOT EXISTS (SELECT 1 FROM stream_messages s WHERE s.stream = $1 AND s.msg_id = m.msg_id)
             ), numbered AS (
               SELECT *, row_number() OVER (ORDER BY ord) AS n FROM input
             ), ins AS (
               INSERT INTO stream_messages (stream, "offset", topic, msg_id, payload, headers)
               SELECT $1, $6::bigint + n, $2, msg_id, payload, headers::jsonb FROM numbered
               RETURNING 1
             )
             SELECT count(*)::int AS n FROM ins`,
            [
              stream,
              topic,
              messages.map((m) => m.id),
              messages.map((m) => m.payload),
              messages.map((m) => JSON.stringify(m.headers)),
              head!.last_offset,
            ],
          );
          await tx.query(`UPDATE stream_heads SET last_offset = last_offset + $2 WHERE stream = $1`, [
            stream,
            stored[0]!.n,
          ]);
        });
        state = { adapter: 'postgres', state: 'up' };
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
        async fetch(max, waitMs) {
          const deadline = Date.now() + waitMs;
          for (;;) {
            if (await hold()) {
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
            if (left <= 0) return [];
            await sleep(Math.min(pollMs, left));
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
    close: async () => {},
  };
}
