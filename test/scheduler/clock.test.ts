// Firing logic driven by a clock the test moves: time zones across DST, misfire grace, pause and resume,
// fire now racing the firing loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextOccurrence } from '../../src/scheduler/cron.js';
import { findLiveSchedule } from '../../src/scheduler/store.js';
import {
  createSchedule,
  ManualClock,
  readSchedule,
  runsOf,
  startSchedulerApp,
  type SchedulerApp,
} from './support.js';

let app: SchedulerApp;
let admin: string;
const clock = new ManualClock(Date.parse('2031-03-01T00:00:00Z'));

const job = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  kind: 'system',
  cron: '*/10 * * * *',
  target: { method: 'GET', path: '/health' },
  ...extra,
});

const create = (body: Record<string, unknown>) => createSchedule(app, admin, body);
const get = (slug: string) => readSchedule(app, slug, admin);
const runs = (slug: string) => runsOf(app, slug, admin);
async function pass() {
  await app.scheduler.engine.runDue();
  await app.scheduler.engine.settle();
}

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('next occurrences in a time zone with DST changes', () => {
  const berlin = (iso: string) => nextOccurrence('30 2 * * *', 'Europe/Berlin', new Date(iso))!.toISOString();

  it('02:30 Europe/Berlin: CET before, CEST after, and the skipped hour of the spring change runs once at 03:00', () => {
    expect(berlin('2031-03-28T12:00:00Z')).toBe('2031-03-29T01:30:00.000Z'); // CET, UTC+1
    // 2031-03-30: clocks jump from 02:00 to 03:00, 02:30 does not exist; it runs once, at 03:00 CEST.
    expect(berlin('2031-03-29T12:00:00Z')).toBe('2031-03-30T01:00:00.000Z');
    expect(berlin('2031-03-30T12:00:00Z')).toBe('2031-03-31T00:30:00.000Z'); // CEST, UTC+2
  });

  it('the autumn change repeats 02:30, and the job still runs once that night', () => {
    // 2031-10-26: 03:00 CEST falls back to 02:00 CET, so 02:30 happens at 00:30Z and again at 01:30Z.
    const first = berlin('2031-10-25T12:00:00Z');
    expect(first).toBe('2031-10-26T00:30:00.000Z');
    expect(berlin(first)).toBe('2031-10-27T01:30:00.000Z');
  });

  it('a schedule created in New York fires at 09:00 local on both sides of the change', async () => {
    clock.set('2031-03-08T15:00:00Z'); // Saturday, EST (UTC-5); DST starts on Sunday 2031-03-09
    const s = await create(job('ny-nine', { cron: '0 9 * * *', timezone: 'America/New_York' }));
    expect(s.timezone).toBe('America/New_York');
    expect(s.next_run_at).toBe('2031-03-09T13:00:00.000Z'); // 09:00 EDT
    clock.set(s.next_run_at);
    await pass();
    expect((await get('ny-nine')).next_run_at).toBe('2031-03-10T13:00:00.000Z');
    clock.set('2031-11-01T12:00:00Z');
    await app.call('PATCH', '/scheduler/schedules/ny-nine', { token: admin, body: { cron: '0 9 * * *' } });
    expect((await get('ny-nine')).next_run_at).toBe('2031-11-01T13:00:00.000Z'); // EDT
    clock.set('2031-11-01T13:00:00Z');
    await pass();
    expect((await get('ny-nine')).next_run_at).toBe('2031-11-02T14:00:00.000Z'); // EST after the change
  });
});

describe('misfire grace (KEEL_SCHEDULER_MISFIRE_GRACE_SECONDS, default 300)', () => {
  it('an occurrence found within the grace fires; later than the grace it is recorded as skipped (misfire)', async () => {
    clock.set('2031-04-01T10:01:00Z');
    const s = await create(job('grace'));
    expect(s.next_run_at).toBe('2031-04-01T10:10:00.000Z');
    clock.set('2031-04-01T10:15:00Z'); // 300 s late: still within the grace
    await pass();
    let r = await runs('grace');
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ state: 'succeeded', occurrence_at: '2031-04-01T10:10:00.000Z' });
    expect((await get('grace')).next_run_at).toBe('2031-04-01T10:20:00.000Z');

    clock.set('2031-04-01T10:25:01Z'); // 301 s late
    await pass();
    r = await runs('grace');
    expect(r).toHaveLength(2);
    expect(r[0]).toMatchObject({
      state: 'skipped',
      occurrence_at: '2031-04-01T10:20:00.000Z',
      http_status: null,
    });
    expect(String(r[0]!.error)).toMatch(/^misfire/);
    // Skipped occurrences do not pile up: the next one is the first after now.
    expect((await get('grace')).next_run_at).toBe('2031-04-01T10:30:00.000Z');
  });

  it('after a long outage, the missed occurrences collapse into one skipped run', async () => {
    clock.set('2031-04-02T00:00:00Z');
    await create(job('outage'));
    clock.set('2031-04-02T05:03:00Z'); // 30 occurrences missed
    await pass();
    const r = await runs('outage');
    expect(r.map((x) => x.state)).toEqual(['skipped']);
    expect((await get('outage')).next_run_at).toBe('2031-04-02T05:10:00.000Z');
  });
});

describe('pause and resume', () => {
  it('a paused schedule does not fire; resuming starts from the next occurrence, without misfires', async () => {
    clock.set('2031-05-01T08:00:00Z');
    await create(job('pausable'));
    const paused = await app.call('POST', '/scheduler/schedules/pausable/pause', { token: admin });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ enabled: false, next_run_at: null });
    clock.set('2031-05-01T09:00:00Z');
    await pass();
    expect(await runs('pausable')).toEqual([]);
    clock.set('2031-05-01T09:04:00Z');
    const resumed = await app.call('POST', '/scheduler/schedules/pausable/resume', { token: admin });
    expect(resumed.body).toMatchObject({ enabled: true, next_run_at: '2031-05-01T09:10:00.000Z' });
    await pass();
    expect(await runs('pausable')).toEqual([]);
    clock.set('2031-05-01T09:10:00Z');
    await pass();
    expect((await runs('pausable')).map((x) => x.state)).toEqual(['succeeded']);
    // Resuming a schedule that runs changes nothing.
    expect(
      (await app.call('POST', '/scheduler/schedules/pausable/resume', { token: admin })).body.next_run_at,
    ).toBe('2031-05-01T09:20:00.000Z');
  });

  it('fire now runs a paused schedule once, as a manual run, leaving it paused', async () => {
    clock.set('2031-05-02T08:00:00Z');
    await create(job('manual', { enabled: false }));
    const res = await app.call('POST', '/scheduler/schedules/manual/run', { token: admin });
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      state: 'running',
      trigger: 'manual',
      occurrence_at: '2031-05-02T08:00:00.000Z',
    });
    await app.scheduler.engine.settle();
    const run = await app.call('GET', `/scheduler/runs/${res.body.id}`, { token: admin });
    expect(run.body).toMatchObject({ state: 'succeeded', http_status: 200 });
    expect(await get('manual')).toMatchObject({ enabled: false, next_run_at: null });
  });
});

describe('fire now racing the firing loop', () => {
  /** The schedule as the service reads it before it fires it (no lock). */
  const read = async (slug: string) => (await findLiveSchedule(app.runtime.core.sql, slug))!;
  const scheduled = async (slug: string) =>
    (await runs(slug)).filter((r) => r.trigger === 'schedule').map((r) => r.occurrence_at);

  it('a manual run from a read taken before a claim leaves next_run_at where the claim put it; every schedule keeps firing', async () => {
    clock.set('2031-06-01T08:01:00Z');
    await create(job('race-a'));
    await create(job('race-b'));
    clock.set('2031-06-01T08:10:00Z');
    const stale = await read('race-a');
    await app.scheduler.engine.runDue(); // the loop claims 08:10 between the read and the manual run
    await app.scheduler.engine.fireNow(stale);
    await app.scheduler.engine.settle();
    clock.set('2031-06-01T08:20:00Z');
    await pass();
    expect(await scheduled('race-a')).toEqual(['2031-06-01T08:20:00.000Z', '2031-06-01T08:10:00.000Z']);
    expect(await scheduled('race-b')).toEqual(['2031-06-01T08:20:00.000Z', '2031-06-01T08:10:00.000Z']);
    expect((await runs('race-a')).filter((r) => r.trigger === 'manual')).toHaveLength(1);
    expect((await get('race-a')).next_run_at).toBe('2031-06-01T08:30:00.000Z');
  });

  it('an occurrence that already has a run is not fired again and does not hold up the other schedules', async () => {
    clock.set('2031-06-02T08:01:00Z');
    await create(job('rewound'));
    await create(job('bystander'));
    clock.set('2031-06-02T08:10:00Z');
    await pass();
    // next_run_at set back to an occurrence that ran (replicas whose clocks disagree can do this too).
    await app.runtime.core.sql.query(
      `UPDATE scheduler.schedules SET next_run_at = $1 WHERE slug = 'rewound' AND deleted_at IS NULL`,
      ['2031-06-02T08:10:00Z'],
    );
    clock.set('2031-06-02T08:20:00Z');
    await pass();
    expect(await scheduled('bystander')).toEqual(['2031-06-02T08:20:00.000Z', '2031-06-02T08:10:00.000Z']);
    expect(await scheduled('rewound')).toEqual(['2031-06-02T08:10:00.000Z']);
    expect((await get('rewound')).next_run_at).toBe('2031-06-02T08:30:00.000Z');
  });

  it('a manual run from a read taken while paused does not undo a resume made meanwhile', async () => {
    clock.set('2031-06-03T08:01:00Z');
    await create(job('resumed', { enabled: false }));
    const stale = await read('resumed');
    const resumed = await app.call('POST', '/scheduler/schedules/resumed/resume', { token: admin });
    expect(resumed.status, resumed.text).toBe(200);
    await app.scheduler.engine.fireNow(stale);
    await app.scheduler.engine.settle();
    expect(await get('resumed')).toMatchObject({ enabled: true, next_run_at: '2031-06-03T08:10:00.000Z' });
  });

  it('a manual run from a read taken before a deletion records and fires nothing', async () => {
    clock.set('2031-06-04T08:01:00Z');
    await create(job('deleted'));
    const stale = await read('deleted');
    expect((await app.call('DELETE', '/scheduler/schedules/deleted', { token: admin })).status).toBe(204);
    expect(await app.scheduler.engine.fireNow(stale)).toBeUndefined();
    await app.scheduler.engine.settle();
    const recorded = await app.runtime.core.sql.query(
      `SELECT id FROM scheduler.runs WHERE schedule_slug = 'deleted'`,
    );
    expect(recorded).toEqual([]);
  });
});
