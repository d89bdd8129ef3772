// The console's session cookie (docs/console.md, "Session"): the refresh token in an HttpOnly, Secure,
// SameSite=Strict cookie scoped to /auth/session, CSRF checks on every route that sets or reads it,
// rotation, and sign-out that revokes and clears it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectInvalid, expectProblem } from './fixtures.js';

let app: TestApp;
const EMAIL = 'carol@session.test';
const PASSWORD = 'carol-password-1';
const CSRF = { 'x-keel-csrf': '1' };

const loginWithCookie = (headers: Record<string, string> = CSRF) =>
  app.call('POST', '/auth/login', {
    body: { email: EMAIL, password: PASSWORD },
    headers: { 'x-keel-session': 'cookie', ...headers },
  });
/** The `keel_refresh` Set-Cookie of an answer. */
function setCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : [raw];
  const found = all.find((c): c is string => typeof c === 'string' && c.startsWith('keel_refresh='));
  expect(found, 'a keel_refresh cookie').toBeDefined();
  return found!;
}
const valueOf = (cookie: string) => cookie.slice('keel_refresh='.length, cookie.indexOf(';'));
const session = (cookie: string | undefined, headers: Record<string, string> = CSRF, method = 'POST') =>
  app.call(method, '/auth/session', {
    headers: { ...headers, ...(cookie !== undefined ? { cookie: `keel_refresh=${cookie}` } : {}) },
  });
const me = (t: string) => app.call('GET', '/auth/me', { token: t });

beforeAll(async () => {
  app = await startTestApp();
  await app.user(EMAIL, { password: PASSWORD });
});
afterAll(() => app.close());

describe('POST /auth/login with X-Keel-Session: cookie', () => {
  it('sets the refresh token in an HttpOnly, Secure, SameSite=Strict cookie scoped to /auth/session, not in the body', async () => {
    const res = await loginWithCookie();
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const cookie = setCookie(res);
    const attributes = cookie.split(';').map((a) => a.trim());
    expect(attributes).toEqual(
      expect.arrayContaining(['Path=/auth/session', 'HttpOnly', 'Secure', 'SameSite=Strict']),
    );
    expect(attributes.find((a) => a.startsWith('Max-Age='))).toBe(`Max-Age=${30 * 86400}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await me(res.body.access_token)).status).toBe(200);
  });

  it('without X-Keel-CSRF, or from another origin, is refused before any password check', async () => {
    expectProblem(await loginWithCookie({}), 403, 'csrf_refused');
    expectProblem(await loginWithCookie({ ...CSRF, origin: 'https://evil.example' }), 403, 'csrf_refused');
    expectProblem(await loginWithCookie({ ...CSRF, 'sec-fetch-site': 'cross-site' }), 403, 'csrf_refused');
  });

  it('a wrong password sets no cookie', async () => {
    const res = await app.call('POST', '/auth/login', {
      body: { email: EMAIL, password: 'wrong-password-1' },
      headers: { 'x-keel-session': 'cookie', ...CSRF },
    });
    expectProblem(res, 401, 'invalid_credentials');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /auth/session: the cookie for a new access token, rotated', () => {
  it('answers a new access token and a new cookie; the old cookie then fails and ends the family', async () => {
    const first = valueOf(setCookie(await loginWithCookie()));
    const res = await session(first);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    expect((await me(res.body.access_token)).status).toBe(200);
    const second = valueOf(setCookie(res));
    expect(second).not.toBe(first);
    // Presenting the used cookie again means it leaked: refused, cleared, and the family ends.
    const reused = await session(first);
    expectProblem(reused, 401, 'session_ended');
    expect(setCookie(reused)).toContain('Max-Age=0');
    expectProblem(await session(second), 401, 'session_ended');
  });

  it('without a cookie or a token is a 401', async () => {
    expectProblem(await session(undefined), 401, 'no_session');
    expectProblem(await session('not-a-token'), 401, 'session_ended');
  });

  it('is refused (403) without X-Keel-CSRF, from another Origin or site, and the cookie stays usable', async () => {
    const cookie = valueOf(setCookie(await loginWithCookie()));
    expectProblem(await session(cookie, {}), 403, 'csrf_refused');
    expectProblem(await session(cookie, { 'x-keel-csrf': 'yes' }), 403, 'csrf_refused');
    expectProblem(await session(cookie, { ...CSRF, origin: 'https://evil.example' }), 403, 'csrf_refused');
    expectProblem(await session(cookie, { ...CSRF, 'sec-fetch-site': 'same-site' }), 403, 'csrf_refused');
    // None of the refusals used the token up.
    expect((await session(cookie, { ...CSRF, origin: 'http://localhost:80' })).status).toBe(200);
  });

  it('adopts a refresh token sent in the body (the OAuth callback) into the cookie; the cookie is then not read', async () => {
    const plain = await app.call('POST', '/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    const res = await app.call('POST', '/auth/session', {
      headers: { ...CSRF, cookie: 'keel_refresh=some-other-value' },
      body: { refresh_token: plain.body.refresh_token },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.refresh_token).toBeUndefined();
    expect((await session(valueOf(setCookie(res)))).status).toBe(200);
  });

  it('a body other than {refresh_token} is a 422 naming the field', async () => {
    expectInvalid(
      await app.call('POST', '/auth/session', { headers: CSRF, body: { refresh_token: 7 } }),
      '/refresh_token',
    );
    expectInvalid(await app.call('POST', '/auth/session', { headers: CSRF, body: { token: 'x' } }), '/token');
  });
});

describe('DELETE /auth/session: sign-out', () => {
  it('ends the sign-in of the cookie (every rotation) and clears the cookie', async () => {
    const login = await loginWithCookie();
    const rotated = valueOf(setCookie(await session(valueOf(setCookie(login)))));
    const out = await session(rotated, CSRF, 'DELETE');
    expect(out.status).toBe(204);
    expect(setCookie(out)).toMatch(/^keel_refresh=; Path=\/auth\/session; Max-Age=0; HttpOnly; Secure/);
    expectProblem(await session(rotated), 401, 'session_ended');
  });

  it('is refused without X-Keel-CSRF (the session survives) and clears nothing', async () => {
    const cookie = valueOf(setCookie(await loginWithCookie()));
    const res = await session(cookie, {}, 'DELETE');
    expectProblem(res, 403, 'csrf_refused');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await session(cookie)).status).toBe(200);
  });

  it('without a cookie still answers 204 and clears', async () => {
    const res = await session(undefined, CSRF, 'DELETE');
    expect(res.status).toBe(204);
    expect(setCookie(res)).toContain('Max-Age=0');
  });
});
