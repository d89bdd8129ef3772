// The dependency index (src/projects/dependency-index.ts): each process walks the blast radius in
// memory and reads what changed since it last looked before every walk. Its answers must be the
// PostgreSQL walk's (BLAST_RADIUS), byte for byte, right after any change committed by any process or
// by SQL by hand: checked here against that walk after each of a few hundred random changes (edges
// added and removed, cycles, renames, a project deleted), read on the replica that made the change and
// on another one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blastRadiusBody, walksBusy } from '../../src/projects/dependencies.js';
import { createSlots } from '../../src/lib/slots.js';
import { dependencyIndex } from '../../src/projects/dependency-index.js';
import {
  CHANGES_SINCE,
  ORGANIZATION_EDGES,
  PRUNE_LOG,
  dependencyLogPruner,
  logPosition,
} from '../../src/projects/dependency-log.js';
import { genericPlan, scannedTables } from '../support/plans.js';
import { startReplicaOf, startTestApp, type TestApp } from '../support/harness.js';
import { nodeId } from '../foundation/fixtures.js';
import { ok, orgWithTeams } from './fixtures.js';
import { eventually } from '../support/eventually.js';

const P = '/organizations/acme/projects';
const COUNT = 30;
const slugOf = (i: number) => `p${i}`;

/** A small seeded generator (mulberry32): the same changes on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let a: TestApp;
let b: TestApp;
let admin: string;
let orgId: string;
const ids = new Map<string, string>();

beforeAll(async () => {
  a = await startTestApp();
  b = await startReplicaOf(a);
  admin = await a.adminToken();
  await orgWithTeams(a, admin, 'acme', ['core']);
  for (let i = 0; i < COUNT; i++)
    ok(
      await a.call('POST', P, {
        token: admin,
        body: { slug: slugOf(i), name: `Project ${i}`, team: 'core' },
      }),
    );
  orgId = await nodeId(a, 'Organization.slug', 'acme');
  for (let i = 0; i < COUNT; i++)
    ids.set(slugOf(i), await nodeId(a, 'Project.slug', `${orgId}/${slugOf(i)}`));
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The PostgreSQL walk's answer, the reference. */
const expected = (slug: string, depth: number, limit: number) =>
  blastRadiusBody(a.runtime.core.sql, { id: ids.get(slug)!, slug }, depth, limit);

/** The API's answer, read afresh (not from the page cache): the index's walk. */
async function served(app: TestApp, slug: string, depth: number, limit: number): Promise<string> {
  const res = await app.call('GET', `${P}/${slug}/blast-radius?depth=${depth}&limit=${limit}`, {
    token: admin,
    headers: { 'cache-control': 'no-cache' },
  });
  expect(res.status, res.text).toBe(200);
  return res.text;
}

describe('the dependency index', () => {
  it('answers as the PostgreSQL walk after every change, on the replica that made it and on another', async () => {
    const next = random(40);
    const pick = () => slugOf(Math.floor(next() * COUNT));
    const { sql } = a.runtime.core;
    const done: string[] = [];
    let compared = 0;
    for (let round = 0; round < 200; round++) {
      const op = next();
      const [from, to] = [pick(), pick()];
      if (op < 0.45 && from !== to) {
        // An edge added through one replica or the other (cycles come as they come).
        ok(
          await (next() < 0.5 ? a : b).call('PUT', `${P}/${from}/dependencies/${to}`, {
            token: admin,
            body: {},
          }),
        );
        done.push(`+${from}>${to}`);
      } else if (op < 0.65) {
        await sql.query(`DELETE FROM graph_edges WHERE src = $1 AND label = 'DEPENDS_ON' AND dst = $2`, [
          ids.get(from),
          ids.get(to),
        ]);
        done.push(`-${from}>${to}`);
      } else if (op < 0.75 && from !== to) {
        // SQL by hand: the triggers write the log as they write project_dependents.
        await sql.query(
          `INSERT INTO graph_edges (src, label, dst) VALUES ($1, 'DEPENDS_ON', $2) ON CONFLICT DO NOTHING`,
          [ids.get(from), ids.get(to)],
        );
        done.push(`+sql ${from}>${to}`);
      } else if (op < 0.9) {
        const name = `Proj "${round}" \\ é ${'x'.repeat(Math.floor(next() * 5))}`;
        ok(await b.call('PATCH', `${P}/${from}`, { token: admin, body: { name } }));
        done.push(`~${from}`);
      } else {
        // A name too long for project_dependents' entry (only SQL by hand writes one): built from the row.
        await sql.query(
          `UPDATE graph_nodes SET props = jsonb_set(props, '{name}', to_jsonb($2::text)) WHERE id = $1`,
          [ids.get(from), `long ${round} ${'n'.repeat(2100)}`],
        );
        done.push(`~long ${from}`);
      }
      for (let k = 0; k < 3; k++) {
        const slug = pick();
        const depth = 1 + Math.floor(next() * 6);
        const limit = [1, 3, 7, 1000][Math.floor(next() * 4)]!;
        const app = k === 0 ? a : b;
        expect(await served(app, slug, depth, limit), `after ${done.slice(-5).join(', ')}`).toBe(
          await expected(slug, depth, limit),
        );
        compared++;
      }
    }
    // The walks met a graph of some size, not only empty answers.
    const edges = (await sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM project_dependents`))!.n;
    expect(edges).toBeGreaterThan(20);
    expect(compared).toBe(600);
  });

  it('reads that arrive together right after a change on another replica all see it', async () => {
    ok(await a.call('PUT', `${P}/p1/dependencies/p2`, { token: admin, body: {} }));
    await served(b, 'p2', 5, 1000); // b's graph is loaded and current
    for (let i = 0; i < 5; i++) {
      const from = `p${10 + i}`;
      ok(await a.call('PUT', `${P}/${from}/dependencies/p2`, { token: admin, body: {} }));
      const answers = await Promise.all(Array.from({ length: 12 }, () => served(b, 'p2', 5, 1000)));
      const want = await expected('p2', 5, 1000);
      expect(want).toContain(`"project":"${from}"`);
      for (const got of answers) expect(got).toBe(want);
    }
  });

  it('a deleted project leaves every answer, and its own is a 404', async () => {
    ok(await a.call('PUT', `${P}/p20/dependencies/p21`, { token: admin, body: {} }));
    ok(await a.call('PUT', `${P}/p22/dependencies/p20`, { token: admin, body: {} }));
    expect(await served(b, 'p21', 5, 1000)).toContain('"project":"p22"');
    ok(await a.call('POST', `${P}/p20/archive`, { token: admin, body: {} }));
    expect((await a.call('DELETE', `${P}/p20`, { token: admin })).status).toBe(204);
    const got = await served(b, 'p21', 5, 1000);
    expect(got).not.toContain('"project":"p20"');
    expect(got).toBe(await expected('p21', 5, 1000));
  });

  it('the log is pruned once its transactions ended long enough ago; current readers miss nothing', async () => {
    const { sql, log } = a.runtime.core;
    const count = async () =>
      (await sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM dependency_log`))!.n;
    await served(a, 'p3', 5, 1000);
    expect(await count()).toBeGreaterThan(0);
    // Kept for 0 ms: each pass deletes below the oldest transaction running now, in the whole server
    // (another test file's open transaction holds that back for a while: passes go on until it ends).
    const before = await count();
    const pruner = dependencyLogPruner({ sql, log }, 0);
    let deleted = 0;
    await eventually(async () => {
      deleted += await pruner.pass();
      return (await count()) === 0;
    }, 30_000);
    expect(deleted).toBe(before);
    ok(await b.call('PUT', `${P}/p4/dependencies/p3`, { token: admin, body: {} }));
    expect(await count()).toBe(1);
    for (const app of [a, b]) expect(await served(app, 'p3', 5, 1000)).toBe(await expected('p3', 5, 1000));
    expect(await served(a, 'p3', 5, 1000)).toContain('"project":"p4"');
    // Kept for an hour: nothing sampled that long ago, nothing deleted.
    expect(await dependencyLogPruner({ sql, log }, 3_600_000).pass()).toBe(0);
    expect(await count()).toBe(1);
  });

  it('an organization with more edges than the budget is walked in PostgreSQL; the rest in memory', async () => {
    const { sql } = a.runtime.core;
    const edges = (await sql.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM project_dependents WHERE organization_id = $1`,
      [orgId],
    ))!.n;
    const small = dependencyIndex(sql, edges - 1);
    expect(await small.walk(orgId, ids.get('p3')!, 5, 1000)).toBeNull();
    expect(small.edges()).toBe(0);
    const enough = dependencyIndex(sql, edges);
    const walked = await enough.walk(orgId, ids.get('p3')!, 5, 1000);
    expect(enough.edges()).toBe(edges);
    expect(JSON.parse(walked!.dependents)).toEqual(JSON.parse(await expected('p3', 5, 1000)).dependents);
    expect(await dependencyIndex(sql, 0).walk(orgId, ids.get('p3')!, 5, 1000)).toBeNull();
    // Loads take the walk slots: with one slot and no room to wait, a second load is refused (503 busy).
    await orgWithTeams(a, admin, 'second', ['core']);
    const second = await nodeId(a, 'Organization.slug', 'second');
    const slotted = dependencyIndex(sql, edges, createSlots(1, 0, walksBusy));
    const first = slotted.walk(orgId, ids.get('p3')!, 5, 1000);
    await expect(slotted.walk(second, ids.get('p3')!, 5, 1000)).rejects.toMatchObject({ code: 'busy' });
    expect(await first).not.toBeNull();
    expect(await slotted.walk(second, ids.get('p3')!, 5, 1000)).toEqual({
      truncated: false,
      dependents: '[]',
    });
    // The API's answer with an index too small for any organization: the same, from PostgreSQL.
    const c = await startReplicaOf(a, { KEEL_DEPENDENCY_INDEX_EDGES: '1' });
    try {
      expect(await served(c, 'p3', 5, 1000)).toBe(await expected('p3', 5, 1000));
    } finally {
      await c.close();
    }
  });
});

// The log is pruned down to the last minute's changes, so it is mostly small, and on a small table a
// scan is the cheaper plan (PostgreSQL 18 chose one for the changes on the log the tests above leave,
// 15 did not). A plan cached then lasts until the table's next analyze, which autovacuum runs once 50
// rows and a tenth of the table changed: the plan that matters is the one made with the statistics of
// a log grown by a burst of changes (an import of many dependencies), checked here on 20,000 rows of
// 50 other organizations.
describe('the dependency log statements read by index, in the plans cached for a grown log', () => {
  it('the changes since a position, the pruning, and the load of an organization', async () => {
    const { sql } = a.runtime.core;
    const position = await logPosition(sql);
    await sql.query(
      `INSERT INTO dependency_log (organization_id, tx, project_id, dependent_id, entry)
       SELECT ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid, i::text::xid8,
              gen_random_uuid(), gen_random_uuid(), 'filler'
         FROM generate_series(1, 20000) i`,
    );
    await sql.query('ANALYZE dependency_log');
    try {
      for (const [name, text, values] of [
        ['changes', CHANGES_SINCE, [orgId, position.xmax, ['1', '2']]],
        ['prune', PRUNE_LOG, [position.xmax, 100]],
        ['load', ORGANIZATION_EDGES, [orgId, 1000]],
      ] as const) {
        const plan = await genericPlan(sql, text, [...values]);
        expect(scannedTables(plan), `${name}:\n${plan.join('\n')}`).toEqual([]);
      }
    } finally {
      await sql.query(`DELETE FROM dependency_log WHERE entry = 'filler'`);
    }
  });
});
