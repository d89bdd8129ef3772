// Issue 2, section 5 and SPEC 2.4: service accounts and their client credentials.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  allPages,
  expectInvalid,
  expectOAuthError,
  expectProblem,
  serviceAccount,
  type ServiceAccountFixture,
} from './fixtures.js';

let app: TestApp;
let admin: string;

const SA_KEYS = ['created_at', 'description', 'display_name', 'is_active', 'roles', 'slug', 'updated_at'];
const CREATED_KEYS = ['client_id', 'client_secret', 'created_at', 'expires_at', 'name', 'scopes'];
const LISTED_KEYS = ['client_id', 'created_at', 'expires_at', 'name', 'revoked_at', 'scopes'];

const tokenWith = (clientId: string, clientSecret: string) =>
  app.call('POST', '/auth/token', {
    form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('POST /service-accounts creates a service account', () => {
  it('201 with the account', async () => {
    const res = await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'deployer', display_name: 'Deployer', description: 'Ships releases' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(SA_KEYS);
    expect(res.body).toMatchObject({
      slug: 'deployer',
      display_name: 'Deployer',
      description: 'Ships releases',
      is_active: true,
      roles: [],
    });
  });

  it('the description is optional (null)', async () => {
    const res = await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'plain', display_name: 'Plain' },
    });
    expect(res.status).toBe(201);
    expect(res.body.description).toBeNull();
  });

  it('a slug is unique: 409, and the existing account is unchanged', async () => {
    const res = await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'deployer', display_name: 'Other' },
    });
    expectProblem(res, 409, 'conflict');
    const got = await app.call('GET', '/service-accounts/deployer', { token: admin });
    expect(got.body.display_name).toBe('Deployer');
  });

  const cases: [string, unknown, string, string][] = [
    ['missing slug', { display_name: 'X' }, '/slug', 'required'],
    ['slug not a slug', { slug: 'Not_A_Slug', display_name: 'X' }, '/slug', 'pattern'],
    ['missing display name', { slug: 'x1' }, '/display_name', 'required'],
    [
      'description too long',
      { slug: 'x2', display_name: 'X', description: 'd'.repeat(2001) },
      '/description',
      'maxLength',
    ],
    ['unknown field', { slug: 'x3', display_name: 'X', is_admin: true }, '/is_admin', 'additionalProperties'],
  ];
  it.each(cases)('422: %s', async (_name, body, pointer, keyword) => {
    expectInvalid(await app.call('POST', '/service-accounts', { token: admin, body }), pointer, { keyword });
  });
});

describe('GET /service-accounts and GET /service-accounts/{slug}', () => {
  it('lists every account across pages', async () => {
    for (const slug of ['sa-a', 'sa-b', 'sa-c']) {
      await app.call('POST', '/service-accounts', { token: admin, body: { slug, display_name: slug } });
    }
    const all = await allPages(app, '/service-accounts?limit=2', admin);
    expect(all.map((s) => s.slug)).toEqual(
      expect.arrayContaining(['deployer', 'plain', 'sa-a', 'sa-b', 'sa-c']),
    );
    for (const sa of all) expect(Object.keys(sa).sort()).toEqual(SA_KEYS);
  });

  it('an unknown slug is 404', async () => {
    expectProblem(await app.call('GET', '/service-accounts/nope', { token: admin }), 404, 'not_found');
  });
});

describe('PATCH /service-accounts/{slug}', () => {
  it('changes display_name and description (null clears it)', async () => {
    const res = await app.call('PATCH', '/service-accounts/deployer', {
      token: admin,
      body: { display_name: 'Release bot', description: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ display_name: 'Release bot', description: null });
  });

  it('422 for an empty or unknown patch; 404 for an unknown account', async () => {
    expectInvalid(await app.call('PATCH', '/service-accounts/deployer', { token: admin, body: {} }), '/', {
      keyword: 'minProperties',
    });
    expectInvalid(
      await app.call('PATCH', '/service-accounts/deployer', { token: admin, body: { slug: 'renamed' } }),
      '/slug',
      { keyword: 'additionalProperties' },
    );
    expectInvalid(
      await app.call('PATCH', '/service-accounts/deployer', { token: admin, body: { is_active: 'perhaps' } }),
      '/is_active',
      { keyword: 'type' },
    );
    expectProblem(
      await app.call('PATCH', '/service-accounts/nope', { token: admin, body: { display_name: 'x' } }),
      404,
    );
  });
});

describe('client credentials: the secret is shown once, stored hashed, never listed', () => {
  let created: Record<string, string>;

  it('POST .../client-credentials answers 201 with the secret', async () => {
    const res = await app.call('POST', '/service-accounts/deployer/client-credentials', {
      token: admin,
      body: { name: 'ci', scopes: ['project:read'], expires_in_days: 30 },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(CREATED_KEYS);
    expect(res.body).toMatchObject({ name: 'ci', scopes: ['project:read'] });
    expect(res.body.client_secret.length).toBeGreaterThanOrEqual(32);
    const expires = new Date(res.body.expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    created = res.body;
  });

  it('without scopes or expiry: unrestricted, never expires', async () => {
    const res = await app.call('POST', '/service-accounts/deployer/client-credentials', {
      token: admin,
      body: { name: 'plain' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ scopes: [], expires_at: null });
    expect(res.body.client_id).not.toBe(created.client_id);
  });

  it('the secret is stored as a hash only', async () => {
    const rows = await app.runtime.core.sql.query<{ props: string }>(
      `SELECT props::text AS props FROM graph_nodes WHERE label = 'ClientCredential'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.props).not.toContain(created.client_secret!);
  });

  it('a generated secret is 32 random bytes (256 bits), stored as its SHA-256 (docs/security.md)', async () => {
    // 43 base64url characters: 32 bytes from the system's random source (src/crypto/tokens.ts).
    expect(created.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await app.runtime.core.sql.one<{ hash: string }>(
      `SELECT n.props->>'secret_hash' AS hash FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
        WHERE k.namespace = 'ClientCredential.client_id' AND k.key = $1`,
      [created.client_id],
    );
    expect(stored?.hash).toBe(createHash('sha256').update(created.client_secret!).digest('base64url'));
  });

  it('GET .../client-credentials lists them without any secret field', async () => {
    const res = await app.call('GET', '/service-accounts/deployer/client-credentials', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    for (const c of res.body) expect(Object.keys(c).sort()).toEqual(LISTED_KEYS);
    expect(res.text).not.toContain(created.client_secret!);
    expect(res.text).not.toMatch(/secret|hash/i);
    expect(res.body[0]).toMatchObject({ client_id: created.client_id, name: 'ci', revoked_at: null });
  });

  const cases: [string, unknown, string, string][] = [
    ['missing name', {}, '/name', 'required'],
    ['empty name', { name: '' }, '/name', 'minLength'],
    ['expires_in_days below 1', { name: 'x', expires_in_days: 0 }, '/expires_in_days', 'minimum'],
    ['expires_in_days above 3650', { name: 'x', expires_in_days: 3651 }, '/expires_in_days', 'maximum'],
    ['expires_in_days not an integer', { name: 'x', expires_in_days: 1.5 }, '/expires_in_days', 'type'],
    ['a scope with spaces', { name: 'x', scopes: ['project:read', 'a b'] }, '/scopes/1', 'pattern'],
    ['choosing the secret', { name: 'x', client_secret: 'mine' }, '/client_secret', 'additionalProperties'],
    ['choosing the client id', { name: 'x', client_id: 'mine' }, '/client_id', 'additionalProperties'],
  ];
  it.each(cases)('422: %s', async (_name, body, pointer, keyword) => {
    const res = await app.call('POST', '/service-accounts/deployer/client-credentials', {
      token: admin,
      body,
    });
    expectInvalid(res, pointer, { keyword });
    const list = await app.call('GET', '/service-accounts/deployer/client-credentials', { token: admin });
    expect(list.body).toHaveLength(2);
  });

  it('404 for an unknown account', async () => {
    for (const [method, body] of [
      ['POST', { name: 'x' }],
      ['GET', undefined],
    ] as const) {
      const res = await app.call(method, '/service-accounts/nope/client-credentials', { token: admin, body });
      expectProblem(res, 404, 'not_found');
    }
  });
});

describe('DELETE .../client-credentials/{client_id} revokes a credential (204)', () => {
  let sa: ServiceAccountFixture;
  let other: ServiceAccountFixture;
  beforeAll(async () => {
    sa = await serviceAccount(app, 'revoker', { roles: ['member'] });
    other = await serviceAccount(app, 'bystander', { roles: ['member'] });
  });

  it('a credential of another account is 404 under this one, and stays usable', async () => {
    const res = await app.call('DELETE', `/service-accounts/revoker/client-credentials/${other.clientId}`, {
      token: admin,
    });
    expectProblem(res, 404, 'not_found');
    expect((await tokenWith(other.clientId, other.clientSecret)).status).toBe(200);
    expectProblem(
      await app.call('DELETE', '/service-accounts/revoker/client-credentials/no-such-client', {
        token: admin,
      }),
      404,
    );
  });

  it('revokes: no new token (invalid_client), revoked_at listed; revoking again is 204', async () => {
    expect((await tokenWith(sa.clientId, sa.clientSecret)).status).toBe(200);
    const res = await app.call('DELETE', `/service-accounts/revoker/client-credentials/${sa.clientId}`, {
      token: admin,
    });
    expect(res.status).toBe(204);
    expectOAuthError(await tokenWith(sa.clientId, sa.clientSecret), 401, 'invalid_client');
    const list = await app.call('GET', '/service-accounts/revoker/client-credentials', { token: admin });
    expect(list.body[0].revoked_at).toEqual(expect.any(String));
    const again = await app.call('DELETE', `/service-accounts/revoker/client-credentials/${sa.clientId}`, {
      token: admin,
    });
    expect(again.status).toBe(204);
  });
});

describe('an inactive account or an expired credential cannot get a token (401 invalid_client)', () => {
  it('deactivating refuses new tokens and existing ones; reactivating allows new tokens, not the old ones', async () => {
    const sa = await serviceAccount(app, 'sleeper', { roles: ['member'] });
    const off = await app.call('PATCH', '/service-accounts/sleeper', {
      token: admin,
      body: { is_active: false },
    });
    expect(off.body.is_active).toBe(false);
    expectOAuthError(await tokenWith(sa.clientId, sa.clientSecret), 401, 'invalid_client');
    expectProblem(await app.call('GET', '/auth/me', { token: sa.token }), 401, 'invalid_token');

    await app.call('PATCH', '/service-accounts/sleeper', { token: admin, body: { is_active: true } });
    const fresh = await tokenWith(sa.clientId, sa.clientSecret);
    expect(fresh.status).toBe(200);
    expect((await app.call('GET', '/auth/me', { token: fresh.body.access_token })).status).toBe(200);
    // Tokens issued before the deactivation stay refused (docs/authorization.md, Revocation).
    expectProblem(await app.call('GET', '/auth/me', { token: sa.token }), 401, 'invalid_token');
  });

  it('an expired credential is refused', async () => {
    const sa = await serviceAccount(app, 'expiring', { roles: ['member'] });
    await app.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || jsonb_build_object('expires_at', '2001-01-01T00:00:00.000Z')
        WHERE label = 'ClientCredential' AND props->>'client_id' = $1`,
      [sa.clientId],
    );
    // No route changes a credential's expiry; written behind the API's back, it reaches the cached
    // credential (src/identity/auth-cache.ts) as every change to credentials does.
    app.runtime.core.authCache.clear();
    expectOAuthError(await tokenWith(sa.clientId, sa.clientSecret), 401, 'invalid_client');
  });
});

describe('DELETE /service-accounts/{slug} removes the account and its credentials (204)', () => {
  it('its credentials and tokens stop working, even after a new account takes the slug', async () => {
    const sa = await serviceAccount(app, 'temporary', { roles: ['member'] });
    expect((await app.call('GET', '/auth/me', { token: sa.token })).status).toBe(200);

    expect((await app.call('DELETE', '/service-accounts/temporary', { token: admin })).status).toBe(204);
    expectProblem(await app.call('GET', '/service-accounts/temporary', { token: admin }), 404);
    const left = await app.runtime.core.sql.one(
      `SELECT 1 FROM graph_nodes WHERE label = 'ClientCredential' AND props->>'client_id' = $1`,
      [sa.clientId],
    );
    expect(left).toBeUndefined();
    expectOAuthError(await tokenWith(sa.clientId, sa.clientSecret), 401, 'invalid_client');
    expectProblem(await app.call('GET', '/auth/me', { token: sa.token }), 401, 'invalid_token');

    await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'temporary', display_name: 'T' },
    });
    // As once the authentication cache's entries expire: the answer must come from the token's revocation.
    app.runtime.core.authCache.clear();
    expectProblem(await app.call('GET', '/auth/me', { token: sa.token }), 401, 'invalid_token');
    expectProblem(await app.call('DELETE', '/service-accounts/nope', { token: admin }), 404);
  });
});
