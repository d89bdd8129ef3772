// Row decoding (src/db/row-decoding.ts) against a real PostgreSQL: every row is the object pg's own
// path makes (values, member order, prototype), for the statements Keel runs and for column names
// chosen to break generated code. pg's own rows are made here from its rows as arrays (which the
// decoders leave to pg) the way its Result does: a template of every name set to null, then each
// column's value assigned in order.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoderFor } from '../../src/db/row-decoding.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { createTestDatabase } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 1); // installs the decoders
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await sql?.close();
  await db?.drop();
});

/** pg's object rows, from its rows as arrays and its field list (pg/lib/result.js, parseRow). */
function pgRows(res: pg.QueryArrayResult): Record<string, unknown>[] {
  const template = Object.create(null) as Record<string, unknown>;
  for (const f of res.fields) template[f.name] = null;
  return res.rows.map((values) => {
    const row = { ...template };
    res.fields.forEach((f, i) => (row[f.name] = values[i]));
    return row;
  });
}

/** The rows of `text` through the decoders, and as pg makes them, with their member order. */
async function bothWays(text: string, values?: unknown[]) {
  const viaDecoder = await client.query({ text, values });
  // pg resolves with its Result, on which a decoder is installed as the result's own parseRow.
  expect(Object.hasOwn(viaDecoder, 'parseRow')).toBe(true);
  const viaPg = await client.query({ text, values, rowMode: 'array' });
  return { decoded: viaDecoder.rows as Record<string, unknown>[], generic: pgRows(viaPg) };
}
function expectSameRows(decoded: Record<string, unknown>[], generic: Record<string, unknown>[]) {
  expect(decoded).toEqual(generic);
  expect(decoded.map((r) => Reflect.ownKeys(r))).toEqual(generic.map((r) => Reflect.ownKeys(r)));
  for (const row of decoded) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
}

describe('decoded rows are the rows pg makes', () => {
  it('every type Keel reads, nulls and several rows', async () => {
    const { decoded, generic } = await bothWays(
      `SELECT i, 9007199254740993::int8 AS big, 't'::bool AS yes, 1.5::numeric AS num, '2026-11-26 20:31:01.123+00'::timestamptz AS at,
              '{"a": [1, {"b": null}]}'::jsonb AS doc, '01900000-0000-7000-8000-000000000001'::uuid AS id, ARRAY[1, 2]::int[] AS arr,
              NULL::text AS nothing, 'text ✓'::text AS label
         FROM generate_series(1, 3) AS i`,
    );
    expect(decoded).toHaveLength(3);
    expect(decoded[0]!.doc).toEqual({ a: [1, { b: null }] });
    expect(decoded[0]!.at).toBeInstanceOf(Date);
    expect(decoded[0]!.nothing).toBeNull();
    expect(decoded[0]!.big).toBe(9007199254740992); // sql.ts's int8 parser: a number
    expectSameRows(decoded, generic);
  });

  it('a prepared statement (bound parameters), as the SQL layer runs them', async () => {
    const text = 'SELECT $1::text AS a, $2::int AS b';
    expect(await sql.one(text, ['x', 2])).toEqual({ a: 'x', b: 2 });
    expect(await sql.one(text, [null, null])).toEqual({ a: null, b: null });
  });

  it('a repeated column name keeps its first place and its last value', async () => {
    const { decoded, generic } = await bothWays('SELECT 1 AS a, 2 AS b, 3 AS a');
    expect(decoded).toEqual([{ a: 3, b: 2 }]);
    expectSameRows(decoded, generic);
  });

  it('column names that are not identifiers stay names: quotes, backslashes, line separators, code', async () => {
    const names = ['"', "'", '\\', '\u2028', '\u2029', '}; process.exit(1); ({', '${1}', 'a b', '0'];
    const columns = names.map((n, i) => `${i} AS "${n.replace(/"/g, '""')}"`).join(', ');
    const { decoded, generic } = await bothWays(`SELECT ${columns}`);
    expect(Object.keys(decoded[0]!).sort()).toEqual([...names].sort());
    expectSameRows(decoded, generic);
  });

  it('a column named __proto__ is a member, not the prototype (pg decodes it)', async () => {
    expect(decoderFor([{ name: '__proto__', dataTypeID: 25 }], pg.types)).toBeUndefined();
    const text = `SELECT '{"x": 1}'::jsonb AS "__proto__", 2 AS constructor`;
    const viaPg = await client.query(text);
    expect(Object.hasOwn(viaPg, 'parseRow')).toBe(false);
    const decoded = viaPg.rows as Record<string, unknown>[];
    const generic = pgRows(await client.query({ text, rowMode: 'array' }));
    expect(Object.hasOwn(decoded[0]!, '__proto__')).toBe(true);
    expect((decoded[0] as { x?: unknown }).x).toBeUndefined();
    expectSameRows(decoded, generic);
  });

  it('rows as arrays are left to pg', async () => {
    const res = await client.query({ text: 'SELECT 1 AS a, $1::text AS b', values: ['x'], rowMode: 'array' });
    expect(res.rows).toEqual([[1, 'x']]);
  });

  it('a type parser registered after a column list was first decoded applies', async () => {
    const text = "SELECT '1.50'::money AS p";
    const money = pg.types.builtins.MONEY;
    const original = pg.types.getTypeParser(money);
    expect((await client.query(text)).rows[0]!.p).toBe('$1.50');
    pg.types.setTypeParser(money, (v: string) => `money ${v}`);
    try {
      expect((await client.query(text)).rows[0]!.p).toBe('money $1.50');
    } finally {
      pg.types.setTypeParser(money, original);
    }
  });

  it("a query's own type parsers and a client's overrides apply", async () => {
    const text = 'SELECT 2::int AS n';
    const types = { getTypeParser: () => (v: string) => `own ${v}` };
    expect((await client.query({ text, types })).rows).toEqual([{ n: 'own 2' }]);
    const other = new pg.Client({ connectionString: db.url });
    other.setTypeParser(pg.types.builtins.INT4, (v: string) => `client ${v}`);
    await other.connect();
    try {
      expect((await other.query(text)).rows).toEqual([{ n: 'client 2' }]);
    } finally {
      await other.end();
    }
    expect((await client.query(text)).rows).toEqual([{ n: 2 }]);
  });

  it('a statement whose columns change (a column added under SELECT *) gets the new list', async () => {
    // A simple query: PostgreSQL refuses to run a prepared one whose result columns changed.
    await sql.query('CREATE TABLE shapes (a int)');
    await sql.query('INSERT INTO shapes VALUES (1)');
    expect(await sql.query('SELECT * FROM shapes')).toEqual([{ a: 1 }]);
    await sql.query("ALTER TABLE shapes ADD COLUMN b text DEFAULT 'x'");
    expect(await sql.query('SELECT * FROM shapes')).toEqual([{ a: 1, b: 'x' }]);
  });
});
