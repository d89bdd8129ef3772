// Auto-pause (docs/scheduler.md, "Auto-pause"): after auto_pause_after consecutive scheduled runs that
// failed, or were skipped for the same reason, the schedule pauses itself and says why; misfires and
// overlap skips do not count, a success breaks the streak, resume clears it. Three replicas' passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSchedule,
  ManualClock,
  readSchedule,
  replicaSet,
  startSchedulerApp,
  type SchedulerApp,
} from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
const clock = new ManualClock(Date.parse('2035-01-01T00:00:00Z'));
const fleet = replicaSet();
const { runtimes: replicas } = fleet;

const get = (slug: string, token = admin) => readSchedule(app, slug, token);
const runs = async (slug: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}/runs?limit=200`, { token: admin })).body as Array<{
    state: string;
    error: string | null;
  }>;
const create = (token: string, body: Record<string, unknown>) => createSchedule(app, token, body);
/** Moves the clock a minute and lets every replica pass at once. */
async function minute() {
  clock.advance(60_000);
  await Promise.all(replicas.map((r) => r.engine.runDue()));
  await Promise.all(replicas.map((r) => r.engine.settle()));
}

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  fleet.start(app, 3, { clock });
});
afterAll(async () => {
  await fleet.stop();
  await app.close();
});

const failing = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  kind: 'system',
  every: 'PT1M',
  retry: { max_attempts: 1 },
  target: { method: 'GET', path: '/no-such-route' },
  ...extra,
});

describe('auto-pause', () => {
  it('after N consecutive failed runs it pauses itself, records why, and the list shows it; resume clears it', async () => {
    clock.set('2035-01-01T00:00:00Z');
    const s = await create(admin, failing('fails', { auto_pause_after: 3 }));
    expect(s).toMatchObject({ auto_pause_after: 3, paused_reason: null, paused_by: null });
    await minute();
    await minute();
    expect(await get('fails')).toMatchObject({ enabled: true, state: 'active' });
    await minute();
    const paused = await get('fails');
    expect(paused).toMatchObject({
      enabled: false,
      state: 'paused',
      next_run_at: null,
      paused_by: 'auto-pause',
      paused_at: '2035-01-01T00:03:00.000Z',
    });
    expect(paused.paused_reason).toMatch(/^3 consecutive runs failed \(the last: HTTP 404/);
    const list = await app.call('GET', '/scheduler/schedules?limit=200', { token: admin });
    expect(list.body.find((x: { slug: string }) => x.slug === 'fails')).toMatchObject({
      paused_by: 'auto-pause',
      paused_reason: paused.paused_reason,
    });
    await minute();
    expect(await runs('fails')).toHaveLength(3);
    const resumed = await app.call('POST', '/scheduler/schedules/fails/resume', { token: admin });
    expect(resumed.body).toMatchObject({
      enabled: true,
      paused_by: null,
      paused_reason: null,
      paused_at: null,
    });
    // The streak is counted again from the resume: one more failure does not pause it.
    await minute();
    expect(await get('fails')).toMatchObject({ enabled: true });
  });

  it('a success breaks the streak; misfires are neither counted nor breaking; 0 never pauses', async () => {
    clock.set('2035-01-02T00:00:00Z');
    await create(admin, failing('flaky', { auto_pause_after: 2 }));
    await minute(); // failed
    // Aimed at a route that answers: a success.
    await app.call('PATCH', '/scheduler/schedules/flaky', {
      token: admin,
      body: { target: { method: 'GET', path: '/health' } },
    });
    await minute();
    await app.call('PATCH', '/scheduler/schedules/flaky', {
      token: admin,
      body: { target: { method: 'GET', path: '/no-such-route' } },
    });
    await minute(); // failed
    clock.advance(10 * 60_000); // the next occurrence is found past the grace: a misfire
    await minute();
    expect((await runs('flaky')).map((r) => r.state)).toEqual(['skipped', 'failed', 'succeeded', 'failed']);
    expect(await get('flaky')).toMatchObject({ enabled: true });
    await minute(); // failed: two in a row, the misfire between them left out
    expect(await get('flaky')).toMatchObject({ enabled: false, paused_by: 'auto-pause' });

    clock.set('2035-01-03T00:00:00Z');
    await create(admin, failing('never', { auto_pause_after: 0 }));
    for (let i = 0; i < 12; i++) await minute();
    expect(await get('never')).toMatchObject({ enabled: true, paused_by: null });
  });

  it('runs skipped for the same reason (consent revoked) pause a user schedule; a manual pause records its caller', async () => {
    clock.set('2035-01-04T00:00:00Z');
    const s = await create(alice, {
      slug: 'revoked',
      every: 'PT1M',
      auto_pause_after: 2,
      target: { method: 'GET', path: '/auth/me' },
    });
    const revoked = await app.call('DELETE', `/consents/${s.consent_id}`, { token: alice });
    expect(revoked.status, revoked.text).toBe(204);
    await minute();
    await minute();
    const paused = await get('revoked', alice);
    expect(paused).toMatchObject({
      enabled: false,
      paused_by: 'auto-pause',
      paused_reason: '2 consecutive runs skipped: consent revoked',
    });

    clock.set('2035-01-05T00:00:00Z');
    await create(alice, { slug: 'by-hand', every: 'PT1H', target: { method: 'GET', path: '/auth/me' } });
    const p = await app.call('POST', '/scheduler/schedules/by-hand/pause', { token: alice });
    expect(p.body).toMatchObject({
      paused_by: 'alice@example.com',
      paused_reason: null,
      paused_at: '2035-01-05T00:00:00.000Z',
    });
  });

  it('with auto_pause_after 1 the reason speaks of the last run, not of "1 consecutive runs"', async () => {
    clock.set('2035-01-06T00:00:00Z');
    await create(admin, failing('fails-once', { auto_pause_after: 1 }));
    await minute();
    const failed = await get('fails-once');
    expect(failed).toMatchObject({ enabled: false, paused_by: 'auto-pause' });
    expect(failed.paused_reason).toMatch(/^the last run failed \(HTTP 404/);

    clock.set('2035-01-07T00:00:00Z');
    const s = await create(alice, {
      slug: 'revoked-once',
      every: 'PT1M',
      auto_pause_after: 1,
      target: { method: 'GET', path: '/auth/me' },
    });
    const revoked = await app.call('DELETE', `/consents/${s.consent_id}`, { token: alice });
    expect(revoked.status, revoked.text).toBe(204);
    await minute();
    expect(await get('revoked-once', alice)).toMatchObject({
      enabled: false,
      paused_by: 'auto-pause',
      paused_reason: 'the last run was skipped: consent revoked',
    });
  });

  it('auto_pause_after out of bounds is 422 naming it; nothing stored', async () => {
    for (const auto_pause_after of [-1, 1001, 2.5, 'ten']) {
      const res = await app.call('POST', '/scheduler/schedules', {
        token: admin,
        body: failing('bad-auto-pause', { auto_pause_after }),
      });
      expect(res.status, res.text).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain('/auto_pause_after');
    }
    expect((await app.call('GET', '/scheduler/schedules/bad-auto-pause', { token: admin })).status).toBe(404);
  });
});
