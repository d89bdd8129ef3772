// Lateral escalation: a holder of some management permissions must not turn them into another
// principal's access, nor grant what it does not hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createRole, serviceAccount, userToken } from '../foundation/fixtures.js';
import { setupScheduler } from '../delegation/helpers.js';
import { lockUser, patchUser } from '../../src/identity/users.store.js';

let app: TestApp;
let admin: string;

const STRONG = 'Quartz-Lantern-Orbit-4821';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await setupScheduler(app);
  await createRole(app, 'user-manager', ['user:read', 'user:update']);
  await createRole(app, 'sa-manager', ['service_account:read', 'service_account:update']);
  await createRole(app, 'role-manager', [
    'role:read',
    'role:create',
    'role:update',
    'role:delete',
    'role:assign',
    'service_account:read',
    // Naming a user to assign a role to needs user:read (docs/authorization.md).
    'user:read',
  ]);
  await createRole(app, 'deleter', ['user:delete', 'project:delete']);
});
afterAll(() => app.close());

describe('setting a password', () => {
  it('a holder of user:update cannot set another user’s password', async () => {
    await app.user('victim@example.com', { password: STRONG });
    const manager = await userToken(app, 'um@example.com', { roles: ['user-manager'] });
    const res = await app.call('PATCH', '/users/victim@example.com', {
      token: manager,
      body: { password: 'Attacker-Chosen-Pass-99' },
    });
    expect(res.status).toBe(403);
    const login = await app.call('POST', '/auth/login', {
      body: { email: 'victim@example.com', password: 'Attacker-Chosen-Pass-99' },
    });
    expect(login.status).toBe(401);
    // other fields stay within user:update
    const name = await app.call('PATCH', '/users/victim@example.com', {
      token: manager,
      body: { display_name: 'Victim' },
    });
    expect(name.status).toBe(200);
  });

  it('an admin can set another user’s password', async () => {
    const res = await app.call('PATCH', '/users/victim@example.com', {
      token: admin,
      body: { password: 'Admin-Set-Password-77' },
    });
    expect(res.status).toBe(200);
    const login = await app.call('POST', '/auth/login', {
      body: { email: 'victim@example.com', password: 'Admin-Set-Password-77' },
    });
    expect(login.status).toBe(200);
  });

  it('a user changes their own password only with the current one', async () => {
    const me = await app.user('self@example.com', { password: STRONG });
    const without = await app.call('PATCH', '/users/self@example.com', {
      token: me,
      body: { password: 'Brand-New-Password-12' },
    });
    expect(without.status).toBe(403);
    const wrong = await app.call('PATCH', '/users/self@example.com', {
      token: me,
      body: { password: 'Brand-New-Password-12', current_password: 'not-it-at-all-000' },
    });
    expect(wrong.status).toBe(403);
    const ok = await app.call('PATCH', '/users/self@example.com', {
      token: me,
      body: { password: 'Brand-New-Password-12', current_password: STRONG },
    });
    expect(ok.status, ok.text).toBe(200);
    const login = await app.call('POST', '/auth/login', {
      body: { email: 'self@example.com', password: 'Brand-New-Password-12' },
    });
    expect(login.status).toBe(200);
    expect(app.transcript()).not.toContain('Brand-New-Password-12');
  });
});

describe('a user made an admin while a change of it waits', () => {
  it('the change and the delete check again under the row lock: 403, nothing changed', async () => {
    const { core } = app.runtime;
    const manager = await userToken(app, 'um-race@example.com', { roles: ['user-manager', 'deleter'] });
    for (const [method, body] of [
      ['PATCH', { display_name: 'renamed by a manager' }],
      ['DELETE', undefined],
    ] as const) {
      await app.user('rising@example.com');
      const target = (await core.identity.users.findByEmailUnchecked('rising@example.com'))!;
      // An admin's promotion holds the row while the manager's request reads it (not yet an admin).
      let promote!: () => void;
      const promoted = new Promise<void>((r) => (promote = r));
      const promotion = core.sql.tx(async (tx) => {
        await lockUser(tx, target.id, 'FOR UPDATE');
        await promoted;
        await patchUser(tx, target.id, { is_admin: true });
      });
      await new Promise((r) => setTimeout(r, 50));
      const change = app.call(method, '/users/rising@example.com', {
        token: manager,
        ...(body ? { body } : {}),
      });
      await new Promise((r) => setTimeout(r, 300));
      promote();
      await promotion;
      const res = await change;
      expect(res.status, `${method}: ${res.text}`).toBe(403);
      const after = (await core.identity.users.findByEmailUnchecked('rising@example.com'))!;
      expect(after.props).toMatchObject({ is_admin: true, display_name: target.props.display_name });
      expect((await app.call('DELETE', '/users/rising@example.com', { token: admin })).status).toBe(204);
    }
  });
});

describe('service-account credentials', () => {
  it('a holder of service_account:update cannot mint a credential for an account holding more', async () => {
    await serviceAccount(app, 'powerful', { roles: ['deleter'] });
    const manager = await userToken(app, 'sam@example.com', { roles: ['sa-manager'] });
    const res = await app.call('POST', '/service-accounts/powerful/client-credentials', {
      token: manager,
      body: { name: 'stolen' },
    });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('client_secret');
  });

  it('nor for the scheduler account, nor change or deactivate it', async () => {
    const manager = await userToken(app, 'sam@example.com', { roles: ['sa-manager'] });
    const mint = await app.call('POST', '/service-accounts/scheduler/client-credentials', {
      token: manager,
      body: { name: 'stolen' },
    });
    expect(mint.status).toBe(403);
    const patch = await app.call('PATCH', '/service-accounts/scheduler', {
      token: manager,
      body: { is_active: false },
    });
    expect(patch.status).toBe(403);
  });

  it('may mint for an account holding no more than the caller', async () => {
    await serviceAccount(app, 'weak', { roles: [] });
    const manager = await userToken(app, 'sam@example.com', { roles: ['sa-manager'] });
    const res = await app.call('POST', '/service-accounts/weak/client-credentials', {
      token: manager,
      body: { name: 'fine' },
    });
    expect(res.status, res.text).toBe(201);
  });

  it('an admin may mint for the scheduler', async () => {
    const res = await app.call('POST', '/service-accounts/scheduler/client-credentials', {
      token: admin,
      body: { name: 'admin-made' },
    });
    expect(res.status, res.text).toBe(201);
  });
});

describe('roles', () => {
  it('a role manager cannot edit, delete or reassign the scheduler role', async () => {
    const rm = await userToken(app, 'rm@example.com', { roles: ['role-manager'] });
    const edit = await app.call('PATCH', '/roles/scheduler', { token: rm, body: { name: 'mine now' } });
    expect(edit.status).toBe(403);
    const assign = await app.call('PUT', '/users/rm@example.com/roles/scheduler', { token: rm });
    expect(assign.status).toBe(403);
    const del = await app.call('DELETE', '/roles/scheduler', { token: rm });
    expect([403, 409]).toContain(del.status);
  });

  it('a role manager cannot add roles to the scheduler account', async () => {
    const rm = await userToken(app, 'rm@example.com', { roles: ['role-manager'] });
    await createRole(app, 'empty', []);
    const res = await app.call('PUT', '/service-accounts/scheduler/roles/empty', { token: rm });
    expect(res.status).toBe(403);
    const off = await app.call('DELETE', '/service-accounts/scheduler/roles/scheduler', { token: rm });
    expect(off.status).toBe(403);
  });

  it('a role manager cannot delete a role holding auth:delegate', async () => {
    await createRole(app, 'delegator', ['auth:delegate']);
    const rm = await userToken(app, 'rm@example.com', { roles: ['role-manager'] });
    const res = await app.call('DELETE', '/roles/delegator', { token: rm });
    expect(res.status).toBe(403);
    expect((await app.call('GET', '/roles/delegator', { token: admin })).status).toBe(200);
  });

  it('a role manager cannot change the roles of any account holding auth:delegate', async () => {
    await createRole(app, 'acts-as-others', ['auth:delegate']);
    await createRole(app, 'harmless', []);
    await serviceAccount(app, 'jobs', { roles: ['acts-as-others', 'harmless'] });
    await createRole(app, 'plain-member', ['role:read']);
    const rm = await userToken(app, 'rm@example.com', { roles: ['role-manager'] });
    const add = await app.call('PUT', '/service-accounts/jobs/roles/plain-member', { token: rm });
    expect(add.status, add.text).toBe(403);
    expect(add.body.detail).toBe('only an admin can change the roles of an account holding auth:delegate');
    const remove = await app.call('DELETE', '/service-accounts/jobs/roles/harmless', { token: rm });
    expect(remove.status).toBe(403);
    const roles = await app.call('GET', '/service-accounts/jobs', { token: admin });
    expect(roles.body.roles.sort()).toEqual(['acts-as-others', 'harmless']);
    // An admin may.
    expect((await app.call('DELETE', '/service-accounts/jobs/roles/harmless', { token: admin })).status).toBe(
      204,
    );
  });

  // The scheduler's system jobs run with its roles: a role an operator gave it is part of that account.
  it('a role manager cannot edit or delete a role held by the scheduler account or any delegator', async () => {
    await createRole(app, 'ops', ['role:read']);
    await createRole(app, 'jobs-extra', ['role:read']);
    await createRole(app, 'delegates-too', ['auth:delegate']);
    await serviceAccount(app, 'night-jobs', { roles: ['delegates-too', 'jobs-extra'] });
    expect((await app.call('PUT', '/service-accounts/scheduler/roles/ops', { token: admin })).status).toBe(
      204,
    );
    const rm = await userToken(app, 'rm@example.com', { roles: ['role-manager'] });
    for (const slug of ['ops', 'jobs-extra']) {
      const edit = await app.call('PATCH', `/roles/${slug}`, { token: rm, body: { permissions: [] } });
      expect(edit.status, edit.text).toBe(403);
      expect(edit.body.detail).toBe(
        'only an admin can change a role held by an account holding auth:delegate',
      );
      expect((await app.call('PATCH', `/roles/${slug}`, { token: rm, body: { name: 'x' } })).status).toBe(
        403,
      );
      expect((await app.call('DELETE', `/roles/${slug}`, { token: rm })).status).toBe(403);
      const role = await app.call('GET', `/roles/${slug}`, { token: admin });
      expect(role.body).toMatchObject({ name: slug, permissions: ['role:read'] });
    }
    // Handing such a role to someone else changes nothing for the scheduler; an admin may edit it.
    expect((await app.call('PUT', '/users/rm@example.com/roles/ops', { token: rm })).status).toBe(204);
    expect((await app.call('DELETE', '/users/rm@example.com/roles/ops', { token: rm })).status).toBe(204);
    expect((await app.call('PATCH', '/roles/ops', { token: admin, body: { name: 'Ops' } })).status).toBe(200);
    // A role no delegator holds stays the role manager's to edit.
    await createRole(app, 'ordinary', ['role:read']);
    expect((await app.call('PATCH', '/roles/ordinary', { token: rm, body: { name: 'y' } })).status).toBe(200);
  });

  it('a caller cannot grant a permission it does not hold', async () => {
    const rm = await userToken(app, 'rm@example.com', { roles: ['role-manager'] });
    const create = await app.call('POST', '/roles', {
      token: rm,
      body: { slug: 'sneaky', name: 'sneaky', permissions: ['user:delete'] },
    });
    expect(create.status).toBe(403);
    const held = await app.call('POST', '/roles', {
      token: rm,
      body: { slug: 'modest', name: 'modest', permissions: ['role:read'] },
    });
    expect(held.status, held.text).toBe(201);
    const widen = await app.call('PATCH', '/roles/modest', {
      token: rm,
      body: { permissions: ['role:read', 'user:delete'] },
    });
    expect(widen.status).toBe(403);
    const assign = await app.call('PUT', '/users/rm@example.com/roles/deleter', { token: rm });
    expect(assign.status).toBe(403);
    const ok = await app.call('PUT', '/users/um@example.com/roles/modest', { token: rm });
    expect(ok.status, ok.text).toBe(204);
  });
});
