import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/crypto/secretbox.js';
import type { TestApp } from '../support/harness.js';
import { catalogApp, createModel, createProvider, world, type World } from './support.js';
import { FakeVendor, type FakeModel } from './vendors.js';

const KEY_A = 'sk-vendor-a-SECRET-aaaa1111';
const KEY_B = 'sk-vendor-b-SECRET-bbbb2222';
/** Strings that only ever occur in the fake vendors' response bodies. */
const BODY_MARKERS = ['invalid x-api-key', 'oops', '<html>', 'hello sk-', 'no route'];

const P = '/organizations/acme/ai-providers';
const LIMIT_MS = 500;

let app: TestApp;
let w: World;
let a: FakeVendor;
let b: FakeVendor;
let providerA: string;
let providerB: string;

const modelsA: FakeModel[] = [
  { id: 'vendor-a-large', display_name: 'Large', max_input_tokens: 200_000, max_tokens: 64_000 },
  { id: 'vendor-a-medium', display_name: 'Medium', max_input_tokens: 200_000, max_tokens: 32_000 },
  { id: 'vendor-a-small', display_name: 'Small', max_input_tokens: null, max_tokens: null },
  { id: 'vendor-a-legacy-1', display_name: 'Legacy 1' },
  { id: 'vendor-a-legacy-2', display_name: 'Legacy 2' },
  { id: 'vendor-a-legacy-3', display_name: 'Legacy 3' },
  { id: 'vendor-a-legacy-4', display_name: 'Legacy 4' },
];
const modelsB: FakeModel[] = [
  { id: 'b-chat-1' },
  { id: 'b-chat-2', extra: { context_length: 128_000, max_completion_tokens: 16_384 } },
  { id: 'b-embed', extra: { max_model_len: 8192 } },
  { id: 'Org/Model.Name:v2' },
];

beforeAll(async () => {
  a = await new FakeVendor('a').start();
  b = await new FakeVendor('b').start();
  app = await catalogApp({ allowPrivate: true, discoveryTimeoutMs: LIMIT_MS });
  w = await world(app);
  providerA = await createProvider(app, w.admin, {
    driver: 'vendor_a',
    name: 'A',
    base_url: a.baseUrl,
    api_key: KEY_A,
  });
  providerB = await createProvider(app, w.admin, {
    driver: 'vendor_b',
    name: 'B',
    base_url: b.baseUrl,
    api_key: KEY_B,
  });
});
afterAll(async () => {
  await app.close();
  await a.close();
  await b.close();
});
beforeEach(() => {
  for (const v of [a, b]) {
    v.behaviour = 'ok';
    v.requests = [];
    v.paginate = false;
    v.pageSize = 1000;
    v.delayMs = 0;
  }
  a.key = KEY_A;
  b.key = KEY_B;
  a.models = modelsA;
  b.models = modelsB;
});

const discover = (id: string, token = w.admin) => app.call('POST', `${P}/${id}/discover`, { token });
const countNodes = async () =>
  (await app.runtime.core.sql.one<{ n: number }>('SELECT count(*)::int AS n FROM graph_nodes'))!.n;

describe('vendor_a discovery through the vendor SDK', () => {
  it('pages through the list and maps max_input_tokens and max_tokens', async () => {
    a.pageSize = 3;
    const res = await discover(providerA);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ provider_id: providerA, driver: 'vendor_a', truncated: false });
    expect(res.body.models.map((m: { model_id: string }) => m.model_id)).toEqual(modelsA.map((m) => m.id));
    expect(res.body.models[0]).toEqual({
      model_id: 'vendor-a-large',
      display_name: 'Large',
      context_window: 200_000,
      max_output_tokens: 64_000,
      already_imported: false,
    });
    expect(res.body.models[2]).toEqual({
      model_id: 'vendor-a-small',
      display_name: 'Small',
      already_imported: false,
    });
    expect(a.requests).toHaveLength(3);
    const sent = a.requests[0]!.headers;
    expect([sent['x-api-key'], sent.authorization]).toContain(sent['x-api-key'] ? KEY_A : `Bearer ${KEY_A}`);
    expect(sent['anthropic-version']).toBeDefined();
    expect(a.requests[1]!.url).toContain('after_id=vendor-a-small');
  });
  it('stops at 1000 models and says the list was truncated', async () => {
    a.models = Array.from({ length: 1200 }, (_, i) => ({ id: `m-${String(i).padStart(4, '0')}` }));
    a.pageSize = 300;
    const res = await discover(providerA);
    expect(res.status).toBe(200);
    expect(res.body.models).toHaveLength(1000);
    expect(res.body.truncated).toBe(true);
    expect(res.body.models[999].model_id).toBe('m-0999');
    expect(a.requests.length).toBeLessThanOrEqual(4);
  });
  it('exactly 1000 models are not truncated', async () => {
    a.models = Array.from({ length: 1000 }, (_, i) => ({ id: `m-${i}` }));
    a.pageSize = 500;
    const res = await discover(providerA);
    expect(res.body.models).toHaveLength(1000);
    expect(res.body.truncated).toBe(false);
  });
});

describe('vendor_b and vendor_b_compatible discovery: GET {base_url}/models', () => {
  it('reads an unpaged list with a bearer key and maps the context sizes compatible servers report', async () => {
    const res = await discover(providerB);
    expect(res.status, res.text).toBe(200);
    expect(res.body.models).toEqual([
      { model_id: 'b-chat-1', display_name: 'b-chat-1', already_imported: false },
      {
        model_id: 'b-chat-2',
        display_name: 'b-chat-2',
        context_window: 128_000,
        max_output_tokens: 16_384,
        already_imported: false,
      },
      { model_id: 'b-embed', display_name: 'b-embed', context_window: 8192, already_imported: false },
      { model_id: 'Org/Model.Name:v2', display_name: 'Org/Model.Name:v2', already_imported: false },
    ]);
    expect(b.requests).toHaveLength(1);
    expect(b.requests[0]!.url).toBe('/v1/models');
    expect(b.requests[0]!.headers.authorization).toBe(`Bearer ${KEY_B}`);
  });
  it('follows has_more / last_id pages and stops at 1000', async () => {
    b.paginate = true;
    b.pageSize = 2;
    const paged = await discover(providerB);
    expect(paged.body.models.map((m: { model_id: string }) => m.model_id)).toEqual(modelsB.map((m) => m.id));
    expect(b.requests.map((r) => r.url)).toEqual(['/v1/models', '/v1/models?after=b-chat-2']);

    b.requests = [];
    b.models = Array.from({ length: 1100 }, (_, i) => ({ id: `b-${i}` }));
    b.pageSize = 250;
    const capped = await discover(providerB);
    expect(capped.body.models).toHaveLength(1000);
    expect(capped.body.truncated).toBe(true);
    expect(b.requests).toHaveLength(4);
  });
  it('vendor_b_compatible works without a key and sends no Authorization header', async () => {
    b.key = null;
    const id = await createProvider(app, w.admin, {
      driver: 'vendor_b_compatible',
      name: 'self-hosted',
      base_url: `${b.baseUrl}/`,
    });
    const res = await discover(id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.driver).toBe('vendor_b_compatible');
    expect(b.requests[0]!.headers.authorization).toBeUndefined();
  });
  it('discovery writes nothing, and marks models already in the catalog', async () => {
    const before = await countNodes();
    await discover(providerB);
    expect(await countNodes()).toBe(before);
    const model = await createModel(app, w.admin, {
      provider_id: providerB,
      model_id: 'b-embed',
      slug: 'marked-embed',
      kind: 'embedding',
      access_scope: 'restricted',
      team_slugs: ['beta'],
    });
    const res = await discover(providerB);
    const flags = Object.fromEntries(
      res.body.models.map((m: { model_id: string; already_imported: boolean }) => [
        m.model_id,
        m.already_imported,
      ]),
    );
    expect(flags).toEqual({
      'b-chat-1': false,
      'b-chat-2': false,
      'b-embed': true,
      'Org/Model.Name:v2': false,
    });
    await app.call('DELETE', `/organizations/acme/ai-models/${model}`, { token: w.admin });
  });
});

describe('discovery is the connection test: every failure is a 502 naming the driver, never the body', () => {
  const cases = [
    ['unauthorized', /HTTP 401 Unauthorized$/],
    ['server_error', /HTTP 500 Internal Server Error$/],
    ['redirect', /HTTP 302 Found$/],
    ['malformed', /not valid JSON$/],
    ['not_a_list', /not a model list$/],
    ['hang', /timed out$/],
  ] as const;
  for (const [behaviour, reason] of cases) {
    for (const driver of ['vendor_a', 'vendor_b'] as const) {
      it(`${driver}: ${behaviour}`, async () => {
        const vendor = driver === 'vendor_a' ? a : b;
        vendor.behaviour = behaviour;
        const started = Date.now();
        const res = await discover(driver === 'vendor_a' ? providerA : providerB);
        expect(res.status, res.text).toBe(502);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.body.code).toBe('discovery_failed');
        expect(res.body.detail.startsWith(`${driver}: `)).toBe(true);
        expect(res.body.detail).toMatch(reason);
        for (const marker of [...BODY_MARKERS, KEY_A, KEY_B]) expect(res.text).not.toContain(marker);
        // No retries, and the shortened per-call limit held.
        expect(vendor.requests).toHaveLength(1);
        expect(Date.now() - started).toBeLessThan(LIMIT_MS + 3000);
      });
    }
  }

  for (const driver of ['vendor_a', 'vendor_b'] as const) {
    it(`${driver}: pages that each arrive just inside the call timeout stop at three timeouts in all`, async () => {
      const vendor = driver === 'vendor_a' ? a : b;
      vendor.models = Array.from({ length: 100 }, (_, i) => ({ id: `slow-${i}` }));
      vendor.pageSize = 1;
      vendor.paginate = true;
      vendor.delayMs = LIMIT_MS * 0.6;
      const res = await discover(driver === 'vendor_a' ? providerA : providerB);
      expect(res.status, res.text).toBe(502);
      expect(res.body.detail).toBe(`${driver}: timed out`);
      // 3 x 500 ms at 300 ms a page: five pages answered, the sixth cut off (100 without the budget).
      expect(vendor.requests.length).toBeLessThanOrEqual(6);
    });
  }

  it('a wrong key is answered 401 by the vendor, with the key echoed in its body, and not by us', async () => {
    b.key = 'the-right-key';
    const res = await discover(providerB);
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('vendor_b: HTTP 401 Unauthorized');
  });

  it('connection refused names the transport error', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    for (const [driver, base_url] of [
      ['vendor_a', `http://127.0.0.1:${port}`],
      ['vendor_b_compatible', `http://127.0.0.1:${port}/v1`],
    ] as const) {
      const id = await createProvider(app, w.admin, { driver, name: 'refused', base_url, api_key: KEY_A });
      const res = await discover(id);
      expect(res.status).toBe(502);
      expect(res.body.detail).toMatch(new RegExp(`^${driver}: .*ECONNREFUSED`));
    }
  });

  it('a TLS failure names the transport error', async () => {
    const id = await createProvider(app, w.admin, {
      driver: 'vendor_b',
      name: 'tls',
      base_url: `https://127.0.0.1:${b.port}/v1`,
      api_key: KEY_B,
    });
    const res = await discover(id);
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/^vendor_b: /);
    expect(res.body.detail).toMatch(/SSL|TLS|EPROTO|ECONNRESET|socket/i);
  });

  it('a name that does not resolve names the DNS error', async () => {
    const id = await createProvider(app, w.admin, {
      driver: 'vendor_b',
      name: 'dns',
      base_url: 'http://no-such-host.invalid/v1',
      api_key: KEY_B,
    });
    const res = await discover(id);
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/^vendor_b: (ENOTFOUND|EAI_AGAIN|timed out)/);
  });
});

describe('discovery: unsupported drivers, missing or unreadable credentials, permissions', () => {
  it.each(['cloud_a', 'cloud_b'])('%s is 422 "discovery is not supported"', async (driver) => {
    const id = await createProvider(app, w.admin, { driver, name: driver, region: 'eu-west-1' });
    const res = await discover(id);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('discovery_not_supported');
    expect(res.body.detail).toBe(
      `discovery is not supported for driver ${driver}: add its models by id with POST ${P}/${id}/import-models`,
    );
  });
  it('vendor_a and vendor_b without a stored key are 422 and call nothing', async () => {
    for (const driver of ['vendor_a', 'vendor_b']) {
      const id = await createProvider(app, w.admin, { driver, name: 'keyless', base_url: b.baseUrl });
      const res = await discover(id);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('credentials_missing');
    }
    expect(b.requests).toHaveLength(0);
  });
  it('a credential sealed under another key is 409 credentials_unreadable, not a 500', async () => {
    const id = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'stale', base_url: b.baseUrl });
    const foreign = new SecretBox(randomBytes(32), 'config').seal(KEY_B);
    await app.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || jsonb_build_object('credentials_encrypted', $2::text) WHERE id = $1`,
      [id, foreign],
    );
    const res = await discover(id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('credentials_unreadable');
  });
  it('requires ai_model:create: members, editors and role-less users are 403', async () => {
    for (const token of [w.member, w.editor, w.nobody, w.alpha])
      expect((await discover(providerB, token)).status).toBe(403);
    expect(b.requests).toHaveLength(0);
  });
});

describe('POST /ai-providers/{id}/import-models: all or nothing', () => {
  const imp = (models: unknown[], token = w.admin, id = providerB) =>
    app.call('POST', `${P}/${id}/import-models`, { token, body: { models } });

  it('creates the selected models with sizes from discovery, derived slugs and display names', async () => {
    const res = await imp([
      { model_id: 'b-chat-2', kind: 'chat', input_cost_per_mtok: '2.5', output_cost_per_mtok: '10' },
      { model_id: 'Org/Model.Name:v2', access_scope: 'restricted', team_slugs: ['alpha'] },
      { model_id: 'b-embed', slug: 'embeddings', kind: 'embedding', context_window: 4096 },
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toHaveLength(3);
    expect(res.body[0]).toMatchObject({
      model_id: 'b-chat-2',
      slug: 'b-chat-2',
      name: 'b-chat-2',
      provider_id: providerB,
      context_window: 128_000,
      max_output_tokens: 16_384,
      input_cost_per_mtok: '2.5',
      output_cost_per_mtok: '10',
      access_scope: 'organization',
    });
    expect(res.body[1]).toMatchObject({
      slug: 'org-model.name-v2',
      access_scope: 'restricted',
      team_slugs: ['alpha'],
      context_window: null,
    });
    // An explicit value wins over the discovered one.
    expect(res.body[2]).toMatchObject({ slug: 'embeddings', kind: 'embedding', context_window: 4096 });
    const again = await discover(providerB);
    expect(again.body.models.filter((m: { already_imported: boolean }) => m.already_imported)).toHaveLength(
      3,
    );
    const alphaSees = await app.call('GET', `/organizations/acme/ai-models?provider_id=${providerB}`, {
      token: w.alpha,
    });
    expect(alphaSees.body.map((m: { slug: string }) => m.slug).sort()).toEqual([
      'b-chat-2',
      'embeddings',
      'org-model.name-v2',
    ]);
    const memberSees = await app.call('GET', `/organizations/acme/ai-models?provider_id=${providerB}`, {
      token: w.member,
    });
    expect(memberSees.body.map((m: { slug: string }) => m.slug).sort()).toEqual(['b-chat-2', 'embeddings']);
  });

  it('a display name cut inside a surrogate pair, or holding U+0000, is stored well-formed', async () => {
    a.models = [
      { id: 'vendor-a-long', display_name: `${'x'.repeat(199)}\ud83d\ude80 edition` },
      { id: 'vendor-a-nul', display_name: 'Nul\u0000 and lone \udc00 surrogate' },
    ];
    const found = await discover(providerA);
    expect(found.body.models.map((m: { display_name: string }) => m.display_name)).toEqual([
      'x'.repeat(199),
      'Nul\uFFFD and lone \uFFFD surrogate',
    ]);
    const res = await imp([{ model_id: 'vendor-a-long' }, { model_id: 'vendor-a-nul' }], w.admin, providerA);
    expect(res.status, res.text).toBe(201);
    expect(res.body.map((m: { name: string }) => m.name)).toEqual([
      'x'.repeat(199),
      'Nul\uFFFD and lone \uFFFD surrogate',
    ]);
  });

  it('vendor_a imports map the SDK fields too', async () => {
    const res = await imp([{ model_id: 'vendor-a-large' }], w.admin, providerA);
    expect(res.status, res.text).toBe(201);
    expect(res.body[0]).toMatchObject({ name: 'Large', context_window: 200_000, max_output_tokens: 64_000 });
  });

  it('a conflict rolls everything back and is 409 naming the model', async () => {
    const before = await countNodes();
    const res = await imp([{ model_id: 'b-chat-1' }, { model_id: 'b-chat-2', slug: 'fresh-slug' }]);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('b-chat-2');
    expect(await countNodes()).toBe(before);
    const list = await app.call('GET', `/organizations/acme/ai-models?provider_id=${providerB}&limit=200`, {
      token: w.admin,
    });
    expect(list.body.map((m: { model_id: string }) => m.model_id)).not.toContain('b-chat-1');
  });

  it('a slug taken in the organization is 409 naming the model, nothing created', async () => {
    const before = await countNodes();
    const res = await imp([{ model_id: 'b-chat-1', slug: 'embeddings' }]);
    expect(res.status).toBe(409);
    expect(res.body.detail).toContain('b-chat-1');
    expect(await countNodes()).toBe(before);
  });

  it('validation: not discovered, selected twice, restricted without teams, empty selection', async () => {
    const notThere = await imp([{ model_id: 'b-chat-1' }, { model_id: 'not-offered' }]);
    expect(notThere.status).toBe(422);
    expect(notThere.body.errors[0].pointer).toBe('/models/1/model_id');
    const twice = await imp([{ model_id: 'b-chat-1' }, { model_id: 'b-chat-1', slug: 'other' }]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].pointer).toBe('/models/1/model_id');
    const closed = await imp([{ model_id: 'b-chat-1', access_scope: 'restricted' }]);
    expect(closed.status).toBe(422);
    expect(closed.body.errors[0].pointer).toBe('/models/0/team_slugs');
    const unknownTeam = await imp([
      { model_id: 'b-chat-1', access_scope: 'restricted', team_slugs: ['zeta'] },
    ]);
    expect(unknownTeam.status).toBe(422);
    expect(unknownTeam.body.errors[0].pointer).toBe('/models/0/team_slugs/0');
    expect((await imp([])).status).toBe(422);
    expect((await imp([{ model_id: 'b-chat-1', colour: 'red' }])).status).toBe(422);
  });

  it('a failing provider makes the import a 502 and creates nothing', async () => {
    b.behaviour = 'unauthorized';
    const before = await countNodes();
    const res = await imp([{ model_id: 'b-chat-1' }]);
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('vendor_b: HTTP 401 Unauthorized');
    expect(await countNodes()).toBe(before);
  });

  it('requires ai_model:create', async () => {
    for (const token of [w.member, w.editor, w.nobody])
      expect((await imp([{ model_id: 'b-chat-1' }], token)).status).toBe(403);
  });
});

describe('secrets: no key and no provider body ever reaches a response or a log line', () => {
  it('the whole transcript of this file is clean', () => {
    const all = app.transcript();
    for (const s of [KEY_A, KEY_B, ...BODY_MARKERS]) expect(all).not.toContain(s);
    // The failures were logged, without bodies.
    expect(all).toContain('AI provider discovery failed');
  });
});

describe('outbound guard: private addresses are refused unless KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS', () => {
  let strict: TestApp;
  let admin: string;
  beforeAll(async () => {
    strict = await catalogApp();
    admin = await strict.adminToken();
    await strict.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  });
  afterAll(() => strict.close());

  it.each([
    ['vendor_a', () => a.baseUrl],
    ['vendor_b', () => b.baseUrl],
    ['vendor_b_compatible', () => b.baseUrl.replace('127.0.0.1', 'localhost')],
    ['vendor_b_compatible', () => 'http://169.254.169.254/v1'],
    ['vendor_b_compatible', () => 'http://[::1]:9/v1'],
  ])('%s at %s: 502 naming the driver, and no request leaves', async (driver, base) => {
    const id = await createProvider(strict, admin, {
      driver,
      name: 'local',
      base_url: base(),
      api_key: KEY_B,
    });
    const res = await strict.call('POST', `${P}/${id}/discover`, { token: admin });
    expect(res.status, res.text).toBe(502);
    expect(res.body.detail).toMatch(new RegExp(`^${driver}: .*private or reserved address`));
    expect(res.body.detail).toContain('set KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS=true');
    expect(a.requests).toHaveLength(0);
    expect(b.requests).toHaveLength(0);
    expect(strict.transcript()).not.toContain(KEY_B);
  });
});

describe('a base URL on a private network is flagged when it is configured', () => {
  let strict: TestApp;
  let admin: string;
  beforeAll(async () => {
    strict = await catalogApp();
    admin = await strict.adminToken();
    await strict.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  });
  afterAll(() => strict.close());

  it('create and a change of base_url warn, naming the setting; a public one does not', async () => {
    for (const base of ['http://10.1.2.3/v1', 'http://localhost:11434/v1', 'http://[fd00::1]/v1']) {
      const res = await strict.call('POST', P, {
        token: admin,
        body: { driver: 'vendor_b_compatible', name: 'local', base_url: base },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.warnings).toHaveLength(1);
      expect(res.body.warnings[0]).toContain('KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS=true');
      // The host as given, never the address a name resolved to.
      expect(res.body.warnings[0].startsWith(`${new URL(base).hostname.replace(/^\[|\]$/g, '')} is`)).toBe(
        true,
      );
      expect(res.body.warnings[0]).not.toContain('127.0.0.1');
      const read = await strict.call('GET', `${P}/${res.body.id}`, { token: admin });
      expect(read.body.warnings).toBeUndefined();
    }
    const pub = await strict.call('POST', P, {
      token: admin,
      body: { driver: 'vendor_b_compatible', name: 'public', base_url: 'https://93.184.215.14/v1' },
    });
    expect(pub.status).toBe(201);
    expect(pub.body.warnings).toBeUndefined();
    const moved = await strict.call('PATCH', `${P}/${pub.body.id}`, {
      token: admin,
      body: { base_url: 'http://192.168.1.20/v1' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.warnings?.[0]).toContain('KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS');
  });

  it('with private networks allowed, no warning', async () => {
    const res = await app.call('POST', P, {
      token: await app.adminToken(),
      body: { driver: 'vendor_b_compatible', name: 'lan', base_url: 'http://10.1.2.3/v1' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings).toBeUndefined();
  });
});

describe('the default per-call limit is 10 seconds (SPEC 8)', () => {
  let plain: TestApp;
  let admin: string;
  beforeAll(async () => {
    plain = await catalogApp({ allowPrivate: true });
    admin = await plain.adminToken();
    await plain.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  });
  afterAll(() => plain.close());

  it(
    'a provider that never answers fails after 10 s, not sooner and not much later',
    { timeout: 30_000 },
    async () => {
      b.behaviour = 'hang';
      const id = await createProvider(plain, admin, {
        driver: 'vendor_b',
        name: 'slow',
        base_url: b.baseUrl,
        api_key: KEY_B,
      });
      const started = Date.now();
      const res = await plain.call('POST', `${P}/${id}/discover`, { token: admin });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(502);
      expect(res.body.detail).toBe('vendor_b: timed out');
      expect(elapsed).toBeGreaterThanOrEqual(9_900);
      expect(elapsed).toBeLessThan(12_000);
    },
  );
});
