// The built-in schedule cannot be taken: its slug (and every slug under the reserved prefix) is refused
// to every creator, a built-in schedule is paused rather than deleted, and start-up brings it back,
// taking its slug back from a schedule that holds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSchedule } from '../../src/scheduler/store.js';
import { ensureSystemSchedules, SCORE_RECOMPUTE_DAILY } from '../../src/scheduler/system.js';
import { uuidv7 } from '../../src/graph/ids.js';
import type { Res } from '../support/harness.js';
import { ManualClock, startSchedulerApp, userSchedule, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;

const clock = new ManualClock(Date.parse('2033-03-01T00:00:00Z'));
const call = (method: string, path: string, token?: string, body?: unknown) =>
  app.call(method, `/scheduler${path}`, { token, ...(body !== undefined ? { body } : {}) });
const live = (slug: string) =>
  app.runtime.core.sql.query<{ kind: string; created_by: string; enabled: boolean }>(
    `SELECT kind, created_by, enabled FROM scheduler.schedules WHERE slug = $1 AND deleted_at IS NULL`,
    [slug],
  );

function problem(res: Res, status: number, pointer?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  if (pointer) expect(res.body.errors?.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
}

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  await ensureSystemSchedules(app.runtime.core.sql, clock.now());
});
afterAll(() => app.close());

describe('system slugs live in a namespace nobody takes through the API', () => {
  it.each([SCORE_RECOMPUTE_DAILY, 'keel-nightly', 'keel-x'])(
    '%s: 422 naming /slug, for a user and for an admin creating a system schedule',
    async (slug) => {
      problem(await call('POST', '/schedules', alice, userSchedule(slug, '/auth/me')), 422, '/slug');
      const sys = await call('POST', '/schedules', admin, userSchedule(slug, '/health', { kind: 'system' }));
      problem(sys, 422, '/slug');
      expect(sys.body.detail).toMatch(/reserved for Keel's built-in schedules/);
    },
  );

  it('even while the built-in schedule is missing (deleted behind the API)', async () => {
    await app.runtime.core.sql.query(
      `UPDATE scheduler.schedules SET deleted_at = now() WHERE slug = $1 AND deleted_at IS NULL`,
      [SCORE_RECOMPUTE_DAILY],
    );
    problem(
      await call('POST', '/schedules', alice, userSchedule(SCORE_RECOMPUTE_DAILY, '/auth/me')),
      422,
      '/slug',
    );
    expect(await live(SCORE_RECOMPUTE_DAILY)).toEqual([]);
    // Start-up re-creates the missing one.
    expect(await ensureSystemSchedules(app.runtime.core.sql, clock.now())).toEqual({
      created: [SCORE_RECOMPUTE_DAILY],
      reclaimed: [],
    });
    expect(await live(SCORE_RECOMPUTE_DAILY)).toEqual([
      { kind: 'system', created_by: 'system', enabled: true },
    ]);
  });

  it('other slugs that merely contain the words are free', async () => {
    const res = await call('POST', '/schedules', alice, userSchedule('my-score-recompute-daily', '/auth/me'));
    expect(res.status, res.text).toBe(201);
    expect((await call('POST', '/schedules', alice, userSchedule('not-keel-x', '/auth/me'))).status).toBe(
      201,
    );
  });
});

describe('an admin stops the built-in schedule by pausing it', () => {
  it('DELETE is 409 saying to pause; the schedule stays', async () => {
    const res = await call('DELETE', `/schedules/${SCORE_RECOMPUTE_DAILY}`, admin);
    problem(res, 409);
    expect(res.body.detail).toMatch(/pause it/);
    expect(await live(SCORE_RECOMPUTE_DAILY)).toHaveLength(1);
    // Anyone else still gets the 404 of a schedule they cannot see.
    problem(await call('DELETE', `/schedules/${SCORE_RECOMPUTE_DAILY}`, alice), 404);
  });

  it('paused, it stays paused across start-ups; resumed, it runs again', async () => {
    const paused = await call('POST', `/schedules/${SCORE_RECOMPUTE_DAILY}/pause`, admin);
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body.enabled).toBe(false);
    expect(await ensureSystemSchedules(app.runtime.core.sql, clock.now())).toEqual({
      created: [],
      reclaimed: [],
    });
    expect((await live(SCORE_RECOMPUTE_DAILY))[0]!.enabled).toBe(false);
    expect((await call('POST', `/schedules/${SCORE_RECOMPUTE_DAILY}/resume`, admin)).body.enabled).toBe(true);
  });

  it("an admin's own system schedules are still deleted as before", async () => {
    expect(
      (await call('POST', '/schedules', admin, userSchedule('ops-job', '/health', { kind: 'system' })))
        .status,
    ).toBe(201);
    expect((await call('DELETE', '/schedules/ops-job', admin)).status).toBe(204);
  });
});

describe('start-up takes a built-in slug back from a schedule that holds it', () => {
  it('a user schedule under the slug (taken while the built-in one was deleted) is deleted and the built-in one made', async () => {
    await app.runtime.core.sql.query(
      `UPDATE scheduler.schedules SET deleted_at = now() WHERE slug = $1 AND deleted_at IS NULL`,
      [SCORE_RECOMPUTE_DAILY],
    );
    // What the API let any user do before slugs were reserved.
    await insertSchedule(app.runtime.core.sql, {
      id: uuidv7(),
      slug: SCORE_RECOMPUTE_DAILY,
      name: 'mine now',
      cron: '* * * * *',
      timezone: 'UTC',
      enabled: true,
      kind: 'system',
      target_method: 'GET',
      target_path: '/auth/me',
      target_body: undefined,
      created_by: 'alice@example.com',
      consent_id: null,
      next_run_at: clock.now(),
    });
    expect(await ensureSystemSchedules(app.runtime.core.sql, clock.now())).toEqual({
      created: [SCORE_RECOMPUTE_DAILY],
      reclaimed: [SCORE_RECOMPUTE_DAILY],
    });
    expect(await live(SCORE_RECOMPUTE_DAILY)).toEqual([
      { kind: 'system', created_by: 'system', enabled: true },
    ]);
    const s = await call('GET', `/schedules/${SCORE_RECOMPUTE_DAILY}`, admin);
    expect(s.body.target).toEqual({ method: 'POST', path: '/api/scoring/recompute-all' });
  });
});
