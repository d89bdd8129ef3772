// The generic plugin-entity and plugin-edge router (SPEC 4.5), table-driven over the shipped example
// plugin and a generated one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PluginRegistry } from '../../src/plugins/registry.js';
import { countEdges, countNodes, purgeLabels, scanEdges } from '../../src/plugins/store.js';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import { exampleYaml, generatedManifest } from './fixtures.js';

let app: TestApp;
let admin: string;

/** One plugin under test: its entity label, a valid document, and an edge from a first-class node. */
interface Subject {
  name: string;
  slug: string;
  label: string;
  valid: (n: number) => Record<string, unknown>;
  /** A top-level string property `?q=` searches. */
  searchField: string;
}

const generated = generatedManifest('generated-b', 'Gb');
const subjects: Subject[] = [
  {
    name: 'example plugin (cloud-accounts)',
    slug: 'cloud-accounts',
    label: 'CloudAccount',
    valid: (n) => ({
      provider: 'aws',
      account_id: `acct-${n}`,
      name: `Account ${n}`,
      regions: ['eu-west-1'],
    }),
    searchField: 'name',
  },
  {
    name: 'generated plugin (20 properties)',
    slug: 'generated-b',
    label: 'GbService',
    valid: generated.document,
    searchField: 'p0',
  },
];

async function roleUser(email: string, permissions: string[]): Promise<string> {
  const slug = email.split('@')[0]!;
  const role = await app.call('POST', '/roles', { token: admin, body: { slug, name: slug, permissions } });
  expect(role.status, role.text).toBe(201);
  return app.user(email, { roles: [slug] });
}

const nextLink = (res: Res) =>
  /<([^>]+)>; rel="next"/.exec((res.headers.link as string | undefined) ?? '')?.[1];

let env: { id: string; slug: string };
let otherEnv: { id: string; slug: string };
let project: { id: string };

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  for (const manifest of [exampleYaml(), generated.manifest]) {
    const res = await app.call('POST', '/admin/plugins', { token: admin, body: { manifest } });
    expect(res.status, res.text).toBe(201);
  }
  env = (
    await app.call('POST', '/environments', { token: admin, body: { slug: 'prod', name: 'Production' } })
  ).body;
  otherEnv = (
    await app.call('POST', '/environments', { token: admin, body: { slug: 'staging', name: 'Staging' } })
  ).body;
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 'core', name: 'Core' } });
  project = (
    await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'shop', name: 'Shop', team: 'core' },
    })
  ).body;
});
afterAll(() => app.close());

describe('first-class read models carry the node id that edges name', () => {
  it('environments, organizations, teams and projects return id', async () => {
    expect(env.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(project.id).toMatch(/^[0-9a-f-]{36}$/);
    const org = await app.call('GET', '/organizations/acme', { token: admin });
    const team = await app.call('GET', '/organizations/acme/teams/core', { token: admin });
    expect(org.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(team.body.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe.each(subjects)('entities CRUD: $name', (s) => {
  const base = `/admin/plugins/${s.slug}/entities/${s.label}`;

  it('POST assigns the id and returns 201 with the stored document; GET reads it back', async () => {
    const res = await app.call('POST', base, { token: admin, body: s.valid(1) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ plugin: s.slug, label: s.label, properties: s.valid(1) });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await app.call('GET', `${base}/${res.body.id}`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('GET lists with limit/cursor and a Link header, in creation order', async () => {
    for (let i = 2; i <= 5; i++)
      expect((await app.call('POST', base, { token: admin, body: s.valid(i) })).status).toBe(201);
    const seen: unknown[] = [];
    let next: string | undefined = `${base}?limit=2`;
    let pages = 0;
    while (next) {
      const res = await app.call('GET', next, { token: admin });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((e: { properties: Record<string, unknown> }) => e.properties[s.searchField]));
      next = nextLink(res);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([1, 2, 3, 4, 5].map((i) => s.valid(i)[s.searchField]));
  });

  it('?q= filters on top-level string properties, case-insensitively, with % and _ taken literally', async () => {
    const needle = String(s.valid(3)[s.searchField]).toUpperCase();
    const res = await app.call('GET', `${base}?q=${encodeURIComponent(needle)}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0].properties[s.searchField]).toBe(s.valid(3)[s.searchField]);
    for (const q of ['%', '_', "' OR '1'='1"]) {
      const none = await app.call('GET', `${base}?q=${encodeURIComponent(q)}`, { token: admin });
      expect(none.status).toBe(200);
      expect(none.body).toEqual([]);
    }
  });

  it('PATCH merges (RFC 7396), validates the result, and DELETE is 204 then 404', async () => {
    const created = await app.call('POST', base, { token: admin, body: s.valid(9) });
    const url = `${base}/${created.body.id}`;
    const patched = await app.call('PATCH', url, { token: admin, body: { [s.searchField]: 'renamed' } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.properties).toEqual({ ...s.valid(9), [s.searchField]: 'renamed' });
    expect(Date.parse(patched.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
    const removed = await app.call('DELETE', url, { token: admin });
    expect(removed.status).toBe(204);
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      const res = await app.call(method, url, {
        token: admin,
        body: method === 'PATCH' ? { a: 1 } : undefined,
      });
      expect(res.status, method).toBe(404);
    }
  });

  it('GET .../_schema returns the label schema', async () => {
    const res = await app.call('GET', `${base}/_schema`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('object');
    expect(Object.keys(res.body.properties)).toContain(s.searchField);
  });
});

describe('an unknown label names the labels of the plugin', () => {
  it('a label in the wrong case suggests the right one and lists the rest', async () => {
    const admin = await app.adminToken();
    const entity = await app.call('GET', '/admin/plugins/cloud-accounts/entities/cloudaccount', {
      token: admin,
    });
    expect(entity.status).toBe(404);
    expect(entity.body.detail).toBe(
      'entity label cloudaccount of plugin cloud-accounts not found; did you mean CloudAccount? (labels are case-sensitive); its entity labels are CloudAccount',
    );
    const edge = await app.call('GET', '/admin/plugins/cloud-accounts/edges/Nope', { token: admin });
    expect(edge.status).toBe(404);
    expect(edge.body.detail).toMatch(
      /^edge label Nope of plugin cloud-accounts not found; its edge labels are .*MAPS_TO/,
    );
    expect(edge.body.detail).not.toContain('did you mean');
  });
});

describe('unknown plugins and labels are 404 on every route', () => {
  const routes = (slug: string, entity: string, edge: string): [string, string, unknown?][] => [
    ['GET', `/admin/plugins/${slug}/entities/${entity}`],
    ['POST', `/admin/plugins/${slug}/entities/${entity}`, { name: 'x' }],
    ['GET', `/admin/plugins/${slug}/entities/${entity}/_schema`],
    ['GET', `/admin/plugins/${slug}/entities/${entity}/00000000-0000-7000-8000-000000000000`],
    [
      'PATCH',
      `/admin/plugins/${slug}/entities/${entity}/00000000-0000-7000-8000-000000000000`,
      { name: 'x' },
    ],
    ['DELETE', `/admin/plugins/${slug}/entities/${entity}/00000000-0000-7000-8000-000000000000`],
    ['GET', `/admin/plugins/${slug}/edges/${edge}`],
    [
      'POST',
      `/admin/plugins/${slug}/edges/${edge}`,
      {
        source_id: '00000000-0000-7000-8000-000000000000',
        target_id: '00000000-0000-7000-8000-000000000001',
      },
    ],
    ['GET', `/admin/plugins/${slug}/edges/${edge}/_schema`],
    [
      'DELETE',
      `/admin/plugins/${slug}/edges/${edge}/00000000-0000-7000-8000-000000000000/00000000-0000-7000-8000-000000000001`,
    ],
    ['GET', `/admin/environments/prod/plugin-edges/${slug}/${edge}`],
  ];
  const cases: [string, string, string, string][] = [
    ['an unknown plugin', 'no-such-plugin', 'CloudAccount', 'MAPS_TO'],
    ['a label of another plugin', 'cloud-accounts', 'GbService', 'Gb_READS'],
    ['an edge label used as an entity label and the reverse', 'cloud-accounts', 'MAPS_TO', 'CloudAccount'],
    ['a first-class label', 'cloud-accounts', 'Environment', 'BELONGS_TO'],
    ['a label in the wrong case', 'cloud-accounts', 'cloudaccount', 'maps_to'],
    [
      'the storage label itself',
      'cloud-accounts',
      'plugin:cloud-accounts:CloudAccount',
      'plugin:cloud-accounts:MAPS_TO',
    ],
    ['SQL in the label', 'cloud-accounts', "CloudAccount' OR '1'='1", "MAPS_TO'; DELETE FROM graph_edges;--"],
    ['SQL in the slug', "cloud-accounts' OR '1'='1", 'CloudAccount', 'MAPS_TO'],
  ];
  it.each(cases)('%s', async (_name, slug, entity, edge) => {
    for (const [method, path, body] of routes(
      encodeURIComponent(slug),
      encodeURIComponent(entity),
      encodeURIComponent(edge),
    )) {
      const res = await app.call(method, path, { token: admin, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('labels reach SQL only as bound parameters (store level, past the manifest rules)', async () => {
    const sql = app.runtime.core.sql;
    const evil = "plugin:x:Y'); DROP TABLE graph_edges; --";
    expect(await countNodes(sql, evil)).toBe(0);
    expect(await countEdges(sql, evil)).toBe(0);
    expect(await scanEdges(sql, evil, null, 10)).toEqual([]);
    await purgeLabels(sql, [evil], [evil]);
    const tables = await sql.one<{ edges: string | null; nodes: string | null }>(
      `SELECT to_regclass('graph_edges')::text AS edges, to_regclass('graph_nodes')::text AS nodes`,
    );
    expect(tables).toEqual({ edges: 'graph_edges', nodes: 'graph_nodes' });
  });

  it('the graph is intact after the injection attempts', async () => {
    const res = await app.call('GET', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('a malformed entity id is 404, not an error', async () => {
    for (const id of ['not-a-uuid', "1' OR '1'='1", '%00']) {
      const res = await app.call(
        'GET',
        `/admin/plugins/cloud-accounts/entities/CloudAccount/${encodeURIComponent(id)}`,
        {
          token: admin,
        },
      );
      expect(res.status).toBe(404);
    }
  });

  it('an entity of one label is not reachable under another label', async () => {
    const queue = await app.call('POST', '/admin/plugins/generated-b/entities/GbQueue', {
      token: admin,
      body: { name: 'q' },
    });
    const res = await app.call('GET', `/admin/plugins/generated-b/entities/GbService/${queue.body.id}`, {
      token: admin,
    });
    expect(res.status).toBe(404);
    const del = await app.call('DELETE', `/admin/plugins/generated-b/entities/GbService/${queue.body.id}`, {
      token: admin,
    });
    expect(del.status).toBe(404);
  });
});

describe('bodies are validated against the label JSON Schema: 422 with pointers and the failing keyword', () => {
  const base = '/admin/plugins/cloud-accounts/entities/CloudAccount';
  const valid = subjects[0]!.valid(100);
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a missing required property', { ...valid, name: undefined }, '/name', 'required'],
    ['a wrong type', { ...valid, name: 42 }, '/name', 'type'],
    ['a value outside an enum', { ...valid, provider: 'oracle' }, '/provider', 'enum'],
    ['a pattern mismatch', { ...valid, account_id: 'UPPER' }, '/account_id', 'pattern'],
    ['a property the schema does not allow', { ...valid, colour: 'red' }, '/colour', 'additionalProperties'],
    ['a nested required property', { ...valid, owner: { email: 'a@b.co' } }, '/owner/team', 'required'],
    [
      'a nested format',
      { ...valid, owner: { team: 'core', email: 'not-an-email' } },
      '/owner/email',
      'format',
    ],
    ['an array item', { ...valid, regions: ['eu-west-1', 'Mars'] }, '/regions/1', 'pattern'],
    ['duplicate array items', { ...valid, regions: ['eu-west-1', 'eu-west-1'] }, '/regions', 'uniqueItems'],
    [
      'duplicate "__proto__" items',
      { ...valid, regions: ['__proto__', '__proto__'] },
      '/regions',
      'uniqueItems',
    ],
    [
      'a value in a map',
      { ...valid, tags: { cost_centre: 'x'.repeat(201) } },
      '/tags/cost_centre',
      'maxLength',
    ],
    ['a number below its minimum', { ...valid, monthly_budget_usd: -1 }, '/monthly_budget_usd', 'minimum'],
    [
      'a number given as a string (no coercion)',
      { ...valid, monthly_budget_usd: '10' },
      '/monthly_budget_usd',
      'type',
    ],
  ];
  it.each(cases)('%s', async (_name, body, pointer, keyword) => {
    const res = await app.call('POST', base, { token: admin, body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer, keyword, in: 'body' }));
    expect(res.body.detail).toContain(pointer.slice(1));
  });

  it('every failure is listed at once', async () => {
    const res = await app.call('POST', base, {
      token: admin,
      body: { provider: 'oracle', account_id: 'UPPER' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/account_id',
      '/name',
      '/provider',
    ]);
  });

  it('a body that is not a JSON object is 422, malformed JSON 400', async () => {
    for (const body of ['[1,2]', '"text"', 'null', '42']) {
      const res = await app.call('POST', base, { token: admin, body });
      expect(res.status, body).toBe(422);
    }
    const bad = await app.call('POST', base, { token: admin, body: '{"name": ' });
    expect(bad.status).toBe(400);
  });

  it('nothing is stored when validation fails', async () => {
    const before = (await app.call('GET', `${base}?limit=200`, { token: admin })).body.length;
    await app.call('POST', base, { token: admin, body: { ...valid, provider: 'oracle' } });
    const after = (await app.call('GET', `${base}?limit=200`, { token: admin })).body.length;
    expect(after).toBe(before);
  });

  it('the generated 20-property schema reports a nested failure by pointer', async () => {
    const body = { ...generated.document(1), p7: { key: 7 } };
    const res = await app.call('POST', '/admin/plugins/generated-b/entities/GbService', {
      token: admin,
      body,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer: '/p7/key', keyword: 'type' }));
  });
});

describe('PATCH is a JSON Merge Patch (RFC 7396) and the merged result is validated again', () => {
  const base = '/admin/plugins/cloud-accounts/entities/CloudAccount';
  let url: string;
  beforeAll(async () => {
    const res = await app.call('POST', base, {
      token: admin,
      body: {
        provider: 'gcp',
        account_id: 'merge-me',
        name: 'Merge',
        owner: { team: 'core', email: 'core@example.com' },
        regions: ['eu-west-1', 'us-east-1'],
        tags: { a: '1', b: '2' },
      },
    });
    url = `${base}/${res.body.id}`;
  });

  it('members merge recursively, null removes a member, arrays are replaced whole', async () => {
    const res = await app.call('PATCH', url, {
      token: admin,
      body: { owner: { email: null }, tags: { b: null, c: '3' }, regions: ['us-east-1'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.properties).toEqual({
      provider: 'gcp',
      account_id: 'merge-me',
      name: 'Merge',
      owner: { team: 'core' },
      regions: ['us-east-1'],
      tags: { a: '1', c: '3' },
    });
  });

  it('accepts application/merge-patch+json', async () => {
    const res = await app.call('PATCH', url, {
      token: admin,
      body: { name: 'Merged' },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.properties.name).toBe('Merged');
  });

  it('a patch whose result breaks the schema is 422 and changes nothing', async () => {
    for (const [body, pointer, keyword] of [
      [{ name: null }, '/name', 'required'],
      [{ owner: { team: null } }, '/owner/team', 'required'],
      [{ owner: { extra: 1 } }, '/owner/extra', 'additionalProperties'],
      [{ regions: 'eu-west-1' }, '/regions', 'type'],
    ] as const) {
      const res = await app.call('PATCH', url, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toContainEqual(expect.objectContaining({ pointer, keyword }));
    }
    const now = await app.call('GET', url, { token: admin });
    expect(now.body.properties.name).toBe('Merged');
    expect(now.body.properties.owner).toEqual({ team: 'core' });
  });

  it('a patch that is not an object is 422', async () => {
    const res = await app.call('PATCH', url, { token: admin, body: '["replace"]' });
    expect(res.status).toBe(422);
  });

  it('an empty patch changes nothing and is 200', async () => {
    const before = await app.call('GET', url, { token: admin });
    const res = await app.call('PATCH', url, { token: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.properties).toEqual(before.body.properties);
  });
});

describe('edges: POST {source_id, target_id, properties?}, GET with filters, DELETE', () => {
  const edges = '/admin/plugins/cloud-accounts/edges/MAPS_TO';
  let accounts: string[];
  beforeAll(async () => {
    accounts = [];
    for (const n of [201, 202, 203]) {
      const res = await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
        token: admin,
        body: subjects[0]!.valid(n),
      });
      accounts.push(res.body.id);
    }
  });

  it('creates the edge (201) and a second identical POST does not duplicate it (200)', async () => {
    const body = { source_id: env.id, target_id: accounts[0], properties: { role: 'primary' } };
    const first = await app.call('POST', edges, { token: admin, body });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      plugin: 'cloud-accounts',
      label: 'MAPS_TO',
      source_id: env.id,
      source_label: 'Environment',
      target_id: accounts[0],
      target_label: 'CloudAccount',
      properties: { role: 'primary' },
    });
    // The same edge, its ids sent in upper case: answered as stored.
    const second = await app.call('POST', edges, {
      token: admin,
      body: { ...body, source_id: env.id.toUpperCase(), target_id: accounts[0]!.toUpperCase() },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ source_id: env.id, target_id: accounts[0] });
    const list = await app.call('GET', `${edges}?source_id=${env.id}&target_id=${accounts[0]}`, {
      token: admin,
    });
    expect(list.body).toHaveLength(1);
  });

  it('a second POST with other properties replaces them', async () => {
    const res = await app.call('POST', edges, {
      token: admin,
      body: { source_id: env.id, target_id: accounts[0], properties: { role: 'dr' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.properties).toEqual({ role: 'dr' });
  });

  it('ends must exist and carry the declared labels: 422 naming the end', async () => {
    const missing = '00000000-0000-7000-8000-000000000000';
    const cases: [object, string][] = [
      [{ source_id: project.id, target_id: accounts[0] }, '/source_id'],
      [{ source_id: accounts[0], target_id: env.id }, '/source_id'],
      [{ source_id: missing, target_id: accounts[0] }, '/source_id'],
      [{ source_id: env.id, target_id: otherEnv.id }, '/target_id'],
      [{ source_id: env.id, target_id: missing }, '/target_id'],
    ];
    for (const [body, pointer] of cases) {
      const res = await app.call('POST', edges, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('invalid_edge_end');
      expect(res.body.errors[0].pointer).toBe(pointer);
    }
  });

  it('properties are validated against the edge schema (pointers under /properties)', async () => {
    const res = await app.call('POST', edges, {
      token: admin,
      body: { source_id: env.id, target_id: accounts[1], properties: { role: 'tertiary' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/properties/role', keyword: 'enum' });
    const malformed = await app.call('POST', edges, {
      token: admin,
      body: { source_id: 'nope', target_id: accounts[1] },
    });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].pointer).toBe('/source_id');
  });

  it('an edge label without a schema takes no properties', async () => {
    const service = await app.call('POST', '/admin/plugins/generated-b/entities/GbService', {
      token: admin,
      body: generated.document(50),
    });
    const url = '/admin/plugins/generated-b/edges/Gb_RUNS';
    const refused = await app.call('POST', url, {
      token: admin,
      body: { source_id: project.id, target_id: service.body.id, properties: { note: 'x' } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].pointer).toBe('/properties');
    const ok = await app.call('POST', url, {
      token: admin,
      body: { source_id: project.id, target_id: service.body.id },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ source_label: 'Project', target_label: 'GbService', properties: {} });
    const schema = await app.call('GET', '/admin/plugins/generated-b/edges/Gb_RUNS/_schema', {
      token: admin,
    });
    expect(schema.body).toEqual({ type: 'object', maxProperties: 0 });
  });

  it('edges between two plugin entities validate their properties too', async () => {
    const service = await app.call('POST', '/admin/plugins/generated-b/entities/GbService', {
      token: admin,
      body: generated.document(51),
    });
    const queue = await app.call('POST', '/admin/plugins/generated-b/entities/GbQueue', {
      token: admin,
      body: { name: 'jobs' },
    });
    const url = '/admin/plugins/generated-b/edges/Gb_READS';
    const bad = await app.call('POST', url, {
      token: admin,
      body: { source_id: service.body.id, target_id: queue.body.id, properties: { mode: 'pull', batch: 0 } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/properties/batch',
      '/properties/mode',
    ]);
    const missing = await app.call('POST', url, {
      token: admin,
      body: { source_id: service.body.id, target_id: queue.body.id },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({ pointer: '/properties/mode', keyword: 'required' });
    const ok = await app.call('POST', url, {
      token: admin,
      body: { source_id: service.body.id, target_id: queue.body.id, properties: { mode: 'push' } },
    });
    expect(ok.status).toBe(201);
  });

  it('GET filters by ?source_id= and ?target_id= and pages by (source, target)', async () => {
    for (const [source, target] of [
      [env.id, accounts[1]],
      [env.id, accounts[2]],
      [otherEnv.id, accounts[1]],
    ]) {
      expect(
        (await app.call('POST', edges, { token: admin, body: { source_id: source, target_id: target } }))
          .status,
      ).toBe(201);
    }
    const fromEnv = await app.call('GET', `${edges}?source_id=${env.id}`, { token: admin });
    expect(fromEnv.body.map((e: { target_id: string }) => e.target_id).sort()).toEqual([...accounts].sort());
    const toAccount = await app.call('GET', `${edges}?target_id=${accounts[1]}`, { token: admin });
    expect(toAccount.body.map((e: { source_id: string }) => e.source_id).sort()).toEqual(
      [env.id, otherEnv.id].sort(),
    );

    const seen: string[] = [];
    let next: string | undefined = `${edges}?limit=1`;
    while (next) {
      const res = await app.call('GET', next, { token: admin });
      expect(res.status).toBe(200);
      seen.push(
        ...res.body.map((e: { source_id: string; target_id: string }) => `${e.source_id}/${e.target_id}`),
      );
      next = nextLink(res);
    }
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
    const badCursor = await app.call('GET', `${edges}?cursor=${Buffer.from('x/y').toString('base64url')}`, {
      token: admin,
    });
    expect(badCursor.status).toBe(422);
    const badFilter = await app.call('GET', `${edges}?source_id=nope`, { token: admin });
    expect(badFilter.status).toBe(422);
  });

  it('DELETE removes one edge (204), then 404', async () => {
    const url = `${edges}/${otherEnv.id}/${accounts[1]}`;
    expect((await app.call('DELETE', url, { token: admin })).status).toBe(204);
    expect((await app.call('DELETE', url, { token: admin })).status).toBe(404);
    expect((await app.call('DELETE', `${edges}/nope/${accounts[1]}`, { token: admin })).status).toBe(404);
  });
});

describe('GET /admin/environments/{slug}/plugin-edges/{plugin}/{label}', () => {
  it("lists the plugin's edges anchored on that environment, with the entity at the other end", async () => {
    const res = await app.call('GET', '/admin/environments/prod/plugin-edges/cloud-accounts/MAPS_TO', {
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(3);
    for (const edge of res.body) {
      expect(edge.source_id).toBe(env.id);
      expect(edge.entity).toMatchObject({
        id: edge.target_id,
        label: 'CloudAccount',
        plugin: 'cloud-accounts',
      });
      expect(edge.entity.properties.provider).toBe('aws');
    }
    const staging = await app.call('GET', '/admin/environments/staging/plugin-edges/cloud-accounts/MAPS_TO', {
      token: admin,
    });
    expect(staging.body).toEqual([]);
  });

  it('pages with a Link header', async () => {
    const first = await app.call(
      'GET',
      '/admin/environments/prod/plugin-edges/cloud-accounts/MAPS_TO?limit=2',
      {
        token: admin,
      },
    );
    expect(first.body).toHaveLength(2);
    const second = await app.call('GET', nextLink(first)!, { token: admin });
    expect(second.body).toHaveLength(1);
    expect(nextLink(second)).toBeUndefined();
  });

  it('an unknown environment, or an edge label with no Environment end, is 404', async () => {
    const env404 = await app.call('GET', '/admin/environments/nowhere/plugin-edges/cloud-accounts/MAPS_TO', {
      token: admin,
    });
    expect(env404.status).toBe(404);
    const noEnvEnd = await app.call('GET', '/admin/environments/prod/plugin-edges/generated-b/Gb_READS', {
      token: admin,
    });
    expect(noEnvEnd.status).toBe(404);
  });
});

describe('cascades: deleting an entity or an anchor removes its edges (no dangling edges)', () => {
  it('DELETE of an entity removes the edges that touch it', async () => {
    const account = await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
      token: admin,
      body: subjects[0]!.valid(300),
    });
    const edges = '/admin/plugins/cloud-accounts/edges/MAPS_TO';
    await app.call('POST', edges, { token: admin, body: { source_id: env.id, target_id: account.body.id } });
    await app.call('POST', edges, {
      token: admin,
      body: { source_id: otherEnv.id, target_id: account.body.id },
    });
    expect(
      (await app.call('GET', `${edges}?target_id=${account.body.id}`, { token: admin })).body,
    ).toHaveLength(2);
    expect(
      (
        await app.call('DELETE', `/admin/plugins/cloud-accounts/entities/CloudAccount/${account.body.id}`, {
          token: admin,
        })
      ).status,
    ).toBe(204);
    expect((await app.call('GET', `${edges}?target_id=${account.body.id}`, { token: admin })).body).toEqual(
      [],
    );
  });

  it('deleting an environment removes the plugin edges anchored on it', async () => {
    const temp = await app.call('POST', '/environments', {
      token: admin,
      body: { slug: 'temp', name: 'Temp' },
    });
    const account = await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
      token: admin,
      body: subjects[0]!.valid(301),
    });
    const edges = '/admin/plugins/cloud-accounts/edges/MAPS_TO';
    await app.call('POST', edges, {
      token: admin,
      body: { source_id: temp.body.id, target_id: account.body.id },
    });
    expect((await app.call('DELETE', '/environments/temp', { token: admin })).status).toBe(204);
    expect((await app.call('GET', `${edges}?source_id=${temp.body.id}`, { token: admin })).body).toEqual([]);
    const dangling = await app.runtime.core.sql.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM graph_edges e WHERE starts_with(e.label, 'plugin:')
          AND (NOT EXISTS (SELECT 1 FROM graph_nodes WHERE id = e.src) OR NOT EXISTS (SELECT 1 FROM graph_nodes WHERE id = e.dst))`,
    );
    expect(dangling!.n).toBe(0);
  });
});

describe('permissions per request: derived read for GETs, write for the rest', () => {
  const account = () => subjects[0]!.valid(400);
  let accountId: string;
  let reader: string;
  let writer: string;
  let otherLabel: string;
  let noRole: string;
  beforeAll(async () => {
    accountId = (
      await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
        token: admin,
        body: account(),
      })
    ).body.id;
    // Plugin edges show and anchor only on nodes their caller may read: environment:read for MAPS_TO.
    reader = await roleUser('ca-reader@example.com', [
      'environment:read',
      'plugins:cloud-accounts:entities:CloudAccount:read',
      'plugins:cloud-accounts:entities:MAPS_TO:read',
    ]);
    writer = await roleUser('ca-writer@example.com', [
      'environment:read',
      'plugins:cloud-accounts:entities:CloudAccount:write',
      'plugins:cloud-accounts:entities:MAPS_TO:write',
    ]);
    otherLabel = await roleUser('gb-all@example.com', [
      'plugins:generated-b:entities:GbService:read',
      'plugins:generated-b:entities:GbService:write',
    ]);
    noRole = await app.user('ca-none@example.com');
  });

  const routes = (): [string, string, 'read' | 'write', unknown?][] => [
    ['GET', '/admin/plugins/cloud-accounts/entities/CloudAccount', 'read'],
    ['GET', `/admin/plugins/cloud-accounts/entities/CloudAccount/${accountId}`, 'read'],
    ['GET', '/admin/plugins/cloud-accounts/entities/CloudAccount/_schema', 'read'],
    ['POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', 'write', account()],
    [
      'PATCH',
      `/admin/plugins/cloud-accounts/entities/CloudAccount/${accountId}`,
      'write',
      { name: 'Patched' },
    ],
    ['GET', '/admin/plugins/cloud-accounts/edges/MAPS_TO', 'read'],
    ['GET', '/admin/plugins/cloud-accounts/edges/MAPS_TO/_schema', 'read'],
    [
      'POST',
      '/admin/plugins/cloud-accounts/edges/MAPS_TO',
      'write',
      { source_id: env.id, target_id: accountId },
    ],
    ['DELETE', `/admin/plugins/cloud-accounts/edges/MAPS_TO/${env.id}/${accountId}`, 'write'],
    ['GET', '/admin/environments/prod/plugin-edges/cloud-accounts/MAPS_TO', 'read'],
  ];

  it('anonymous is 401 everywhere', async () => {
    for (const [method, path, , body] of routes()) {
      expect((await app.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('without any permission (or only for another label) it is 403', async () => {
    for (const token of [noRole, otherLabel]) {
      for (const [method, path, , body] of routes()) {
        const res = await app.call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.detail).toContain('plugins:cloud-accounts:entities:');
      }
    }
  });

  it('read permissions allow the GETs only; write permissions the writes only', async () => {
    for (const [method, path, need, body] of routes()) {
      const asReader = await app.call(method, path, { token: reader, body });
      expect(asReader.status, `reader ${method} ${path}`).toBe(need === 'read' ? 200 : 403);
      const asWriter = await app.call(method, path, { token: writer, body });
      expect(
        [200, 201, 204].includes(asWriter.status) ? 'ok' : asWriter.status,
        `writer ${method} ${path}`,
      ).toBe(need === 'write' ? 'ok' : 403);
    }
  });

  it('an admin may do everything', async () => {
    for (const [method, path, , body] of routes()) {
      const res = await app.call(method, path, { token: admin, body });
      expect([200, 201, 204], `${method} ${path}: ${res.text}`).toContain(res.status);
    }
    const del = await app.call('DELETE', `/admin/plugins/cloud-accounts/entities/CloudAccount/${accountId}`, {
      token: admin,
    });
    expect(del.status).toBe(204);
  });

  it('DELETE of an entity needs write', async () => {
    const id = (
      await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
        token: admin,
        body: account(),
      })
    ).body.id;
    const url = `/admin/plugins/cloud-accounts/entities/CloudAccount/${id}`;
    expect((await app.call('DELETE', url, { token: reader })).status).toBe(403);
    expect((await app.call('DELETE', url, { token: writer })).status).toBe(204);
  });

  it('the environment listing also needs read on the entity label at the other end', async () => {
    const edgeOnly = await roleUser('edge-only@example.com', [
      'plugins:cloud-accounts:entities:MAPS_TO:read',
    ]);
    const res = await app.call('GET', '/admin/environments/prod/plugin-edges/cloud-accounts/MAPS_TO', {
      token: edgeOnly,
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain('plugins:cloud-accounts:entities:CloudAccount:read');
  });

  it('a service account holding the admin role (no admin bypass) gets the permissions of a plugin installed later', async () => {
    expect(
      (
        await app.call('POST', '/service-accounts', {
          token: admin,
          body: { slug: 'robot', display_name: 'Robot' },
        })
      ).status,
    ).toBe(201);
    expect((await app.call('PUT', '/service-accounts/robot/roles/admin', { token: admin })).status).toBe(204);
    const cred = await app.call('POST', '/service-accounts/robot/client-credentials', {
      token: admin,
      body: { name: 'ci' },
    });
    const login = await app.call('POST', '/auth/token', {
      form: {
        grant_type: 'client_credentials',
        client_id: cred.body.client_id,
        client_secret: cred.body.client_secret,
      },
    });
    expect(login.status, login.text).toBe(200);
    const robot = login.body.access_token as string;
    const url = '/admin/plugins/late-plugin/entities/LateThing';
    expect((await app.call('GET', url, { token: robot })).status).toBe(403);
    const installed = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: {
        manifest: {
          slug: 'late-plugin',
          name: 'Late',
          version: '1.0.0',
          vertex_labels: [{ name: 'LateThing', schema: { type: 'object' } }],
        },
      },
    });
    expect(installed.status).toBe(201);
    expect((await app.call('GET', url, { token: robot })).status).toBe(200);
    expect((await app.call('POST', url, { token: robot, body: { any: 'thing' } })).status).toBe(201);
  });
});

describe('U+0000, which PostgreSQL text cannot hold: documents keep it, names and queries refuse it', () => {
  it('in a document or a member name: stored and read back as sent; in a query or a path segment: 422', async () => {
    const doc = await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
      token: admin,
      body: { ...subjects[0]!.valid(500), tags: { note: 'a\u0000b' } },
    });
    expect(doc.status, doc.text).toBe(201);
    expect(doc.body.properties.tags).toEqual({ note: 'a\u0000b' });
    const read = await app.call('GET', `/admin/plugins/cloud-accounts/entities/CloudAccount/${doc.body.id}`, {
      token: admin,
    });
    expect(read.body.properties.tags).toEqual({ note: 'a\u0000b' });
    // The stored form never shows: a PATCH merges into the document as sent.
    const patched = await app.call(
      'PATCH',
      `/admin/plugins/cloud-accounts/entities/CloudAccount/${doc.body.id}`,
      {
        token: admin,
        body: { tags: { other: '\uFDD0%00' } },
      },
    );
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.properties.tags).toEqual({ note: 'a\u0000b', other: '\uFDD0%00' });
    const key = await app.call('POST', '/admin/plugins/cloud-accounts/entities/CloudAccount', {
      token: admin,
      body: { ...subjects[0]!.valid(501), tags: { 'a\u0000b': 'x' } },
    });
    expect(key.status, key.text).toBe(201);
    expect(key.body.properties.tags).toEqual({ 'a\u0000b': 'x' });
    const edge = await app.call('POST', '/admin/plugins/generated-b/edges/Gb_READS', {
      token: admin,
      body: {
        source_id: '00000000-0000-7000-8000-000000000000',
        target_id: '00000000-0000-7000-8000-000000000001',
        properties: { mode: 'push\u0000' },
      },
    });
    // Judged by the schema like any other value (not an allowed mode), not refused as text.
    expect(edge.status).toBe(422);
    expect(edge.body.errors[0]).toMatchObject({ pointer: '/properties/mode', keyword: 'enum' });
    const q = await app.call('GET', '/admin/plugins/cloud-accounts/entities/CloudAccount?q=%00', {
      token: admin,
    });
    expect(q.status).toBe(422);
    for (const path of [
      '/admin/plugins/%00/entities/CloudAccount',
      '/admin/plugins/%00',
      '/admin/environments/%00/plugin-edges/cloud-accounts/MAPS_TO',
    ]) {
      const res = await app.call('GET', path, { token: admin });
      expect(res.status, path).toBe(422);
    }
    const manifest = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: { manifest: { slug: 'nul', name: 'N\u0000', version: '1.0.0', vertex_labels: [] } },
    });
    expect(manifest.status).toBe(422);
    expect(manifest.body.errors[0].pointer).toBe('/manifest/name');
  });
});

describe('edge properties that look like the stored form are answered as sent', () => {
  it('a value starting with U+FDD0 and a member named like an encoded one: the write and a read agree', async () => {
    const installed = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: {
        manifest: {
          slug: 'marks',
          name: 'Marks',
          version: '1.0.0',
          vertex_labels: [{ name: 'MarkThing', schema: { type: 'object' } }],
          edge_labels: [
            {
              source_label: 'MarkThing',
              edge_label: 'MARK_LINKS',
              target_label: 'MarkThing',
              schema: { type: 'object' },
            },
          ],
        },
      },
    });
    expect(installed.status, installed.text).toBe(201);
    const things = '/admin/plugins/marks/entities/MarkThing';
    const a = await app.call('POST', things, { token: admin, body: {} });
    const b = await app.call('POST', things, { token: admin, body: {} });
    const properties = { note: '\uFDD0%00', '\uFDD0x': 'marked name', x: 'plain', pct: '\uFDD0%u0041' };
    const edges = '/admin/plugins/marks/edges/MARK_LINKS';
    for (const expected of [201, 200]) {
      const put = await app.call('POST', edges, {
        token: admin,
        body: { source_id: a.body.id, target_id: b.body.id, properties },
      });
      expect(put.status, put.text).toBe(expected);
      expect(put.body.properties).toEqual(properties);
    }
    const list = await app.call('GET', `${edges}?source_id=${a.body.id}`, { token: admin });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].properties).toEqual(properties);
  });
});

describe('lone surrogates, which have no UTF-8 form: documents keep them, names refuse them', () => {
  it('in a document value or member name: stored and read back as sent; in a manifest name: 422', async () => {
    const base = '/admin/plugins/cloud-accounts/entities/CloudAccount';
    const tags = { note: 'a\ud800b', 'k\udc00': '\ud83d\ude00 paired, \ude00 alone', mark: '%uD800' };
    const doc = await app.call('POST', base, { token: admin, body: { ...subjects[0]!.valid(600), tags } });
    expect(doc.status, doc.text).toBe(201);
    expect(doc.body.properties.tags).toEqual(tags);
    const read = await app.call('GET', `${base}/${doc.body.id}`, { token: admin });
    expect(read.body.properties.tags).toEqual(tags);
    const patched = await app.call('PATCH', `${base}/${doc.body.id}`, {
      token: admin,
      body: { tags: { other: '\udbff' } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.properties.tags).toEqual({ ...tags, other: '\udbff' });
    const manifest = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: { manifest: { slug: 'lone', name: 'L\ud800', version: '1.0.0', vertex_labels: [] } },
    });
    expect(manifest.status).toBe(422);
    expect(manifest.body.errors[0]).toMatchObject({ pointer: '/manifest/name' });
    expect(manifest.body.errors[0].detail).toContain('unpaired surrogates');
  });
});

describe('a write racing an upgrade is validated against the schema that wins', () => {
  it('a POST that waited for an upgrade is validated again against the new schema', async () => {
    const sql = app.runtime.core.sql;
    const manifest = {
      slug: 'racy',
      name: 'Racy',
      version: '1.0.0',
      vertex_labels: [
        { name: 'RacyThing', schema: { type: 'object', properties: { name: { type: 'string' } } } },
      ],
    };
    expect((await app.call('POST', '/admin/plugins', { token: admin, body: { manifest } })).status).toBe(201);
    const stricter = {
      ...manifest,
      version: '2.0.0',
      vertex_labels: [
        {
          name: 'RacyThing',
          display_name: 'RacyThing',
          schema: {
            type: 'object',
            required: ['size'],
            properties: { name: { type: 'string' }, size: { type: 'integer' } },
          },
        },
      ],
      description: null,
      edge_labels: [],
    };
    // What an upgrade does: lock the plugin row, change the manifest and revision, commit.
    const upgrade = await sql.pool.connect();
    try {
      await upgrade.query('BEGIN');
      const { rows } = await upgrade.query(
        `SELECT n.id FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
          WHERE k.namespace = 'Plugin.slug' AND k.key = 'racy' FOR UPDATE OF n`,
      );
      const pending = app.call('POST', '/admin/plugins/racy/entities/RacyThing', {
        token: admin,
        body: { name: 'late' },
      });
      // Wait until the POST is blocked on the plugin row (it validated against revision 1 already).
      for (let i = 0; ; i++) {
        const waiting = await sql.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting!.n > 0) break;
        if (i > 200) throw new Error('the POST never waited for the plugin row');
        await new Promise((r) => setTimeout(r, 10));
      }
      await upgrade.query(
        `UPDATE graph_nodes SET props = props || jsonb_build_object('manifest', $2::jsonb, 'revision', 2) WHERE id = $1`,
        [rows[0].id, stricter],
      );
      await upgrade.query('COMMIT');
      const res = await pending;
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ pointer: '/size', keyword: 'required' });
    } finally {
      upgrade.release();
    }
    const list = await app.call('GET', '/admin/plugins/racy/entities/RacyThing', { token: admin });
    expect(list.body).toEqual([]);
  });

  it("a POST right after another replica's upgrade is validated against the new schema", async () => {
    const sql = app.runtime.core.sql;
    const url = '/admin/plugins/racy/entities/RacyThing';
    // This process has just used revision 2 and remembers it.
    expect((await app.call('POST', url, { token: admin, body: { name: 'ok', size: 1 } })).status).toBe(201);
    const node = await sql.one<{ id: string; props: { manifest: { vertex_labels: { schema: object }[] } } }>(
      `SELECT n.id, n.props FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
        WHERE k.namespace = 'Plugin.slug' AND k.key = 'racy'`,
    );
    const manifest = structuredClone(node!.props.manifest);
    manifest.vertex_labels[0]!.schema = {
      type: 'object',
      required: ['size', 'colour'],
      properties: { size: { type: 'integer' }, colour: { type: 'string' } },
    };
    await sql.query(
      `UPDATE graph_nodes SET props = props || jsonb_build_object('manifest', $2::jsonb, 'revision', 3) WHERE id = $1`,
      [node!.id, manifest],
    );
    const res = await app.call('POST', url, { token: admin, body: { name: 'stale', size: 2 } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/colour', keyword: 'required' });
  });
});

describe('validators are compiled once per (plugin, revision) and again after an upgrade', () => {
  it('the registry hands out the same compiled plugin until the revision changes', async () => {
    const registry = new PluginRegistry();
    const sql = app.runtime.core.sql;
    const first = await registry.current(sql, 'generated-b');
    const again = await registry.current(sql, 'generated-b', true);
    expect(again.plugin).toBe(first.plugin);
    expect(again.plugin.vertices.get('GbService')!.validate).toBe(
      first.plugin.vertices.get('GbService')!.validate,
    );
    const upgraded = await app.call('PUT', '/admin/plugins/generated-b', {
      token: admin,
      body: { manifest: { ...generated.manifest, version: '0.2.0' } },
    });
    expect(upgraded.status, upgraded.text).toBe(200);
    const after = await registry.current(sql, 'generated-b', true);
    expect(after.head.revision).toBe(first.head.revision + 1);
    expect(after.plugin).not.toBe(first.plugin);
  });
});

describe('reads answer each document as PostgreSQL keeps it, without parsing it (entity-json.ts)', () => {
  it('a list and a get answer every document as sent, in its stored form or not, and a read afresh the same bytes', async () => {
    const installed = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: {
        manifest: {
          slug: 'texts',
          name: 'Texts',
          version: '1.0.0',
          vertex_labels: [{ name: 'TextThing', schema: { type: 'object' } }],
        },
      },
    });
    expect(installed.status, installed.text).toBe(201);
    const base = '/admin/plugins/texts/entities/TextThing';
    const documents: Record<string, unknown>[] = [
      // Numbers jsonb writes otherwise than JavaScript (1e21 as 22 digits, 1.5e-7 as a decimal, 1e308
      // as 309 characters): answered as JavaScript writes them, not 45 times as long.
      {
        big: 1e21,
        small: 1.5e-7,
        huge: 1e308,
        tiny: 5e-324,
        neg: -2.5,
        int: 9007199254740991,
        zero: 0,
        nested: { a: [1, [2, { b: null }]] },
      },
      // Text jsonb writes as it is (U+2028, astral characters, quotes and backslashes escaped).
      { line: 'a\u2028b', emoji: '\ud83d\ude00', quote: '"\\/', control: '\t\n\u001f', empty: {} },
      JSON.parse('{"__proto__": {"x": 1}, "constructor": "c"}') as Record<string, unknown>,
      // Stored forms: U+0000, a lone surrogate, a value and a member name starting with U+FDD0.
      { nul: 'a\u0000b', lone: 'x\ud800', mark: '\uFDD0%00', '\uFDD0name': 'v' },
      // Neither, though the text looks like it: U+FDD0 inside a string, a string of 25 digits.
      { mid: 'a\uFDD0b', digits: '1234567890123456789012345', decimal: '0.0000001' },
    ];
    const created: Res[] = [];
    for (const body of documents) {
      const res = await app.call('POST', base, { token: admin, body });
      expect(res.status, res.text).toBe(201);
      created.push(res);
    }
    const list = await app.call('GET', `${base}?limit=10`, { token: admin });
    expect(list.status, list.text).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.body).toEqual(created.map((c) => c.body));
    for (const [i, c] of created.entries()) {
      // Members in jsonb's order (the stored form's names order the last document otherwise).
      if (i < 3)
        expect(Object.keys(list.body[i].properties)).toEqual(Object.keys(documents[i]!).sort(jsonbOrder));
      const got = await app.call('GET', `${base}/${c.body.id}`, { token: admin });
      expect(got.status, got.text).toBe(200);
      expect(got.body).toEqual(c.body);
      // As long as the write's answer, give or take jsonb's spacing (", " and ": ").
      expect(got.text.length).toBeLessThan(c.text.length * 1.5);
      // In the order of the response schema, which the write's answer is serialized by.
      expect(Object.keys(got.body)).toEqual(Object.keys(c.body));
    }
    expect(list.text).toContain('"huge":1e+308,"tiny":5e-324');
    // Pages of two, by the Link header's cursor.
    const paged: unknown[] = [];
    for (let url: string | undefined = `${base}?limit=2`; url;) {
      const page = await app.call('GET', url, { token: admin });
      expect(page.status, page.text).toBe(200);
      paged.push(...page.body);
      url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(paged).toEqual(created.map((c) => c.body));
    // The cached answer and a read afresh are the same bytes.
    const afresh = await app.call('GET', `${base}?limit=10`, {
      token: admin,
      headers: { 'cache-control': 'no-cache' },
    });
    expect(afresh.text).toBe(list.text);
  });
});

/** jsonb keeps an object's members shorter names first, then by bytes. */
const jsonbOrder = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length - y.length || Buffer.compare(x, y);
};
