// The `oidc` login flow end to end against a real OpenID Provider (oidc-provider) on 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../src/crypto/jwt.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import type { Page, Step } from './support/browser.js';
import { startOp, type TestOp } from './support/op.js';
import { KEEL, browser, fragment, oauthEnv, putProvider, toFrontend } from './support/setup.js';

const CLIENT_ID = 'keel-test-client';
const CLIENT_SECRET = `op-secret-${randomBytes(12).toString('hex')}`;
const CALLBACK = `${KEEL}/auth/oauth/oidc/callback`;
const keys = {
  KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
};

let op: TestOp;
let app: TestApp;

const identities = async (a: TestApp) =>
  a.runtime.core.sql.query<{ id: string; props: Record<string, string>; user_email: string | null }>(
    `SELECT n.id, n.props, u.props->>'email' AS user_email
       FROM graph_nodes n
       LEFT JOIN graph_edges e ON e.src = n.id AND e.label = 'IDENTIFIES'
       LEFT JOIN graph_nodes u ON u.id = e.dst
      WHERE n.label = 'OAuthIdentity' ORDER BY n.created_at`,
  );

async function configure(a: TestApp, issuer = op.issuer) {
  return putProvider(a, 'oidc', {
    name: 'Company SSO',
    enabled: true,
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    issuer_url: issuer,
  });
}

/** A whole login as `account` through the provider's login and consent forms. */
function login(a: TestApp, account: string, extra: { rewrite?: (u: URL) => URL; path?: string } = {}) {
  return browser(a).follow(`${KEEL}${extra.path ?? '/auth/oauth/oidc/authorize'}`, {
    until: toFrontend,
    onPage: op.interact(account),
    ...(extra.rewrite ? { rewrite: extra.rewrite } : {}),
  });
}

/** Logs in at the provider and stops before the browser returns to Keel's callback. */
async function untilCallback(a: TestApp, account: string) {
  const b = browser(a);
  const stopped = await b.follow(`${KEEL}/auth/oauth/oidc/authorize`, {
    onPage: op.interact(account),
    stopAt: (u) => u.href.startsWith(CALLBACK),
  });
  if (!stopped.stoppedAt) throw new Error(`the login stopped at ${stopped.page.status}`);
  return { b, stopped };
}

beforeAll(async () => {
  op = await startOp({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: CALLBACK });
  op.accounts.set('ada', { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' });
  op.accounts.set('unverified', { email: 'eve@example.com', email_verified: false, name: 'Eve' });
  app = await startTestApp({ env: oauthEnv({ ...keys, KEEL_AUTH_OAUTH_AUTO_CREATE_USERS: 'true' }) });
  await configure(app);
});
afterAll(async () => {
  await app?.close();
  await op?.close();
});

describe('authorize: a 302 to the provider with PKCE S256, state and nonce, bound to a signed cookie', () => {
  it('redirects with the authorization request and sets a short-lived HttpOnly cookie', async () => {
    const res = await app.call('GET', '/auth/oauth/oidc/authorize');
    expect(res.status).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${op.issuer}/auth`);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('client_secret')).toBeNull();

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^keel_oauth_state=${q.get('state')}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/auth/oauth/oidc/');
    expect(cookie).toContain('Max-Age=600');
    // The PKCE verifier stays on the server: neither the URL nor the cookie carries it.
    const pending = await app.runtime.core.sql.query<{ code_verifier: string }>(
      `SELECT code_verifier FROM oauth_pending_logins`,
    );
    for (const p of pending) {
      expect(location.href).not.toContain(p.code_verifier);
      expect(cookie).not.toContain(p.code_verifier);
    }
  });

  it('redirect_to must be a path on the frontend (422 otherwise)', async () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'relative']) {
      const res = await app.call('GET', `/auth/oauth/oidc/authorize?redirect_to=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ pointer: '/redirect_to', in: 'query' });
    }
  });

  it('an unknown provider is 404', async () => {
    const res = await app.call('GET', '/auth/oauth/github/authorize');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('oauth_provider_not_found');
  });
});

describe('callback: exchanges the code, validates the ID token, signs the user in', () => {
  it('a first login creates the user and hands Keel tokens to the frontend in the fragment', async () => {
    const done = await login(app, 'ada', {
      path: '/auth/oauth/oidc/authorize?redirect_to=/projects%3Ftab%3D2',
    });
    expect(done.stoppedAt?.href.split('#')[0]).toBe('http://app.test/login/callback');
    const f = fragment(done);
    expect(f.get('token_type')).toBe('Bearer');
    expect(Number(f.get('expires_in'))).toBe(3600);
    expect(f.get('provider')).toBe('oidc');
    expect(f.get('redirect_to')).toBe('/projects?tab=2');
    const me = await app.call('GET', '/auth/me', { token: f.get('access_token')! });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      principal_name: 'ada@example.com',
      auth_method: 'oauth',
      is_admin: false,
    });
    const user = await app.runtime.core.identity.users.findByEmailUnchecked('ada@example.com');
    expect(user!.props).toMatchObject({
      display_name: 'Ada Lovelace',
      password_hash: null,
      updated_by: 'oauth:oidc',
    });

    const refreshed = await app.call('POST', '/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: f.get('refresh_token')! },
    });
    expect(refreshed.status).toBe(200);
  });

  it('links an OAuthIdentity (slug + subject) holding the provider tokens encrypted', async () => {
    const [identity] = await identities(app);
    expect(identity!.user_email).toBe('ada@example.com');
    expect(identity!.props).toMatchObject({ provider: 'oidc', subject: 'ada', email: 'ada@example.com' });
    const sealed = identity!.props.tokens_encrypted!;
    expect(sealed).toMatch(/^v1\./);
    const tokens = JSON.parse(app.runtime.core.secrets.authBox().open(sealed));
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.id_token.split('.')).toHaveLength(3);
    expect(JSON.stringify(identity!.props)).not.toContain(tokens.access_token);
    expect(JSON.stringify(identity!.props)).not.toContain(tokens.id_token);
  });

  it('the next login finds the user by subject, even after the email changed at the provider', async () => {
    op.accounts.set('ada', { email: 'ada.l@example.com', email_verified: true, name: 'Ada' });
    try {
      const f = fragment(await login(app, 'ada'));
      const me = await app.call('GET', '/auth/me', { token: f.get('access_token')! });
      expect(me.body.principal_name).toBe('ada@example.com');
      expect(await identities(app)).toHaveLength(1);
      expect((await identities(app))[0]!.props.email).toBe('ada.l@example.com');
    } finally {
      op.accounts.set('ada', { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' });
    }
  });

  it('when the linked user was deleted, the identity is linked again by the rules (here: a new user)', async () => {
    const before = await app.runtime.core.identity.users.findByEmailUnchecked('ada@example.com');
    const del = await app.call('DELETE', '/users/ada@example.com', { token: await app.adminToken() });
    expect(del.status).toBe(204);
    const f = fragment(await login(app, 'ada'));
    expect((await app.call('GET', '/auth/me', { token: f.get('access_token')! })).body.principal_name).toBe(
      'ada@example.com',
    );
    const after = await app.runtime.core.identity.users.findByEmailUnchecked('ada@example.com');
    expect(after!.id).not.toBe(before!.id);
    const rows = await identities(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_email).toBe('ada@example.com');
  });

  it('the callback clears the state cookie', async () => {
    const b = browser(app);
    const done = await b.follow(`${KEEL}/auth/oauth/oidc/authorize`, {
      until: toFrontend,
      onPage: op.interact('ada'),
    });
    expect(done.stoppedAt).toBeDefined();
    expect(b.cookies(new URL(CALLBACK))).toEqual([]);
  });

  it('an unverified email does not create a user (403)', async () => {
    const done = await login(app, 'unverified');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('oauth_email_unverified');
    expect(await app.runtime.core.identity.users.findByEmailUnchecked('eve@example.com')).toBeUndefined();
  });

  it('the user refusing at the provider is 401 oauth_access_denied', async () => {
    const cancel = (page: Page): Step | undefined => {
      const href = /href="([^"]+)">\[ Cancel \]/.exec(page.text)?.[1];
      return href ? { url: new URL(href.replace(/&amp;/g, '&'), page.url) } : undefined;
    };
    const done = await browser(app).follow(`${KEEL}/auth/oauth/oidc/authorize`, {
      until: toFrontend,
      onPage: cancel,
    });
    expect(done.page?.status).toBe(401);
    expect(done.page?.body.code).toBe('oauth_access_denied');
    expect(done.page?.body.detail).toContain('access_denied');
  });
});

describe('bad nonce: an ID token whose nonce is not the one Keel sent is refused', () => {
  it('is 401 oauth_response_invalid and signs nobody in', async () => {
    op.accounts.set('nonce-victim', { email: 'nonce@example.com', email_verified: true });
    const done = await login(app, 'nonce-victim', {
      rewrite: (u) => {
        if (u.origin === op.issuer && u.searchParams.has('nonce'))
          u.searchParams.set('nonce', 'attacker-nonce');
        return u;
      },
    });
    expect(done.page?.status).toBe(401);
    expect(done.page?.body.code).toBe('oauth_response_invalid');
    expect(done.page?.body.detail).toContain('nonce');
    expect(await app.runtime.core.identity.users.findByEmailUnchecked('nonce@example.com')).toBeUndefined();
  });
});

describe('wrong issuer', () => {
  it('a discovery document naming another issuer stops the login at authorize (502)', async () => {
    // The same provider reached under another name: its discovery document names 127.0.0.1.
    const other = await startTestApp({ env: oauthEnv({ ...keys }) });
    try {
      await configure(other, op.issuer.replace('127.0.0.1', 'localhost'));
      const res = await other.call('GET', '/auth/oauth/oidc/authorize');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('oauth_issuer_mismatch');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('an answer from another issuer than the one discovered (mix-up) is refused (401)', async () => {
    // A look-alike issuer whose metadata sends the browser to the real provider: the real provider's
    // answer names the real issuer, which is not the configured one.
    const real = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as object;
    const proxy = http.createServer((req, res) => {
      const self = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(req.url === '/.well-known/openid-configuration' ? { ...real, issuer: self } : {}),
      );
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const mixed = await startTestApp({
      env: oauthEnv({ ...keys, KEEL_AUTH_OAUTH_AUTO_CREATE_USERS: 'true' }),
    });
    try {
      await configure(mixed, `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
      const done = await login(mixed, 'ada');
      expect(done.page?.status).toBe(401);
      expect(done.page?.body.code).toBe('oauth_response_invalid');
      expect(done.page?.body.detail).toContain('iss');
      expect(await identities(mixed)).toHaveLength(0);
    } finally {
      await mixed.close();
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
    }
  });
});

describe('expired code: the provider refuses it at the token endpoint', () => {
  it('is 401 oauth_login_failed naming invalid_grant', async () => {
    op.codeTtl = 1;
    try {
      const { b, stopped } = await untilCallback(app, 'ada');
      await new Promise((r) => setTimeout(r, 2100));
      const done = await b.follow(stopped.stoppedAt!, { until: toFrontend });
      expect(done.page?.status).toBe(401);
      expect(done.page?.body.code).toBe('oauth_login_failed');
      expect(done.page?.body.detail).toContain('invalid_grant');
    } finally {
      op.codeTtl = 60;
    }
  });
});

describe('a client secret the provider no longer accepts', () => {
  it('is 401 oauth_login_failed (the token endpoint answers 401 with a WWW-Authenticate challenge), not a 500', async () => {
    await putProvider(app, 'oidc', {
      name: 'Company SSO',
      enabled: true,
      client_id: CLIENT_ID,
      client_secret: 'a-secret-the-provider-never-issued',
      issuer_url: op.issuer,
    });
    try {
      const { b, stopped } = await untilCallback(app, 'ada');
      const done = await b.follow(stopped.stoppedAt!, { until: toFrontend });
      expect(done.page?.status).toBe(401);
      expect(done.page?.body.code).toBe('oauth_login_failed');
      expect(JSON.stringify(done.page?.body)).not.toContain('a-secret-the-provider-never-issued');
    } finally {
      await configure(app);
    }
  });
});

describe('replayed state: a state works once, only in the browser that started the login', () => {
  it('replaying a completed callback is 400 oauth_state_invalid', async () => {
    const { b, stopped } = await untilCallback(app, 'ada');
    const cookies = b.cookies(stopped.stoppedAt!);
    expect(cookies).toHaveLength(1);
    const cookie = `${cookies[0]!.name}=${cookies[0]!.value}`;
    const path = `${stopped.stoppedAt!.pathname}${stopped.stoppedAt!.search}`;
    const first = await app.call('GET', path, { headers: { cookie } });
    expect(first.status).toBe(302);
    const replay = await app.call('GET', path, { headers: { cookie } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('oauth_state_invalid');
  });

  it('another browser (no cookie, or a forged one) cannot use the callback, and the state survives', async () => {
    const { b, stopped } = await untilCallback(app, 'ada');
    const path = `${stopped.stoppedAt!.pathname}${stopped.stoppedAt!.search}`;
    const state = stopped.stoppedAt!.searchParams.get('state')!;
    const none = await app.call('GET', path);
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('oauth_state_invalid');
    const forged = await app.call('GET', path, {
      headers: { cookie: `keel_oauth_state=${state}.${randomBytes(32).toString('base64url')}` },
    });
    expect(forged.status).toBe(400);
    // The rightful browser still completes.
    const done = await b.follow(stopped.stoppedAt!, { until: toFrontend });
    expect(fragment(done).get('access_token')).toBeTruthy();
  });

  it('a login left pending past its lifetime is refused', async () => {
    const { b, stopped } = await untilCallback(app, 'ada');
    await app.runtime.core.sql.query(
      `UPDATE oauth_pending_logins SET expires_at = now() - interval '1 second'`,
    );
    const done = await b.follow(stopped.stoppedAt!, { until: toFrontend });
    expect(done.page?.status).toBe(400);
    expect(done.page?.body.code).toBe('oauth_state_invalid');
  });
});

describe('a disabled or deleted provider cannot be used (404)', () => {
  it('disabling between authorize and callback fails the callback; authorize is 404 too', async () => {
    const { b, stopped } = await untilCallback(app, 'ada');
    await putProvider(app, 'oidc', { name: 'Company SSO', enabled: false, issuer_url: op.issuer });
    try {
      const done = await b.follow(stopped.stoppedAt!, { until: toFrontend });
      expect(done.page?.status).toBe(404);
      expect(done.page?.body.code).toBe('oauth_provider_not_found');
      expect((await app.call('GET', '/auth/oauth/oidc/authorize')).status).toBe(404);
    } finally {
      await configure(app);
    }
  });

  it('a deleted provider is 404', async () => {
    const token = await app.adminToken();
    expect((await app.call('DELETE', '/admin/oauth-providers/oidc', { token })).status).toBe(204);
    try {
      expect((await app.call('GET', '/auth/oauth/oidc/authorize')).status).toBe(404);
      expect((await app.call('GET', '/auth/oauth/oidc/callback?code=x&state=y')).status).toBe(400);
    } finally {
      await configure(app);
    }
  });
});

describe('linking: by verified email only when KEEL_AUTH_OAUTH_AUTO_LINK_BY_EMAIL is on', () => {
  let linking: TestApp;
  let strict: TestApp;
  beforeAll(async () => {
    linking = await startTestApp({ env: oauthEnv({ ...keys, KEEL_AUTH_OAUTH_AUTO_LINK_BY_EMAIL: 'true' }) });
    strict = await startTestApp({ env: oauthEnv({ ...keys }) });
    await configure(linking);
    await configure(strict);
    op.accounts.set('grace', { email: 'Grace@Example.com', email_verified: true, name: 'Grace' });
    op.accounts.set('grace-unverified', { email: 'grace@example.com', email_verified: false });
    op.accounts.set('stranger', { email: 'stranger@example.com', email_verified: true });
    for (const a of [linking, strict]) {
      await a.runtime.core.identity.users.createUnchecked(
        { email: 'grace@example.com', password: 'a-long-password' },
        'test',
      );
    }
  });
  afterAll(async () => {
    await linking.close();
    await strict.close();
  });

  it('with linking on, a verified email links the existing user (case-insensitively)', async () => {
    const f = fragment(await login(linking, 'grace'));
    const me = await linking.call('GET', '/auth/me', { token: f.get('access_token')! });
    expect(me.body.principal_name).toBe('grace@example.com');
    const [identity] = await identities(linking);
    expect(identity).toMatchObject({ user_email: 'grace@example.com' });
    expect(identity!.props.subject).toBe('grace');
  });

  it('with linking on, an unverified email is refused (403)', async () => {
    const done = await login(linking, 'grace-unverified');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('oauth_email_unverified');
  });

  it('with linking on but creation off, an unknown email is refused (403)', async () => {
    const done = await login(linking, 'stranger');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('oauth_account_not_linked');
    expect(done.page?.body.detail).toContain('stranger@example.com');
  });

  it('with both off, an existing email is not linked and an unknown one not created (403)', async () => {
    const existing = await login(strict, 'grace');
    expect(existing.page?.status).toBe(403);
    expect(existing.page?.body.code).toBe('oauth_account_not_linked');
    expect(existing.page?.body.detail).toContain('linking by email is off');
    const unknown = await login(strict, 'stranger');
    expect(unknown.page?.status).toBe(403);
    expect(unknown.page?.body.code).toBe('oauth_account_not_linked');
    expect(await identities(strict)).toHaveLength(0);
  });

  it('a deactivated user cannot sign in through a provider (403)', async () => {
    const user = await linking.runtime.core.identity.users.findByEmailUnchecked('grace@example.com');
    await linking.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || '{"is_active": false}' WHERE id = $1`,
      [user!.id],
    );
    const done = await login(linking, 'grace');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('user_inactive');
  });
});

describe('issuer discovery and token calls obey the outbound SSRF guard', () => {
  it('a replica that may not reach private networks refuses a loopback issuer (502), storing nothing', async () => {
    const guarded = await startTestApp({
      database: { url: app.url },
      env: oauthEnv({ ...keys, KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false' }),
    });
    try {
      const before = await guarded.runtime.core.sql.query(`SELECT 1 FROM oauth_pending_logins`);
      const res = await guarded.call('GET', '/auth/oauth/oidc/authorize');
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('oauth_provider_unavailable');
      expect(res.body.detail).toContain('private or reserved address');
      expect(await guarded.runtime.core.sql.query(`SELECT 1 FROM oauth_pending_logins`)).toHaveLength(
        before.length,
      );
    } finally {
      await guarded.api.close();
      await guarded.runtime.close();
    }
  });
});

describe('secrets never appear in a response or a log line', () => {
  it('neither the client secret nor any provider token reached a response or the log', async () => {
    const transcript = app.transcript();
    expect(transcript).toContain('/auth/oauth/:slug/callback');
    expect(transcript).not.toContain(CLIENT_SECRET);
    const box = app.runtime.core.secrets.authBox();
    const rows = await identities(app);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const tokens = JSON.parse(box.open(row.props.tokens_encrypted!));
      for (const value of Object.values(tokens)) {
        if (typeof value === 'string' && value.length > 20) expect(transcript).not.toContain(value);
      }
    }
  });
});
