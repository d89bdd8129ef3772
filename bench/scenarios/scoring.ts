// Issue 3: recompute-all over 10,000 projects: the enqueue (POST /api/scoring/recompute-all, called as
// the scheduler's system job) and the drain of the queue by one worker.
import pg from 'pg';
import { boot } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { loadSettings } from '../../src/config/settings.js';
import { scoringWorker } from '../../src/scoring/worker.js';
import { benchPolicies } from '../../test/scoring/fixtures.js';
import { schedulerAccountToken, type Scenario } from '../lib.js';

const PROJECTS = 10_000;

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: `recompute-all over ${PROJECTS} projects (enqueue, then drain by one worker)`,
    goal: { text: `enqueue of ${PROJECTS} < 2000 ms`, met: (f) => f.enqueueMs! < 2000 },
    async run(ctx) {
      const admin = ctx.adminToken;
      // Policies first: creating one queues every project, and there are none yet.
      for (const policy of benchPolicies) await ctx.api('POST', '/scoring/policies', policy, admin);
      await ctx.api('POST', '/organizations', { slug: 'scoring-bench', name: 'Scoring bench' }, admin);
      await ctx.api('POST', '/organizations/scoring-bench/teams', { slug: 'core', name: 'Core' }, admin);
      // 10,000 projects written straight into the graph (the API would take minutes to seed them).
      const db = new pg.Client({ connectionString: ctx.databaseUrl });
      await db.connect();
      try {
        await db.query(
          `WITH org AS (SELECT node_id AS id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = 'scoring-bench'),
                team AS (SELECT t.node_id AS id FROM graph_keys t, org WHERE t.namespace = 'Team.slug' AND t.key = org.id || '/core'),
                p AS (
                  INSERT INTO graph_nodes (id, label, props)
                  SELECT gen_random_uuid(), 'Project', jsonb_build_object(
                           'slug', 'p' || i, 'name', 'P' || i, 'organization_id', org.id, 'team', 'core',
                           'attributes', jsonb_build_object('tier', (ARRAY['gold','silver','bronze'])[1 + i % 3], 'coverage', i % 100),
                           'score', NULL, 'previous_score', NULL, 'updated_by', 'bench')
                    FROM generate_series(1, $1) AS i, org
                  RETURNING id, props->>'slug' AS slug),
                k AS (INSERT INTO graph_keys (namespace, key, node_id) SELECT 'Project.slug', org.id || '/' || p.slug, p.id FROM p, org)
           INSERT INTO graph_edges (src, label, dst)
           SELECT p.id, 'BELONGS_TO', org.id FROM p, org UNION ALL SELECT p.id, 'OWNED_BY', team.id FROM p, team`,
          [PROJECTS],
        );
      } finally {
        await db.end();
      }
      // The scheduler's account with its seeded role calls the trigger, as the daily system job does.
      const token = await schedulerAccountToken(ctx, 'scheduler-bench');

      let t = performance.now();
      const first = await ctx.api('POST', '/api/scoring/recompute-all', undefined, token);
      const enqueueMs = performance.now() - t;
      t = performance.now();
      const second = await ctx.api('POST', '/api/scoring/recompute-all', undefined, token);
      const secondCallMs = performance.now() - t;

      // One worker, in its own runtime on the same database, once the debounce window has passed.
      const runtime = await boot(loadSettings({ ...ctx.env, KEEL_LOG_LEVEL: 'warn' }), allDomains());
      try {
        const { sql } = runtime.core;
        const wait = await sql.one<{ ms: number }>(
          `SELECT greatest(0, extract(epoch FROM max(run_at) - now()) * 1000)::float8 AS ms FROM scoring_jobs`,
        );
        await new Promise((r) => setTimeout(r, (wait?.ms ?? 0) + 50));
        const worker = scoringWorker(runtime.core);
        t = performance.now();
        const drained = await worker.drain();
        const drainMs = performance.now() - t;
        const scored = await sql.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM graph_nodes WHERE label = 'Project' AND props->>'score' IS NOT NULL`,
        );
        return {
          queued: first.queued,
          enqueueMs: Math.round(enqueueMs),
          secondCallQueued: second.queued,
          secondCallMs: Math.round(secondCallMs),
          drained,
          drainMs: Math.round(drainMs),
          drainJobsPerSecond: Math.round(drained / (drainMs / 1000)),
          projectsScored: scored?.n ?? 0,
        };
      } finally {
        await runtime.close();
      }
    },
  },
];
