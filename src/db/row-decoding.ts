// How a result row becomes an object: one decoder per column list, made once and kept.
//
// node-postgres builds every row object from a template it makes for each result anew: an object
// without prototype, spread into a plain one on every row. In a process that runs many statements of
// different columns, that spread and the keyed stores after it see a new object shape at every call
// site and go megamorphic: on a plugin entity get (one row of five columns) pg's row handling cost
// 11.5 µs against 7 µs for the same statement in a one-route process (CPU profiles; docs/architecture.md,
// "Row decoding"). Here each column list gets its own decoder, an object literal written for it, so
// each decoder's row has one shape and each row is one allocation; the columns' type parsers are
// written into the decoder, which calls each directly. The values are those pg's parsers give.
//
// Installed on pg's Result class, for every query of the process. Results this does not handle keep
// pg's own path: rows as arrays, and those decoderFor leaves to pg.
import { createRequire } from 'node:module';
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string;
}

type Parser = (value: string) => unknown;

interface TypeParsers {
  getTypeParser(oid: number, format: 'text'): unknown;
}

interface ResultInternals {
  fields: FieldDescription[];
  /** The client's type parsers (its overrides, then pg's), or the query's own. */
  _types: TypeParsers | undefined;
  rowAsArray: boolean;
  parseRow(row: unknown[]): unknown;
  addFields(fields: FieldDescription[]): void;
}

type Decoder = (row: (string | null)[]) => Record<string, unknown>;

/** A column list's decoder and the parsers written into it (each called directly, and inlined). */
interface Compiled {
  parsers: readonly Parser[];
  decode: Decoder;
}

/** By column names and types; bounded, as statements are (a list beyond it takes pg's path). */
const compiled = new Map<string, Compiled>();
const MAX_DECODERS = 5000;

/**
 * An object literal for these columns, each value parsed by its column's parser. The names are
 * written as JSON string literals, which are JavaScript string literals too; a repeated name keeps its
 * first place and its last value, as pg's assignment does.
 */
function compile(names: readonly string[], parsers: readonly Parser[]): Decoder {
  const members = names.map((name, i) => `${JSON.stringify(name)}: v[${i}] === null ? null : p${i}(v[${i}])`);
  const make = new Function(...parsers.map((_, i) => `p${i}`), `return (v) => ({ ${members.join(', ')} });`);
  return make(...parsers) as Decoder;
}

/**
 * The decoder for a column list with these parsers (the result's, looked up for every result as pg
 * does), or undefined when pg's own path must decode it: binary columns, a column named `__proto__`,
 * or parsers other than those its decoder was made with (one registered since, a query's own).
 */
export function decoderFor(fields: readonly FieldDescription[], types: TypeParsers): Decoder | undefined {
  let key = '';
  for (const f of fields) {
    if ((f.format !== undefined && f.format !== 'text') || f.name === '__proto__') return undefined;
    key += `${f.name}\u0000${f.dataTypeID}\u0000`;
  }
  const known = compiled.get(key);
  if (known) {
    for (let i = 0; i < fields.length; i++) {
      if (types.getTypeParser(fields[i]!.dataTypeID, 'text') !== known.parsers[i]) return undefined;
    }
    return known.decode;
  }
  if (compiled.size >= MAX_DECODERS) return undefined;
  const parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, 'text') as Parser);
  const decode = compile(
    fields.map((f) => f.name),
    parsers,
  );
  compiled.set(key, { parsers, decode });
  return decode;
}

let installed = false;

/** Makes pg decode object rows with decoderFor (once per process; sql.ts calls it). */
export function installRowDecoding(): void {
  if (installed) return;
  installed = true;
  // pg's Result class (its package exports lib/*); not in its type declarations.
  const PgResult = createRequire(import.meta.url)('pg/lib/result.js') as { prototype: ResultInternals };
  const proto = PgResult.prototype;
  const generic = proto.addFields;
  proto.addFields = function addFields(this: ResultInternals, fields: FieldDescription[]) {
    const decoder = this.rowAsArray ? undefined : decoderFor(fields, this._types ?? pg.types);
    if (!decoder) {
      generic.call(this, fields);
      return;
    }
    this.fields = fields;
    this.parseRow = decoder;
  };
}
