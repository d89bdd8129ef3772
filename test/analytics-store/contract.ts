// One contract for every analytics store transport: the same tests run against a ClickHouse server
// (18.16 in CI) and against the embedded engine (chdb, 26.x), each in its own test file and process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ensureTables,
  lit,
  litList,
  type AnalyticsStore,
  type TableSpec,
} from '../../src/analytics/store/index.js';
import { AnalyticsStoreError } from '../../src/analytics/store/port.js';
import { createTableSql, DEAD_LETTER_TABLE } from '../../src/analytics/store/ddl.js';
import { analyticsTables } from '../../src/analytics/store/tables.js';
import { sinks } from '../../src/analytics/topology/topology.js';

const DEDUP: TableSpec = {
  name: 'contract_dedup',
  columns: [
    { name: 'id', type: 'String' },
    { name: 'version', type: 'UInt64' },
    { name: 'n', type: 'Int64' },
    { name: 'x', type: 'Float64' },
    { name: 'flag', type: 'UInt8' },
    { name: 'note', type: 'Nullable(String)' },
    { name: 'tags', type: 'Array(String)' },
  ],
  dedup: true,
  key: ['id'],
  version: 'version',
};
const PLAIN: TableSpec = {
  name: 'contract_plain',
  columns: [
    { name: 'id', type: 'String' },
    { name: 's', type: 'String' },
  ],
  dedup: false,
  key: [],
};

export function storeContract(name: string, open: () => Promise<AnalyticsStore>) {
  describe(`analytics store contract: ${name}`, () => {
    let store: AnalyticsStore;
    beforeAll(async () => {
      store = await open();
      await ensureTables(store, [DEDUP, PLAIN, DEAD_LETTER_TABLE]);
    });
    afterAll(async () => {
      await store?.command(`DROP DATABASE IF EXISTS ${store.database}`).catch(() => {});
      await store?.close();
    });
    const count = async (sql: string) => Number((await store.query<{ c: number }>(sql))[0]!.c);

    it('answers ping', async () => {
      expect(await store.ping()).toBe(true);
    });

    it('creates its tables idempotently (a second run changes nothing)', async () => {
      await store.insert(PLAIN.name, [{ id: 'keep', s: 'me' }]);
      await ensureTables(store, [DEDUP, PLAIN, DEAD_LETTER_TABLE]);
      expect(await count(`SELECT count() AS c FROM ${store.database}.${PLAIN.name} WHERE id = 'keep'`)).toBe(
        1,
      );
    });

    it('adds a column a table lacks, keeping its rows (their value of it is the default)', async () => {
      const before: TableSpec = { name: 'contract_grows', columns: PLAIN.columns, dedup: false, key: [] };
      await ensureTables(store, [before]);
      await store.insert(before.name, [{ id: 'old', s: 'row' }]);
      const after: TableSpec = {
        ...before,
        columns: [
          ...before.columns,
          { name: 'added', type: 'String' },
          { name: 'maybe', type: 'Nullable(Int64)' },
        ],
      };
      await ensureTables(store, [after]);
      await ensureTables(store, [after]);
      await store.insert(after.name, [{ id: 'new', s: 'row', added: 'x', maybe: 7 }]);
      const rows = await store.query<{ id: string; added: string; maybe: number | null }>(
        `SELECT id, added, maybe FROM ${store.database}.${after.name} ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 'new', added: 'x', maybe: 7 },
        { id: 'old', added: '', maybe: null },
      ]);
    });

    it('round-trips every column type through a JSONEachRow insert and a select', async () => {
      const row = {
        id: 'types',
        version: 1,
        n: Number.MAX_SAFE_INTEGER,
        x: -1.5e-7,
        flag: 1,
        note: null,
        tags: ['a', "b'c", 'd\\e'],
      };
      await store.insert(DEDUP.name, [row]);
      const got = await store.query(`SELECT * FROM ${store.database}.${DEDUP.name} FINAL WHERE id = 'types'`);
      expect(got).toEqual([row]);
    });

    it('keeps the highest version per key in a deduplicating table (FINAL) and every row in a plain one', async () => {
      const base = { n: 0, x: 0, flag: 0, note: 'n', tags: [] };
      await store.insert(DEDUP.name, [
        { ...base, id: 'dup', version: 1 },
        { ...base, id: 'dup', version: 2, note: 'latest' },
      ]);
      await store.insert(DEDUP.name, [{ ...base, id: 'dup', version: 2, note: 'latest' }]);
      const final = await store.query(
        `SELECT version, note FROM ${store.database}.${DEDUP.name} FINAL WHERE id = 'dup'`,
      );
      expect(final).toEqual([{ version: 2, note: 'latest' }]);
      await store.insert(PLAIN.name, [{ id: 'p', s: '1' }]);
      await store.insert(PLAIN.name, [{ id: 'p', s: '1' }]);
      expect(await count(`SELECT count() AS c FROM ${store.database}.${PLAIN.name} WHERE id = 'p'`)).toBe(2);
    });

    it('refuses a row that does not fit its column as a content error and writes nothing of that batch', async () => {
      const err = await store
        .insert(DEDUP.name, [
          { id: 'good', version: 1, n: 1, x: 1, flag: 0, note: null, tags: [] },
          { id: 'bad', version: 1, n: 'not a number', x: 1, flag: 0, note: null, tags: [] },
        ])
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(AnalyticsStoreError);
      expect((err as AnalyticsStoreError).kind).toBe('content');
      expect((err as AnalyticsStoreError).code).toBeGreaterThan(0);
      expect(
        await count(
          `SELECT count() AS c FROM ${store.database}.${DEDUP.name} WHERE id IN ${litList(['good', 'bad'])}`,
        ),
      ).toBe(0);
    });

    it('inlines any string through lit() so it comes back unchanged (no injection)', async () => {
      const nasty = [
        "'); DROP TABLE contract_plain; --",
        "\\'; SELECT 1 --",
        "\\\\' OR 1=1 --",
        '\0\n\r\t\u0001\u001f\u007f',
        'x\\',
        "'''",
        '`id`',
        '{p:String}',
        '😀 ünïcødé',
      ];
      const strings = fc.oneof(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.string({
          unit: fc.constantFrom("'", '\\', '"', '\0', '\n', '`', ';', '-', '/', '*', 'x', '0'),
          maxLength: 30,
        }),
        fc.constantFrom(...nasty),
      );
      const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
      // A select of the literal alone: cheap, many runs.
      await fc.assert(
        fc.asyncProperty(strings, async (s) => {
          const [r] = await store.query<{ v: string }>(`SELECT ${lit(s)} AS v`);
          expect(r!.v).toBe(wellFormed(s));
        }),
        { numRuns: 300, examples: nasty.map((s) => [s]) },
      );
      // Through a table: insert with VALUES built by lit(), select back by a lit() predicate.
      let i = 0;
      await fc.assert(
        fc.asyncProperty(strings, async (s) => {
          const id = `fuzz-${i++}`;
          await store.command(
            `INSERT INTO ${store.database}.${PLAIN.name} (id, s) VALUES (${lit(id)}, ${lit(s)})`,
          );
          const rows = await store.query<{ id: string }>(
            `SELECT id FROM ${store.database}.${PLAIN.name} WHERE s = ${lit(s)} AND id = ${lit(id)}`,
          );
          expect(rows).toEqual([{ id }]);
          const [back] = await store.query<{ s: string }>(
            `SELECT s FROM ${store.database}.${PLAIN.name} WHERE id = ${lit(id)}`,
          );
          expect(back!.s).toBe(wellFormed(s));
        }),
        { numRuns: 60, examples: nasty.map((s) => [s]) },
      );
      expect(await count(`SELECT count() AS c FROM ${store.database}.${PLAIN.name} WHERE id = 'keep'`)).toBe(
        1,
      );
    });

    it('inlines numbers, 64-bit integers, booleans, null and dates', async () => {
      await fc.assert(
        fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (x) => {
          const [r] = await store.query<{ v: number }>(`SELECT toFloat64(${lit(x)}) AS v`);
          expect(r!.v === x || (x === 0 && r!.v === 0)).toBe(true);
        }),
        { numRuns: 100 },
      );
      await fc.assert(
        fc.asyncProperty(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), async (b) => {
          const [r] = await store.query<{ v: string }>(`SELECT toString(toInt64(${lit(b)})) AS v`);
          expect(r!.v).toBe(b.toString());
        }),
        { numRuns: 100 },
      );
      const [r] = await store.query(
        `SELECT ${lit(true)} AS t, ${lit(false)} AS f, isNull(${lit(null)}) AS n, ${lit(new Date(0))} AS d, 1-${lit(-1)} AS m`,
      );
      expect(r).toEqual({ t: 1, f: 0, n: 1, d: '1970-01-01T00:00:00.000Z', m: 2 });
      expect(() => lit(Number.NaN)).toThrow();
    });

    it('generates DDL that names the engine and key the table declares', () => {
      expect(createTableSql('keel', DEDUP)).toContain('ENGINE = ReplacingMergeTree(version) ORDER BY (id)');
      expect(createTableSql('keel', PLAIN)).toContain('ENGINE = MergeTree ORDER BY tuple()');
      expect(() =>
        createTableSql('keel', { ...PLAIN, columns: [{ name: 'a; DROP', type: 'String' }] }),
      ).toThrow();
    });
  });
}

export function uniqueDatabase(): string {
  return `keel_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}

/** A row that satisfies a topology row type, built from the schema alone. */
export function sampleRow(table: TableSpec, seed: number): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of table.columns) {
    const t = c.type.replace(/^Nullable\((.*)\)$/, '$1');
    if (c.type.startsWith('Nullable') && seed % 2 === 0 && !table.key.includes(c.name)) row[c.name] = null;
    else if (t === "DateTime('UTC')") row[c.name] = `2026-01-0${1 + (seed % 9)} 03:04:05`;
    else if (t === 'String') row[c.name] = `${c.name}-${seed}`;
    else if (t === 'Float64') row[c.name] = seed + 0.5;
    else if (t === 'Array(String)') row[c.name] = [`${seed}`];
    else row[c.name] = seed;
  }
  return row;
}

export function topologyContract(open: () => Promise<AnalyticsStore>) {
  describe('analytics tables generated from the topology', () => {
    let store: AnalyticsStore;
    const tables = analyticsTables();
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.command(`DROP DATABASE IF EXISTS ${store.database}`).catch(() => {});
      await store?.close();
    });

    it('has one table per sink stream of the topology and a dead-letter table', () => {
      expect(tables.map((t) => t.name).sort()).toEqual(
        [...sinks().map(([, d]) => d.table), DEAD_LETTER_TABLE.name].sort(),
      );
    });

    it('creates every table (twice: idempotent), and each keeps or collapses duplicates as declared', async () => {
      await ensureTables(store, tables);
      await ensureTables(store, tables);
      for (const t of tables) {
        const row = sampleRow(t, 1);
        await store.insert(t.name, [row]);
        await store.insert(t.name, [row, sampleRow(t, 2)]);
        const sql = `SELECT count() AS c FROM ${store.database}.${t.name}${t.dedup ? ' FINAL' : ''}`;
        const [r] = await store.query<{ c: number }>(sql);
        expect({ table: t.name, count: Number(r!.c) }).toEqual({ table: t.name, count: t.dedup ? 2 : 3 });
      }
    });
  });
}
