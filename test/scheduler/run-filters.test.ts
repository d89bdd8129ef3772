// The run list narrowed by state, trigger and start time, with the keyset pages (the filters kept in
// the Link), 422 for bad values, who may list; and the plans the filtered statements cache on a long
// history (each walks an index of runs, bounded by the schedule, never a scan).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runListQuery } from '../../src/scheduler/store.js';
import { genericPlan, scannedTables } from '../support/plans.js';
import { insertFillerSchedule, ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
let bob: string;
const clock = new ManualClock(Date.parse('2036-01-01T00:00:00Z'));

type Run = { id: string; state: string; trigger: string; started_at: string };
const list = (slug: string, query: string, token = alice) =>
  app.call('GET', `/scheduler/schedules/${slug}/runs?${query}`, { token });
const ids = (res: { body: Run[] }) =>
  res.body.map((r) => `${r.trigger}:${r.state}:${r.started_at.slice(11, 16)}`);
async function pass() {
  await app.scheduler.engine.runDue();
  await app.scheduler.engine.settle();
}

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  bob = await app.user('bob@example.com');
  // Alice's hourly job: 01:00 succeeds, 02:00 and 03:00 fail (aimed elsewhere), a manual run at 03:30.
  const created = await app.call('POST', '/scheduler/schedules', {
    token: alice,
    body: {
      slug: 'hist',
      every: 'PT1H',
      retry: { max_attempts: 1 },
      target: { method: 'GET', path: '/auth/me' },
    },
  });
  expect(created.status, created.text).toBe(201);
  clock.set('2036-01-01T01:00:00Z');
  await pass();
  await app.call('PATCH', '/scheduler/schedules/hist', {
    token: alice,
    body: { target: { method: 'GET', path: '/no-such-route' } },
  });
  for (const t of ['02:00', '03:00']) {
    clock.set(`2036-01-01T${t}:00Z`);
    await pass();
  }
  clock.set('2036-01-01T03:30:00Z');
  expect((await app.call('POST', '/scheduler/schedules/hist/run', { token: alice })).status).toBe(202);
  await app.scheduler.engine.settle();
});
afterAll(() => app.close());

describe('run list filters', () => {
  it('by state, trigger and start time, alone and combined', async () => {
    expect(ids(await list('hist', ''))).toEqual([
      'manual:failed:03:30',
      'schedule:failed:03:00',
      'schedule:failed:02:00',
      'schedule:succeeded:01:00',
    ]);
    expect(ids(await list('hist', 'state=succeeded'))).toEqual(['schedule:succeeded:01:00']);
    expect(ids(await list('hist', 'trigger=manual'))).toEqual(['manual:failed:03:30']);
    expect(ids(await list('hist', 'trigger=schedule&state=failed'))).toEqual([
      'schedule:failed:03:00',
      'schedule:failed:02:00',
    ]);
    expect(ids(await list('hist', 'from=2036-01-01T02:00:00Z&to=2036-01-01T03:30:00Z'))).toEqual([
      'schedule:failed:03:00',
      'schedule:failed:02:00',
    ]);
    // `to` is exclusive to the millisecond, `from` inclusive.
    expect(ids(await list('hist', 'from=2036-01-01T03:30:00.000Z'))).toEqual(['manual:failed:03:30']);
    expect(ids(await list('hist', 'to=2036-01-01T01:00:00.001Z'))).toEqual(['schedule:succeeded:01:00']);
    expect(ids(await list('hist', 'state=cancelled'))).toEqual([]);
  });

  it('pages keep the filters (Link) and go on from the cursor', async () => {
    const first = await list('hist', 'state=failed&limit=1');
    expect(ids(first)).toEqual(['manual:failed:03:30']);
    const link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    expect(link).toContain('state=failed');
    const second = await app.call('GET', link, { token: alice });
    expect(ids(second)).toEqual(['schedule:failed:03:00']);
    const third = await app.call('GET', /<([^>]+)>/.exec(String(second.headers.link))![1]!, { token: alice });
    expect(ids(third)).toEqual(['schedule:failed:02:00']);
    expect(third.headers.link).toBeUndefined();
  });

  it('bad values are 422 naming the parameter', async () => {
    for (const [q, pointer] of [
      ['state=broken', '/state'],
      ['trigger=cron', '/trigger'],
      ['from=yesterday', '/from'],
      ['to=2036-01-01', '/to'],
      ['from=2036-01-02T00:00:00Z&to=2036-01-01T00:00:00Z', '/to'],
      ['from=2036-01-01T00:00:00Z&to=2036-01-01T00:00:00Z', '/to'],
      ['limit=0', '/limit'],
      ['unknown=1', ''],
    ] as const) {
      const res = await list('hist', q);
      expect(res.status, `${q}: ${res.text}`).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (pointer) expect(JSON.stringify(res.body.errors), q).toContain(pointer);
    }
  });

  it('who may list: the creator and admins; anyone else 404 whatever the filters', async () => {
    expect((await list('hist', 'state=failed', admin)).body).toHaveLength(3);
    expect((await list('hist', 'state=failed', bob)).status).toBe(404);
    expect((await list('hist', 'state=failed', 'not-a-jwt')).status).toBe(401);
  });
});

describe('plans on a long history', () => {
  it('each filter combination walks an index of runs bounded by the schedule, in the generic plan', async () => {
    const sql = app.runtime.core.sql;
    const filler = '00000000-0000-7000-8000-00000000f222';
    await insertFillerSchedule(sql, filler);
    // 200 schedules' histories of 100 runs each: mostly succeeded, a few failed, manual now and then.
    await sql.query(
      `INSERT INTO scheduler.runs (id, schedule_id, schedule_slug, kind, trigger, occurrence_at, started_at, state)
       SELECT gen_random_uuid(), $1, 'filler-' || (i % 200), 'system',
              CASE WHEN i % 50 = 0 THEN 'manual' ELSE 'schedule' END, t, t,
              CASE WHEN i % 20 = 0 THEN 'failed' ELSE 'succeeded' END
         FROM generate_series(1, 20000) i, LATERAL (SELECT '2040-01-01'::timestamptz + i * interval '1 minute') x(t)`,
      [filler],
    );
    await sql.query('ANALYZE scheduler.runs');
    try {
      const page = { after: '01900000-0000-7000-8000-000000000000', limit: 50 };
      const range = { from: new Date('2040-01-02T00:00:00Z'), to: new Date('2040-01-03T00:00:00Z') };
      for (const by of [{ scheduleId: filler }, { slug: 'filler-7' }]) {
        for (const filter of [
          {},
          { state: 'failed' as const },
          { trigger: 'manual' as const },
          { state: 'failed' as const, trigger: 'schedule' as const },
          range,
          { ...range, state: 'failed' as const },
        ]) {
          const { text, params } = runListQuery(page, by, filter);
          const values = params.map((v) => (v instanceof Date ? v.toISOString() : v));
          const plan = await genericPlan(sql, text, values);
          const joined = plan.join('\n');
          const label = `${JSON.stringify(by)} ${JSON.stringify(filter)}\n${joined}`;
          expect(scannedTables(plan), label).toEqual([]);
          expect(joined, label).toMatch(/Index (Only )?Scan (Backward )?using runs_/);
          expect(joined, label).toMatch(/Index Cond: .*schedule_(id|slug) = /);
          if ('state' in filter) expect(joined, label).toMatch(/_state|state = /);
        }
      }
    } finally {
      await sql.query(`DELETE FROM scheduler.runs WHERE schedule_id = $1`, [filler]);
    }
  });
});
