// events/comments: POST and GET /organizations/{org}/projects/{project}/comments.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_FIRST_PAGE, COMMENTS_NEXT_PAGE } from '../../src/comments/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  allPages,
  createRole,
  expectInvalid,
  expectProblem,
  nodeId,
  serviceAccount,
} from '../foundation/fixtures.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import { expectStatus, metadataOf, recorded } from './support.js';

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';
const C = `${P}/api/comments`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 't', name: 'T' } });
  for (const slug of ['api', 'web', 'doomed'])
    await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 't' } });
  await createRole(app, 'project-reader', ['project:read']);
});
afterAll(() => app.close());

const post = (body: unknown, token: string | undefined, path = C) => app.call('POST', path, { token, body });

describe('POST comments: a graph node linked to the project, and one events row on topic comments', () => {
  it('201 with the comment; the node is COMMENT_ON the project; the row names who, where and what', async () => {
    let res!: Awaited<ReturnType<typeof post>>;
    const rows = await recorded(app, async () => {
      res = await post({ body: 'Ship it 🚀' }, admin);
    });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      organization: 'acme',
      project: 'api',
      body: 'Ship it 🚀',
      author: 'admin@example.com',
    });
    const projectId = await nodeId(
      app,
      'Project.slug',
      `${await nodeId(app, 'Organization.slug', 'acme')}/api`,
    );
    const edge = await app.runtime.core.sql.one(
      `SELECT 1 AS ok FROM graph_edges e JOIN graph_nodes n ON n.id = e.src
        WHERE e.src = $1 AND e.label = 'COMMENT_ON' AND e.dst = $2 AND n.label = 'Comment'`,
      [res.body.id, projectId],
    );
    expect(edge).toEqual({ ok: 1 });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ stream: 'events', topic: 'comments', headers: {} });
    expect(row.row).toMatchObject({
      event_type: 'comment.created',
      source: 'comments',
      organization: 'acme',
      project: 'api',
      environment: null,
      subject_id: res.body.id,
      principal_name: 'admin@example.com',
      actor_name: null,
    });
    // The body stays in the graph; analytics learn its length only.
    expect(metadataOf(row)).toEqual({ project_id: projectId, body_length: 'Ship it 🚀'.length });
    expect(JSON.stringify(row.row)).not.toContain('Ship it');
  });

  it('bad input is 422 naming the field and records nothing', async () => {
    const rows = await recorded(app, async () => {
      expectInvalid(await post({ body: '  \n ' }, admin), '/body');
      expectInvalid(await post({ body: '' }, admin), '/body');
      expectInvalid(await post({}, admin), '/body');
      expectInvalid(await post({ body: 'x'.repeat(10_001) }, admin), '/body');
      expectInvalid(await post({ body: 'ok', author: 'someone else' }, admin), '/author');
      expectInvalid(await post({ body: 'a\u0000b' }, admin), '/body');
      expectProblem(await post({ body: 'hi' }, admin, `${P}/nope/comments`), 404, 'not_found');
      expectProblem(await post({ body: 'hi' }, admin, '/organizations/nope/projects/api/comments'), 404);
    });
    expect(rows).toEqual([]);
  });
});

describe('GET comments: oldest first, keyset-paginated', () => {
  it('pages of limit with a Link header cover every comment once', async () => {
    for (let i = 0; i < 5; i++)
      expectStatus(await post({ body: `web ${i}` }, admin, `${P}/web/comments`), 201);
    const first = await app.call('GET', `${P}/web/comments?limit=2`, { token: admin });
    expectStatus(first, 200);
    expect(first.body.map((c: { body: string }) => c.body)).toEqual(['web 0', 'web 1']);
    expect(first.headers.link).toMatch(
      /^<\/organizations\/acme\/projects\/web\/comments\?limit=2&cursor=[^>]+>; rel="next"$/,
    );
    const all = await allPages<{ body: string }>(app, `${P}/web/comments?limit=2`, admin);
    expect(all.map((c) => c.body)).toEqual(['web 0', 'web 1', 'web 2', 'web 3', 'web 4']);
    const last = await app.call('GET', `${P}/web/comments?limit=5`, { token: admin });
    expect(last.headers.link).toBeUndefined();
  });

  it('a bad cursor or limit is 422 naming the query parameter', async () => {
    expectInvalid(await app.call('GET', `${C}?cursor=zzz`, { token: admin }), '/cursor', { in: 'query' });
    expectInvalid(await app.call('GET', `${C}?limit=0`, { token: admin }), '/limit', { in: 'query' });
  });

  it('first and later pages are separate statements whose generic plans walk the edge index', async () => {
    // A connection of its own: the session settings and prepared statements stay out of the pool.
    const client = new pg.Client({ connectionString: app.url });
    await client.connect();
    try {
      await client.query(`SET plan_cache_mode = force_generic_plan`);
      await client.query(`SET enable_seqscan = off`);
      for (const [name, text, args] of [
        ['first_page', COMMENTS_FIRST_PAGE, '(gen_random_uuid(), 51)'],
        ['next_page', COMMENTS_NEXT_PAGE, '(gen_random_uuid(), 51, gen_random_uuid())'],
      ] as const) {
        await client.query(`PREPARE ${name} AS ${text}`);
        const plan = (await client.query(`EXPLAIN EXECUTE ${name}${args}`)).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan).toMatch(/graph_edges_dst/);
        expect(plan).not.toMatch(/Sort/);
        expect(plan).toMatch(/\$1/);
      }
    } finally {
      await client.end();
    }
  });
});

describe('who may comment and read comments: read access to the project', () => {
  it('anonymous 401; no read access: users 404 (as for a missing project), service accounts 403 (a CAN_ACCESS edge too)', async () => {
    const none = await app.user('none@example.com');
    const sa = await serviceAccount(app, 'bare');
    const aclSa = await serviceAccount(app, 'acl-sa');
    await app.runtime.core.sql.query(
      `INSERT INTO graph_edges (src, label, dst, props) VALUES ($1, 'CAN_ACCESS', $2, '{"actions":["read"]}')`,
      [
        await nodeId(app, 'ServiceAccount.slug', 'acl-sa'),
        await nodeId(app, 'Project.slug', `${await nodeId(app, 'Organization.slug', 'acme')}/api`),
      ],
    );
    const rows = await recorded(app, async () => {
      expectProblem(await app.call('POST', C, { body: { body: 'x' } }), 401, 'unauthenticated');
      expectProblem(await app.call('GET', C), 401, 'unauthenticated');
      expectProblem(await post({ body: 'x' }, none), 404, 'not_found');
      expectProblem(await app.call('GET', C, { token: none }), 404, 'not_found');
      for (const token of [sa.token, aclSa.token]) {
        expectProblem(await post({ body: 'x' }, token), 403, 'forbidden');
        expectProblem(await app.call('GET', C, { token }), 403, 'forbidden');
      }
    });
    expect(rows).toEqual([]);
  });

  it('project:read (a member), CAN_ACCESS read (a user), an admin and a service account with project:read may', async () => {
    const member = await app.user('member@example.com', { roles: ['member'] });
    const acl = await app.user('acl@example.com');
    await app.call('PUT', `${P}/api/access/acl@example.com`, { token: admin, body: { actions: ['read'] } });
    const reader = await serviceAccount(app, 'reader', { roles: ['project-reader'] });
    for (const [token, author] of [
      [member, 'member@example.com'],
      [acl, 'acl@example.com'],
      [admin, 'admin@example.com'],
      [reader.token, 'reader'],
    ] as const) {
      const res = await post({ body: `from ${author}` }, token);
      expectStatus(res, 201);
      expect(res.body.author).toBe(author);
      expectStatus(await app.call('GET', C, { token }), 200);
    }
    // CAN_ACCESS on one project opens that project only.
    expectProblem(await post({ body: 'x' }, acl, `${P}/web/comments`), 404, 'not_found');
  });

  it('a delegated call comments as "<user> on behalf of <actor>"', async () => {
    const cred = await setupScheduler(app);
    const user = await app.user('dev@example.com', { roles: ['member'] });
    await consent(app, user);
    let res!: Awaited<ReturnType<typeof post>>;
    const rows = await recorded(app, async () => {
      res = await post({ body: 'nightly note' }, await delegatedToken(app, cred, 'dev@example.com'));
    });
    expectStatus(res, 201);
    expect(res.body.author).toBe('dev@example.com on behalf of scheduler');
    expect(rows[0]!.row).toMatchObject({ principal_name: 'dev@example.com', actor_name: 'scheduler' });
  });
});

describe("a project's comments go with it", () => {
  it('deleting the project deletes its comment nodes', async () => {
    const res = await post({ body: 'soon gone' }, admin, `${P}/doomed/comments`);
    expectStatus(res, 201);
    expectStatus(await app.call('DELETE', `${P}/doomed`, { token: admin }), 204);
    const left = await app.runtime.core.sql.one(`SELECT id FROM graph_nodes WHERE id = $1`, [res.body.id]);
    expect(left).toBeUndefined();
  });
});
