// provider_a (an OpenID Connect vendor) and provider_b (an OAuth 2.0 vendor with a user API) against
// local servers speaking their wire formats, reached through the endpoint override settings.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { KEEL, browser, fragment, oauthEnv, putProvider, toFrontend } from './support/setup.js';
import { startProviderA, startProviderB, type ProviderA, type ProviderB } from './support/vendors.js';

const A = { clientId: 'a-client.apps.example', clientSecret: `a-secret-${randomBytes(12).toString('hex')}` };
const B = { clientId: 'Iv1.b-client', clientSecret: `b-secret-${randomBytes(12).toString('hex')}` };

let pa: ProviderA;
let pb: ProviderB;
let app: TestApp;

const login = (slug: string) =>
  browser(app).follow(`${KEEL}/auth/oauth/${slug}/authorize`, { until: toFrontend });
const me = async (token: string) => (await app.call('GET', '/auth/me', { token })).body;
const configureA = (domains: string[]) =>
  putProvider(app, 'provider_a', {
    name: 'Provider A',
    enabled: true,
    client_id: A.clientId,
    client_secret: A.clientSecret,
    allowed_domains: domains,
  });
const configureB = (secret = B.clientSecret) =>
  putProvider(app, 'provider_b', {
    name: 'Provider B',
    enabled: true,
    client_id: B.clientId,
    client_secret: secret,
  });

beforeAll(async () => {
  pa = await startProviderA(A);
  pb = await startProviderB(B);
  app = await startTestApp({
    env: oauthEnv({
      KEEL_AUTH_OAUTH_AUTO_CREATE_USERS: 'true',
      KEEL_AUTH_PROVIDER_A_ISSUER: pa.issuer,
      KEEL_AUTH_PROVIDER_B_AUTHORIZE_URL: `${pb.url}/login/oauth/authorize`,
      KEEL_AUTH_PROVIDER_B_TOKEN_URL: `${pb.url}/login/oauth/access_token`,
      KEEL_AUTH_PROVIDER_B_API_URL: `${pb.url}/api`,
    }),
  });
  await configureA(['example.com']);
  await configureB();
});
afterAll(async () => {
  await app?.close();
  await pa?.close();
  await pb?.close();
});

describe('provider_a: an OIDC vendor, its issuer a setting, email domains gated by allowed_domains', () => {
  it('authorize discovers the vendor issuer and sends code + PKCE S256 + state + nonce', async () => {
    const res = await app.call('GET', '/auth/oauth/provider_a/authorize');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${pa.issuer}/o/oauth2/v2/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('redirect_uri')).toBe(`${KEEL}/auth/oauth/provider_a/callback`);
  });

  it('a verified address in an allowed domain signs in (vendor extras in the callback are fine)', async () => {
    pa.account = {
      sub: '1001',
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada',
      hd: 'example.com',
    };
    const f = fragment(await login('provider_a'));
    expect(await me(f.get('access_token')!)).toMatchObject({
      principal_name: 'Ada@Example.com',
      auth_method: 'oauth',
    });
    expect(pa.requests).toEqual(
      expect.arrayContaining([
        'GET /.well-known/openid-configuration',
        'POST /token',
        'GET /oauth2/v3/certs',
      ]),
    );
  });

  it('an address outside allowed_domains is refused with 403, subdomains included', async () => {
    for (const email of ['mallory@other.org', 'mallory@eng.example.com', 'mallory@example.com.evil.org']) {
      pa.account = { sub: `x-${email}`, email, email_verified: true };
      const done = await login('provider_a');
      expect(done.page?.status, email).toBe(403);
      expect(done.page?.body.code).toBe('oauth_domain_not_allowed');
      expect(await app.runtime.core.identity.users.findByEmailUnchecked(email)).toBeUndefined();
    }
  });

  it('an unverified address is refused even in an allowed domain (403)', async () => {
    pa.account = { sub: '1002', email: 'bob@example.com', email_verified: false };
    const done = await login('provider_a');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('oauth_email_unverified');
  });

  it('the gate applies on every login: narrowing allowed_domains locks out linked users', async () => {
    pa.account = { sub: '1001', email: 'ada@example.com', email_verified: true };
    await configureA(['other.org']);
    try {
      const done = await login('provider_a');
      expect(done.page?.status).toBe(403);
      expect(done.page?.body.code).toBe('oauth_domain_not_allowed');
    } finally {
      await configureA(['example.com']);
    }
    expect(fragment(await login('provider_a')).get('access_token')).toBeTruthy();
  });

  it.each([
    ['an ID token for another audience', { audience: 'someone-else' }, 'aud'],
    ['an expired ID token', { expiresIn: -120 }, 'exp'],
    ['an ID token not signed by the published keys', { rogueKey: true }, 'signature'],
  ])('%s is refused (401)', async (_name, tamper, words) => {
    pa.account = { sub: '1001', email: 'ada@example.com', email_verified: true };
    pa.tamper = tamper;
    try {
      const done = await login('provider_a');
      expect(done.page?.status).toBe(401);
      expect(done.page?.body.code).toBe('oauth_response_invalid');
      expect(done.page?.body.detail).toContain(words);
    } finally {
      pa.tamper = {};
    }
  });
});

describe('provider_b: OAuth 2.0 with a user API; the primary verified email is used', () => {
  it('authorize sends code + PKCE S256 + state (no nonce) with the user-API scopes', async () => {
    const res = await app.call('GET', '/auth/oauth/provider_b/authorize');
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${pb.url}/login/oauth/authorize`);
    expect(url.searchParams.get('scope')).toBe('read:user user:email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeNull();
  });

  it('signs in with the primary verified email, the subject being the numeric user id', async () => {
    pb.account = {
      id: 583231,
      login: 'octocat',
      name: 'The Octocat',
      emails: [
        { email: 'secondary@example.net', primary: false, verified: true, visibility: null },
        { email: 'octocat@example.com', primary: true, verified: true, visibility: 'private' },
      ],
    };
    const f = fragment(await login('provider_b'));
    expect(await me(f.get('access_token')!)).toMatchObject({ principal_name: 'octocat@example.com' });
    const user = await app.runtime.core.identity.users.findByEmailUnchecked('octocat@example.com');
    expect(user!.props.display_name).toBe('The Octocat');
    const identity = await app.runtime.core.sql.one<{ props: { subject: string; tokens_encrypted: string } }>(
      `SELECT props FROM graph_nodes WHERE label = 'OAuthIdentity' AND props->>'provider' = 'provider_b'`,
    );
    expect(identity!.props.subject).toBe('583231');
    const tokens = JSON.parse(app.runtime.core.secrets.authBox().open(identity!.props.tokens_encrypted));
    expect(tokens).toMatchObject({ access_token: expect.stringMatching(/^gho_/), token_type: 'bearer' });
    expect(pb.requests).toEqual(
      expect.arrayContaining(['POST /login/oauth/access_token', 'GET /api/user', 'GET /api/user/emails']),
    );
  });

  it('a profile name the database cannot hold (U+0000, a pair cut at 200) is stored well-formed', async () => {
    pb.account = {
      id: 583232,
      login: 'odd',
      name: `N\u0000${'x'.repeat(197)}\ud83d\ude80`,
      emails: [{ email: 'odd-name@example.com', primary: true, verified: true, visibility: null }],
    };
    const f = fragment(await login('provider_b'));
    expect(await me(f.get('access_token')!)).toMatchObject({ principal_name: 'odd-name@example.com' });
    const user = await app.runtime.core.identity.users.findByEmailUnchecked('odd-name@example.com');
    expect(user!.props.display_name).toBe(`N\uFFFD${'x'.repeat(197)}`);
  });

  it('an unverified primary email is refused (403), even with a verified secondary one', async () => {
    pb.account = {
      id: 999,
      login: 'newbie',
      name: null,
      emails: [
        { email: 'newbie@example.com', primary: true, verified: false, visibility: 'public' },
        { email: 'other@example.com', primary: false, verified: true, visibility: null },
      ],
    };
    const done = await login('provider_b');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('oauth_email_unverified');
    expect(await app.runtime.core.identity.users.findByEmailUnchecked('newbie@example.com')).toBeUndefined();
    expect(await app.runtime.core.identity.users.findByEmailUnchecked('other@example.com')).toBeUndefined();
  });

  it('an account without any email is refused (403)', async () => {
    pb.account = { id: 1000, login: 'ghost', name: null, emails: [] };
    const done = await login('provider_b');
    expect(done.page?.status).toBe(403);
    expect(done.page?.body.code).toBe('oauth_email_missing');
  });

  it('a refused code, answered by the vendor with HTTP 200 and an error body, is 401', async () => {
    await configureB(`wrong-${randomBytes(8).toString('hex')}`);
    try {
      pb.account.emails = [{ email: 'x@example.com', primary: true, verified: true, visibility: null }];
      const done = await login('provider_b');
      expect(done.page?.status).toBe(401);
      expect(done.page?.body.code).toBe('oauth_login_failed');
      expect(done.page?.body.detail).toContain('incorrect_client_credentials');
      expect(done.page?.text).not.toContain('are incorrect'); // the vendor's description is not echoed
    } finally {
      await configureB();
    }
  });

  it('a failing user API is 502 naming the status, without the vendor body', async () => {
    pb.userApiStatus = 500;
    try {
      const done = await login('provider_b');
      expect(done.page?.status).toBe(502);
      expect(done.page?.body.code).toBe('oauth_provider_unavailable');
      expect(done.page?.body.detail).toContain('HTTP 500');
      expect(done.page?.text).not.toContain('Server Error');
    } finally {
      pb.userApiStatus = undefined;
    }
  });
});

describe('a vendor token Keel cannot send on', () => {
  it('a token with a newline is 502 naming no token (the HTTP client quoted the header it refused)', async () => {
    pb.tokenSuffix = '\nX';
    try {
      const done = await login('provider_b');
      expect(done.page?.status).toBe(502);
      expect(done.page?.body.code).toBe('oauth_provider_unavailable');
      expect(done.page?.text).not.toContain('gho_');
      expect(app.transcript()).not.toContain(pb.issued.at(-1)!.slice(0, 20));
    } finally {
      pb.tokenSuffix = undefined;
    }
  });
});

describe('secrets never appear in a response or a log line', () => {
  it('no client secret and no token the vendors issued reached a response or the log', () => {
    const transcript = app.transcript();
    expect(pa.issued.length + pb.issued.length).toBeGreaterThan(3);
    for (const s of [A.clientSecret, B.clientSecret, ...pa.issued, ...pb.issued]) {
      expect(transcript).not.toContain(s);
    }
  });
});
