// Several scheduler replicas on one database: each occurrence fires exactly once, and start-ups that
// race create the system schedule once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSchedule } from '../../src/scheduler/store.js';
import { ensureSystemSchedules } from '../../src/scheduler/system.js';
import {
  ManualClock,
  dueSystemSchedule,
  eventually,
  replicaSet,
  startSchedulerApp,
  type SchedulerApp,
} from './support.js';

let app: SchedulerApp;
const clock = new ManualClock(Date.parse('2032-06-01T12:00:00Z'));
const fleet = replicaSet();
const { runtimes: replicas, pools } = fleet;

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  fleet.start(app, 3, { clock, pollMs: 20, maxInFlight: 50 });
});
afterAll(async () => {
  await fleet.stop();
  await app.close();
});

describe('exactly once across replicas (FOR UPDATE SKIP LOCKED)', () => {
  it('three replicas firing 200 due schedules: each occurrence exactly once', async () => {
    const due = clock.now();
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      const schedule = dueSystemSchedule(`many-${i}`, `/health?n=${i}`, due);
      ids.push(schedule.id);
      await insertSchedule(app.runtime.core.sql, schedule);
    }
    const servedBefore = app.logs.filter((l) => l.includes('"route":"/health"')).length;
    for (const r of replicas) r.engine.start();
    const finished = await eventually(async () => {
      const rows = await app.runtime.core.sql.query<{ schedule_id: string; state: string; n: number }>(
        `SELECT schedule_id, state, count(*) OVER (PARTITION BY schedule_id)::int AS n
           FROM scheduler.runs WHERE schedule_slug LIKE 'many-%'`,
      );
      return rows.length >= 200 && rows.every((r) => r.state !== 'running') && rows;
    }, 30_000);
    // Let the loops run a few more passes: nothing fires twice.
    await new Promise((r) => setTimeout(r, 300));
    for (const r of replicas) await r.engine.stop();
    const rows = await app.runtime.core.sql.query<{ schedule_id: string; state: string }>(
      `SELECT schedule_id, state FROM scheduler.runs WHERE schedule_slug LIKE 'many-%'`,
    );
    expect(finished.length).toBe(200);
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.schedule_id))).toEqual(new Set(ids));
    expect(rows.every((r) => r.state === 'succeeded')).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(app.logs.filter((l) => l.includes('"route":"/health"')).length - servedBefore).toBe(200);
    const analytics = await app.runtime.core.sql.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM analytics_outbox WHERE stream = 'scheduler_runs' AND row->>'schedule' LIKE 'many-%'`,
    );
    expect(analytics!.n).toBe(200);
    // Every claimed schedule moved on to its next occurrence.
    const next = await app.runtime.core.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scheduler.schedules WHERE slug LIKE 'many-%' AND next_run_at > $1`,
      [due],
    );
    expect(next[0]!.n).toBe(200);
  });

  it('replicas starting together create score-recompute-daily once', async () => {
    await app.runtime.core.sql.query(
      `UPDATE scheduler.schedules SET deleted_at = now() WHERE slug = 'score-recompute-daily' AND deleted_at IS NULL`,
    );
    const results = await Promise.all(
      [...pools, ...pools].map((sql) => ensureSystemSchedules(sql, clock.now())),
    );
    expect(results.filter((r) => r.created.length > 0)).toHaveLength(1);
    const live = await app.runtime.core.sql.query(
      `SELECT id FROM scheduler.schedules WHERE slug = 'score-recompute-daily' AND deleted_at IS NULL`,
    );
    expect(live).toHaveLength(1);
    // A later start changes nothing (an admin's pause would be kept).
    expect(await ensureSystemSchedules(pools[0]!, clock.now())).toEqual({ created: [], reclaimed: [] });
  });
});
