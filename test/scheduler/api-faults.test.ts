// Retries without double effects, with `keel api` and `keel scheduler` as separate processes
// (docs/scheduler.md, "Retries"; docs/api-conventions.md, "Idempotency-Key"): the API killed after it
// applied a job's call and before the scheduler got the answer, and the API stopped for 20 s across an
// occurrence of 100 schedules. Every change is made once; every attempt of a run carries its run id as
// Idempotency-Key. The scheduler calls the API through a proxy that records what passed.
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

const COMMENTS = '/organizations/acme/projects/p/comments';
let c: Cluster;
let apiPort: number;
let api: KeelProcess;
let proxy: RecordingProxy;
let scheduler: string;
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
  scheduler = (await startScheduler(c, proxy.url)).url;
}, 180_000);
afterAll(async () => {
  await proxy?.close();
  await c?.close();
});

describe('the API fails under the scheduler', () => {
  it('killed (SIGKILL) after applying a call and before answering: the retry gets the first answer, one comment', async () => {
    await schedule('killed-after-apply', { max_attempts: 10, initial_backoff: 1, max_backoff: 2 });
    let killed = false;
    let storedBeforeKill: unknown;
    proxy.onAnswer = async (r) => {
      if (killed || r.path !== COMMENTS) return 'pass';
      killed = true;
      // Applied and its answer stored: then the process dies, and the answer never reaches the caller.
      storedBeforeKill = (await c.db.query(`SELECT status FROM idempotency_keys WHERE key = $1`, [r.key]))
        .rows[0];
      await c.stop(api, 'SIGKILL');
      return 'drop';
    };
    const fired = await call(`${scheduler}/scheduler/schedules/killed-after-apply/run`, 'POST', token);
    expect(fired.status).toBe(202);
    await eventually(async () => killed, 30_000);
    proxy.onAnswer = undefined;
    expect(storedBeforeKill).toEqual({ status: 201 });
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
