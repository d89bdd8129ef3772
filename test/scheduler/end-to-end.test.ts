// The scheduler against a listening Keel API, over HTTP only (SPEC 1.1, 3, 4.3, 5.2-5.6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, eventually, startSchedulerApp, userSchedule, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
const clock = new ManualClock(Date.parse('2030-01-07T10:00:30Z'));

/** How often the API served a route (its request log lines), to prove a call was or was not made. */
const served = (route: string, principal: string) =>
  app.logs.filter(
    (l) => l.includes('"request completed"') && l.includes(`"route":"${route}"`) && l.includes(principal),
  ).length;

async function runs(slug: string, token = admin) {
  const res = await app.call('GET', `/scheduler/schedules/${slug}/runs`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body as Array<Record<string, unknown>>;
}

/** Moves the clock to the schedule's next occurrence and lets the engine fire what is due. */
async function fireDue(slug: string, token = admin) {
  const s = await app.call('GET', `/scheduler/schedules/${slug}`, { token });
  clock.set(s.body.next_run_at);
  await app.scheduler.engine.runDue();
  await app.scheduler.engine.settle();
}

beforeAll(async () => {
  app = await startSchedulerApp({ clock, pollMs: 20 });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  const ok = (r: { status: number; text: string }) => expect(r.status, r.text).toBeLessThan(300);
  ok(await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } }));
  ok(
    await app.call('POST', '/organizations/acme/teams', {
      token: admin,
      body: { slug: 'core', name: 'Core' },
    }),
  );
  ok(
    await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'p', name: 'P', team: 'core' },
    }),
  );
  ok(
    await app.call('PUT', '/organizations/acme/projects/p/access/alice@example.com', {
      token: admin,
      body: { actions: ['read'] },
    }),
  );
});
afterAll(async () => {
  await app.scheduler.engine.stop();
  await app.close();
});

describe('user jobs run as the user through a consent (SPEC 5.3, 5.6)', () => {
  it("reads a project through the user's CAN_ACCESS; the run names the user and actor scheduler", async () => {
    const created = await app.call('POST', '/scheduler/schedules', {
      token: alice,
      body: userSchedule('read-p', '/organizations/acme/projects/p'),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ kind: 'user', created_by: 'alice@example.com', timezone: 'UTC' });
    expect(created.body.consent_id).toEqual(expect.any(String));
    // The consent is alice's, recorded under her own token.
    const c = await app.call('GET', `/consents/${created.body.consent_id}`, { token: alice });
    expect(c.body).toMatchObject({
      user_email: 'alice@example.com',
      actor_sa: 'scheduler',
      status: 'active',
    });

    await fireDue('read-p', alice);
    const [run] = await runs('read-p', alice);
    expect(run).toMatchObject({
      state: 'succeeded',
      http_status: 200,
      principal_name: 'alice@example.com',
      actor_name: 'scheduler',
      consent_id: created.body.consent_id,
      trigger: 'schedule',
      error: null,
    });
    expect(run!.occurrence_at).toBe(created.body.next_run_at);
  });

  it('the same call as the scheduler service account is 403 (a system job gets no ACL fallback)', async () => {
    const res = await app.call('POST', '/scheduler/schedules', {
      token: admin,
      body: userSchedule('read-p-system', '/organizations/acme/projects/p', { kind: 'system' }),
    });
    expect(res.status, res.text).toBe(201);
    await fireDue('read-p-system');
    const [run] = await runs('read-p-system');
    expect(run).toMatchObject({
      state: 'failed',
      http_status: 403,
      principal_name: 'scheduler',
      actor_name: null,
    });
    expect(run!.error).toMatch(/^HTTP 403/);
  });

  it('after DELETE /consents/{id} the run is skipped and the target is never called', async () => {
    const s = await app.call('GET', '/scheduler/schedules/read-p', { token: alice });
    expect((await app.call('DELETE', `/consents/${s.body.consent_id}`, { token: alice })).status).toBe(204);
    const before = served('/organizations/:org/projects/:project', 'alice@example.com');
    expect(before).toBeGreaterThan(0);
    await fireDue('read-p', alice);
    const [run] = await runs('read-p', alice);
    expect(run).toMatchObject({ state: 'skipped', http_status: null, error: 'consent revoked' });
    expect(served('/organizations/:org/projects/:project', 'alice@example.com')).toBe(before);
  });

  it('a failed exchange skips the run (the user was deactivated)', async () => {
    const bob = await app.user('bob@example.com');
    const res = await app.call('POST', '/scheduler/schedules', {
      token: bob,
      body: userSchedule('bob-job', '/auth/me'),
    });
    expect(res.status, res.text).toBe(201);
    await app.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || '{"is_active": false}' WHERE label = 'User' AND props->>'email' = 'bob@example.com'`,
    );
    app.runtime.core.authCache.clear();
    await fireDue('bob-job');
    const [run] = await runs('bob-job');
    expect(run).toMatchObject({ state: 'skipped', principal_name: 'bob@example.com' });
    expect(run!.error).toMatch(/^token exchange failed: HTTP 400: user bob@example.com is inactive/);
  });
});

describe('deleting a schedule suppresses every later firing (SPEC 3)', () => {
  it('a deleted schedule never fires again; its history stays readable by admins', async () => {
    const res = await app.call('POST', '/scheduler/schedules', {
      token: alice,
      body: userSchedule('to-delete', '/auth/me', { cron: '* * * * *' }),
    });
    expect(res.status, res.text).toBe(201);
    await fireDue('to-delete', alice);
    expect((await runs('to-delete', alice)).map((r) => r.state)).toEqual(['succeeded']);
    expect((await app.call('DELETE', '/scheduler/schedules/to-delete', { token: alice })).status).toBe(204);
    // The consent the schedule held is revoked with it.
    const c = await app.call('GET', `/consents/${res.body.consent_id}`, { token: alice });
    expect(c.body.status).toBe('revoked');
    clock.advance(10 * 60_000);
    await app.scheduler.engine.runDue();
    await app.scheduler.engine.settle();
    const history = await runs('to-delete');
    expect(history.map((r) => r.state)).toEqual(['succeeded']);
    expect((await app.call('GET', '/scheduler/schedules/to-delete', { token: alice })).status).toBe(404);
    expect((await app.call('GET', '/scheduler/schedules/to-delete/runs', { token: alice })).status).toBe(404);
    expect((await app.call('GET', `/scheduler/runs/${history[0]!.id}`, { token: admin })).status).toBe(200);
    expect((await app.call('GET', `/scheduler/runs/${history[0]!.id}`, { token: alice })).status).toBe(404);
  });
});

describe('the system schedule score-recompute-daily (SPEC 4.3)', () => {
  it('exists after start-up, fires recompute-all as the service account, and a second fire queues nothing', async () => {
    const bg = app.runtime.domains.find((d) => d.name === 'scheduler')!.background![0]!;
    const handle = await bg.start(app.runtime.core);
    await handle.stop();
    const s = await app.call('GET', '/scheduler/schedules/score-recompute-daily', { token: admin });
    expect(s.status, s.text).toBe(200);
    expect(s.body).toMatchObject({
      cron: '0 6 * * *',
      timezone: 'UTC',
      kind: 'system',
      enabled: true,
      target: { method: 'POST', path: '/api/scoring/recompute-all' },
      consent_id: null,
    });
    expect(s.body.next_run_at).toMatch(/T06:00:00\.000Z$/);
    await fireDue('score-recompute-daily');
    const first = await app.call('GET', '/scheduler/schedules/score-recompute-daily', { token: admin });
    await fireDue('score-recompute-daily');
    const [second, firstRun] = await runs('score-recompute-daily');
    expect(firstRun).toMatchObject({
      state: 'succeeded',
      http_status: 202,
      principal_name: 'scheduler',
      actor_name: null,
    });
    expect(second).toMatchObject({ state: 'succeeded', http_status: 202 });
    expect(first.body.next_run_at).not.toBe(s.body.next_run_at);
    // What the API answered: the first fire queued the project, the second nothing new (pending already).
    const jobs = await app.runtime.core.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scoring_jobs WHERE reason = 'scheduled_recompute'`,
    );
    expect(jobs[0]!.n).toBe(1);
  });
});

describe('the real loop fires on its own', () => {
  it('an every-minute schedule fires when its minute comes, with nobody calling runDue', async () => {
    const res = await app.call('POST', '/scheduler/schedules', {
      token: alice,
      body: userSchedule('every-minute', '/auth/me', { cron: '* * * * *' }),
    });
    expect(res.status, res.text).toBe(201);
    app.scheduler.engine.start();
    try {
      expect(await runs('every-minute', alice)).toEqual([]);
      clock.set(res.body.next_run_at);
      const fired = await eventually(async () => {
        const r = await runs('every-minute', alice);
        return r.length === 1 && r[0]!.state !== 'running' && r;
      });
      expect(fired[0]).toMatchObject({ state: 'succeeded', http_status: 200, actor_name: 'scheduler' });
      clock.advance(60_000);
      const twice = await eventually(async () => {
        const r = await runs('every-minute', alice);
        return r.length === 2 && r.every((x) => x.state !== 'running') && r;
      });
      expect(twice.map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
    } finally {
      await app.scheduler.engine.stop();
    }
  });
});

describe('secrets (SPEC 5.4)', () => {
  it('no JWT or client secret in the store, the responses or the logs', async () => {
    const rows = await app.runtime.core.sql.query(
      `SELECT row_to_json(s)::text AS t FROM scheduler.schedules s UNION ALL SELECT row_to_json(r)::text FROM scheduler.runs r
       UNION ALL SELECT row::text FROM analytics_outbox WHERE stream = 'scheduler_runs'`,
    );
    const stored = rows.map((r) => String(r.t)).join('\n');
    expect(stored.length).toBeGreaterThan(0);
    const jwt = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;
    expect(stored).not.toMatch(jwt);
    expect(stored).not.toContain(app.clientSecret);
    const said = app.transcript().replace(/"access_token":"[^"]+"/g, '');
    expect(said).not.toContain(app.clientSecret);
    // Only the login responses of the test itself carry a token.
    expect(app.logs.join('\n')).not.toMatch(jwt);
    const scheduled = app.responses
      .filter((r) => r.includes('schedule_slug') || r.includes('"cron"'))
      .join('\n');
    expect(scheduled).not.toMatch(jwt);
  });

  it('every finished run has its scheduler_runs analytics row (topic scheduler)', async () => {
    const rows = await app.runtime.core.sql.query<{ topic: string; row: Record<string, unknown> }>(
      `SELECT topic, row FROM analytics_outbox WHERE stream = 'scheduler_runs'`,
    );
    const finished = await app.runtime.core.sql.query<{ id: string; state: string }>(
      `SELECT id, state FROM scheduler.runs WHERE state <> 'running'`,
    );
    expect(finished.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.topic))).toEqual(new Set(['scheduler']));
    expect(rows.map((r) => r.row.run_id).sort()).toEqual(finished.map((r) => r.id).sort());
    for (const r of rows) expect(r.row.state).toBe(finished.find((f) => f.id === r.row.run_id)!.state);
  });
});
