// The recompute queue consumer, score history and the admin rescore, against real PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scoringWorker } from '../../src/scoring/worker.js';
import type { TestApp } from '../support/harness.js';
import { startReaderApp, type ReaderApp } from '../readers/support.js';
import { coveragePolicy } from './fixtures.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import { createRole } from '../foundation/fixtures.js';

let app: TestApp;
/** Score history is read from the analytics store: the embedded engine, filled by the real pipeline. */
let readers: ReaderApp;
let admin: string;
let member: string;
const worker = () => scoringWorker(app.runtime.core, { batchSize: 100, backoffBaseMs: 1000 });

const project = async (org: string, slug: string) =>
  (await app.call('GET', `/organizations/${org}/projects/${slug}`, { token: admin })).body as {
    score: number | null;
    previous_score: number | null;
  };
const sql = () => app.runtime.core.sql;
const projectId = async (slug: string) =>
  (await sql().one<{ id: string }>(
    `SELECT id FROM graph_nodes WHERE label = 'Project' AND props->>'slug' = $1`,
    [slug],
  ))!.id;
const history = async (slug: string) => {
  await readers.settle();
  return app.call('GET', `/organizations/acme/projects/${slug}/score/history`, { token: admin });
};
const recomputeAll = () => app.call('POST', '/api/scoring/recompute-all', { token: admin });

beforeAll(async () => {
  readers = await startReaderApp('chdb', { KEEL_SCORING_DEBOUNCE_SECONDS: '0' });
  app = readers.app;
  admin = await app.adminToken();
  member = await app.user('member@example.com', { roles: ['member'] });
  const ok = (r: { status: number; text: string }) => expect(r.status, r.text).toBeLessThan(300);
  for (const org of ['acme', 'globex']) {
    ok(await app.call('POST', '/organizations', { token: admin, body: { slug: org, name: org } }));
    ok(
      await app.call('POST', `/organizations/${org}/teams`, {
        token: admin,
        body: { slug: 'core', name: 'Core' },
      }),
    );
  }
  const projects: [string, string, Record<string, unknown>][] = [
    ['acme', 'p', { tier: 'gold', coverage: 85 }],
    ['acme', 'q', { tier: 'silver' }],
    ['acme', 'bare', {}],
    ['globex', 'r', { tier: 'gold', coverage: 10 }],
  ];
  for (const [org, slug, attributes] of projects) {
    ok(
      await app.call('POST', `/organizations/${org}/projects`, {
        token: admin,
        body: { slug, name: slug, team: 'core', attributes },
      }),
    );
  }
  ok(
    await app.call('POST', '/scoring/policies', {
      token: admin,
      body: { slug: 'tier', attribute: 'tier', weight: 3, value_score_map: { gold: 100, silver: 50 } },
    }),
  );
  ok(
    await app.call('POST', '/scoring/policies', {
      token: admin,
      body: coveragePolicy,
    }),
  );
  await sql().query('DELETE FROM scoring_jobs'); // the policy changes queued everything; start clean
});
afterAll(() => readers.close());

describe('the consumer recomputes from current state and writes score and previous_score', () => {
  it('drains a recompute-all: every project scored, history recorded with reason and requester', async () => {
    expect((await recomputeAll()).body.queued).toBe(4);
    expect(await worker().drain()).toBe(4);
    expect(await project('acme', 'p')).toMatchObject({ score: 100, previous_score: null });
    expect(await project('acme', 'q')).toMatchObject({ score: 37.5, previous_score: null });
    expect(await project('acme', 'bare')).toMatchObject({ score: 0, previous_score: null });
    expect(await project('globex', 'r')).toMatchObject({ score: 75, previous_score: null });
    expect((await sql().one<{ n: number }>('SELECT count(*)::int AS n FROM scoring_jobs'))!.n).toBe(0);
    const h = await history('p');
    expect(h.status).toBe(200);
    expect(h.body).toEqual([
      {
        score: 100,
        previous_score: null,
        reason: 'scheduled_recompute',
        requested_by: 'admin@example.com',
        computed_at: expect.any(String),
      },
    ]);
  });

  it('the history row goes through the analytics outbox (stream score_history), relayed by now', async () => {
    const rows = await sql().query<{
      stream: string;
      topic: string;
      row: Record<string, unknown>;
      sent_at: Date | null;
    }>(
      `SELECT stream, topic, row, sent_at FROM analytics_outbox WHERE stream = 'score_history' AND row->>'project' = 'r'`,
    );
    expect(rows).toEqual([
      {
        stream: 'score_history',
        topic: 'project-score',
        sent_at: expect.any(Date),
        row: expect.objectContaining({
          project_id: await projectId('r'),
          organization: 'globex',
          project: 'r',
          score: 75,
        }),
      },
    ]);
  });

  it('is idempotent: recomputing unchanged projects writes nothing and records no history', async () => {
    const before = (await sql().one<{ n: number }>('SELECT count(*)::int AS n FROM analytics_outbox'))!.n;
    await recomputeAll();
    expect(await worker().drain()).toBe(4);
    expect(await project('acme', 'p')).toMatchObject({ score: 100, previous_score: null });
    expect((await sql().one<{ n: number }>('SELECT count(*)::int AS n FROM analytics_outbox'))!.n).toBe(
      before,
    );
  });

  it('after a change, the old score becomes previous_score', async () => {
    await app.call('PATCH', '/organizations/acme/projects/p', {
      token: admin,
      body: { attributes: { tier: 'silver', coverage: 85 } },
    });
    await recomputeAll();
    await worker().drain();
    expect(await project('acme', 'p')).toMatchObject({ score: 62.5, previous_score: 100 });
    const h = await history('p');
    expect(h.body.map((e: { score: number; previous_score: number }) => [e.score, e.previous_score])).toEqual(
      [
        [62.5, 100],
        [100, null],
      ],
    );
  });

  it("changing a project's attributes queues it (once), whoever writes them", async () => {
    await sql().query('DELETE FROM scoring_jobs');
    await app.call('PATCH', '/organizations/acme/projects/q', {
      token: admin,
      body: { attributes: { tier: 'gold' } },
    });
    // A direct write (another process, a plugin) is caught by the same rule; a name change is not.
    await sql().query(
      `UPDATE graph_nodes SET props = jsonb_set(props, '{attributes,tier}', '"silver"') WHERE id = $1`,
      [await projectId('q')],
    );
    await app.call('PATCH', '/organizations/acme/projects/bare', { token: admin, body: { name: 'renamed' } });
    const jobs = await sql().query<{ project_id: string; reason: string; requested_by: string }>(
      'SELECT project_id, reason, requested_by FROM scoring_jobs',
    );
    expect(jobs).toEqual([
      { project_id: await projectId('q'), reason: 'attributes_changed', requested_by: 'admin@example.com' },
    ]);
    expect(await worker().drain()).toBe(1);
    expect((await project('acme', 'q')).score).toBe(37.5); // silver 50 x 3, no coverage 0 x 1
  });

  it('a policy change is picked up by the next recompute', async () => {
    await app.call('PATCH', '/scoring/policies/coverage', { token: admin, body: { enabled: false } });
    expect(await worker().drain()).toBe(4); // the policy change queued every project
    expect(await project('acme', 'p')).toMatchObject({ score: 50, previous_score: 62.5 });
    await app.call('PATCH', '/scoring/policies/coverage', { token: admin, body: { enabled: true } });
    await worker().drain();
  });

  it('a job for a project deleted meanwhile simply completes', async () => {
    await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'tmp', name: 'tmp', team: 'core' },
    });
    await recomputeAll();
    await app.call('DELETE', '/organizations/acme/projects/tmp', { token: admin });
    expect(await worker().drain()).toBe(5);
    expect((await sql().one<{ n: number }>('SELECT count(*)::int AS n FROM scoring_jobs'))!.n).toBe(0);
  });

  it('a job whose worker died (lock expired) is claimed again', async () => {
    await sql().query(
      `INSERT INTO scoring_jobs (project_id, reason, requested_by, state, attempts, locked_until)
       VALUES ($1, 'scheduled_recompute', 'x', 'running', 1, now() - interval '1 second')`,
      [await projectId('q')],
    );
    expect(await worker().drain()).toBe(1);
    expect((await sql().one<{ n: number }>('SELECT count(*)::int AS n FROM scoring_jobs'))!.n).toBe(0);
  });

  it('the worker loop (as run by keel worker and keel serve) drains on its own and stops cleanly', async () => {
    await app.call('PATCH', '/organizations/acme/projects/bare', {
      token: admin,
      body: { attributes: { tier: 'gold' } },
    });
    const handle = scoringWorker(app.runtime.core, { pollMs: 20 }).start();
    try {
      await recomputeAll();
      for (let i = 0; i < 200 && (await project('acme', 'bare')).score !== 75; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(await project('acme', 'bare')).toMatchObject({ score: 75, previous_score: 0 });
    } finally {
      await handle.stop();
    }
  });
});

describe('a failing job is retried with backoff and parked with its error after 5 attempts', () => {
  beforeEach(async () => {
    await sql().query('DELETE FROM scoring_jobs');
  });

  it('retries (1 s, 2 s, 4 s, 8 s apart), then parks; the other jobs of the batch complete', async () => {
    const q = await projectId('q');
    await app.call('PATCH', '/organizations/acme/projects/q', {
      token: admin,
      body: { attributes: { tier: 'gold' } },
    });
    await app.call('PATCH', '/organizations/acme/projects/p', {
      token: admin,
      body: { attributes: { tier: 'gold', coverage: 85 } },
    });
    // A real database failure for project q only: its score update raises.
    await sql().query(`
      CREATE FUNCTION test_fail_q() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = '${q}' AND NEW.props->'score' IS DISTINCT FROM OLD.props->'score' THEN
          RAISE EXCEPTION 'score store unavailable (test)';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_q BEFORE UPDATE ON graph_nodes FOR EACH ROW EXECUTE FUNCTION test_fail_q();`);
    try {
      const outboxBefore = (await sql().one<{ n: number }>(
        `SELECT count(*)::int AS n FROM analytics_outbox WHERE row->>'project' = 'q'`,
      ))!.n;
      await recomputeAll();
      const w = worker();
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect(await w.runOnce()).toBeGreaterThan(0);
        const job = (await sql().one<{ state: string; attempts: number; last_error: string; delay: number }>(
          `SELECT state, attempts, last_error, extract(epoch FROM run_at - updated_at)::float8 AS delay
             FROM scoring_jobs WHERE project_id = $1`,
          [q],
        ))!;
        expect(job.attempts).toBe(attempt);
        expect(job.last_error).toContain('score store unavailable (test)');
        if (attempt < 5) {
          expect(job.state).toBe('pending');
          delays.push(Math.round(job.delay));
          expect(await w.runOnce()).toBe(0); // not before its backoff
          await sql().query(`UPDATE scoring_jobs SET run_at = now() WHERE project_id = $1`, [q]);
        } else {
          expect(job.state).toBe('parked');
        }
      }
      expect(delays).toEqual([1, 2, 4, 8]);
      expect(await w.runOnce()).toBe(0);
      // p, in the same first batch, was recomputed; q kept its score and got no history row.
      expect(await project('acme', 'p')).toMatchObject({ score: 100 });
      expect((await project('acme', 'q')).score).toBe(37.5);
      expect(
        (await sql().one<{ n: number }>(
          `SELECT count(*)::int AS n FROM analytics_outbox WHERE row->>'project' = 'q'`,
        ))!.n,
      ).toBe(outboxBefore);
      expect(app.logs.some((l) => l.includes('score recompute job parked'))).toBe(true);
    } finally {
      await sql().query('DROP TRIGGER test_fail_q ON graph_nodes; DROP FUNCTION test_fail_q()');
    }
    // A parked job does not block new work for the project.
    expect((await recomputeAll()).body.queued).toBe(4);
    await worker().drain();
    expect(await project('acme', 'q')).toMatchObject({ score: 75, previous_score: 37.5 });
    const parked = await sql().query(`SELECT state FROM scoring_jobs`);
    expect(parked).toEqual([{ state: 'parked' }]);
  });
});

describe('GET /organizations/{org}/projects/{project}/score/history', () => {
  it('whoever may read the project may read its history, including through CAN_ACCESS', async () => {
    await readers.settle();
    const reader = await app.user('reader@example.com');
    // Until it may read the project, the history answers as for a project that does not exist.
    const hidden = await app.call('GET', '/organizations/acme/projects/p/score/history', { token: reader });
    const missing = await app.call('GET', '/organizations/acme/projects/nope/score/history', {
      token: reader,
    });
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(hidden.body.code).toBe(missing.body.code);
    expect(hidden.body.detail.replace('project p ', 'project nope ')).toBe(missing.body.detail);
    await app.call('PUT', '/organizations/acme/projects/p/access/reader@example.com', {
      token: admin,
      body: { actions: ['read'] },
    });
    const res = await app.call('GET', '/organizations/acme/projects/p/score/history', { token: reader });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(1);
    expect(
      (await app.call('GET', '/organizations/acme/projects/p/score/history', { token: member })).status,
    ).toBe(200);
    expect((await app.call('GET', '/organizations/acme/projects/p/score/history')).status).toBe(401);
  });

  it('another organization’s project, or an unknown one, is 404', async () => {
    expect(
      (await app.call('GET', '/organizations/globex/projects/p/score/history', { token: admin })).status,
    ).toBe(404);
    expect(
      (await app.call('GET', '/organizations/acme/projects/nope/score/history', { token: admin })).status,
    ).toBe(404);
  });

  it('is paginated newest first; a foreign cursor is 422', async () => {
    const all = (await history('p')).body;
    const first = await app.call('GET', '/organizations/acme/projects/p/score/history?limit=1', {
      token: admin,
    });
    expect(first.body).toEqual([all[0]]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await app.call('GET', next, { token: admin });
    expect(second.body[0]).toEqual(all[1]);
    const bad = await app.call('GET', '/organizations/acme/projects/p/score/history?cursor=abc', {
      token: admin,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ pointer: '/cursor', in: 'query' });
  });
});

describe('POST /scoring/rescore recomputes now (permission scoring:rescore, admins by default)', () => {
  it('one project: organization + project', async () => {
    await app.call('PATCH', '/organizations/acme/projects/q', {
      token: admin,
      body: { attributes: { tier: 'silver' } },
    });
    const res = await app.call('POST', '/scoring/rescore', {
      token: admin,
      body: { organization: 'acme', project: 'q' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ rescored: 1, changed: 1 });
    expect(await project('acme', 'q')).toMatchObject({ score: 37.5, previous_score: 75 });
    // The worker may also rescore q (the PATCH queued it) in the same instant, so the manual rescore's
    // row is looked for, not assumed to be the newest.
    expect((await history('q')).body).toContainEqual(
      expect.objectContaining({ reason: 'manual_rescore', requested_by: 'admin@example.com' }),
    );
  });

  it('one organization, or everything', async () => {
    await app.call('PATCH', '/organizations/globex/projects/r', {
      token: admin,
      body: { attributes: { tier: 'silver' } },
    });
    expect(
      (await app.call('POST', '/scoring/rescore', { token: admin, body: { organization: 'acme' } })).body,
    ).toEqual({ rescored: 3, changed: 0 });
    const all = await app.call('POST', '/scoring/rescore', { token: admin }); // no body: everything
    expect(all.body).toEqual({ rescored: 4, changed: 1 });
    expect(await project('globex', 'r')).toMatchObject({ score: 37.5, previous_score: 75 });
  });

  it('validation: project needs organization (422); unknown organization or project 404', async () => {
    const res = await app.call('POST', '/scoring/rescore', { token: admin, body: { project: 'q' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe('/organization');
    expect(
      (await app.call('POST', '/scoring/rescore', { token: admin, body: { organization: 'nope' } })).status,
    ).toBe(404);
    expect(
      (
        await app.call('POST', '/scoring/rescore', {
          token: admin,
          body: { organization: 'acme', project: 'nope' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await app.call('POST', '/scoring/rescore', { token: admin, body: { colour: 'red' } })).status,
    ).toBe(422);
  });

  it('anonymous 401; without scoring:rescore 403; a role granting it is enough', async () => {
    expect((await app.call('POST', '/scoring/rescore', { body: {} })).status).toBe(401);
    expect((await app.call('POST', '/scoring/rescore', { token: member, body: {} })).status).toBe(403);
    await app.call('POST', '/roles', {
      token: admin,
      body: { slug: 'rescorers', name: 'R', permissions: ['scoring:rescore'] },
    });
    const r = await app.user('rescorer@example.com', { roles: ['rescorers'] });
    expect((await app.call('POST', '/scoring/rescore', { token: r, body: {} })).status).toBe(200);
  });
});

describe('POST /scoring/rescore naming an organization needs organization:read, a project project:read', () => {
  const rescore = (token: string, body: unknown) => app.call('POST', '/scoring/rescore', { token, body });
  const forbiddenAt = (res: Awaited<ReturnType<typeof rescore>>, pointer: string, permission: string) => {
    expect(res.status, res.text).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer, in: 'body', detail: expect.stringContaining(permission) }),
    ]);
  };
  /** A stale score on q (set behind the queue's back): a rescore that runs puts it right. */
  const staleScore = () =>
    sql().query(
      `UPDATE graph_nodes SET props = jsonb_set(props, '{score}', '1')
        WHERE label = 'Project' AND props->>'slug' = 'q'`,
    );
  let only: string;
  let org: string;
  let full: string;

  beforeAll(async () => {
    for (const [slug, permissions] of [
      ['rescore-only', ['scoring:rescore']],
      ['rescore-org', ['scoring:rescore', 'organization:read']],
      ['rescore-full', ['scoring:rescore', 'organization:read', 'project:read']],
    ] as const) {
      await createRole(app, slug, [...permissions]);
    }
    only = await app.user('rescore-only@example.com', { roles: ['rescore-only'] });
    org = await app.user('rescore-org@example.com', { roles: ['rescore-org'] });
    full = await app.user('rescore-full@example.com', { roles: ['rescore-full'] });
  });

  it('checked before any lookup: the same 403 for an existing and a missing target; nothing rescored', async () => {
    await staleScore();
    for (const organization of ['acme', 'nope']) {
      forbiddenAt(await rescore(only, { organization }), '/organization', 'organization:read');
      for (const project of ['q', 'nope']) {
        forbiddenAt(await rescore(only, { organization, project }), '/organization', 'organization:read');
        forbiddenAt(await rescore(org, { organization, project }), '/project', 'project:read');
      }
    }
    expect((await project('acme', 'q')).score).toBe(1);
    // Naming nothing needs nothing more: everything.
    expect((await rescore(only, {})).body).toEqual({ rescored: 4, changed: 1 });
    expect((await project('acme', 'q')).score).not.toBe(1);
  });

  it('with the read permissions: 200 for an existing target, 404 for a missing one, as before', async () => {
    await staleScore();
    expect((await rescore(org, { organization: 'acme' })).body).toEqual({ rescored: 3, changed: 1 });
    expect((await rescore(org, { organization: 'nope' })).status).toBe(404);
    await staleScore();
    expect((await rescore(full, { organization: 'acme', project: 'q' })).body).toEqual({
      rescored: 1,
      changed: 1,
    });
    expect((await rescore(full, { organization: 'acme', project: 'nope' })).status).toBe(404);
    expect((await rescore(full, { organization: 'nope', project: 'q' })).status).toBe(404);
  });
});

describe('requested-by attribution of a delegated run: "<user> on behalf of <actor>"', () => {
  it('in the queued job, the score history row and a policy’s updated_by', async () => {
    await sql().query('DELETE FROM scoring_jobs');
    const cred = await setupScheduler(app);
    await app.call('POST', '/roles', {
      token: admin,
      body: {
        slug: 'score-ops',
        name: 'Score ops',
        permissions: ['scoring:recompute', 'scoring_policy:update'],
      },
    });
    const olga = await app.user('olga@example.com', { roles: ['score-ops'] });
    await consent(app, olga);
    const token = await delegatedToken(app, cred, 'olga@example.com');
    // score-ops may change policies but not read them: 204, and the admin reads the change.
    const changed = await app.call('PATCH', '/scoring/policies/tier', { token, body: { weight: 2 } });
    expect(changed.status, changed.text).toBe(204);
    const policy = await app.call('GET', '/scoring/policies/tier', { token: admin });
    expect(policy.body.updated_by).toBe('olga@example.com on behalf of scheduler');
    await sql().query('DELETE FROM scoring_jobs');
    expect((await app.call('POST', '/api/scoring/recompute-all', { token })).status).toBe(202);
    await worker().drain();
    // Silver, no coverage: 37.5 at weight 3, 33.33 at weight 2, so the row at 33.33 is this run's.
    // History rows carry whole seconds, and rows of one second are ordered by a hash of their content
    // (src/scoring/history.ts): an earlier test's row of the same second may come first.
    const h = await history('q');
    expect(h.body.filter((row: { score: number }) => row.score === 33.33)).toEqual([
      expect.objectContaining({
        reason: 'scheduled_recompute',
        requested_by: 'olga@example.com on behalf of scheduler',
      }),
    ]);
  });
});
