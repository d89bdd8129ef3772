// Run history retention (KEEL_SCHEDULER_RUN_RETENTION_DAYS): the firing loop's housekeeping deletes
// finished runs older than the retention, by key, a bounded batch at a time.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRUNE_RUNS } from '../../src/scheduler/store.js';
import { genericPlan, INIT_PLAN_VALUE, scannedTables } from '../support/plans.js';
import { insertFillerSchedule, ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
const clock = new ManualClock(Date.parse('2032-01-01T00:00:00Z'));

beforeAll(async () => {
  app = await startSchedulerApp({ clock, env: { KEEL_SCHEDULER_RUN_RETENTION_DAYS: '30' } });
  admin = await app.adminToken();
});
afterAll(() => app.close());

const runs = async (slug: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}/runs`, { token: admin })).body as Array<{
    started_at: string;
    state: string;
  }>;
async function fireAt(iso: string) {
  clock.set(iso);
  await app.scheduler.engine.runDue();
  await app.scheduler.engine.settle();
}

// Runs grow by one row a firing, so autovacuum analyzes the table while it is still small (50 rows, then
// every 10%), and each analyze replaces the cached plan: the plan that matters is the one made with
// statistics (docs/scale.md). On a table never analyzed PostgreSQL assumes 10 pages, where a scan is
// the right plan.
it('reads the oldest runs along the primary key and deletes them by key, in the plan cached for a long history', async () => {
  const sql = app.runtime.core.sql;
  const filler = '00000000-0000-7000-8000-00000000f111';
  await insertFillerSchedule(sql, filler);
  await sql.query(
    `INSERT INTO scheduler.runs (id, schedule_id, schedule_slug, kind, trigger, occurrence_at, started_at, state)
     SELECT gen_random_uuid(), $1, 'filler', 'system', 'manual', t, t, 'succeeded'
       FROM generate_series(1, 20000) i, LATERAL (SELECT '2040-01-01'::timestamptz + i * interval '1 minute') x(t)`,
    [filler],
  );
  await sql.query('ANALYZE scheduler.runs');
  try {
    const plan = await genericPlan(sql, PRUNE_RUNS, [new Date().toISOString(), 5000]);
    const text = plan.join('\n');
    expect(scannedTables(plan), text).toEqual([]);
    expect(text).not.toMatch(/Sort/);
    expect(text.match(/(Index Scan using|Bitmap Index Scan on) runs_pkey/g), text).toHaveLength(2);
    expect(text).toMatch(new RegExp(String.raw`Index Cond: \(id = ANY \(${INIT_PLAN_VALUE}\)\)`));
  } finally {
    await sql.query(`DELETE FROM scheduler.runs WHERE schedule_id = $1`, [filler]);
  }
});

it('deletes finished runs that started more than the retention ago, and keeps the rest', async () => {
  const res = await app.call('POST', '/scheduler/schedules', {
    token: admin,
    body: { slug: 'hourly', kind: 'system', cron: '0 * * * *', target: { method: 'GET', path: '/health' } },
  });
  expect(res.status, res.text).toBe(201);
  await fireAt('2032-01-01T01:00:00Z'); // succeeds
  await fireAt('2032-01-20T00:00:00Z'); // the missed occurrences: one skipped run
  await fireAt('2032-01-31T01:00:00Z'); // missed again since 01-20T01:00: skipped, 30 days after the first
  expect((await runs('hourly')).map((r) => [r.started_at, r.state])).toEqual([
    ['2032-01-31T01:00:00.000Z', 'skipped'],
    ['2032-01-20T00:00:00.000Z', 'skipped'],
    ['2032-01-01T01:00:00.000Z', 'succeeded'],
  ]);

  // 30 days after the first run, to the minute: nothing is old enough yet.
  clock.set('2032-01-31T01:00:00Z');
  await app.scheduler.engine.housekeepingNow();
  expect(await runs('hourly')).toHaveLength(3);

  clock.set('2032-01-31T01:00:01Z');
  await app.scheduler.engine.housekeepingNow();
  expect((await runs('hourly')).map((r) => [r.started_at, r.state])).toEqual([
    ['2032-01-31T01:00:00.000Z', 'skipped'],
    ['2032-01-20T00:00:00.000Z', 'skipped'],
  ]);
});
