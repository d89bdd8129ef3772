// Triggers beside cron (docs/scheduler.md, "Triggers"): `every` (an ISO 8601 interval aligned to the
// creation time) and `once_at` (one instant, then the schedule is completed), exactly one of the three,
// fired through the same claim by several replicas. A clock the test moves; no real waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jitterFraction } from '../../src/scheduler/triggers.js';
import type { Res } from '../support/harness.js';
import {
  createSchedule,
  ManualClock,
  readSchedule,
  replicaSet,
  runsOf,
  startSchedulerApp,
  type SchedulerApp,
} from './support.js';

let app: SchedulerApp;
let admin: string;
const clock = new ManualClock(Date.parse('2034-01-10T10:07:30.400Z'));
const fleet = replicaSet();
const { runtimes: replicas } = fleet;

const job = (slug: string, trigger: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  slug,
  kind: 'system',
  target: { method: 'GET', path: '/health' },
  ...trigger,
  ...extra,
});
const post = (body: unknown) => app.call('POST', '/scheduler/schedules', { token: admin, body });
const create = (body: Record<string, unknown>) => createSchedule(app, admin, body);
const get = (slug: string) => readSchedule(app, slug, admin);
const runs = (slug: string) => runsOf(app, slug, admin);
/** One pass of every replica at once, then until their calls are recorded. */
async function pass() {
  await Promise.all(replicas.map((r) => r.engine.runDue()));
  await Promise.all(replicas.map((r) => r.engine.settle()));
}
function problem(res: Res, pointers: string[]) {
  expect(res.status, res.text).toBe(422);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([...pointers].sort());
}
const stored = async (slug: string) =>
  (await app.runtime.core.sql.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM scheduler.schedules WHERE slug = $1`,
    [slug],
  ))!.n;

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  fleet.start(app, 3, { clock });
});
afterAll(async () => {
  await fleet.stop();
  await app.close();
});

describe('every: an interval aligned to the creation time', () => {
  it('PT15M created at 10:07:30 fires at 10:22:30, 10:37:30, ... once each across three replicas', async () => {
    clock.set('2034-01-10T10:07:30.400Z');
    const s = await create(job('every-15', { every: 'PT15M' }));
    expect(s).toMatchObject({
      every: 'PT15M',
      cron: null,
      once_at: null,
      state: 'active',
      next_run_at: '2034-01-10T10:22:30.000Z',
    });
    for (const at of ['10:22:30', '10:37:30', '10:52:30']) {
      clock.set(`2034-01-10T${at}.000Z`);
      await pass();
      await pass();
    }
    const r = await runs('every-15');
    expect(r.map((x) => x.occurrence_at)).toEqual([
      '2034-01-10T10:52:30.000Z',
      '2034-01-10T10:37:30.000Z',
      '2034-01-10T10:22:30.000Z',
    ]);
    expect(r.every((x) => x.state === 'succeeded')).toBe(true);
    expect((await get('every-15')).next_run_at).toBe('2034-01-10T11:07:30.000Z');
  });

  it('paused and resumed, it keeps its alignment: the next occurrence after now on the creation grid', async () => {
    clock.set('2034-01-11T08:00:10Z');
    await create(job('every-aligned', { every: 'PT1H' }));
    await app.call('POST', '/scheduler/schedules/every-aligned/pause', { token: admin });
    clock.set('2034-01-11T13:30:00Z');
    const resumed = await app.call('POST', '/scheduler/schedules/every-aligned/resume', { token: admin });
    expect(resumed.body.next_run_at).toBe('2034-01-11T14:00:10.000Z');
  });

  it('spellings are canonical; bounds and calendar units are refused with 422 naming /every', async () => {
    clock.set('2034-01-12T00:00:00Z');
    expect((await create(job('every-canon', { every: 'PT90M' }))).every).toBe('PT1H30M');
    expect((await create(job('every-week', { every: 'P1W' }))).every).toBe('P7D');
    for (const every of ['PT59S', 'P32D', 'P1M', 'P1Y', 'PT', 'P', '15m', 'PT1.5M', 'PT15M ']) {
      problem(await post(job('every-bad', { every })), ['/every']);
    }
    expect(await stored('every-bad')).toBe(0);
  });
});

describe('once_at: one instant, then completed', () => {
  it('fires once at its instant, then shows completed with no next run, and never fires again', async () => {
    clock.set('2034-02-01T09:00:00Z');
    const s = await create(job('once', { once_at: '2034-02-01T12:00:00+02:00' }));
    expect(s).toMatchObject({
      once_at: '2034-02-01T10:00:00.000Z',
      next_run_at: '2034-02-01T10:00:00.000Z',
      state: 'active',
      completed_at: null,
    });
    clock.set('2034-02-01T10:00:01Z');
    await pass();
    const after = await get('once');
    expect(after).toMatchObject({ state: 'completed', next_run_at: null, enabled: true });
    expect(after.completed_at).toBe('2034-02-01T10:00:01.000Z');
    clock.set('2034-02-02T10:00:00Z');
    await pass();
    expect((await runs('once')).map((x) => [x.occurrence_at, x.state])).toEqual([
      ['2034-02-01T10:00:00.000Z', 'succeeded'],
    ]);
    // The list shows it completed too.
    const list = await app.call('GET', '/scheduler/schedules?limit=100', { token: admin });
    expect(list.body.find((x: { slug: string }) => x.slug === 'once')?.state).toBe('completed');
  });

  it('a completed schedule cannot be resumed (409); a new once_at re-arms it', async () => {
    clock.set('2034-02-03T09:00:00Z');
    await create(job('once-again', { once_at: '2034-02-03T09:30:00Z' }));
    clock.set('2034-02-03T09:30:00Z');
    await pass();
    await app.call('POST', '/scheduler/schedules/once-again/pause', { token: admin });
    const resumed = await app.call('POST', '/scheduler/schedules/once-again/resume', { token: admin });
    expect(resumed.status, resumed.text).toBe(409);
    expect(resumed.body.code).toBe('schedule_completed');
    const patched = await app.call('PATCH', '/scheduler/schedules/once-again', {
      token: admin,
      body: { once_at: '2034-02-04T09:30:00Z', enabled: true },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ state: 'active', next_run_at: '2034-02-04T09:30:00.000Z' });
  });

  it('an instant in the past (or now) is refused with 422 naming /once_at; nothing stored', async () => {
    clock.set('2034-02-05T09:00:00Z');
    for (const once_at of ['2034-02-05T08:59:59Z', '2034-02-05T09:00:00Z', '2020-01-01T00:00:00Z']) {
      const res = await post(job('once-past', { once_at }));
      problem(res, ['/once_at']);
      expect(res.body.detail).toMatch(/not in the future/);
    }
    // No offset, or not an instant at all: the schema refuses it, naming the member.
    for (const once_at of ['2034-02-06T09:00:00', 'tomorrow', '']) {
      const res = await post(job('once-past', { once_at }));
      expect(res.status, res.text).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain('/once_at');
    }
    expect(await stored('once-past')).toBe(0);
  });
});

describe('exactly one trigger', () => {
  it('none, or two or three, is 422 naming the members; nothing stored', async () => {
    clock.set('2034-03-01T00:00:00Z');
    problem(await post(job('no-trigger', {})), ['/cron', '/every', '/once_at']);
    problem(await post(job('two', { cron: '0 * * * *', every: 'PT1H' })), ['/cron', '/every']);
    problem(await post(job('three', { cron: '0 * * * *', every: 'PT1H', once_at: '2034-03-02T00:00:00Z' })), [
      '/cron',
      '/every',
      '/once_at',
    ]);
    for (const slug of ['no-trigger', 'two', 'three']) expect(await stored(slug)).toBe(0);
  });

  it('PATCH with one member replaces the trigger; with two it is 422 and nothing changes', async () => {
    clock.set('2034-03-02T10:00:00Z');
    await create(job('switch', { cron: '0 12 * * *' }));
    const bad = await app.call('PATCH', '/scheduler/schedules/switch', {
      token: admin,
      body: { every: 'PT1H', once_at: '2034-03-03T00:00:00Z' },
    });
    problem(bad, ['/every', '/once_at']);
    expect(await get('switch')).toMatchObject({ cron: '0 12 * * *', every: null });
    const ok = await app.call('PATCH', '/scheduler/schedules/switch', {
      token: admin,
      body: { every: 'PT1H' },
    });
    expect(ok.status, ok.text).toBe(200);
    // Aligned to the creation time (10:00:00), not to the change.
    expect(ok.body).toMatchObject({ cron: null, every: 'PT1H', next_run_at: '2034-03-02T11:00:00.000Z' });
  });
});

describe('jitter_seconds: a stable offset per schedule, never past the next occurrence', () => {
  const idOf = async (slug: string) =>
    (await app.runtime.core.sql.one<{ id: string }>(
      `SELECT id FROM scheduler.schedules WHERE slug = $1 AND deleted_at IS NULL`,
      [slug],
    ))!.id;

  it('each occurrence fires at its due time + the same offset (< jitter); the run records both times', async () => {
    clock.set('2034-04-01T05:00:00Z');
    const s = await create(job('jittery', { cron: '0 6 * * *', jitter_seconds: 300 }));
    const offset = Math.floor(jitterFraction(await idOf('jittery')) * 300_000);
    expect(s.jitter_seconds).toBe(300);
    expect(s.next_due_at).toBe('2034-04-01T06:00:00.000Z');
    expect(Date.parse(s.next_run_at) - Date.parse(s.next_due_at)).toBe(offset);
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(300_000);
    // Due but not yet at its jittered time: nothing fires.
    clock.set(new Date(Date.parse(s.next_run_at) - 1));
    await pass();
    expect(await runs('jittery')).toEqual([]);
    clock.set(s.next_run_at);
    await pass();
    const [run] = await runs('jittery');
    expect(run).toMatchObject({
      state: 'succeeded',
      occurrence_at: '2034-04-01T06:00:00.000Z',
      jittered_at: s.next_run_at,
    });
    // The next day's occurrence has the same offset.
    const next = await get('jittery');
    expect(next.next_due_at).toBe('2034-04-02T06:00:00.000Z');
    expect(Date.parse(next.next_run_at) - Date.parse(next.next_due_at)).toBe(offset);
  });

  it('a jitter longer than the interval is cut short of the next occurrence', async () => {
    clock.set('2034-04-03T00:00:00Z');
    const s = await create(job('jitter-cut', { every: 'PT1M', jitter_seconds: 3600 }));
    const offset = Date.parse(s.next_run_at) - Date.parse(s.next_due_at);
    expect(offset).toBe(Math.floor(jitterFraction(await idOf('jitter-cut')) * 59_000));
    expect(offset).toBeLessThan(60_000);
  });

  it('without jitter the run fires at its due time; out of bounds is 422 naming /jitter_seconds', async () => {
    clock.set('2034-04-04T00:00:00Z');
    const s = await create(job('no-jitter', { every: 'PT5M' }));
    expect(s).toMatchObject({ jitter_seconds: 0, next_run_at: s.next_due_at });
    for (const jitter_seconds of [-1, 3601, 1.5, '10']) {
      const res = await post(job('jitter-bad', { every: 'PT5M', jitter_seconds }));
      expect(res.status, res.text).toBe(422);
      expect(JSON.stringify(res.body.errors)).toContain('/jitter_seconds');
    }
    expect(await stored('jitter-bad')).toBe(0);
    // PATCH sets it, and the next run moves by the schedule's offset.
    const patched = await app.call('PATCH', '/scheduler/schedules/no-jitter', {
      token: admin,
      body: { jitter_seconds: 120 },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.next_due_at).toBe(s.next_due_at);
    expect(Date.parse(patched.body.next_run_at) - Date.parse(s.next_due_at)).toBe(
      Math.floor(jitterFraction(await idOf('no-jitter')) * 120_000),
    );
  });
});
