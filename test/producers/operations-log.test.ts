// operations_log/deployments and operations_log/maintenance: POST /organizations/{org}/operations-log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createRole, expectInvalid, expectProblem, serviceAccount } from '../foundation/fixtures.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import { expectStatus, outbox, recorded } from './support.js';

let app: TestApp;
let admin: string;
const PATH = '/organizations/ops/operations-log';
const ENTRY = { project: 'api', environment: 'prod', entry_type: 'Deployed', description: 'v1.2.3 to prod' };

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'ops', name: 'Ops' } });
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'other', name: 'Other' } });
  for (const org of ['ops', 'other'])
    await app.call('POST', `/organizations/${org}/teams`, { token: admin, body: { slug: 't', name: 'T' } });
  await app.call('POST', '/organizations/ops/projects', {
    token: admin,
    body: { slug: 'api', name: 'API', team: 't' },
  });
  await app.call('POST', '/organizations/other/projects', {
    token: admin,
    body: { slug: 'secret-project', name: 'S', team: 't' },
  });
  await app.call('POST', '/environments', { token: admin, body: { slug: 'prod', name: 'Prod' } });
  // Naming the project and the environment needs their read permissions (below).
  await createRole(app, 'ops-writer', [
    'operations_log:create',
    'project:read',
    'environment:read',
    'organization:read',
  ]);
  await createRole(app, 'ops-log-only', ['operations_log:create', 'organization:read']);
  await createRole(app, 'ops-log-no-env', ['operations_log:create', 'project:read', 'organization:read']);
});
afterAll(() => app.close());

const post = (body: unknown, token: string = admin, path = PATH) => app.call('POST', path, { token, body });

describe('an entry is recorded on the operations_log stream, topic by entry type', () => {
  it('Deployed -> topic deployments; 201 with the entry and recorded_by', async () => {
    let res!: Awaited<ReturnType<typeof post>>;
    const rows = await recorded(app, async () => {
      res = await post({
        ...ENTRY,
        version: '1.2.3',
        link: 'https://ci.example.com/runs/7',
        ticket: 'OPS-42',
        occurred_at: '2026-01-02T03:04:05Z',
      });
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      organization: 'ops',
      project: 'api',
      environment: 'prod',
      entry_type: 'Deployed',
      description: 'v1.2.3 to prod',
      version: '1.2.3',
      link: 'https://ci.example.com/runs/7',
      ticket: 'OPS-42',
      occurred_at: '2026-01-02T03:04:05.000Z',
      recorded_by: 'admin@example.com',
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    // The entry, and (a deployment with a version) the project's version moved, in one transaction.
    expect(rows.map((r) => `${r.stream}/${r.topic}`)).toEqual([
      'operations_log/deployments',
      'events/lifecycle',
    ]);
    expect(rows[1]!.row).toMatchObject({ event_type: 'project.updated', project: 'api' });
    expect(rows[0]).toMatchObject({ stream: 'operations_log', topic: 'deployments', headers: {} });
    const idOf = async (path: string) => (await app.call('GET', path, { token: admin })).body.id as string;
    expect(rows[0]!.row).toEqual({
      id: res.body.id,
      organization: 'ops',
      project: 'api',
      environment: 'prod',
      organization_id: await idOf('/organizations/ops'),
      project_id: await idOf('/organizations/ops/projects/api'),
      environment_id: await idOf('/environments/prod'),
      entry_type: 'Deployed',
      description: 'v1.2.3 to prod',
      version: '1.2.3',
      link: 'https://ci.example.com/runs/7',
      ticket: 'OPS-42',
      recorded_by: 'admin@example.com',
      occurred_at: '2026-01-02 03:04:05',
      completed_at: '2026-01-02 03:04:05',
      status: 'completed',
      row_version: Date.parse(res.body.recorded_at),
    });
  });

  it.each([
    ['Maintenance', 'maintenance'],
    ['Incident', 'maintenance'],
    ['Note', 'maintenance'],
    ['Rolled Back', 'deployments'],
    ['Configured', 'deployments'],
    ['Restarted', 'deployments'],
    ['Scaled', 'deployments'],
  ])('%s -> topic %s', async (entryType, topic) => {
    const rows = await recorded(app, async () =>
      expectStatus(await post({ ...ENTRY, entry_type: entryType }), 201),
    );
    expect(rows.map((r) => [r.stream, r.topic])).toEqual([['operations_log', topic]]);
  });

  it('optional fields are null and occurred_at defaults to now', async () => {
    const res = await post(ENTRY);
    expectStatus(res, 201);
    expect(res.body).toMatchObject({ version: null, link: null, ticket: null });
    expect(Math.abs(Date.parse(res.body.occurred_at) - Date.now())).toBeLessThan(60_000);
  });
});

describe('bad input is a problem naming the field, and records nothing', () => {
  it.each([
    [{ ...ENTRY, project: 'nope' }, '/project', 'unknown_project'],
    [{ ...ENTRY, project: 'secret-project' }, '/project', 'unknown_project'],
    [{ ...ENTRY, environment: 'nope' }, '/environment', 'unknown_environment'],
    [{ ...ENTRY, entry_type: 'Exploded' }, '/entry_type', 'validation_failed'],
    [{ ...ENTRY, entry_type: 'deployed' }, '/entry_type', 'validation_failed'],
    [{ ...ENTRY, description: '   ' }, '/description', 'validation_failed'],
    [{ ...ENTRY, description: undefined }, '/description', 'validation_failed'],
    [{ ...ENTRY, link: 'javascript:alert(1)' }, '/link', 'validation_failed'],
    [{ ...ENTRY, occurred_at: 'yesterday' }, '/occurred_at', 'validation_failed'],
    // A leap second passes the format and no date parser; the store holds 1970 to 2106 only.
    [{ ...ENTRY, occurred_at: '2016-12-31T23:59:60Z' }, '/occurred_at', 'validation_failed'],
    [{ ...ENTRY, occurred_at: '0000-01-01T00:00:00Z' }, '/occurred_at', 'validation_failed'],
    [{ ...ENTRY, occurred_at: '9999-12-31T23:59:59Z' }, '/occurred_at', 'validation_failed'],
    [{ ...ENTRY, occurred_at: '2106-02-07T06:28:16Z' }, '/occurred_at', 'validation_failed'],
    [{ ...ENTRY, extra: 1 }, '/extra', 'validation_failed'],
  ])('%j -> 422 at %s', async (body, pointer, code) => {
    const rows = await recorded(app, async () => expectInvalid(await post(body), pointer, { code }));
    expect(rows).toEqual([]);
  });

  it('an unknown organization is 404', async () => {
    expectProblem(await post(ENTRY, admin, '/organizations/nope/operations-log'), 404, 'not_found');
  });
});

describe('who may record: operations_log:create', () => {
  it('anonymous 401; without the permission 403 (a member, a service account); nothing recorded', async () => {
    const member = await app.user('member@example.com', { roles: ['member'] });
    const bare = await serviceAccount(app, 'bare');
    const rows = await recorded(app, async () => {
      expectProblem(await app.call('POST', PATH, { body: ENTRY }), 401, 'unauthenticated');
      expectProblem(await post(ENTRY, member), 403, 'forbidden');
      expectProblem(await post(ENTRY, bare.token), 403, 'forbidden');
      // Permission is checked before the organization is looked up: no probing of slugs.
      expectProblem(await post(ENTRY, member, '/organizations/nope/operations-log'), 403, 'forbidden');
    });
    expect(rows).toEqual([]);
  });

  it('a holder, an admin and a service account with the permission may', async () => {
    const writer = await app.user('writer@example.com', { roles: ['ops-writer'] });
    const ci = await serviceAccount(app, 'ci', { roles: ['ops-writer'] });
    expect((await post(ENTRY, writer)).body.recorded_by).toBe('writer@example.com');
    expect((await post(ENTRY, admin)).body.recorded_by).toBe('admin@example.com');
    expect((await post(ENTRY, ci.token)).body.recorded_by).toBe('ci');
  });

  it('a delegated call is recorded as "<user> on behalf of <actor>"; without the user\'s permission 403', async () => {
    const cred = await setupScheduler(app);
    const user = await app.user('deployer@example.com', { roles: ['ops-writer'] });
    await consent(app, user);
    const res = await post(ENTRY, await delegatedToken(app, cred, 'deployer@example.com'));
    expectStatus(res, 201);
    expect(res.body.recorded_by).toBe('deployer@example.com on behalf of scheduler');
    const [row] = await outbox(app, 0, 'deployments').then((r) => r.slice(-1));
    expect(row!.row.recorded_by).toBe('deployer@example.com on behalf of scheduler');

    const plain = await app.user('plain@example.com');
    await consent(app, plain);
    expectProblem(await post(ENTRY, await delegatedToken(app, cred, 'plain@example.com')), 403, 'forbidden');
  });
});

describe('naming a project needs project:read, an environment environment:read (before any lookup)', () => {
  const forbiddenAt = (res: Awaited<ReturnType<typeof post>>, pointer: string, permission: string) => {
    expectProblem(res, 403, 'forbidden');
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer, in: 'body', detail: expect.stringContaining(permission) }),
    ]);
  };

  it('without project:read: the same 403 for an existing and a missing project (or organization); nothing recorded', async () => {
    const user = await app.user('log-only@example.com', { roles: ['ops-log-only'] });
    const sa = await serviceAccount(app, 'log-only', { roles: ['ops-log-only'] });
    const rows = await recorded(app, async () => {
      for (const token of [user, sa.token]) {
        forbiddenAt(await post(ENTRY, token), '/project', 'project:read');
        forbiddenAt(await post({ ...ENTRY, project: 'nope' }, token), '/project', 'project:read');
        forbiddenAt(await post({ ...ENTRY, project: 'secret-project' }, token), '/project', 'project:read');
        forbiddenAt(
          await post(ENTRY, token, '/organizations/nope/operations-log'),
          '/project',
          'project:read',
        );
      }
    });
    expect(rows).toEqual([]);
  });

  it('without environment:read: the same 403 for an existing and a missing environment; nothing recorded', async () => {
    const user = await app.user('log-no-env@example.com', { roles: ['ops-log-no-env'] });
    const rows = await recorded(app, async () => {
      forbiddenAt(await post(ENTRY, user), '/environment', 'environment:read');
      forbiddenAt(await post({ ...ENTRY, environment: 'nope' }, user), '/environment', 'environment:read');
    });
    expect(rows).toEqual([]);
  });

  it('with both: 201 for existing ones, 422 for a missing project or environment', async () => {
    const user = await app.user('log-full@example.com', { roles: ['ops-writer'] });
    expectStatus(await post(ENTRY, user), 201);
    expectInvalid(await post({ ...ENTRY, project: 'nope' }, user), '/project', { code: 'unknown_project' });
    expectInvalid(await post({ ...ENTRY, environment: 'nope' }, user), '/environment', {
      code: 'unknown_environment',
    });
  });
});
