// Every filter of a project list reads one index in project id order from its cursor (list.ts): the
// generic plan PostgreSQL caches on a just-installed database holds that shape, on PostgreSQL 15 and 18
// alike (run this file with and without KEEL_TEST_DATABASE_URL). Then, at 3,000 projects in each of two
// organizations, a filtered page reads about its own rows, first page and 80% deep.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProjects } from '../../bench/seed.js';
import type { Queryable } from '../../src/db/sql.js';
import { listProjects, type ProjectPageQuery } from '../../src/projects/list.js';
import { createTestDatabase, startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, keyLookups, scannedTables, statementOf } from '../support/plans.js';
import { rowsRead as planRowsRead, type PlanNode } from '../support/plan-rows.js';
import { ok, orgWithTeams } from './fixtures.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: TestApp;
let org: string;
const ANY_ID = '01900000-0000-7000-8000-000000000001';

const base = (over: Partial<ProjectPageQuery>): ProjectPageQuery => ({
  organization: org,
  archived: false,
  facts: [],
  limit: 50,
  ...over,
});

/** Each filter a page may be driven by, and the index its first and later pages must read. */
const CASES: [string, Partial<ProjectPageQuery>, RegExp][] = [
  ['no filter', {}, /graph_nodes_project_live/],
  ['archived only', { archived: true }, /graph_nodes_project_archived/],
  ['team', { facts: [{ kind: 'team', name: '', values: ['core'] }] }, /project_facts_pkey/],
  ['type', { facts: [{ kind: 'type', name: '', values: ['service'] }] }, /project_facts_pkey/],
  ['environment', { facts: [{ kind: 'environment', name: '', values: [ANY_ID] }] }, /project_facts_pkey/],
  [
    'attribute equals',
    { facts: [{ kind: 'attribute', name: 'tier', values: ['gold'] }] },
    /project_facts_pkey/,
  ],
  ['attribute exists', { facts: [{ kind: 'has', name: 'tier', values: [''] }] }, /project_facts_pkey/],
  [
    'team, attribute in, type, score range and q together',
    {
      facts: [
        { kind: 'team', name: '', values: ['core'] },
        { kind: 'attribute', name: 'tier', values: ['gold', 'silver'] },
        { kind: 'type', name: '', values: ['service'] },
      ],
      score: { min: 10, max: 90 },
      q: 'pro',
    },
    /project_facts_pkey/,
  ],
  [
    'attribute in alone (walks the live projects)',
    { facts: [{ kind: 'attribute', name: 'tier', values: ['a', 'b'] }] },
    /graph_nodes_project_live/,
  ],
];

beforeAll(async () => {
  db = await createTestDatabase();
  app = await startTestApp({ database: db });
  const admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core']);
  await orgWithTeams(app, admin, 'other', ['core']);
  org = (await app.runtime.core.sql.one<{ node_id: string }>(
    `SELECT node_id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = 'acme'`,
  ))!.node_id;
  ok(
    await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'one', name: 'One', team: 'core' },
    }),
  );
});
afterAll(async () => {
  await app.close();
});

describe('the generic plan of every filter on a just-installed database', () => {
  it.each(CASES)(
    '%s: one index range in id order, nodes by primary key, no sort, no scan',
    async (_n, over, index) => {
      for (const after of [undefined, ANY_ID]) {
        const { text, params } = await statementOf((q) => listProjects(q, base({ ...over, after })));
        const { plan, shown } = await freshPlan(app.runtime.core.sql, text, [...params]);
        expect(scannedTables(plan), shown).toEqual([]);
        expect(shown).not.toMatch(/\bSort\b/);
        expect(shown).not.toMatch(/Bitmap/);
        const at = plan.findIndex((line) => index.test(line));
        expect(at, shown).toBeGreaterThanOrEqual(0);
        const cond = plan.slice(at + 1).find((line) => line.includes('Index Cond'))!;
        if (/project_facts/.test(index.source)) {
          expect(cond, shown).toMatch(/organization_id = /);
          expect(cond, shown).toMatch(/kind = /);
          expect(cond, shown).toMatch(/value = /);
          if (after) expect(cond, shown).toMatch(/project_id > /);
          expect(keyLookups(plan).join(' '), shown).toMatch(/id = f\.project_id/);
        } else {
          expect(cond, shown).toMatch(/organization_id/);
          if (after) expect(cond, shown).toMatch(/id > /);
        }
      }
    },
  );
});

describe('a filtered page reads about its own rows at 3,000 projects per organization, at any depth', () => {
  let probe: pg.Client;
  let ids: string[];
  beforeAll(async () => {
    const { sql } = app.runtime.core;
    for (let start = 1; start <= 3000; start += 100) {
      await seedProjects(sql, { org: 'acme', team: 'core', count: 100, start });
      await seedProjects(sql, { org: 'other', team: 'core', count: 100, start });
    }
    ids = (
      await sql.query<{ id: string }>(
        `SELECT id FROM graph_nodes WHERE label = 'Project' AND props->>'organization_id' = $1 ORDER BY id`,
        [org],
      )
    ).map((r) => r.id);
    probe = new pg.Client({ connectionString: db.url });
    await probe.connect();
    await probe.query('SET plan_cache_mode = force_generic_plan');
  }, 120_000);
  afterAll(() => probe.end());

  async function rowsRead(query: ProjectPageQuery): Promise<{ rows: number; items: number }> {
    const { text, params } = await statementOf((q: Queryable) => listProjects(q, query));
    await probe.query(`PREPARE listed AS ${text}`);
    try {
      const args = params
        .map((p) =>
          Array.isArray(p)
            ? probe.escapeLiteral(`{${p.map((v) => `"${v}"`).join(',')}}`)
            : probe.escapeLiteral(String(p)),
        )
        .join(', ');
      const res = await probe.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE listed(${args})`);
      const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
      return { rows: planRowsRead(plan), items: (plan as { 'Actual Rows'?: number })['Actual Rows'] ?? 0 };
    } finally {
      await probe.query('DEALLOCATE listed');
    }
  }

  it.each([
    ['team', [{ kind: 'team' as const, name: '', values: ['core'] }]],
    ['attribute tier=gold (a third)', [{ kind: 'attribute' as const, name: 'tier', values: ['gold'] }]],
    [
      'attribute coverage=7 (one in a hundred)',
      [{ kind: 'attribute' as const, name: 'coverage', values: ['7'] }],
    ],
    ['has tier', [{ kind: 'has' as const, name: 'tier', values: [''] }]],
  ])('%s: first page and 80%% deep read about the page', async (_n, facts) => {
    const bound = 6 * 51;
    const first = await rowsRead(base({ facts }));
    expect(first.rows).toBeLessThanOrEqual(bound);
    const deep = await rowsRead(base({ facts, after: ids[Math.floor(ids.length * 0.8)]! }));
    expect(deep.rows).toBeLessThanOrEqual(bound);
  });

  it('the filters answer what they say', async () => {
    const gold = await listProjects(
      app.runtime.core.sql,
      base({ facts: [{ kind: 'attribute', name: 'tier', values: ['gold'] }], limit: 200 }),
    );
    expect(gold.items.length).toBe(200);
    expect(gold.items.every((p) => (p.props.attributes as { tier: string }).tier === 'gold')).toBe(true);
    const seven = await listProjects(
      app.runtime.core.sql,
      base({ facts: [{ kind: 'attribute', name: 'coverage', values: ['7'] }], limit: 200 }),
    );
    expect(seven.items.map((p) => p.props.slug)).toEqual(
      Array.from({ length: 30 }, (_, i) => `p${i * 100 + 7}`),
    );
  });
});
