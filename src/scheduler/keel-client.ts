// The scheduler's only way into Keel: HTTP calls to the API, exactly as an outside client makes them.
import { createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciInit } from 'undici';
import { parseJwt, type ParsedJwt } from '../crypto/jwt.js';
import { targetUrl, type Target } from './target.js';

/** An answer of the API that was not a success, reduced to what may be stored or shown. */
export class KeelApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    detail: string,
  ) {
    super(detail);
    this.name = 'KeelApiError';
  }
}

const MAX_EXCERPT = 300;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROLS = /[\u0000-\u001f\u007f]+/g;

/** Strips anything token-shaped from a text and caps it: what a run may keep of an error. */
export function redactExcerpt(text: string): string {
  const cleaned = text
    .replace(/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g, '[redacted]')
    .replace(/(bearer|basic)\s+[^\s"',]+/gi, '$1 [redacted]')
    .replace(
      /("?(?:access_token|refresh_token|client_secret|secret|password|subject_token)"?\s*[:=]\s*)("[^"]*"|[^\s,&}]+)/gi,
      '$1[redacted]',
    )
    .replace(CONTROLS, ' ');
  return cleaned.length > MAX_EXCERPT ? `${cleaned.slice(0, MAX_EXCERPT)}...` : cleaned;
}

/** The problem `detail` (or OAuth `error_description`) of an error answer, never the raw body. */
async function errorOf(res: Response): Promise<KeelApiError> {
  let code: string | undefined;
  let detail = `HTTP ${res.status}`;
  try {
    const text = (await res.text()).slice(0, 4096);
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.code === 'string') code = body.code;
    else if (typeof body.error === 'string') code = body.error;
    const d = typeof body.detail === 'string' ? body.detail : body.error_description;
    if (typeof d === 'string') detail = `HTTP ${res.status}: ${d}`;
  } catch {
    /* not JSON: keep the status only */
  }
  return new KeelApiError(res.status, code, redactExcerpt(detail));
}

/** Retry-After as ms: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterOf(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\d{1,9}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface Claims {
  sub: string;
  exp: number;
  jti: string;
  auth_method: string;
  scope?: string;
  act?: { client_id?: unknown };
  azp?: string;
  [k: string]: unknown;
}

export interface Me {
  principal_type: 'user' | 'service_account';
  principal_name: string;
  actor_name: string | null;
  auth_method: string;
  is_admin: boolean;
}

export interface ConsentInfo {
  id: string;
  user_email: string;
  scope: string;
  status: 'active' | 'expired' | 'revoked';
}

export interface TokenGrant {
  access_token: string;
  expires_in: number;
  scope?: string;
}

export class InvalidJwtError extends Error {}

const JWKS_REFRESH_MS = 5 * 60_000;
const UNKNOWN_KID_RETRY_MS = 30_000;

/** Decodes a JWT's claims without checking it (for tokens this process just received from the API). */
export function unverifiedClaims(token: string): Claims {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Claims;
}

export interface KeelClientOptions {
  /** The API's base address; a function because `keel serve` knows its own port only once listening. */
  baseUrl: () => string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/**
 * Connections a scheduler replica keeps open to the API at most; its other calls wait for one. Without
 * a bound, 1,000 jobs due in the same second opened up to 1,000 connections at once: the API's accept
 * queue (511) overflowed, and the dropped connections were retried by TCP a second later
 * (docs/scheduler.md, "Connections to the API").
 */
export const API_CONNECTIONS = 64;

/** fetch over a pool of at most API_CONNECTIONS kept-alive connections (idle ones never hold the process). */
function pooledFetch(): typeof fetch {
  const agent = new Agent({ connections: API_CONNECTIONS });
  return async (url, init) =>
    (await undiciFetch(String(url), { ...(init as UndiciInit), dispatcher: agent })) as unknown as Response;
}

export function keelClient({ baseUrl, timeoutMs, fetch: doFetch = pooledFetch() }: KeelClientOptions) {
  let keys = new Map<string, KeyObject>();
  let keysAt = 0;
  let keysLoading: Promise<void> | undefined;

  async function request(
    path: string,
    init: RequestInit & { token?: string; abort?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<Response> {
    const { token, abort, timeoutMs: ownTimeout, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    const timeout = AbortSignal.timeout(ownTimeout ?? timeoutMs);
    return doFetch(`${baseUrl()}${path}`, {
      ...rest,
      headers,
      redirect: 'manual',
      signal: abort ? AbortSignal.any([timeout, abort]) : timeout,
    });
  }

  async function json<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
    const res = await request(path, init);
    if (!res.ok) throw await errorOf(res);
    return (await res.json()) as T;
  }

  async function loadKeys(): Promise<void> {
    keysLoading ??= (async () => {
      try {
        const body = await json<{ keys?: Array<Record<string, unknown>> }>('/.well-known/jwks.json');
        const next = new Map<string, KeyObject>();
        for (const jwk of body.keys ?? []) {
          if (typeof jwk.kid !== 'string' || jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519') continue;
          next.set(jwk.kid, createPublicKey({ key: jwk as never, format: 'jwk' }));
        }
        keys = next;
        keysAt = Date.now();
      } finally {
        keysLoading = undefined;
      }
    })();
    return keysLoading;
  }

  async function keyFor(kid: string): Promise<KeyObject | undefined> {
    const stale = Date.now() - keysAt > JWKS_REFRESH_MS;
    if (stale || (!keys.has(kid) && Date.now() - keysAt > UNKNOWN_KID_RETRY_MS)) await loadKeys();
    return keys.get(kid);
  }

  return {
    /** Checks a Keel access token against the API's published keys (JWKS); the scheduler cannot mint. */
    async verifyJwt(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<Claims> {
      let jwt: ParsedJwt;
      try {
        jwt = parseJwt(token);
      } catch {
        throw new InvalidJwtError('malformed token');
      }
      const { header, signingInput, signature } = jwt;
      const claims = jwt.claims as Claims;
      if (header.alg !== 'EdDSA' || typeof header.kid !== 'string')
        throw new InvalidJwtError('unsupported token');
      const key = await keyFor(header.kid);
      if (!key) throw new InvalidJwtError('unknown signing key');
      if (!verifySignature(null, signingInput, key, signature)) throw new InvalidJwtError('bad signature');
      if (typeof claims.sub !== 'string') throw new InvalidJwtError('malformed claims');
      if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)
        throw new InvalidJwtError('token expired');
      return claims;
    },

    me: (token: string) => json<Me>('/auth/me', { token }),

    /** POST /consents under the caller's own token (the scheduler passes it through, never keeps it). */
    createConsent: (userToken: string) =>
      json<ConsentInfo>('/consents', {
        method: 'POST',
        token: userToken,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),

    async revokeConsent(token: string, id: string): Promise<void> {
      const res = await request(`/consents/${encodeURIComponent(id)}`, { method: 'DELETE', token });
      if (!res.ok && res.status !== 404) throw await errorOf(res);
      await res.body?.cancel();
    },

    /** POST /auth/can: may the token's principal call METHOD PATH (the route is not called)? */
    can: (token: string, method: string, path: string) =>
      json<{ allowed: boolean; permission: string | null; reason: string }>('/auth/can', {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ method, path }),
      }),

    getConsent: (token: string, id: string) =>
      json<ConsentInfo>(`/consents/${encodeURIComponent(id)}`, { token }),

    clientCredentials: (clientId: string, clientSecret: string) =>
      json<TokenGrant>('/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
        }).toString(),
      }),

    /** RFC 8693 token exchange with the scheduler's own JWT as the subject token. */
    exchange: (schedulerToken: string, user: string, scope: string) =>
      json<TokenGrant>('/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          subject_token: schedulerToken,
          subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          requested_subject: user,
          scope,
        }).toString(),
      }),

    /**
     * Calls a schedule's target; the answer's status only (an error's detail, redacted, on failure), and
     * its Retry-After in ms when it sent one. Every attempt of a run sends the run's id as its
     * Idempotency-Key, so the API applies a retried change once.
     */
    async callTarget(
      token: string,
      target: Target,
      call: { idempotencyKey?: string; abort?: AbortSignal; timeoutMs?: number } = {},
    ): Promise<{ status: number; error: string | null; retryAfterMs?: number }> {
      targetUrl(baseUrl(), target.path); // throws unless the path stays on the API
      const withBody = target.body !== undefined && target.body !== null;
      const headers: Record<string, string> = withBody ? { 'content-type': 'application/json' } : {};
      if (call.idempotencyKey) headers['idempotency-key'] = call.idempotencyKey;
      const res = await request(target.path, {
        method: target.method,
        token,
        headers,
        ...(withBody ? { body: JSON.stringify(target.body) } : {}),
        ...(call.abort ? { abort: call.abort } : {}),
        ...(call.timeoutMs !== undefined ? { timeoutMs: call.timeoutMs } : {}),
      });
      if (res.ok) {
        await res.body?.cancel();
        return { status: res.status, error: null };
      }
      const retryAfterMs = retryAfterOf(res.headers.get('retry-after'));
      return {
        status: res.status,
        error: (await errorOf(res)).message,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
    },
  };
}

export type KeelClient = ReturnType<typeof keelClient>;
