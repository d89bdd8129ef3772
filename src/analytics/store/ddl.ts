// DDL for analytics tables, written once for ClickHouse 18.16 and 26.x: only types both know (no
// DateTime64, JSON, Map, Bool, LowCardinality), no TTL, and `CREATE ... IF NOT EXISTS` so start-up
// can run it every time. A column a newer Keel adds to an existing table is added at start-up too
// (18.16 has no `ADD COLUMN IF NOT EXISTS`: the columns are read from system.columns first).
import { ident, lit } from './escape.js';
import type { AnalyticsStore } from './port.js';

type Scalar =
  'String' | 'Int32' | 'Int64' | 'UInt8' | 'UInt32' | 'UInt64' | 'Float64' | 'Date' | "DateTime('UTC')";
export type ColumnType = Scalar | `Nullable(${Scalar})` | 'Array(String)';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
}

export interface TableSpec {
  name: string;
  columns: readonly ColumnSpec[];
  /** Deduplicating: ReplacingMergeTree(version) keyed by `key`; plain: MergeTree sorted by `key`. */
  dedup: boolean;
  /** The deduplication key (dedup) or the sort key (plain; empty means insertion order). */
  key: readonly string[];
  /** Deduplicating tables keep the row with the highest value of this column. */
  version?: string;
}

const SCALAR = `(?:String|Int32|Int64|UInt8|UInt32|UInt64|Float64|Date|DateTime\\('UTC'\\))`;
const COLUMN_TYPE = new RegExp(`^(?:${SCALAR}|Nullable\\(${SCALAR}\\)|Array\\(String\\))$`);

export function createTableSql(database: string, t: TableSpec): string {
  const names = new Set(t.columns.map((c) => c.name));
  const cols = t.columns.map((c) => {
    if (!COLUMN_TYPE.test(c.type)) throw new TypeError(`${t.name}.${c.name}: unsupported type ${c.type}`);
    return `${ident(c.name)} ${c.type}`;
  });
  for (const k of [...t.key, ...(t.version ? [t.version] : [])]) {
    if (!names.has(k)) throw new TypeError(`${t.name}: key column ${k} is not a column`);
    if (t.columns.find((c) => c.name === k)!.type.startsWith('Nullable')) {
      throw new TypeError(`${t.name}: key column ${k} cannot be Nullable`);
    }
  }
  if (t.dedup && (!t.version || t.key.length === 0)) {
    throw new TypeError(`${t.name}: a deduplicating table needs a key and a version column`);
  }
  const engine = t.dedup ? `ReplacingMergeTree(${ident(t.version!)})` : 'MergeTree';
  const orderBy = t.key.length === 0 ? 'tuple()' : `(${t.key.map(ident).join(', ')})`;
  return `CREATE TABLE IF NOT EXISTS ${ident(database)}.${ident(t.name)} (${cols.join(', ')}) ENGINE = ${engine} ORDER BY ${orderBy}`;
}

/** Rows the connector could not write because of their content, with the reason and stream offset. */
export const DEAD_LETTER_TABLE: TableSpec = {
  name: 'dead_letters',
  columns: [
    { name: 'target_table', type: 'String' },
    { name: 'stream', type: 'String' },
    { name: 'topic', type: 'String' },
    { name: 'stream_offset', type: 'UInt64' },
    { name: 'error', type: 'String' },
    { name: 'row', type: 'String' },
    { name: 'failed_at', type: "DateTime('UTC')" },
  ],
  dedup: false,
  key: ['target_table', 'stream_offset'],
};

/**
 * Creates the database and every table that does not exist yet, and adds the columns a table lacks
 * (rows written before a column existed read its default: '' or NULL); safe to run at every start.
 */
export async function ensureTables(
  store: Pick<AnalyticsStore, 'command' | 'database' | 'query'>,
  tables: readonly TableSpec[],
): Promise<void> {
  const db = ident(store.database);
  await store.command(`CREATE DATABASE IF NOT EXISTS ${db}`);
  for (const t of tables) {
    await store.command(createTableSql(store.database, t));
    const present = await store.query<{ name: string }>(
      `SELECT name FROM system.columns WHERE database = ${lit(store.database)} AND table = ${lit(t.name)}`,
    );
    const names = new Set(present.map((c) => c.name));
    for (const c of t.columns) {
      if (!names.has(c.name)) {
        await store.command(`ALTER TABLE ${db}.${ident(t.name)} ADD COLUMN ${ident(c.name)} ${c.type}`);
      }
    }
  }
}
