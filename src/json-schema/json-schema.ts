// JSON Schema draft 2020-12 for plugin labels: one validator configuration, kept apart from the HTTP
// layer's (which coerces types and fills defaults, both wrong for a document a plugin declares).
import { _, type KeywordCxt } from 'ajv';
import ajvNames from 'ajv/dist/compile/names.js';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatLimitPlugin from 'ajv-formats/dist/limit.js';
import type { FieldError } from '../http/errors.js';
import { plainErrors } from '../http/validation-words.js';
import { pointerToken } from '../lib/json-pointer.js';
import { LINEAR_FORMATS } from './formats.js';
import { linearRegExp } from './regexp.js';
import { uniqueItemsKeyword } from './unique-items.js';
import { BASE_STEPS, documentUnits, metered, spend, STEPS_PER_UNIT, WorkLimitExceeded } from './work.js';

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

const formatLimit = ((formatLimitPlugin as unknown as { default?: unknown }).default ??
  formatLimitPlugin) as unknown as (ajv: Ajv2020) => void;

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
 * - `format` is asserted for the formats ajv-formats knows (email, date-time, uri, uuid...), each
 *   checked in linear time (formats.ts); an unknown format is refused when the schema is compiled
 *   (see keywordProblems). ajv-formats' formatMinimum/formatMaximum keywords stay.
 * - every subschema counts its work (WORK_KEYWORD, added by forAjv; see work.ts).
 * - `verbose`: each error carries its subschema and value, which its plain words are made of
 *   (documentErrors).
 */
export function newSchemaCompiler(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    ownProperties: true,
    allErrors: true,
    verbose: true,
    logger: false,
    validateFormats: true,
    code: { regExp: linearRegExp },
  });
  for (const [name, format] of Object.entries(LINEAR_FORMATS)) ajv.addFormat(name, format);
  formatLimit(ajv);
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItemsKeyword);
  // First of the keywords any value gets ($ref, anyOf... come next), so that a subschema counts
  // before it applies others to the same value.
  ajv.addKeyword({
    keyword: WORK_KEYWORD,
    schemaType: 'object',
    code: countWorkCode,
    before: '$dynamicAnchor',
  });
  return ajv;
}

/**
 * The keyword forAjv adds to every subschema that asserts anything: its value is what one
 * application of the subschema to a value costs (see SubschemaCost). A schema that names it itself
 * has it replaced. Ajv runs it with the subschema's other keywords, so the work of a document is
 * counted as it is done, and a schema whose work multiplies with the document's nesting (a
 * recursive `$ref` under `anyOf`) is stopped once the document is over its budget.
 */
export const WORK_KEYWORD = 'x-keel-validation-work';

/** The keyword of the single error a document over its work budget gets. */
export const WORK_LIMIT_KEYWORD = 'validationWork';

/**
 * Steps of one application of a subschema: `base` always (one per keyword, plus the size of
 * `enum`/`const` values), `child` per item or member of an array or object (keywords that visit
 * each: items, contains, additionalProperties, a pattern of patternProperties, enum values that are
 * objects...), `char` per character of a string (minLength, maxLength, formatMinimum...). `pattern`,
 * `format` and `uniqueItems` count what they read themselves.
 */
interface SubschemaCost {
  base: number;
  child: number;
  char: number;
}

/** Ajv's names in generated code (a CommonJS module: its default export). */
const names = ((ajvNames as unknown as { default?: typeof ajvNames }).default ?? ajvNames) as unknown as {
  vErrors: Parameters<typeof _>[1];
};

/**
 * Thrown when a document already has more errors than are reported: validation stops there (with
 * allErrors, Ajv would go on building an error for every failing item of a long array).
 */
class EnoughErrors extends Error {
  constructor(readonly errors: ErrorObject[]) {
    super('enough errors');
  }
}

/**
 * Spends what one application of a subschema to `data` costs. `errors` is the validation's error
 * list where its errors are final (see countWorkCode), else null.
 */
function countWork(
  data: unknown,
  base: number,
  child: number,
  char: number,
  errors: ErrorObject[] | null,
): void {
  let n = base;
  if (child > 0 && typeof data === 'object' && data !== null) {
    let children = 0;
    if (Array.isArray(data)) children = data.length;
    else for (const key in data) if (Object.hasOwn(data, key)) children++;
    n += child * children;
  } else if (char > 0 && typeof data === 'string') n += char * data.length;
  spend(n);
  if (errors !== null && errors.length > MAX_ERRORS) throw new EnoughErrors(errors);
}

/**
 * WORK_KEYWORD's code: a call of countWork where Ajv applies the subschema (a function keyword
 * would cost Ajv a context object per call, several times what the counting costs). Errors are final
 * in the top function outside anyOf, oneOf, not, if and contains (whose errors Ajv drops when the
 * keyword passes) and outside functions compiled for a `$ref` (which may be called from such a
 * keyword): there the error list is passed, so that validation stops once it is long enough.
 */
function countWorkCode(cxt: KeywordCxt): void {
  const { base, child, char } = cxt.schema as SubschemaCost;
  const { it, gen } = cxt;
  const count = gen.scopeValue('func', { ref: countWork });
  const final = !it.compositeRule && it.schemaEnv.root === it.schemaEnv;
  gen.code(_`${count}(${cxt.data}, ${base}, ${child}, ${char}, ${final ? names.vErrors : _`null`})`);
}

const PER_CHILD = new Set([
  'additionalProperties',
  'propertyNames',
  'unevaluatedProperties',
  'minProperties',
  'maxProperties',
  'items',
  'contains',
  'unevaluatedItems',
  'dependencies',
  'dependentSchemas',
  'dependentRequired',
  'required',
]);
const PER_CHAR = new Set([
  'minLength',
  'maxLength',
  'formatMinimum',
  'formatMaximum',
  'formatExclusiveMinimum',
  'formatExclusiveMaximum',
]);

function costOf(ajv: Ajv2020, s: Record<string, unknown>): SubschemaCost | undefined {
  const rules = ajv.RULES.all as Record<string, unknown>;
  const cost: SubschemaCost = { base: 0, child: 0, char: 0 };
  for (const [k, v] of Object.entries(s)) {
    if (k === WORK_KEYWORD || !Object.hasOwn(rules, k)) continue;
    cost.base++;
    if (PER_CHILD.has(k)) cost.child++;
    if (PER_CHAR.has(k)) cost.char++;
    if (k === 'patternProperties' && isMap(v)) cost.child += Object.keys(v).length;
    if (k === 'const' || k === 'enum') {
      // Ajv compares by deep equality: the schema's value is read, and an object's members counted.
      for (const value of k === 'enum' && Array.isArray(v) ? v : [v]) {
        cost.base += documentUnits(value);
        if (isMap(value)) cost.child++;
      }
    }
  }
  return cost.base > 0 ? cost : undefined;
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
): { validate: LabelValidate; problems?: undefined } | { problems: SchemaProblem[] } {
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
      problems: plainErrors(ajv.errors ?? [], 'body', MAX_ERRORS).map((e) => ({
        pointer: e.pointer === '/' ? '' : e.pointer,
        detail: e.detail,
      })),
    };
  }
  const positional = [...refProblems(schema), ...keywordProblems(ajv, schema)];
  if (positional.length > 0) return { problems: positional.slice(0, MAX_ERRORS) };
  try {
    return { validate: budgeted(ajv.compile(forAjv(schema, ajv) as object)) };
  } catch (err) {
    return { problems: [{ pointer: '', detail: `does not compile: ${(err as Error).message}` }] };
  }
}

/** A compiled label schema: Ajv's function, run under a work budget; `steps` is what the last call spent. */
export type LabelValidate = ValidateFunction & { steps: number };

/**
 * Ajv's validate function with the document's work budget: BASE_STEPS plus STEPS_PER_UNIT per unit
 * of its size. A document over it is invalid, with one error (keyword WORK_LIMIT_KEYWORD).
 */
function budgeted(validate: ValidateFunction): LabelValidate {
  const run = ((doc: unknown) => {
    const { result, error, steps } = metered(doc, () => validate(doc) as boolean);
    run.steps = steps;
    if (error === undefined) {
      run.errors = validate.errors;
      return result;
    }
    if (error instanceof EnoughErrors) {
      run.errors = error.errors;
      return false;
    }
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      // References that apply the schema to the same value again, without end (an `anyOf` whose
      // branch refers back to it): no document can pass that way.
      run.errors = [
        {
          keyword: WORK_LIMIT_KEYWORD,
          instancePath: '',
          schemaPath: '#',
          params: {},
          message: "the label's schema refers back to itself without end on this document",
        },
      ];
      return false;
    }
    if (!(error instanceof WorkLimitExceeded)) throw error;
    run.errors = [
      {
        keyword: WORK_LIMIT_KEYWORD,
        instancePath: '',
        schemaPath: '#',
        params: { limit: error.limit },
        message: `validating this document takes more than its limit of ${error.limit} steps (${BASE_STEPS} and ${STEPS_PER_UNIT} per value or character): send a smaller or simpler document`,
      },
    ];
    return false;
  }) as LabelValidate;
  run.steps = 0;
  run.schema = validate.schema;
  run.schemaEnv = validate.schemaEnv;
  return run;
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

/** Keywords whose values are data, not schemas: their objects are never given WORK_KEYWORD. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/**
 * The schema as Ajv must see it to mean what the draft says; the schema as written is what is stored
 * and shown. Two spellings Ajv does not take:
 * - `properties` with a member named `__proto__`: Ajv skips it (its generated code reads members by
 *   name). `patternProperties` with `^__proto__$` applies the same subschema to the same member and
 *   counts it as evaluated the same way, and Ajv tests pattern keys against the member names it
 *   enumerates, own members only.
 * - `enum: []`: Ajv refuses to compile it; the draft says no value is valid, which `not: {}` says too.
 * And one addition: WORK_KEYWORD in every subschema that has a keyword Ajv evaluates (a subschema
 * with none costs nothing and Ajv skips it; adding one would change that). Values of unknown
 * keywords are visited as schemas too, since a `$ref` may point into them.
 */
export function forAjv(schema: unknown, ajv?: Ajv2020): unknown {
  if (Array.isArray(schema)) return schema.map((s) => forAjv(s, ajv));
  if (!isMap(schema)) return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema));
  delete out[WORK_KEYWORD];
  const known = ajv ? (ajv.RULES.keywords as Record<string, unknown>) : {};
  for (const k of Object.keys(out)) {
    if (ONE_SUBSCHEMA.includes(k) || (ajv && !Object.hasOwn(known, k) && !DATA_KEYWORDS.has(k))) {
      out[k] = forAjv(out[k], ajv);
    }
  }
  for (const k of SUBSCHEMA_LISTS)
    if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((s) => forAjv(s, ajv));
  for (const k of [...SUBSCHEMA_MAPS, 'dependencies']) {
    const m = out[k];
    // `dependencies` maps to a schema or to a list of names; forAjv leaves a list as it is.
    if (isMap(m))
      out[k] = Object.fromEntries(
        Object.entries(m).map(([n, sub]) => [n, Array.isArray(sub) ? sub : forAjv(sub, ajv)]),
      );
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
  const cost = ajv && costOf(ajv, out);
  if (cost) out[WORK_KEYWORD] = cost;
  return out;
}

/**
 * Whether a reference's JSON pointer leads into a value that is data (`const`, `enum`, `default`,
 * `examples`): that value would be applied as a schema without a work count of its own. Read by the
 * pointer alone, so it holds whichever resource the reference is relative to: after a keyword that
 * holds a map or a list of schemas comes a name or an index, after any other a schema.
 */
function refIntoData(ref: string): boolean {
  const hash = ref.indexOf('#');
  if (hash < 0) return false;
  const fragment = ref.slice(hash + 1);
  if (!fragment.startsWith('/')) return false;
  let atSchema = true;
  for (const raw of fragment.slice(1).split('/')) {
    let token = raw;
    try {
      token = decodeURIComponent(raw);
    } catch {
      // left as written
    }
    token = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!atSchema) {
      atSchema = true;
      continue;
    }
    if (DATA_KEYWORDS.has(token)) return true;
    atSchema = !(
      SUBSCHEMA_MAPS.includes(token) ||
      SUBSCHEMA_LISTS.includes(token) ||
      token === 'dependencies'
    );
  }
  return false;
}

/**
 * References that point into data (see refIntoData), wherever they stand but in data: a `$ref` in
 * an unknown keyword's value is used when another reference points there.
 */
function refProblems(value: unknown, at = '', out: SchemaProblem[] = []): SchemaProblem[] {
  if (Array.isArray(value)) value.forEach((v, i) => refProblems(v, `${at}/${i}`, out));
  if (!isMap(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (DATA_KEYWORDS.has(k)) continue;
    if ((k === '$ref' || k === '$dynamicRef' || k === '$recursiveRef') && typeof v === 'string') {
      if (refIntoData(v)) {
        out.push({
          pointer: `${at}/${k}`,
          detail: 'must not point into const, enum, default or examples: a value there is data, not a schema',
        });
      }
    } else refProblems(v, `${at}/${pointerToken(k)}`, out);
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

/**
 * Ajv errors as field errors: every failing member once, by its JSON pointer (under `prefix`, where the
 * document sits in the request body), in the plain words of the core bodies (src/http/validation-words.ts),
 * with the keyword that failed; at most `max` of them.
 */
export function documentErrors(
  errors: readonly ErrorObject[] | null | undefined,
  prefix = '',
  max = MAX_ERRORS,
): FieldError[] {
  return plainErrors(errors ?? [], 'body', max).map((e) => ({
    ...e,
    pointer: prefix === '' ? e.pointer : e.pointer === '/' ? prefix : `${prefix}${e.pointer}`,
  }));
}
