// The analytics tables, derived from the topology's TypeBox row types (SPEC 6.2) and nothing else.
import type { TSchema } from 'typebox';
import { sinks } from '../topology/topology.js';
import { DateTime } from '../topology/shapes.js';
import { DEAD_LETTER_TABLE, type ColumnType, type TableSpec } from './ddl.js';

type Json = { [k: string]: unknown };

/** The ClickHouse column type of one row field; refuses a shape it has no safe mapping for. */
export function columnType(schema: TSchema, where: string): ColumnType {
  const s = schema as Json;
  const anyOf = s.anyOf as Json[] | undefined;
  if (anyOf) {
    const rest = anyOf.filter((x) => x.type !== 'null');
    if (rest.length !== 1 || rest.length === anyOf.length) {
      throw new TypeError(`${where}: only a union of one type with null maps to a column`);
    }
    const inner = columnType(rest[0] as TSchema, where);
    if (inner.startsWith('Nullable') || inner.startsWith('Array'))
      throw new TypeError(`${where}: nested Nullable`);
    return `Nullable(${inner})` as ColumnType;
  }
  if (Array.isArray(s.enum)) return 'String';
  switch (s.type) {
    case 'string':
      return s.pattern === (DateTime as unknown as Json).pattern ? "DateTime('UTC')" : 'String';
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : -Infinity;
      const max = typeof s.maximum === 'number' ? s.maximum : Infinity;
      if (min >= 0 && max <= 4_294_967_295) return 'UInt32';
      if (min >= 0) return 'UInt64';
      return 'Int64';
    }
    case 'number':
      return 'Float64';
    case 'boolean':
      return 'UInt8';
    case 'array':
      if ((s.items as Json | undefined)?.type === 'string') return 'Array(String)';
  }
  throw new TypeError(`${where}: no column type for ${JSON.stringify(schema)}`);
}

/** One table per sink stream of the topology, then the dead-letter table. */
export function analyticsTables(): TableSpec[] {
  const tables = sinks().map(([, def]): TableSpec => {
    const props = (def.row as Json).properties as Record<string, TSchema>;
    return {
      name: def.table,
      columns: Object.entries(props).map(([name, schema]) => ({
        name,
        type: columnType(schema, `${def.table}.${name}`),
      })),
      dedup: def.storage.mode === 'deduplicate',
      key: def.storage.key,
      ...(def.storage.mode === 'deduplicate' ? { version: def.storage.version } : {}),
    };
  });
  return [...tables, DEAD_LETTER_TABLE];
}
