// Timeouts per schedule and cancelling a run (docs/scheduler.md, "Timeouts and cancel"): the call is
// aborted and the run ends cancelled, whichever replica holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { schedulerRuntime, type SchedulerRuntime } from '../../src/scheduler/runtime.js';
import { findLiveSchedule, findRun, type RunRow } from '../../src/scheduler/store.js';
import { startFlakyProxy, type FlakyProxy } from './flaky-proxy.js';
import { ManualClock, eventually, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
let proxy: FlakyProxy;
let other: SchedulerRuntime;
const pools: Sql[] = [];
const clock = new ManualClock(Date.parse('2033-05-01T08:00:00Z'));
const HANG = '/health?hang';

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  proxy = await startFlakyProxy(() => app.baseUrl);
  const sql = createSql(app.url, 4);
  pools.push(sql);
  // Another replica, calling the API through the proxy; the app's own replica serves the cancel route.
  other = schedulerRuntime({
    sql,
    log: { info() {}, warn() {}, error() {} },
    settings: app.runtime.core.settings,
    recorder: outboxAnalytics(),
    baseUrl: () => proxy.url,
    clock,
    pollMs: 20,
    sleep: (_ms, signal) =>
      new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true })),
  });
});
afterAll(async () => {
  await other.engine.stop();
  for (const p of pools) await p.close();
  await proxy.close();
  await app.close();
});

async function create(token: string, slug: string, extra: Record<string, unknown> = {}) {
  const res = await app.call('POST', '/scheduler/schedules', {
    token,
    body: { slug, cron: '0 0 1 1 *', target: { method: 'GET', path: HANG }, ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function fireOnOther(slug: string): Promise<RunRow> {
  const s = await findLiveSchedule(app.runtime.core.sql, slug);
  return (await other.engine.fireNow(s!))!;
}
const row = async (id: string) => (await findRun(app.runtime.core.sql, id))!;

describe('timeout_seconds', () => {
  it('defaults to the global setting (null), is bounded to 1..600, and times out the call', async () => {
    const s = await create(alice, 'slow', { timeout_seconds: 1, retry: { max_attempts: 1 } });
    expect(s.timeout_seconds).toBe(1);
    expect((await create(alice, 'plain')).timeout_seconds).toBeNull();
    for (const bad of [0, 601, 1.5, '5']) {
      const res = await app.call('PATCH', '/scheduler/schedules/plain', {
        token: alice,
        body: { timeout_seconds: bad },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[0].pointer).toBe('/timeout_seconds');
    }
    proxy.fail('/health', [{ hang: true }]);
    const run = await fireOnOther('slow');
    const t0 = Date.now();
    await other.engine.settle();
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(await row(run.id)).toMatchObject({ state: 'failed', error: 'the request timed out' });
  });
});

describe('POST /scheduler/runs/{id}/cancel', () => {
  it('from another replica: the call in flight is aborted and the run ends cancelled', async () => {
    await create(alice, 'hangs');
    proxy.fail('/health', [{ hang: true }]);
    const run = await fireOnOther('hangs');
    await eventually(async () => proxy.seen.some((x) => x.key === run.id));
    // Who may not: another user (404: they cannot see it), no token (401).
    const bob = await app.user('bob@example.com');
    expect((await app.call('POST', `/scheduler/runs/${run.id}/cancel`, { token: bob })).status).toBe(404);
    expect((await app.call('POST', `/scheduler/runs/${run.id}/cancel`)).status).toBe(401);
    expect((await app.call('POST', '/scheduler/runs/not-a-run/cancel', { token: alice })).status).toBe(404);
    const res = await app.call('POST', `/scheduler/runs/${run.id}/cancel`, { token: alice });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ state: 'running', cancelled_by: 'alice@example.com' });
    expect(res.body.cancel_requested_at).not.toBeNull();
    // The replica holding the run sees the request in its next pass.
    await other.engine.runDue();
    await other.engine.settle();
    expect(await row(run.id)).toMatchObject({ state: 'cancelled', error: 'cancelled by alice@example.com' });
    await eventually(async () => proxy.aborted.includes(HANG));
    // A run that is not running any more: 409.
    const again = await app.call('POST', `/scheduler/runs/${run.id}/cancel`, { token: alice });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('run_not_running');
    const read = await app.call('GET', `/scheduler/runs/${run.id}`, { token: alice });
    expect(read.body.state).toBe('cancelled');
  });

  it('a run waiting to retry is cancelled without another attempt; an admin may cancel it', async () => {
    await create(alice, 'retrying');
    proxy.fail('/health', [{ status: 503 }]);
    const run = await fireOnOther('retrying');
    await eventually(async () => (await row(run.id)).next_attempt_at !== null);
    const res = await app.call('POST', `/scheduler/runs/${run.id}/cancel`, { token: admin });
    expect(res.status, res.text).toBe(202);
    await other.engine.runDue();
    await other.engine.settle();
    const done = await row(run.id);
    expect(done).toMatchObject({ state: 'cancelled', error: 'cancelled by admin@example.com' });
    expect(done.attempts).toHaveLength(1);
    expect(proxy.seen.filter((x) => x.key === run.id)).toHaveLength(1);
  });

  it('a run whose replica stopped is ended cancelled by the replica that takes it over', async () => {
    await create(alice, 'orphaned');
    proxy.fail('/health', [{ status: 503 }]);
    const run = await fireOnOther('orphaned');
    const waiting = await eventually(async () => {
      const r = await row(run.id);
      return r.next_attempt_at !== null && r;
    });
    expect((await app.call('POST', `/scheduler/runs/${run.id}/cancel`, { token: alice })).status).toBe(202);
    // The other replica is gone (never runs again); the app's replica takes the run once its lease ends.
    clock.set(new Date(waiting.lease_until!.getTime() + 1000));
    await app.scheduler.engine.runDue();
    await app.scheduler.engine.settle();
    expect((await row(run.id)).state).toBe('cancelled');
  });
});
