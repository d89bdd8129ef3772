// Manual runs (POST .../run) take at most a share of a replica's calls in flight: a user firing their own
// slow schedule again and again must not leave the replica without room for other users' due schedules
// (docs/scheduler.md, Firing).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ManualClock, eventually, startSchedulerApp, userSchedule, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let alice: string;
let bob: string;
const clock = new ManualClock(Date.parse('2034-01-02T00:01:00Z'));
let release!: () => void;
const slowPathAnswers = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  app = await startSchedulerApp({ clock, maxInFlight: 2 });
  alice = await app.user('alice@example.com');
  bob = await app.user('bob@example.com');
  // A slow API path: its calls hang until the test ends.
  const { client } = app.scheduler;
  const callTarget = client.callTarget.bind(client);
  vi.spyOn(client, 'callTarget').mockImplementation(async (token, target) => {
    if (target.path.includes('slow')) await slowPathAnswers;
    return callTarget(token, target);
  });
});
afterAll(async () => {
  release();
  await app.scheduler.engine.settle();
  await app.close();
});

async function create(token: string, body: Record<string, unknown>) {
  const res = await app.call('POST', '/scheduler/schedules', { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const runs = async (slug: string, token: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}/runs`, { token })).body as Array<
    Record<string, unknown>
  >;

it("run-now flooded on a slow schedule: past the manual share 429, and another user's due schedule still fires", async () => {
  // Due once a year, so the only calls to the slow path are the manual runs.
  await create(alice, userSchedule('slow', '/health?slow=1', { cron: '0 0 1 1 *' }));
  const due = await create(bob, userSchedule('due', '/health'));
  const answers = [];
  for (let i = 0; i < 5; i++) {
    answers.push(await app.call('POST', '/scheduler/schedules/slow/run', { token: alice }));
  }
  clock.set(due.next_run_at);
  await app.scheduler.engine.runDue();
  expect(await runs('due', bob)).toMatchObject([{ trigger: 'schedule', occurrence_at: due.next_run_at }]);
  const fired = await eventually(async () => (await runs('due', bob)).find((r) => r.state !== 'running'));
  expect(fired).toMatchObject({ state: 'succeeded', http_status: 200 });

  // maxInFlight 2: one manual run in flight at a time; the others are refused, with a time to retry.
  expect(answers.map((a) => a.status)).toEqual([202, 429, 429, 429, 429]);
  expect(answers[1]!.headers['retry-after']).toBe('30');
  expect(answers[1]!.body).toMatchObject({ status: 429, code: 'too_many_manual_runs' });
  expect(await runs('slow', alice)).toMatchObject([{ trigger: 'manual', state: 'running' }]);
});
