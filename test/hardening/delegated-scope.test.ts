// A delegated token narrowed to some scopes carries those scopes and nothing more, even for an admin:
// the admin bypass honours the token's scope like every other check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { consent, exchange, setupScheduler, type SchedulerCredential } from '../delegation/helpers.js';

let app: TestApp;
let cred: SchedulerCredential;
let admin: string;
let narrowed: string;
let alicesConsent: string;

beforeAll(async () => {
  app = await startTestApp();
  cred = await setupScheduler(app);
  const alice = await app.user('alice@example.com');
  alicesConsent = (await consent(app, alice)).id;
  admin = await app.adminToken();
  await consent(app, admin);
  const res = await exchange(app, {
    client_id: cred.clientId,
    client_secret: cred.clientSecret,
    requested_subject: 'admin@example.com',
    scope: 'project:read',
  });
  expect(res.status, res.text).toBe(200);
  narrowed = res.body.access_token as string;
});
afterAll(() => app.close());

describe('a delegated admin token narrowed to project:read', () => {
  it('may still read projects', async () => {
    expect((await app.call('GET', '/organizations', { token: narrowed })).status).toBe(403);
    const me = await app.call('GET', '/auth/me', { token: narrowed });
    expect(me.status).toBe(200);
  });

  it('does not list other users’ consents', async () => {
    const filtered = await app.call('GET', '/consents?user_email=alice@example.com', { token: narrowed });
    expect(filtered.status).toBe(403);
    const all = await app.call('GET', '/consents', { token: narrowed });
    if (all.status === 200) {
      expect(all.body.every((c: { user_email: string }) => c.user_email === 'admin@example.com')).toBe(true);
    } else {
      expect(all.status).toBe(403);
    }
  });

  it('neither reads nor revokes another user’s consent', async () => {
    expect((await app.call('GET', `/consents/${alicesConsent}`, { token: narrowed })).status).toBe(404);
    expect((await app.call('DELETE', `/consents/${alicesConsent}`, { token: narrowed })).status).toBe(404);
    const still = await app.call('GET', `/consents/${alicesConsent}`, { token: admin });
    expect(still.body.status).toBe('active');
  });

  it('does not pass admin-only checks (creating an admin)', async () => {
    const res = await app.call('POST', '/users', {
      token: narrowed,
      body: { email: 'eve@example.com', password: 'a-long-password-1', is_admin: true },
    });
    expect(res.status).toBe(403);
  });

  it('the same admin signed in directly still lists everyone’s consents', async () => {
    const res = await app.call('GET', '/consents?user_email=alice@example.com', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
  });
});
