// Dry runs (docs/scheduler.md, "Dry run"): a body's and an existing schedule's next occurrences, consent,
// token exchange and whether the principal the job runs as may call the target (POST /auth/can with the
// token the job would use), without calling the target or storing anything; who may ask; 422s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, consent, delegatedToken } from '../delegation/helpers.js';
import { ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
let bob: string;
const clock = new ManualClock(Date.parse('2038-01-01T00:00:00Z'));

const call = (path: string, token: string | null, body?: unknown) =>
  app.call('POST', `/scheduler${path}`, { ...(token === null ? {} : { token }), ...(body ? { body } : {}) });
const counts = async () =>
  (await app.runtime.core.sql.one<{ schedules: number; consents: number }>(
    `SELECT (SELECT count(*)::int FROM scheduler.schedules) AS schedules,
            (SELECT count(*)::int FROM graph_nodes WHERE label = 'Consent') AS consents`,
  ))!;
const healthCalls = () => app.logs.filter((l) => l.includes('"route":"/health"')).length;

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  bob = await app.user('bob@example.com');
});
afterAll(() => app.close());

describe('POST /scheduler/schedules/dry-run (a body)', () => {
  it('a user job: occurrences, no consent yet, the permission asked with your own token; nothing stored', async () => {
    const before = await counts();
    const res = await call('/schedules/dry-run?count=3', alice, {
      slug: 'mine',
      cron: '30 2 * * *',
      timezone: 'Europe/Berlin',
      target: { method: 'GET', path: '/auth/me' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.occurrences).toHaveLength(3);
    expect(res.body.consent.status).toBe('recorded_on_creation');
    expect(res.body.exchange.ok).toBeNull();
    expect(res.body.permission.allowed).toBe(true);
    expect(await counts()).toEqual(before);
    // A route Alice may not call: the answer says so, naming the permission.
    const denied = await call('/schedules/dry-run', alice, {
      slug: 'mine',
      every: 'PT1H',
      target: { method: 'GET', path: '/users' },
    });
    expect(denied.status, denied.text).toBe(200);
    expect(denied.body.permission).toMatchObject({ allowed: false });
    expect(denied.body.permission.permission).toMatch(/^user/);
  });

  it('a system job: the scheduler token, and its permission; the target is not called', async () => {
    const served = healthCalls();
    const res = await call('/schedules/dry-run', admin, {
      slug: 'sys',
      kind: 'system',
      once_at: '2038-02-01T00:00:00Z',
      target: { method: 'POST', path: '/api/scoring/recompute-all' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.occurrences.map((o: { at: string }) => o.at)).toEqual(['2038-02-01T00:00:00.000Z']);
    expect(res.body.consent.status).toBe('not_needed');
    expect(res.body.exchange.ok).toBe(true);
    expect(res.body.permission.allowed).toBe(true);
    await call('/schedules/dry-run', admin, {
      slug: 'sys',
      kind: 'system',
      every: 'PT1H',
      target: { method: 'GET', path: '/health' },
    });
    expect(healthCalls()).toBe(served);
  });

  it('the same 422s as creating (naming the member), and count bounded', async () => {
    const before = await counts();
    for (const [body, pointer] of [
      [{ slug: 'x', cron: '0 * * * *', every: 'PT1H', target: { method: 'GET', path: '/health' } }, '/every'],
      [{ slug: 'x', target: { method: 'GET', path: '/health' } }, '/cron'],
      [{ slug: 'x', cron: '0 * * * *', target: { method: 'GET', path: '//evil.example' } }, '/target/path'],
      [
        { slug: 'x', once_at: '2000-01-01T00:00:00Z', target: { method: 'GET', path: '/health' } },
        '/once_at',
      ],
      [
        { slug: 'x', every: 'PT1H', jitter_seconds: 5000, target: { method: 'GET', path: '/health' } },
        '/jitter_seconds',
      ],
    ] as const) {
      const res = await call('/schedules/dry-run', alice, body);
      expect(res.status, res.text).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain(pointer);
    }
    const tooMany = await call('/schedules/dry-run?count=101', alice, {
      slug: 'x',
      every: 'PT1H',
      target: { method: 'GET', path: '/health' },
    });
    expect(tooMany.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('who may: whoever may create it; a delegated token, a service account (user job), a user (system job) 403; no token 401', async () => {
    const body = { slug: 'x', every: 'PT1H', target: { method: 'GET', path: '/auth/me' } };
    expect((await call('/schedules/dry-run', null, body)).status).toBe(401);
    const cred = { clientId: 'scheduler-test-client', clientSecret: app.clientSecret };
    expect((await call('/schedules/dry-run', await clientToken(app, cred), body)).status).toBe(403);
    await consent(app, bob);
    expect(
      (await call('/schedules/dry-run', await delegatedToken(app, cred, 'bob@example.com'), body)).status,
    ).toBe(403);
    expect((await call('/schedules/dry-run', alice, { ...body, kind: 'system' })).status).toBe(403);
  });
});

describe('POST /scheduler/schedules/{slug}/dry-run', () => {
  it("a user schedule: its consent, the exchange for its user, the delegated token's permission; revoked says so", async () => {
    const created = await app.call('POST', '/scheduler/schedules', {
      token: alice,
      body: { slug: 'alice-job', every: 'PT15M', target: { method: 'GET', path: '/auth/me' } },
    });
    expect(created.status, created.text).toBe(201);
    const res = await call('/schedules/alice-job/dry-run?count=2', alice);
    expect(res.status, res.text).toBe(200);
    expect(res.body.occurrences.map((o: { at: string }) => o.at)).toEqual([
      '2038-01-01T00:15:00.000Z',
      '2038-01-01T00:30:00.000Z',
    ]);
    expect(res.body.consent.status).toBe('active');
    expect(res.body.exchange).toMatchObject({ ok: true });
    expect(res.body.permission.allowed).toBe(true);
    // An admin may dry-run it too (as fire now); Bob may not see it (404).
    expect((await call('/schedules/alice-job/dry-run', admin)).status).toBe(200);
    expect((await call('/schedules/alice-job/dry-run', bob)).status).toBe(404);
    // No run recorded.
    const runs = await app.call('GET', '/scheduler/schedules/alice-job/runs', { token: alice });
    expect(runs.body).toEqual([]);

    expect((await app.call('DELETE', `/consents/${created.body.consent_id}`, { token: alice })).status).toBe(
      204,
    );
    const revoked = await call('/schedules/alice-job/dry-run', alice);
    expect(revoked.body.consent.status).toBe('revoked');
    expect(revoked.body.exchange.ok).toBeNull();
    expect(revoked.body.permission.allowed).toBeNull();
  });

  it('unknown slug 404; a delegated token 403; count out of bounds 422', async () => {
    expect((await call('/schedules/nope/dry-run', alice)).status).toBe(404);
    const cred = { clientId: 'scheduler-test-client', clientSecret: app.clientSecret };
    await consent(app, alice);
    const delegated = await delegatedToken(app, cred, 'alice@example.com');
    expect((await call('/schedules/alice-job/dry-run', delegated)).status).toBe(403);
    expect((await call('/schedules/alice-job/dry-run?count=0', alice)).status).toBe(422);
  });
});
