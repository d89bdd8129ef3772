// The SQL layer against a real PostgreSQL: statements with parameters are prepared once per connection
// under their name, statements without are sent as simple queries, and errors reach the caller, on the
// pool and inside a transaction alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, type Sql } from '../../src/db/sql.js';
import { createTestDatabase } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 1); // one connection: every statement below shares its prepared statements
});
afterAll(async () => {
  await sql?.close();
  await db?.drop();
});

const prepared = async () =>
  (await sql.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements'))
    .map((r) => r.statement)
    .sort();

describe('createSql', () => {
  it('prepares a statement with parameters once, under a name, and binds its values', async () => {
    const text = 'SELECT $1::int + $2::int AS sum, $3::text AS label';
    expect(await sql.one(text, [2, 3, 'five'])).toEqual({ sum: 5, label: 'five' });
    expect(await sql.one(text, [4, 5, 'nine'])).toEqual({ sum: 9, label: 'nine' });
    expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
  });

  it('sends a statement without parameters as a simple query (several statements in one text)', async () => {
    const text = 'CREATE TEMP TABLE u (n int); INSERT INTO u (n) VALUES (1), (2)';
    await sql.query(text);
    expect(await sql.query('SELECT n FROM u ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }]);
    const statements = await prepared();
    expect(statements).not.toContain(text);
    expect(statements).not.toContain('SELECT n FROM u ORDER BY n');
  });

  it('reports a failed statement to its caller, and the connection goes on', async () => {
    await expect(sql.one('SELECT $1::int AS n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect(await sql.one('SELECT $1::int AS n', [7])).toEqual({ n: 7 });
  });

  it('runs named statements inside a transaction, and rolls back on a failed one', async () => {
    await sql.query('CREATE TEMP TABLE t (n int PRIMARY KEY)');
    const sum = await sql.tx(async (tx) => {
      await tx.query('INSERT INTO t (n) VALUES ($1), ($2)', [1, 2]);
      return tx.one<{ s: number }>('SELECT sum(n)::int AS s FROM t WHERE n > $1', [0]);
    });
    expect(sum).toEqual({ s: 3 });
    await expect(
      sql.tx(async (tx) => {
        await tx.query('INSERT INTO t (n) VALUES ($1)', [3]);
        await tx.query('INSERT INTO t (n) VALUES ($1)', [1]); // duplicate key
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await sql.query('SELECT n FROM t WHERE n >= $1 ORDER BY n', [0])).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
