// Overlap policies across replicas (docs/scheduler.md, "Overlap"): an occurrence due while the previous
// run is still running is skipped (skip), runs beside it (allow), or waits for it to end (queue_one,
// one held back at most), whichever of three replicas claims it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { schedulerRuntime, type SchedulerRuntime } from '../../src/scheduler/runtime.js';
import { startFlakyProxy, type FlakyProxy } from './flaky-proxy.js';
import { ManualClock, eventually, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let proxy: FlakyProxy;
const replicas: SchedulerRuntime[] = [];
const pools: Sql[] = [];
const clock = new ManualClock(Date.parse('2033-07-01T08:00:30Z'));

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  proxy = await startFlakyProxy(() => app.baseUrl);
  for (let i = 0; i < 3; i++) {
    const sql = createSql(app.url, 4);
    pools.push(sql);
    replicas.push(
      schedulerRuntime({
        sql,
        log: { info() {}, warn() {}, error() {} },
        settings: app.runtime.core.settings,
        recorder: outboxAnalytics(),
        baseUrl: () => proxy.url,
        clock,
        pollMs: 20,
      }),
    );
  }
});
afterAll(async () => {
  proxy.releaseHanging();
  for (const r of replicas) await r.engine.stop();
  for (const p of pools) await p.close();
  await proxy.close();
  await app.close();
});

async function create(slug: string, overlap?: string) {
  const res = await app.call('POST', '/scheduler/schedules', {
    token: admin,
    body: {
      slug,
      kind: 'system',
      cron: '* * * * *',
      target: { method: 'GET', path: `/health?${slug}` },
      retry: { max_attempts: 1 },
      // The clock moves by minutes while calls hang: the lease (timeout + 30 s) must outlast that.
      timeout_seconds: 600,
      ...(overlap ? { overlap } : {}),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const runs = async (slug: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}/runs`, { token: admin })).body as Array<
    Record<string, unknown>
  >;
const running = async (slug: string) => (await runs(slug)).filter((r) => r.state === 'running').length;
/** The next minute's occurrence, claimed by replica `i`. */
/** Ends the held calls once `n` have reached the proxy. */
async function release(n: number) {
  await eventually(async () => proxy.held() >= n);
  proxy.releaseHanging();
}
async function nextMinute(i: number) {
  clock.advance(60_000);
  await replicas[i]!.engine.runDue();
}

describe('overlap', () => {
  it('skip (the default): the occurrence is recorded skipped with the reason', async () => {
    const s = await create('ov-skip');
    expect(s.overlap).toBe('skip');
    proxy.fail('/health?ov-skip', [{ hang: true }]);
    await nextMinute(0);
    expect(await running('ov-skip')).toBe(1);
    await nextMinute(1);
    await nextMinute(2);
    const r = await runs('ov-skip');
    expect(r.map((x) => x.state)).toEqual(['skipped', 'skipped', 'running']);
    expect(String(r[0]!.error)).toMatch(/^overlap: the previous run .* is still running$/);
    await release(1);
    await replicas[0]!.engine.settle();
    await nextMinute(1);
    await replicas[1]!.engine.settle();
    expect((await runs('ov-skip'))[0]!.state).toBe('succeeded');
  });

  it('queue_one: one occurrence waits for the running run, further ones are skipped; never two at once', async () => {
    await create('ov-queue', 'queue_one');
    proxy.fail('/health?ov-queue', [{ hang: true }, { hang: true }]);
    await nextMinute(0);
    expect(await running('ov-queue')).toBe(1);
    await nextMinute(1);
    const held = (await app.call('GET', '/scheduler/schedules/ov-queue', { token: admin })).body;
    expect(held.queued_occurrence_at).toBe(
      clock
        .now()
        .toISOString()
        .replace(/:30\.000Z$/, ':00.000Z'),
    );
    await nextMinute(2);
    let r = await runs('ov-queue');
    expect(r.map((x) => x.state)).toEqual(['skipped', 'running']);
    expect(String(r[0]!.error)).toMatch(/queued behind it/);
    // The queued occurrence does not start while the first runs, on any replica.
    for (const x of replicas) await x.engine.runDue();
    expect(await running('ov-queue')).toBe(1);
    await release(1);
    await replicas[0]!.engine.settle();
    await replicas[2]!.engine.runDue();
    r = await runs('ov-queue');
    expect(r[0]).toMatchObject({ state: 'running', occurrence_at: held.queued_occurrence_at });
    expect(await running('ov-queue')).toBe(1);
    await release(1);
    await replicas[2]!.engine.settle();
    const after = (await app.call('GET', '/scheduler/schedules/ov-queue', { token: admin })).body;
    expect(after.queued_occurrence_at).toBeNull();
  });

  it('allow: the next occurrence runs beside the one still running', async () => {
    await create('ov-allow', 'allow');
    proxy.fail('/health?ov-allow', [{ hang: true }, { hang: true }]);
    await nextMinute(0);
    await nextMinute(1);
    expect(await running('ov-allow')).toBe(2);
    await release(2);
    for (const x of replicas) await x.engine.settle();
  });

  it('an unknown policy is 422 naming the field', async () => {
    const res = await app.call('PATCH', '/scheduler/schedules/ov-allow', {
      token: admin,
      body: { overlap: 'replace' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/overlap');
  });
});
