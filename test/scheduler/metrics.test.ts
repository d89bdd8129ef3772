// The scheduler's figures in /metrics: runs by final state, attempts, the fire delay histogram (from when
// an occurrence was to fire to its request), runs in flight, overlap skips. A clock the test moves.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidv7 } from '../../src/graph/ids.js';
import { ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
const clock = new ManualClock(Date.parse('2037-01-01T00:00:00Z'));

/** The value of one series in the exposition text (0 when absent). */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = (await app.call('GET', '/metrics')).text;
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}
async function pass() {
  await app.scheduler.engine.runDue();
  await app.scheduler.engine.settle();
}
const create = async (body: Record<string, unknown>) => {
  const res = await app.call('POST', '/scheduler/schedules', {
    token: admin,
    body: { kind: 'system', retry: { max_attempts: 1 }, ...body },
  });
  expect(res.status, res.text).toBe(201);
};

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
});
afterAll(() => app.close());

it('counts runs by state, attempts, the fire delay, overlap skips; nothing left in flight', async () => {
  const before = {
    succeeded: await value('keel_scheduler_runs_total', { state: 'succeeded', trigger: 'schedule' }),
    failed: await value('keel_scheduler_runs_total', { state: 'failed', trigger: 'schedule' }),
    skipped: await value('keel_scheduler_runs_total', { state: 'skipped', trigger: 'schedule' }),
    attempts: await value('keel_scheduler_attempts_total', { outcome: 'succeeded' }),
    delays: await value('keel_scheduler_fire_delay_seconds_count'),
    within: await value('keel_scheduler_fire_delay_seconds_bucket', { le: '2.5' }),
    below: await value('keel_scheduler_fire_delay_seconds_bucket', { le: '1' }),
    overlap: await value('keel_scheduler_overlap_skips_total'),
  };
  clock.set('2037-01-01T00:00:00Z');
  await create({ slug: 'ok', every: 'PT1H', target: { method: 'GET', path: '/health' } });
  await create({ slug: 'bad', every: 'PT1H', target: { method: 'GET', path: '/no-such-route' } });
  await create({ slug: 'busy', every: 'PT1H', target: { method: 'GET', path: '/health' } });
  // Another replica's run of `busy` is still running: its occurrence is skipped (overlap skip).
  const busy = await app.runtime.core.sql.one<{ id: string }>(
    `SELECT id FROM scheduler.schedules WHERE slug = 'busy' AND deleted_at IS NULL`,
  );
  await app.runtime.core.sql.query(
    `INSERT INTO scheduler.runs (id, schedule_id, schedule_slug, kind, trigger, occurrence_at, started_at,
       state, lease_owner, lease_until)
     VALUES ($1, $2, 'busy', 'system', 'manual', $3, $3, 'running', $4, $5)`,
    [uuidv7(), busy!.id, '2037-01-01T00:00:00Z', uuidv7(), '2099-01-01T00:00:00Z'],
  );
  clock.set('2037-01-01T01:00:02Z'); // two seconds after the due time
  await pass();

  expect(await value('keel_scheduler_runs_total', { state: 'succeeded', trigger: 'schedule' })).toBe(
    before.succeeded + 1,
  );
  expect(await value('keel_scheduler_runs_total', { state: 'failed', trigger: 'schedule' })).toBe(
    before.failed + 1,
  );
  expect(await value('keel_scheduler_runs_total', { state: 'skipped', trigger: 'schedule' })).toBe(
    before.skipped + 1,
  );
  expect(await value('keel_scheduler_attempts_total', { outcome: 'succeeded' })).toBe(before.attempts + 1);
  expect(await value('keel_scheduler_overlap_skips_total')).toBe(before.overlap + 1);
  // Two requests went out, each 2 s after its due time (the clock's seconds, not real ones).
  expect(await value('keel_scheduler_fire_delay_seconds_count')).toBe(before.delays + 2);
  expect(await value('keel_scheduler_fire_delay_seconds_bucket', { le: '2.5' })).toBe(before.within + 2);
  expect(await value('keel_scheduler_fire_delay_seconds_bucket', { le: '1' })).toBe(before.below);
  expect(await value('keel_scheduler_runs_in_flight')).toBe(0);
});
