// Revoking a consent ends the delegated tokens issued under it at once, on every replica: two Keel
// instances share one database, each with its own caches, and the consent's state is invalidated
// across them as the authentication cache is (PostgreSQL LISTEN/NOTIFY). The same holds when the
// consent goes with its schedule or its user, and when it expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicaOf, type TestApp } from '../support/harness.js';
import { consent, delegatedToken } from '../delegation/helpers.js';
import { startSchedulerApp, type SchedulerApp } from '../scheduler/support.js';

let a: SchedulerApp;
let b: TestApp;
let admin: string;
let cred: { clientId: string; clientSecret: string };

beforeAll(async () => {
  // Replica A serves the scheduler too; replica B is a second API on the same database and keys.
  a = await startSchedulerApp();
  b = await startReplicaOf(a);
  admin = await a.adminToken();
  cred = { clientId: 'scheduler-test-client', clientSecret: a.clientSecret };
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const me = async (app: TestApp, token: string) => (await app.call('GET', '/auth/me', { token })).status;

/** The token works on both replicas (so both hold the consent's state in their caches). */
async function worksOnBoth(token: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    expect(await me(a, token)).toBe(200);
    expect(await me(b, token)).toBe(200);
  }
}

/**
 * Polls both replicas until each refuses the token with 401; fails if that takes longer than `boundMs`
 * after `since`. Returns the statuses seen last.
 */
async function refusedOnBothWithin(token: string, since: number, boundMs = 1000) {
  let last: [number, number] = [0, 0];
  for (;;) {
    last = [await me(a, token), await me(b, token)];
    if (last[0] === 401 && last[1] === 401) return last;
    if (Date.now() - since > boundMs) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a delegated token ends with its consent, on every replica within 1 s', () => {
  it('the consent revoked through one replica: both refuse the token with 401', async () => {
    const user = await a.user('revoke@consent.test');
    const c = await consent(a, user);
    const token = await delegatedToken(a, cred, 'revoke@consent.test');
    await worksOnBoth(token);
    const res = await a.call('DELETE', `/consents/${c.id}`, { token: user });
    expect(res.status, res.text).toBe(204);
    const since = Date.now();
    expect(await refusedOnBothWithin(token, since)).toEqual([401, 401]);
    const refused = await b.call('GET', '/auth/me', { token });
    expect(refused.body.detail).toMatch(/consent .* revoked/);
    // The user's own session is untouched.
    expect(await me(b, user)).toBe(200);
  });

  it('revoked by an admin through the other replica: the same', async () => {
    const user = await a.user('admin-revokes@consent.test');
    const c = await consent(a, user);
    const token = await delegatedToken(a, cred, 'admin-revokes@consent.test');
    await worksOnBoth(token);
    expect((await b.call('DELETE', `/consents/${c.id}`, { token: admin })).status).toBe(204);
    expect(await refusedOnBothWithin(token, Date.now())).toEqual([401, 401]);
  });

  it('only the tokens of that consent: a token under another consent of the same user still works', async () => {
    const user = await a.user('two@consent.test');
    const first = await consent(a, user);
    const token1 = await delegatedToken(a, cred, 'two@consent.test');
    expect((await a.call('DELETE', `/consents/${first.id}`, { token: user })).status).toBe(204);
    await consent(a, user);
    const token2 = await delegatedToken(a, cred, 'two@consent.test');
    expect(await refusedOnBothWithin(token1, Date.now())).toEqual([401, 401]);
    await worksOnBoth(token2);
  });

  it('the schedule deleted: its consent is revoked and the token under it refused on both', async () => {
    const user = await a.user('schedule@consent.test');
    const made = await a.call('POST', '/scheduler/schedules', {
      token: user,
      body: { slug: 'consent-job', cron: '0 3 * * *', target: { method: 'GET', path: '/auth/me' } },
    });
    expect(made.status, made.text).toBe(201);
    const token = await delegatedToken(a, cred, 'schedule@consent.test');
    await worksOnBoth(token);
    expect((await a.call('DELETE', '/scheduler/schedules/consent-job', { token: user })).status).toBe(204);
    expect(await refusedOnBothWithin(token, Date.now())).toEqual([401, 401]);
    expect((await a.call('GET', `/consents/${made.body.consent_id}`, { token: user })).body.status).toBe(
      'revoked',
    );
  });

  it('the user deleted: the token is refused on both', async () => {
    const user = await a.user('gone@consent.test');
    await consent(a, user);
    const token = await delegatedToken(a, cred, 'gone@consent.test');
    await worksOnBoth(token);
    expect((await b.call('DELETE', '/users/gone@consent.test', { token: admin })).status).toBe(204);
    expect(await refusedOnBothWithin(token, Date.now())).toEqual([401, 401]);
  });

  it('the consent expires: the token is refused from then on, with no change to notify', async () => {
    const user = await a.user('expires@consent.test');
    const expiresAt = Date.now() + 2000;
    await consent(a, user, { expires_at: new Date(expiresAt).toISOString() });
    const token = await delegatedToken(a, cred, 'expires@consent.test');
    await worksOnBoth(token);
    while (Date.now() < expiresAt) await new Promise((r) => setTimeout(r, 50));
    expect(await refusedOnBothWithin(token, expiresAt)).toEqual([401, 401]);
    expect((await a.call('GET', '/auth/me', { token })).body.detail).toMatch(/consent .* expired/);
  });
});
