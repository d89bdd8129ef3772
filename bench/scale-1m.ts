// What 1,000,000 projects cost on one PostgreSQL (docs/scale.md): `tsx bench/scale-1m.ts [projects]`.
// Migrates a fresh database, seeds the projects in one organization with set-based SQL, then prints
// table and index sizes and the time of each list statement (as Keel runs them, generic plans forced),
// of the recompute-all enqueue, of claims at full queue depth, and of a vacuum after every score changed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { allDomains } from '../src/app/domains.js';
import { startScratchPostgres } from '../src/db/embedded.js';
import { migrateAndSeed } from '../src/app/boot.js';
import { createSql, type Queryable, type Row } from '../src/db/sql.js';
import { listNodes } from '../src/graph/store.js';
import { claim, complete, enqueue } from '../src/scoring/store.js';
import { seedGrants, seedProjects } from './seed.js';

const PROJECTS = Number(process.argv[2] ?? 1_000_000);

async function main() {
  const admin = process.env.KEEL_BENCH_DATABASE_URL
    ? { url: process.env.KEEL_BENCH_DATABASE_URL, stop: async () => {} }
    : await startScratchPostgres('keel-scale-pg-');
  const name = `keel_scale_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin.url });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  const u = new URL(admin.url);
  u.pathname = `/${name}`;
  const sql = createSql(`${u.toString()}?options=-c%20plan_cache_mode%3Dforce_generic_plan`, 4);
  const out: Record<string, string | number> = { projects: PROJECTS };
  const time = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    const r = await fn();
    out[key] = Math.round((performance.now() - t) * 10) / 10;
    return r;
  };
  try {
    const domains = allDomains();
    await migrateAndSeed(sql, domains);
    await sql.query(`
      WITH o AS (INSERT INTO graph_nodes (id, label, props)
                 VALUES (gen_random_uuid(), 'Organization', '{"slug":"big","name":"Big"}') RETURNING id),
           ok AS (INSERT INTO graph_keys SELECT 'Organization.slug', 'big', id FROM o),
           t AS (INSERT INTO graph_nodes (id, label, props)
                 SELECT gen_random_uuid(), 'Team', jsonb_build_object('slug', 'core', 'name', 'Core',
                        'organization_id', o.id) FROM o RETURNING id, props->>'organization_id' AS org),
           tk AS (INSERT INTO graph_keys SELECT 'Team.slug', t.org || '/core', t.id FROM t),
           u AS (INSERT INTO graph_nodes (id, label, props)
                 VALUES (gen_random_uuid(), 'User', '{"email":"acl@example.com"}') RETURNING id)
      INSERT INTO graph_keys SELECT 'User.email', 'acl@example.com', id FROM u`);
    await time('seed_ms', () => seedProjects(sql, { org: 'big', team: 'core', count: PROJECTS }));
    const granted = await seedGrants(sql, {
      email: 'acl@example.com',
      org: 'big',
      every: PROJECTS / 1000,
      actions: ['read'],
    });
    await sql.query('VACUUM ANALYZE');
    const sizes = await sql.query<{ name: string; mb: number }>(
      `SELECT c.relname AS name, round(pg_relation_size(c.oid) / 1048576.0, 1)::float8 AS mb
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') AND pg_relation_size(c.oid) > 1048576
        ORDER BY pg_relation_size(c.oid) DESC`,
    );
    for (const s of sizes) out[`size_mb_${s.name}`] = s.mb;
    const org = (await sql.one<{ node_id: string }>(
      `SELECT node_id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = 'big'`,
    ))!.node_id;
    const user = (await sql.one<{ node_id: string }>(
      `SELECT node_id FROM graph_keys WHERE namespace = 'User.email' AND key = 'acl@example.com'`,
    ))!.node_id;
    const ids = await sql.query<{ id: string }>(
      `SELECT id FROM graph_nodes WHERE label = 'Project' ORDER BY id OFFSET $1 LIMIT 1`,
      [Math.floor(PROJECTS * 0.8)],
    );
    const deep = ids[0]!.id;
    const aclDeep = granted[800]!;
    // Each list statement 20 times (generic plans are forced on every connection): median ms.
    const median = async (key: string, fn: (q: Queryable) => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await fn(sql);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      out[key] = Math.round(ms[10]! * 100) / 100;
    };
    await median('list_admin_first_ms', (q) =>
      listNodes(q, { label: 'Project', organization: org, limit: 50 }),
    );
    await median('list_admin_deep_ms', (q) =>
      listNodes(q, { label: 'Project', organization: org, limit: 50, after: deep }),
    );
    const acl = { userId: user, action: 'read' };
    await median('list_acl_first_ms', (q) =>
      listNodes(q, { label: 'Project', organization: org, acl, limit: 50 }),
    );
    await median('list_acl_deep_ms', (q) =>
      listNodes(q, { label: 'Project', organization: org, acl, limit: 50, after: aclDeep }),
    );
    await median('get_by_slug_ms', (q) =>
      q.one<Row>(
        `SELECT n.id FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id WHERE k.namespace = $1 AND k.key = $2`,
        ['Project.slug', `${org}/p${PROJECTS / 2}`],
      ),
    );
    // The plan the admin's first page runs with (generic plans are forced on this pool).
    const plan = await sql.tx(async (tx) => {
      await tx.query(
        `PREPARE first_page(text, text, int) AS SELECT n.id, n.label, n.props, n.created_at, n.updated_at
           FROM graph_nodes n WHERE n.label = $1 AND n.props->>'organization_id' = $2 ORDER BY n.id LIMIT $3`,
      );
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE first_page('Project', '${org}', 51)`,
      );
      await tx.query('DEALLOCATE first_page');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    console.log(plan);
    const queued = await time('recompute_enqueue_ms', () =>
      sql.tx((tx) =>
        enqueue(tx, {
          projectIds: 'all',
          reason: 'scheduled_recompute',
          requestedBy: 'bench',
          delaySeconds: 0,
        }),
      ),
    );
    out.recompute_queued = queued;
    out.size_mb_scoring_jobs_full = Number(
      (await sql.one<{ mb: number }>(
        `SELECT round(pg_total_relation_size('scoring_jobs') / 1048576.0, 1)::float8 AS mb`,
      ))!.mb,
    );
    const first = await time('claim_500_at_full_depth_ms', () => claim(sql, 500, 60));
    await complete(
      sql,
      first.map((j) => j.id),
    );
    await time('score_update_all_ms', () =>
      sql.query(
        `UPDATE graph_nodes SET props = props || jsonb_build_object('score', (random() * 100)::int)
          WHERE label = 'Project'`,
      ),
    );
    await time('vacuum_graph_nodes_ms', () => sql.query('VACUUM graph_nodes'));
    out.size_mb_graph_nodes_after_update = Number(
      (await sql.one<{ mb: number }>(
        `SELECT round(pg_relation_size('graph_nodes') / 1048576.0, 1)::float8 AS mb`,
      ))!.mb,
    );
  } finally {
    await sql.close();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
    await admin.stop();
  }
  for (const [k, v] of Object.entries(out)) console.log(`${k}: ${v}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
