import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/crypto/secretbox.js';
import type { TestApp } from '../support/harness.js';
import { catalogApp, createModel, createProvider, world, type World } from './support.js';

const KEY = 'sk-test-PROVIDER-SECRET-0123456789abcd';
const KEY2 = 'sk-test-ROTATED-SECRET-9876543210wxyz';

let app: TestApp;
let w: World;
beforeAll(async () => {
  app = await catalogApp();
  w = await world(app);
});
afterAll(() => app.close());

const P = '/organizations/acme/ai-providers';

describe('GET /ai-provider-drivers: the five static drivers', () => {
  it('lists every driver with its fields, to any authenticated caller', async () => {
    const res = await app.call('GET', '/ai-provider-drivers', { token: w.nobody });
    expect(res.status).toBe(200);
    expect(res.body.map((d: { name: string }) => d.name)).toEqual([
      'vendor_a',
      'vendor_b',
      'vendor_b_compatible',
      'cloud_a',
      'cloud_b',
    ]);
    for (const d of res.body) {
      expect(Object.keys(d).sort()).toEqual(
        [
          'default_base_url',
          'description',
          'display_name',
          'icon',
          'name',
          'requires_base_url',
          'supports_discovery',
          'supports_iam',
        ].sort(),
      );
    }
    const by = Object.fromEntries(res.body.map((d: { name: string }) => [d.name, d]));
    // The SPEC's keys, and the vendor or cloud each driver talks to, in words people recognise.
    expect(
      res.body.map((d: { name: string; display_name: string; icon: string }) => [
        d.name,
        d.display_name,
        d.icon,
      ]),
    ).toEqual([
      ['vendor_a', 'Anthropic', 'anthropic'],
      ['vendor_b', 'OpenAI', 'openai'],
      ['vendor_b_compatible', 'OpenAI-compatible server', 'openai_compatible'],
      ['cloud_a', 'Amazon Bedrock', 'aws_bedrock'],
      ['cloud_b', 'Google Cloud Vertex AI', 'google_vertex_ai'],
    ]);
    expect(by.vendor_a.description).toContain('@anthropic-ai/sdk');
    expect(res.text).not.toMatch(/Vendor [AB]|Cloud [AB]/);
    expect(by.cloud_a).toMatchObject({ supports_discovery: false, supports_iam: true });
    expect(by.cloud_b).toMatchObject({ supports_discovery: false, supports_iam: true });
    expect(by.vendor_b_compatible).toMatchObject({ requires_base_url: true, supports_discovery: true });
    expect(by.vendor_a).toMatchObject({
      supports_discovery: true,
      default_base_url: 'https://api.anthropic.com',
    });
  });
  it('is 401 without a token', async () => {
    expect((await app.call('GET', '/ai-provider-drivers')).status).toBe(401);
  });
});

describe('providers: create, read, update (SPEC 4.4)', () => {
  it('an admin creates a provider; the response carries no key, only has_credentials, hint and auth_kind', async () => {
    const res = await app.call('POST', P, {
      token: w.admin,
      body: { driver: 'vendor_b', name: 'OpenAI prod', api_key: KEY },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      organization: 'acme',
      driver: 'vendor_b',
      driver_display_name: 'OpenAI',
      name: 'OpenAI prod',
      base_url: null,
      region: null,
      enabled: true,
      has_credentials: true,
      credential_hint: 'abcd',
      auth_kind: 'api_key',
    });
    expect(res.body.credential_updated_at).toMatch(/^\d{4}-/);
    expect(res.body).not.toHaveProperty('credentials_encrypted');
    expect(res.body).not.toHaveProperty('api_key');
    const got = await app.call('GET', `${P}/${res.body.id}`, { token: w.member });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('auth_kind: iam for a cloud driver without a key, none for a key-less vendor driver', async () => {
    const cloud = await app.call('POST', P, {
      token: w.admin,
      body: { driver: 'cloud_a', name: 'Cloud', region: 'us-east-1' },
    });
    expect(cloud.body).toMatchObject({ auth_kind: 'iam', has_credentials: false, region: 'us-east-1' });
    expect(cloud.body).not.toHaveProperty('credential_hint');
    const none = await app.call('POST', P, { token: w.admin, body: { driver: 'vendor_a', name: 'A' } });
    expect(none.body).toMatchObject({
      auth_kind: 'none',
      has_credentials: false,
      credential_updated_at: null,
    });
  });

  it('a key under 8 characters is stored but has no hint', async () => {
    const res = await app.call('POST', P, {
      token: w.admin,
      body: { driver: 'vendor_b', name: 'short', api_key: 'abc1234' },
    });
    expect(res.body).toMatchObject({ has_credentials: true, auth_kind: 'api_key' });
    expect(res.body).not.toHaveProperty('credential_hint');
  });

  it('lists providers of the organization only, with pagination', async () => {
    await createProvider(app, w.admin, { driver: 'vendor_b', name: 'elsewhere' }, 'other');
    const res = await app.call('GET', `${P}?limit=2`, { token: w.member });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.headers.link).toContain('rel="next"');
    const all = await app.call('GET', `${P}?limit=200`, { token: w.member });
    expect(all.body.every((p: { organization: string }) => p.organization === 'acme')).toBe(true);
    expect(all.body.map((p: { name: string }) => p.name)).not.toContain('elsewhere');
  });

  it('PATCH updates name, base_url, region and enabled', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'p' });
    const res = await app.call('PATCH', `${P}/${id}`, {
      token: w.editor,
      body: { name: 'renamed', base_url: 'https://gw.example.com/v1/', region: 'eu', enabled: false },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      name: 'renamed',
      base_url: 'https://gw.example.com/v1',
      region: 'eu',
      enabled: false,
      updated_by: 'editor@example.com',
    });
    const back = await app.call('PATCH', `${P}/${id}`, { token: w.admin, body: { base_url: null } });
    expect(back.body.base_url).toBeNull();
  });
});

describe('providers: base_url validated on every write (SPEC 4.4 rule 2)', () => {
  it.each([
    ['ftp://example.com', 'scheme'],
    ['https://user:pw@example.com', 'user name or password'],
    ['not a url', 'not a valid URL'],
    ['https://example.com/v1?x=1', 'query'],
    ['https://example.com/v1#frag', 'fragment'],
  ])('%s is 422 naming base_url', async (base_url, message) => {
    const res = await app.call('POST', P, {
      token: w.admin,
      body: { driver: 'vendor_b', name: 'x', base_url },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/base_url');
    expect(res.body.detail).toContain(message);
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'patched' });
    const patched = await app.call('PATCH', `${P}/${id}`, { token: w.admin, body: { base_url } });
    expect(patched.status).toBe(422);
    expect(patched.body.errors[0].pointer).toBe('/base_url');
  });
  it('vendor_b_compatible requires a base_url, on create and on PATCH to null', async () => {
    const res = await app.call('POST', P, {
      token: w.admin,
      body: { driver: 'vendor_b_compatible', name: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/base_url');
    const id = await createProvider(app, w.admin, {
      driver: 'vendor_b_compatible',
      name: 'self-hosted',
      base_url: 'http://inference.internal:8000/v1',
    });
    const cleared = await app.call('PATCH', `${P}/${id}`, { token: w.admin, body: { base_url: null } });
    expect(cleared.status).toBe(422);
  });
  it('unknown drivers and fields are 422', async () => {
    const res = await app.call('POST', P, { token: w.admin, body: { driver: 'vendor_z', name: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/driver');
    const extra = await app.call('POST', P, {
      token: w.admin,
      body: { driver: 'vendor_b', name: 'x', credentials_encrypted: 'v1.x' },
    });
    expect(extra.status).toBe(422);
  });
});

describe('providers: who may call (SPEC 4.4 rule 5)', () => {
  it('anonymous is 401 on every provider route', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'p' });
    for (const [method, path, body] of [
      ['POST', P, { driver: 'vendor_b', name: 'x' }],
      ['GET', P, undefined],
      ['GET', `${P}/${id}`, undefined],
      ['PATCH', `${P}/${id}`, { name: 'y' }],
      ['DELETE', `${P}/${id}`, undefined],
      ['PUT', `${P}/${id}/credentials`, { api_key: KEY }],
      ['DELETE', `${P}/${id}/credentials`, undefined],
      ['POST', `${P}/${id}/discover`, undefined],
      ['POST', `${P}/${id}/import-models`, { models: [{ model_id: 'm' }] }],
    ] as const) {
      const res = await app.call(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
  it('without ai_model:read, reads are 403; members read', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'p' });
    expect((await app.call('GET', P, { token: w.nobody })).status).toBe(403);
    expect((await app.call('GET', `${P}/${id}`, { token: w.nobody })).status).toBe(403);
    expect((await app.call('GET', P, { token: w.member })).status).toBe(200);
  });
  it('create, update, delete and credentials are admin-only by default', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'p' });
    for (const token of [w.member, w.nobody]) {
      expect((await app.call('POST', P, { token, body: { driver: 'vendor_b', name: 'x' } })).status).toBe(
        403,
      );
      expect((await app.call('PATCH', `${P}/${id}`, { token, body: { name: 'x' } })).status).toBe(403);
      expect((await app.call('DELETE', `${P}/${id}`, { token })).status).toBe(403);
      expect(
        (await app.call('PUT', `${P}/${id}/credentials`, { token, body: { api_key: KEY } })).status,
      ).toBe(403);
      expect((await app.call('DELETE', `${P}/${id}/credentials`, { token })).status).toBe(403);
    }
  });
  it('only the credentials routes require ai_model:credentials', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'p' });
    // ai_model:update without :credentials: may PATCH, may not touch the key.
    expect((await app.call('PATCH', `${P}/${id}`, { token: w.editor, body: { name: 'n' } })).status).toBe(
      200,
    );
    expect(
      (await app.call('PUT', `${P}/${id}/credentials`, { token: w.editor, body: { api_key: KEY } })).status,
    ).toBe(403);
    // ai_model:credentials without :update: may set the key, may not PATCH.
    const put = await app.call('PUT', `${P}/${id}/credentials`, { token: w.keeper, body: { api_key: KEY } });
    expect(put.status).toBe(200);
    expect((await app.call('PATCH', `${P}/${id}`, { token: w.keeper, body: { name: 'n' } })).status).toBe(
      403,
    );
    expect((await app.call('DELETE', `${P}/${id}/credentials`, { token: w.keeper })).status).toBe(204);
  });
  it('the permissions exist, and the member role holds ai_model:read only', async () => {
    const res = await app.call('GET', '/roles/member', { token: w.admin });
    const ai = res.body.permissions.filter((p: string) => p.startsWith('ai_model:'));
    expect(ai).toEqual(['ai_model:read']);
    const perms = await app.call('GET', '/permissions?limit=200', { token: w.admin });
    const names = perms.body.map((p: { name: string }) => p.name);
    for (const p of ['create', 'read', 'update', 'delete', 'credentials'])
      expect(names).toContain(`ai_model:${p}`);
  });
});

describe('moving a keyed provider is a credentials operation', () => {
  it('with ai_model:update alone, another base_url is 403 while a key is stored, another path too', async () => {
    const id = await createProvider(app, w.admin, {
      driver: 'vendor_b_compatible',
      name: 'keyed',
      base_url: 'https://llm.internal.example/v1',
      api_key: KEY,
    });
    const moved = await app.call('PATCH', `${P}/${id}`, {
      token: w.editor,
      body: { base_url: 'https://attacker.example/v1' },
    });
    expect(moved.status).toBe(403);
    expect((await app.call('GET', `${P}/${id}`, { token: w.admin })).body.base_url).toBe(
      'https://llm.internal.example/v1',
    );
    // Another path on the same host is another place too: a gateway serves each customer under a path.
    const otherPath = await app.call('PATCH', `${P}/${id}`, {
      token: w.editor,
      body: { base_url: 'https://llm.internal.example/tenant-of-the-attacker/v1' },
    });
    expect(otherPath.status).toBe(403);
    // The same URL, as written again, is no move; an admin (who holds ai_model:credentials) may move it.
    const same = await app.call('PATCH', `${P}/${id}`, {
      token: w.editor,
      body: { base_url: 'https://LLM.internal.example/v1', name: 'renamed' },
    });
    expect(same.status, same.text).toBe(200);
    expect(
      (
        await app.call('PATCH', `${P}/${id}`, {
          token: w.admin,
          body: { base_url: 'https://attacker.example/v1' },
        })
      ).status,
    ).toBe(200);
  });
});

describe("another organization's provider is 404, indistinguishable from a missing one", () => {
  it('GET, PATCH, DELETE, credentials and discovery answer 404 through the wrong organization', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'theirs' }, 'other');
    const missing = '0190a0a0-0000-7000-8000-000000000000';
    for (const target of [id, missing, 'not-a-uuid']) {
      for (const [method, suffix, body] of [
        ['GET', '', undefined],
        ['PATCH', '', { name: 'x' }],
        ['DELETE', '', undefined],
        ['PUT', '/credentials', { api_key: KEY }],
        ['DELETE', '/credentials', undefined],
        ['POST', '/discover', undefined],
        ['POST', '/import-models', { models: [{ model_id: 'm' }] }],
      ] as const) {
        const res = await app.call(method, `${P}/${target}${suffix}`, { token: w.admin, body });
        expect(res.status, `${method} ${target}${suffix}`).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
    expect(
      (await app.call('GET', `/organizations/other/ai-providers/${id}`, { token: w.admin })).status,
    ).toBe(200);
    expect((await app.call('GET', `/organizations/nope/ai-providers`, { token: w.admin })).status).toBe(404);
  });
});

describe('DELETE /ai-providers/{id}: 409 while it still serves models', () => {
  it('refuses while a model is served, then deletes once the models are gone', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'busy' });
    const model = await createModel(app, w.admin, {
      provider_id: id,
      model_id: 'busy-model',
      slug: 'busy-model',
      kind: 'chat',
      access_scope: 'organization',
    });
    const res = await app.call('DELETE', `${P}/${id}`, { token: w.admin });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('provider_in_use');
    expect((await app.call('GET', `/organizations/acme/ai-models/${model}`, { token: w.admin })).status).toBe(
      200,
    );
    expect(
      (await app.call('DELETE', `/organizations/acme/ai-models/${model}`, { token: w.admin })).status,
    ).toBe(204);
    expect((await app.call('DELETE', `${P}/${id}`, { token: w.admin })).status).toBe(204);
    expect((await app.call('GET', `${P}/${id}`, { token: w.admin })).status).toBe(404);
  });

  it('a delete racing model creations never leaves a model without its provider', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: `race-${round}` });
      const results = await Promise.all([
        app.call('POST', '/organizations/acme/ai-models', {
          token: w.admin,
          body: {
            provider_id: id,
            model_id: 'm',
            slug: `race-${round}`,
            kind: 'chat',
            access_scope: 'organization',
          },
        }),
        app.call('DELETE', `${P}/${id}`, { token: w.admin }),
      ]);
      const [create, del] = results.map((r) => r.status);
      // Either the model won (delete refused) or the delete won (the create finds no provider).
      expect([
        [201, 409],
        [404, 204],
      ]).toContainEqual([create, del]);
      const orphans = await app.runtime.core.sql.query(
        `SELECT n.id FROM graph_nodes n WHERE n.label = 'AIModel'
            AND NOT EXISTS (SELECT 1 FROM graph_edges e WHERE e.src = n.id AND e.label = 'SERVED_BY')`,
      );
      expect(orphans).toEqual([]);
    }
  });
});

describe('credentials: encrypted on receipt, never returned (SPEC 4.4 rule 1, 5.9)', () => {
  it('PUT stores the key encrypted with KEEL_CONFIG_ENCRYPTION_KEY and answers with the hint', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'keyed' });
    const res = await app.call('PUT', `${P}/${id}/credentials`, { token: w.admin, body: { api_key: KEY } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ has_credentials: true, credential_hint: 'abcd', auth_kind: 'api_key' });
    const row = await app.runtime.core.sql.one<{ props: Record<string, unknown> }>(
      'SELECT props FROM graph_nodes WHERE id = $1',
      [id],
    );
    const sealed = row!.props.credentials_encrypted as string;
    expect(JSON.stringify(row!.props)).not.toContain(KEY);
    expect(sealed).toMatch(/^v1\./);
    expect(app.runtime.core.secrets.configBox().open(sealed)).toBe(KEY);
    // Sealed for the config purpose: the auth key cannot open it, and it is not the auth box's ciphertext.
    expect(() =>
      new SecretBox(app.runtime.core.settings.auth.encryptionKey!, 'config').open(sealed),
    ).toThrow();

    const rotated = await app.call('PUT', `${P}/${id}/credentials`, {
      token: w.admin,
      body: { api_key: KEY2 },
    });
    expect(rotated.body.credential_hint).toBe('wxyz');
    expect(rotated.body.credential_updated_at >= res.body.credential_updated_at).toBe(true);

    expect((await app.call('DELETE', `${P}/${id}/credentials`, { token: w.admin })).status).toBe(204);
    const after = await app.call('GET', `${P}/${id}`, { token: w.admin });
    expect(after.body).toMatchObject({
      has_credentials: false,
      credential_updated_at: null,
      auth_kind: 'none',
    });
    expect(after.body).not.toHaveProperty('credential_hint');
    const cleared = await app.runtime.core.sql.one<{ props: Record<string, unknown> }>(
      'SELECT props FROM graph_nodes WHERE id = $1',
      [id],
    );
    expect(cleared!.props.credentials_encrypted).toBeNull();
    // Deleting again is harmless.
    expect((await app.call('DELETE', `${P}/${id}/credentials`, { token: w.admin })).status).toBe(204);
  });

  it.each(['****abcd', 'sk-****1234', '********'])(
    'a key that looks like a masked hint (%s) is 422',
    async (k) => {
      const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'masked' });
      const res = await app.call('PUT', `${P}/${id}/credentials`, { token: w.admin, body: { api_key: k } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].pointer).toBe('/api_key');
      const created = await app.call('POST', P, {
        token: w.admin,
        body: { driver: 'vendor_b', name: 'm', api_key: k },
      });
      expect(created.status).toBe(422);
    },
  );

  it('empty, spaced or missing keys are 422 and never echoed', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'bad-keys' });
    for (const body of [{ api_key: '' }, { api_key: 'sk has spaces SECRETISH' }, {}, { api_key: null }]) {
      const res = await app.call('PUT', `${P}/${id}/credentials`, { token: w.admin, body });
      expect(res.status).toBe(422);
      expect(res.text).not.toContain('SECRETISH');
    }
  });

  it('no response, log line or error ever contains a key', () => {
    const all = app.transcript();
    for (const k of [KEY, KEY2, 'abc1234']) expect(all).not.toContain(k);
  });
});

describe('credentials without KEEL_CONFIG_ENCRYPTION_KEY: 503, nothing stored (SPEC 5.9)', () => {
  let bare: TestApp;
  let admin: string;
  beforeAll(async () => {
    bare = await catalogApp({ env: { KEEL_CONFIG_ENCRYPTION_KEY: '' } });
    admin = await bare.adminToken();
    await bare.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  });
  afterAll(() => bare.close());

  it('PUT credentials is 503 config_encryption_key_missing and the provider keeps no key', async () => {
    const id = await createProvider(bare, admin, { driver: 'vendor_b', name: 'p' });
    const res = await bare.call('PUT', `${P}/${id}/credentials`, { token: admin, body: { api_key: KEY } });
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.code).toBe('config_encryption_key_missing');
    expect(res.body.detail).toContain('KEEL_CONFIG_ENCRYPTION_KEY');
    const got = await bare.call('GET', `${P}/${id}`, { token: admin });
    expect(got.body.has_credentials).toBe(false);
    const row = await bare.runtime.core.sql.one<{ props: Record<string, unknown> }>(
      'SELECT props FROM graph_nodes WHERE id = $1',
      [id],
    );
    expect(row!.props.credentials_encrypted).toBeNull();
  });

  it('creating a provider with an api_key is 503 and creates nothing', async () => {
    const before = await bare.call('GET', P, { token: admin });
    const res = await bare.call('POST', P, {
      token: admin,
      body: { driver: 'vendor_b', name: 'k', api_key: KEY },
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('config_encryption_key_missing');
    const after = await bare.call('GET', P, { token: admin });
    expect(after.body).toHaveLength(before.body.length);
    const count = await bare.runtime.core.sql.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM graph_nodes WHERE label = 'AIProvider' AND props->>'name' = 'k'`,
    );
    expect(count!.n).toBe(0);
  });

  it('providers without keys still work, and the key never leaks', async () => {
    expect(
      (await bare.call('POST', P, { token: admin, body: { driver: 'cloud_b', name: 'c' } })).status,
    ).toBe(201);
    expect(bare.transcript()).not.toContain(KEY);
  });
});
