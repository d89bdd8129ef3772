// A delegated token narrowed to some scopes carries those scopes and nothing more, even for an admin:
// the admin bypass honours the token's scope like every other check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  clientToken,
  consent,
  delegatedToken,
  setupScheduler,
  type SchedulerCredential,
} from '../delegation/helpers.js';

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
  narrowed = await delegatedToken(app, cred, 'admin@example.com', 'project:read');
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

// A job's requests come from the scheduler's address. Wrong current passwords sent by a job counted
// against that address, and past the limit the scheduler's own token requests got 429.
describe('a delegated token changes no password', () => {
  it('is 403 whatever it sends, counted nowhere; the scheduler still gets its token', async () => {
    const bob = await app.user('bob@example.com', { password: 'bobs-password-long-1' });
    await consent(app, bob);
    const job = await delegatedToken(app, cred, 'bob@example.com');
    const limit = app.runtime.core.settings.throttle.addressFailures;
    for (let i = 0; i <= limit; i++) {
      const patch = await app.call('PATCH', '/users/bob@example.com', {
        token: job,
        body: { password: 'a-new-password-long-2', current_password: `wrong-guess-${i}-long` },
      });
      expect(patch.status, patch.text).toBe(403);
      expect(patch.body.code).toBe('forbidden');
    }
    const right = await app.call('PATCH', '/users/bob@example.com', {
      token: job,
      body: { password: 'a-new-password-long-2', current_password: 'bobs-password-long-1' },
    });
    expect(right.status).toBe(403);
    await clientToken(app, cred); // asserts 200
    expect(
      (
        await app.call('POST', '/auth/login', {
          body: { email: 'bob@example.com', password: 'bobs-password-long-1' },
        })
      ).status,
    ).toBe(200);
  });
});
