// What a failed JSON Schema check says to a person: every failing member of a request part, each named
// by its JSON pointer, in plain words (no regular expression, no "must be string,null"), at most
// MAX_FIELD_ERRORS of them. Reads Ajv's errors made with `verbose` (each carries its subschema).
import type { ErrorObject } from 'ajv';
import { AppError, type FieldError } from './errors.js';
import { pointerToken } from '../lib/json-pointer.js';

/** At most this many members are listed in one answer; validation stops once it has found more. */
export const MAX_FIELD_ERRORS = 20;

/**
 * The schema keyword a value's plain description lives in: what completes "must be ..." (for
 * example "a decimal like 3.50, at most 12 digits before the point"). Every `pattern` of a request
 * schema needs one (test/http/validation-words.test.ts), since a pattern says nothing to a person.
 */
export const EXPECTED = 'x-expected';

type Schema = Record<string, unknown>;

const isMap = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address like ada@example.com',
  'date-time': 'a date and time like 2026-01-31T09:30:00Z',
  date: 'a date like 2026-01-31',
  time: 'a time like 09:30:00Z',
  uri: 'an absolute URI like https://example.com/path',
  url: 'an absolute URL like https://example.com/path',
  uuid: 'a UUID like 0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e',
  hostname: 'a host name like api.example.com',
  ipv4: 'an IPv4 address like 192.0.2.10',
  ipv6: 'an IPv6 address like 2001:db8::1',
  duration: 'an ISO 8601 duration like P1DT2H',
  // The other formats plugin schemas may name (src/json-schema/formats.ts).
  'iso-time': 'a time like 09:30:00, with or without a time zone',
  'iso-date-time': 'a date and time like 2026-01-31T09:30:00, with or without a time zone',
  'uri-reference': 'a URI or a relative reference like /path?x=1',
  'uri-template': 'a URI template like https://example.com/items/{id}',
  regex: 'a regular expression',
  'json-pointer': 'a JSON pointer like /items/0/name',
  'json-pointer-uri-fragment': 'a JSON pointer in a URI fragment like #/items/0/name',
  'relative-json-pointer': 'a relative JSON pointer like 1/name',
  byte: 'base64 text like aGVsbG8=',
  int32: 'a whole number from -2147483648 to 2147483647',
  int64: 'a whole number',
};

/** Words joined as a person lists them: "a, b or c". */
function either(words: readonly string[]): string {
  const unique = [...new Set(words)];
  if (unique.length <= 1) return unique[0] ?? 'something else';
  return `${unique.slice(0, -1).join(', ')} or ${unique.at(-1)!}`;
}

function literal(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What a value of this schema is, to complete "must be ...". */
export function describeSchema(schema: unknown, orNull = true): string {
  if (!isMap(schema)) return 'a valid value';
  if (typeof schema[EXPECTED] === 'string') {
    const nullable = orNull && Array.isArray(schema.type) && schema.type.includes('null');
    return nullable ? `${schema[EXPECTED]} or null` : schema[EXPECTED];
  }
  if (schema.const !== undefined) return literal(schema.const);
  if (Array.isArray(schema.enum)) return enumWords(schema.enum);
  if (typeof schema.format === 'string' && FORMAT_WORDS[schema.format]) return FORMAT_WORDS[schema.format]!;
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) return either(branches.map((b) => describeSchema(b)));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const words = types.filter((t): t is string => typeof t === 'string' && t in TYPE_WORDS);
  return words.length > 0 ? either(words.map((t) => TYPE_WORDS[t]!)) : 'a valid value';
}

function enumWords(values: readonly unknown[]): string {
  const shown = values.slice(0, 12).map(literal);
  if (values.length > shown.length) shown.push(`${values.length - shown.length} more`);
  return values.length === 1 ? shown[0]! : `one of ${shown.join(', ')}`;
}

/** The JSON type of a value as JSON Schema names it. */
function jsonType(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'array';
  if (typeof data === 'number') return Number.isInteger(data) ? 'integer' : 'number';
  return typeof data;
}

/** Whether a value's JSON type is one this schema's `type` (or `const`) takes. */
function typeFits(schema: unknown, data: unknown): boolean {
  if (!isMap(schema)) return true;
  if (schema.const !== undefined) return jsonType(schema.const) === jsonType(data);
  if (schema.type === undefined) {
    const branches = schema.anyOf ?? schema.oneOf;
    return Array.isArray(branches) ? branches.some((b) => typeFits(b, data)) : true;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const t = jsonType(data);
  return types.includes(t) || (t === 'integer' && types.includes('number'));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 items that are a string", "1 item that is "a"". */
const itemsThat = (n: number, schema: unknown) =>
  `${plural(n, 'item')} that ${n === 1 ? 'is' : 'are'} ${describeSchema(schema)}`;

/** The plain words of one Ajv error (anyOf/oneOf that no branch fits; plainErrors resolves the rest). */
function wordsOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const parent = e.parentSchema;
  const limit = Number(p.limit);
  switch (e.keyword) {
    case 'required':
      return 'is required';
    case 'dependentRequired':
      return `is required when ${String(p.property)} is present`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a known field';
    case 'false schema':
      return 'is not allowed here';
    case 'propertyNames':
      return 'has a name the schema does not allow';
    case 'pattern':
      // A core schema's pattern always has its words (x-expected); a plugin's may not: then the
      // pattern is the only statement of what is expected.
      return isMap(parent) && typeof parent[EXPECTED] === 'string'
        ? `must be ${describeSchema(parent, false)}`
        : `must match the pattern ${String(p.pattern)}`;
    case 'format':
      return `must be ${describeSchema(parent, false)}`;
    case 'formatMinimum':
      return `must be ${String(p.limit)} or later`;
    case 'formatExclusiveMinimum':
      return `must be later than ${String(p.limit)}`;
    case 'formatMaximum':
      return `must be ${String(p.limit)} or earlier`;
    case 'formatExclusiveMaximum':
      return `must be earlier than ${String(p.limit)}`;
    case 'type':
    case 'const':
    case 'enum':
      return `must be ${describeSchema(parent)}`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character')}`;
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${plural(limit, 'character')}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`;
    case 'maxItems':
    case 'items':
    case 'unevaluatedItems':
      return `must have at most ${plural(limit, 'item')}`;
    case 'contains': {
      const contains = isMap(parent) ? parent.contains : undefined;
      const min = Number(p.minContains ?? 1);
      const max = p.maxContains === undefined ? undefined : Number(p.maxContains);
      if (max !== undefined && (Array.isArray(e.data) ? e.data.length >= min : true))
        return `must hold at most ${itemsThat(max, contains)}`;
      return min === 1
        ? `must hold at least one item that is ${describeSchema(contains)}`
        : `must hold at least ${itemsThat(min, contains)}`;
    }
    case 'minItems':
      return limit === 1 ? 'must have at least one item' : `must have at least ${plural(limit, 'item')}`;
    case 'uniqueItems':
      return `must not hold the same item twice (items ${String(p.j)} and ${String(p.i)} are equal)`;
    case 'minProperties':
      return limit === 1
        ? 'must not be empty: name at least one field'
        : `must have at least ${plural(limit, 'member')}`;
    case 'maxProperties':
      return `must have at most ${plural(limit, 'member')}`;
    case 'not': {
      const words = describeSchema(e.schema);
      return words === 'a valid value' ? 'is not allowed here' : `must not be ${words}`;
    }
    case 'if':
      return `must meet the schema's "${String(p.failingKeyword)}" condition`;
    case 'oneOf':
      if (Array.isArray(p.passingSchemas))
        return `must be exactly one of ${describeSchema(parent)}, and fits ${p.passingSchemas.length} of them`;
      return `must be ${describeSchema(parent)}`;
    case 'anyOf':
      return `must be ${describeSchema(parent)}`;
    default:
      // A keyword of Keel's own (the plugin validator's work limit) words its message itself.
      return e.message && !/^must (pass|NOT|be|match|have)\b/.test(e.message)
        ? e.message
        : 'is not valid here';
  }
}

/**
 * The member an error is about, below its instancePath: the one missing, unknown, or whose name
 * (propertyNames) is refused.
 */
function memberOf(e: ErrorObject): string | undefined {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
    case 'dependentRequired':
      return String(p.missingProperty);
    case 'additionalProperties':
      return String(p.additionalProperty);
    case 'unevaluatedProperties':
      return String(p.unevaluatedProperty);
    case 'propertyNames':
      return String(p.propertyName);
    default: {
      const name = (e as { propertyName?: string }).propertyName;
      return name === undefined ? undefined : name;
    }
  }
}

interface Located {
  schemaPath: string;
  error: FieldError;
}

const UNKNOWN_MEMBER = new Set(['additionalProperties', 'unevaluatedProperties']);

/**
 * Every failing member once (its first failure), in the order Ajv found them, at most
 * MAX_FIELD_ERRORS. Of a failed `anyOf`/`oneOf`, the branch the value's type fits speaks, when one
 * branch alone fits (a string that breaks the string branch's pattern hears about the pattern);
 * otherwise one error says what the value may be ("must be a string or null").
 */
export function plainErrors(
  errors: readonly ErrorObject[],
  where: FieldError['in'],
  max = MAX_FIELD_ERRORS,
): FieldError[] {
  let found: Located[] = [];
  for (const e of errors) {
    let pointer = e.instancePath;
    const p = e.params as Record<string, unknown>;
    const member = memberOf(e);
    if (member !== undefined) pointer += `/${pointerToken(member)}`;
    if (e.keyword === 'contains') {
      // Speaks of the array, not of each item that is not what it looks for.
      found = found.filter((f) => !f.schemaPath.startsWith(`${e.schemaPath}/`));
    } else if (e.keyword === 'if') {
      // Speaks through the errors of the branch that applies (then or else), when it has any.
      const branch = `${e.schemaPath.slice(0, -'if'.length)}${String(p.failingKeyword)}/`;
      if (found.some((f) => f.schemaPath.startsWith(branch))) continue;
    }
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      const within = `${e.schemaPath}/`;
      const inside = found.filter((f) => f.schemaPath.startsWith(within));
      found = found.filter((f) => !f.schemaPath.startsWith(within));
      const branches = Array.isArray(e.schema) ? e.schema : [];
      const fitting = branches.flatMap((b, i) => (typeFits(b, e.data) ? [i] : []));
      const spoken =
        fitting.length === 1 ? inside.filter((f) => f.schemaPath.startsWith(`${within}${fitting[0]}/`)) : [];
      if (spoken.length > 0) {
        found.push(...spoken);
        continue;
      }
    }
    const words = wordsOf(e);
    const inName = (e as { propertyName?: string }).propertyName !== undefined;
    found.push({
      schemaPath: e.schemaPath,
      error: {
        pointer: pointer || '/',
        in: where,
        detail: inName ? `has a name that ${words}` : words,
        keyword: e.keyword,
      },
    });
  }
  // Ajv checks unknown members before the declared ones; a person reads the declared ones first.
  const ordered = [
    ...found.filter((f) => !UNKNOWN_MEMBER.has(f.error.keyword ?? '')),
    ...found.filter((f) => UNKNOWN_MEMBER.has(f.error.keyword ?? '')),
  ];
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const { error } of ordered) {
    if (seen.has(error.pointer)) continue;
    seen.add(error.pointer);
    out.push(error);
    if (out.length === max) break;
  }
  return out;
}

/**
 * The 422 of a request part that failed its schema: every failing member in `errors`, and the first
 * three in `detail` ("slug: must be a slug ...; name: must not be empty; x: is not a known field").
 * `more` says that validation stopped with members left unchecked or unlisted.
 */
export function validationProblem(
  errors: readonly ErrorObject[],
  where: FieldError['in'] = 'body',
  more = false,
): AppError {
  const found = plainErrors(errors, where, MAX_FIELD_ERRORS + 1);
  const fieldErrors = found.slice(0, MAX_FIELD_ERRORS);
  const detail = problemDetail(fieldErrors, where, more || found.length > fieldErrors.length);
  return new AppError(422, 'validation_failed', detail, fieldErrors);
}

/**
 * The `detail` of a 422 listing field errors: the first three ("slug: must be a slug ...; name: must
 * not be empty; x: is not a known field"), then how many more; `more`: some were left unlisted.
 */
export function problemDetail(
  fieldErrors: readonly FieldError[],
  where: FieldError['in'],
  more: boolean,
): string {
  const name = (f: FieldError) => (f.pointer === '/' ? (where ?? 'body') : f.pointer.slice(1));
  const parts = fieldErrors.slice(0, 3).map((f) => `${name(f)}: ${f.detail}`);
  const rest = fieldErrors.length - parts.length;
  let detail = parts.join('; ');
  if (more) detail += `; and more (the first ${fieldErrors.length} are listed in errors)`;
  else if (rest > 0) detail += `; and ${rest} more (listed in errors)`;
  return detail;
}
