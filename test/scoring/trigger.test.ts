// POST /api/scoring/recompute-all (SPEC 4.3) with the default debounce window of 5 seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { clientToken, setupScheduler, type SchedulerCredential } from '../delegation/helpers.js';

let app: TestApp;
let admin: string;
let cred: SchedulerCredential;
const PROJECTS = 30;

const jobs = () =>
  app.runtime.core.sql.query<{ project_id: string; reason: string; requested_by: string; state: string }>(
    `SELECT project_id, reason, requested_by, state FROM scoring_jobs ORDER BY id`,
  );
const clearQueue = () => app.runtime.core.sql.query('DELETE FROM scoring_jobs');

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  cred = await setupScheduler(app);
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 'core', name: 'Core' } });
  for (let i = 0; i < PROJECTS; i++) {
    const res = await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: `p${i}`, name: `P${i}`, team: 'core' },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => app.close());

describe('POST /api/scoring/recompute-all queues every project with reason scheduled_recompute', () => {
  it('answers 202 {queued, reason} and queues one job per project', async () => {
    await clearQueue();
    const res = await app.call('POST', '/api/scoring/recompute-all', { token: admin });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: PROJECTS, reason: 'scheduled_recompute' });
    const rows = await jobs();
    expect(rows).toHaveLength(PROJECTS);
    expect(new Set(rows.map((r) => r.project_id)).size).toBe(PROJECTS);
    expect(rows.every((r) => r.reason === 'scheduled_recompute' && r.state === 'pending')).toBe(true);
    expect(rows[0]!.requested_by).toBe('admin@example.com');
  });

  it('the scheduler calls it with its own client-credential token (a system job)', async () => {
    await clearQueue();
    const token = await clientToken(app, cred);
    const res = await app.call('POST', '/api/scoring/recompute-all', { token });
    expect(res.status).toBe(202);
    expect(res.body.queued).toBe(PROJECTS);
    expect((await jobs())[0]!.requested_by).toBe('scheduler');
  });
});

describe('the scoring trigger permission: scoring:recompute or scoring:trigger-scheduled', () => {
  it('anonymous 401; a user without either 403', async () => {
    expect((await app.call('POST', '/api/scoring/recompute-all')).status).toBe(401);
    const member = await app.user('member@example.com', { roles: ['member'] });
    const res = await app.call('POST', '/api/scoring/recompute-all', { token: member });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/scoring:recompute or scoring:trigger-scheduled/);
  });

  for (const permission of ['scoring:recompute', 'scoring:trigger-scheduled']) {
    it(`${permission} alone is enough`, async () => {
      await clearQueue();
      const slug = permission.replace(/[:]/g, '-');
      await app.call('POST', '/roles', {
        token: admin,
        body: { slug, name: slug, permissions: [permission] },
      });
      const token = await app.user(`${slug}@example.com`, { roles: [slug] });
      const res = await app.call('POST', '/api/scoring/recompute-all', { token });
      expect(res.status).toBe(202);
    });
  }

  it("a user's delegated token has the user's permissions, not the scheduler's", async () => {
    const user = await app.user('plain@example.com');
    await app.call('POST', '/consents', { token: user, body: {} });
    const ex = await app.call('POST', '/auth/token', {
      form: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        client_id: cred.clientId,
        client_secret: cred.clientSecret,
        requested_subject: 'plain@example.com',
        scope: 'service-api:*',
      },
    });
    const res = await app.call('POST', '/api/scoring/recompute-all', { token: ex.body.access_token });
    expect(res.status).toBe(403);
  });
});

describe('per-project debounce makes a double fire harmless (KEEL_SCORING_DEBOUNCE_SECONDS)', () => {
  it('a second call within the window queues nothing', async () => {
    await clearQueue();
    expect((await app.call('POST', '/api/scoring/recompute-all', { token: admin })).body.queued).toBe(
      PROJECTS,
    );
    expect((await app.call('POST', '/api/scoring/recompute-all', { token: admin })).body).toEqual({
      queued: 0,
      reason: 'scheduled_recompute',
    });
    expect(await jobs()).toHaveLength(PROJECTS);
  });

  it('queued jobs wait out the window before a worker may take them', async () => {
    await clearQueue();
    await app.call('POST', '/api/scoring/recompute-all', { token: admin });
    const row = await app.runtime.core.sql.one<{ delay: number }>(
      `SELECT min(extract(epoch FROM run_at - created_at))::float8 AS delay FROM scoring_jobs`,
    );
    expect(row!.delay).toBeCloseTo(5, 0);
  });

  it('only projects not already pending are queued', async () => {
    await clearQueue();
    await app.runtime.core.sql.query(
      `INSERT INTO scoring_jobs (project_id, reason, requested_by)
       SELECT id, 'policy_changed', 'x' FROM graph_nodes WHERE label = 'Project' ORDER BY id LIMIT 10`,
    );
    expect((await app.call('POST', '/api/scoring/recompute-all', { token: admin })).body.queued).toBe(
      PROJECTS - 10,
    );
  });

  it('two concurrent calls queue each project once', async () => {
    await clearQueue();
    const [a, b] = await Promise.all([
      app.call('POST', '/api/scoring/recompute-all', { token: admin }),
      app.call('POST', '/api/scoring/recompute-all', { token: admin }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.queued + b.body.queued).toBe(PROJECTS);
    const rows = await jobs();
    expect(rows).toHaveLength(PROJECTS);
    expect(new Set(rows.map((r) => r.project_id)).size).toBe(PROJECTS);
  });

  it('two concurrent calls through separate connections pools (two replicas) also queue each project once', async () => {
    await clearQueue();
    const replica = await startTestApp({ database: { url: app.url } });
    try {
      const token = await replica.user('replica-admin@example.com', { admin: true });
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? replica : app).call('POST', '/api/scoring/recompute-all', {
            token: i % 2 ? token : admin,
          }),
        ),
      );
      expect(results.reduce((n, r) => n + r.body.queued, 0)).toBe(PROJECTS);
      expect(await jobs()).toHaveLength(PROJECTS);
    } finally {
      await replica.api.close();
      await replica.runtime.close();
    }
  });
});
