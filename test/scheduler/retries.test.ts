// Retries (docs/scheduler.md, "Retries"): a run tries again on connection errors, timeouts, 429, 502,
// 503 and 504, with the same Idempotency-Key on every attempt, so the API applies its change once;
// the consent check and the token exchange are retried the same way; another replica resumes a run
// whose replica stopped between attempts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { schedulerRuntime, type SchedulerRuntime } from '../../src/scheduler/runtime.js';
import { findLiveSchedule, findRun, type RunRow } from '../../src/scheduler/store.js';
import { startFlakyProxy, type FlakyProxy } from './flaky-proxy.js';
import { ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let proxy: FlakyProxy;
const clock = new ManualClock(Date.parse('2033-02-01T08:00:00Z'));
const pools: Sql[] = [];
const quiet = { info() {}, warn() {}, error() {} };
/** Waits the replicas asked for between attempts (they do not really wait). */
const waits: number[] = [];
const COMMENTS = '/organizations/acme/projects/p/comments';

/** A replica calling the API through the proxy; `sleep` says how it waits between attempts. */
function replica(sleep: (ms: number, signal: AbortSignal) => Promise<void>): SchedulerRuntime {
  const sql = createSql(app.url, 4);
  pools.push(sql);
  return schedulerRuntime({
    sql,
    log: quiet,
    settings: app.runtime.core.settings,
    recorder: outboxAnalytics(),
    baseUrl: () => proxy.url,
    clock,
    pollMs: 20,
    sleep,
  });
}
const instant = async (ms: number) => {
  waits.push(ms);
};
let main: SchedulerRuntime;

async function schedule(slug: string, extra: Record<string, unknown> = {}) {
  const res = await app.call('POST', '/scheduler/schedules', {
    token: admin,
    body: {
      slug,
      cron: '0 0 1 1 *',
      target: { method: 'POST', path: COMMENTS, body: { body: `from ${slug}` } },
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Fires a schedule now on `r` and waits until its run is recorded. */
async function fire(slug: string, r = main): Promise<RunRow> {
  const s = await findLiveSchedule(app.runtime.core.sql, slug);
  const run = await r.engine.fireNow(s!);
  await r.engine.settle();
  return (await findRun(app.runtime.core.sql, run!.id))!;
}
const comments = async (slug: string) =>
  (await app.call('GET', `${COMMENTS}?limit=200`, { token: admin })).body.filter(
    (c: { body: string }) => c.body === `from ${slug}`,
  ).length;
const targetCalls = (runId: string) => proxy.seen.filter((x) => x.path === COMMENTS && x.key === runId);

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  proxy = await startFlakyProxy(() => app.baseUrl);
  for (const [path, body] of [
    ['/organizations', { slug: 'acme', name: 'Acme' }],
    ['/organizations/acme/teams', { slug: 'core', name: 'Core' }],
    ['/organizations/acme/projects', { slug: 'p', name: 'P', team: 'core' }],
  ] as const) {
    expect((await app.call('POST', path, { token: admin, body })).status).toBe(201);
  }
  main = replica(instant);
});
afterAll(async () => {
  await main.engine.stop();
  for (const p of pools) await p.close();
  await proxy.close();
  await app.close();
});

describe('retries', () => {
  it('the defaults: 8 attempts, 2 s doubling to 30 s, so the waits cover at least 60 s', async () => {
    const s = await schedule('defaults');
    expect(s.retry).toEqual({ max_attempts: 8, initial_backoff: 2, max_backoff: 30 });
    waits.length = 0;
    proxy.fail(
      COMMENTS,
      Array.from({ length: 8 }, () => ({ status: 503 })),
    );
    const run = await fire('defaults');
    expect(run.state).toBe('failed');
    expect(run.http_status).toBe(503);
    expect(run.attempts).toHaveLength(8);
    expect(waits).toHaveLength(7);
    // Equal jitter: each wait is between half its ceiling and the ceiling (2, 4, 8, 16, 30, 30, 30 s).
    const ceilings = [2000, 4000, 8000, 16000, 30000, 30000, 30000];
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual(ceilings[i]! / 2);
      expect(w).toBeLessThanOrEqual(ceilings[i]!);
    });
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60_000);
    expect(await comments('defaults')).toBe(0);
  });

  it('503, 502, 504 and a dropped connection are retried with one Idempotency-Key; the change is made once', async () => {
    await schedule('flaky');
    proxy.fail(COMMENTS, [{ status: 503 }, { status: 502 }, { drop: 'request' }, { status: 504 }]);
    const run = await fire('flaky');
    expect(run.state).toBe('succeeded');
    expect(run.attempts.map((a) => a.http_status)).toEqual([503, 502, null, 504, 201]);
    expect(run.attempts[2]!.error).toBeTruthy();
    const calls = targetCalls(run.id);
    expect(calls).toHaveLength(5);
    expect(await comments('flaky')).toBe(1);
  });

  it('an answer lost after the API applied the change: the retry gets the first answer back', async () => {
    await schedule('lost-answer');
    proxy.fail(COMMENTS, [{ drop: 'answer' }]);
    const run = await fire('lost-answer');
    expect(run.state).toBe('succeeded');
    expect(run.attempts.map((a) => a.http_status)).toEqual([null, 201]);
    expect(targetCalls(run.id)).toHaveLength(2);
    expect(await comments('lost-answer')).toBe(1);
    // The API kept the first answer under the run's id and gave it back to the retry.
    const [kept] = await app.runtime.core.sql.query<{ status: number }>(
      `SELECT status FROM idempotency_keys WHERE key = $1`,
      [run.id],
    );
    expect(kept!.status).toBe(201);
  });

  it('429 waits at least its Retry-After; another 4xx is not retried', async () => {
    await schedule('busy', { retry: { max_attempts: 3, initial_backoff: 0.5, max_backoff: 1 } });
    waits.length = 0;
    proxy.fail(COMMENTS, [{ status: 429, headers: { 'retry-after': '7' } }]);
    const run = await fire('busy');
    expect(run.state).toBe('succeeded');
    expect(waits).toEqual([7000]);

    await schedule('refused');
    proxy.fail(COMMENTS, [{ status: 400 }]);
    const refused = await fire('refused');
    expect(refused.state).toBe('failed');
    expect(refused.attempts).toHaveLength(1);
    expect(refused.http_status).toBe(400);
    proxy.fail(COMMENTS, [{ status: 500 }]);
    const failed = await fire('refused');
    expect(failed).toMatchObject({ state: 'failed', http_status: 500 });
    expect(failed.attempts).toHaveLength(1);
  });

  it('the consent check and the token exchange are retried when the API is unreachable or answers 5xx', async () => {
    const s = await schedule('consent-flaky');
    proxy.fail(`/consents/${s.consent_id}`, [{ status: 503 }, { drop: 'request' }]);
    const run = await fire('consent-flaky');
    expect(run.state).toBe('succeeded');
    expect(run.attempts.slice(0, 2).map((a) => a.error)).toEqual([
      expect.stringMatching(/^consent not checked: HTTP 503/),
      expect.stringMatching(/^consent not checked: /),
    ]);
    expect(await comments('consent-flaky')).toBe(1);

    await schedule('exchange-flaky');
    main.tokens.dropDelegated((await findLiveSchedule(app.runtime.core.sql, 'exchange-flaky'))!.consent_id!);
    proxy.fail('/auth/token', [{ status: 502 }], 'POST');
    const exchanged = await fire('exchange-flaky');
    expect(exchanged.state).toBe('succeeded');
    expect(exchanged.attempts[0]!.error).toMatch(/^token exchange failed: HTTP 502/);
  });

  it('retries give up at max_attempts and a skip for a refused consent is not retried', async () => {
    const s = await schedule('gone', { retry: { max_attempts: 2 } });
    proxy.fail(`/consents/${s.consent_id}`, [{ status: 404 }]);
    const run = await fire('gone');
    expect(run).toMatchObject({ state: 'skipped', error: 'consent gone' });
    expect(run.attempts).toHaveLength(1);
  });

  it('a bad retry policy is 422 naming the member; nothing stored', async () => {
    const bad = async (retry: unknown, pointer: string) => {
      const res = await app.call('POST', '/scheduler/schedules', {
        token: admin,
        body: { slug: 'bad-retry', cron: '0 0 1 1 *', target: { method: 'GET', path: '/health' }, retry },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[0].pointer).toBe(pointer);
    };
    await bad({ max_attempts: 0 }, '/retry/max_attempts');
    await bad({ max_attempts: 21 }, '/retry/max_attempts');
    await bad({ initial_backoff: 10, max_backoff: 5 }, '/retry/max_backoff');
    await bad({ jitter: 1 }, '/retry/jitter');
    expect(await findLiveSchedule(app.runtime.core.sql, 'bad-retry')).toBeUndefined();
    const patched = await app.call('PATCH', '/scheduler/schedules/flaky', {
      token: admin,
      body: { retry: { max_attempts: 1 } },
    });
    expect(patched.body.retry).toEqual({ max_attempts: 1, initial_backoff: 2, max_backoff: 30 });
  });

  it('a replica that stops while a run waits to retry: another resumes it, with the same key, once', async () => {
    await schedule('orphan');
    // The first replica waits until it is stopped between attempts: it is as good as gone.
    const dying = replica(
      (_ms, signal) => new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true })),
    );
    proxy.fail(COMMENTS, [{ status: 503 }]);
    const s = await findLiveSchedule(app.runtime.core.sql, 'orphan');
    const started = (await dying.engine.fireNow(s!))!;
    let row = await waitFor(started.id, (r) => r.attempts.length === 1);
    expect(row.state).toBe('running');
    expect(row.next_attempt_at).not.toBeNull();
    // Before its lease ends nobody takes it over.
    await main.engine.runDue();
    await main.engine.settle();
    expect((await findRun(app.runtime.core.sql, started.id))!.state).toBe('running');
    clock.set(new Date(row.lease_until!.getTime() + 1000));
    await main.engine.runDue();
    await main.engine.settle();
    row = (await findRun(app.runtime.core.sql, started.id))!;
    expect(row.state).toBe('succeeded');
    // The attempt the stopped replica was to make is recorded as lost, then the one that succeeded.
    expect(row.attempts.map((a) => a.http_status)).toEqual([503, null, 201]);
    expect(row.attempts[1]!.error).toMatch(/replica .* stopped/);
    expect(new Set(targetCalls(started.id).map((c) => c.key))).toEqual(new Set([started.id]));
    expect(await comments('orphan')).toBe(1);
    // The stopped replica, woken, cannot record anything over it.
    await dying.engine.stop();
    expect((await findRun(app.runtime.core.sql, started.id))!.state).toBe('succeeded');
  });
});

async function waitFor(id: string, ok: (r: RunRow) => boolean): Promise<RunRow> {
  for (let i = 0; i < 400; i++) {
    const r = await findRun(app.runtime.core.sql, id);
    if (r && ok(r)) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('run did not reach the state');
}
