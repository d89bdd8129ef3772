// The pool's bound on waiting for an answer (KEEL_DATABASE_QUERY_TIMEOUT_MS), kept by one watchdog per
// pool (src/db/answer-deadline.ts): a statement that gets no answer in time fails with pg's own "Query
// read timeout", its connection is discarded, and the pool goes on with new ones; a statement answered in
// time is left alone.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSql, type Sql } from '../../src/db/sql.js';
import { databaseUnavailable } from '../../src/db/unavailable.js';
import { createTestDatabase } from '../support/harness.js';

const BOUND_MS = 400;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 2, { statementTimeoutMs: 0, queryTimeoutMs: BOUND_MS, connectTimeoutMs: 5000 });
});
afterAll(async () => {
  await sql?.close();
  await db?.drop();
});

/** How long `run` took to fail, and with what. */
async function failure(run: () => Promise<unknown>): Promise<{ ms: number; err: unknown }> {
  const started = Date.now();
  try {
    await run();
  } catch (err) {
    return { ms: Date.now() - started, err };
  }
  throw new Error('it did not fail');
}

it('fails a statement on the pool that waits past the bound, and discards its connection', async () => {
  await Promise.all([sql.query('SELECT 1'), sql.query('SELECT 2')]);
  const { ms, err } = await failure(() => sql.query('SELECT pg_sleep(5), pg_backend_pid() AS pid'));
  expect((err as Error).message).toBe('Query read timeout');
  expect(databaseUnavailable(err)).toBe(true);
  // Between the bound and the bound plus two of the watchdog's ticks (a tenth of the bound each).
  expect(ms).toBeGreaterThanOrEqual(BOUND_MS - 5);
  expect(ms).toBeLessThan(BOUND_MS * 1.2 + 300);
  // The pool goes on, on connections that answer.
  expect(await sql.one('SELECT 42 AS n')).toEqual({ n: 42 });
  expect(sql.pool.totalCount).toBeLessThanOrEqual(2);
});

it('fails a statement inside a transaction the same way, and the next transaction works', async () => {
  const { ms, err } = await failure(() =>
    sql.tx(async (tx) => {
      await tx.query('SELECT 1');
      await tx.query('SELECT pg_sleep(5)');
    }),
  );
  expect((err as Error).message).toBe('Query read timeout');
  expect(ms).toBeLessThan(BOUND_MS * 1.2 + 300);
  expect(await sql.tx(async (tx) => tx.one('SELECT 7 AS n'))).toEqual({ n: 7 });
});

it('leaves alone a statement answered within the bound, however many ticks it spans', async () => {
  const started = Date.now();
  expect(await sql.one(`SELECT pg_sleep(${(BOUND_MS * 0.6) / 1000}), 1 AS n`)).toMatchObject({ n: 1 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(BOUND_MS * 0.6 - 5);
  // Statements one after another on one connection: each is timed from when it was seen, not the first.
  await sql.tx(async (tx) => {
    for (let i = 0; i < 3; i++) await tx.query(`SELECT pg_sleep(${(BOUND_MS * 0.5) / 1000})`);
  });
});
