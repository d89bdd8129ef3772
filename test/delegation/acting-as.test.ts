import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServiceAccounts } from '../../src/delegation/setup.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { clientToken, consent, delegatedToken, setupScheduler, type SchedulerCredential } from './helpers.js';

let app: TestApp;
let cred: SchedulerCredential;
let admin: string;
let alice: string;
let aliceConsent: string;

beforeAll(async () => {
  app = await startTestApp();
  cred = await setupScheduler(app);
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  aliceConsent = (await consent(app, alice)).id;
  const ok = (r: { status: number; text: string }) => expect(r.status, r.text).toBeLessThan(300);
  ok(await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } }));
  ok(
    await app.call('POST', '/organizations/acme/teams', {
      token: admin,
      body: { slug: 'core', name: 'Core' },
    }),
  );
  for (const slug of ['p', 'q']) {
    ok(
      await app.call('POST', '/organizations/acme/projects', {
        token: admin,
        body: { slug, name: slug.toUpperCase(), team: 'core' },
      }),
    );
  }
  ok(
    await app.call('PUT', '/organizations/acme/projects/p/access/alice@example.com', {
      token: admin,
      body: { actions: ['read', 'update'] },
    }),
  );
});
afterAll(() => app.close());

/** A token the service signed, with claims chosen by the test (metadata recorded, so only the claims are wrong). */
async function issued(
  claims: Record<string, unknown>,
  authMethod = 'token_exchange',
  via: string | null = 'scheduler',
  underConsent: string | null = aliceConsent,
): Promise<string> {
  const { core } = app.runtime;
  const user = await core.identity.users.findByEmailUnchecked('alice@example.com');
  const sa = via ? await core.identity.serviceAccounts.findUnchecked(via) : undefined;
  const t = await core.identity.tokens.issue(core.sql, {
    principal: { id: user!.id, name: 'alice@example.com' },
    authMethod,
    ttlSeconds: 300,
    scope: 'service-api:*',
    claims,
    links: [
      ...(sa ? [{ edge: 'ISSUED_VIA', dst: sa.id }] : []),
      ...(underConsent ? [{ edge: 'UNDER_CONSENT', dst: underConsent }] : []),
    ],
  });
  return t.access_token;
}

describe('the authentication context of a delegated token (SPEC 2.3)', () => {
  it('GET /auth/me: principal_name stays the user, actor_name is the scheduler', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    const me = await app.call('GET', '/auth/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      principal_type: 'user',
      principal_name: 'alice@example.com',
      actor_name: 'scheduler',
      auth_method: 'token_exchange',
      is_admin: false,
      scopes: ['service-api:*'],
    });
    const own = await app.call('GET', '/auth/me', { token: alice });
    expect(own.body).toMatchObject({
      principal_name: 'alice@example.com',
      actor_name: null,
      auth_method: 'password',
    });
    expect(me.body.permissions).toEqual(own.body.permissions);
  });
});

describe("permission resolution uses the user's permissions, including CAN_ACCESS (SPEC 2.3 rule 1, 5.6, 7)", () => {
  it('a delegated token of a user with only CAN_ACCESS on P reads P', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    const res = await app.call('GET', '/organizations/acme/projects/p', { token });
    expect(res.status).toBe(200);
    expect(res.body.slug).toBe('p');
    const list = await app.call('GET', '/organizations/acme/projects', { token });
    expect(list.body.map((p: { slug: string }) => p.slug)).toEqual(['p']);
  });

  it('and is refused project Q, which the user cannot access (404: as if it did not exist)', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    const res = await app.call('GET', '/organizations/acme/projects/q', { token });
    expect(res.status).toBe(404);
  });

  it("the same request with the scheduler's own token is 403: service accounts cannot use ACLs", async () => {
    const own = await clientToken(app, cred);
    expect((await app.call('GET', '/organizations/acme/projects/p', { token: own })).status).toBe(403);
    expect((await app.call('GET', '/organizations/acme/projects', { token: own })).status).toBe(403);
  });

  it('a delegated token narrowed to project:read cannot update, though the user could', async () => {
    const res = await app.call('POST', '/auth/token', {
      form: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
        requested_subject: 'alice@example.com',
        scope: 'project:read',
      },
    });
    const token = res.body.access_token as string;
    expect((await app.call('GET', '/organizations/acme/projects/p', { token })).status).toBe(200);
    const patch = await app.call('PATCH', '/organizations/acme/projects/p', { token, body: { name: 'X' } });
    expect(patch.status).toBe(403);
  });
});

describe('attribution records "<user> on behalf of <actor>" (SPEC 2.3 rule 3)', () => {
  it('in updated_by of a project changed through a delegated token', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    const res = await app.call('PATCH', '/organizations/acme/projects/p', {
      token,
      body: { name: 'Renamed' },
    });
    expect(res.status).toBe(200);
    expect(res.body.updated_by).toBe('alice@example.com on behalf of scheduler');
    const own = await app.call('PATCH', '/organizations/acme/projects/p', {
      token: alice,
      body: { name: 'Back' },
    });
    expect(own.body.updated_by).toBe('alice@example.com');
  });

  it('in the structured log line of every authenticated request', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    const id = `delegated-${Date.now()}`;
    await app.call('GET', '/organizations/acme/projects/p', { token, headers: { 'x-request-id': id } });
    const line = app.logs
      .map((l) => JSON.parse(l))
      .find((l) => l.request_id === id && l.msg === 'request completed');
    expect(line).toMatchObject({
      principal: 'alice@example.com on behalf of scheduler',
      auth_method: 'token_exchange',
      status: 200,
    });
  });
});

describe('act/azp are verified on every request (SPEC 2.3 rule 4, 5.5)', () => {
  it('act.client_id must equal azp', async () => {
    const token = await issued({ act: { client_id: 'scheduler' }, azp: 'someone-else' });
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/act.client_id does not match azp/);
  });

  it('act must be present on a token_exchange token', async () => {
    const res = await app.call('GET', '/auth/me', { token: await issued({ azp: 'scheduler' }) });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/act.client_id is missing/);
  });

  it('act/azp on a token of another kind is refused', async () => {
    const token = await issued({ act: { client_id: 'scheduler' }, azp: 'scheduler' }, 'password');
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/only valid with auth_method token_exchange/);
  });

  it('the named service account must exist', async () => {
    const token = await issued({ act: { client_id: 'ghost' }, azp: 'ghost' });
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/service account ghost does not exist/);
  });

  it('the token must have been issued through that service account (its metadata links it)', async () => {
    const token = await issued({ act: { client_id: 'scheduler' }, azp: 'scheduler' }, 'token_exchange', null);
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    // Refused by its deleted client credential, or by the link to the deleted account.
    expect(res.body.detail).toMatch(
      /not issued through service account scheduler|client credential of this token was revoked/,
    );
  });

  it('the token must have been issued under a consent (its metadata links it)', async () => {
    const token = await issued(
      { act: { client_id: 'scheduler' }, azp: 'scheduler' },
      'token_exchange',
      'scheduler',
      null,
    );
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/the consent it was issued under no longer exists/);
  });

  it('a well-formed token passes the same check', async () => {
    const token = await issued({ act: { client_id: 'scheduler' }, azp: 'scheduler' });
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(200);
  });

  it('the service account must be active: deactivating it stops tokens already issued, for good', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    await app.call('PATCH', '/service-accounts/scheduler', { token: admin, body: { is_active: false } });
    try {
      const res = await app.call('GET', '/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/service account scheduler is inactive/);
    } finally {
      await app.call('PATCH', '/service-accounts/scheduler', { token: admin, body: { is_active: true } });
    }
    // Reactivation does not bring tokens issued before it back (docs/authorization.md, Revocation).
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(401);
    const fresh = await delegatedToken(app, cred, 'alice@example.com');
    expect((await app.call('GET', '/auth/me', { token: fresh })).status).toBe(200);
  });

  it('the service account must still hold auth:delegate', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    const role = await app.call('GET', '/roles/scheduler', { token: admin });
    await app.call('PATCH', '/roles/scheduler', {
      token: admin,
      body: { permissions: role.body.permissions.filter((p: string) => p !== 'auth:delegate') },
    });
    try {
      const res = await app.call('GET', '/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/no longer holds auth:delegate/);
    } finally {
      await app.call('PATCH', '/roles/scheduler', {
        token: admin,
        body: { permissions: role.body.permissions },
      });
    }
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(200);
  });

  it('a revoked jti is refused', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    expect((await app.call('POST', '/auth/logout', { token })).status).toBe(204);
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/revoked/);
  });

  it('revoking the consent ends the tokens already issued under it at once', async () => {
    const bea = await app.user('bea@example.com');
    const c = await consent(app, bea);
    const token = await delegatedToken(app, cred, 'bea@example.com');
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(200);
    expect((await app.call('DELETE', `/consents/${c.id}`, { token: bea })).status).toBe(204);
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/the consent it was issued under was revoked/);
  });

  it('a deleted user’s delegated token is refused', async () => {
    await consent(app, await app.user('gone@example.com'));
    const token = await delegatedToken(app, cred, 'gone@example.com');
    await app.call('DELETE', '/users/gone@example.com', { token: admin });
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('an account deleted and re-created under the same slug does not revive earlier tokens', async () => {
    const token = await delegatedToken(app, cred, 'alice@example.com');
    expect((await app.call('DELETE', '/service-accounts/scheduler', { token: admin })).status).toBe(204);
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(401);
    const again = await setupServiceAccounts(app.runtime.core);
    expect(again).toMatchObject({ account: 'created', role: 'assigned' });
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    // Refused by its deleted client credential, or by the link to the deleted account.
    expect(res.body.detail).toMatch(
      /not issued through service account scheduler|client credential of this token was revoked/,
    );
    const c = again.credential as { client_id: string; client_secret: string };
    const fresh = await delegatedToken(
      app,
      { clientId: c.client_id, clientSecret: c.client_secret },
      'alice@example.com',
    );
    expect((await app.call('GET', '/auth/me', { token: fresh })).status).toBe(200);
  });
});
