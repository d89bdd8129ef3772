// An account holding auth:delegate can act for every consenting user: only admins manage it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createRole } from '../foundation/fixtures.js';
import { setupScheduler } from './helpers.js';

let app: TestApp;
let admin: string;
let operator: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await setupScheduler(app);
  await createRole(app, 'sa-operator', [
    'service_account:read',
    'service_account:create',
    'service_account:update',
    'service_account:delete',
    'role:read',
    'role:create',
    'role:update',
    'role:assign',
    // A caller grants only what it holds.
    'project:read',
  ]);
  operator = await app.user('operator@example.com', { roles: ['sa-operator'] });
  expect(
    (await app.call('POST', '/service-accounts', { token: admin, body: { slug: 'ci', display_name: 'CI' } }))
      .status,
  ).toBe(201);
});
afterAll(() => app.close());

describe('only an admin manages a service account that holds auth:delegate', () => {
  it('a non-admin with service_account:* cannot add a credential, change, deactivate or delete the scheduler', async () => {
    const calls = [
      app.call('POST', '/service-accounts/scheduler/client-credentials', {
        token: operator,
        body: { name: 'mine' },
      }),
      app.call('PATCH', '/service-accounts/scheduler', { token: operator, body: { is_active: false } }),
      app.call('DELETE', '/service-accounts/scheduler', { token: operator }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status, res.text).toBe(403);
      expect(res.body.detail).toContain('auth:delegate');
    }
    const creds = await app.call('GET', '/service-accounts/scheduler/client-credentials', { token: admin });
    expect(creds.body.map((c: { name: string }) => c.name)).not.toContain('mine');
    expect((await app.call('GET', '/service-accounts/scheduler', { token: admin })).body.is_active).toBe(
      true,
    );
  });

  it('the same operator still manages ordinary accounts', async () => {
    const res = await app.call('POST', '/service-accounts/ci/client-credentials', {
      token: operator,
      body: { name: 'ok' },
    });
    expect(res.status).toBe(201);
  });

  it('a non-admin cannot hand auth:delegate out: not by assigning the role, nor by putting it in a role', async () => {
    expectForbidden(await app.call('PUT', '/service-accounts/ci/roles/scheduler', { token: operator }));
    expectForbidden(
      await app.call('POST', '/roles', {
        token: operator,
        body: { slug: 'sneaky', name: 'S', permissions: ['auth:delegate'] },
      }),
    );
    expect(
      (
        await app.call('POST', '/roles', {
          token: operator,
          body: { slug: 'plain', name: 'P', permissions: ['project:read'] },
        })
      ).status,
    ).toBe(201);
    expectForbidden(
      await app.call('PATCH', '/roles/plain', {
        token: operator,
        body: { permissions: ['project:read', 'auth:delegate'] },
      }),
    );
    // An admin may.
    expect((await app.call('PUT', '/service-accounts/ci/roles/scheduler', { token: admin })).status).toBe(
      204,
    );
  });
});

function expectForbidden(res: { status: number; text: string }) {
  expect(res.status, res.text).toBe(403);
}
