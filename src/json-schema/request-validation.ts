// The validators of the core routes' request parts (body, query, path parameters, headers): every
// failing member is found (allErrors), in time linear in the request, and validation stops once more
// members failed than an answer lists.
//
// allErrors runs every keyword even after a cheaper one failed (a 1 MiB string over its maxLength
// still meets its format and pattern), so each keyword must be linear on its own: formats are the
// plugin validator's linear checks (src/json-schema/formats.ts), patterns run on RE2
// (src/json-schema/regexp.ts), and uniqueItems hashes items (src/json-schema/unique-items.ts). Every
// subschema counts the errors found so far where they are final, and stops validation past the cap.
import { _, Ajv, type ErrorObject, type KeywordCxt, type ValidateFunction } from 'ajv';
import ajvNames from 'ajv/dist/compile/names.js';
import { LINEAR_FORMATS } from './formats.js';
import { linearRegExp } from './regexp.js';
import { uniqueItemsKeyword } from './unique-items.js';
import { isUuid } from '../graph/ids.js';
import { MAX_FIELD_ERRORS } from '../http/validation-words.js';

/** The keyword every subschema gets: counts errors (see capCode). */
const CAP_KEYWORD = 'x-keel-error-cap';

/** Ajv's names in generated code (a CommonJS module: its default export). */
const names = ((ajvNames as unknown as { default?: typeof ajvNames }).default ?? ajvNames) as unknown as {
  vErrors: Parameters<typeof _>[1];
};

/** Thrown once a document has more failing members than an answer lists. */
class EnoughErrors extends Error {
  constructor(readonly errors: ErrorObject[]) {
    super('enough errors');
  }
}

/**
 * Error arrays of a validation stopped at the cap: members may be left unchecked. Read by the error
 * handler to say so (a WeakSet, since Fastify hands the array on as it is).
 */
const stopped = new WeakSet<object>();
export const stoppedAtCap = (errors: unknown): boolean =>
  typeof errors === 'object' && errors !== null && stopped.has(errors);

function checkCap(errors: ErrorObject[] | null): void {
  // Some errors of one member may repeat (a failing anyOf holds its branches' errors): twice the cap
  // leaves room for those and still stops a long array early.
  if (errors !== null && errors.length > 2 * MAX_FIELD_ERRORS) throw new EnoughErrors(errors);
}

/**
 * Errors are final outside anyOf/oneOf/not/if (where Ajv drops a passing branch's errors) and in the
 * top function (a `$ref`'s function may be called from such a keyword): only there are they counted.
 */
function capCode(cxt: KeywordCxt): void {
  const { it, gen } = cxt;
  if (it.compositeRule || it.schemaEnv.root !== it.schemaEnv) return;
  const check = gen.scopeValue('func', { ref: checkCap });
  gen.code(_`${check}(${names.vErrors})`);
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

/** A copy of the schema with CAP_KEYWORD in every subschema (data keywords' values left as they are). */
function withCap(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withCap);
  if (!isMap(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(k)) out[k] = v;
    else if (k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions') {
      out[k] = isMap(v) ? Object.fromEntries(Object.entries(v).map(([n, s]) => [n, withCap(s)])) : v;
    } else out[k] = isMap(v) || Array.isArray(v) ? withCap(v) : v;
  }
  out[CAP_KEYWORD] = true;
  return out;
}

type RequestValidate = ValidateFunction & { errors?: ErrorObject[] | null };

function capped(validate: ValidateFunction): RequestValidate {
  const run = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    try {
      const ok = validate(data, ctx) as boolean;
      run.errors = validate.errors ?? null;
      return ok;
    } catch (error) {
      if (!(error instanceof EnoughErrors)) throw error;
      stopped.add(error.errors);
      run.errors = error.errors;
      return false;
    }
  }) as RequestValidate;
  run.schema = validate.schema;
  run.schemaEnv = validate.schemaEnv;
  return run;
}

/**
 * A validator of request parts: JSON bodies as sent (`coerceTypes: false`), text parts (query,
 * path, headers) coerced to their declared types (`'array'`).
 */
export function requestValidator(coerceTypes: false | 'array'): (schema: object) => RequestValidate {
  const ajv = new Ajv({
    removeAdditional: false,
    coerceTypes,
    useDefaults: true,
    allErrors: true,
    verbose: true,
    strict: false,
    logger: false,
    code: { regExp: linearRegExp },
  });
  for (const [name, format] of Object.entries(LINEAR_FORMATS)) ajv.addFormat(name, format);
  // A `urn:uuid:` prefix would pass a looser check, and PostgreSQL's uuid type refuses it (a 500).
  ajv.addFormat('uuid', isUuid);
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItemsKeyword);
  ajv.addKeyword({ keyword: CAP_KEYWORD, schemaType: 'boolean', code: capCode });
  return (schema) => capped(ajv.compile(withCap(schema) as object));
}
