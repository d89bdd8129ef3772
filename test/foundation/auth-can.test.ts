// POST /auth/can (docs/authorization.md, "May I call it?"): answers whether the caller may call
// METHOD PATH, from the route's declared permission, without calling the route. It tells no more than
// calling the route would: a project the caller may not read gets the same answer as a missing one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import { createRole, expectInvalid, expectProblem, serviceAccount, userToken } from './fixtures.js';

let app: TestApp;
let admin: string;
let reader: string;
let granted: string;
let nobody: string;
let saUpdater: string;
let delegated: string;
let narrowed: string;

const P = '/organizations/can-org/projects';

const can = (token: string | undefined, method: string, path: string) =>
  app.call('POST', '/auth/can', { token, body: { method, path } });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  for (const [url, body] of [
    ['/organizations', { slug: 'can-org', name: 'Can' }],
    ['/organizations/can-org/teams', { slug: 'can-team', name: 'Team' }],
    [P, { slug: 'open', name: 'Open', team: 'can-team' }],
    [P, { slug: 'secret', name: 'Secret', team: 'can-team' }],
  ] as const) {
    const res = await app.call('POST', url, { token: admin, body });
    expect(res.status, res.text).toBe(201);
  }
  await createRole(app, 'can-reader', ['project:read', 'organization:read']);
  await createRole(app, 'can-updater', ['project:update']);
  reader = await userToken(app, 'reader@can.test', { roles: ['can-reader'] });
  granted = await userToken(app, 'granted@can.test');
  nobody = await userToken(app, 'nobody@can.test');
  const grant = await app.call('PUT', `${P}/open/access/granted@can.test`, {
    token: admin,
    body: { actions: ['read', 'update'] },
  });
  expect(grant.status, grant.text).toBe(200);
  saUpdater = (await serviceAccount(app, 'can-sa', { roles: ['can-updater'] })).token;
  const cred = await setupScheduler(app);
  const updater = await userToken(app, 'updater@can.test', { roles: ['can-updater'] });
  await consent(app, updater);
  delegated = await delegatedToken(app, cred, 'updater@can.test');
  narrowed = await delegatedToken(app, cred, 'updater@can.test', 'project:read');
}, 120_000);
afterAll(() => app?.close());

describe('POST /auth/can', () => {
  it('anonymous callers get 401 with a challenge', async () => {
    const res = await can(undefined, 'GET', '/users');
    expectProblem(res, 401);
    expect(res.headers['www-authenticate']).toContain('Bearer');
  });

  it('answers the permission a route needs and whether the caller holds it', async () => {
    expect((await can(admin, 'POST', '/organizations/acme/projects')).body).toMatchObject({
      allowed: true,
      permission: 'project:create',
    });
    const res = await can(nobody, 'POST', '/organizations/acme/projects');
    expect(res.status).toBe(200);
    expect(res.body.allowed).toBe(false);
    expect(res.body.permission).toBe('project:create');
    expect(res.body.reason).toContain('organization:read');
    expect((await can(reader, 'GET', '/organizations/can-org')).body).toMatchObject({
      allowed: true,
      permission: 'organization:read',
    });
  });

  it('works for service-account tokens, delegated tokens and their scopes', async () => {
    expect((await can(saUpdater, 'PATCH', `${P}/open`)).body.allowed).toBe(true);
    expect((await can(saUpdater, 'GET', `${P}/open`)).body.allowed).toBe(false);
    expect((await can(delegated, 'PATCH', `${P}/secret`)).body.allowed).toBe(true);
    // The user holds project:update, but the token is narrowed to project:read.
    const res = await can(narrowed, 'PATCH', `${P}/secret`);
    expect(res.body).toMatchObject({ allowed: false, permission: 'project:update' });
  });

  it("honours a user's CAN_ACCESS grant on the path's project", async () => {
    expect((await can(granted, 'GET', `${P}/open`)).body.allowed).toBe(true);
    expect((await can(granted, 'PATCH', `${P}/open`)).body).toMatchObject({
      allowed: true,
      permission: 'project:update',
    });
    // The grant does not hold delete, and archiving needs it.
    expect((await can(granted, 'POST', `${P}/open/archive`)).body.allowed).toBe(false);
    // A service account never uses a grant: its global permissions alone decide.
    expect((await can(saUpdater, 'POST', `${P}/open/archive`)).body.allowed).toBe(false);
  });

  it('a project the caller may not read answers as a missing one, in the same words', async () => {
    const answers = await Promise.all(
      [`${P}/secret`, `${P}/missing`, '/organizations/no-org/projects/secret'].map((path) =>
        can(granted, 'PATCH', path),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect(answers[0]!.body).toEqual(answers[2]!.body);
    expect(answers[0]!.body.allowed).toBe(false);
    expect(answers[0]!.body.reason).not.toMatch(/secret|not found|exist/);
  });

  it('matches paths as the router does: query strings ignored, HEAD as GET, parameters filled in', async () => {
    expect((await can(reader, 'GET', `${P}/open?fields=slug#x`)).body.allowed).toBe(true);
    expect((await can(reader, 'HEAD', `${P}/open`)).body.allowed).toBe(true);
    const plugin = await can(admin, 'GET', '/admin/plugins/acme/entities/Widget');
    expect(plugin.body.permission).toBe('plugins:acme:entities:Widget:read');
  });

  it('an unknown path or a method the path does not take is allowed: false with the reason', async () => {
    expect((await can(admin, 'GET', '/no/such/route')).body).toEqual({
      allowed: false,
      permission: null,
      reason: 'no route for GET /no/such/route',
    });
    const res = await can(admin, 'PUT', '/users');
    expect(res.body.allowed).toBe(false);
    expect(res.body.reason).toBe('/users does not take PUT; it takes GET, HEAD, POST');
  });

  it('public and any-signed-in routes say so', async () => {
    expect((await can(nobody, 'POST', '/auth/login')).body).toMatchObject({
      allowed: true,
      permission: null,
    });
    expect((await can(nobody, 'GET', '/auth/me')).body.allowed).toBe(true);
    expect((await can(nobody, 'GET', '/admin/pipeline')).body.allowed).toBe(false);
    expect((await can(admin, 'GET', '/admin/pipeline')).body.allowed).toBe(true);
  });

  it('refuses bad questions with a 422 naming the field', async () => {
    expectInvalid(await can(admin, 'TRACE', '/users'), '/method');
    expectInvalid(await can(admin, 'GET', 'users'), '/path');
    expectInvalid(await can(admin, 'GET', `/${'a'.repeat(5000)}`), '/path');
    expectInvalid(await can(admin, 'GET', '/users/%E0%A4%A'), '/path');
    const extra = await app.call('POST', '/auth/can', {
      token: admin,
      body: { method: 'GET', path: '/users', as: 'admin@example.com' },
    });
    expectInvalid(extra, '/as');
  });

  it('changes nothing stored', async () => {
    const count = async () =>
      (await app.runtime.core.sql.one<{ n: string }>(`SELECT count(*) AS n FROM graph_edges`))!.n;
    const before = await count();
    await can(granted, 'DELETE', `${P}/open`);
    await can(admin, 'DELETE', `${P}/open`);
    expect(await count()).toBe(before);
    expect((await app.call('GET', `${P}/open`, { token: admin })).status).toBe(200);
  });
});
