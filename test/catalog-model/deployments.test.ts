// Where a project runs: a project is deployed to environments, each with its URL and the version
// running there since when. A `Deployed` or `Rolled Back` entry of the operations log moves the version
// in the transaction that records the entry, so "what version is in production?" is one read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/harness.js';
import {
  createRole,
  expectInvalid,
  expectProblem,
  serviceAccount,
  userToken,
} from '../foundation/fixtures.js';
import { recorded, metadataOf } from '../producers/support.js';
import { environments, ok, slugsOf, startWithOrgs } from './fixtures.js';

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';
const LOG = '/organizations/acme/operations-log';
const put = (project: string, env: string, body: unknown = {}, token = admin) =>
  app.call('PUT', `${P}/${project}/environments/${env}`, { token, body });
const read = async (project: string, token = admin) =>
  ok(await app.call('GET', `${P}/${project}`, { token })).body;
const envOf = async (project: string, env: string) =>
  ((await read(project)).environments as Record<string, unknown>[]).find((e) => e.environment === env);
const log = (body: Record<string, unknown>, token = admin) =>
  app.call('POST', LOG, {
    token,
    body: { environment: 'production', entry_type: 'Deployed', description: 'deploy', ...body },
  });

beforeAll(async () => {
  ({ app, admin } = await startWithOrgs({ acme: ['core'] }));
  for (const slug of ['api', 'web', 'batch', 'idle'])
    ok(await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core' } }));
  await environments(app, admin, ['production', 'staging']);
});
afterAll(() => app.close());

describe('a project deployed to environments', () => {
  it('PUT adds one (201) with its URL, again replaces the URL (200); the project read shows it', async () => {
    const res = await put('api', 'production', { url: 'https://api.example.com' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({
      environment: 'production',
      url: 'https://api.example.com',
      version: null,
      since: null,
    });
    const again = await put('api', 'production', { url: 'https://api.example.com/v2' });
    expect(again.status).toBe(200);
    ok(await put('api', 'staging'));
    expect((await read('api')).environments).toEqual([
      { environment: 'production', url: 'https://api.example.com/v2', version: null, since: null },
      { environment: 'staging', url: null, version: null, since: null },
    ]);
    // A project deployed nowhere shows an empty list.
    expect((await read('idle')).environments).toEqual([]);
  });

  it('a Deployed entry moves the version of its environment, since when it happened; one read answers it', async () => {
    const entry = ok(
      await log({ project: 'api', version: '1.4.0', occurred_at: '2026-01-02T03:04:05Z' }),
    ).body;
    expect(await envOf('api', 'production')).toEqual({
      environment: 'production',
      url: 'https://api.example.com/v2',
      version: '1.4.0',
      since: '2026-01-02T03:04:05.000Z',
    });
    expect(entry.version).toBe('1.4.0');
    // A rollback moves it too.
    ok(
      await log({
        project: 'api',
        entry_type: 'Rolled Back',
        version: '1.3.9',
        occurred_at: '2026-01-02T04:00:00Z',
      }),
    );
    expect(await envOf('api', 'production')).toMatchObject({
      version: '1.3.9',
      since: '2026-01-02T04:00:00.000Z',
    });
    // The other environment keeps its own.
    expect(await envOf('api', 'staging')).toMatchObject({ version: null });
  });

  it('an entry older than the running version, an open one, another type or one without version moves nothing', async () => {
    ok(await log({ project: 'api', version: '0.9.0', occurred_at: '2025-12-31T00:00:00Z' }));
    ok(await log({ project: 'api', version: '2.0.0', status: 'open' }));
    ok(await log({ project: 'api', entry_type: 'Restarted', version: '9.9.9' }));
    ok(await log({ project: 'api' }));
    expect(await envOf('api', 'production')).toMatchObject({
      version: '1.3.9',
      since: '2026-01-02T04:00:00.000Z',
    });
  });

  it('a deployment to an environment the project was not in adds it (no URL)', async () => {
    ok(await log({ project: 'web', version: 'abc123' }));
    expect(await envOf('web', 'production')).toMatchObject({ url: null, version: 'abc123' });
    expect(typeof (await envOf('web', 'production'))!.since).toBe('string');
  });

  it('the version move is recorded in the project activity with old and new values', async () => {
    const rows = await recorded(app, async () =>
      ok(await log({ project: 'api', version: '1.5.0', occurred_at: '2026-01-03T00:00:00Z' })),
    );
    const ev = rows.find((r) => r.row.event_type === 'project.updated');
    expect(ev, JSON.stringify(rows)).toBeDefined();
    expect(metadataOf(ev!).changes).toEqual([
      { field: '/environments/production/version', old: '1.3.9', new: '1.5.0' },
      {
        field: '/environments/production/since',
        old: '2026-01-02T04:00:00.000Z',
        new: '2026-01-03T00:00:00.000Z',
      },
    ]);
  });

  it('filters by environment list the projects deployed there, and no longer once removed', async () => {
    ok(await put('batch', 'staging'));
    expect(await slugsOf(app, `${P}?environment=production`, admin)).toEqual(['api', 'web']);
    expect(await slugsOf(app, `${P}?environment=staging`, admin)).toEqual(['api', 'batch']);
    expect(await slugsOf(app, `${P}?environment=staging&team=core`, admin)).toEqual(['api', 'batch']);
    const del = await app.call('DELETE', `${P}/batch/environments/staging`, { token: admin });
    expect(del.status, del.text).toBe(204);
    expectProblem(await app.call('DELETE', `${P}/batch/environments/staging`, { token: admin }), 404);
    expect(await slugsOf(app, `${P}?environment=staging`, admin)).toEqual(['api']);
    expect((await read('batch')).environments).toEqual([]);
  });

  it('an archived project keeps its environments and still filters by them with archived=true', async () => {
    ok(await put('idle', 'staging', { url: 'https://idle.example.com' }));
    ok(await app.call('POST', `${P}/idle/archive`, { token: admin, body: {} }));
    expect(await slugsOf(app, `${P}?environment=staging`, admin)).toEqual(['api']);
    expect(await slugsOf(app, `${P}?environment=staging&archived=true`, admin)).toEqual(['idle']);
    expectProblem(await put('idle', 'staging', { url: 'https://x.example.com' }), 409, 'project_archived');
    ok(await app.call('POST', `${P}/idle/unarchive`, { token: admin }));
  });

  it('renaming an environment renames it in every project; deleting it removes it from them', async () => {
    ok(await app.call('POST', '/environments', { token: admin, body: { slug: 'qa', name: 'QA' } }));
    ok(await put('web', 'qa', { url: 'https://qa.example.com' }));
    ok(await app.call('PATCH', '/environments/qa', { token: admin, body: { slug: 'test' } }));
    expect(await envOf('web', 'test')).toMatchObject({ url: 'https://qa.example.com' });
    expect(await slugsOf(app, `${P}?environment=test`, admin)).toEqual(['web']);
    expect((await app.call('DELETE', '/environments/test', { token: admin })).status).toBe(204);
    expect(await envOf('web', 'test')).toBeUndefined();
    expect(await slugsOf(app, `${P}?environment=test`, admin)).toEqual([]);
    const facts = await app.runtime.core.sql.query(
      `SELECT 1 FROM project_facts WHERE kind = 'environment' AND project_id =
         (SELECT node_id FROM graph_keys WHERE namespace = 'Project.slug' AND key LIKE '%/web')`,
    );
    expect(facts).toHaveLength(1); // production only
  });
});

describe('bad input: 422 naming the field, nothing stored changes', () => {
  it.each([
    ['ftp://files.example.com', 'scheme'],
    ['https://user:pw@example.com', 'user name or password'],
    ['not a url', 'not a valid URL'],
    ['javascript:alert(1)', 'scheme'],
  ])('url %s', async (url, detail) => {
    const before = await read('api');
    const res = await put('api', 'production', { url });
    expectInvalid(res, '/url', { code: 'invalid_url' });
    expect(res.body.errors[0].detail).toContain(detail);
    expect(res.text).not.toContain('pw@');
    expect((await read('api')).environments).toEqual(before.environments);
  });

  it('a body member that is not url, or a url too long or not text, is a 422 naming it', async () => {
    expectInvalid(await put('api', 'production', { version: '1' }), '/version');
    expectInvalid(await put('api', 'production', { url: 3 }), '/url');
    expectInvalid(
      await put('api', 'production', { url: `https://x.example.com/${'a'.repeat(2100)}` }),
      '/url',
    );
  });

  it('an unknown environment or project is a 404', async () => {
    expectProblem(await put('api', 'nowhere'), 404);
    expectProblem(await put('nope', 'production'), 404);
    expectProblem(await app.call('DELETE', `${P}/api/environments/nowhere`, { token: admin }), 404);
  });
});

describe('who may', () => {
  it('401 without a token; read on the project reads its environments; changes need update', async () => {
    expectProblem(await put('api', 'production', {}, ''), 401);
    const member = await userToken(app, 'member@deploy.test', { roles: ['member'] });
    expect((await read('api', member)).environments).toHaveLength(2);
    expectProblem(await put('api', 'production', { url: 'https://evil.example.com' }, member), 403);
    expectProblem(await app.call('DELETE', `${P}/api/environments/staging`, { token: member }), 403);
    const nobody = await userToken(app, 'nobody@deploy.test');
    expectProblem(await put('api', 'production', {}, nobody), 403); // naming an environment needs environment:read
    expect((await envOf('api', 'production'))!.url).toBe('https://api.example.com/v2');
  });

  it('an ACL user with update (and environment:read) sets them; without a grant it is a 404; /auth/can agrees', async () => {
    const acl = await userToken(app, 'acl@deploy.test', { roles: ['member'] });
    expectProblem(await put('batch', 'production', {}, acl), 403); // member reads every project
    const sa = await serviceAccount(app, 'deploy-bot', { roles: ['member'] });
    expectProblem(await put('batch', 'production', {}, sa.token), 403);
    await createRole(app, 'env-reader', ['environment:read']);
    const edge = await userToken(app, 'edge@deploy.test', { roles: ['env-reader'] });
    const can = async (token: string) =>
      ok(
        await app.call('POST', '/auth/can', {
          token,
          body: { method: 'PUT', path: `${P}/batch/environments/production` },
        }),
      ).body.allowed;
    expect(await can(edge)).toBe(false);
    expectProblem(await put('batch', 'production', {}, edge), 404);
    ok(
      await app.call('PUT', `${P}/batch/access/edge@deploy.test`, {
        token: admin,
        body: { actions: ['read', 'update'] },
      }),
    );
    expect(await can(edge)).toBe(true);
    expect((await put('batch', 'production', { url: 'https://batch.example.com' }, edge)).status).toBe(201);
    // The same grant without environment:read: refused before any lookup, and /auth/can says so.
    const bare = await userToken(app, 'bare@deploy.test');
    ok(
      await app.call('PUT', `${P}/batch/access/bare@deploy.test`, {
        token: admin,
        body: { actions: ['read', 'update'] },
      }),
    );
    expect(await can(bare)).toBe(false);
    expectProblem(await put('batch', 'staging', {}, bare), 403);
  });
});
