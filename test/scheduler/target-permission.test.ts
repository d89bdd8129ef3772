// A system schedule runs as the `scheduler` service account: one whose target that account may not call
// is flagged when it is created or changed (a warning naming the permission it lacks, from the same
// evaluation as POST /auth/can), instead of failing with a 403 at each firing that nobody sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
