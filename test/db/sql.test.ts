// The SQL layer against a real PostgreSQL: statements with parameters are prepared once per connection
// under their name, statements without are sent as simple queries, and errors reach the caller, on the
// pool and inside a transaction alike.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql, withFirstStatement, type FirstStatement, type Sql } from '../../src/db/sql.js';
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

  it('runs the work due before the first statement inside the first transaction, or alone before a statement', async () => {
    await sql.query('CREATE TABLE IF NOT EXISTS first_work (what text)');
    const seen: string[] = [];
    const slot = (): FirstStatement => ({
      hook: {
        // Sent with BEGIN, its value quoted for the connection (a quote and a backslash survive).
        begin: (literal) => `INSERT INTO first_work VALUES (${literal("in tx's \\ work")}) RETURNING what`,
        async inTx(tx, rows) {
          seen.push(`took ${rows.map((r) => String(r.what)).join()}`);
          expect(await tx.query('SELECT what FROM first_work')).toEqual(rows);
        },
        async alone() {
          await sql.query(`INSERT INTO first_work VALUES ('alone')`);
        },
        committed: () => void seen.push('committed'),
        rolledBack: () => void seen.push('rolled back'),
      },
    });
    const rows = async () =>
      (await sql.query<{ what: string }>('SELECT what FROM first_work')).map((r) => r.what);

    // A transaction that rolls back takes the work with it and gives it back: the next one runs it.
    const s1 = slot();
    await withFirstStatement(sql, s1, async () => {
      await expect(
        sql.tx(async (tx) => {
          await tx.query('SELECT 1');
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(s1.hook).toBeDefined();
      await sql.tx(async (tx) => tx.query('SELECT 1'));
      await sql.tx(async (tx) => tx.query('SELECT 1'));
    });
    expect(await rows()).toEqual(["in tx's \\ work"]);
    expect(seen).toEqual([`took in tx's \\ work`, 'rolled back', `took in tx's \\ work`, 'committed']);

    // A statement outside a transaction: the work runs on its own first, once.
    await sql.query('DELETE FROM first_work');
    await withFirstStatement(sql, slot(), async () => {
      await sql.query('SELECT 1');
      await sql.tx(async (tx) => tx.query('SELECT 1'));
    });
    expect(await rows()).toEqual(['alone']);

    // Another pool's statements leave it alone; outside the context nothing runs.
    await sql.query('DELETE FROM first_work');
    seen.length = 0;
    const other = createSql(db.url, 1);
    const s3 = slot();
    await withFirstStatement(sql, s3, async () => other.query('SELECT 1'));
    await other.close();
    await sql.query('SELECT 1');
    expect(s3.hook).toBeDefined();
    expect(await rows()).toEqual([]);
  });

  it('switches the context of the first statement off whenever none is open: no promise tracked then', () => {
    // On Node 20 and 22 the context (an AsyncLocalStorage) tracks every promise of the process through
    // async hooks while it is on; Node 24 carries it without them. Run in a process of its own, where
    // nothing else turns hooks on.
    const fixture = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      'fixtures',
      'first-statement-hooks.ts',
    );
    const res = spawnSync(process.execPath, ['--import', 'tsx', fixture], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.status, res.stderr).toBe(0);
    const seen = JSON.parse(res.stdout) as Record<string, boolean>;
    const hooks = Number(process.versions.node.split('.')[0]) < 24;
    expect(seen).toEqual({
      before: false,
      open: hooks,
      oneOpen: hooks,
      noneOpen: false,
      reopened: hooks,
      closedAgain: false,
    });
  });

  it('prepares the work sent with BEGIN once per connection and executes it by name', async () => {
    await sql.query('CREATE TABLE IF NOT EXISTS prepared_work (what text)');
    const one = createSql(db.url, 1);
    const slot = (what: string): FirstStatement => ({
      hook: {
        prepared: {
          name: 'test_prepared_work',
          command: 'PREPARE test_prepared_work(text) AS INSERT INTO prepared_work VALUES ($1) RETURNING what',
        },
        begin: (literal) => `EXECUTE test_prepared_work(${literal(what)})`,
        async inTx(_tx, rows) {
          expect(rows).toEqual([{ what }]);
        },
        async alone() {},
        committed: () => {},
        rolledBack: () => {},
      },
    });
    try {
      // A rollback keeps the prepared statement (PREPARE is not undone), and the next BEGIN uses it.
      await withFirstStatement(one, slot("it's one"), () =>
        expect(
          one.tx(async () => {
            throw new Error('no');
          }),
        ).rejects.toThrow('no'),
      );
      for (const what of ['two', 'three']) {
        await withFirstStatement(one, slot(what), () => one.tx((tx) => tx.query('SELECT 1')));
      }
      expect(
        (await sql.query<{ what: string }>('SELECT what FROM prepared_work')).map((r) => r.what),
      ).toEqual(['two', 'three']);
      // Prepared once on the pool's one connection: a second PREPARE would have failed the BEGIN.
      expect(
        await one.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1', [
          'test_prepared_work',
        ]),
      ).toEqual([{ n: 1 }]);
    } finally {
      await one.close();
    }
  });
});
