// Issue 2, section 5: users (POST/GET/PATCH/DELETE /users).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { allPages, createRole, expectInvalid, expectProblem, userToken } from './fixtures.js';

let app: TestApp;
let admin: string;
/** Holds user:create/read/update/delete through a role, but is not an admin. */
let manager: string;

const USER_KEYS = [
  'created_at',
  'display_name',
  'email',
  'has_password',
  'is_active',
  'is_admin',
  'roles',
  'updated_at',
];

const login = (email: string, password: string) =>
  app.call('POST', '/auth/login', { body: { email, password } });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await createRole(app, 'user-manager', ['user:create', 'user:read', 'user:update', 'user:delete']);
  manager = await userToken(app, 'manager@users.test', { roles: ['user-manager'] });
});
afterAll(() => app.close());

describe('POST /users creates a user and never returns the password hash', () => {
  it('creates a user with a password (201) who can then log in', async () => {
    const res = await app.call('POST', '/users', {
      token: admin,
      body: { email: 'carol@users.test', display_name: 'Carol', password: 'carol-password-1' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(USER_KEYS);
    expect(res.body).toMatchObject({
      email: 'carol@users.test',
      display_name: 'Carol',
      is_active: true,
      is_admin: false,
      has_password: true,
      roles: [],
    });
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.text).not.toContain('argon2');
    expect(res.text).not.toContain('carol-password-1');
    expect((await login('carol@users.test', 'carol-password-1')).status).toBe(200);
  });

  it('a password is optional; the display name defaults to the local part', async () => {
    const res = await app.call('POST', '/users', { token: admin, body: { email: 'dave@users.test' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ display_name: 'dave', has_password: false });
  });

  it('creates an inactive user when asked', async () => {
    const res = await app.call('POST', '/users', {
      token: admin,
      body: { email: 'idle@users.test', is_active: false },
    });
    expect(res.status).toBe(201);
    expect(res.body.is_active).toBe(false);
  });

  it('only an admin creates an admin', async () => {
    const denied = await app.call('POST', '/users', {
      token: manager,
      body: { email: 'boss@users.test', is_admin: true },
    });
    expectProblem(denied, 403, 'forbidden');
    expectProblem(await app.call('GET', '/users/boss@users.test', { token: admin }), 404, 'not_found');
    const res = await app.call('POST', '/users', {
      token: admin,
      body: { email: 'boss@users.test', is_admin: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.is_admin).toBe(true);
  });
});

describe('user payloads are validated: 422 with a JSON pointer naming the field', () => {
  const cases: [string, unknown, string, string][] = [
    ['missing email', { display_name: 'x' }, '/email', 'required'],
    ['email not an email', { email: 'not-an-email' }, '/email', 'format'],
    ['email too long', { email: `${'a'.repeat(250)}@x.io` }, '/email', 'maxLength'],
    ['password shorter than 12', { email: 'v1@users.test', password: 'short' }, '/password', 'minLength'],
    ['empty display name', { email: 'v2@users.test', display_name: '' }, '/display_name', 'minLength'],
    ['is_active not a boolean', { email: 'v3@users.test', is_active: 'maybe' }, '/is_active', 'type'],
    ['unknown field', { email: 'v4@users.test', role: 'admin' }, '/role', 'additionalProperties'],
    ['NUL in a string', { email: 'v5@users.test', display_name: 'a\u0000b' }, '/display_name', ''],
    [
      'a lone surrogate in a string',
      { email: 'v6@users.test', display_name: 'a\ud800b' },
      '/display_name',
      '',
    ],
  ];
  it.each(cases)('POST /users: %s', async (_name, body, pointer, keyword) => {
    const before = (await allPages(app, '/users', admin)).length;
    const res = await app.call('POST', '/users', { token: admin, body });
    expectInvalid(res, pointer, keyword ? { keyword } : {});
    expect(res.body.detail).toContain(pointer.slice(1));
    expect((await allPages(app, '/users', admin)).length).toBe(before);
  });

  it('POST /users: a body that is not an object', async () => {
    expectInvalid(await app.call('POST', '/users', { token: admin, body: [] }), '/', { keyword: 'type' });
  });

  const patches: [string, unknown, string, string][] = [
    ['empty patch', {}, '/', 'minProperties'],
    ['password shorter than 12', { password: 'short' }, '/password', 'minLength'],
    ['unknown field', { email: 'new@users.test' }, '/email', 'additionalProperties'],
    ['is_admin not a boolean', { is_admin: 'yes please' }, '/is_admin', 'type'],
  ];
  it.each(patches)('PATCH /users/{email}: %s', async (_name, body, pointer, keyword) => {
    const res = await app.call('PATCH', '/users/carol@users.test', { token: admin, body });
    expectInvalid(res, pointer, { keyword });
    const carol = await app.call('GET', '/users/carol@users.test', { token: admin });
    expect(carol.body).toMatchObject({ email: 'carol@users.test', display_name: 'Carol', is_admin: false });
  });

  it('path parameters are validated too', async () => {
    const res = await app.call('GET', `/users/${'a'.repeat(300)}@x.io`, { token: admin });
    expectInvalid(res, '/email', { in: 'params', keyword: 'maxLength' });
  });
});

describe('emails are unique case-insensitively: 409, and the failed create changes nothing', () => {
  it('refuses the same email in another case', async () => {
    const first = await app.call('POST', '/users', {
      token: admin,
      body: { email: 'Erin@Users.Test', display_name: 'Erin', password: 'erin-password-1' },
    });
    expect(first.status).toBe(201);
    const dup = await app.call('POST', '/users', {
      token: admin,
      body: { email: 'erin@users.TEST', display_name: 'Impostor', password: 'other-password-2' },
    });
    expectProblem(dup, 409, 'conflict');

    const erin = await app.call('GET', '/users/erin@users.test', { token: admin });
    expect(erin.body).toMatchObject({ email: 'Erin@Users.Test', display_name: 'Erin' });
    expect((await login('erin@users.test', 'erin-password-1')).status).toBe(200);
    expect((await login('erin@users.test', 'other-password-2')).status).toBe(401);
    const all = await allPages(app, '/users', admin);
    expect(all.filter((u) => u.email.toLowerCase() === 'erin@users.test')).toHaveLength(1);
  });
});

describe('GET /users lists users; GET /users/{email} reads one', () => {
  it('lists every user across pages', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await app.call('POST', '/users', { token: admin, body: { email: `page${i}@users.test` } });
      expect(res.status).toBe(201);
    }
    const first = await app.call('GET', '/users?limit=2', { token: admin });
    expect(first.body).toHaveLength(2);
    expect(first.headers.link).toMatch(/rel="next"/);
    const all = await allPages(app, '/users?limit=2', admin);
    const emails = all.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (let i = 0; i < 4; i++) expect(emails).toContain(`page${i}@users.test`);
    for (const u of all) expect(Object.keys(u).sort()).toEqual(USER_KEYS);
  });

  it('reads a user by email in any case, with their roles', async () => {
    const res = await app.call('GET', '/users/MANAGER@users.test', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'manager@users.test', roles: ['user-manager'] });
  });

  it('a long (valid) email is addressable in the path, even percent-encoded', async () => {
    const email = `${'l'.repeat(120)}+tag@users.test`;
    expect((await app.call('POST', '/users', { token: admin, body: { email } })).status).toBe(201);
    const res = await app.call('GET', `/users/${encodeURIComponent(email)}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(email);
  });

  it('an unknown email is 404', async () => {
    expectProblem(await app.call('GET', '/users/nobody@users.test', { token: admin }), 404, 'not_found');
  });

  it('a user reads their own record without user:read, but nobody else', async () => {
    const token = await userToken(app, 'self@users.test');
    const self = await app.call('GET', '/users/self@users.test', { token });
    expect(self.status).toBe(200);
    expect(self.body.email).toBe('self@users.test');
    expectProblem(await app.call('GET', '/users/carol@users.test', { token }), 403, 'forbidden');
    expectProblem(await app.call('GET', '/users', { token }), 403, 'forbidden');
  });
});

describe('PATCH /users/{email} changes display_name, is_active, is_admin and password', () => {
  it('changes the display name', async () => {
    const res = await app.call('PATCH', '/users/dave@users.test', {
      token: manager,
      body: { display_name: 'David' },
    });
    expect(res.status).toBe(200);
    expect(res.body.display_name).toBe('David');
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(res.body.created_at).getTime());
  });

  it('sets a password: the old one stops working, the new one works', async () => {
    // Setting another user's password is signing in as them: admins only, not user:update.
    const refused = await app.call('PATCH', '/users/carol@users.test', {
      token: manager,
      body: { password: 'carol-password-2' },
    });
    expectProblem(refused, 403, 'forbidden');
    const res = await app.call('PATCH', '/users/carol@users.test', {
      token: admin,
      body: { password: 'carol-password-2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.has_password).toBe(true);
    expect(res.text).not.toContain('carol-password-2');
    expect((await login('carol@users.test', 'carol-password-1')).status).toBe(401);
    expect((await login('carol@users.test', 'carol-password-2')).status).toBe(200);

    const dave = await app.call('PATCH', '/users/dave@users.test', {
      token: admin,
      body: { password: 'dave-password-1' },
    });
    expect(dave.body.has_password).toBe(true);
    expect((await login('dave@users.test', 'dave-password-1')).status).toBe(200);
  });

  it("deactivating refuses the user's login and existing tokens; reactivating allows login again", async () => {
    const session = await login('carol@users.test', 'carol-password-2');
    const token = session.body.access_token as string;
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(200);

    const off = await app.call('PATCH', '/users/carol@users.test', {
      token: manager,
      body: { is_active: false },
    });
    expect(off.body.is_active).toBe(false);
    expectProblem(await app.call('GET', '/auth/me', { token }), 401, 'invalid_token');
    expect((await login('carol@users.test', 'carol-password-2')).status).toBe(401);

    const on = await app.call('PATCH', '/users/carol@users.test', {
      token: manager,
      body: { is_active: true },
    });
    expect(on.body.is_active).toBe(true);
    expect((await login('carol@users.test', 'carol-password-2')).status).toBe(200);
  });

  it('only an admin changes is_admin', async () => {
    const denied = await app.call('PATCH', '/users/dave@users.test', {
      token: manager,
      body: { is_admin: true, display_name: 'Should not stick' },
    });
    expectProblem(denied, 403, 'forbidden');
    const dave = await app.call('GET', '/users/dave@users.test', { token: admin });
    expect(dave.body).toMatchObject({ is_admin: false, display_name: 'David' });

    const res = await app.call('PATCH', '/users/dave@users.test', { token: admin, body: { is_admin: true } });
    expect(res.body.is_admin).toBe(true);
    const demoted = await app.call('PATCH', '/users/dave@users.test', {
      token: admin,
      body: { is_admin: false },
    });
    expect(demoted.body.is_admin).toBe(false);
  });

  it('an unknown user is 404', async () => {
    const res = await app.call('PATCH', '/users/nobody@users.test', {
      token: admin,
      body: { display_name: 'x' },
    });
    expectProblem(res, 404, 'not_found');
  });
});

describe('DELETE /users/{email} removes the user (204)', () => {
  it('deletes, then the user is gone', async () => {
    await app.call('POST', '/users', { token: admin, body: { email: 'gone@users.test' } });
    const res = await app.call('DELETE', '/users/GONE@users.test', { token: manager });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectProblem(await app.call('GET', '/users/gone@users.test', { token: admin }), 404);
    expectProblem(await app.call('DELETE', '/users/gone@users.test', { token: admin }), 404, 'not_found');
  });

  it('only an admin deletes an admin', async () => {
    expectProblem(await app.call('DELETE', '/users/boss@users.test', { token: manager }), 403, 'forbidden');
    expect((await app.call('GET', '/users/boss@users.test', { token: admin })).status).toBe(200);
    expect((await app.call('DELETE', '/users/boss@users.test', { token: admin })).status).toBe(204);
  });

  it("a deleted user's tokens are refused, even once a user with the same email exists again", async () => {
    const token = await app.user('phoenix@users.test', { password: 'phoenix-password-1', roles: ['member'] });
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(200);
    expect((await app.call('DELETE', '/users/phoenix@users.test', { token: admin })).status).toBe(204);
    expectProblem(await app.call('GET', '/auth/me', { token }), 401, 'invalid_token');

    const again = await app.call('POST', '/users', { token: admin, body: { email: 'phoenix@users.test' } });
    expect(again.status).toBe(201);
    expectProblem(await app.call('GET', '/auth/me', { token }), 401, 'invalid_token');
  });
});

describe('only an admin may change an admin', () => {
  it('a holder of user:update cannot set an admin’s password or deactivate an admin (403, nothing changes)', async () => {
    await app.user('boss@users.test', { admin: true, password: 'boss-password-1' });
    const pw = await app.call('PATCH', '/users/boss@users.test', {
      token: manager,
      body: { password: 'pwned-password' },
    });
    expectProblem(pw, 403, 'forbidden');
    expectProblem(
      await app.call('PATCH', '/users/boss@users.test', { token: manager, body: { is_active: false } }),
      403,
      'forbidden',
    );
    expect((await login('boss@users.test', 'pwned-password')).status).toBe(401);
    expect((await login('boss@users.test', 'boss-password-1')).status).toBe(200);
    const byAdmin = await app.call('PATCH', '/users/boss@users.test', {
      token: admin,
      body: { display_name: 'Boss' },
    });
    expect(byAdmin.status).toBe(200);
  });
});

describe('a password change ends the user’s refresh-token families', () => {
  it('a refresh token issued before the change is refused afterwards', async () => {
    await app.user('rotating@users.test', { password: 'first-password-1' });
    const before = (await login('rotating@users.test', 'first-password-1')).body.refresh_token as string;
    const changed = await app.call('PATCH', '/users/rotating@users.test', {
      token: admin,
      body: { password: 'second-password-2' },
    });
    expect(changed.status).toBe(200);
    const refresh = await app.call('POST', '/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: before },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('invalid_grant');
    const after = (await login('rotating@users.test', 'second-password-2')).body.refresh_token as string;
    const ok = await app.call('POST', '/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: after },
    });
    expect(ok.status).toBe(200);
  });
});

describe('a narrowed token does not reach the account through self-service', () => {
  /** A token of this user narrowed to `scope`, as a delegated token would be. */
  async function narrowed(email: string, scope: string): Promise<string> {
    const { users, tokens } = app.runtime.core.identity;
    const user = (await users.findByEmailUnchecked(email))!;
    const issued = await app.runtime.core.sql.tx((tx) =>
      tokens.issue(tx, {
        principal: { id: user.id, name: email },
        authMethod: 'password',
        ttlSeconds: 60,
        scope,
      }),
    );
    return issued.access_token;
  }

  it('project:read reads nothing of the account and changes no password; user:read reads it', async () => {
    await app.user('narrow@users.test', { password: 'narrow-password-1' });
    const token = await narrowed('narrow@users.test', 'project:read');
    expectProblem(await app.call('GET', '/users/narrow@users.test', { token }), 403, 'forbidden');
    const patch = await app.call('PATCH', '/users/narrow@users.test', {
      token,
      body: { password: 'narrow-password-2', current_password: 'narrow-password-1' },
    });
    expectProblem(patch, 403, 'forbidden');
    expect((await login('narrow@users.test', 'narrow-password-1')).status).toBe(200);

    const reader = await narrowed('narrow@users.test', 'user:read');
    expect((await app.call('GET', '/users/narrow@users.test', { token: reader })).status).toBe(200);
  });

  it('changing the own password needs a token that may do everything the new session may', async () => {
    const updater = await narrowed('narrow@users.test', 'user:*');
    const body = { password: 'narrow-password-2', current_password: 'narrow-password-1' };
    expectProblem(
      await app.call('PATCH', '/users/narrow@users.test', { token: updater, body }),
      403,
      'forbidden',
    );
    const full = await narrowed('narrow@users.test', 'service-api:*');
    expect((await app.call('PATCH', '/users/narrow@users.test', { token: full, body })).status).toBe(200);
    expect((await login('narrow@users.test', 'narrow-password-2')).status).toBe(200);
  });
});

describe('PATCH /users/{self} with current_password alone', () => {
  // It changed nothing, yet it was a write, unthrottled and unpermissioned, that reset every replica's
  // sign-in caches: anyone could keep the whole cluster's sign-in path on the database.
  it('is 422 naming current_password and writes nothing', async () => {
    const token = await app.user('no-change@users.test', { password: 'idle-password-long-1' });
    const before = await app.call('GET', '/users/no-change@users.test', { token: admin });
    for (const current_password of ['idle-password-long-1', 'wrong']) {
      const res = await app.call('PATCH', '/users/no-change@users.test', {
        token,
        body: { current_password },
      });
      expectInvalid(res, '/current_password');
    }
    const after = await app.call('GET', '/users/no-change@users.test', { token: admin });
    expect(after.body).toEqual(before.body);
    expect(
      (
        await app.call('PATCH', '/users/no-change@users.test', {
          token,
          body: { password: 'idle-password-long-2', current_password: 'idle-password-long-1' },
        })
      ).status,
    ).toBe(200);
  });
});
