import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  clientToken,
  consent,
  delegatedToken,
  exchange,
  setupScheduler,
  type SchedulerCredential,
} from './helpers.js';

let app: TestApp;
let cred: SchedulerCredential;
let alice: string;
let bob: string;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  cred = await setupScheduler(app);
  alice = await app.user('alice@example.com');
  bob = await app.user('bob@example.com');
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('POST /consents records a consent under the caller’s own identity (SPEC 2.1, 4.2, 5.4)', () => {
  it('a user signed in as themselves gets 201 with the consent, scope service-api:* by default', async () => {
    const res = await app.call('POST', '/consents', { token: alice, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_email: 'alice@example.com',
      actor_sa: 'scheduler',
      scope: 'service-api:*',
      status: 'active',
      expires_at: null,
      revoked_at: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(res.body.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts an explicit scope and a future expires_at', async () => {
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const res = await app.call('POST', '/consents', {
      token: alice,
      body: { scope: 'service-api:*', expires_at: expires },
    });
    expect(res.status).toBe(201);
    expect(res.body.expires_at).toBe(expires);
  });

  it('an expires_at in the past is 422 naming the field', async () => {
    const res = await app.call('POST', '/consents', {
      token: alice,
      body: { expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/expires_at' });
  });

  it('an unknown scope is 422; so is a malformed date or an unknown field', async () => {
    const scope = await app.call('POST', '/consents', { token: alice, body: { scope: 'project:read' } });
    expect(scope.status).toBe(422);
    expect(scope.body.errors[0]).toMatchObject({ pointer: '/scope' });
    const date = await app.call('POST', '/consents', { token: alice, body: { expires_at: 'tomorrow' } });
    expect(date.status).toBe(422);
    expect(date.body.errors[0]).toMatchObject({ pointer: '/expires_at' });
    const extra = await app.call('POST', '/consents', {
      token: alice,
      body: { user_email: 'bob@example.com' },
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors[0]).toMatchObject({ pointer: '/user_email' });
  });

  it('anonymous is 401', async () => {
    expect((await app.call('POST', '/consents', { body: {} })).status).toBe(401);
  });

  it('a service account gets 403', async () => {
    const sa = await clientToken(app, cred);
    const res = await app.call('POST', '/consents', { token: sa, body: {} });
    expect(res.status).toBe(403);
  });

  it('a delegated token gets 403, even for the user it acts for', async () => {
    await consent(app, bob);
    const delegated = await delegatedToken(app, cred, 'bob@example.com');
    const res = await app.call('POST', '/consents', { token: delegated, body: {} });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/signed in as themselves/);
  });
});

describe('GET /consents lists the caller’s own consents; admins see all', () => {
  it('a user sees only their own', async () => {
    const res = await app.call('GET', '/consents', { token: bob });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((c: { user_email: string }) => c.user_email === 'bob@example.com')).toBe(true);
  });

  it('a user may not ask for someone else’s', async () => {
    const res = await app.call('GET', '/consents?user_email=alice@example.com', { token: bob });
    expect(res.status).toBe(403);
  });

  it('an admin sees every consent, and can filter by user_email', async () => {
    const all = await app.call('GET', '/consents', { token: admin });
    expect(new Set(all.body.map((c: { user_email: string }) => c.user_email))).toEqual(
      new Set(['alice@example.com', 'bob@example.com']),
    );
    const one = await app.call('GET', '/consents?user_email=ALICE@example.com', { token: admin });
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((c: { user_email: string }) => c.user_email === 'alice@example.com')).toBe(true);
  });

  it('is paginated with a Link header', async () => {
    const carol = await app.user('carol@example.com');
    for (let i = 0; i < 3; i++) await consent(app, carol);
    const first = await app.call('GET', '/consents?limit=2', { token: carol });
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await app.call('GET', next, { token: carol });
    expect(second.body).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
  });

  it('a service account without consents of its own gets 403; anonymous 401', async () => {
    const sa = await clientToken(app, cred);
    expect((await app.call('GET', '/consents', { token: sa })).status).toBe(403);
    expect((await app.call('GET', '/consents')).status).toBe(401);
  });
});

describe('GET /consents/{id}: owner, admin, or a service account holding auth:delegate', () => {
  it('owner, admin and the scheduler read it; another user gets 404', async () => {
    const c = await consent(app, alice);
    const sa = await clientToken(app, cred);
    for (const token of [alice, admin, sa]) {
      const res = await app.call('GET', `/consents/${c.id}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: c.id, user_email: 'alice@example.com', status: 'active' });
    }
    expect((await app.call('GET', `/consents/${c.id}`, { token: bob })).status).toBe(404);
    expect((await app.call('GET', `/consents/${c.id}`)).status).toBe(401);
  });

  it('a service account without auth:delegate gets 404', async () => {
    const other = await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'reporter', display_name: 'Reporter' },
    });
    expect(other.status).toBe(201);
    const created = await app.call('POST', '/service-accounts/reporter/client-credentials', {
      token: admin,
      body: { name: 'main' },
    });
    const token = await clientToken(app, {
      clientId: created.body.client_id,
      clientSecret: created.body.client_secret,
    });
    const c = await consent(app, alice);
    expect((await app.call('GET', `/consents/${c.id}`, { token })).status).toBe(404);
  });

  it('an unknown or malformed id is 404', async () => {
    expect(
      (await app.call('GET', '/consents/0190a000-0000-7000-8000-000000000000', { token: admin })).status,
    ).toBe(404);
    expect((await app.call('GET', '/consents/not-an-id', { token: admin })).status).toBe(404);
  });
});

describe('DELETE /consents/{id} revokes (owner or admin); the consent stays listed as revoked', () => {
  it('the owner revokes: 204, revoked_at set, still listed with status revoked', async () => {
    const c = await consent(app, alice);
    const res = await app.call('DELETE', `/consents/${c.id}`, { token: alice });
    expect(res.status).toBe(204);
    const read = await app.call('GET', `/consents/${c.id}`, { token: alice });
    expect(read.body.status).toBe('revoked');
    expect(Date.parse(read.body.revoked_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await app.call('GET', '/consents?limit=200', { token: alice });
    expect(list.body.find((x: { id: string }) => x.id === c.id)).toMatchObject({ status: 'revoked' });
    // Revoking again is harmless and keeps the first revocation time.
    expect((await app.call('DELETE', `/consents/${c.id}`, { token: alice })).status).toBe(204);
    const again = await app.call('GET', `/consents/${c.id}`, { token: alice });
    expect(again.body.revoked_at).toBe(read.body.revoked_at);
  });

  it('an admin may revoke anyone’s', async () => {
    const c = await consent(app, alice);
    expect((await app.call('DELETE', `/consents/${c.id}`, { token: admin })).status).toBe(204);
  });

  it('another user gets 404, the scheduler (which can read it) 403, anonymous 401', async () => {
    const c = await consent(app, alice);
    expect((await app.call('DELETE', `/consents/${c.id}`, { token: bob })).status).toBe(404);
    const sa = await clientToken(app, cred);
    expect((await app.call('DELETE', `/consents/${c.id}`, { token: sa })).status).toBe(403);
    expect((await app.call('DELETE', `/consents/${c.id}`)).status).toBe(401);
    const read = await app.call('GET', `/consents/${c.id}`, { token: alice });
    expect(read.body.status).toBe('active');
  });
});

describe('a consent belongs to the user who gave it', () => {
  it('deleting the user revokes it, so a user re-created with the same email cannot be acted for', async () => {
    const gone = await app.user('gone-then-back@example.com');
    const c = await consent(app, gone);
    await delegatedToken(app, cred, 'gone-then-back@example.com'); // works while the user exists
    expect((await app.call('DELETE', '/users/gone-then-back@example.com', { token: admin })).status).toBe(
      204,
    );
    expect(
      (await app.call('POST', '/users', { token: admin, body: { email: 'gone-then-back@example.com' } }))
        .status,
    ).toBe(201);
    const res = await exchange(app, {
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
      requested_subject: 'gone-then-back@example.com',
      scope: 'service-api:*',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_grant');
    const listed = await app.call('GET', `/consents/${c.id}`, { token: admin });
    expect(listed.body.status).toBe('revoked');
  });

  it('POST /consents without a body records the default consent', async () => {
    const dave = await app.user('bodyless@example.com');
    const res = await app.call('POST', '/consents', { token: dave });
    expect(res.status, res.text).toBe(201);
    expect(res.body.scope).toBe('service-api:*');
  });
});
