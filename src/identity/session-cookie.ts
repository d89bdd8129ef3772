// The browser session of the console (docs/console.md, "Session"): the refresh token in an
// `HttpOnly; Secure; SameSite=Strict` cookie scoped to /auth/session, so a reload or a new tab stays
// signed in while no script can read the token. The access token stays in the page's memory.
//
// The cookie is sent only to POST /auth/session (trade it for a new access token, rotating it) and
// DELETE /auth/session (sign-out: end its refresh-token family, clear it). Both refuse a request that
// does not carry `X-Keel-CSRF: 1` (a header no cross-site form can send, and no other origin's script
// without a CORS preflight that Keel never grants) or whose Origin or Sec-Fetch-Site says it comes from
// another site.
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from '../http/errors.js';

export const SESSION_COOKIE = 'keel_refresh';
export const SESSION_PATH = '/auth/session';
export const CSRF_HEADER = 'x-keel-csrf';
/** On POST /auth/login: answer with the refresh token in the cookie rather than in the body. */
export const SESSION_MODE_HEADER = 'x-keel-session';

/** The Set-Cookie value holding a refresh token (base64url: nothing to escape). */
export function sessionCookie(refreshToken: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${refreshToken}; Path=${SESSION_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=${SESSION_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;
}

/** The session cookie's value, if the request carries one of a plausible shape. */
export function sessionCookieOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** The origins this API answers as: its public URL's and the one the request was addressed to. */
function ownOrigins(req: FastifyRequest, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin];
  if (req.headers.host) origins.push(`${req.protocol}://${req.headers.host}`);
  return origins;
}

/**
 * Refuses (403 `csrf_refused`) a request that may have been made by another site: one without
 * `X-Keel-CSRF: 1`, one whose Origin is not this API's, or one a browser marks as cross-site.
 */
export function checkCsrf(req: FastifyRequest, publicUrl: string): void {
  const refuse = (why: string) => {
    throw new AppError(403, 'csrf_refused', `the session cookie is only accepted from the console: ${why}`);
  };
  if (req.headers[CSRF_HEADER] !== '1') refuse('send the header X-Keel-CSRF: 1');
  const origin = req.headers.origin;
  if (origin !== undefined && !ownOrigins(req, publicUrl).includes(origin))
    refuse(`the origin ${origin} is not this API's`);
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') refuse('the request comes from another site');
}

/** The optional body of POST /auth/session: `{"refresh_token"}` (adopting a token into the cookie). */
export function sessionBodyToken(body: unknown): string | undefined {
  if (body === undefined || body === null || body === '') return undefined;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('', 'must be an object');
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'refresh_token') throw invalid(`/${key}`, 'is not a property of a session request');
    if (typeof value !== 'string' || value.length < 1 || value.length > 200)
      throw invalid('/refresh_token', 'must be a string of 1 to 200 characters');
  }
  return (body as { refresh_token?: string }).refresh_token;
}
