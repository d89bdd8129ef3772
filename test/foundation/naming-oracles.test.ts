// A write that names another resource answers a caller who may not read that kind of resource the
// same 403 whether it exists or not (docs/authorization.md): role assignment names an account and a
// role, a project grant and a team membership name a user, a project grant names its project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type Res } from '../support/harness.js';
import { createRole, expectProblem, serviceAccount, userToken } from './fixtures.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const post = (path: string, body: unknown) => app.call('POST', path, { token: admin, body });
  await post('/organizations', { slug: 'north', name: 'North' });
  await post('/organizations/north/teams', { slug: 'alpha', name: 'Alpha' });
  await post('/organizations/north/projects', { slug: 'billing', name: 'Billing', team: 'alpha' });
  await post('/roles', { slug: 'tiny', name: 'Tiny', permissions: [] });
  await userToken(app, 'victim@naming.test');
  await serviceAccount(app, 'ci-bot');
});
afterAll(() => app.close());

/** A user holding a role of its own (`slug`) with `permissions`: its token. */
async function holderOf(slug: string, permissions: string[]): Promise<string> {
  await createRole(app, slug, permissions);
  return userToken(app, `${slug}@naming.test`, { roles: [slug] });
}

/**
 * Each call's status and detail: the same for an existing target and a missing one (a detail may echo
 * the name the request gave, listed in `echoed`).
 */
async function sameAnswer(calls: Array<() => Promise<Res>>, status: number, echoed: string[] = []) {
  const answers = [];
  for (const call of calls) {
    const res = await call();
    expectProblem(res, status);
    const detail = echoed.reduce((d, name) => d.replaceAll(name, '<name>'), String(res.body.detail));
    answers.push({ status: res.status, detail });
  }
  expect(new Set(answers.map((a) => JSON.stringify(a))).size, JSON.stringify(answers)).toBe(1);
}

describe('role assignment names an account and a role', () => {
  it('role:assign alone: 403 for any account or role, existing or not', async () => {
    const token = await holderOf('assigner', ['role:assign']);
    for (const method of ['PUT', 'DELETE'] as const) {
      const call = (path: string) => () => app.call(method, path, { token });
      await sameAnswer(
        [call('/users/victim@naming.test/roles/tiny'), call('/users/nobody@naming.test/roles/tiny')],
        403,
      );
      await sameAnswer(
        [call('/service-accounts/ci-bot/roles/tiny'), call('/service-accounts/no-bot/roles/tiny')],
        403,
      );
    }
    const roles = await app.call('GET', '/users/victim@naming.test', { token: admin });
    expect(roles.body.roles ?? []).not.toContain('tiny');
  });

  it('with user:read but not role:read: 403 for any role, the admin role included', async () => {
    const token = await holderOf('assigner-users', ['role:assign', 'user:read']);
    const call = (role: string) => () =>
      app.call('PUT', `/users/victim@naming.test/roles/${role}`, { token });
    await sameAnswer([call('tiny'), call('admin'), call('no-such-role')], 403);
  });

  it('with the read permissions: 204 for an existing account, 404 for a missing one', async () => {
    const token = await holderOf('assigner-all', [
      'role:assign',
      'user:read',
      'service_account:read',
      'role:read',
    ]);
    expect((await app.call('PUT', '/users/victim@naming.test/roles/tiny', { token })).status).toBe(204);
    expectProblem(await app.call('PUT', '/users/nobody@naming.test/roles/tiny', { token }), 404);
    expect((await app.call('PUT', '/service-accounts/ci-bot/roles/tiny', { token })).status).toBe(204);
    expectProblem(await app.call('PUT', '/service-accounts/no-bot/roles/tiny', { token }), 404);
  });
});

describe('a project grant names a user and a project', () => {
  const ACCESS = '/organizations/north/projects/billing/access';

  it('project:access and project:read without user:read: 403 for any user, and the grants are not shown', async () => {
    const token = await holderOf('granter', ['project:access', 'project:read']);
    for (const method of ['PUT', 'DELETE'] as const) {
      const call = (email: string) => () =>
        app.call(method, `${ACCESS}/${email}`, {
          token,
          body: method === 'PUT' ? { actions: ['read'] } : undefined,
        });
      await sameAnswer([call('victim@naming.test'), call('nobody@naming.test')], 403);
    }
    expectProblem(await app.call('GET', ACCESS, { token }), 403);
    expect((await app.call('GET', ACCESS, { token: admin })).body).toEqual([]);
  });

  it('a caller that may not read the project gets the 404 of a missing one, whatever exists', async () => {
    const token = await holderOf('blind-granter', ['project:access', 'user:read']);
    const call = (path: string) => () =>
      app.call('PUT', `${path}/access/victim@naming.test`, { token, body: { actions: ['read'] } });
    await sameAnswer(
      [
        call('/organizations/north/projects/billing'),
        call('/organizations/north/projects/nope'),
        call('/organizations/nope/projects/billing'),
      ],
      404,
      ['billing', 'nope'],
    );
    await sameAnswer(
      [
        () => app.call('GET', '/organizations/north/projects/billing/access', { token }),
        () => app.call('GET', '/organizations/north/projects/nope/access', { token }),
      ],
      404,
      ['billing', 'nope'],
    );
  });

  it('with user:read and the project readable: 200 for an existing user, 404 for a missing one', async () => {
    const token = await holderOf('granter-all', ['project:access', 'project:read', 'user:read']);
    const put = (email: string) =>
      app.call('PUT', `${ACCESS}/${email}`, { token, body: { actions: ['read'] } });
    expect((await put('victim@naming.test')).status).toBe(200);
    expectProblem(await put('nobody@naming.test'), 404);
    expect((await app.call('GET', ACCESS, { token })).body).toEqual([
      { email: 'victim@naming.test', actions: ['read'] },
    ]);
  });
});

describe('a team membership names a user', () => {
  const MEMBERS = '/organizations/north/teams/alpha/members';

  it('team:update alone: 403 for any user; with user:read, 204 or 404', async () => {
    const blind = await holderOf('team-editor', ['team:update', 'organization:read']);
    for (const method of ['PUT', 'DELETE'] as const) {
      const call = (email: string) => () => app.call(method, `${MEMBERS}/${email}`, { token: blind });
      await sameAnswer([call('victim@naming.test'), call('nobody@naming.test')], 403);
    }
    const token = await holderOf('team-editor-users', ['team:update', 'user:read', 'organization:read']);
    expect((await app.call('PUT', `${MEMBERS}/victim@naming.test`, { token })).status).toBe(204);
    expectProblem(await app.call('PUT', `${MEMBERS}/nobody@naming.test`, { token }), 404);
  });
});

describe('a route under /organizations/{org} names an organization', () => {
  it("the route's own permission alone: 403 for any organization; with organization:read, 2xx or 404", async () => {
    const routes: Array<{ perm: string; call: (org: string, token: string) => Promise<Res>; ok: number }> = [
      {
        perm: 'team:create',
        call: (org, token) =>
          app.call('POST', `/organizations/${org}/teams`, { token, body: { slug: 'beta', name: 'B' } }),
        ok: 201,
      },
      {
        perm: 'team:read',
        call: (org, token) => app.call('GET', `/organizations/${org}/teams`, { token }),
        ok: 200,
      },
      {
        perm: 'organization:update',
        call: (org, token) => app.call('PATCH', `/organizations/${org}`, { token, body: { name: 'N' } }),
        ok: 200,
      },
      {
        perm: 'ai_model:read',
        call: (org, token) => app.call('GET', `/organizations/${org}/ai-models`, { token }),
        ok: 200,
      },
    ];
    for (const { perm, call, ok } of routes) {
      const slug = perm.replace(':', '-').replaceAll('_', '-');
      const blind = await holderOf(`only-${slug}`, [perm]);
      await sameAnswer([() => call('north', blind), () => call('nowhere', blind)], 403);
      const token = await holderOf(`org-${slug}`, [perm, 'organization:read']);
      expect((await call('north', token)).status, perm).toBe(ok);
      expectProblem(await call('nowhere', token), 404);
    }
  });
});
