// The scheduler's HTTP API: who may call each route, and what bad input gets (problem+json, 422 pointers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwtSigner, generateSigningKey } from '../../src/crypto/jwt.js';
import { clientToken, consent, delegatedToken } from '../delegation/helpers.js';
import type { Res } from '../support/harness.js';
import { ensureSystemSchedules } from '../../src/scheduler/system.js';
import { serviceAccount } from '../foundation/fixtures.js';
import { ManualClock, startSchedulerApp, userSchedule, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
let bob: string;
let sa: string;
let delegated: string;

const clock = new ManualClock(Date.parse('2033-02-01T00:00:00Z'));
const call = (method: string, path: string, token?: string, body?: unknown) =>
  app.call(method, `/scheduler${path}`, { token, ...(body !== undefined ? { body } : {}) });

function problem(res: Res, status: number, pointer?: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  if (pointer) expect(res.body.errors?.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
}
const consents = async () =>
  (await app.runtime.core.sql.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM graph_nodes WHERE label = 'Consent'`,
  ))!.n;

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  bob = await app.user('bob@example.com');
  const cred = { clientId: 'scheduler-test-client', clientSecret: app.clientSecret };
  sa = await clientToken(app, cred);
  await consent(app, alice);
  delegated = await delegatedToken(app, cred, 'alice@example.com');
  expect((await call('POST', '/schedules', alice, userSchedule('alice-job', '/auth/me'))).status).toBe(201);
  expect(
    (await call('POST', '/schedules', admin, userSchedule('sys-job', '/health', { kind: 'system' }))).status,
  ).toBe(201);
});
afterAll(() => app.close());

describe('authentication: Keel access tokens verified against the API JWKS', () => {
  it('no token, a malformed one, one signed by another key, or a revoked one: 401', async () => {
    problem(await call('GET', '/schedules'), 401);
    problem(await call('GET', '/schedules', 'not-a-jwt'), 401);
    // JSON that is no header (null, an array), and a valid token spelled with one more character.
    for (const token of ['bnVsbA.e30.x', 'W10.e30.x', `${await app.adminToken()}!`]) {
      const malformed = await call('GET', '/schedules', token);
      problem(malformed, 401);
      expect(malformed.body.code, token).toBe('invalid_token');
    }
    const forger = new JwtSigner(generateSigningKey(), app.runtime.core.settings.auth.issuer);
    const forged = forger.sign({
      sub: 'admin@example.com',
      jti: 'x',
      iat: 0,
      exp: Math.floor(Date.now() / 1000) + 600,
      auth_method: 'password',
    });
    const res = await call('GET', '/schedules', forged);
    problem(res, 401);
    expect(res.body.code).toBe('invalid_token');
    const carol = await app.user('carol@example.com');
    expect((await app.call('POST', '/auth/logout', { token: carol })).status).toBe(204);
    problem(await call('GET', '/schedules', carol), 401);
  });

  it('the routes are documented in /openapi.json', async () => {
    const doc = await app.call('GET', '/openapi.json');
    for (const p of [
      '/scheduler/schedules',
      '/scheduler/schedules/{slug}',
      '/scheduler/schedules/{slug}/run',
      '/scheduler/schedules/{slug}/pause',
      '/scheduler/schedules/{slug}/resume',
      '/scheduler/schedules/{slug}/runs',
      '/scheduler/runs/{id}',
    ]) {
      expect(doc.body.paths[p], p).toBeDefined();
    }
  });
});

describe('POST /scheduler/schedules', () => {
  it('a user schedule needs a user signed in as themselves: service account and delegated token 403', async () => {
    const before = await consents();
    problem(await call('POST', '/schedules', sa, userSchedule('by-sa', '/auth/me')), 403);
    problem(await call('POST', '/schedules', delegated, userSchedule('by-delegated', '/auth/me')), 403);
    expect(await consents()).toBe(before);
  });

  it('a system schedule needs an admin', async () => {
    problem(
      await call('POST', '/schedules', alice, userSchedule('sys-by-user', '/health', { kind: 'system' })),
      403,
    );
    problem(
      await call('POST', '/schedules', sa, userSchedule('sys-by-sa', '/health', { kind: 'system' })),
      403,
    );
    const ok = await call(
      'POST',
      '/schedules',
      admin,
      userSchedule('sys-by-admin', '/health', { kind: 'system' }),
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ kind: 'system', consent_id: null, created_by: 'admin@example.com' });
  });

  it('bad fields: 422 naming each, nothing stored and no consent recorded', async () => {
    const before = await consents();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ cron: undefined }, '/cron'],
      [{ cron: '* * * * * *' }, '/cron'],
      [{ cron: '61 * * * *' }, '/cron'],
      [{ cron: '0 0 31 2 *' }, '/cron'],
      [{ cron: '@daily' }, '/cron'],
      [{ timezone: 'Mars/Olympus' }, '/timezone'],
      [{ timezone: '../../etc/passwd' }, '/timezone'],
      [{ slug: 'Bad Slug' }, '/slug'],
      [{ kind: 'root' }, '/kind'],
      [{ extra: 1 }, '/extra'],
      [{ target: { method: 'TRACE', path: '/x' } }, '/target/method'],
      [{ target: { method: 'GET' } }, '/target/path'],
      [{ target: { method: 'GET', path: '/auth/me', body: { a: 1 } } }, '/target/body'],
      [{ target: { method: 'POST', path: '/x', body: 'y'.repeat(70_000) } }, '/target/body'],
      [{ target: { method: 'GET', path: '/x', headers: {} } }, '/target/headers'],
    ];
    for (const [patch, pointer] of cases) {
      const body: Record<string, unknown> = { ...userSchedule('bad-input', '/auth/me'), ...patch };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      problem(await call('POST', '/schedules', alice, body), 422, pointer);
    }
    expect(await consents()).toBe(before);
    problem(await call('GET', '/schedules/bad-input', alice), 404);
  });

  it('a target path is relative to the API: schemes, hosts, dot segments (encoded too) and backslashes are 422', async () => {
    for (const path of [
      'http://evil.example/x',
      'evil.example/x',
      '//evil.example/x',
      '/%2fevil.example/x',
      '/../admin',
      '/a/./b',
      '/a/%2e%2e/b',
      '/a/%2E%2e/b',
      '/a/%252e%252e/b',
      '/a/..%2fb/..%2f..',
      '/a\\b',
      '/a%5c..%5cb',
      '/a b',
      '/a#frag',
      '/a%0d%0aX-Injected:%201',
      '/a%zz',
    ]) {
      problem(await call('POST', '/schedules', alice, userSchedule('bad-path', path)), 422, '/target/path');
    }
    const ok = await call(
      'POST',
      '/schedules',
      alice,
      userSchedule('good-path', '/organizations?limit=5&x=%20y'),
    );
    expect(ok.status, ok.text).toBe(201);
  });

  // A failed sign-in counts against its address: a job relaying anonymous sign-ins from the scheduler's
  // address could lock the scheduler's own token requests out, and with them every job.
  it('a target may not be a sign-in route, on create or on change', async () => {
    const signIn = {
      ...userSchedule('sign-in', '/auth/token'),
      target: {
        method: 'POST',
        path: '/auth/token',
        body: { grant_type: 'client_credentials', client_id: 'nope', client_secret: 'nope' },
      },
    };
    problem(await call('POST', '/schedules', alice, signIn), 422, '/target/path');
    for (const path of ['/auth/login', '/AUTH/token/', '/auth/oauth/oidc/authorize']) {
      problem(await call('POST', '/schedules', alice, userSchedule('sign-in', path)), 422, '/target/path');
    }
    expect((await call('POST', '/schedules', alice, userSchedule('sign-in', '/auth/me'))).status).toBe(201);
    problem(
      await call('PATCH', '/schedules/sign-in', alice, { target: { method: 'POST', path: '/auth/login' } }),
      422,
      '/target/path',
    );
  });

  it('a slug in use is 409', async () => {
    problem(await call('POST', '/schedules', bob, userSchedule('alice-job', '/auth/me')), 409);
  });

  it('a body that is not JSON is a 4xx problem', async () => {
    const res = await app.call('POST', '/scheduler/schedules', {
      token: alice,
      body: '{"slug":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });
});

describe('GET /scheduler/schedules', () => {
  it('users see their own, admins all; keyset pages with a Link header', async () => {
    const own = await call('GET', '/schedules', alice);
    expect(own.status).toBe(200);
    expect(own.body.every((s: { created_by: string }) => s.created_by === 'alice@example.com')).toBe(true);
    expect((await call('GET', '/schedules', bob)).body).toEqual([]);
    expect((await call('GET', '/schedules', sa)).body).toEqual([]);
    const all = await call('GET', '/schedules', admin);
    expect(all.body.map((s: { slug: string }) => s.slug)).toEqual(
      expect.arrayContaining(['alice-job', 'sys-job']),
    );
    const seen: string[] = [];
    let next: string | undefined = '/scheduler/schedules?limit=1';
    while (next) {
      const page = await app.call('GET', next, { token: admin });
      expect(page.status).toBe(200);
      seen.push(...page.body.map((s: { slug: string }) => s.slug));
      next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual(all.body.map((s: { slug: string }) => s.slug));
  });

  // The built-in system schedules are stored as created by "system", a name a service account may take.
  it('a service account sees none, whatever its slug', async () => {
    await ensureSystemSchedules(app.runtime.core.sql, clock.now());
    const all = await call('GET', '/schedules', admin);
    expect(all.body.map((s: { created_by: string }) => s.created_by)).toContain('system');
    // A service account whose slug is the built-in schedules' creator.
    const named = (await serviceAccount(app, 'system')).token;
    const listed = await call('GET', '/schedules', named);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body).toEqual([]);
    problem(await call('GET', '/schedules/score-recompute-daily', named), 404);
  });

  it('bad limit or cursor: 422', async () => {
    problem(await call('GET', '/schedules?limit=0', admin), 422, '/limit');
    problem(await call('GET', '/schedules?cursor=%%%', admin), 422, '/cursor');
    problem(
      await call('GET', `/schedules?cursor=${Buffer.from('../x').toString('base64url')}`, admin),
      422,
      '/cursor',
    );
  });
});

describe('managing one schedule: its creator or an admin', () => {
  it('GET: creator and admin 200; another user 404; a missing slug 404', async () => {
    expect((await call('GET', '/schedules/alice-job', alice)).status).toBe(200);
    expect((await call('GET', '/schedules/alice-job', admin)).status).toBe(200);
    problem(await call('GET', '/schedules/alice-job', bob), 404);
    problem(await call('GET', '/schedules/sys-job', alice), 404);
    problem(await call('GET', '/schedules/nope', admin), 404);
  });

  it('PATCH: the creator only for a user schedule (admins 403), bad input 422', async () => {
    problem(await call('PATCH', '/schedules/alice-job', bob, { name: 'x' }), 404);
    problem(
      await call('PATCH', '/schedules/alice-job', admin, {
        target: { method: 'DELETE', path: '/users/alice@example.com' },
      }),
      403,
    );
    problem(await call('PATCH', '/schedules/alice-job', delegated, { name: 'x' }), 403);
    problem(await call('PATCH', '/schedules/alice-job', alice, {}), 422);
    problem(await call('PATCH', '/schedules/alice-job', alice, { cron: 'nope' }), 422, '/cron');
    problem(
      await call('PATCH', '/schedules/alice-job', alice, { timezone: 'Nowhere/Else' }),
      422,
      '/timezone',
    );
    problem(
      await call('PATCH', '/schedules/alice-job', alice, { target: { method: 'GET', path: '//x' } }),
      422,
      '/target/path',
    );
    problem(await call('PATCH', '/schedules/alice-job', alice, { kind: 'system' }), 422, '/kind');
    const ok = await call('PATCH', '/schedules/alice-job', alice, { name: 'Alice job', cron: '0 * * * *' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({
      name: 'Alice job',
      cron: '0 * * * *',
      next_run_at: '2033-02-01T01:00:00.000Z',
    });
    const sys = await call('PATCH', '/schedules/sys-job', admin, { cron: '0 7 * * *' });
    expect(sys.status, sys.text).toBe(200);
  });

  it('pause, resume, fire now: creator or admin; others 404; delegated 403', async () => {
    for (const action of ['pause', 'resume', 'run']) {
      problem(await call('POST', `/schedules/alice-job/${action}`, bob), 404);
      problem(await call('POST', `/schedules/alice-job/${action}`, delegated), 403);
      problem(await call('POST', `/schedules/sys-job/${action}`, alice), 404);
      problem(await call('POST', `/schedules/nope/${action}`, admin), 404);
    }
    expect((await call('POST', '/schedules/alice-job/pause', admin)).status).toBe(200);
    expect((await call('POST', '/schedules/alice-job/resume', alice)).status).toBe(200);
    const run = await call('POST', '/schedules/alice-job/run', alice);
    expect(run.status, run.text).toBe(202);
    await app.scheduler.engine.settle();
    expect((await call('GET', `/runs/${run.body.id}`, alice)).body).toMatchObject({
      state: 'succeeded',
      principal_name: 'alice@example.com',
      actor_name: 'scheduler',
    });
  });

  it('runs: creator and admin; others 404; bad ids 404; bad cursor 422', async () => {
    const runs = await call('GET', '/schedules/alice-job/runs', alice);
    expect(runs.status).toBe(200);
    expect(runs.body.length).toBeGreaterThan(0);
    problem(await call('GET', '/schedules/alice-job/runs', bob), 404);
    problem(await call('GET', '/schedules/nope/runs', admin), 404);
    problem(await call('GET', '/schedules/alice-job/runs?cursor=abc', alice), 422, '/cursor');
    const id = runs.body[0].id as string;
    expect((await call('GET', `/runs/${id}`, admin)).status).toBe(200);
    problem(await call('GET', `/runs/${id}`, bob), 404);
    problem(await call('GET', `/runs/${id}`, sa), 404);
    problem(await call('GET', '/runs/not-a-uuid', admin), 404);
    problem(await call('GET', '/runs/00000000-0000-7000-8000-000000000000', admin), 404);
  });

  it('DELETE: others 404, delegated 403, creator 204; then gone', async () => {
    expect((await call('POST', '/schedules', alice, userSchedule('short-lived', '/auth/me'))).status).toBe(
      201,
    );
    problem(await call('DELETE', '/schedules/short-lived', bob), 404);
    problem(await call('DELETE', '/schedules/short-lived', delegated), 403);
    expect((await call('DELETE', '/schedules/short-lived', alice)).status).toBe(204);
    problem(await call('DELETE', '/schedules/short-lived', alice), 404);
    // The slug is free again.
    expect((await call('POST', '/schedules', bob, userSchedule('short-lived', '/auth/me'))).status).toBe(201);
    // An admin deletes anyone's schedule.
    expect((await call('DELETE', '/schedules/short-lived', admin)).status).toBe(204);
    problem(await call('DELETE', '/schedules/sys-job', alice), 404);
  });

  it("a delegated token reads its user's schedules", async () => {
    expect((await call('GET', '/schedules/alice-job', delegated)).status).toBe(200);
  });
});

describe('secrets', () => {
  it('no client secret and no token of the callers in any response or log line of the scheduler', () => {
    const said = app.transcript();
    expect(said).not.toContain(app.clientSecret);
    const scheduler = app.responses
      .filter((r) => r.includes('"cron"') || r.includes('schedule_slug'))
      .join('\n');
    for (const t of [alice, bob, admin, sa, delegated]) {
      expect(scheduler).not.toContain(t);
      expect(app.logs.join('\n')).not.toContain(t);
    }
  });
});
