// Issue 2, section 6: projects under an organization, and resource ACLs (CAN_ACCESS edges).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  allPages,
  createRole,
  expectInvalid,
  expectProblem,
  nodeId,
  serviceAccount,
  userToken,
  type ServiceAccountFixture,
} from './fixtures.js';

let app: TestApp;
let admin: string;

const PROJECT_KEYS = [
  'archived',
  'attributes',
  'created_at',
  'environments',
  'id',
  'name',
  'organization',
  'previous_score',
  'score',
  'slug',
  'team',
  'types',
  'updated_at',
  'updated_by',
];
const N = '/organizations/north/projects';
const S = '/organizations/south/projects';

const post = (path: string, body: unknown) => app.call('POST', path, { token: admin, body });
const get = (path: string, token = admin) => app.call('GET', path, { token });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  for (const org of ['north', 'south']) await post('/organizations', { slug: org, name: org });
  await post('/organizations/north/teams', { slug: 'alpha', name: 'Alpha' });
  await post('/organizations/north/teams', { slug: 'beta', name: 'Beta' });
  await post('/organizations/south/teams', { slug: 'alpha', name: 'South Alpha' });
  await post('/organizations/south/teams', { slug: 'south-only', name: 'South only' });
});
afterAll(() => app.close());

describe('POST /organizations/{org}/projects creates a project owned by a team', () => {
  it('201 with the project and its attributes', async () => {
    const attributes = { tier: 1, language: 'go', tags: ['api', 'public'], owner: { oncall: 'alpha' } };
    const res = await post(N, { slug: 'billing', name: 'Billing', team: 'alpha', attributes });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(PROJECT_KEYS);
    expect(res.body).toMatchObject({
      slug: 'billing',
      name: 'Billing',
      organization: 'north',
      team: 'alpha',
      attributes,
      score: null,
      previous_score: null,
      updated_by: 'admin@example.com',
    });
  });

  it('attributes default to an empty object', async () => {
    const res = await post(N, { slug: 'search', name: 'Search', team: 'beta' });
    expect(res.body.attributes).toEqual({});
  });

  it('project slugs are unique per organization: 409 in the same one, allowed in another', async () => {
    expectProblem(await post(N, { slug: 'billing', name: 'Again', team: 'beta' }), 409, 'conflict');
    expect((await get(`${N}/billing`)).body).toMatchObject({ name: 'Billing', team: 'alpha' });
    const south = await post(S, { slug: 'billing', name: 'South billing', team: 'alpha' });
    expect(south.status).toBe(201);
    expect(south.body.organization).toBe('south');
  });

  const cases: [string, unknown, string, string, string?][] = [
    ['missing team', { slug: 'x', name: 'X' }, '/team', 'required'],
    ['unknown team', { slug: 'x', name: 'X', team: 'gamma' }, '/team', '', 'unknown_team'],
    [
      "another organization's team",
      { slug: 'x', name: 'X', team: 'south-only' },
      '/team',
      '',
      'unknown_team',
    ],
    [
      'attributes as a list',
      { slug: 'x', name: 'X', team: 'alpha', attributes: [1, 2] },
      '/attributes',
      'type',
    ],
    [
      'attributes as a string',
      { slug: 'x', name: 'X', team: 'alpha', attributes: 'tier=1' },
      '/attributes',
      'type',
    ],
    ['slug not a slug', { slug: 'X Y', name: 'X', team: 'alpha' }, '/slug', 'pattern'],
    ['missing name', { slug: 'x', team: 'alpha' }, '/name', 'required'],
    ['unknown field', { slug: 'x', name: 'X', team: 'alpha', score: 99 }, '/score', 'additionalProperties'],
    // A lone surrogate has no UTF-8 form: PostgreSQL cannot store it (it answered 500 before).
    ['a lone surrogate in the name', { slug: 'x', name: 'X \ud800', team: 'alpha' }, '/name', ''],
    [
      'a lone surrogate in an attribute',
      { slug: 'x', name: 'X', team: 'alpha', attributes: { note: '\udc00 y' } },
      '/attributes/note',
      '',
    ],
    [
      'a lone surrogate in an attribute name',
      { slug: 'x', name: 'X', team: 'alpha', attributes: { 'n\ud83d': 1 } },
      '/attributes/n\ud83d',
      '',
    ],
  ];
  it.each(cases)('422: %s, and nothing is stored', async (_name, body, pointer, keyword, code) => {
    expectInvalid(await post(N, body), pointer, {
      ...(keyword ? { keyword } : {}),
      ...(code ? { code } : {}),
    });
    expectProblem(await get(`${N}/x`), 404);
  });

  it('an unknown organization is 404', async () => {
    expectProblem(await post('/organizations/nope/projects', { slug: 'x', name: 'X', team: 'alpha' }), 404);
  });
});

describe('GET /organizations/{org}/projects lists the projects of that organization', () => {
  it('pages through them, and only them', async () => {
    for (const slug of ['ledger', 'payroll', 'invoices']) await post(N, { slug, name: slug, team: 'alpha' });
    const all = await allPages(app, `${N}?limit=2`, admin);
    expect(all.map((p) => p.slug)).toEqual(['billing', 'search', 'ledger', 'payroll', 'invoices']);
    expect(all.every((p) => p.organization === 'north')).toBe(true);
    const south = await get(S);
    expect(south.body.map((p: { slug: string }) => p.slug)).toEqual(['billing']);
  });

  it('?q= filters by slug or name, case-insensitively', async () => {
    const res = await get(`${N}?q=PAY`);
    expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['payroll']);
    const byName = await get(`${N}?q=${encodeURIComponent('Billing')}`);
    expect(byName.body.map((p: { slug: string }) => p.slug)).toEqual(['billing']);
    expect((await get(`${N}?q=${encodeURIComponent('%')}`)).body).toEqual([]);
  });

  it('422 for bad query parameters; 404 for an unknown organization', async () => {
    expectInvalid(await get(`${N}?limit=0`), '/limit', { in: 'query' });
    expectInvalid(await get(`${N}?sort=name`), '/sort', { in: 'query', keyword: 'additionalProperties' });
    expectProblem(await get('/organizations/nope/projects'), 404);
  });
});

describe("GET /organizations/{org}/projects/{project}; another organization's project is 404", () => {
  it('reads a project', async () => {
    const res = await get(`${N}/billing`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'billing', organization: 'north' });
  });

  it('a project that exists only in another organization is indistinguishable from a missing one', async () => {
    await post(S, { slug: 'south-secret', name: 'S', team: 'alpha' });
    const foreign = await get(`${N}/south-secret`);
    const missing = await get(`${N}/never-was`);
    expectProblem(foreign, 404, 'not_found');
    expect(foreign.body).toEqual({
      ...missing.body,
      detail: missing.body.detail.replace('never-was', 'south-secret'),
    });
    for (const [method, body] of [
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expectProblem(await app.call(method, `${N}/south-secret`, { token: admin, body }), 404, 'not_found');
    }
    expectProblem(await get(`${N}/south-secret/access`), 404);
    expect((await get(`${S}/south-secret`)).status).toBe(200);
  });
});

describe('PATCH /organizations/{org}/projects/{project}', () => {
  it('changes the name and merges the attributes (JSON merge patch)', async () => {
    const res = await app.call('PATCH', `${N}/ledger`, {
      token: admin,
      body: { name: 'General ledger', attributes: { tier: 2 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'General ledger', attributes: { tier: 2 }, team: 'alpha' });
  });

  it('moves the project to another team of the organization', async () => {
    await post('/organizations/north/teams', { slug: 'gamma', name: 'Gamma' });
    await post(N, { slug: 'mover', name: 'Mover', team: 'gamma' });
    const res = await app.call('PATCH', `${N}/mover`, { token: admin, body: { team: 'beta' } });
    expect(res.body.team).toBe('beta');
    // gamma no longer owns anything, so it can be deleted.
    expect((await app.call('DELETE', '/organizations/north/teams/gamma', { token: admin })).status).toBe(204);
    expectProblem(
      await app.call('DELETE', '/organizations/north/teams/beta', { token: admin }),
      409,
      'not_empty',
    );
  });

  it('changes the slug; the old slug is then 404 and free', async () => {
    const res = await app.call('PATCH', `${N}/invoices`, { token: admin, body: { slug: 'invoicing' } });
    expect(res.body.slug).toBe('invoicing');
    expectProblem(await get(`${N}/invoices`), 404);
    expect((await get(`${N}/invoicing`)).status).toBe(200);
  });

  it('a failed PATCH changes nothing: taken slug (409), unknown team (422)', async () => {
    const taken = await app.call('PATCH', `${N}/payroll`, {
      token: admin,
      body: { slug: 'billing', name: 'Should not stick' },
    });
    expectProblem(taken, 409, 'conflict');
    const badTeam = await app.call('PATCH', `${N}/payroll`, {
      token: admin,
      body: { name: 'Should not stick', attributes: { x: 1 }, team: 'south-only' },
    });
    expectInvalid(badTeam, '/team', { code: 'unknown_team' });
    expect((await get(`${N}/payroll`)).body).toMatchObject({
      slug: 'payroll',
      name: 'payroll',
      team: 'alpha',
      attributes: {},
    });
    expect((await get(`${N}/billing`)).body.name).toBe('Billing');
  });

  it('the same slug as a project of another organization is fine', async () => {
    const res = await app.call('PATCH', `${N}/invoicing`, { token: admin, body: { slug: 'south-secret' } });
    expect(res.status).toBe(200);
    expect((await get(`${S}/south-secret`)).body.organization).toBe('south');
  });

  it('422 for an empty patch or unknown fields; 404 for an unknown project', async () => {
    expectInvalid(await app.call('PATCH', `${N}/payroll`, { token: admin, body: {} }), '/', {
      keyword: 'minProperties',
    });
    expectInvalid(
      await app.call('PATCH', `${N}/payroll`, { token: admin, body: { organization: 'south' } }),
      '/organization',
      {
        keyword: 'additionalProperties',
      },
    );
    expectProblem(await app.call('PATCH', `${N}/nope`, { token: admin, body: { name: 'x' } }), 404);
  });
});

describe('DELETE /organizations/{org}/projects/{project}', () => {
  it('204, then 404', async () => {
    await post(N, { slug: 'doomed', name: 'Doomed', team: 'alpha' });
    expect((await app.call('DELETE', `${N}/doomed`, { token: admin })).status).toBe(204);
    expectProblem(await get(`${N}/doomed`), 404);
    expectProblem(await app.call('DELETE', `${N}/doomed`, { token: admin }), 404);
  });
});

describe('resource ACLs: PUT/DELETE .../access/{email} and GET .../access', () => {
  const access = `${N}/billing/access`;
  beforeAll(async () => {
    const users = app.runtime.core.identity.users;
    for (const email of ['Una@acl.test', 'vic@acl.test']) await users.createUnchecked({ email }, 'test');
    await post(S, { slug: 'south-acl', name: 'South ACL', team: 'alpha' });
  });

  it('PUT creates the edge (200 with the user and actions); GET lists it', async () => {
    const res = await app.call('PUT', `${access}/una@ACL.test`, {
      token: admin,
      body: { actions: ['read'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: 'Una@acl.test', actions: ['read'] });
    await app.call('PUT', `${access}/vic@acl.test`, { token: admin, body: { actions: ['read', 'update'] } });
    const list = await get(access);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { email: 'Una@acl.test', actions: ['read'] },
      { email: 'vic@acl.test', actions: ['read', 'update'] },
    ]);
  });

  it('PUT replaces the actions of an existing edge', async () => {
    const res = await app.call('PUT', `${access}/vic@acl.test`, {
      token: admin,
      body: { actions: ['delete'] },
    });
    expect(res.body.actions).toEqual(['delete']);
    expect((await get(access)).body).toContainEqual({ email: 'vic@acl.test', actions: ['delete'] });
  });

  it('DELETE removes it (204); again is 404', async () => {
    expect((await app.call('DELETE', `${access}/vic@acl.test`, { token: admin })).status).toBe(204);
    expect((await get(access)).body).toEqual([{ email: 'Una@acl.test', actions: ['read'] }]);
    expectProblem(await app.call('DELETE', `${access}/vic@acl.test`, { token: admin }), 404, 'not_found');
  });

  const cases: [string, unknown, string, string][] = [
    ['missing actions', {}, '/actions', 'required'],
    ['no actions', { actions: [] }, '/actions', 'minItems'],
    ['an unknown action', { actions: ['read', 'own'] }, '/actions/1', ''],
    ['a repeated action', { actions: ['read', 'read'] }, '/actions', 'uniqueItems'],
    ['unknown field', { actions: ['read'], until: 'tomorrow' }, '/until', 'additionalProperties'],
  ];
  it.each(cases)('PUT 422: %s, and the edge is unchanged', async (_name, body, pointer, keyword) => {
    expectInvalid(await app.call('PUT', `${access}/una@acl.test`, { token: admin, body }), pointer, {
      ...(keyword ? { keyword } : {}),
    });
    expect((await get(access)).body).toEqual([{ email: 'Una@acl.test', actions: ['read'] }]);
  });

  it('unknown users (service accounts included), projects and organizations are 404', async () => {
    await serviceAccount(app, 'acl-bot');
    for (const path of [
      `${access}/nobody@acl.test`,
      `${access}/acl-bot`,
      `${N}/nope/access/una@acl.test`,
      `${N}/south-acl/access/una@acl.test`,
      '/organizations/nope/projects/billing/access/una@acl.test',
    ]) {
      expectProblem(
        await app.call('PUT', path, { token: admin, body: { actions: ['read'] } }),
        404,
        'not_found',
      );
    }
  });
});

describe('granting access: a caller never hands on what it may not do itself', () => {
  it('project:access alone grants nothing; with project:read it grants read and no more', async () => {
    await post(N, { slug: 'guarded', name: 'Guarded', team: 'alpha' });
    // Naming the user to grant needs user:read (docs/authorization.md).
    await createRole(app, 'acl-manager', ['project:access', 'user:read']);
    await createRole(app, 'acl-manager-reader', ['project:access', 'project:read', 'user:read']);
    const manager = await userToken(app, 'manager@acl.test', { roles: ['acl-manager'] });
    const put = (token: string, who: string, actions: string[]) =>
      app.call('PUT', `${N}/guarded/access/${who}`, { token, body: { actions } });
    // A project it may not read is, to it, a project that does not exist.
    const self = await put(manager, 'manager@acl.test', ['read', 'update', 'delete']);
    expectProblem(self, 404, 'not_found');
    expect((await get(`${N}/guarded/access`)).body).toEqual([]);
    // Deleting for good needs the global project:delete: 403 before any lookup.
    expectProblem(await app.call('DELETE', `${N}/guarded`, { token: manager }), 403, 'forbidden');

    const reader = await userToken(app, 'manager-reader@acl.test', { roles: ['acl-manager-reader'] });
    const more = await put(reader, 'manager@acl.test', ['read', 'update']);
    expectProblem(more, 403, 'forbidden');
    expect(more.body.detail).toBe('you cannot grant access you do not have: update on guarded');
    expect((await put(reader, 'manager@acl.test', ['read'])).status).toBe(200);
    // Taking access away hands nothing on.
    expect((await app.call('DELETE', `${N}/guarded/access/manager@acl.test`, { token: reader })).status).toBe(
      204,
    );
    expect((await get(`${N}/guarded/access`)).body).toEqual([]);
  });
});

describe('the project list is no oracle for organization slugs', () => {
  it('a user reading through ACLs gets the same answer for a missing organization as for one it reads nothing in', async () => {
    const nobody = await userToken(app, 'nobody@orgs.test');
    const existing = await get(N, nobody);
    const missing = await get('/organizations/no-such-org/projects', nobody);
    expect(existing.status).toBe(200);
    expect(existing.body).toEqual([]);
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 200, body: [] });
  });

  it('a service account without project:read is 403 for both; a reader of every project gets 404', async () => {
    const bot = await serviceAccount(app, 'org-oracle-bot');
    for (const path of [N, '/organizations/no-such-org/projects']) {
      expectProblem(await get(path, bot.token), 403, 'forbidden');
    }
    expectProblem(await get('/organizations/no-such-org/projects'), 404, 'not_found');
  });
});

describe('CAN_ACCESS: users without global project permissions act on the projects their ACL names', () => {
  /** A user with no role at all: only CAN_ACCESS edges. */
  let reader: string;
  beforeAll(async () => {
    for (const slug of ['acl-p', 'acl-q', 'acl-r']) await post(N, { slug, name: slug, team: 'alpha' });
    await post(S, { slug: 'acl-p', name: 'south acl-p', team: 'alpha' });
    reader = await userToken(app, 'reader@acl.test');
    await app.call('PUT', `${N}/acl-p/access/reader@acl.test`, { token: admin, body: { actions: ['read'] } });
  });

  it('read: reads P, sees only P in the list, gets 404 on Q (as if it did not exist)', async () => {
    expect((await app.call('GET', '/auth/me', { token: reader })).body.permissions).toEqual([]);
    const p = await get(`${N}/acl-p`, reader);
    expect(p.status).toBe(200);
    expect(p.body.slug).toBe('acl-p');
    const list = await get(N, reader);
    expect(list.status).toBe(200);
    expect(list.body.map((x: { slug: string }) => x.slug)).toEqual(['acl-p']);
    expectProblem(await get(`${N}/acl-q`, reader), 404, 'not_found');
  });

  it('the ACL is on the project, not the slug: the same slug in another organization stays closed', async () => {
    expectProblem(await get(`${S}/acl-p`, reader), 404, 'not_found');
    expect((await get(S, reader)).body).toEqual([]);
  });

  it('read alone does not allow PATCH or DELETE, nor managing access or creating projects', async () => {
    expectProblem(await app.call('PATCH', `${N}/acl-p`, { token: reader, body: { name: 'x' } }), 403);
    expectProblem(await app.call('DELETE', `${N}/acl-p`, { token: reader }), 403);
    expectProblem(await get(`${N}/acl-p/access`, reader), 403);
    expectProblem(
      await app.call('PUT', `${N}/acl-q/access/reader@acl.test`, {
        token: reader,
        body: { actions: ['read'] },
      }),
      403,
    );
    const create = await app.call('POST', N, {
      token: reader,
      body: { slug: 'mine', name: 'Mine', team: 'alpha' },
    });
    expectProblem(create, 403);
    expect((await get(`${N}/acl-p`)).body.name).toBe('acl-p');
  });

  it('update lets them PATCH the project; delete lets them archive it, never delete it for good', async () => {
    await app.call('PUT', `${N}/acl-p/access/reader@acl.test`, {
      token: admin,
      body: { actions: ['read', 'update'] },
    });
    const res = await app.call('PATCH', `${N}/acl-p`, { token: reader, body: { name: 'Renamed by ACL' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed by ACL', updated_by: 'reader@acl.test' });
    expectProblem(await app.call('PATCH', `${N}/acl-q`, { token: reader, body: { name: 'x' } }), 404);

    await app.call('PUT', `${N}/acl-r/access/reader@acl.test`, {
      token: admin,
      body: { actions: ['delete'] },
    });
    expectProblem(await get(`${N}/acl-r`, reader), 404);
    // Deleting for good takes the global project:delete permission (docs/catalog.md, "Archiving").
    expectProblem(await app.call('DELETE', `${N}/acl-r`, { token: reader }), 403);
    expect((await app.call('POST', `${N}/acl-r/archive`, { token: reader })).status).toBe(204);
    expect((await get(`${N}/acl-r`)).body.archived.by).toBe('reader@acl.test');
  });

  it('removing the ACL closes the project again, for the same token', async () => {
    expect((await app.call('DELETE', `${N}/acl-p/access/reader@acl.test`, { token: admin })).status).toBe(
      204,
    );
    expectProblem(await get(`${N}/acl-p`, reader), 404);
    expect((await get(N, reader)).body).toEqual([]);
  });

  it('global permissions still work for users without any ACL', async () => {
    await createRole(app, 'project-reader', ['project:read']);
    const token = await userToken(app, 'global@acl.test', { roles: ['project-reader'] });
    expect((await get(`${N}/acl-q`, token)).status).toBe(200);
    expect((await get(N, token)).body.length).toBeGreaterThan(3);
  });
});

describe('naming a team needs team:read: project writes are no oracle for team slugs', () => {
  it('an update-only ACL holder gets 403 for any team, existing or not; the project keeps its team', async () => {
    await post(N, { slug: 'team-oracle', name: 'Team oracle', team: 'alpha' });
    const editor = await userToken(app, 'editor@teams.test');
    await app.call('PUT', `${N}/team-oracle/access/editor@teams.test`, {
      token: admin,
      body: { actions: ['update'] },
    });
    for (const team of ['beta', 'no-such-team']) {
      const res = await app.call('PATCH', `${N}/team-oracle`, { token: editor, body: { team } });
      expectProblem(res, 403, 'forbidden');
      expect(res.body.detail).toContain('team:read');
    }
    // Its own team is no choice: the other fields of such a PATCH go through.
    const same = await app.call('PATCH', `${N}/team-oracle`, {
      token: editor,
      body: { team: 'alpha', name: 'Renamed' },
    });
    expect(same.status).toBe(204);
    expect((await get(`${N}/team-oracle`)).body).toMatchObject({ team: 'alpha', name: 'Renamed' });
  });

  it('creating a project names a team: project:create without team:read is 403, with it 201 or 422', async () => {
    await createRole(app, 'creator-blind', ['project:create', 'organization:read']);
    await createRole(app, 'creator', ['project:create', 'team:read', 'organization:read']);
    const blind = await userToken(app, 'blind@teams.test', { roles: ['creator-blind'] });
    const creator = await userToken(app, 'creator@teams.test', { roles: ['creator'] });
    for (const team of ['beta', 'no-such-team']) {
      const body = { slug: `blind-${team}`, name: 'x', team };
      expectProblem(await app.call('POST', N, { token: blind, body }), 403, 'forbidden');
    }
    const made = await app.call('POST', N, {
      token: creator,
      body: { slug: 'seen', name: 'x', team: 'beta' },
    });
    expect(made.status, made.text).toBe(201);
    expectProblem(
      await app.call('POST', N, {
        token: creator,
        body: { slug: 'unseen', name: 'x', team: 'no-such-team' },
      }),
      422,
      'unknown_team',
    );
    expectProblem(await get(`${N}/blind-beta`), 404);
  });
});

describe('a service account never gets CAN_ACCESS (SPEC 2.3 rule 5)', () => {
  let bot: ServiceAccountFixture;
  beforeAll(async () => {
    bot = await serviceAccount(app, 'acl-less');
    // No API grants a service account an ACL; put the edge there directly to prove it would be ignored.
    await app.runtime.core.sql.query(
      `INSERT INTO graph_edges (src, label, dst, props) VALUES ($1, 'CAN_ACCESS', $2, $3)`,
      [
        await nodeId(app, 'ServiceAccount.slug', 'acl-less'),
        await nodeId(app, 'Project.slug', `${await nodeId(app, 'Organization.slug', 'north')}/acl-q`),
        { actions: ['read', 'update', 'delete'] },
      ],
    );
  });

  it('an ACL edge on a service account grants nothing: 403 on read, update, delete and list', async () => {
    expectProblem(await get(`${N}/acl-q`, bot.token), 403, 'forbidden');
    expectProblem(await app.call('PATCH', `${N}/acl-q`, { token: bot.token, body: { name: 'x' } }), 403);
    expectProblem(await app.call('DELETE', `${N}/acl-q`, { token: bot.token }), 403);
    expectProblem(await get(N, bot.token), 403, 'forbidden');
    expect((await get(`${N}/acl-q`)).body.name).toBe('acl-q');
  });

  it('with a role holding project:read it reads through the global permission', async () => {
    await app.call('PUT', '/service-accounts/acl-less/roles/project-reader', { token: admin });
    expect((await get(`${N}/acl-q`, bot.token)).status).toBe(200);
    expectProblem(await app.call('PATCH', `${N}/acl-q`, { token: bot.token, body: { name: 'x' } }), 403);
  });
});

describe('a write racing a concurrent delete is a 4xx, never a 500', () => {
  const idOf = async (label: string, slug: string) =>
    (await app.runtime.core.sql.one<{ id: string }>(
      `SELECT id FROM graph_nodes WHERE label = $1 AND props->>'slug' = $2`,
      [label, slug],
    ))!.id;

  /** Deletes the node in a transaction left open while `write` runs into its lock, then commits. */
  async function deletedUnder(id: string, write: () => Promise<{ status: number; body: { code?: string } }>) {
    const client = await app.runtime.core.sql.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM graph_nodes WHERE id = $1', [id]);
      const pending = write();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('COMMIT');
      return await pending;
    } finally {
      client.release();
    }
  }

  it('deleting a team while a project takes it as owner: the delete waits and refuses (409 not_empty)', async () => {
    const token = await app.adminToken();
    await post('/organizations', { slug: 'owner-race', name: 'Owner race' });
    await post('/organizations/owner-race/teams', { slug: 'old', name: 'Old' });
    await post('/organizations/owner-race/teams', { slug: 'new', name: 'New' });
    await post('/organizations/owner-race/projects', { slug: 'moving', name: 'Moving', team: 'old' });
    const [project, team] = [await idOf('Project', 'moving'), await idOf('Team', 'new')];
    // A project move to team `new`, its edge written and not yet committed (as PATCH {team} does).
    const client = await app.runtime.core.sql.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM graph_edges WHERE src = $1 AND label = 'OWNED_BY'`, [project]);
      await client.query(`INSERT INTO graph_edges (src, label, dst) VALUES ($1, 'OWNED_BY', $2)`, [
        project,
        team,
      ]);
      const deleting = app.call('DELETE', '/organizations/owner-race/teams/new', { token });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('COMMIT');
      expectProblem(await deleting, 409, 'not_empty');
    } finally {
      client.release();
    }
    const owner = await app.runtime.core.sql.one<{ dst: string }>(
      `SELECT dst FROM graph_edges WHERE src = $1 AND label = 'OWNED_BY'`,
      [project],
    );
    expect(owner?.dst).toBe(team);
  });

  it('a PATCH that read the project, organization, environment or role before its delete committed: 409', async () => {
    const token = await app.adminToken();
    await post('/organizations', { slug: 'gone-org', name: 'Gone' });
    await post('/organizations/gone-org/teams', { slug: 't', name: 'T' });
    await post('/organizations/gone-org/projects', { slug: 'gone-p', name: 'P', team: 't' });
    await post('/environments', { slug: 'gone-env', name: 'E' });
    await post('/roles', { slug: 'gone-role', name: 'R', permissions: [] });
    const patches: [string, string, string][] = [
      ['Project', 'gone-p', '/organizations/gone-org/projects/gone-p'],
      ['Environment', 'gone-env', '/environments/gone-env'],
      ['Role', 'gone-role', '/roles/gone-role'],
      ['Organization', 'gone-org', '/organizations/gone-org'],
    ];
    for (const [label, slug, path] of patches) {
      const id = await idOf(label, slug);
      const res = await deletedUnder(id, () => app.call('PATCH', path, { token, body: { name: 'Renamed' } }));
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.code).toBe('concurrent_change');
    }
  });

  it('creating a project while its team is being deleted', async () => {
    const token = await app.adminToken();
    await app.call('POST', '/organizations', { token, body: { slug: 'race-org', name: 'Race' } });
    const statuses = new Set<number>();
    for (let i = 0; i < 15; i++) {
      await app.call('POST', '/organizations/race-org/teams', { token, body: { slug: 't', name: 'T' } });
      const [created, deleted] = await Promise.all([
        app.call('POST', '/organizations/race-org/projects', {
          token,
          body: { slug: `p${i}`, name: 'P', team: 't' },
        }),
        app.call('DELETE', '/organizations/race-org/teams/t', { token }),
      ]);
      statuses.add(created.status);
      expect([201, 409, 422]).toContain(created.status);
      expect([204, 409]).toContain(deleted.status);
      if (created.status === 201)
        await app.call('DELETE', `/organizations/race-org/projects/p${i}`, { token });
      await app.call('DELETE', '/organizations/race-org/teams/t', { token });
    }
    expect(statuses.has(500)).toBe(false);
  });
});
