// The scheduler's fault tests with `keel api` and three `keel scheduler` replicas as separate
// processes, calling the API through a proxy that records what passed (one cluster for all: starting
// the processes is most of the time).
// - Retries without double effects (docs/scheduler.md, "Retries"; docs/api-conventions.md,
//   "Idempotency-Key"): the API killed after it applied a job's call and before the scheduler got the
//   answer, and the API stopped for 20 s across an occurrence of 100 schedules. Every change is made
//   once; every attempt of a run carries its run id as Idempotency-Key.
// - Overlap (docs/scheduler.md, "Overlap"): a target slower than the interval between occurrences (the
//   proxy holds it 4 s; an occurrence comes every second). `skip` records the occurrences due meanwhile
//   as skipped, with the reason; `queue_one` never runs two at once, whichever replica claims one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { eventually } from '../support/eventually.js';
import {
  adminToken,
  call,
  startApi,
  startCluster,
  startRecordingProxy,
  startScheduler,
  type Cluster,
  type KeelProcess,
  type RecordingProxy,
} from './processes.js';

const HOLD_MS = 4_000;
const COMMENTS = '/organizations/acme/projects/p/comments';
let c: Cluster;
let apiPort: number;
let api: KeelProcess;
let proxy: RecordingProxy;
let scheduler: string;
let schedulers: string[];
let token: string;

interface Attempt {
  http_status: number | null;
  error: string | null;
}
interface Run {
  id: string;
  slug: string;
  state: string;
  http_status: number | null;
  attempts: Attempt[];
}

const runsOf = async (like: string) =>
  (
    await c.db.query<Run>(
      `SELECT id, schedule_slug AS slug, state, http_status, attempts FROM scheduler.runs
        WHERE schedule_slug LIKE $1 ORDER BY schedule_slug`,
      [like],
    )
  ).rows;
/** How many comments carry each body starting with `prefix`. */
const commentCounts = async (prefix: string) =>
  new Map(
    (
      await c.db.query<{ body: string; n: number }>(
        `SELECT props->>'body' AS body, count(*)::int AS n FROM graph_nodes
          WHERE label = 'Comment' AND props->>'body' LIKE $1 GROUP BY 1`,
        [`${prefix}%`],
      )
    ).rows.map((r) => [r.body, r.n]),
  );
/** The target calls that reached the proxy, by Idempotency-Key. */
const callsByKey = () => {
  const by = new Map<string | undefined, typeof proxy.seen>();
  for (const s of proxy.seen.filter((x) => x.method === 'POST' && x.path === COMMENTS)) {
    by.set(s.key, [...(by.get(s.key) ?? []), s]);
  }
  return by;
};

async function schedule(slug: string, retry: Record<string, number>) {
  const res = await call(`${scheduler}/scheduler/schedules`, 'POST', token, {
    slug,
    kind: 'system',
    cron: '0 0 1 1 *',
    target: { method: 'POST', path: COMMENTS, body: { body: slug } },
    retry,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

interface OverlapRun {
  state: string;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}
const overlapRuns = async (slug: string) =>
  (
    await c.db.query<OverlapRun>(
      `SELECT state, error, occurrence_at, started_at, finished_at, http_status, attempts
         FROM scheduler.runs WHERE schedule_slug = $1
        ORDER BY occurrence_at`,
      [slug],
    )
  ).rows;
/** No two runs that called the target overlapped in time. */
function oneAtATime(runs: OverlapRun[]): void {
  const called = runs
    .filter((r) => r.state !== 'skipped')
    .sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
  for (let i = 1; i < called.length; i++) {
    expect(called[i]!.started_at.getTime(), JSON.stringify(runs)).toBeGreaterThanOrEqual(
      called[i - 1]!.finished_at!.getTime(),
    );
  }
}

beforeAll(async () => {
  c = await startCluster();
  apiPort = await freePort();
  api = await startApi(c, apiPort);
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  token = await adminToken(c, apiUrl);
  for (const [path, body] of [
    ['/organizations', { slug: 'acme', name: 'Acme' }],
    ['/organizations/acme/teams', { slug: 'core', name: 'Core' }],
    ['/organizations/acme/projects', { slug: 'p', name: 'P', team: 'core' }],
    // System jobs run as the scheduler's account: it may comment where it may read.
    ['/roles', { slug: 'commenter', name: 'Commenter', permissions: ['project:read'] }],
  ] as const) {
    expect((await call(`${apiUrl}${path}`, 'POST', token, body)).status).toBe(201);
  }
  const grant = await call(`${apiUrl}/service-accounts/scheduler/roles/commenter`, 'PUT', token);
  expect(grant.status, JSON.stringify(grant.body)).toBeLessThan(300);
  proxy = await startRecordingProxy(apiPort);
  proxy.delay = (r) => (r.path.startsWith('/health?slow-') ? HOLD_MS : 0);
  schedulers = (await Promise.all([0, 1, 2].map(() => startScheduler(c, proxy.url)))).map((s) => s.url);
  scheduler = schedulers[0]!;
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await c?.close();
});

describe('the API fails under the scheduler', () => {
  it('killed (SIGKILL) after applying a call and before answering: the retry gets the first answer, one comment', async () => {
    // The attempts span at least 43 s (as below): the API's start again under load fits in it.
    await schedule('killed-after-apply', { max_attempts: 20, initial_backoff: 1, max_backoff: 5 });
    let dropped = false;
    let killed: (stored: unknown) => void;
    const storedBeforeKill = new Promise<unknown>((r) => (killed = r));
    proxy.onAnswer = async (r) => {
      if (dropped || r.path !== COMMENTS) return 'pass';
      dropped = true;
      // Applied and its answer stored: then the process dies, and the answer never reaches the caller.
      const stored = await c.db.query(`SELECT status FROM idempotency_keys WHERE key = $1`, [r.key]);
      await c.stop(api, 'SIGKILL');
      killed(stored.rows[0]);
      return 'drop';
    };
    const fired = await call(`${scheduler}/scheduler/schedules/killed-after-apply/run`, 'POST', token);
    expect(fired.status).toBe(202);
    expect(await storedBeforeKill).toEqual({ status: 201 });
    proxy.onAnswer = undefined;
    expect((await commentCounts('killed-after-apply')).get('killed-after-apply')).toBe(1);
    api = await startApi(c, apiPort);

    await eventually(async () => (await runsOf('killed-after-apply'))[0]?.state !== 'running', 60_000);
    const [run] = await runsOf('killed-after-apply');
    expect(run).toMatchObject({ id: fired.body.id, state: 'succeeded', http_status: 201 });
    expect(run!.attempts.length).toBeGreaterThanOrEqual(2);
    expect(run!.attempts[0]).toMatchObject({ http_status: null, error: expect.any(String) });
    // Every attempt carried the run id; the one that got through was answered from the store.
    const calls = callsByKey();
    expect([...calls.keys()]).toEqual([run!.id]);
    const answered = calls.get(run!.id)!.filter((x) => x.status !== null);
    expect(answered).toEqual([expect.objectContaining({ status: 201, replayed: true })]);
    expect((await commentCounts('killed-after-apply')).get('killed-after-apply')).toBe(1);
  }, 120_000);

  it('stopped for 20 s across an occurrence of 100 schedules: each occurrence reached it exactly once', async () => {
    proxy.seen.length = 0;
    const slugs = Array.from({ length: 100 }, (_, i) => `outage-${String(i).padStart(3, '0')}`);
    // Waits of 0.5-1, 1-2, 2-4, then 2.5-5 s: the 20 attempts span at least 43 s, past the outage and
    // the API's start.
    for (const slug of slugs) await schedule(slug, { max_attempts: 20, initial_backoff: 1, max_backoff: 5 });
    // One occurrence of all 100, 3 s from now (no `every` trigger: the occurrence is set in the store).
    const [{ due }] = (
      await c.db.query<{ due: Date }>(
        `UPDATE scheduler.schedules SET next_run_at = date_trunc('second', now()) + interval '3 seconds'
          WHERE slug LIKE 'outage-%' RETURNING next_run_at AS due`,
      )
    ).rows as [{ due: Date }];
    await new Promise((r) => setTimeout(r, due.getTime() - Date.now() - 1_000));
    const stoppedAt = Date.now();
    await c.stop(api, 'SIGTERM');
    // The occurrence comes and goes while the API is away; the scheduler's attempts fail.
    await eventually(async () => (await runsOf('outage-%')).length === 100, 15_000);
    await new Promise((r) => setTimeout(r, Math.max(0, stoppedAt + 20_000 - Date.now())));
    api = await startApi(c, apiPort);

    await eventually(async () => (await runsOf('outage-%')).every((r) => r.state !== 'running'), 90_000);
    const runs = await runsOf('outage-%');
    expect(runs.map((r) => r.slug)).toEqual(slugs);
    const comments = await commentCounts('outage-');
    const calls = callsByKey();
    for (const run of runs) {
      expect(run, run.slug).toMatchObject({ state: 'succeeded', http_status: 201 });
      // One comment per schedule.
      expect(comments.get(run.slug), run.slug).toBe(1);
      // The attempts made while the API was away failed, and were retried.
      expect(run.attempts.length, run.slug).toBeGreaterThanOrEqual(2);
      for (const a of run.attempts.slice(0, -1)) expect(a).toMatchObject({ http_status: null });
      // Each attempt that reached the proxy carried the run id.
      expect(calls.get(run.id)?.length, run.slug).toBe(run.attempts.length);
    }
    expect(comments.size).toBe(100);
    expect([...calls.keys()].sort()).toEqual(runs.map((r) => r.id).sort());
  }, 240_000);
});

describe('overlap across three scheduler processes', () => {
  it('a target slower than the interval: skip records skips, queue_one never runs two at once', async () => {
    for (const [i, overlap] of (['skip', 'queue_one'] as const).entries()) {
      const res = await call(`${schedulers[i]}/scheduler/schedules`, 'POST', token, {
        slug: `slow-${overlap.replace('_', '-')}`,
        kind: 'system',
        cron: '0 0 1 1 *',
        target: { method: 'GET', path: `/health?slow-${overlap}` },
        retry: { max_attempts: 1 },
        overlap,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    // An occurrence every second for 10 s (no `every` trigger: each is set in the store); any of the
    // three replicas may claim it.
    let last: Date | undefined;
    for (let tick = 0; tick < 10; tick++) {
      const { rows } = await c.db.query<{ at: Date }>(
        `UPDATE scheduler.schedules SET next_run_at = now() WHERE slug IN ('slow-skip', 'slow-queue-one')
         RETURNING next_run_at AS at`,
      );
      last = rows[0]!.at;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    // Until nothing runs, nothing is held back and no occurrence is left to claim, read in one snapshot
    // (a held-back occurrence starts as a run between two reads).
    await eventually(async () => {
      const { rows } = await c.db.query<{ idle: boolean }>(
        `SELECT NOT EXISTS (SELECT 1 FROM scheduler.runs
                             WHERE schedule_slug LIKE 'slow-%' AND state = 'running')
            AND NOT EXISTS (SELECT 1 FROM scheduler.schedules
                             WHERE slug LIKE 'slow-%'
                               AND (queued_occurrence_at IS NOT NULL OR next_run_at <= $1)) AS idle`,
        [last],
      );
      return rows[0]!.idle;
    }, 30_000);

    const skip = await overlapRuns('slow-skip');
    const skipped = skip.filter((r) => r.state === 'skipped');
    expect(skip.filter((r) => r.state === 'succeeded').length).toBeGreaterThanOrEqual(1);
    expect(skipped.length).toBeGreaterThanOrEqual(3);
    for (const r of skipped) expect(r.error).toMatch(/^overlap: the previous run \S+ is still running$/);
    oneAtATime(skip);
    expect(proxy.peak.get('/health?slow-skip')).toBe(1);

    const queue = await overlapRuns('slow-queue-one');
    // The held-back occurrence ran after the first: at least two calls, one at a time.
    expect(queue.filter((r) => r.state === 'succeeded').length).toBeGreaterThanOrEqual(2);
    for (const r of queue.filter((x) => x.state === 'skipped')) {
      expect(r.error).toMatch(/still running and an occurrence is queued behind it$/);
    }
    expect(
      queue.filter((r) => r.state !== 'succeeded' && r.state !== 'skipped'),
      JSON.stringify(queue),
    ).toEqual([]);
    oneAtATime(queue);
    expect(proxy.peak.get('/health?slow-queue_one')).toBe(1);
  }, 120_000);
});
