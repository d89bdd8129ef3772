// The idempotency store: one row per (principal, key). A row taken inside the route's transaction
// (lease_until null) exists only once that transaction committed: its change is applied, and a repeat
// never applies it again. A row taken on its own, before a route that changes things outside a
// transaction, is in flight under a lease until its answer is stored.
import type { Queryable } from '../db/sql.js';

export const idempotencyMigrations = [
  {
    id: '0800_http_idempotency_keys',
    sql: `
      CREATE TABLE idempotency_keys (
        principal text NOT NULL,
        key text NOT NULL,
        fingerprint text NOT NULL,
        -- Who holds the key while its first request runs; null once the answer is stored.
        owner uuid,
        lease_until timestamptz,
        status integer,
        headers jsonb,
        body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (principal, key)
      );
      CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
    `,
  },
];

export interface StoredKey {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  lease_until: Date | null;
  created_at: Date;
  [k: string]: unknown;
}

const TAKE = `
     ON CONFLICT (principal, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner,
            lease_until = EXCLUDED.lease_until, status = EXCLUDED.status, headers = EXCLUDED.headers,
            body = EXCLUDED.body, created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= now()
         OR (idempotency_keys.status IS NULL AND idempotency_keys.lease_until <= now()
             AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
     RETURNING 1 AS claimed`;

/**
 * The statement that takes the key inside the route's transaction: the row commits with the change,
 * or not at all. It is prepared once per connection and executed with the transaction's BEGIN in one
 * round trip (src/db/sql.ts, FirstStatement), so its values are literals quoted by `literal`; sent as
 * the INSERT itself, PostgreSQL parsed and planned it on every request (about 60 µs of its CPU, against
 * 25 µs executed by name). It answers one row (`claimed`) when this request took the key. A concurrent
 * request with the same key waits on this row until the transaction ends. No lease: a committed row
 * without an answer is a change applied whose answer was not stored (the process stopped in between),
 * and is never taken over.
 */
export const CLAIM_STATEMENT = `
  INSERT INTO idempotency_keys (principal, key, fingerprint, owner, expires_at)
  VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')${TAKE}`;

export const CLAIM_IN_TX = {
  name: 'keel_idempotency_claim',
  command: `PREPARE keel_idempotency_claim(text, text, text, uuid, bigint) AS ${CLAIM_STATEMENT}`,
};

export function claimKeyInTx(
  k: { principal: string; key: string; fingerprint: string; owner: string; ttlMs: number },
  literal: (value: string) => string,
): string {
  return `EXECUTE keel_idempotency_claim(${literal(k.principal)}, ${literal(k.key)}, ${literal(k.fingerprint)}, ${literal(k.owner)}, ${Math.trunc(k.ttlMs)})`;
}

/**
 * Records the answer of a request that changed nothing under the key (it failed before its
 * transaction committed, or touched no table), unless the key is held already. True when stored.
 */
export async function insertAnswer(
  q: Queryable,
  k: { principal: string; key: string; fingerprint: string; ttlMs: number },
  answer: Answer,
): Promise<boolean> {
  const row = await q.one(
    `INSERT INTO idempotency_keys (principal, key, fingerprint, status, headers, body, expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, now() + $7 * interval '1 millisecond')${TAKE}`,
    [k.principal, k.key, k.fingerprint, answer.status, JSON.stringify(answer.headers), answer.body, k.ttlMs],
  );
  return row !== undefined;
}

/**
 * Takes the key for a request: inserts it, or takes over a row that expired, or one whose first
 * request was abandoned (its lease ran out with no answer: the process stopped) for the same request.
 * True when this request now holds it.
 */
export async function claimKey(
  q: Queryable,
  k: { principal: string; key: string; fingerprint: string; owner: string; leaseMs: number; ttlMs: number },
): Promise<boolean> {
  const row = await q.one(
    `INSERT INTO idempotency_keys (principal, key, fingerprint, owner, lease_until, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond', now() + $6 * interval '1 millisecond')
     ON CONFLICT (principal, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, owner = EXCLUDED.owner,
            lease_until = EXCLUDED.lease_until, status = NULL, headers = NULL, body = NULL,
            created_at = now(), expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= now()
         OR (idempotency_keys.status IS NULL AND idempotency_keys.lease_until <= now()
             AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
     RETURNING 1 AS claimed`,
    [k.principal, k.key, k.fingerprint, k.owner, k.leaseMs, k.ttlMs],
  );
  return row !== undefined;
}

export const FIND_KEY = `
  SELECT fingerprint, status, headers, body, lease_until, created_at FROM idempotency_keys
   WHERE principal = $1 AND key = $2 AND expires_at > now()`;

export async function findKey(q: Queryable, principal: string, key: string): Promise<StoredKey | undefined> {
  return q.one<StoredKey>(FIND_KEY, [principal, key]);
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/**
 * The answers of keys, each by its holder (`owner`): $1..$7 are arrays of principal, key, owner,
 * fingerprint, status, headers and body. Written as an upsert so that each row is found through the
 * primary key by the conflict check, whatever plan is cached: as `UPDATE ... FROM unnest(...)`, the
 * plan made while the table was small hashed the whole table against the batch. A key that is no
 * longer there (never expected: rows are deleted a day after they expire) is written expired, which
 * is the same as absent.
 *
 * Committed without waiting for its WAL to reach the disk (synchronous_commit off for its own
 * transaction only). Its key's row is on disk already, with the change: should PostgreSQL crash in
 * the instant after (at most three times wal_writer_delay), the answer alone is lost, and a repeat is
 * refused (`idempotency_answer_lost` once the lease time has passed), never applied again; for a key
 * taken on its own under a lease (a route whose change is outside a transaction), the loss is the
 * same as the process stopping before its answer was stored. What it buys: a request with a key no
 * longer waits for a second flush before its answer; with one client, the key's cost fell from
 * 27.5-29.3% to 24.8% of a POST (docs/api-conventions.md).
 */
export const STORE_ANSWERS = `
  INSERT INTO idempotency_keys AS k (principal, key, owner, fingerprint, status, headers, body, expires_at)
  SELECT a.principal, a.key, a.owner, a.fingerprint, a.status, a.headers, a.body, now()
    FROM unnest($1::text[], $2::text[], $3::uuid[], $4::text[], $5::int[], $6::jsonb[], $7::text[])
         AS a(principal, key, owner, fingerprint, status, headers, body),
         (SELECT set_config('synchronous_commit', 'off', true)) AS no_flush
   ORDER BY a.principal, a.key
  ON CONFLICT (principal, key) DO UPDATE
     SET status = EXCLUDED.status, headers = EXCLUDED.headers, body = EXCLUDED.body, owner = NULL,
         lease_until = NULL
   WHERE k.owner = EXCLUDED.owner`;

/** Stores first answers; a key's answer only by its holder (`owner`). One statement for them all. */
async function storeAnswers(
  q: Queryable,
  items: ReadonlyArray<{
    principal: string;
    key: string;
    owner: string;
    fingerprint: string;
    answer: Answer;
  }>,
): Promise<void> {
  await q.query(STORE_ANSWERS, [
    items.map((i) => i.principal),
    items.map((i) => i.key),
    items.map((i) => i.owner),
    items.map((i) => i.fingerprint),
    items.map((i) => i.answer.status),
    items.map((i) => JSON.stringify(i.answer.headers)),
    items.map((i) => i.answer.body),
  ]);
}

/** At most this many answers, or about this many bytes of them, go in one statement. */
const BATCH_ANSWERS = 100;
const BATCH_BYTES = 1 << 20;

/**
 * Stores first answers as they come, in batches: while one statement is on its way, the answers that
 * arrive wait and go together in the next (one commit for many requests, where each would otherwise
 * wait for a commit of its own). No answer waits for a timer: a lone answer is sent at once.
 */
export function answerStore(q: Queryable) {
  type Item = { principal: string; key: string; owner: string; fingerprint: string; answer: Answer };
  let waiting: Array<{ item: Item; done: (err?: unknown) => void }> = [];
  let sending = false;

  async function send(): Promise<void> {
    sending = true;
    while (waiting.length > 0) {
      let bytes = 0;
      let n = 0;
      while (n < waiting.length && n < BATCH_ANSWERS && (n === 0 || bytes < BATCH_BYTES)) {
        bytes += waiting[n]!.item.answer.body?.length ?? 0;
        n++;
      }
      const batch = waiting.slice(0, n);
      waiting = waiting.slice(n);
      try {
        await storeAnswers(
          q,
          batch.map((w) => w.item),
        );
        for (const w of batch) w.done();
      } catch (err) {
        for (const w of batch) w.done(err);
      }
    }
    sending = false;
  }

  return (
    k: { principal: string; key: string; owner: string; fingerprint: string },
    answer: Answer,
  ): Promise<void> =>
    new Promise((resolve, reject) => {
      waiting.push({
        item: { principal: k.principal, key: k.key, owner: k.owner, fingerprint: k.fingerprint, answer },
        done: (err) => (err === undefined ? resolve() : reject(err as Error)),
      });
      if (!sending) void send();
    });
}

export const RELEASE_KEY = `DELETE FROM idempotency_keys WHERE principal = $1 AND key = $2 AND owner = $3`;

/** Frees a key whose answer is not kept (5xx, 429): the client may try again and be applied then. */
export async function releaseKey(q: Queryable, k: { principal: string; key: string; owner: string }) {
  await q.query(RELEASE_KEY, [k.principal, k.key, k.owner]);
}

/**
 * Up to $1 expired keys, oldest first, read along the expiry index and deleted through it by their
 * exact expiry times (`= ANY`), each row then picked by its address. As `ctid = ANY(...)` alone, the
 * plan cached while the table was small read the whole table, a day of keys, for every prune.
 */
export const DELETE_EXPIRED = `
  WITH expired AS MATERIALIZED (
    SELECT ctid AS tid, expires_at FROM idempotency_keys WHERE expires_at <= now()
     ORDER BY expires_at LIMIT $1),
  gone AS (
    DELETE FROM idempotency_keys
     WHERE expires_at = ANY(ARRAY(SELECT expires_at FROM expired))
       AND ctid = ANY(ARRAY(SELECT tid FROM expired))
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;

/** Deletes up to `limit` expired keys, oldest first; says how many. */
export async function deleteExpired(q: Queryable, limit: number): Promise<number> {
  const row = await q.one<{ n: number }>(DELETE_EXPIRED, [limit]);
  return row!.n;
}
