// One error type for the whole service. The HTTP layer maps it to RFC 9457 problem+json in one place.

export interface FieldError {
  /** JSON pointer into the request part named by `in` (e.g. `/email`). */
  pointer: string;
  in?: 'body' | 'query' | 'params' | 'headers';
  detail: string;
  /** The JSON Schema keyword that failed, when a schema failed. */
  keyword?: string;
}

export class AppError extends Error {
  /** Seconds a client should wait before trying again (sent as Retry-After), for 429 and 503. */
  retryAfter?: number;
  /** The WWW-Authenticate challenge of a 401, when not the Bearer one (see bearerChallenge). */
  challenge?: string;

  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get detail(): string {
    return this.message;
  }
}

export const badRequest = (code: string, detail: string) => new AppError(400, code, detail);
export const unauthorized = (detail = 'authentication required', code = 'unauthenticated') =>
  new AppError(401, code, detail);
export const forbidden = (detail = 'you do not have permission to do this', code = 'forbidden') =>
  new AppError(403, code, detail);
export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (detail: string, code = 'conflict') => new AppError(409, code, detail);

/** 503: the service cannot answer now, and says in how many seconds to try again (Retry-After). */
export function unavailableFor(seconds: number, code: string, detail: string): AppError {
  const err = new AppError(503, code, detail);
  err.retryAfter = seconds;
  return err;
}

/** A database that cannot be reached now (src/db/unavailable.ts): 503, and when to try again. */
export const databaseUnavailableError = (): AppError =>
  unavailableFor(2, 'database_unavailable', 'the database does not answer; retry shortly');

/** 422 naming the offending field(s). */
export function invalid(
  pointer: string,
  detail: string,
  code = 'validation_failed',
  keyword?: string,
): AppError {
  return new AppError(422, code, `${pointer.replace(/^\//, '') || 'body'}: ${detail}`, [
    { pointer, in: 'body', detail, ...(keyword ? { keyword } : {}) },
  ]);
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  431: 'Request Header Fields Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The RFC 9457 problem document of an error. */
export function problemBody(status: number, code: string, detail: string, errors?: FieldError[]) {
  return {
    type: `https://keel.dev/problems/${code.replace(/_/g, '-')}`,
    title: STATUS_TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** The realm every Bearer challenge names. */
export const REALM = 'keel';

/** RFC 6750 3: error_description is printable ASCII without `"` or `\`. */
const challengeText = (s: string) => s.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?').slice(0, 300);

/**
 * The WWW-Authenticate challenge of a 401 (RFC 6750 3): a presented token that is not valid says
 * `error="invalid_token"` and why; a request without a bearer token (none, or another scheme) gets
 * the realm alone, since RFC 6750 3.1 says a request lacking authentication gets no error code.
 */
export function bearerChallenge(err: AppError): string {
  if (err.challenge) return err.challenge;
  if (err.code === 'invalid_token') {
    return `Bearer realm="${REALM}", error="invalid_token", error_description="${challengeText(err.detail)}"`;
  }
  return `Bearer realm="${REALM}"`;
}

/**
 * RFC 6750 2.1: `Bearer`, one or more spaces, one token and nothing after it. A token of characters
 * outside the spec's is left to the token's own check (401 `invalid_token`).
 */
const BEARER = /^bearer +(\S+)$/i;

/** The token of a Bearer `Authorization` header, or 401 naming what is wrong. */
export function bearerToken(authorization: string | undefined): string {
  if (!authorization) throw unauthorized('a bearer token is required');
  const token = BEARER.exec(authorization)?.[1];
  if (!token) throw unauthorized('use the Bearer authorization scheme');
  return token;
}
