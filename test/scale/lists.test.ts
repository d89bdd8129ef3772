// Lists stay keyset pages bounded by an index whatever plan PostgreSQL caches: every connection of this
// Keel runs with plan_cache_mode = force_generic_plan, the plan a pooled connection holds after five
// executions of a statement. Rows read are counted with EXPLAIN ANALYZE of the very statement a list runs.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGrants, seedProjects } from '../../bench/seed.js';
import type { Queryable } from '../../src/db/sql.js';
import { listNodes } from '../../src/graph/store.js';
import { createTestDatabase, startTestApp, type TestApp } from '../support/harness.js';
import { statementOf } from '../support/plans.js';
import { rowsRead as planRowsRead, type PlanNode } from '../support/plan-rows.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: TestApp;
let admin: string;
let oneGrant: string;
let manyGrants: string;
let probe: pg.Client;
const PER_ORG = 3000;
let acmeIds: string[];
let granted: string[];
let lastGrant: string[];

const ok = (r: { status: number; text: string }) => expect(r.status, r.text).toBeLessThan(300);
const orgId = async (slug: string) =>
  (await app.runtime.core.sql.one<{ node_id: string }>(
    `SELECT node_id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = $1`,
    [slug],
  ))!.node_id;
const userId = async (email: string) =>
  (await app.runtime.core.sql.one<{ node_id: string }>(
    `SELECT node_id FROM graph_keys WHERE namespace = 'User.email' AND key = $1`,
    [email],
  ))!.node_id;

/** Follows the Link header from the first page to the last; returns every item and the page count. */
async function walk(path: string, token: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  for (let next: string | undefined = path; next; pages++) {
    const res = await app.call('GET', next, { token });
    expect(res.status, res.text).toBe(200);
    ids.push(...(res.body as { id: string }[]).map((p) => p.id));
    next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
  }
  return { ids, pages };
}

const cursor = (id: string) => Buffer.from(id).toString('base64url');

/** Runs what `list` would run, under a generic plan, and returns the rows its scans read. */
async function rowsRead(list: (q: Queryable) => Promise<unknown>): Promise<number> {
  const { text, params } = await statementOf(list);
  await probe.query(`PREPARE listed AS ${text}`);
  try {
    const args = params.map((p) => probe.escapeLiteral(String(p))).join(', ');
    const res = await probe.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE listed(${args})`);
    const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
    return planRowsRead(plan);
  } finally {
    await probe.query('DEALLOCATE listed');
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  const name = new URL(db.url).pathname.slice(1);
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  await c.query(`ALTER DATABASE ${name} SET plan_cache_mode = force_generic_plan`);
  await c.end();
  app = await startTestApp({ database: db });
  admin = await app.adminToken();
  for (const org of ['acme', 'other']) {
    ok(await app.call('POST', '/organizations', { token: admin, body: { slug: org, name: org } }));
    for (const team of ['core', 'edge'])
      ok(
        await app.call('POST', `/organizations/${org}/teams`, {
          token: admin,
          body: { slug: team, name: team },
        }),
      );
  }
  const { sql } = app.runtime.core;
  // The two organizations' projects interleave in id order, as they would when both grow.
  for (let start = 1; start <= PER_ORG; start += 50) {
    await seedProjects(sql, { org: 'acme', team: 'core', count: 50, start });
    await seedProjects(sql, { org: 'other', team: 'core', count: 50, start });
  }
  acmeIds = (
    await sql.query<{ id: string }>(
      `SELECT id FROM graph_nodes WHERE label = 'Project' AND props->>'organization_id' = $1 ORDER BY id`,
      [await orgId('acme')],
    )
  ).map((r) => r.id);
  oneGrant = await app.user('one@example.com');
  manyGrants = await app.user('many@example.com');
  // One grant, on the organization's last project.
  lastGrant = await seedGrants(sql, {
    email: 'one@example.com',
    org: 'acme',
    every: PER_ORG,
    offset: PER_ORG - 1,
    actions: ['read'],
  });
  // 1,000 read grants spread over the whole list; update-only grants and grants in another
  // organization between them must not show.
  granted = await seedGrants(sql, { email: 'many@example.com', org: 'acme', every: 3, actions: ['read'] });
  await seedGrants(sql, { email: 'many@example.com', org: 'acme', every: 3, offset: 1, actions: ['update'] });
  await seedGrants(sql, { email: 'many@example.com', org: 'other', every: 2, actions: ['read', 'update'] });
  app.runtime.core.authCache.clear();
  probe = new pg.Client({ connectionString: db.url });
  await probe.connect();
}, 120_000);
afterAll(async () => {
  await probe?.end();
  await app?.close();
  await db?.drop();
});

describe('every connection holds generic plans', () => {
  it('the pool runs with plan_cache_mode = force_generic_plan', async () => {
    expect(await app.runtime.core.sql.one('SHOW plan_cache_mode')).toEqual({
      plan_cache_mode: 'force_generic_plan',
    });
  });
});

describe('project lists are complete and exact under generic plans', () => {
  it('an admin walks the whole organization, in id order, and nothing of the other one', async () => {
    const { ids, pages } = await walk('/organizations/acme/projects?limit=200', admin);
    expect(ids).toEqual(acmeIds);
    expect(pages).toBe(PER_ORG / 200);
  });

  it('a user with 1,000 read grants sees exactly those projects, across the whole list', async () => {
    expect(granted).toHaveLength(1000);
    const { ids } = await walk('/organizations/acme/projects?limit=200', manyGrants);
    expect(ids).toEqual(granted);
    expect(new Set(ids).size).toBe(1000);
  });

  it('a user with one grant, on the last project, sees exactly that one', async () => {
    expect((await walk('/organizations/acme/projects', oneGrant)).ids).toEqual(lastGrant);
    expect((await walk('/organizations/other/projects', oneGrant)).ids).toEqual([]);
  });

  it('a page from a cursor deep in the list starts right after it', async () => {
    const at = acmeIds[Math.floor(PER_ORG * 0.8)]!;
    const res = await app.call('GET', `/organizations/acme/projects?limit=5&cursor=${cursor(at)}`, {
      token: admin,
    });
    const i = acmeIds.indexOf(at);
    expect(res.body.map((p: { id: string }) => p.id)).toEqual(acmeIds.slice(i + 1, i + 6));
    const acl = await app.call('GET', `/organizations/acme/projects?limit=5&cursor=${cursor(at)}`, {
      token: manyGrants,
    });
    expect(acl.body.map((p: { id: string }) => p.id)).toEqual(granted.filter((g) => g > at).slice(0, 5));
  });

  it('team members are a keyset list too', async () => {
    const emails = ['m1@example.com', 'm2@example.com', 'm3@example.com'];
    for (const e of emails) {
      await app.user(e);
      ok(await app.call('PUT', `/organizations/acme/teams/core/members/${e}`, { token: admin }));
    }
    const first = await app.call('GET', '/organizations/acme/teams/core/members?limit=2', { token: admin });
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))![1]!;
    const second = await app.call('GET', next, { token: admin });
    expect(second.headers.link).toBeUndefined();
    expect([...first.body, ...second.body].map((m: { email: string }) => m.email).sort()).toEqual(emails);
  });
});

describe('a page reads about its own rows, at any depth, under a generic plan', () => {
  const LIMIT = 50;
  const bound = 4 * (LIMIT + 1);
  const deep = () => acmeIds[Math.floor(PER_ORG * 0.8)]!;

  it('organization list (admin): first page and 80% deep', async () => {
    const org = await orgId('acme');
    const page = (after?: string) => (q: Queryable) =>
      listNodes(q, { label: 'Project', organization: org, limit: LIMIT, after });
    expect(await rowsRead(page())).toBeLessThanOrEqual(bound);
    expect(await rowsRead(page(deep()))).toBeLessThanOrEqual(bound);
  });

  it('ACL list: 1 grant and 1,000 grants, first page and 80% deep', async () => {
    // The page is read along the user's own grants: the cost follows the page and how the user's
    // grants interleave (here 2.5 grants it cannot list for each it can), not the depth or the table.
    const org = await orgId('acme');
    for (const email of ['one@example.com', 'many@example.com']) {
      const acl = { userId: await userId(email), action: 'read' };
      const page = (after?: string) => (q: Queryable) =>
        listNodes(q, { label: 'Project', organization: org, acl, limit: LIMIT, after });
      const first = await rowsRead(page());
      expect(first).toBeLessThanOrEqual(10 * (LIMIT + 1));
      expect(await rowsRead(page(deep()))).toBeLessThanOrEqual(first * 1.5 + 20);
    }
  });

  it('a whole label (users, roles, environments, plugin entities): 80% deep', async () => {
    const page = (q: Queryable) => listNodes(q, { label: 'Project', limit: LIMIT, after: deep() });
    expect(await rowsRead(page)).toBeLessThanOrEqual(bound);
  });
});
