// Issue 2, section 6 and SPEC 2.3 rule 5: permissions, roles, role assignment and how a principal's
// permissions are resolved (admin bypass for users only; global role permissions; CAN_ACCESS for users
// only, covered with the projects in projects.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/kernel/domain.js';
import { allDomains } from '../../src/app/domains.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  allPermissions,
  createRole,
  expectInvalid,
  expectProblem,
  serviceAccount,
  userToken,
  type ServiceAccountFixture,
} from './fixtures.js';

let app: TestApp;
let admin: string;
/** Holds role:* and role:assign through a custom role, but is not an admin. */
let roleManager: string;

const ROLE_KEYS = ['builtin', 'created_at', 'description', 'name', 'permissions', 'slug', 'updated_at'];
const FOUNDATION_RESOURCES = [
  'user',
  'service_account',
  'role',
  'organization',
  'team',
  'project',
  'environment',
];

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await createRole(app, 'role-manager', [
    'role:create',
    'role:read',
    'role:update',
    'role:delete',
    'role:assign',
    'user:create',
    'user:update',
    // A caller grants only what it holds: the roles this manager builds hold these.
    'user:read',
    'project:read',
    // Naming a service account needs its read permission (docs/authorization.md).
    'service_account:read',
  ]);
  roleManager = await userToken(app, 'roles@authz.test', { roles: ['role-manager'] });
});
afterAll(() => app.close());

describe('permissions are named resource:action and seeded (GET /permissions)', () => {
  it('lists every permission of the foundation', async () => {
    const res = await app.call('GET', '/permissions', { token: admin });
    expect(res.status).toBe(200);
    for (const p of res.body) {
      expect(Object.keys(p).sort()).toEqual(['description', 'name']);
      expect(p.name).toMatch(/^[a-z][a-z_-]*(:[A-Za-z0-9_*-]+)+$/);
      expect(p.description.length).toBeGreaterThan(0);
    }
    const names = res.body.map((p: { name: string }) => p.name);
    const expected = [
      ...FOUNDATION_RESOURCES.flatMap((r) => ['read', 'create', 'update', 'delete'].map((a) => `${r}:${a}`)),
      'permission:read',
      'role:assign',
      'project:access',
    ];
    expect(names).toEqual(expect.arrayContaining(expected));
    expect(new Set(names).size).toBe(names.length);
  });

  it('needs permission:read', async () => {
    const token = await userToken(app, 'noperm@authz.test');
    expectProblem(await app.call('GET', '/permissions', { token }), 403, 'forbidden');
  });
});

describe('seeded roles: admin holds every permission, member the read permissions', () => {
  it('admin is built in and grants every permission', async () => {
    const res = await app.call('GET', '/roles/admin', { token: admin });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ROLE_KEYS);
    expect(res.body.builtin).toBe(true);
    expect(res.body.permissions).toEqual((await allPermissions(app)).sort());
  });

  it('member is built in and grants exactly the read permissions, environment:read included', async () => {
    const res = await app.call('GET', '/roles/member', { token: admin });
    expect(res.body.builtin).toBe(true);
    expect(res.body.permissions).toContain('environment:read');
    expect(res.body.permissions).toEqual(
      expect.arrayContaining([...FOUNDATION_RESOURCES.map((r) => `${r}:read`), 'permission:read']),
    );
    for (const p of res.body.permissions) expect(p).toMatch(/:read$/);
  });

  it('a permission added later (a new domain or plugin) goes to admin, and to member when it says so', async () => {
    const widgets: Domain = {
      name: 'widgets',
      permissions: [
        { name: 'widget:read', description: 'Read widgets', defaultRoles: ['member'] },
        { name: 'widget:launch', description: 'Launch widgets' },
      ],
    };
    const later = await startTestApp({ domains: [...allDomains(), widgets] });
    try {
      const token = await later.adminToken();
      const adminRole = await later.call('GET', '/roles/admin', { token });
      expect(adminRole.body.permissions).toEqual(expect.arrayContaining(['widget:read', 'widget:launch']));
      const member = await later.call('GET', '/roles/member', { token });
      expect(member.body.permissions).toContain('widget:read');
      expect(member.body.permissions).not.toContain('widget:launch');

      // Holders of the admin role (here a service account) get the new permission too.
      const sa = await serviceAccount(later, 'holder', { roles: ['admin'] });
      const me = await later.call('GET', '/auth/me', { token: sa.token });
      expect(me.body.permissions).toContain('widget:launch');
    } finally {
      await later.close();
    }
  });
});

describe('roles: POST/GET/PATCH/DELETE /roles', () => {
  it('POST /roles creates a role (201)', async () => {
    const res = await app.call('POST', '/roles', {
      token: roleManager,
      body: {
        slug: 'auditor',
        name: 'Auditor',
        description: 'Reads things',
        permissions: ['user:read', 'role:read'],
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(ROLE_KEYS);
    expect(res.body).toMatchObject({
      slug: 'auditor',
      name: 'Auditor',
      description: 'Reads things',
      builtin: false,
      permissions: ['role:read', 'user:read'],
    });
  });

  it('a role may grant nothing', async () => {
    const res = await app.call('POST', '/roles', {
      token: admin,
      body: { slug: 'empty', name: 'E', permissions: [] },
    });
    expect(res.status).toBe(201);
    expect(res.body.permissions).toEqual([]);
  });

  it('a taken slug is 409 and leaves the existing role as it was', async () => {
    const res = await app.call('POST', '/roles', {
      token: admin,
      body: { slug: 'auditor', name: 'Other', permissions: ['user:delete'] },
    });
    expectProblem(res, 409, 'conflict');
    const got = await app.call('GET', '/roles/auditor', { token: admin });
    expect(got.body).toMatchObject({ name: 'Auditor', permissions: ['role:read', 'user:read'] });
    expectProblem(
      await app.call('POST', '/roles', { token: admin, body: { slug: 'admin', name: 'A', permissions: [] } }),
      409,
    );
  });

  it('an unknown permission is 422 naming its index, and nothing is stored', async () => {
    const res = await app.call('POST', '/roles', {
      token: admin,
      body: { slug: 'broken', name: 'B', permissions: ['user:read', 'user:fly'] },
    });
    expectInvalid(res, '/permissions/1', { code: 'unknown_permission' });
    expect(res.body.detail).toBe(
      'permissions/1: is not a permission: user:fly (GET /permissions lists them)',
    );
    expectProblem(await app.call('GET', '/roles/broken', { token: admin }), 404);
    const again = await app.call('POST', '/roles', {
      token: admin,
      body: { slug: 'broken', name: 'B', permissions: ['user:read'] },
    });
    expect(again.status).toBe(201);
  });

  const cases: [string, unknown, string, string][] = [
    ['missing slug', { name: 'X', permissions: [] }, '/slug', 'required'],
    ['slug not a slug', { slug: 'Bad Slug', name: 'X', permissions: [] }, '/slug', 'pattern'],
    ['missing permissions', { slug: 'x', name: 'X' }, '/permissions', 'required'],
    [
      'permissions not a list',
      { slug: 'x', name: 'X', permissions: { 'user:read': true } },
      '/permissions',
      'type',
    ],
    [
      'repeated permission',
      { slug: 'x', name: 'X', permissions: ['user:read', 'user:read'] },
      '/permissions',
      'uniqueItems',
    ],
    ['empty name', { slug: 'x', name: '', permissions: [] }, '/name', 'minLength'],
    [
      'unknown field',
      { slug: 'x', name: 'X', permissions: [], grants_all: true },
      '/grants_all',
      'additionalProperties',
    ],
  ];
  it.each(cases)('POST /roles 422: %s', async (_name, body, pointer, keyword) => {
    expectInvalid(await app.call('POST', '/roles', { token: admin, body }), pointer, { keyword });
    expectProblem(await app.call('GET', '/roles/x', { token: admin }), 404);
  });

  it('GET /roles lists seeded and custom roles; GET /roles/{slug} 404 when unknown', async () => {
    const res = await app.call('GET', '/roles', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { slug: string }) => r.slug)).toEqual(
      expect.arrayContaining(['admin', 'member', 'auditor', 'empty', 'role-manager']),
    );
    const page = await app.call('GET', '/roles?limit=1', { token: admin });
    expect(page.body).toHaveLength(1);
    expect(page.headers.link).toMatch(/rel="next"/);
    expectProblem(await app.call('GET', '/roles/nope', { token: admin }), 404, 'not_found');
  });

  it('PATCH /roles/{slug} renames and replaces the permission set', async () => {
    const res = await app.call('PATCH', '/roles/auditor', {
      token: roleManager,
      body: { name: 'Chief auditor', permissions: ['user:read', 'project:read'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Chief auditor', permissions: ['project:read', 'user:read'] });
    const cleared = await app.call('PATCH', '/roles/empty', {
      token: admin,
      body: { description: 'Nothing' },
    });
    expect(cleared.body).toMatchObject({ description: 'Nothing', permissions: [] });
  });

  it('PATCH with an unknown permission is 422 and changes nothing (not even the name)', async () => {
    const res = await app.call('PATCH', '/roles/auditor', {
      token: admin,
      body: { name: 'Renamed', permissions: ['user:read', 'nope:nope'] },
    });
    expectInvalid(res, '/permissions/1', { code: 'unknown_permission' });
    const got = await app.call('GET', '/roles/auditor', { token: admin });
    expect(got.body).toMatchObject({ name: 'Chief auditor', permissions: ['project:read', 'user:read'] });
  });

  it('PATCH validation and 404', async () => {
    expectInvalid(await app.call('PATCH', '/roles/auditor', { token: admin, body: {} }), '/', {
      keyword: 'minProperties',
    });
    expectInvalid(await app.call('PATCH', '/roles/auditor', { token: admin, body: { slug: 'x' } }), '/slug', {
      keyword: 'additionalProperties',
    });
    expectProblem(await app.call('PATCH', '/roles/nope', { token: admin, body: { name: 'x' } }), 404);
  });

  it("the admin role's permissions cannot be edited (409); seeded roles cannot be deleted (409)", async () => {
    const res = await app.call('PATCH', '/roles/admin', {
      token: admin,
      body: { permissions: ['user:read'] },
    });
    expectProblem(res, 409, 'role_immutable');
    expect((await app.call('GET', '/roles/admin', { token: admin })).body.permissions).toEqual(
      (await allPermissions(app)).sort(),
    );
    expectProblem(await app.call('DELETE', '/roles/admin', { token: admin }), 409, 'role_immutable');
    expectProblem(await app.call('DELETE', '/roles/member', { token: admin }), 409, 'role_immutable');
  });

  it('DELETE /roles/{slug} removes a custom role (204); then 404', async () => {
    await createRole(app, 'doomed', ['user:read']);
    expect((await app.call('DELETE', '/roles/doomed', { token: roleManager })).status).toBe(204);
    expectProblem(await app.call('GET', '/roles/doomed', { token: admin }), 404);
    expectProblem(await app.call('DELETE', '/roles/doomed', { token: admin }), 404);
  });
});

describe('role assignment: PUT/DELETE /users/{email}/roles/{role} and /service-accounts/{slug}/roles/{role}', () => {
  let sa: ServiceAccountFixture;
  beforeAll(async () => {
    await app.runtime.core.identity.users.createUnchecked({ email: 'target@authz.test' }, 'test');
    sa = await serviceAccount(app, 'assignee');
  });

  it('assigns to a user (204, idempotent) and removes (204, then 404)', async () => {
    const path = '/users/Target@authz.test/roles/auditor';
    expect((await app.call('PUT', path, { token: roleManager })).status).toBe(204);
    expect((await app.call('PUT', path, { token: roleManager })).status).toBe(204);
    expect((await app.call('GET', '/users/target@authz.test', { token: admin })).body.roles).toEqual([
      'auditor',
    ]);
    expect((await app.call('DELETE', path, { token: roleManager })).status).toBe(204);
    expect((await app.call('GET', '/users/target@authz.test', { token: admin })).body.roles).toEqual([]);
    expectProblem(await app.call('DELETE', path, { token: roleManager }), 404, 'not_found');
  });

  it('assigns to a service account (204) and removes (204, then 404)', async () => {
    const path = '/service-accounts/assignee/roles/auditor';
    expect((await app.call('PUT', path, { token: roleManager })).status).toBe(204);
    expect((await app.call('GET', '/service-accounts/assignee', { token: admin })).body.roles).toEqual([
      'auditor',
    ]);
    expect((await app.call('DELETE', path, { token: roleManager })).status).toBe(204);
    expectProblem(await app.call('DELETE', path, { token: roleManager }), 404);
  });

  it('unknown users, accounts and roles are 404', async () => {
    for (const path of [
      '/users/nobody@authz.test/roles/auditor',
      '/users/target@authz.test/roles/nope',
      '/service-accounts/nobody/roles/auditor',
      '/service-accounts/assignee/roles/nope',
    ]) {
      expectProblem(await app.call('PUT', path, { token: admin }), 404, 'not_found');
    }
  });

  it('only an admin user assigns the admin role', async () => {
    expectProblem(
      await app.call('PUT', '/users/target@authz.test/roles/admin', { token: roleManager }),
      403,
      'forbidden',
    );
    expectProblem(
      await app.call('PUT', '/service-accounts/assignee/roles/admin', { token: roleManager }),
      403,
      'forbidden',
    );
    expect((await app.call('PUT', '/service-accounts/assignee/roles/admin', { token: admin })).status).toBe(
      204,
    );
    expect(
      (await app.call('DELETE', '/service-accounts/assignee/roles/admin', { token: admin })).status,
    ).toBe(204);
    expect((await app.call('GET', '/auth/me', { token: sa.token })).body.permissions).toEqual([]);
  });
});

describe('permission changes apply to tokens already issued', () => {
  it('assigning, narrowing and deleting a role changes what the same token may do', async () => {
    await createRole(app, 'env-reader', ['environment:read']);
    const token = await userToken(app, 'changing@authz.test');
    expectProblem(await app.call('GET', '/environments', { token }), 403);

    await app.call('PUT', '/users/changing@authz.test/roles/env-reader', { token: admin });
    expect((await app.call('GET', '/environments', { token })).status).toBe(200);

    await app.call('PATCH', '/roles/env-reader', {
      token: admin,
      body: { permissions: ['organization:read'] },
    });
    expectProblem(await app.call('GET', '/environments', { token }), 403);
    expect((await app.call('GET', '/organizations', { token })).status).toBe(200);

    await app.call('DELETE', '/roles/env-reader', { token: admin });
    expectProblem(await app.call('GET', '/organizations', { token }), 403);
    expect((await app.call('GET', '/users/changing@authz.test', { token: admin })).body.roles).toEqual([]);
  });
});

describe('resolution: admin bypass is for users only; service accounts have global permissions only', () => {
  let saAdmin: ServiceAccountFixture;
  let roleAdmin: string;
  beforeAll(async () => {
    saAdmin = await serviceAccount(app, 'sa-admin', { roles: ['admin'] });
    roleAdmin = await userToken(app, 'role-admin@authz.test', { roles: ['admin'] });
  });

  it('an is_admin user with no role passes every check', async () => {
    const token = await userToken(app, 'root@authz.test', { admin: true });
    const me = await app.call('GET', '/auth/me', { token });
    expect(me.body).toMatchObject({ is_admin: true });
    expect((await app.call('GET', '/users/root@authz.test', { token: admin })).body.roles).toEqual([]);
    expect(
      (await app.call('POST', '/environments', { token, body: { slug: 'by-root', name: 'R' } })).status,
    ).toBe(201);
    expect(
      (await app.call('POST', '/users', { token, body: { email: 'made-admin@authz.test', is_admin: true } }))
        .status,
    ).toBe(201);
  });

  it("a service account holding the admin role gets the role's permissions but is_admin stays false", async () => {
    const me = await app.call('GET', '/auth/me', { token: saAdmin.token });
    expect(me.body).toMatchObject({ principal_type: 'service_account', is_admin: false });
    expect(me.body.permissions).toEqual((await allPermissions(app)).sort());
    const sa = await app.call('GET', '/service-accounts/sa-admin', { token: admin });
    expect(sa.body).not.toHaveProperty('is_admin');
    expect(sa.body.roles).toEqual(['admin']);
    expect(
      (await app.call('POST', '/environments', { token: saAdmin.token, body: { slug: 'by-sa', name: 'S' } }))
        .status,
    ).toBe(201);
  });

  it('what only an admin user may do stays refused to it (and to a user who merely holds the role)', async () => {
    for (const token of [saAdmin.token, roleAdmin]) {
      expectProblem(
        await app.call('POST', '/users', { token, body: { email: 'sneaky@authz.test', is_admin: true } }),
        403,
      );
      expectProblem(
        await app.call('PATCH', '/users/target@authz.test', { token, body: { is_admin: true } }),
        403,
      );
      expectProblem(await app.call('PUT', '/users/target@authz.test/roles/admin', { token }), 403);
      expectProblem(await app.call('DELETE', '/users/made-admin@authz.test', { token }), 403);
    }
    expect((await app.call('GET', '/users/target@authz.test', { token: admin })).body).toMatchObject({
      is_admin: false,
      roles: [],
    });
    expectProblem(await app.call('GET', '/users/sneaky@authz.test', { token: admin }), 404);
  });

  it('a service account without roles may do nothing but describe itself', async () => {
    const bare = await serviceAccount(app, 'bare');
    expect((await app.call('GET', '/auth/me', { token: bare.token })).body).toMatchObject({
      is_admin: false,
      permissions: [],
    });
    for (const path of [
      '/users',
      '/roles',
      '/permissions',
      '/organizations',
      '/environments',
      '/service-accounts',
    ]) {
      expectProblem(await app.call('GET', path, { token: bare.token }), 403, 'forbidden');
    }
  });
});
