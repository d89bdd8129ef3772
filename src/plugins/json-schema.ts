// JSON Schema draft 2020-12 for plugin labels: one validator configuration, kept apart from the HTTP
// layer's (which coerces types and fills defaults, both wrong for a document a plugin declares).
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import type { FieldError } from '../http/errors.js';
import { pointerToken } from '../lib/json-pointer.js';
import { linearRegExp } from './regexp.js';
import { uniqueItemsKeyword } from './unique-items.js';

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;

/** At most this many errors are reported for one document. */
const MAX_ERRORS = 20;

/**
 * A fresh validator instance. One per plugin revision, so a `$id` used by two plugins (or by a
 * plugin's old and new revision) never clashes and an old revision's compiled code can be collected.
 *
 * - `strict: false`: the draft lets unknown keywords and lone `then`/`else`/`maxContains` stand;
 *   Ajv's strict mode would refuse schemas the draft accepts. `strictNumbers` stays on (strict: false
 *   turns it off): Infinity is no JSON number, and would be stored as null.
 * - `ownProperties`: `required: ["constructor"]` must not be satisfied by Object.prototype.
 * - no `coerceTypes`, no `useDefaults`: `default` is an annotation, `"1"` is not an integer.
 * - `uniqueItems` is unique-items.ts's: Ajv's let two "__proto__" strings pass.
 * - `format` is asserted for the formats ajv-formats knows (email, date-time, uri, uuid...); an
 *   unknown format is refused when the schema is compiled (see unknownFormats).
 */
export function newSchemaCompiler(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    ownProperties: true,
    allErrors: true,
    logger: false,
    validateFormats: true,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv);
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItemsKeyword);
  return ajv;
}

/** Problems with a schema itself, each a JSON pointer relative to the schema's own root. */
export interface SchemaProblem {
  pointer: string;
  detail: string;
}

/**
 * Compiles a label's schema. Returns the validator, or the problems: the schema must be a draft
 * 2020-12 schema (meta-schema valid, `$schema` absent or 2020-12), describe an object
 * (`type: "object"`, since entities and edge properties are JSON objects), and compile (references
 * resolve, patterns are valid regular expressions, formats are known).
 */
export function compileLabelSchema(
  ajv: Ajv2020,
  schema: unknown,
): { validate: ValidateFunction; problems?: undefined } | { problems: SchemaProblem[] } {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return { problems: [{ pointer: '', detail: 'must be a JSON Schema object' }] };
  }
  const s = schema as Record<string, unknown>;
  if (s.$schema !== undefined && s.$schema !== DRAFT_2020_12) {
    return {
      problems: [{ pointer: '/$schema', detail: `only draft 2020-12 (${DRAFT_2020_12}) is supported` }],
    };
  }
  if (s.type !== 'object') {
    return {
      problems: [
        { pointer: '/type', detail: 'must be "object": entities and edge properties are JSON objects' },
      ],
    };
  }
  if (!ajv.validateSchema(schema)) {
    return {
      problems: (ajv.errors ?? []).slice(0, MAX_ERRORS).map((e) => ({
        pointer: e.instancePath,
        detail: e.message ?? 'is not valid JSON Schema',
      })),
    };
  }
  const positional = keywordProblems(ajv, schema);
  if (positional.length > 0) return { problems: positional.slice(0, MAX_ERRORS) };
  try {
    return { validate: ajv.compile(forAjv(schema) as object) };
  } catch (err) {
    return { problems: [{ pointer: '', detail: `does not compile: ${(err as Error).message}` }] };
  }
}

const ONE_SUBSCHEMA = [
  'additionalProperties',
  'propertyNames',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The schema as Ajv must see it to mean what the draft says; the schema as written is what is stored
 * and shown. Two spellings Ajv does not take:
 * - `properties` with a member named `__proto__`: Ajv skips it (its generated code reads members by
 *   name). `patternProperties` with `^__proto__$` applies the same subschema to the same member and
 *   counts it as evaluated the same way, and Ajv tests pattern keys against the member names it
 *   enumerates, own members only.
 * - `enum: []`: Ajv refuses to compile it; the draft says no value is valid, which `not: {}` says too.
 */
export function forAjv(schema: unknown): unknown {
  if (!isMap(schema)) return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema));
  for (const k of ONE_SUBSCHEMA) if (k in out) out[k] = forAjv(out[k]);
  for (const k of SUBSCHEMA_LISTS) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map(forAjv);
  for (const k of SUBSCHEMA_MAPS) {
    const m = out[k];
    if (isMap(m)) out[k] = Object.fromEntries(Object.entries(m).map(([n, sub]) => [n, forAjv(sub)]));
  }
  const props = out.properties;
  if (isMap(props) && Object.hasOwn(props, '__proto__')) {
    const { ['__proto__']: proto, ...rest } = Object.fromEntries(Object.entries(props));
    const patterns = isMap(out.patternProperties)
      ? Object.fromEntries(Object.entries(out.patternProperties))
      : {};
    const key = '^__proto__$';
    patterns[key] = Object.hasOwn(patterns, key) ? { allOf: [patterns[key], proto] } : proto;
    out.properties = rest;
    out.patternProperties = patterns;
  }
  if (Array.isArray(out.enum) && out.enum.length === 0) {
    delete out.enum;
    out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { not: {} }];
  }
  return out;
}

/** Why a regular expression cannot be used, or undefined when it can (see regexp.ts). */
function patternProblem(pattern: string): string | undefined {
  try {
    linearRegExp(pattern, 'u');
    return undefined;
  } catch (err) {
    return err instanceof SyntaxError
      ? 'is not a valid ECMA-262 regular expression'
      : `cannot be matched in linear time: ${(err as Error).message}`;
  }
}

/**
 * Keywords refused by pointer. `format` values the validator does not know: the draft would let
 * them pass as annotations; we refuse them so that a typo (`"format": "emial"`) cannot silently
 * assert nothing. `pattern`s and `patternProperties` names that use what no linear-time engine
 * matches (backreferences, lookaround). Only schema positions are visited, so a property *named*
 * format is not mistaken for the keyword.
 */
function keywordProblems(ajv: Ajv2020, schema: unknown, at = ''): SchemaProblem[] {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const s = schema as Record<string, unknown>;
  const out: SchemaProblem[] = [];
  if (typeof s.format === 'string' && !ajv.formats[s.format]) {
    out.push({ pointer: `${at}/format`, detail: `unknown format "${s.format}"` });
  }
  if (typeof s.pattern === 'string') {
    const problem = patternProblem(s.pattern);
    if (problem) out.push({ pointer: `${at}/pattern`, detail: problem });
  }
  const patterns = s.patternProperties;
  if (typeof patterns === 'object' && patterns !== null && !Array.isArray(patterns)) {
    for (const name of Object.keys(patterns)) {
      const problem = patternProblem(name);
      if (problem) out.push({ pointer: `${at}/patternProperties/${pointerToken(name)}`, detail: problem });
    }
  }
  for (const k of ONE_SUBSCHEMA) out.push(...keywordProblems(ajv, s[k], `${at}/${k}`));
  for (const k of SUBSCHEMA_LISTS) {
    if (Array.isArray(s[k]))
      (s[k] as unknown[]).forEach((sub, i) => out.push(...keywordProblems(ajv, sub, `${at}/${k}/${i}`)));
  }
  for (const k of SUBSCHEMA_MAPS) {
    const map = s[k];
    if (typeof map === 'object' && map !== null && !Array.isArray(map)) {
      for (const [name, sub] of Object.entries(map))
        out.push(...keywordProblems(ajv, sub, `${at}/${k}/${pointerToken(name)}`));
    }
  }
  return out;
}

/** Ajv errors as field errors: a pointer into the document and the keyword that failed. */
export function documentErrors(errors: readonly ErrorObject[] | null | undefined, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    let pointer = e.instancePath;
    let detail = e.message ?? 'is invalid';
    const p = e.params as Record<string, unknown>;
    if (e.keyword === 'required' || e.keyword === 'dependentRequired') {
      pointer += `/${pointerToken(String(p.missingProperty))}`;
      detail = e.keyword === 'required' ? 'is required' : `is required when ${String(p.property)} is present`;
    } else if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      pointer += `/${pointerToken(String(p.additionalProperty ?? p.unevaluatedProperty))}`;
      detail = 'is not allowed by the schema';
    }
    const key = `${pointer} ${e.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: `${prefix}${pointer}` || '/', in: 'body', detail, keyword: e.keyword });
    if (out.length >= MAX_ERRORS) break;
  }
  return out;
}
