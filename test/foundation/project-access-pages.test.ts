// GET /organizations/{org}/projects/{project}/access is a keyset list like every other list
// (docs/api-conventions.md, "Lists"): ?limit= and ?cursor=, a Link header to the next page, grants in
// user id order along the project's CAN_ACCESS edges (graph_edges_dst), one static statement for the
// first page and one for the later ones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectGrants } from '../../src/projects/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, keyLookups, scannedTables, statementOf, walks } from '../support/plans.js';
import { createRole, expectInvalid, expectProblem, nodeId, serviceAccount, userToken } from './fixtures.js';

let app: TestApp;
let admin: string;

const P = '/organizations/acme/projects';
const ACCESS = `${P}/shop/access`;
// Created in this order, so user id order (creation order) is the reverse of email order.
const EMAILS = ['g', 'f', 'e', 'd', 'c', 'b', 'a'].map((name) => `${name}@grants.test`);
/** The grants of `shop` as the list must return them: in user id order. */
let expected: { email: string; actions: string[] }[];

const ok = (r: { status: number; text: string }) => expect(r.status, r.text).toBeLessThan(300);
const get = (path: string, token = admin) => app.call('GET', path, { token });
const linkOf = (res: { headers: Record<string, unknown> }) =>
  /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
const cursor = (text: string) => Buffer.from(text).toString('base64url');

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  ok(await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } }));
  ok(await app.call('POST', '/organizations', { token: admin, body: { slug: 'other', name: 'Other' } }));
  for (const org of ['acme', 'other'])
    ok(
      await app.call('POST', `/organizations/${org}/teams`, {
        token: admin,
        body: { slug: 'core', name: 'C' },
      }),
    );
  for (const slug of ['shop', 'empty', 'neighbour'])
    ok(await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core' } }));
  ok(
    await app.call('POST', '/organizations/other/projects', {
      token: admin,
      body: { slug: 'shop', name: 'shop', team: 'core' },
    }),
  );
  const users = app.runtime.core.identity.users;
  for (const email of EMAILS) await users.createUnchecked({ email }, 'test');
  const grants = new Map<string, string[]>();
  for (const [i, email] of EMAILS.entries()) {
    const actions = i % 2 === 0 ? ['read'] : ['read', 'update'];
    grants.set(email, actions);
    ok(await app.call('PUT', `${ACCESS}/${email}`, { token: admin, body: { actions } }));
  }
  // Grants on other projects (the same slug in another organization included) never show.
  ok(
    await app.call('PUT', `${P}/neighbour/access/a@grants.test`, {
      token: admin,
      body: { actions: ['read'] },
    }),
  );
  ok(
    await app.call('PUT', '/organizations/other/projects/shop/access/g@grants.test', {
      token: admin,
      body: { actions: ['read'] },
    }),
  );
  const ids = await Promise.all(
    EMAILS.map(async (email) => ({ email, id: await nodeId(app, 'User.email', email) })),
  );
  expected = ids
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map(({ email }) => ({ email, actions: grants.get(email)! }));
});
afterAll(() => app.close());

describe('GET .../access pages through the grants in user id order', () => {
  it('user id order is not email order here (else the order below would prove nothing)', () => {
    const emails = expected.map((g) => g.email);
    expect(emails).not.toEqual([...emails].sort());
  });

  it('pages of 3 follow the Link header and return all 7 grants exactly once, in user id order', async () => {
    const seen: { email: string; actions: string[] }[] = [];
    const sizes: number[] = [];
    let next: string | undefined = `${ACCESS}?limit=3`;
    while (next) {
      const res = await get(next);
      expect(res.status, res.text).toBe(200);
      sizes.push(res.body.length);
      seen.push(...res.body);
      next = linkOf(res);
      if (next) {
        expect(next.startsWith(`${ACCESS}?`), next).toBe(true);
        expect(new URL(next, 'http://x').searchParams.get('limit')).toBe('3');
      }
      expect(sizes.length).toBeLessThanOrEqual(3);
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(expected);
    expect(new Set(seen.map((g) => g.email)).size).toBe(7);
  });

  it('the last page has no Link header; a page that ends exactly at the last grant has none either', async () => {
    const first = await get(`${ACCESS}?limit=3`);
    const second = await get(linkOf(first)!);
    const last = await get(linkOf(second)!);
    expect(last.status).toBe(200);
    expect(last.body).toEqual(expected.slice(6));
    expect(last.headers.link).toBeUndefined();
    const exact = await get(`${ACCESS}?limit=7`);
    expect(exact.body).toEqual(expected);
    expect(exact.headers.link).toBeUndefined();
  });

  it('items keep their shape: email and actions, nothing else', async () => {
    const res = await get(`${ACCESS}?limit=1`);
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0]).sort()).toEqual(['actions', 'email']);
  });

  it('without ?limit= a page holds up to 50 grants; a project without grants is an empty page', async () => {
    const all = await get(ACCESS);
    expect(all.status).toBe(200);
    expect(all.body).toEqual(expected);
    expect(all.headers.link).toBeUndefined();
    const empty = await get(`${P}/empty/access`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.headers.link).toBeUndefined();
  });

  it('a page starts right after its cursor, and sees a grant added meanwhile after it', async () => {
    const first = await get(`${ACCESS}?limit=2`);
    expect(first.body).toEqual(expected.slice(0, 2));
    await app.runtime.core.identity.users.createUnchecked({ email: 'late@grants.test' }, 'test');
    ok(await app.call('PUT', `${ACCESS}/late@grants.test`, { token: admin, body: { actions: ['read'] } }));
    try {
      const rest: { email: string }[] = [];
      for (let next = linkOf(first); next;) {
        const res = await get(next);
        rest.push(...res.body);
        next = linkOf(res);
      }
      expect(rest.map((g) => g.email)).toEqual([
        ...expected.slice(2).map((g) => g.email),
        'late@grants.test',
      ]);
    } finally {
      ok(await app.call('DELETE', `${ACCESS}/late@grants.test`, { token: admin }));
    }
  });
});

describe('GET .../access refuses bad paging input (422 problem+json)', () => {
  it.each([
    ['garbage', 'garbage!'],
    ['not base64url of an id', cursor('not-an-id')],
    ['an id with SQL after it', cursor(`${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}' OR '1'='1`)],
    ['an email', cursor('a@grants.test')],
    ['empty', ''],
  ])('a forged cursor (%s) names cursor', async (_name, value) => {
    const res = await get(`${ACCESS}?cursor=${encodeURIComponent(value)}`);
    expectInvalid(res, '/cursor', { in: 'query' });
    expect(res.body.detail).toContain('cursor');
  });

  it.each(['0', '201', '-1', 'abc', '2.5'])('limit=%s names limit', async (limit) => {
    expectInvalid(await get(`${ACCESS}?limit=${limit}`), '/limit', { in: 'query' });
  });

  it('limit=1 and limit=200 are the bounds', async () => {
    expect((await get(`${ACCESS}?limit=1`)).body).toHaveLength(1);
    expect((await get(`${ACCESS}?limit=200`)).body).toEqual(expected);
  });

  it('an unknown query parameter is refused', async () => {
    expectInvalid(await get(`${ACCESS}?offset=3`), '/offset', { in: 'query' });
  });
});

describe('GET .../access authorization is unchanged by paging', () => {
  it('a caller without project:access is 403, whether the project exists or not', async () => {
    await createRole(app, 'grant-reader', ['project:read', 'organization:read']);
    const reader = await userToken(app, 'reader@grants.test', { roles: ['grant-reader'] });
    const bot = await serviceAccount(app, 'grants-bot', { roles: ['grant-reader'] });
    // A user whose only right on the project is a CAN_ACCESS grant.
    const acl = await userToken(app, 'acl@grants.test');
    ok(
      await app.call('PUT', `${P}/empty/access/acl@grants.test`, {
        token: admin,
        body: { actions: ['read'] },
      }),
    );
    for (const token of [reader, bot.token, acl]) {
      for (const path of [
        ACCESS,
        `${ACCESS}?limit=3`,
        `${ACCESS}?limit=3&cursor=${cursor(await nodeId(app, 'User.email', 'c@grants.test'))}`,
        `${P}/empty/access`,
        `${P}/nope/access`,
        '/organizations/nope/projects/shop/access',
      ]) {
        const res = await get(path, token);
        expectProblem(res, 403, 'forbidden');
        expect(res.headers.link).toBeUndefined();
      }
    }
  });

  it('with project:access: 404 for a missing organization or project, or one of another organization', async () => {
    await createRole(app, 'grant-manager', ['project:access', 'project:read', 'user:read']);
    const manager = await userToken(app, 'manager@grants.test', { roles: ['grant-manager'] });
    for (const token of [admin, manager]) {
      for (const path of [
        `${P}/nope/access?limit=3`,
        '/organizations/nope/projects/shop/access',
        '/organizations/other/projects/neighbour/access',
      ])
        expectProblem(await get(path, token), 404, 'not_found');
    }
    // project:access lists the grants of a project its holder reads, naming users it may read; paged
    // like the admin's.
    const res = await get(`${ACCESS}?limit=3`, manager);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(expected.slice(0, 3));
    expect(linkOf(res)).toBeDefined();
  });
});

describe("the list's statements, in the generic plan PostgreSQL caches on a just-installed database", () => {
  /** The statement and parameters the store runs for one page. */
  const pageStatement = async (page: { limit: number; after: string | undefined }) => {
    const project = await nodeId(app, 'Project.slug', `${await orgId()}/shop`);
    return statementOf((q) => projectGrants(q, project, page));
  };
  const orgId = () => nodeId(app, 'Organization.slug', 'acme');

  it('first and later pages are two static statements; only the later one has a cursor bound', async () => {
    const first = await pageStatement({ limit: 3, after: undefined });
    const later = await pageStatement({ limit: 3, after: await nodeId(app, 'User.email', 'c@grants.test') });
    expect(first.text).not.toEqual(later.text);
    expect(first.text).not.toMatch(/IS NULL|\bOR\b/i);
    expect(later.text).not.toMatch(/IS NULL|\bOR\b/i);
    expect(first.params).toHaveLength(2);
    expect(later.params).toHaveLength(3);
    expect((await pageStatement({ limit: 50, after: 'x' })).text).toEqual(later.text);
  });

  it.each([
    ['first page', undefined],
    ['later page', 'c@grants.test'],
  ])("%s: a range scan of one project's CAN_ACCESS edges, each user read by its id", async (_name, after) => {
    const { text, params } = await pageStatement({
      limit: 3,
      after: after === undefined ? undefined : await nodeId(app, 'User.email', after),
    });
    const { plan, shown } = await freshPlan(app.runtime.core.sql, text, [...params]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(walks(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toContain('(id = e.src)');
    // The edges are read along graph_edges_dst, bounded by the project, the label and (later pages)
    // the cursor, already in the order of the page: no sort of every grant.
    const edges = plan.findIndex((line) =>
      /Index (Only )?Scan using graph_edges_dst on graph_edges/.test(line),
    );
    expect(edges, shown).toBeGreaterThanOrEqual(0);
    const cond = plan.slice(edges + 1).find((line) => line.includes('Index Cond'))!;
    expect(cond, shown).toMatch(/dst = \$1/);
    expect(cond, shown).toMatch(/label = 'CAN_ACCESS'/);
    if (after === undefined) expect(cond, shown).not.toMatch(/src >/);
    else expect(cond, shown).toMatch(/src > \$3/);
    expect(shown).not.toMatch(/\bSort\b/);
  });
});
