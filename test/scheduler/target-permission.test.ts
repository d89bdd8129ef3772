// A system schedule runs as the `scheduler` service account: one whose target that account may not call
// is flagged when it is created or changed (a warning naming the permission it lacks, from the same
// evaluation as POST /auth/can), instead of failing with a 403 at each firing that nobody sees.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keelClient } from '../../src/scheduler/keel-client.js';
import { targetPermissionCheck } from '../../src/scheduler/target-permission.js';
import { tokenKeeper } from '../../src/scheduler/tokens.js';
import { createRole } from '../foundation/fixtures.js';
import { ManualClock, startSchedulerApp, userSchedule, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;

const clock = new ManualClock(Date.parse('2033-02-01T00:00:00Z'));
const call = (method: string, path: string, token: string, body?: unknown) =>
  app.call(method, `/scheduler${path}`, { token, ...(body !== undefined ? { body } : {}) });
const system = (slug: string, method: string, path: string) =>
  userSchedule(slug, path, { kind: 'system', target: { method, path } });

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  const res = await app.call('POST', '/organizations', {
    token: admin,
    body: { slug: 'acme', name: 'Acme' },
  });
  expect(res.status, res.text).toBe(201);
});
afterAll(() => app.close());

describe('a system schedule whose target the scheduler account may not call', () => {
  it('is created, with a warning naming the permission the account lacks', async () => {
    const res = await call(
      'POST',
      '/schedules',
      admin,
      system('sys-teams', 'GET', '/organizations/acme/teams'),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings).toHaveLength(1);
    expect(res.body.warnings[0].pointer).toBe('/target');
    expect(res.body.warnings[0].detail).toContain('the scheduler account lacks team:read');
    // Stored as asked: the warning informs, it refuses nothing.
    const read = await call('GET', '/schedules/sys-teams', admin);
    expect(read.body.target).toEqual({ method: 'GET', path: '/organizations/acme/teams' });
  });

  it('a target it may call gets no warning (the daily recompute: scoring:trigger-scheduled)', async () => {
    const res = await call(
      'POST',
      '/schedules',
      admin,
      system('sys-recompute', 'POST', '/api/scoring/recompute-all'),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings).toBeUndefined();
  });

  it('a change is checked again: to a target it may not call, and back', async () => {
    const changed = await call('PATCH', '/schedules/sys-recompute', admin, {
      target: { method: 'PATCH', path: '/organizations/acme/projects/web' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.warnings?.[0].detail).toContain('the scheduler account lacks project:update');
    // The project does not exist: the warning is about the permission, not the target.
    expect(changed.body.warnings?.[0].detail).not.toMatch(/not found|exist/);
    const back = await call('PATCH', '/schedules/sys-recompute', admin, {
      target: { method: 'POST', path: '/api/scoring/recompute-all' },
    });
    expect(back.body.warnings).toBeUndefined();
  });

  it('a path no route takes is flagged too', async () => {
    const res = await call('POST', '/schedules', admin, system('sys-nowhere', 'GET', '/no/such/route'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings?.[0].detail).toContain('no route for GET /no/such/route');
  });

  it('granting the account the permission clears the warning on the next change', async () => {
    await createRole(app, 'scheduler-teams', ['team:read', 'organization:read']);
    const grant = await app.call('PUT', '/service-accounts/scheduler/roles/scheduler-teams', {
      token: admin,
    });
    expect(grant.status, grant.text).toBe(204);
    const res = await call('PATCH', '/schedules/sys-teams', admin, { cron: '0 4 * * *' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.warnings).toBeUndefined();
  });

  it('user schedules run as their user: never flagged for the scheduler account', async () => {
    const consent = await app.call('POST', '/consents', { token: alice, body: {} });
    expect(consent.status, consent.text).toBe(201);
    const res = await call('POST', '/schedules', alice, userSchedule('alice-users', '/users'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.warnings).toBeUndefined();
  });
});

describe('a check that cannot be made is flagged, within a bound', () => {
  const credential = () => ({ clientId: 'scheduler-test-client', clientSecret: app.clientSecret });
  const checkAgainst = (baseUrl: string, timeoutMs: number) => {
    const client = keelClient({ baseUrl: () => baseUrl, timeoutMs: 60_000 });
    return targetPermissionCheck(client, tokenKeeper(client, credential), timeoutMs);
  };

  it('an API that refuses the connection', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((r) => server.close(r));
    const warnings = await checkAgainst(`http://127.0.0.1:${port}`, 5000)({ method: 'GET', path: '/users' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.detail).toContain(
      'could not check whether the scheduler account may call GET /users',
    );
  });

  it('an API that never answers: flagged after the bound, not after the request timeout', async () => {
    const sockets: net.Socket[] = [];
    const server = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const warnings = await checkAgainst(`http://127.0.0.1:${port}`, 200)({ method: 'GET', path: '/users' });
      expect(warnings[0]!.detail).toContain('no answer within 0.2 s');
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });

  it('the real API answers the same check for the scheduler account', async () => {
    const warnings = await checkAgainst(app.baseUrl, 5000)({ method: 'GET', path: '/users' });
    expect(warnings[0]!.detail).toContain('the scheduler account lacks user:read');
  });
});
