// Dependencies: project -> project DEPENDS_ON with a note; outbound and inbound pages; no
// self-dependency; the blast radius to a chosen depth, cycles tolerated, bounded by depth and count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLAST_RADIUS, walksBusy } from '../../src/projects/dependencies.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, scannedTables } from '../support/plans.js';
import { expectInvalid, expectProblem, nodeId, serviceAccount, userToken } from '../foundation/fixtures.js';
import { ok, orgWithTeams } from './fixtures.js';
import { eventually } from '../support/eventually.js';

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';
const dep = (from: string, to: string, body: unknown = {}, token = admin) =>
  app.call('PUT', `${P}/${from}/dependencies/${to}`, { token, body });
const slugs = (body: { project: string }[]) => body.map((d) => d.project);

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core']);
  await orgWithTeams(app, admin, 'other', ['core']);
  for (const slug of ['db', 'api', 'web', 'mobile', 'batch', 'lonely'])
    ok(await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core' } }));
  ok(
    await app.call('POST', '/organizations/other/projects', {
      token: admin,
      body: { slug: 'db', name: 'x', team: 'core' },
    }),
  );
});
afterAll(() => app.close());

describe('dependencies', () => {
  it('PUT records one (201), again replaces its note (200); both ends list it', async () => {
    const res = await dep('api', 'db', { note: 'reads orders' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ project: 'db', name: 'db', note: 'reads orders' });
    const again = await dep('api', 'db', { note: 'reads and writes orders' });
    expect(again.status).toBe(200);
    for (const [from, to] of [
      ['web', 'api'],
      ['mobile', 'api'],
      ['batch', 'db'],
    ])
      ok(await dep(from!, to!));
    const out = ok(await app.call('GET', `${P}/api/dependencies`, { token: admin })).body;
    expect(out).toEqual([expect.objectContaining({ project: 'db', note: 'reads and writes orders' })]);
    const inbound = ok(await app.call('GET', `${P}/db/dependents?limit=1`, { token: admin }));
    expect(slugs(inbound.body)).toEqual(['api']);
    expect(inbound.headers.link).toBeDefined();
    expect(slugs(ok(await app.call('GET', `${P}/db/dependents`, { token: admin })).body)).toEqual([
      'api',
      'batch',
    ]);
  });

  it("a self-dependency is a 422 naming the target; an unknown target (or another organization's) is 404", async () => {
    expectInvalid(await dep('api', 'api'), '/target', { in: 'params' });
    expectProblem(await dep('api', 'nope'), 404);
    expectProblem(
      await app.call('PUT', '/organizations/other/projects/db/dependencies/api', { token: admin, body: {} }),
      404,
    );
    expectInvalid(await dep('api', 'db', { note: 3 }), '/note');
  });

  it('the blast radius: every dependent, transitively, at its least depth, nearest first', async () => {
    const r = ok(await app.call('GET', `${P}/db/blast-radius`, { token: admin })).body;
    expect(r).toMatchObject({ project: 'db', depth: 5, truncated: false });
    expect(
      r.dependents.map((d: { project: string; depth: number }) => `${d.project}:${d.depth}`).sort(),
    ).toEqual(['api:1', 'batch:1', 'mobile:2', 'web:2']);
    const shallow = ok(await app.call('GET', `${P}/db/blast-radius?depth=1`, { token: admin })).body;
    expect(slugs(shallow.dependents).sort()).toEqual(['api', 'batch']);
    const capped = ok(await app.call('GET', `${P}/db/blast-radius?limit=3`, { token: admin })).body;
    expect(capped.dependents).toStrictEqual(r.dependents.slice(0, 3));
    expect(capped.truncated).toBe(true);
    const one = ok(await app.call('GET', `${P}/db/blast-radius?limit=1`, { token: admin })).body;
    expect(one).toStrictEqual({ ...r, truncated: true, dependents: r.dependents.slice(0, 1) });
    const exact = ok(await app.call('GET', `${P}/db/blast-radius?limit=4`, { token: admin })).body;
    expect(exact.dependents).toHaveLength(4);
    expect(exact.truncated).toBe(false);
  });

  it('the blast radius answers exactly its schema, names of any characters intact, nearest first', async () => {
    const name = 'Say "hi" \\ back\\slash, ünïcode 🚀 </script>';
    for (const [slug, n] of [
      ['leaf', 'Leaf'],
      ['quoted', name],
      ['far', 'Far'],
    ])
      ok(await app.call('POST', P, { token: admin, body: { slug, name: n, team: 'core' } }));
    ok(await dep('quoted', 'leaf'));
    ok(await dep('far', 'quoted'));
    const res = ok(await app.call('GET', `${P}/leaf/blast-radius?depth=3`, { token: admin }));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toStrictEqual({
      project: 'leaf',
      depth: 3,
      truncated: false,
      dependents: [
        { project: 'quoted', name, depth: 1 },
        { project: 'far', name: 'Far', depth: 2 },
      ],
    });
  });

  it('names each dependent by its current slug and name, including one whose entry is not kept or too long to keep', async () => {
    for (const slug of ['base', 'renamed', 'bare', 'long'])
      ok(await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core' } }));
    for (const from of ['renamed', 'bare', 'long']) ok(await dep(from, 'base'));
    ok(
      await app.call('PATCH', `${P}/renamed`, { token: admin, body: { slug: 'moved', name: 'Moved "on"' } }),
    );
    const { sql } = app.runtime.core;
    const orgId = await nodeId(app, 'Organization.slug', 'acme');
    const [bare, long] = [
      await nodeId(app, 'Project.slug', `${orgId}/bare`),
      await nodeId(app, 'Project.slug', `${orgId}/long`),
    ];
    // An entry not kept (as for a name past the index's size), and such a name written by hand.
    await sql.query(`UPDATE project_dependents SET entry = NULL WHERE dependent_id = $1`, [bare]);
    // 1,000 characters, 3,000 bytes, in no order a compressor could shorten: past one B-tree entry.
    let seed = 7;
    const longName = Array.from({ length: 1000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCodePoint(0x4e00 + (seed % 0x5000));
    }).join('');
    await sql.query(
      `UPDATE graph_nodes SET props = props || jsonb_build_object('name', $2::text) WHERE id = $1`,
      [long, longName],
    );
    const entries = await sql.query<{ entry: string | null }>(
      `SELECT entry FROM project_dependents WHERE dependent_id = ANY($1::uuid[]) ORDER BY entry`,
      [[bare, long, await nodeId(app, 'Project.slug', `${orgId}/moved`)]],
    );
    expect(entries.map((e) => e.entry)).toEqual(['"project":"moved","name":"Moved \\"on\\""', null, null]);
    const res = ok(
      await app.call('GET', `${P}/base/blast-radius`, {
        token: admin,
        headers: { 'cache-control': 'no-cache' },
      }),
    );
    expect(res.body.dependents).toStrictEqual([
      { project: 'moved', name: 'Moved "on"', depth: 1 },
      { project: 'bare', name: 'bare', depth: 1 },
      { project: 'long', name: longName, depth: 1 },
    ]);
  });

  it('project_dependents follows every write of an edge or of a name, by the API or by hand', async () => {
    const { sql } = app.runtime.core;
    const orgId = await nodeId(app, 'Organization.slug', 'acme');
    const names = ['k1', 'k2', 'k3', 'k4'];
    for (const slug of names)
      ok(await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core' } }));
    const ids = await Promise.all(names.map((n) => nodeId(app, 'Project.slug', `${orgId}/${n}`)));
    // The edges of these projects as graph_edges has them, and as project_dependents has them.
    const rows = async () => ({
      edges: await sql.query<{ row: string }>(
        `SELECT e.dst || ' <- ' || e.src || ' ' || coalesce(project_entry(n.props), '') AS row
           FROM graph_edges e JOIN graph_nodes n ON n.id = e.src
          WHERE e.label = 'DEPENDS_ON' AND (e.src = ANY($1::uuid[]) OR e.dst = ANY($1::uuid[])) ORDER BY 1`,
        [ids],
      ),
      kept: await sql.query<{ row: string }>(
        `SELECT project_id || ' <- ' || dependent_id || ' ' || coalesce(entry, '') AS row FROM project_dependents
          WHERE dependent_id = ANY($1::uuid[]) OR project_id = ANY($1::uuid[]) ORDER BY 1`,
        [ids],
      ),
    });
    ok(await dep('k2', 'k1'));
    ok(await dep('k3', 'k1', { note: 'first' }));
    ok(await dep('k3', 'k2'));
    ok(await dep('k4', 'k3'));
    ok(await dep('k3', 'k1', { note: 'changed' }));
    ok(await app.call('PATCH', `${P}/k3`, { token: admin, body: { name: 'Three "3"' } }));
    expect((await app.call('DELETE', `${P}/k2/dependencies/k1`, { token: admin })).status).toBe(204);
    // By hand: an edge moved to another project, and one project deleted for good (its edges go with it).
    await sql.query(`UPDATE graph_edges SET dst = $3 WHERE src = $1 AND label = 'DEPENDS_ON' AND dst = $2`, [
      ids[3],
      ids[2],
      ids[0],
    ]);
    expect((await app.call('DELETE', `${P}/k2`, { token: admin })).status).toBe(204);
    const { edges, kept } = await rows();
    expect(kept).toEqual(edges);
    expect(kept.map((r) => r.row)).toEqual(
      [
        `${ids[0]} <- ${ids[2]} "project":"k3","name":"Three \\"3\\""`,
        `${ids[0]} <- ${ids[3]} "project":"k4","name":"k4"`,
      ].sort(),
    );
    const walked = ok(
      await app.call('GET', `${P}/k1/blast-radius`, {
        token: admin,
        headers: { 'cache-control': 'no-cache' },
      }),
    ).body;
    expect(walked.dependents).toEqual([
      { project: 'k3', name: 'Three "3"', depth: 1 },
      { project: 'k4', name: 'k4', depth: 1 },
    ]);
  });

  it('an edge added while its dependent is being renamed is listed by the new name once the rename commits', async () => {
    const { sql } = app.runtime.core;
    const orgId = await nodeId(app, 'Organization.slug', 'acme');
    for (const slug of ['race-base', 'race-dep'])
      ok(await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core' } }));
    const [base, dependent] = [
      await nodeId(app, 'Project.slug', `${orgId}/race-base`),
      await nodeId(app, 'Project.slug', `${orgId}/race-dep`),
    ];
    const renamer = await sql.pool.connect();
    const adder = await sql.pool.connect();
    try {
      await renamer.query('BEGIN');
      await renamer.query(`UPDATE graph_nodes SET props = props || '{"name": "Renamed"}' WHERE id = $1`, [
        dependent,
      ]);
      // The rename cannot see the new edge's row to update it: the edge's write waits for the rename.
      const adding = adder.query(`INSERT INTO graph_edges (src, label, dst) VALUES ($1, 'DEPENDS_ON', $2)`, [
        dependent,
        base,
      ]);
      const first = await Promise.race([
        adding.then(() => 'added'),
        new Promise((r) => setTimeout(() => r('waiting'), 300)),
      ]);
      expect(first).toBe('waiting');
      await renamer.query('COMMIT');
      await adding;
    } finally {
      renamer.release();
      adder.release();
    }
    const rows = await sql.query<{ entry: string }>(
      `SELECT entry FROM project_dependents WHERE project_id = $1 AND dependent_id = $2`,
      [base, dependent],
    );
    expect(rows).toEqual([{ entry: '"project":"race-dep","name":"Renamed"' }]);
  });

  it('cycles are tolerated: each project once, the start left out', async () => {
    ok(await dep('db', 'web'));
    const r = ok(await app.call('GET', `${P}/db/blast-radius?depth=10`, { token: admin })).body;
    expect(slugs(r.dependents).sort()).toEqual(['api', 'batch', 'mobile', 'web']);
    expect(ok(await app.call('GET', `${P}/lonely/blast-radius`, { token: admin })).body.dependents).toEqual(
      [],
    );
  });

  it('many read afresh at once take turns for a walk (KEEL_DATABASE_WALK_SLOTS, 2), each answered in full', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.call('GET', `${P}/db/blast-radius?depth=10`, {
          token: admin,
          headers: { 'cache-control': 'no-cache' },
        }),
      ),
    );
    for (const res of answers)
      expect(slugs(ok(res).body.dependents).sort()).toEqual(['api', 'batch', 'mobile', 'web']);
  });

  it('beyond the walks waiting, a 503 busy that says to try again in a second', () => {
    expect(walksBusy()).toMatchObject({ status: 503, code: 'busy', retryAfter: 1 });
    expect(walksBusy().detail).toMatch(/too many blast radius walks are waiting/);
  });

  it('bad depth or limit: 422 naming it', async () => {
    for (const [q, pointer] of [
      ['depth=0', '/depth'],
      ['depth=11', '/depth'],
      ['limit=5001', '/limit'],
      ['x=1', '/x'],
    ])
      expectInvalid(await app.call('GET', `${P}/db/blast-radius?${q}`, { token: admin }), pointer!, {
        in: 'query',
      });
  });

  it('DELETE removes it (204), again 404', async () => {
    expect((await app.call('DELETE', `${P}/db/dependencies/web`, { token: admin })).status).toBe(204);
    expectProblem(await app.call('DELETE', `${P}/db/dependencies/web`, { token: admin }), 404);
  });

  it('the blast radius is served from the page cache, and every change to a dependency or a project drops it', async () => {
    const radius = async (headers: Record<string, string> = {}) =>
      ok(await app.call('GET', `${P}/lonely/blast-radius`, { token: admin, headers })).body.dependents.map(
        (d: { project: string; name: string }) => `${d.project}:${d.name}`,
      );
    expect(await radius()).toEqual([]);
    ok(await dep('web', 'lonely'));
    expect(await radius()).toEqual(['web:web']);
    ok(await app.call('PATCH', `${P}/web`, { token: admin, body: { name: 'Web shop' } }));
    expect(await radius()).toEqual(['web:Web shop']);
    // A write that no trigger announces (triggers off for its session, as a logical replica applies
    // the edge and its project_dependents row) leaves the cached answer as it was; a request with
    // Cache-Control: no-cache reads afresh. (The PATCH's own announcement reaches
    // this process a moment after its commit and drops the family again: let it arrive first.)
    await new Promise((r) => setTimeout(r, 1000));
    expect(await radius()).toEqual(['web:Web shop']);
    const { sql } = app.runtime.core;
    const [lonely, batch] = [
      await nodeId(app, 'Project.slug', `${await nodeId(app, 'Organization.slug', 'acme')}/lonely`),
      await nodeId(app, 'Project.slug', `${await nodeId(app, 'Organization.slug', 'acme')}/batch`),
    ];
    const client = await sql.pool.connect();
    try {
      await client.query(`SET session_replication_role = replica`);
      await client.query(`INSERT INTO graph_edges (src, label, dst) VALUES ($1, 'DEPENDS_ON', $2)`, [
        batch,
        lonely,
      ]);
      // What the triggers would write: the row of project_dependents, and the change for the
      // dependency indexes of the API processes (src/projects/dependency-log.ts).
      await client.query(
        `INSERT INTO project_dependents (project_id, dependent_id, entry, organization_id)
         SELECT $2, id, project_entry_kept(props), (props->>'organization_id')::uuid FROM graph_nodes WHERE id = $1`,
        [batch, lonely],
      );
      await client.query(
        `INSERT INTO dependency_log (organization_id, project_id, dependent_id, entry)
         SELECT (props->>'organization_id')::uuid, $2, id, project_entry(props) FROM graph_nodes WHERE id = $1`,
        [batch, lonely],
      );
      await client.query(`RESET session_replication_role`);
    } finally {
      client.release();
    }
    expect(await radius()).toEqual(['web:Web shop']);
    expect(await radius({ 'cache-control': 'no-cache' })).toEqual(['web:Web shop', 'batch:batch']);
    // Any writer's change, SQL by hand included, is announced by the trigger and drops it everywhere.
    await sql.query(`DELETE FROM graph_edges WHERE src = $1 AND label = 'DEPENDS_ON' AND dst = $2`, [
      batch,
      lonely,
    ]);
    // (Within 3 s: the cache's own expiry, 5 s, would hide a change nobody announced.)
    await eventually(async () => (await radius()).length === 1, 3000);
    expect((await app.call('DELETE', `${P}/web/dependencies/lonely`, { token: admin })).status).toBe(204);
    expect(await radius()).toEqual([]);
  });

  it('the blast radius statement walks project_dependents by its key, never a whole table', async () => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, BLAST_RADIUS, [
      await nodeId(app, 'Project.slug', `${await nodeId(app, 'Organization.slug', 'acme')}/db`),
      5,
      1000,
    ]);
    expect(scannedTables(plan), shown).toEqual([]);
    // Each step's dependents and their slugs and names from one range of the primary key.
    expect(shown).toMatch(/Index Cond: \(project_id = r_1\.id\)/);
    expect(shown).toMatch(/project_dependents_pkey/);
    expect(shown).not.toMatch(/graph_edges/);
  });
});

describe('who may', () => {
  it('401 without a token; writes need update on the project, reads need read; no read: 404', async () => {
    expectProblem(await app.call('GET', `${P}/db/dependents`, {}), 401);
    const member = await userToken(app, 'member@deps.test', { roles: ['member'] });
    ok(await app.call('GET', `${P}/db/dependents`, { token: member }));
    ok(await app.call('GET', `${P}/db/blast-radius`, { token: member }));
    expectProblem(await dep('lonely', 'db', {}, member), 403);
    const nobody = await userToken(app, 'nobody@deps.test');
    expectProblem(await app.call('GET', `${P}/db/dependents`, { token: nobody }), 404);
    expectProblem(await dep('lonely', 'db', {}, nobody), 404);
    const bot = await serviceAccount(app, 'deps-bot');
    expectProblem(await app.call('GET', `${P}/db/dependents`, { token: bot.token }), 403);
    expectProblem(await app.call('GET', `${P}/db/blast-radius`, { token: bot.token }), 403);
  });

  it('an ACL user: updates with an update edge, names only targets it reads, lists only what it reads', async () => {
    const acl = await userToken(app, 'acl@deps.test');
    ok(
      await app.call('PUT', `${P}/lonely/access/acl@deps.test`, {
        token: admin,
        body: { actions: ['read', 'update'] },
      }),
    );
    expectProblem(await dep('lonely', 'db', {}, acl), 404);
    ok(await app.call('PUT', `${P}/db/access/acl@deps.test`, { token: admin, body: { actions: ['read'] } }));
    expect((await dep('lonely', 'db', {}, acl)).status).toBe(201);
    // db's dependents: api, batch (not readable to it) and lonely.
    expect(slugs(ok(await app.call('GET', `${P}/db/dependents`, { token: acl })).body)).toEqual(['lonely']);
    // The blast radius names projects across the organization: the global permission only.
    expectProblem(await app.call('GET', `${P}/db/blast-radius`, { token: acl }), 403);
  });
});
