// The console's only way to Keel: the public API, with the signed-in person's token. The access token
// lives in this module's memory alone (never in storage, a readable cookie or the URL); the refresh token
// lives in an HttpOnly cookie no script can read, so a reload or a new tab stays signed in.

import createClient from 'openapi-fetch';
import type { paths } from '../../src/http/api-types';

export type { paths };

/** The JSON answer of `GET path` (200). */
export type Answer<
  P extends keyof paths,
  M extends 'get' | 'post' | 'put' | 'patch' = 'get',
> = paths[P] extends {
  [K in M]: { responses: { 200: { content: { 'application/json': infer T } } } };
}
  ? T
  : paths[P] extends { [K in M]: { responses: { 201: { content: { 'application/json': infer T } } } } }
    ? T
    : never;
/** One item of a list answer. */
export type Item<P extends keyof paths> = Answer<P> extends (infer T)[] ? T : never;

export interface FieldError {
  pointer: string;
  detail: string;
}

/** An API answer that is not a success: its problem+json `detail` and 422 pointers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** The problem's `code` (`not_empty`, `conflict`...), when it has one. */
    readonly code?: string,
  ) {
    super(detail);
  }
  /** The message for one form field, by its JSON pointer (`/cron`, `/target/path`). */
  at(pointer: string): string | undefined {
    return this.errors.find((e) => e.pointer === pointer)?.detail;
  }
}

interface TokenAnswer {
  access_token: string;
  expires_in: number;
}

/**
 * The signed-in session: the access token in memory only. The refresh token is in the `keel_refresh`
 * cookie (HttpOnly, Secure, SameSite=Strict, Path=/auth/session), which no script can read; the API
 * rotates it on every POST /auth/session.
 */
interface Session {
  access: string;
  timer: ReturnType<typeof setTimeout> | null;
}

let session: Session | null = null;
/** Until the first attempt to resume the cookie's session has answered, the app shows nothing. */
let resumed = false;
const listeners = new Set<() => void>();

export const signedIn = () => session !== null;
export const sessionKnown = () => resumed;
export function onSessionChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Counts sign-outs: a read started before one must not be kept after it (`keptFor`). */
let signOuts = 0;

/**
 * What the console keeps of one person's reads (names it looked up, to show instead of slugs and ids)
 * is forgotten when that person signs out, here or in another tab, or the session ends: the next person
 * signed in on this page may not read the same things. `forget` clears it; `keptFor` says whether an
 * answer to a read started under `from` (a `signOutsSoFar()`) may still be kept.
 */
export function forgetOnSignOut(forget: () => void): void {
  listeners.add(() => {
    if (session === null) forget();
  });
}
export const signOutsSoFar = () => signOuts;
export const keptFor = (from: number) => from === signOuts;

/** Tells the console's other tabs that this person signed out. */
const tabs = typeof BroadcastChannel === 'function' ? new BroadcastChannel('keel-console-session') : null;
if (tabs) tabs.onmessage = () => void forget(true);

function setSession(answer: TokenAnswer | null): void {
  if (session?.timer) clearTimeout(session.timer);
  if (answer === null) signOuts++;
  session = answer ? { access: answer.access_token, timer: null } : null;
  // Renew a minute before the access token ends, so a person at work is never cut off.
  if (session && answer) {
    session.timer = setTimeout(() => void refresh(), Math.max(5, answer.expires_in - 60) * 1000);
  }
  resumed = true;
  listeners.forEach((fn) => fn());
}

/** The header every route that sets or reads the session cookie requires (no other site can send it). */
const CSRF = { 'x-keel-csrf': '1' } as const;

async function problemOf(res: Response): Promise<ApiError> {
  let body: { detail?: string; error_description?: string; errors?: FieldError[] } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  const detail = body.detail ?? body.error_description ?? `${res.status} ${res.statusText}`;
  return new ApiError(res.status, detail, Array.isArray(body.errors) ? body.errors : []);
}

let refreshing: Promise<boolean> | null = null;

/** POST /auth/session: the cookie (or `adopt`, a refresh token from the OAuth callback) for a new access token. */
async function trade(adopt?: string): Promise<boolean> {
  const res = await fetch('/auth/session', {
    method: 'POST',
    headers: { ...CSRF, ...(adopt ? { 'content-type': 'application/json' } : {}) },
    ...(adopt ? { body: JSON.stringify({ refresh_token: adopt }) } : {}),
  });
  if (!res.ok) {
    setSession(null);
    return false;
  }
  setSession((await res.json()) as TokenAnswer);
  return true;
}

/**
 * Trades the session cookie for a new access token (the API rotates the cookie); false, and signed
 * out, when it no longer works. The console's tabs share one cookie: a lock across them makes their
 * renewals take turns, so no tab presents a token another tab has just used up (which would end the
 * sign-in as a leak).
 */
export function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      return navigator.locks
        ? await navigator.locks.request('keel-console-refresh', () => trade())
        : await trade();
    } catch {
      setSession(null);
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Adds the bearer to a request; a 401 renews the tokens once and retries. */
async function send(request: Request): Promise<Response> {
  const retry = request.clone();
  if (session) request.headers.set('authorization', `Bearer ${session.access}`);
  const res = await fetch(request);
  if (res.status !== 401 || !session || !(await refresh())) return res;
  retry.headers.set('authorization', `Bearer ${session!.access}`);
  return fetch(retry);
}

/**
 * The typed client of the API (openapi-fetch over the types generated from /openapi.json by
 * `npm run gen:api`): a path, method, parameter or body the API does not have fails the type check.
 */
export const client = createClient<paths>({ baseUrl: '', fetch: send });

/** The data of a typed call, or its problem as an ApiError. */
export async function must<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  const { data, error, response } = await call;
  if (response.ok) return data as D;
  const body = (error ?? {}) as { detail?: string; errors?: FieldError[]; code?: string };
  throw new ApiError(
    response.status,
    body.detail ?? `${response.status} ${response.statusText}`,
    Array.isArray(body.errors) ? body.errors : [],
    body.code,
  );
}

/** The next page's path of a list answer, from its Link header. */
export function nextOf(response: Response): string | null {
  return /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
}

/** A typed list call's items and the cursor of its next page (from the Link header). */
export async function listOf<T>(
  call: Promise<{ data?: T[]; error?: unknown; response: Response }>,
): Promise<{ items: T[]; next: string | null }> {
  const done = await call;
  const items = await must(Promise.resolve(done));
  const next = nextOf(done.response);
  return { items, next: next ? new URL(next, location.origin).searchParams.get('cursor') : null };
}

/** One authenticated call by path (`page`, for a next page's path as the Link header gives it). */
async function call(method: string, path: string, body?: unknown): Promise<Response> {
  const res = await send(
    new Request(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  if (!res.ok) throw await problemOf(res);
  return res;
}

/** A list page of the API: its items and the next page's path, from the Link header. */
export async function page<T>(path: string): Promise<{ items: T[]; next: string | null }> {
  const res = await call('GET', path);
  return { items: (await res.json()) as T[], next: nextOf(res) };
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const res = await fetch('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-keel-session': 'cookie', ...CSRF },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw await problemOf(res);
  setSession((await res.json()) as TokenAnswer);
}

/**
 * The OAuth callback's tokens arrive in the URL fragment: they are wiped from the address bar at once,
 * and the refresh token is traded for the session cookie (and a fresh access token).
 */
export async function takeTokensFromFragment(): Promise<void> {
  const params = new URLSearchParams(location.hash.slice(1));
  // The address becomes the console page asked for (a console path only), without the fragment.
  const to = params.get('redirect_to');
  history.replaceState(null, '', to && /^\/console\/[^/]/.test(to) ? to : '/console/');
  const refreshToken = params.get('refresh_token');
  if (refreshToken) await trade(refreshToken);
  else if (params.get('access_token'))
    setSession({
      access_token: params.get('access_token')!,
      expires_in: Number(params.get('expires_in') ?? 3600),
    });
  else setSession(null);
}

/** Forgets the session here (and revokes this tab's access token); `quiet`: another tab signed out. */
async function forget(quiet = false): Promise<void> {
  const access = session?.access;
  setSession(null);
  if (access && quiet)
    await fetch('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${access}` } });
}

/**
 * Sign-out: revokes the access token (POST /auth/logout), ends the cookie's sign-in and clears the
 * cookie (DELETE /auth/session), then tells the other tabs.
 */
export async function signOut(): Promise<void> {
  try {
    // A renewal under way would bring a token this sign-out did not revoke: the new one is revoked.
    if (refreshing) await refreshing;
    if (session)
      await fetch('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${session.access}` } });
    await fetch('/auth/session', { method: 'DELETE', headers: CSRF });
  } finally {
    setSession(null);
    tabs?.postMessage('signed-out');
  }
}

/** On start: a session cookie from an earlier visit (reload, another tab) signs the person in. */
export function resume(): Promise<boolean> {
  return refresh();
}
