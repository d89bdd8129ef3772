// Plugin edges reveal nothing about nodes their caller may not read: an edge cannot anchor on such a
// node, the error for a bad end is the same whether the node exists (of any label) or not, and edge
// listings hide the edges whose other end the caller may not read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import { createRole, nodeId, serviceAccount, userToken } from '../foundation/fixtures.js';
import { consent, exchange, setupScheduler } from '../delegation/helpers.js';

let app: TestApp;
let admin: string;

const PLUGIN = 'anchors';
const MANIFEST = {
  slug: PLUGIN,
  name: 'Anchors',
  version: '1.0.0',
  vertex_labels: [
    { name: 'Box', schema: { type: 'object', properties: { name: { type: 'string' } } } },
    { name: 'Crate', schema: { type: 'object' } },
  ],
  edge_labels: [
    { source_label: 'Project', edge_label: 'OWNS', target_label: 'Box' },
    { source_label: 'Project', edge_label: 'DEPLOYS_TO', target_label: 'Environment' },
    { source_label: 'Environment', edge_label: 'HOSTS', target_label: 'Box' },
  ],
};
const perm = (label: string, action: 'read' | 'write') => `plugins:${PLUGIN}:entities:${label}:${action}`;
const edges = (label: string) => `/admin/plugins/${PLUGIN}/edges/${label}`;
const envEdges = (env: string, label: string) => `/admin/environments/${env}/plugin-edges/${PLUGIN}/${label}`;
const MISSING = '00000000-0000-7000-8000-00000000abcd';

let open: { id: string; slug: string; name: string };
let secret: { id: string; slug: string; name: string };
let env: { id: string };
let box: string;
let crate: string;
let someUser: string;

async function ok(method: string, url: string, body?: unknown): Promise<Res> {
  const res = await app.call(method, url, { token: admin, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res;
}

const edgeCount = async (label: string) =>
  (await app.runtime.core.sql.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM graph_edges WHERE label = $1',
    [`plugin:${PLUGIN}:${label}`],
  ))!.n;

/** A problem with the asked-for id written `?`, so that two answers compare. */
async function answer(token: string, method: string, url: string, id: string, body?: unknown) {
  const res = await app.call(method, url, { token, ...(body !== undefined ? { body } : {}) });
  const hide = (v: unknown) => String(v ?? '').replaceAll(id, '?');
  return {
    status: res.status,
    code: res.body?.code,
    detail: hide(res.body?.detail),
    errors: JSON.parse(hide(JSON.stringify(res.body?.errors ?? null))),
  };
}

// Edge permissions for every label of the plugin, and for its vertex labels.
const PLUGIN_PERMS = ['OWNS', 'DEPLOYS_TO', 'HOSTS', 'Box', 'Crate'].flatMap((l) => [
  perm(l, 'read'),
  perm(l, 'write'),
]);
let aclUser: string; // environment:read, the plugin's permissions, a CAN_ACCESS read edge on `open` only
let updateOnly: string; // as aclUser, but its edge on `open` carries `update` only
let noEnvRead: string; // project:read and the plugin's permissions, not environment:read

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await ok('POST', '/admin/plugins', { manifest: MANIFEST });
  await ok('POST', '/organizations', { slug: 'acme', name: 'Acme' });
  await ok('POST', '/organizations/acme/teams', { slug: 't', name: 'T' });
  open = (await ok('POST', '/organizations/acme/projects', { slug: 'open', name: 'Open', team: 't' })).body;
  secret = (
    await ok('POST', '/organizations/acme/projects', { slug: 'hidden-one', name: 'Hidden One', team: 't' })
  ).body;
  env = (await ok('POST', '/environments', { slug: 'prod', name: 'Prod' })).body;
  box = (await ok('POST', `/admin/plugins/${PLUGIN}/entities/Box`, { name: 'b' })).body.id;
  crate = (await ok('POST', `/admin/plugins/${PLUGIN}/entities/Crate`, {})).body.id;
  await ok('POST', '/users', { email: 'someone@example.com' });
  someUser = await nodeId(app, 'User.email', 'someone@example.com');

  await createRole(app, 'edges-acl', ['environment:read', ...PLUGIN_PERMS]);
  await createRole(app, 'edges-no-env', ['project:read', ...PLUGIN_PERMS]);
  aclUser = await userToken(app, 'acl@example.com', { roles: ['edges-acl'] });
  updateOnly = await userToken(app, 'update-only@example.com', { roles: ['edges-acl'] });
  noEnvRead = await userToken(app, 'no-env@example.com', { roles: ['edges-no-env'] });
  await ok('PUT', '/organizations/acme/projects/open/access/acl@example.com', { actions: ['read'] });
  await ok('PUT', '/organizations/acme/projects/open/access/update-only@example.com', {
    actions: ['update'],
  });
  await ok('PUT', '/organizations/acme/projects/hidden-one/access/update-only@example.com', {
    actions: ['update', 'delete'],
  });
}, 60_000);
afterAll(() => app.close());

describe('an edge cannot anchor on a node its caller may not read', () => {
  it('a project the caller may not read is refused as if it did not exist, and nothing is stored', async () => {
    const before = await edgeCount('OWNS');
    const real = await answer(aclUser, 'POST', edges('OWNS'), secret.id, {
      source_id: secret.id,
      target_id: box,
    });
    const missing = await answer(aclUser, 'POST', edges('OWNS'), MISSING, {
      source_id: MISSING,
      target_id: box,
    });
    expect(real).toEqual(missing);
    expect(real).toMatchObject({ status: 422, code: 'invalid_edge_end', detail: 'source_id: no Project ?' });
    expect(real.errors[0].pointer).toBe('/source_id');
    expect(await edgeCount('OWNS')).toBe(before);
  });

  it('an update-only CAN_ACCESS edge does not let a caller anchor on the project', async () => {
    for (const project of [open, secret]) {
      const res = await app.call('POST', edges('OWNS'), {
        token: updateOnly,
        body: { source_id: project.id, target_id: box },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.code).toBe('invalid_edge_end');
    }
    expect(await edgeCount('OWNS')).toBe(0);
  });

  it('a project read through a CAN_ACCESS read edge may be an end', async () => {
    const res = await app.call('POST', edges('OWNS'), {
      token: aclUser,
      body: { source_id: open.id, target_id: box },
    });
    expect(res.status, res.text).toBe(201);
  });

  it('without environment:read, an Environment end is 403 before any lookup, whatever the id', async () => {
    for (const id of [env.id, MISSING]) {
      const res = await app.call('POST', edges('HOSTS'), {
        token: noEnvRead,
        body: { source_id: id, target_id: box },
      });
      expect(res.status, res.text).toBe(403);
      expect(res.body.detail).toBe('missing permission environment:read');
    }
    expect(await edgeCount('HOSTS')).toBe(0);
  });

  it('a service account without project:read gets 403 for a Project end: no ACL serves it', async () => {
    await createRole(app, 'edges-sa', ['environment:read', ...PLUGIN_PERMS]);
    const sa = await serviceAccount(app, 'edges-bot', { roles: ['edges-sa'] });
    for (const id of [open.id, MISSING]) {
      const res = await app.call('POST', edges('OWNS'), {
        token: sa.token,
        body: { source_id: id, target_id: box },
      });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('missing permission project:read');
    }
    expect((await app.call('GET', edges('OWNS'), { token: sa.token })).status).toBe(403);
  });
});

describe('the error for a bad end is no existence oracle', () => {
  // Ids of nodes of every kind the caller may not read, or that are not of the declared label: each
  // answer must equal the one for an id that names nothing at all.
  const others = () => ({
    'a project it may not read': secret.id,
    'an environment': env.id,
    'a plugin entity of another label': crate,
    'a user': someUser,
  });

  it('for a Project end', async () => {
    const missing = await answer(aclUser, 'POST', edges('OWNS'), MISSING, {
      source_id: MISSING,
      target_id: box,
    });
    expect(missing.detail).toBe('source_id: no Project ?');
    for (const [what, id] of Object.entries(others())) {
      const res = await answer(aclUser, 'POST', edges('OWNS'), id, { source_id: id, target_id: box });
      expect(res, what).toEqual(missing);
    }
  });

  it('for a plugin entity end', async () => {
    const body = (id: string) => ({ source_id: open.id, target_id: id });
    const missing = await answer(aclUser, 'POST', edges('OWNS'), MISSING, body(MISSING));
    expect(missing).toMatchObject({ status: 422, detail: 'target_id: no Box ?' });
    for (const [what, id] of Object.entries({ ...others(), 'a project it may read': open.id })) {
      expect(await answer(aclUser, 'POST', edges('OWNS'), id, body(id)), what).toEqual(missing);
    }
  });

  it('for an Environment end, even for an admin', async () => {
    const body = (id: string) => ({ source_id: open.id, target_id: id });
    const missing = await answer(admin, 'POST', edges('DEPLOYS_TO'), MISSING, body(MISSING));
    expect(missing).toMatchObject({ status: 422, detail: 'target_id: no Environment ?' });
    for (const id of [secret.id, box, someUser]) {
      expect(await answer(admin, 'POST', edges('DEPLOYS_TO'), id, body(id))).toEqual(missing);
    }
  });

  it('DELETE of an edge on a project the caller may not read is 404, as for no edge at all', async () => {
    await ok('POST', edges('OWNS'), { source_id: secret.id, target_id: box });
    const real = await answer(aclUser, 'DELETE', `${edges('OWNS')}/${secret.id}/${box}`, secret.id);
    const missing = await answer(aclUser, 'DELETE', `${edges('OWNS')}/${MISSING}/${box}`, MISSING);
    expect(real).toEqual(missing);
    expect(real.status).toBe(404);
    const still = await app.call('GET', `${edges('OWNS')}?source_id=${secret.id}`, { token: admin });
    expect(still.body).toHaveLength(1);
    // The holder of a delete ACL that cannot read the project is refused too.
    expect(
      (await app.call('DELETE', `${edges('OWNS')}/${secret.id}/${box}`, { token: updateOnly })).status,
    ).toBe(404);
  });
});

describe('edge listings hide the edges whose ends the caller may not read', () => {
  beforeAll(async () => {
    for (const p of [open, secret])
      await ok('POST', edges('DEPLOYS_TO'), { source_id: p.id, target_id: env.id });
  });

  const mentions = (res: Res, p: { id: string; slug: string; name: string }) =>
    res.text.includes(p.id) || res.text.includes(p.slug) || res.text.includes(p.name);

  it('the environment listing shows a user only the projects it reads', async () => {
    const all = await app.call('GET', envEdges('prod', 'DEPLOYS_TO'), { token: admin });
    expect(all.status).toBe(200);
    expect(
      all.body.map((e: { entity: { properties: { slug: string } } }) => e.entity.properties.slug).sort(),
    ).toEqual(['hidden-one', 'open']);

    const mine = await app.call('GET', envEdges('prod', 'DEPLOYS_TO'), { token: aclUser });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toHaveLength(1);
    expect(mine.body[0]).toMatchObject({
      source_id: open.id,
      entity: { id: open.id, properties: { slug: 'open' } },
    });
    expect(mentions(mine, secret)).toBe(false);

    const none = await app.call('GET', envEdges('prod', 'DEPLOYS_TO'), { token: updateOnly });
    expect(none.body).toEqual([]);
  });

  it('pages stay full when edges are hidden', async () => {
    const extra = [];
    for (const slug of ['p-a', 'p-b', 'p-c']) {
      const p = (await ok('POST', '/organizations/acme/projects', { slug, name: slug, team: 't' })).body;
      await ok('POST', edges('DEPLOYS_TO'), { source_id: p.id, target_id: env.id });
      await ok('PUT', `/organizations/acme/projects/${slug}/access/acl@example.com`, { actions: ['read'] });
      extra.push(p.id);
    }
    const seen: string[] = [];
    let url: string | undefined = `${envEdges('prod', 'DEPLOYS_TO')}?limit=1`;
    while (url) {
      const res: Res = await app.call('GET', url, { token: aclUser });
      expect(res.status).toBe(200);
      expect(mentions(res, secret)).toBe(false);
      if (/rel="next"/.test(String(res.headers.link ?? ''))) expect(res.body).toHaveLength(1);
      seen.push(...res.body.map((e: { source_id: string }) => e.source_id));
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    expect(seen.sort()).toEqual([open.id, ...extra].sort());
  });

  it('the generic edge list hides them too, filters included', async () => {
    const list = await app.call('GET', edges('DEPLOYS_TO'), { token: aclUser });
    expect(list.status).toBe(200);
    expect(mentions(list, secret)).toBe(false);
    expect(list.body.length).toBeGreaterThan(0);
    const filtered = await app.call('GET', `${edges('DEPLOYS_TO')}?source_id=${secret.id}`, {
      token: aclUser,
    });
    expect(filtered.body).toEqual([]);
    const asAdmin = await app.call('GET', `${edges('DEPLOYS_TO')}?source_id=${secret.id}`, { token: admin });
    expect(asAdmin.body).toHaveLength(1);
  });

  it('the generic edge list names each first-class end, a plugin entity end null', async () => {
    const listed = await app.call('GET', `${edges('DEPLOYS_TO')}?source_id=${open.id}`, { token: aclUser });
    expect(listed.body).toEqual([
      expect.objectContaining({
        source_id: open.id,
        source_name: 'Open',
        target_id: env.id,
        target_name: 'Prod',
      }),
    ]);
    const asAdmin = await app.call('GET', `${edges('DEPLOYS_TO')}?source_id=${secret.id}`, { token: admin });
    expect(asAdmin.body[0]).toMatchObject({ source_name: 'Hidden One', target_name: 'Prod' });
    const owns = await app.call('GET', `${edges('OWNS')}?source_id=${open.id}`, { token: aclUser });
    expect(owns.body).toEqual([
      expect.objectContaining({ source_name: 'Open', target_id: box, target_name: null }),
    ]);
    // A rename shows at once (the list reads the node).
    await ok('PATCH', '/organizations/acme/projects/open', { name: 'Open Renamed' });
    const renamed = await app.call('GET', `${edges('OWNS')}?source_id=${open.id}`, { token: aclUser });
    expect(renamed.body[0].source_name).toBe('Open Renamed');
    await ok('PATCH', '/organizations/acme/projects/open', { name: 'Open' });
  });

  it('without environment:read, the environment listing is 403 whether or not the environment exists', async () => {
    for (const slug of ['prod', 'nowhere']) {
      const res = await app.call('GET', envEdges(slug, 'DEPLOYS_TO'), { token: noEnvRead });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe('missing permission environment:read');
    }
    expect((await app.call('GET', edges('HOSTS'), { token: noEnvRead })).status).toBe(403);
  });

  it("a delegated token is held to its scope for the ends too, even an admin's", async () => {
    const cred = await setupScheduler(app);
    await consent(app, admin);
    const narrowed = async (scope: string) => {
      const res = await exchange(app, {
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
        requested_subject: 'admin@example.com',
        scope,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.access_token as string;
    };
    const pluginOnly = await narrowed(`plugins:${PLUGIN}:*`);
    const refused = await app.call('GET', envEdges('prod', 'DEPLOYS_TO'), { token: pluginOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('missing permission project:read');
    const withEnds = await narrowed(`plugins:${PLUGIN}:* project:read environment:read`);
    const all = await app.call('GET', envEdges('prod', 'DEPLOYS_TO'), { token: withEnds });
    expect(all.status, all.text).toBe(200);
    expect(mentions(all, secret)).toBe(true);
  });
});
