// Issue 2, section 6: organizations, their teams and team membership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { allPages, createRole, expectInvalid, expectProblem, userToken } from './fixtures.js';

let app: TestApp;
let admin: string;

const ORG_KEYS = ['created_at', 'id', 'name', 'slug', 'updated_at'];
const TEAM_KEYS = ['created_at', 'id', 'name', 'organization', 'slug', 'updated_at'];

const post = (path: string, body: unknown) => app.call('POST', path, { token: admin, body });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const users = app.runtime.core.identity.users;
  for (const email of ['ann@orgs.test', 'ben@orgs.test']) await users.createUnchecked({ email }, 'test');
});
afterAll(() => app.close());

describe('organizations: POST/GET/PATCH/DELETE /organizations', () => {
  it('POST creates an organization (201)', async () => {
    const res = await post('/organizations', { slug: 'acme', name: 'Acme' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(ORG_KEYS);
    expect(res.body).toMatchObject({ slug: 'acme', name: 'Acme' });
    expect((await post('/organizations', { slug: 'globex', name: 'Globex' })).status).toBe(201);
  });

  it('a taken slug is 409; the existing organization is unchanged', async () => {
    expectProblem(await post('/organizations', { slug: 'acme', name: 'Imitation' }), 409, 'conflict');
    expect((await app.call('GET', '/organizations/acme', { token: admin })).body.name).toBe('Acme');
  });

  const cases: [string, unknown, string, string][] = [
    ['missing slug', { name: 'X' }, '/slug', 'required'],
    ['upper-case slug', { slug: 'Acme2', name: 'X' }, '/slug', 'pattern'],
    ['slug with a leading dash', { slug: '-acme', name: 'X' }, '/slug', 'pattern'],
    ['slug too long', { slug: 'a'.repeat(64), name: 'X' }, '/slug', 'maxLength'],
    ['missing name', { slug: 'x' }, '/name', 'required'],
    ['name too long', { slug: 'x', name: 'n'.repeat(201) }, '/name', 'maxLength'],
    ['unknown field', { slug: 'x', name: 'X', owner: 'me' }, '/owner', 'additionalProperties'],
  ];
  it.each(cases)('POST 422: %s', async (_name, body, pointer, keyword) => {
    expectInvalid(await post('/organizations', body), pointer, { keyword });
    expectProblem(await app.call('GET', '/organizations/x', { token: admin }), 404);
  });

  it('GET lists organizations across pages; GET one; 404 when unknown', async () => {
    const all = await allPages(app, '/organizations?limit=1', admin);
    expect(all.map((o) => o.slug)).toEqual(['acme', 'globex']);
    const one = await app.call('GET', '/organizations/globex', { token: admin });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ slug: 'globex', name: 'Globex' });
    expectProblem(await app.call('GET', '/organizations/nope', { token: admin }), 404, 'not_found');
  });

  it('PATCH renames and changes the slug; its teams follow it', async () => {
    await post('/organizations', { slug: 'initech', name: 'Initech' });
    await post('/organizations/initech/teams', { slug: 'tps', name: 'TPS' });
    const res = await app.call('PATCH', '/organizations/initech', {
      token: admin,
      body: { slug: 'initrode', name: 'Initrode' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'initrode', name: 'Initrode' });
    expectProblem(await app.call('GET', '/organizations/initech', { token: admin }), 404);
    const team = await app.call('GET', '/organizations/initrode/teams/tps', { token: admin });
    expect(team.body).toMatchObject({ slug: 'tps', organization: 'initrode' });
    // The old slug is free again.
    expect((await post('/organizations', { slug: 'initech', name: 'New Initech' })).status).toBe(201);
  });

  it('PATCH to a taken slug is 409 and changes nothing, not even the name sent with it', async () => {
    const res = await app.call('PATCH', '/organizations/globex', {
      token: admin,
      body: { slug: 'acme', name: 'Globex Renamed' },
    });
    expectProblem(res, 409, 'conflict');
    expect((await app.call('GET', '/organizations/globex', { token: admin })).body.name).toBe('Globex');
    expect((await app.call('GET', '/organizations/acme', { token: admin })).body.name).toBe('Acme');
  });

  it('PATCH validation and 404', async () => {
    expectInvalid(await app.call('PATCH', '/organizations/acme', { token: admin, body: {} }), '/', {
      keyword: 'minProperties',
    });
    expectInvalid(
      await app.call('PATCH', '/organizations/acme', { token: admin, body: { slug: 'A B' } }),
      '/slug',
      {
        keyword: 'pattern',
      },
    );
    expectProblem(await app.call('PATCH', '/organizations/nope', { token: admin, body: { name: 'x' } }), 404);
  });

  it('DELETE refuses an organization that still has teams (409), then deletes it (204)', async () => {
    await post('/organizations', { slug: 'shortlived', name: 'S' });
    await post('/organizations/shortlived/teams', { slug: 'only', name: 'Only' });
    expectProblem(await app.call('DELETE', '/organizations/shortlived', { token: admin }), 409, 'not_empty');
    expect((await app.call('GET', '/organizations/shortlived/teams/only', { token: admin })).status).toBe(
      200,
    );
    expect((await app.call('DELETE', '/organizations/shortlived/teams/only', { token: admin })).status).toBe(
      204,
    );
    expect((await app.call('DELETE', '/organizations/shortlived', { token: admin })).status).toBe(204);
    expectProblem(await app.call('GET', '/organizations/shortlived', { token: admin }), 404);
    expectProblem(await app.call('DELETE', '/organizations/shortlived', { token: admin }), 404);
  });
});

describe('teams: team slugs are unique per organization', () => {
  it('POST creates a team (201) in its organization', async () => {
    const res = await post('/organizations/acme/teams', { slug: 'platform', name: 'Platform' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(TEAM_KEYS);
    expect(res.body).toMatchObject({ slug: 'platform', name: 'Platform', organization: 'acme' });
  });

  it('the same slug is allowed in another organization, refused (409) in the same one', async () => {
    const other = await post('/organizations/globex/teams', { slug: 'platform', name: 'Globex Platform' });
    expect(other.status).toBe(201);
    expect(other.body.organization).toBe('globex');
    expectProblem(
      await post('/organizations/acme/teams', { slug: 'platform', name: 'Again' }),
      409,
      'conflict',
    );
    expect((await app.call('GET', '/organizations/acme/teams/platform', { token: admin })).body.name).toBe(
      'Platform',
    );
  });

  it('POST validation; an unknown organization is 404', async () => {
    expectInvalid(await post('/organizations/acme/teams', { slug: 'Bad_Slug', name: 'X' }), '/slug', {
      keyword: 'pattern',
    });
    expectInvalid(await post('/organizations/acme/teams', { slug: 'ok' }), '/name', { keyword: 'required' });
    expectProblem(await post('/organizations/nope/teams', { slug: 'ok', name: 'X' }), 404, 'not_found');
  });

  it('GET lists only the teams of that organization', async () => {
    await post('/organizations/acme/teams', { slug: 'data', name: 'Data' });
    const acme = await allPages(app, '/organizations/acme/teams?limit=1', admin);
    expect(acme.map((t) => t.slug)).toEqual(['platform', 'data']);
    expect(acme.every((t) => t.organization === 'acme')).toBe(true);
    const globex = await app.call('GET', '/organizations/globex/teams', { token: admin });
    expect(globex.body.map((t: { slug: string }) => t.slug)).toEqual(['platform']);
    expectProblem(await app.call('GET', '/organizations/nope/teams', { token: admin }), 404);
  });

  it("another organization's team is 404, indistinguishable from a missing one", async () => {
    await post('/organizations/globex/teams', { slug: 'globex-only', name: 'G' });
    const foreign = await app.call('GET', '/organizations/acme/teams/globex-only', { token: admin });
    const missing = await app.call('GET', '/organizations/acme/teams/never-was', { token: admin });
    expectProblem(foreign, 404, 'not_found');
    expect(foreign.body).toEqual({
      ...missing.body,
      detail: missing.body.detail.replace('never-was', 'globex-only'),
    });
    for (const [method, path] of [
      ['DELETE', '/organizations/acme/teams/globex-only'],
      ['GET', '/organizations/acme/teams/globex-only/members'],
      ['PUT', '/organizations/acme/teams/globex-only/members/ann@orgs.test'],
    ] as const) {
      expectProblem(await app.call(method, path, { token: admin }), 404, 'not_found');
    }
    expect((await app.call('GET', '/organizations/globex/teams/globex-only', { token: admin })).status).toBe(
      200,
    );
  });

  it('DELETE removes a team (204); then 404', async () => {
    await post('/organizations/acme/teams', { slug: 'temp', name: 'Temp' });
    expect((await app.call('DELETE', '/organizations/acme/teams/temp', { token: admin })).status).toBe(204);
    expectProblem(await app.call('GET', '/organizations/acme/teams/temp', { token: admin }), 404);
    expectProblem(await app.call('DELETE', '/organizations/acme/teams/temp', { token: admin }), 404);
  });

  it('DELETE refuses a team that still owns projects (409)', async () => {
    await post('/organizations/acme/projects', { slug: 'owned', name: 'Owned', team: 'data' });
    expectProblem(
      await app.call('DELETE', '/organizations/acme/teams/data', { token: admin }),
      409,
      'not_empty',
    );
    expect((await app.call('GET', '/organizations/acme/teams/data', { token: admin })).status).toBe(200);
  });
});

describe('team membership: PUT/DELETE .../members/{email} and GET .../members', () => {
  const members = '/organizations/acme/teams/platform/members';

  it('adds members (204, idempotent) and lists them', async () => {
    expect((await app.call('PUT', `${members}/ann@orgs.test`, { token: admin })).status).toBe(204);
    expect((await app.call('PUT', `${members}/ann@orgs.test`, { token: admin })).status).toBe(204);
    expect((await app.call('PUT', `${members}/BEN@orgs.test`, { token: admin })).status).toBe(204);
    const res = await app.call('GET', members, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { email: 'ann@orgs.test', display_name: 'ann' },
      { email: 'ben@orgs.test', display_name: 'ben' },
    ]);
    const globex = await app.call('GET', '/organizations/globex/teams/platform/members', { token: admin });
    expect(globex.body).toEqual([]);
  });

  it('removes a member (204), then 404', async () => {
    expect((await app.call('DELETE', `${members}/ben@orgs.test`, { token: admin })).status).toBe(204);
    expect(
      (await app.call('GET', members, { token: admin })).body.map((m: { email: string }) => m.email),
    ).toEqual(['ann@orgs.test']);
    expectProblem(await app.call('DELETE', `${members}/ben@orgs.test`, { token: admin }), 404, 'not_found');
  });

  it('unknown users, teams and organizations are 404', async () => {
    expectProblem(await app.call('PUT', `${members}/nobody@orgs.test`, { token: admin }), 404);
    expectProblem(
      await app.call('PUT', '/organizations/acme/teams/nope/members/ann@orgs.test', { token: admin }),
      404,
    );
    expectProblem(await app.call('GET', '/organizations/nope/teams/platform/members', { token: admin }), 404);
  });

  // The list names users: like a project's grants, it needs user:read besides team:read.
  it('listing members needs user:read too: without it 403, and no member is named', async () => {
    await createRole(app, 'team-reader', ['team:read', 'organization:read']);
    const reader = await userToken(app, 'team-reader@orgs.test', { roles: ['team-reader'] });
    const res = await app.call('GET', members, { token: reader });
    expectProblem(res, 403, 'forbidden');
    expect(res.text).not.toContain('ann@orgs.test');
    await createRole(app, 'team-and-user-reader', ['team:read', 'user:read', 'organization:read']);
    const both = await userToken(app, 'team-user-reader@orgs.test', { roles: ['team-and-user-reader'] });
    expect((await app.call('GET', members, { token: both })).body).toEqual([
      { email: 'ann@orgs.test', display_name: 'ann' },
    ]);
  });

  it('a deleted user leaves the team', async () => {
    await app.runtime.core.identity.users.createUnchecked({ email: 'leaver@orgs.test' }, 'test');
    await app.call('PUT', `${members}/leaver@orgs.test`, { token: admin });
    expect((await app.call('DELETE', '/users/leaver@orgs.test', { token: admin })).status).toBe(204);
    expect(
      (await app.call('GET', members, { token: admin })).body.map((m: { email: string }) => m.email),
    ).toEqual(['ann@orgs.test']);
  });
});
