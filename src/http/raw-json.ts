// A JSON body left as bytes for the route to parse (off the event loop: plugin entity documents of up
// to 1 MiB, docs/input-hardening.md "Large documents leave the event loop"). The route answers as if
// the body had been parsed and its schema checked before it ran: whoever examines the body later says
// which of its errors would have come first (RawJsonBody.precedingError).
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema, type TUnsafe } from 'typebox';
import { AppError } from './errors.js';
import { otherCharset } from './json-body.js';

/**
 * Marks a route's body schema as describing a RawJsonBody: the HTTP layer documents it, and leaves the
 * check to the route (src/app/api.ts's validator compiler passes every such body).
 */
export const RAW_JSON_KEYWORD = 'x-keel-raw-json';

/**
 * What a route whose body schema is rawJsonSchema's receives: a RawJsonBody for a JSON body, the text
 * of a text/plain one (Fastify's own parser), nothing without a body.
 */
export type RawJsonInput = RawJsonBody | string | undefined;

/** `schema` (the body as documented) marked with RAW_JSON_KEYWORD, typed as what the route receives. */
export const rawJsonSchema = (schema: TSchema): TUnsafe<RawJsonInput> =>
  Type.Unsafe<RawJsonInput>({ ...schema, [RAW_JSON_KEYWORD]: true });

export const isRawJsonSchema = (schema: unknown): boolean =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as Record<string, unknown>)[RAW_JSON_KEYWORD] === true;

/**
 * Where a body's error stands among the checks a parsed body gets: `parse` (the JSON parser's 400s,
 * before the request's parameters are checked), `shape` (the route's body schema, after them and
 * before the handler).
 */
export type BodyErrorStage = 'parse' | 'shape';

/** What examining a body found: the first error and its stage, or nothing. */
export type BodyCheck = (bytes: Buffer) => Promise<{ error: AppError; stage: BodyErrorStage } | undefined>;

export class RawJsonBody {
  /** Whether the body has been examined (by the route: its errors are then the route's own). */
  examined = false;
  /** Whether the route's handler has started (a body's shape error then comes before its errors). */
  private handling = false;

  constructor(
    readonly bytes: Buffer,
    private readonly check: BodyCheck,
  ) {}

  /** Called first by the route's handler. */
  handlerStarted(): void {
    this.handling = true;
  }

  /** Called by the route when it has parsed and checked the body itself. */
  markExamined(): void {
    this.examined = true;
  }

  /**
   * The body's error that would have been answered instead of `error` had the body been parsed and
   * checked before the route ran, or undefined. Called by the error handler for every error of the
   * request.
   */
  async precedingError(): Promise<AppError | undefined> {
    if (this.examined) return undefined;
    this.examined = true;
    let found: Awaited<ReturnType<BodyCheck>>;
    try {
      found = await this.check(this.bytes);
    } catch {
      return undefined; // no examination to be had (the workers are busy): the request's own error stands
    }
    if (!found) return undefined;
    return found.stage === 'parse' || this.handling ? found.error : undefined;
  }
}

/**
 * A content-type parser (parseAs: 'buffer') for the routes whose body is a RawJsonBody: it refuses a
 * charset other than UTF-8 at once, as jsonBodyParser does, and leaves the rest to `check` and the route.
 */
export function rawJsonBodyParser(check: BodyCheck) {
  return (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    if (otherCharset(req.headers['content-type'])) {
      done(new AppError(415, 'unsupported_charset', 'a JSON body is UTF-8: send it without another charset'));
      return;
    }
    done(null, new RawJsonBody(Buffer.isBuffer(body) ? body : Buffer.from(body), check));
  };
}
