// The Idempotency-Key header (IETF draft-ietf-httpapi-idempotency-key-header): what a key may be, and
// the fingerprint of the request it was first sent with.
import { createHash } from 'node:crypto';
import { AppError } from '../http/errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Methods whose repetition the key guards; GET, HEAD and OPTIONS are safe already and ignore it. */
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const MAX_KEY_LENGTH = 255;

const PRINTABLE = /^[\x20-\x7e]+$/;

/** A problem naming the header (JSON pointer `/idempotency-key` in the request's headers). */
export function headerProblem(status: number, code: string, detail: string): AppError {
  return new AppError(status, code, `Idempotency-Key: ${detail}`, [
    { pointer: `/${IDEMPOTENCY_HEADER}`, in: 'headers', detail },
  ]);
}

/**
 * The key of a header value. The draft defines it as a Structured Field string (`"abc"`); most clients
 * send it bare (`abc`), so both are taken, and the quoted form is unescaped. 1 to 255 printable ASCII
 * characters, else 400 naming the header.
 */
export function parseKey(raw: string | string[]): string {
  if (Array.isArray(raw)) throw headerProblem(400, 'invalid_idempotency_key', 'must be sent once');
  let key = raw.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) {
    key = key.slice(1, -1).replace(/\\(["\\])/g, '$1');
  }
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !PRINTABLE.test(key)) {
    throw headerProblem(
      400,
      'invalid_idempotency_key',
      `must be 1 to ${MAX_KEY_LENGTH} printable ASCII characters (a UUID is a good key)`,
    );
  }
  return key;
}

/** What makes two requests "the same": method, path with query, and the parsed body. */
export function fingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${url}\n`)
    .update(body === undefined ? '' : JSON.stringify(body))
    .digest('base64url');
}
