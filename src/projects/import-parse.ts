// The rows of a bulk import (import.ts), read from text chunks as they come: NDJSON (one JSON object a
// line) or CSV (RFC 4180, a header row first). Every record is bounded (MAX_ROW_CHARS): a longer one, an
// unclosed quote that would swallow the rest of the file, or a line that is not JSON is one refused row,
// and reading goes on at the next line. Each character is looked at once; nothing is kept beyond the
// record being read (docs/catalog.md, "Bulk import").
import { Type } from 'typebox';
import { requestValidator } from '../json-schema/request-validation.js';
import { AppError, type FieldError } from '../http/errors.js';
import { parseJsonBody } from '../http/json-body.js';
import { Slug } from '../http/schemas.js';
import { plainErrors } from '../http/validation-words.js';
import { unstorablePointer } from '../lib/json-pointer.js';
import { Attributes } from './schemas.js';

/** Longest record (an NDJSON line, a CSV record with its quoted line breaks), in characters. */
export const MAX_ROW_CHARS = 1024 * 1024;
/** Most columns a CSV file may have. */
export const MAX_COLUMNS = 1000;

/** A row as the import applies it: the fields of POST .../projects. */
export interface ImportRow {
  slug: string;
  name: string;
  team: string;
  /** Absent: an existing project keeps its types (a new one has none). */
  types?: string[];
  /** Applied as a JSON merge patch to an existing project's attributes. */
  attributes?: Record<string, unknown>;
  /**
   * Environments the project is deployed to, by environment slug (as PUT .../environments/{slug}):
   * `url` absent keeps the URL of an environment the project is in already. Others are left as they are.
   */
  environments?: Record<string, { url?: string | null }>;
  /** The project's own URL for link definitions, by definition slug (as PUT .../links/{link}). */
  links?: Record<string, string>;
}

/** Most environments, and most links, one row may name. */
export const MAX_ROW_ENVIRONMENTS = 50;
export const MAX_ROW_LINKS = 50;

/** One record read: its first line, and the row or why it is refused. */
export type ParsedRow =
  | { line: number; row: ImportRow; /** characters of the record */ size: number }
  | { line: number; slug: string | null; refused: { status: number; code: string; errors: FieldError[] } };

export const ImportRowSchema = Type.Object(
  {
    slug: Slug,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    team: Type.String({ minLength: 1, maxLength: 63 }),
    types: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 63 }), { maxItems: 20, uniqueItems: true }),
    ),
    attributes: Type.Optional(Attributes),
    environments: Type.Optional(
      Type.Record(
        Type.String({ maxLength: 200 }),
        Type.Object(
          { url: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()])) },
          { additionalProperties: false },
        ),
        { maxProperties: MAX_ROW_ENVIRONMENTS },
      ),
    ),
    links: Type.Optional(
      Type.Record(Type.String({ maxLength: 200 }), Type.String({ minLength: 1, maxLength: 2048 }), {
        maxProperties: MAX_ROW_LINKS,
      }),
    ),
  },
  { additionalProperties: false },
);
const validateRow = requestValidator(false)(ImportRowSchema);

const refusal = (line: number, slug: string | null, status: number, code: string, errors: FieldError[]) => ({
  line,
  slug,
  refused: { status, code, errors },
});
const slugOf = (value: unknown): string | null => {
  const s = (value as { slug?: unknown } | null)?.slug;
  return typeof s === 'string' ? s.slice(0, 200) : null;
};

/** A row object (parsed from JSON, or built from CSV cells) checked against the row schema. */
function checked(line: number, value: unknown, size: number): ParsedRow {
  if (!validateRow(value))
    return refusal(
      line,
      slugOf(value),
      422,
      'validation_failed',
      plainErrors(validateRow.errors ?? [], 'body'),
    );
  // Text PostgreSQL cannot store (U+0000, a lone surrogate): refused as in a request body, naming where.
  const unstorable = unstorablePointer(value);
  if (unstorable)
    return refusal(line, slugOf(value), 422, 'validation_failed', [
      { pointer: unstorable.pointer, detail: unstorable.detail },
    ]);
  return { line, row: value as ImportRow, size };
}

const fromAppError = (line: number, slug: string | null, err: unknown, prefix = '') => {
  if (!(err instanceof AppError)) throw err;
  const errors = err.errors?.map((e) => ({ pointer: prefix + e.pointer, detail: e.detail })) ?? [
    { pointer: prefix, detail: err.detail },
  ];
  return refusal(line, slug, err.status, err.code, errors);
};

// --- NDJSON

/** The lines of the text, numbered from 1; a line longer than MAX_ROW_CHARS is reported, not kept. */
export async function* lines(
  chunks: AsyncIterable<string>,
): AsyncGenerator<{ line: number; text: string } | { line: number; tooLong: true }> {
  let line = 1;
  let parts: string[] = [];
  let length = 0;
  let tooLong = false;
  for await (const chunk of chunks) {
    let from = 0;
    for (let nl = chunk.indexOf('\n'); ; nl = chunk.indexOf('\n', from)) {
      const piece = chunk.slice(from, nl === -1 ? chunk.length : nl);
      if (!tooLong) {
        length += piece.length;
        if (length > MAX_ROW_CHARS) {
          tooLong = true;
          parts = [];
        } else parts.push(piece);
      }
      if (nl === -1) break;
      yield tooLong ? { line, tooLong: true } : { line, text: parts.join('') };
      line++;
      parts = [];
      length = 0;
      tooLong = false;
      from = nl + 1;
    }
  }
  if (tooLong) yield { line, tooLong: true };
  else if (length > 0) yield { line, text: parts.join('') };
}

const tooLongRow = (line: number) =>
  refusal(line, null, 422, 'row_too_long', [
    { pointer: '', detail: `the row is longer than ${MAX_ROW_CHARS} characters` },
  ]);

/** The rows of an NDJSON text: one JSON object a line; blank lines are skipped. */
export async function* ndjsonRows(chunks: AsyncIterable<string>): AsyncGenerator<ParsedRow> {
  for await (const l of lines(chunks)) {
    if ('tooLong' in l) {
      yield tooLongRow(l.line);
      continue;
    }
    const text = l.text.endsWith('\r') ? l.text.slice(0, -1) : l.text;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      // The JSON body parser's bounds: nesting, numbers beyond a double (a 400 there, a refusal here).
      value = parseJsonBody(text);
    } catch (err) {
      yield fromAppError(l.line, null, err);
      continue;
    }
    yield checked(l.line, value, text.length);
  }
}

// --- CSV

/** A record of CSV cells, or why it could not be read. */
export type CsvRecord = { line: number; fields: string[] } | { line: number; error: string };

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The records of a CSV text (RFC 4180: fields separated by commas, a field with a comma, a quote or a
 * line break quoted, `""` a quote inside quotes; CRLF or LF). Blank lines are skipped. A record that
 * breaks the format, grows past MAX_ROW_CHARS (an unclosed quote, say) or MAX_COLUMNS is reported at
 * its first line, and reading starts again after the next line break.
 */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  let line = 1;
  let start = 1;
  let fields: string[] = [];
  let field = '';
  let size = 0;
  // field: at the start of a field; plain: in an unquoted one; quoted: inside quotes; closing: just
  // after a quote inside quotes (the end of the field, or the first of `""`); skip: after an error.
  let state = 'field' as 'field' | 'plain' | 'quoted' | 'closing' | 'skip';
  let error = '';
  const fail = (why: string) => {
    error = why;
    state = 'skip';
    fields = [];
    field = '';
  };
  const endRecord = (): CsvRecord | undefined => {
    const record: CsvRecord | undefined =
      state === 'skip'
        ? { line: start, error }
        : fields.length === 0 && field === '' && state === 'field'
          ? undefined // a blank line
          : { line: start, fields: [...fields, field] };
    fields = [];
    field = '';
    size = 0;
    state = 'field';
    start = line + 1;
    return record;
  };
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (state !== 'skip' && ++size > MAX_ROW_CHARS)
        fail(`the record is longer than ${MAX_ROW_CHARS} characters (is a quote left open?)`);
      if (state === 'quoted') {
        if (c === QUOTE) state = 'closing';
        else field += chunk[i];
      } else if (state === 'closing' && c === QUOTE) {
        field += '"';
        state = 'quoted';
      } else if (state === 'closing' && c !== COMMA && c !== LF && c !== CR) {
        fail('a quoted field must end at its closing quote (write a quote inside quotes as "")');
      } else if (state !== 'skip') {
        // At the start of a field, in an unquoted one, or just after a closing quote.
        if (c === COMMA) {
          fields.push(field);
          field = '';
          state = 'field';
          if (fields.length >= MAX_COLUMNS) fail(`a record has at most ${MAX_COLUMNS} fields`);
        } else if (c === QUOTE) {
          if (state === 'field') state = 'quoted';
          else fail('a field holding a quote must be quoted whole');
        } else if (c !== CR && c !== LF) {
          // (a CR is a line break's; one inside a field must be quoted)
          if (state === 'closing') fail('a quoted field must end at its closing quote');
          else {
            field += chunk[i];
            state = 'plain';
          }
        }
      }
      if (c === LF) {
        if (state === 'quoted') field += '\n';
        else {
          const record = endRecord();
          if (record) yield record;
        }
        line++;
      }
    }
  }
  if (state === 'quoted') fail('a quoted field is not closed');
  const last = endRecord();
  if (last) yield last;
}

/** The columns of a CSV import, from its header row: what each cell of a record is. */
export interface CsvHeader {
  slug: number;
  name: number;
  team: number;
  types: number | undefined;
  attributes: number | undefined;
  /** attr.<name> columns. */
  attrs: Array<{ name: string; index: number }>;
  /** env.<environment>.url columns. */
  envs: Array<{ name: string; index: number }>;
  /** link.<definition> columns. */
  links: Array<{ name: string; index: number }>;
  width: number;
}

const headerInvalid = (detail: string, pointer = '/header') =>
  new AppError(422, 'invalid_csv_header', `header: ${detail}`, [{ pointer, in: 'body', detail }]);

/** The header row: slug, name and team required; types, attributes and attr.<name> optional. 422 else. */
export function csvHeader(record: CsvRecord | undefined): CsvHeader {
  if (!record) throw headerInvalid('the body is empty: send a header row, then one row per project');
  if ('error' in record) throw headerInvalid(record.error);
  const seen = new Map<string, number>();
  for (const [i, raw] of record.fields.entries()) {
    const name = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).trim();
    const known = ['slug', 'name', 'team', 'types', 'attributes'].includes(name);
    if (!known && !/^(?:attr\.\S{1,200}|env\.\S{1,200}\.url|link\.\S{1,200})$/u.test(name))
      throw headerInvalid(
        `column ${i + 1} (${JSON.stringify(name.slice(0, 50))}) is not one of slug, name, team, types, attributes, attr.<name>, env.<environment>.url or link.<definition>`,
        `/header/${i}`,
      );
    if (seen.has(name)) throw headerInvalid(`column ${name} is given twice`, `/header/${i}`);
    seen.set(name, i);
  }
  for (const required of ['slug', 'name', 'team'])
    if (!seen.has(required)) throw headerInvalid(`the column ${required} is required`);
  return {
    slug: seen.get('slug')!,
    name: seen.get('name')!,
    team: seen.get('team')!,
    types: seen.get('types'),
    attributes: seen.get('attributes'),
    attrs: [...seen]
      .filter(([n]) => n.startsWith('attr.'))
      .map(([n, index]) => ({ name: n.slice(5), index })),
    envs: [...seen]
      .filter(([n]) => /^env\..+\.url$/u.test(n))
      .map(([n, index]) => ({ name: n.slice(4, -4), index })),
    links: [...seen]
      .filter(([n]) => n.startsWith('link.'))
      .map(([n, index]) => ({ name: n.slice(5), index })),
    width: record.fields.length,
  };
}

/**
 * A record as a row. `types`: slugs separated by `;` (an empty cell: not given). `attributes`: a JSON
 * object (empty: not given). `attr.<name>`: that attribute as text (empty: not given), over a member of
 * the same name in `attributes`.
 */
export function csvRow(header: CsvHeader, record: CsvRecord): ParsedRow {
  if ('error' in record)
    return refusal(record.line, null, 422, 'invalid_csv', [{ pointer: '', detail: record.error }]);
  const f = record.fields;
  const slug = f[header.slug] ?? null;
  if (f.length !== header.width)
    return refusal(record.line, slug, 422, 'invalid_csv', [
      { pointer: '', detail: `the record has ${f.length} fields; the header has ${header.width}` },
    ]);
  const size = f.reduce((n, cell) => n + cell.length, 0);
  const row: Record<string, unknown> = { slug, name: f[header.name], team: f[header.team] };
  const types = header.types === undefined ? '' : f[header.types]!.trim();
  if (types !== '') row.types = types.split(';').map((t) => t.trim());
  let attributes: Record<string, unknown> | undefined;
  const json = header.attributes === undefined ? '' : f[header.attributes]!.trim();
  if (json !== '') {
    let value: unknown;
    try {
      value = parseJsonBody(json);
    } catch (err) {
      return fromAppError(record.line, slug, err, '/attributes');
    }
    // Not an object: the row schema names it.
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return checked(record.line, { ...row, attributes: value }, size);
    attributes = value as Record<string, unknown>;
  }
  for (const { name, index } of header.attrs) {
    const cell = f[index]!;
    if (cell === '') continue;
    attributes = { ...attributes };
    Object.defineProperty(attributes, name, {
      value: cell,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  if (attributes !== undefined) row.attributes = attributes;
  // env.<environment>.url and link.<definition>: a URL each (empty: not given).
  const keyed = <T>(columns: CsvHeader['envs'], value: (cell: string) => T) => {
    let out: Record<string, T> | undefined;
    for (const { name, index } of columns) {
      const cell = f[index]!.trim();
      if (cell === '') continue;
      out ??= {};
      Object.defineProperty(out, name, {
        value: value(cell),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const environments = keyed(header.envs, (url) => ({ url }));
  if (environments) row.environments = environments;
  const links = keyed(header.links, (url) => url);
  if (links) row.links = links;
  return checked(record.line, row, size);
}

/** The rows of a CSV text. The header is read first: a bad one is a 422 for the whole import. */
export async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<ParsedRow> {
  const records = csvRecords(chunks);
  const first = await records.next();
  const header = csvHeader(first.done ? undefined : first.value);
  for await (const record of records) yield csvRow(header, record);
}
