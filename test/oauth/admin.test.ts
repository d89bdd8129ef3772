import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { oauthEnv } from './support/setup.js';

let app: TestApp;
let admin: string;
/** Every plaintext secret this file sends; none may ever come back or reach a log. */
const secrets: string[] = [];
const secret = (label: string) => {
  const s = `sec-${label}-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  secrets.push(s);
  return s;
};

const oidcBody = (extra: Record<string, unknown> = {}) => ({
  name: 'Company SSO',
  enabled: true,
  client_id: 'keel-client',
  client_secret: secret('oidc'),
  issuer_url: 'https://login.example.com/realms/acme',
  ...extra,
});

const stored = async (slug: string) =>
  (
    await app.runtime.core.sql.one<{ props: Record<string, unknown> }>(
      `SELECT n.props FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
        WHERE k.namespace = 'OAuthProvider.slug' AND k.key = $1`,
      [slug],
    )
  )?.props;

beforeAll(async () => {
  app = await startTestApp({ env: oauthEnv({ KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false' }) });
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('OAuthProvider read model: has_secret, never the secret (SPEC 2.5)', () => {
  it('PUT creates (201), GET reads, a second PUT replaces (200)', async () => {
    const created = await app.call('PUT', '/admin/oauth-providers/oidc', { token: admin, body: oidcBody() });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      slug: 'oidc',
      type: 'oidc',
      type_display_name: 'OpenID Connect',
      type_description: expect.stringContaining('OpenID Connect provider'),
      name: 'Company SSO',
      enabled: true,
      client_id: 'keel-client',
      has_secret: true,
      issuer_url: 'https://login.example.com/realms/acme',
      allowed_domains: [],
      icon: 'key',
      callback_url: 'http://keel.test/auth/oauth/oidc/callback',
      updated_by: 'admin@example.com',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await app.call('GET', '/admin/oauth-providers/oidc', { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const replaced = await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: admin,
      body: { name: 'Renamed', enabled: false, issuer_url: 'https://login.example.com/realms/acme' },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      name: 'Renamed',
      enabled: false,
      client_id: null,
      has_secret: true,
    });
    expect(replaced.body.created_at).toBe(created.body.created_at);
  });

  it('lists providers as an array with pagination', async () => {
    await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: admin,
      body: { name: 'Provider B', enabled: false },
    });
    const all = await app.call('GET', '/admin/oauth-providers', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.map((p: { slug: string }) => p.slug)).toEqual(['oidc', 'provider_b']);
    const first = await app.call('GET', '/admin/oauth-providers?limit=1', { token: admin });
    expect(first.body).toHaveLength(1);
    expect(first.headers.link).toMatch(/rel="next"/);
    for (const p of all.body) {
      expect(Object.keys(p)).not.toContain('client_secret');
      expect(Object.keys(p)).not.toContain('client_secret_encrypted');
    }
  });

  it('GET of an unknown slug is 404', async () => {
    const res = await app.call('GET', '/admin/oauth-providers/nope', { token: admin });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('provider types are named for the services they call', () => {
  it('GET /admin/oauth-provider-types: Google, GitHub, OpenID Connect, for oauth-providers:read', async () => {
    const res = await app.call('GET', '/admin/oauth-provider-types', { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(
      res.body.map((t: { type: string; display_name: string; icon: string }) => [
        t.type,
        t.display_name,
        t.icon,
      ]),
    ).toEqual([
      ['provider_a', 'Google', 'provider_a'],
      ['provider_b', 'GitHub', 'provider_b'],
      ['oidc', 'OpenID Connect', 'key'],
    ]);
    expect(res.body[0].description).toContain('accounts.google.com');
    expect(res.body[1].description).toContain('github.com');
    // No placeholder names left in what a person reads.
    expect(res.text).not.toMatch(/Provider [AB]|Vendor [AB]/);
    expect((await app.call('GET', '/admin/oauth-provider-types')).status).toBe(401);
    const nobody = await app.user('types-nobody@example.com');
    const refused = await app.call('GET', '/admin/oauth-provider-types', { token: nobody });
    expect(refused.status).toBe(403);
  });

  it("a provider's answer and the login methods name its service", async () => {
    const put = await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: admin,
      body: { name: 'Sign in with GitHub', enabled: false },
    });
    expect(put.status, put.text).toBeLessThan(300);
    expect(put.body).toMatchObject({ type: 'provider_b', type_display_name: 'GitHub' });
    const methods = await app.call('GET', '/auth/providers');
    expect(methods.status).toBe(200);
    for (const m of methods.body as Array<{ type: string; type_display_name: string }>)
      expect(m.type_display_name).toBe(
        { provider_a: 'Google', provider_b: 'GitHub', oidc: 'OpenID Connect', password: 'Password' }[m.type],
      );
  });
});

describe('client_secret is write-only and encrypted on write', () => {
  it('is stored only as ciphertext that the auth key opens', async () => {
    const plain = secret('stored');
    await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: admin,
      body: oidcBody({ client_secret: plain }),
    });
    const props = await stored('oidc');
    expect(JSON.stringify(props)).not.toContain(plain);
    expect(props!.client_secret_encrypted).toMatch(/^v1\./);
    expect(app.runtime.core.secrets.authBox().open(props!.client_secret_encrypted as string)).toBe(plain);
  });

  it('absent keeps the stored secret, a string replaces it, null clears it', async () => {
    const first = secret('first');
    await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: admin,
      body: oidcBody({ client_secret: first }),
    });
    const before = (await stored('oidc'))!.client_secret_encrypted;

    const { client_secret: _omit, ...withoutSecret } = oidcBody({ name: 'Kept' });
    const kept = await app.call('PUT', '/admin/oauth-providers/oidc', { token: admin, body: withoutSecret });
    expect(kept.status).toBe(200);
    expect(kept.body.has_secret).toBe(true);
    expect((await stored('oidc'))!.client_secret_encrypted).toBe(before);

    const second = secret('second');
    await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: admin,
      body: oidcBody({ client_secret: second }),
    });
    const after = (await stored('oidc'))!.client_secret_encrypted as string;
    expect(after).not.toBe(before);
    expect(app.runtime.core.secrets.authBox().open(after)).toBe(second);

    const cleared = await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: admin,
      body: oidcBody({ enabled: false, client_secret: null }),
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.has_secret).toBe(false);
    expect((await stored('oidc'))!.client_secret_encrypted).toBeNull();
  });

  it.each(['********', '****abcd', '••••••••', 'abc***def', '[redacted]'])(
    'a value that looks like a mask (%s) is refused with 422',
    async (mask) => {
      const before = await stored('oidc');
      const res = await app.call('PUT', '/admin/oauth-providers/oidc', {
        token: admin,
        body: oidcBody({ client_secret: mask }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].pointer).toBe('/client_secret');
      expect(await stored('oidc')).toEqual(before);
    },
  );

  it('the ciphertext field cannot be written', async () => {
    const res = await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: admin,
      body: { ...oidcBody(), client_secret_encrypted: 'v1.x.y.z.w' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      pointer: '/client_secret_encrypted',
      keyword: 'additionalProperties',
    });
  });
});

describe('without KEEL_AUTH_ENCRYPTION_KEY a secret write fails and nothing is stored', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ env: oauthEnv({ KEEL_AUTH_ENCRYPTION_KEY: undefined }) });
  });
  afterAll(() => bare.close());

  it('PUT with a secret is a 503 problem naming the setting; no provider exists afterwards', async () => {
    const token = await bare.adminToken();
    const plain = secret('nokey');
    const res = await bare.call('PUT', '/admin/oauth-providers/oidc', {
      token,
      body: oidcBody({ client_secret: plain }),
    });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.code).toBe('auth_encryption_key_missing');
    expect(res.body.detail).toContain('KEEL_AUTH_ENCRYPTION_KEY');
    expect((await bare.call('GET', '/admin/oauth-providers/oidc', { token })).status).toBe(404);
    const rows = await bare.runtime.core.sql.query(`SELECT 1 FROM graph_nodes WHERE label = 'OAuthProvider'`);
    expect(rows).toHaveLength(0);
    expect(bare.transcript()).not.toContain(plain);
  });

  it('a configuration without a secret can still be saved (disabled)', async () => {
    const res = await bare.call('PUT', '/admin/oauth-providers/provider_b', {
      token: await bare.adminToken(),
      body: { name: 'B', enabled: false, client_id: 'abc' },
    });
    expect(res.status).toBe(201);
    expect(res.body.has_secret).toBe(false);
  });
});

describe('validation of the provider configuration', () => {
  const put = (slug: string, body: Record<string, unknown>) =>
    app.call('PUT', `/admin/oauth-providers/${slug}`, { token: admin, body });
  const expect422 = async (slug: string, body: Record<string, unknown>, pointer: string) => {
    const res = await put(slug, body);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[0].pointer).toBe(pointer);
    return res;
  };

  it('only the v1 slugs can be written (422 naming the path parameter)', async () => {
    const res = await expect422('github', oidcBody(), '/slug');
    expect(res.body.errors[0].in).toBe('params');
  });

  it('type must match the slug', async () => {
    await expect422('oidc', oidcBody({ type: 'provider_b' }), '/type');
    expect((await put('oidc', oidcBody({ type: 'oidc' }))).status).toBe(200);
  });

  it('name and enabled are required', async () => {
    await expect422('provider_b', { enabled: false }, '/name');
    await expect422('provider_b', { name: 'B' }, '/enabled');
  });

  it('issuer_url is required for oidc and refused for the vendor types', async () => {
    await expect422('oidc', oidcBody({ issuer_url: undefined }), '/issuer_url');
    await expect422('oidc', oidcBody({ issuer_url: null }), '/issuer_url');
    await expect422(
      'provider_b',
      { name: 'B', enabled: false, issuer_url: 'https://x.example.com' },
      '/issuer_url',
    );
    await expect422(
      'provider_a',
      { name: 'A', enabled: false, issuer_url: 'https://x.example.com' },
      '/issuer_url',
    );
  });

  it.each([
    ['http://login.example.com', 'https'],
    ['https://user:pw@login.example.com', 'user name or password'],
    ['https://login.example.com/?tenant=1', 'query'],
    ['https://login.example.com/#x', 'fragment'],
    ['not a url', 'not a valid URL'],
    ['ftp://login.example.com', 'scheme'],
    ['https://127.0.0.1:8443', 'private'],
    ['https://10.0.0.7', 'private'],
    ['https://localhost:8443', 'loopback'],
    ['http://127.0.0.1:8080', 'https'],
  ])('issuer_url %s is refused (%s) while private networks are not allowed', async (issuer, words) => {
    const res = await expect422('oidc', oidcBody({ issuer_url: issuer }), '/issuer_url');
    expect(res.body.detail).toContain(words);
  });

  it('issuers are normalized: no trailing slash, lower-case host, no default port', async () => {
    const res = await put('oidc', oidcBody({ issuer_url: 'https://Login.Example.com:443/realms/acme/' }));
    expect(res.status).toBe(200);
    expect(res.body.issuer_url).toBe('https://login.example.com/realms/acme');
  });

  it('allowed_domains: domain names only, for provider_a only, lower-cased and de-duplicated', async () => {
    await expect422(
      'provider_a',
      { name: 'A', enabled: false, allowed_domains: ['example.com', 'not a domain'] },
      '/allowed_domains/1',
    );
    await expect422('oidc', oidcBody({ allowed_domains: ['example.com'] }), '/allowed_domains');
    const res = await put('provider_a', {
      name: 'A',
      enabled: false,
      allowed_domains: ['Example.com', 'example.com', 'eng.example.org'],
    });
    expect(res.status).toBe(201);
    expect(res.body.allowed_domains).toEqual(['example.com', 'eng.example.org']);
    expect(res.body.icon).toBe('provider_a');
  });

  it('an enabled provider needs a client id, a secret, and for provider_a an allowed domain', async () => {
    await expect422('provider_b', { name: 'B', enabled: true, client_secret: secret('b') }, '/client_id');
    await expect422('provider_b', { name: 'B', enabled: true, client_id: 'id' }, '/client_secret');
    await expect422(
      'provider_a',
      { name: 'A', enabled: true, client_id: 'id', client_secret: secret('a') },
      '/allowed_domains',
    );
    const ok = await put('provider_a', {
      name: 'A',
      enabled: true,
      client_id: 'id',
      client_secret: secret('a'),
      allowed_domains: ['example.com'],
    });
    expect(ok.status).toBe(200);
  });

  it('unknown fields and wrong types are 422, never 500', async () => {
    await expect422('provider_b', { name: 'B', enabled: false, colour: 'red' }, '/colour');
    await expect422('provider_b', { name: 'B', enabled: 'yes please' }, '/enabled');
    await expect422('provider_b', { name: 'B', enabled: false, icon: 'rocket' }, '/icon');
    await expect422(
      'provider_b',
      { name: 'B', enabled: false, allowed_domains: 'x.com' },
      '/allowed_domains',
    );
  });
});

describe('http loopback issuers are accepted only while private networks are allowed', () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await startTestApp({ env: oauthEnv({ KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }) });
  });
  afterAll(() => open.close());

  it('http://127.0.0.1 is accepted; http to a public host is still refused', async () => {
    const token = await open.adminToken();
    const ok = await open.call('PUT', '/admin/oauth-providers/oidc', {
      token,
      body: oidcBody({ issuer_url: 'http://127.0.0.1:9/' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.issuer_url).toBe('http://127.0.0.1:9');
    const bad = await open.call('PUT', '/admin/oauth-providers/oidc', {
      token,
      body: oidcBody({ issuer_url: 'http://login.example.com' }),
    });
    expect(bad.status).toBe(422);
  });
});

describe('who may administer providers: oauth-providers:read and oauth-providers:write', () => {
  let reader: string;
  let writer: string;
  let member: string;
  beforeAll(async () => {
    for (const [slug, perms] of [
      ['oauth-reader', ['oauth-providers:read']],
      ['oauth-writer', ['oauth-providers:write']],
    ] as const) {
      const res = await app.call('POST', '/roles', {
        token: admin,
        body: { slug, name: slug, permissions: [...perms] },
      });
      expect(res.status).toBe(201);
    }
    reader = await app.user('reader@example.com', { roles: ['oauth-reader'] });
    writer = await app.user('writer@example.com', { roles: ['oauth-writer'] });
    member = await app.user('member@example.com', { roles: ['member'] });
    await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: admin,
      body: { name: 'B', enabled: false },
    });
  });

  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/admin/oauth-providers'],
    ['GET', '/admin/oauth-providers/provider_b'],
    ['PUT', '/admin/oauth-providers/provider_b', { name: 'B', enabled: false }],
    ['DELETE', '/admin/oauth-providers/provider_b'],
  ];

  it.each(routes)('anonymous %s %s is 401', async (method, path, body) => {
    const res = await app.call(method, path, body ? { body } : {});
    expect(res.status).toBe(401);
  });

  it.each(routes)('a member without the permissions gets 403 on %s %s', async (method, path, body) => {
    const res = await app.call(method, path, { token: member, ...(body ? { body } : {}) });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('oauth-providers:');
  });

  it('oauth-providers:read reads but cannot write', async () => {
    expect((await app.call('GET', '/admin/oauth-providers', { token: reader })).status).toBe(200);
    expect((await app.call('GET', '/admin/oauth-providers/provider_b', { token: reader })).status).toBe(200);
    const put = await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: reader,
      body: { name: 'B', enabled: false },
    });
    expect(put.status).toBe(403);
    expect(put.body.detail).toContain('oauth-providers:write');
    expect((await app.call('DELETE', '/admin/oauth-providers/provider_b', { token: reader })).status).toBe(
      403,
    );
  });

  it('oauth-providers:write held by a non-admin is not enough: configuring login is the admins’', async () => {
    const before = await app.call('GET', '/admin/oauth-providers/provider_b', { token: admin });
    const put = await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: writer,
      body: { name: 'By writer', enabled: false },
    });
    expect(put.status).toBe(403);
    expect(put.body.detail).toContain('only an admin');
    expect((await app.call('GET', '/admin/oauth-providers', { token: writer })).status).toBe(403);
    expect((await app.call('DELETE', '/admin/oauth-providers/provider_b', { token: writer })).status).toBe(
      403,
    );
    const after = await app.call('GET', '/admin/oauth-providers/provider_b', { token: admin });
    expect(after.body).toEqual(before.body);
  });

  it('the admin role holds both (seeded permissions)', async () => {
    const perms = await app.call('GET', '/permissions', { token: admin });
    const names = perms.body.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['oauth-providers:read', 'oauth-providers:write']));
    const roles = await app.call('GET', '/roles/admin', { token: admin });
    expect(roles.body.permissions).toEqual(
      expect.arrayContaining(['oauth-providers:read', 'oauth-providers:write']),
    );
    const me = await app.call('GET', '/auth/me', { token: admin });
    expect(me.body.permissions).toEqual(
      expect.arrayContaining(['oauth-providers:read', 'oauth-providers:write']),
    );
  });
});

describe('DELETE /admin/oauth-providers/{slug}', () => {
  it('removes the provider; a second delete is 404', async () => {
    await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: admin,
      body: { name: 'B', enabled: true, client_id: 'cid', client_secret: secret('del') },
    });
    expect((await app.call('GET', '/auth/providers')).body.map((m: { slug: string }) => m.slug)).toContain(
      'provider_b',
    );
    expect((await app.call('DELETE', '/admin/oauth-providers/provider_b', { token: admin })).status).toBe(
      204,
    );
    expect((await app.call('GET', '/admin/oauth-providers/provider_b', { token: admin })).status).toBe(404);
    expect((await app.call('DELETE', '/admin/oauth-providers/provider_b', { token: admin })).status).toBe(
      404,
    );
    expect(
      (await app.call('GET', '/auth/providers')).body.map((m: { slug: string }) => m.slug),
    ).not.toContain('provider_b');
    expect((await app.call('GET', '/auth/oauth/provider_b/authorize')).status).toBe(404);
  });
});

describe('GET /auth/providers lists enabled providers from the stored configuration', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await startTestApp({ env: oauthEnv() });
  });
  afterAll(() => fresh.close());

  it('an empty install offers local password login only, without authentication', async () => {
    const res = await fresh.call('GET', '/auth/providers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        slug: 'password',
        type: 'password',
        type_display_name: 'Password',
        name: 'Email and password',
        icon: 'key',
        authorize_url: null,
      },
    ]);
  });

  it('enabled providers appear with their authorize URL; disabled ones do not', async () => {
    const token = await fresh.adminToken();
    await fresh.call('PUT', '/admin/oauth-providers/provider_b', {
      token,
      body: { name: 'Code host', enabled: true, client_id: 'cid', client_secret: secret('list') },
    });
    await fresh.call('PUT', '/admin/oauth-providers/oidc', {
      token,
      body: { name: 'Off', enabled: false, issuer_url: 'https://login.example.com' },
    });
    const res = await fresh.call('GET', '/auth/providers');
    expect(res.body).toEqual([
      {
        slug: 'provider_b',
        type: 'provider_b',
        type_display_name: 'GitHub',
        name: 'Code host',
        icon: 'provider_b',
        authorize_url: 'http://keel.test/auth/oauth/provider_b/authorize',
      },
      {
        slug: 'password',
        type: 'password',
        type_display_name: 'Password',
        name: 'Email and password',
        icon: 'key',
        authorize_url: null,
      },
    ]);
    expect((await fresh.call('GET', '/auth/oauth/oidc/authorize')).status).toBe(404);
  });
});

describe('local password login can be left out of the list', () => {
  let noPassword: TestApp;
  beforeAll(async () => {
    noPassword = await startTestApp({ env: oauthEnv({ KEEL_AUTH_LOCAL_PASSWORD_LOGIN: 'false' }) });
  });
  afterAll(() => noPassword.close());

  it('lists nothing on an empty install with password login off', async () => {
    expect((await noPassword.call('GET', '/auth/providers')).body).toEqual([]);
  });
});

describe('per-provider environment variables do not exist and have no fallback', () => {
  let legacy: TestApp;
  beforeAll(async () => {
    legacy = await startTestApp({
      env: oauthEnv({
        KEEL_AUTH_OIDC_CLIENT_ID: 'env-client',
        KEEL_AUTH_OIDC_CLIENT_SECRET: 'env-secret',
        KEEL_AUTH_OIDC_ISSUER: 'https://login.example.com',
        KEEL_AUTH_PROVIDER_B_CLIENT_ID: 'env-client',
        KEEL_AUTH_PROVIDER_B_CLIENT_SECRET: 'env-secret',
        KEEL_OAUTH_OIDC_CLIENT_ID: 'env-client',
      }),
    });
  });
  afterAll(() => legacy.close());

  it('with such variables set, no provider is offered or usable', async () => {
    expect((await legacy.call('GET', '/auth/providers')).body.map((m: { slug: string }) => m.slug)).toEqual([
      'password',
    ]);
    for (const slug of ['oidc', 'provider_a', 'provider_b']) {
      const res = await legacy.call('GET', `/auth/oauth/${slug}/authorize`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('oauth_provider_not_found');
    }
  });
});

describe('secrets never appear in a response or a log line', () => {
  it('no plaintext secret sent in this file came back or was logged', () => {
    expect(secrets.length).toBeGreaterThan(5);
    const transcript = app.transcript();
    expect(transcript).toContain('oauth-providers'); // the transcript is not empty
    for (const s of secrets) expect(transcript).not.toContain(s);
    // No ciphertext either: every value sealed with this key starts with its id.
    expect(transcript).not.toContain(`v1.${app.runtime.core.secrets.authBox().keyId}.`);
  });
});

describe('a secret sealed with another key is a clear 503, never a 500', () => {
  it('a replica with a different KEEL_AUTH_ENCRYPTION_KEY cannot start a login with the stored secret', async () => {
    await app.call('PUT', '/admin/oauth-providers/provider_b', {
      token: admin,
      body: { name: 'B', enabled: true, client_id: 'cid', client_secret: secret('rotated') },
    });
    const other = await startTestApp({ database: { url: app.url }, env: oauthEnv() });
    try {
      const res = await other.call('GET', '/auth/oauth/provider_b/authorize');
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('oauth_secret_unreadable');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await other.api.close();
      await other.runtime.close();
    }
  });
});

describe('the OpenAPI document has no secret in any response schema', () => {
  it('documents the routes; the read model carries has_secret, the PUT body a write-only secret', async () => {
    const doc = (await app.call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/admin/oauth-providers',
        '/admin/oauth-providers/{slug}',
        '/auth/providers',
        '/auth/oauth/{slug}/authorize',
        '/auth/oauth/{slug}/callback',
      ]),
    );
    const put = doc.paths['/admin/oauth-providers/{slug}'].put;
    const read = put.responses['200'].content['application/json'].schema;
    const props = read.properties ?? doc.components.schemas[read.$ref?.split('/').pop()]?.properties;
    expect(props).toHaveProperty('has_secret');
    expect(JSON.stringify(put.responses)).not.toContain('client_secret');
    const body = put.requestBody.content['application/json'].schema.properties;
    expect(body.client_secret.anyOf[0].writeOnly).toBe(true);
  });
});
