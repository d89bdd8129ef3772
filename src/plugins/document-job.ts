// What a posted plugin document costs the CPU, as one function: decode the body's bytes, parse them as
// the JSON body parser does, check that the document is an object (the route's body schema), validate
// it against the label's schema, and write its stored form and its answer as JSON text. It runs on a
// worker thread for large bodies and inline for small ones (document-pool.ts): the same code, so the
// same answers either way.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { AppError, type FieldError } from '../http/errors.js';
import { MAX_FIELD_ERRORS, problemDetail } from '../http/validation-words.js';
import { parseJsonBody } from '../http/json-body.js';
import type { BodyErrorStage } from '../http/raw-json.js';
import { decodeDocument, storedJson, storedJsonOf } from './document-codec.js';
import { mergePatch } from './merge-patch.js';
import { documentErrors, WORK_LIMIT_KEYWORD } from '../json-schema/json-schema.js';

/**
 * Validates a document against a label schema: 422 naming every failing member (at most
 * MAX_FIELD_ERRORS) by pointer (prefixed by `prefix`), in plain words, as the core bodies do.
 */
export function check(validate: ValidateFunction, doc: unknown, prefix = ''): void {
  if (validate(doc)) return;
  const found = documentErrors(validate.errors, prefix, MAX_FIELD_ERRORS + 1);
  const errors = found.slice(0, MAX_FIELD_ERRORS);
  throw new AppError(
    422,
    errors[0]!.keyword === WORK_LIMIT_KEYWORD ? 'validation_too_costly' : 'validation_failed',
    problemDetail(errors, 'body', found.length > errors.length),
    errors,
  );
}

/** An AppError as data that crosses to and from a worker thread (structured clone drops its class). */
export interface ProblemData {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[] | undefined;
}

export const problemData = (e: AppError): ProblemData => ({
  status: e.status,
  code: e.code,
  detail: e.detail,
  errors: e.errors,
});

export const problemError = (p: ProblemData): AppError => new AppError(p.status, p.code, p.detail, p.errors);

/**
 * A document's outcome. `stored`: its stored form as JSON text (storedJson, the insert's parameter);
 * `answer`: the document as JSON text as sent, for the 201 answer, absent when it is `stored` itself
 * (most documents). `checked`: the body parsed and is an object, and nothing more was asked.
 */
export type DocumentOutcome =
  | { ok: true; stored: string; answer?: string | undefined; ends?: EdgeEnds | undefined }
  | { ok: true; checked: true }
  | { ok: false; stage: BodyErrorStage | 'schema'; problem: ProblemData };

/** The ends an edge body names, as sent (edge-body.ts). */
export interface EdgeEnds {
  source_id: string;
  target_id: string;
}

/** The route's body schema's answer to a document that is not a JSON object (src/app/api.ts). */
const NOT_AN_OBJECT: ProblemData = {
  status: 422,
  code: 'validation_failed',
  detail: 'body: must be an object',
  errors: [{ pointer: '/', in: 'body', detail: 'must be an object', keyword: 'type' }],
};

/** NOT_AN_OBJECT as an error. */
export const notAnObject = (): AppError => problemError(NOT_AN_OBJECT);

/**
 * Parses, checks and validates a posted document; without `validate`, only parses and checks it (the
 * examination of a body whose request fails before its schema is known: RawJsonBody.precedingError).
 * With `base` (a stored document's text, as PostgreSQL renders it), the body is a JSON Merge Patch
 * (RFC 7396) of that document: the merged document is validated, and its stored form is the outcome
 * (no `answer`: a patch is answered as the row the update returns).
 */
export function prepareDocument(
  bytes: Uint8Array,
  validate?: ValidateFunction,
  base?: string,
): DocumentOutcome {
  const parsed = parseObject(bytes);
  if (!parsed.ok) return parsed;
  let doc: unknown = parsed.doc;
  if (!validate) return { ok: true, checked: true };
  if (base !== undefined) doc = mergePatch(decodeDocument(JSON.parse(base) as unknown), doc);
  const refused = schemaProblem(validate, doc, '');
  if (refused) return refused;
  if (base !== undefined) return { ok: true, stored: storedJson(doc) };
  return storedAndAnswer(doc);
}

/** A body's bytes parsed as the JSON body parser does, and checked to be an object. */
export function parseObject(
  bytes: Uint8Array,
): { ok: true; doc: Record<string, unknown> } | Extract<DocumentOutcome, { ok: false }> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let doc: unknown;
  try {
    doc = parseJsonBody(text);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, stage: 'parse', problem: problemData(err) };
    throw err;
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return { ok: false, stage: 'shape', problem: NOT_AN_OBJECT };
  }
  return { ok: true, doc: doc as Record<string, unknown> };
}

/** Validates `doc` (errors under `prefix`); the schema's 422 as an outcome. */
export function schemaProblem(
  validate: ValidateFunction,
  doc: unknown,
  prefix: string,
): Extract<DocumentOutcome, { ok: false }> | undefined {
  try {
    check(validate, doc, prefix);
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return { ok: false, stage: 'schema', problem: problemData(err) };
    throw err;
  }
}

/** A valid document's stored form and, when it differs, its JSON text as sent. */
export function storedAndAnswer(doc: unknown): { ok: true; stored: string; answer?: string } {
  const answer = JSON.stringify(doc);
  const stored = storedJsonOf(doc, answer);
  return answer === stored ? { ok: true, stored } : { ok: true, stored, answer };
}
