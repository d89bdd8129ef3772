// The body of an edge write (POST /admin/plugins/{slug}/edges/{label}): its schema, and the work of
// parsing, checking and validating it as one function that runs on a worker thread for large bodies
// and inline for small ones (document-pool.ts), as an entity's document does. The route's body schema
// is checked here by the HTTP layer's own request validator, so its 422 is the one a body checked
// before the route ran gets; then the properties are validated against the edge label's schema.
import { Type } from 'typebox';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { requestValidator, stoppedAtCap } from '../json-schema/request-validation.js';
import { validationProblem } from '../http/validation-words.js';
import { AppError } from '../http/errors.js';
import { parseJsonBody } from '../http/json-body.js';
import {
  problemData,
  schemaProblem,
  storedAndAnswer,
  type DocumentOutcome,
  type ProblemData,
} from './document-job.js';

export const EdgeBody = Type.Object(
  {
    source_id: Type.String({ format: 'uuid' }),
    target_id: Type.String({ format: 'uuid' }),
    properties: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: "validated against the edge label's JSON Schema",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The body's schema compiled once per thread, by the validator the HTTP layer uses for bodies. */
let checkShape: ReturnType<ReturnType<typeof requestValidator>> | undefined;

/** The route's body schema's 422 for `body` (any value), or undefined when it fits. */
function shapeProblem(body: unknown): ProblemData | undefined {
  checkShape ??= requestValidator(false)(EdgeBody);
  if (checkShape(body)) return undefined;
  const errors = checkShape.errors ?? [];
  return problemData(validationProblem(errors, 'body', stoppedAtCap(errors)));
}

/** The 422 of a body that is no JSON object at all (text/plain, none), as the HTTP layer words it. */
export function edgeBodyNotAnObject(body: unknown): AppError {
  const p = shapeProblem(body ?? null)!;
  return new AppError(p.status, p.code, p.detail, p.errors);
}

/**
 * Parses an edge body and checks it against EdgeBody; with `validate` (the edge label's validator, or
 * null for a label that declares no properties) also validates its properties, errors under
 * `/properties`. Without it, only parses and checks (RawJsonBody.precedingError). The outcome's
 * `stored` and `answer` are the properties' stored form and JSON text as sent, `ends` the ids named.
 */
export function prepareEdgeBody(bytes: Uint8Array, validate?: ValidateFunction | null): DocumentOutcome {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  let body: unknown;
  try {
    body = parseJsonBody(text);
  } catch (err) {
    if (err instanceof AppError) return { ok: false, stage: 'parse', problem: problemData(err) };
    throw err;
  }
  const refusedShape = shapeProblem(body);
  if (refusedShape) return { ok: false, stage: 'shape', problem: refusedShape };
  if (validate === undefined) return { ok: true, checked: true };
  const {
    source_id,
    target_id,
    properties = {},
  } = body as {
    source_id: string;
    target_id: string;
    properties?: Record<string, unknown>;
  };
  if (validate) {
    const refused = schemaProblem(validate, properties, '/properties');
    if (refused) return refused;
  }
  return { ...storedAndAnswer(properties), ends: { source_id, target_id } };
}
