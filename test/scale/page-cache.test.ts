// The page cache (src/http/page-cache.ts): a cached page or entity is never served to a caller who may
// not read it, and never outlives a change: the writing process drops it on commit, other replicas on
// a notification (a trigger's for projects and grants, the writer's for plugin entities), and a
// `Cache-Control: no-cache` request reads afresh.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGES_CHANNEL } from '../../src/http/page-cache.js';
import { expectProblem, serviceAccount, userToken } from '../foundation/fixtures.js';
import { generatedManifest } from '../plugins/fixtures.js';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';

let a: TestApp; // two replicas on one database
let b: TestApp;
let admin: string;
let reader: string;
const LIST = '/organizations/acme/projects';
const plugin = generatedManifest('cached', 'Ca', 3);
const ENTITIES = '/admin/plugins/cached/entities/CaService';

const ok = (res: Res, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res;
};
const slugs = (res: Res) => (ok(res).body as { slug: string }[]).map((p) => p.slug);
const project = (slug: string) =>
  a.call('POST', LIST, { token: admin, body: { slug, name: slug, team: 'core' } });

/** Another replica: the same database and signing key, caches of its own. */
const replica = (env: Record<string, string> = {}) =>
  startTestApp({
    database: { url: a.url },
    env: { KEEL_AUTH_JWT_PRIVATE_KEY: a.runtime.core.settings.auth.jwtPrivateKey!, ...env },
  });

/** Polls `read` on the other replica until `done` holds (a notification crosses replicas asynchronously). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Resolves once `replica` has handled every page announcement either replica sent before the call:
 * PostgreSQL delivers the notifications of one channel in commit order, so a marker sent after them
 * arrives after them.
 */
async function announcementsHandled(replica: TestApp): Promise<void> {
  await Promise.all([a.runtime.core.pages.flush(), b.runtime.core.pages.flush()]);
  const pages = replica.runtime.core.pages;
  const marker = `marker:${randomUUID()}`;
  const drop = pages.drop.bind(pages);
  const handled = new Promise<void>((resolve) => {
    pages.drop = (family: string) => {
      drop(family);
      if (family !== marker) return;
      pages.drop = drop;
      resolve();
    };
  });
  await replica.runtime.core.sql.query('SELECT pg_notify($1, $2)', [PAGES_CHANNEL, marker]);
  await handled;
}

beforeAll(async () => {
  a = await startTestApp();
  b = await replica();
  admin = await a.adminToken();
  reader = await userToken(a, 'reader@example.com', { roles: ['member'] });
  ok(await a.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } }), 201);
  ok(
    await a.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 'core', name: 'C' } }),
    201,
  );
  for (const slug of ['p1', 'p2']) ok(await project(slug), 201);
  ok(await a.call('POST', '/admin/plugins', { token: admin, body: { manifest: plugin.manifest } }), 201);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('project pages', () => {
  it('a project created, renamed or deleted shows on the next page of the writing process', async () => {
    expect(slugs(await a.call('GET', LIST, { token: admin }))).toEqual(['p1', 'p2']);
    ok(await project('p3'), 201);
    expect(slugs(await a.call('GET', LIST, { token: admin }))).toEqual(['p1', 'p2', 'p3']);
    ok(await a.call('PATCH', `${LIST}/p3`, { token: admin, body: { slug: 'p3b' } }));
    expect(slugs(await a.call('GET', LIST, { token: admin }))).toEqual(['p1', 'p2', 'p3b']);
    ok(await a.call('DELETE', `${LIST}/p3b`, { token: admin }), 204);
    expect(slugs(await a.call('GET', LIST, { token: admin }))).toEqual(['p1', 'p2']);
  });

  it('the Link header of a cached page is the one it was built with', async () => {
    const first = ok(await a.call('GET', `${LIST}?limit=1`, { token: admin }));
    const again = ok(await a.call('GET', `${LIST}?limit=1`, { token: admin }));
    expect(again.headers.link).toBe(first.headers.link);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const next = /<([^>]+)>/.exec(String(again.headers.link))![1]!;
    expect(slugs(await a.call('GET', next, { token: admin }))).toEqual(['p2']);
  });

  it("an ACL user never gets the page another caller cached, and sees a grant's change at once", async () => {
    const acl = await userToken(a, 'acl@example.com');
    expect(slugs(await a.call('GET', LIST, { token: admin }))).toEqual(['p1', 'p2']);
    expect(slugs(await a.call('GET', LIST, { token: acl }))).toEqual([]);
    const grant = `${LIST}/p2/access/acl@example.com`;
    ok(await a.call('PUT', grant, { token: admin, body: { actions: ['read'] } }));
    expect(slugs(await a.call('GET', LIST, { token: acl }))).toEqual(['p2']);
    ok(await a.call('DELETE', grant, { token: admin }), 204);
    expect(slugs(await a.call('GET', LIST, { token: acl }))).toEqual([]);
    // Another ACL user has pages of their own.
    const other = await userToken(a, 'other@example.com');
    ok(
      await a.call('PUT', `${LIST}/p1/access/other@example.com`, {
        token: admin,
        body: { actions: ['read'] },
      }),
    );
    expect(slugs(await a.call('GET', LIST, { token: other }))).toEqual(['p1']);
    expect(slugs(await a.call('GET', LIST, { token: acl }))).toEqual([]);
  });

  it('a user who loses project:read gets their own (ACL) page, not the page they read before', async () => {
    const token = await userToken(a, 'leaving@example.com', { roles: ['member'] });
    expect(slugs(await a.call('GET', LIST, { token }))).toEqual(['p1', 'p2']);
    ok(await a.call('DELETE', '/users/leaving%40example.com/roles/member', { token: admin }), 204);
    expect(slugs(await a.call('GET', LIST, { token }))).toEqual([]);
    expect(slugs(await a.call('GET', LIST, { token: reader }))).toEqual(['p1', 'p2']);
  });

  it('a service account without project:read is refused whatever is cached', async () => {
    const robot = await serviceAccount(a, 'robot');
    ok(await a.call('GET', LIST, { token: admin }));
    expectProblem(await a.call('GET', LIST, { token: robot.token }), 403);
  });

  it('a missing organization is a 404, never a cached page', async () => {
    expectProblem(await a.call('GET', '/organizations/nowhere/projects', { token: admin }), 404);
  });

  it('a rescore drops the project pages of its process on its commit, so its scores show on the next read', async () => {
    ok(
      await a.call('POST', '/scoring/policies', {
        token: admin,
        body: { slug: 'cached-tier', attribute: 'tier', weight: 1, value_score_map: { gold: 100 } },
      }),
      201,
    );
    ok(await a.call('PATCH', `${LIST}/p2`, { token: admin, body: { attributes: { tier: 'gold' } } }));
    const score = async () =>
      (ok(await a.call('GET', `${LIST}/p2`, { token: admin })).body as { score: unknown }).score;
    const before = await score(); // cached now, with the score as it was
    // Dropped by the rescore's own commit, not by the trigger's notification, which arrives when it
    // arrives: read at once, the page would otherwise still hold the score before the rescore.
    const pages = a.runtime.core.pages;
    const families: string[] = [];
    const invalidate = pages.invalidate.bind(pages);
    pages.invalidate = (tx, family) => {
      families.push(family);
      invalidate(tx, family);
    };
    try {
      ok(
        await a.call('POST', '/scoring/rescore', {
          token: admin,
          body: { organization: 'acme', project: 'p2' },
        }),
      );
    } finally {
      pages.invalidate = invalidate;
    }
    expect(families).toContain('projects');
    expect(before).not.toBe(100);
    expect(await score()).toBe(100);
    const listed = ok(await a.call('GET', LIST, { token: admin })).body as { slug: string; score: unknown }[];
    expect(listed.find((p) => p.slug === 'p2')?.score).toBe(100);
  });

  it("another replica's write shows on this replica's next reads, announced by the trigger", async () => {
    expect(slugs(await b.call('GET', LIST, { token: reader }))).toEqual(['p1', 'p2']);
    ok(await project('p4'), 201);
    const seen = await eventually(
      () => b.call('GET', LIST, { token: reader }),
      (r) => slugs(r).includes('p4'),
    );
    expect(slugs(seen)).toEqual(['p1', 'p2', 'p4']);
  });

  it('a change made by SQL by hand is announced too', async () => {
    expect(slugs(await b.call('GET', LIST, { token: reader }))).toContain('p4');
    await a.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || '{"name": "Renamed by hand"}' WHERE label = 'Project' AND props->>'slug' = 'p4'`,
    );
    const seen = await eventually(
      () => b.call('GET', LIST, { token: reader }),
      (r) => (ok(r).body as { name: string }[]).some((p) => p.name === 'Renamed by hand'),
    );
    expect((seen.body as { name: string }[]).map((p) => p.name)).toContain('Renamed by hand');
  });
});

describe('the read of one project', () => {
  const P1 = `${LIST}/p1`;
  const DEFS = '/organizations/acme/link-definitions';
  const links = (res: Res) =>
    (ok(res).body as { links: { link: string; name: string; url: string }[] }).links;

  it('a cached read is sent byte for byte as read afresh, and a change shows on the next read', async () => {
    const first = ok(await a.call('GET', P1, { token: reader }));
    const cached = ok(await a.call('GET', P1, { token: reader }));
    const fresh = ok(await a.call('GET', P1, { token: reader, headers: { 'cache-control': 'no-cache' } }));
    expect(cached.text).toBe(first.text);
    expect(fresh.text).toBe(first.text);
    expect(cached.headers['content-type']).toBe('application/json; charset=utf-8');
    ok(await a.call('PATCH', P1, { token: admin, body: { name: 'First' } }));
    expect(ok(await a.call('GET', P1, { token: reader })).body.name).toBe('First');
  });

  it("a link definition's creation, change and deletion show on the next read of every replica", async () => {
    // Read on both replicas first, so each holds the read without the link.
    expect(links(await a.call('GET', P1, { token: reader }))).toEqual([]);
    expect(links(await b.call('GET', P1, { token: reader }))).toEqual([]);
    const body = { slug: 'repo', name: 'Repository', url_template: 'https://git.example.com/{project}' };
    ok(await a.call('POST', DEFS, { token: admin, body }), 201);
    const repo = [expect.objectContaining({ link: 'repo', url: 'https://git.example.com/p1' })];
    expect(links(await a.call('GET', P1, { token: reader }))).toEqual(repo);
    expect(
      links(
        await eventually(
          () => b.call('GET', P1, { token: reader }),
          (r) => links(r).length === 1,
        ),
      ),
    ).toEqual(repo);

    ok(
      await a.call('PATCH', `${DEFS}/repo`, {
        token: admin,
        body: { url_template: 'https://code.example.com/{project}' },
      }),
    );
    const moved = [expect.objectContaining({ link: 'repo', url: 'https://code.example.com/p1' })];
    expect(links(await a.call('GET', P1, { token: reader }))).toEqual(moved);
    const changed = (r: Res) => links(r)[0]?.url === 'https://code.example.com/p1';
    expect(links(await eventually(() => b.call('GET', P1, { token: reader }), changed))).toEqual(moved);

    ok(await a.call('DELETE', `${DEFS}/repo`, { token: admin }), 204);
    expect(links(await a.call('GET', P1, { token: reader }))).toEqual([]);
    expect(
      links(
        await eventually(
          () => b.call('GET', P1, { token: reader }),
          (r) => links(r).length === 0,
        ),
      ),
    ).toEqual([]);
  });

  it('a link definition written by SQL by hand is announced too', async () => {
    await announcementsHandled(b);
    expect(links(await b.call('GET', P1, { token: reader }))).toEqual([]);
    const org = ok(await a.call('GET', '/organizations/acme', { token: admin })).body as { id: string };
    const body = { slug: 'wiki', name: 'Wiki', url_template: 'https://wiki.example.com/{project}' };
    ok(await a.call('POST', DEFS, { token: admin, body }), 201);
    await announcementsHandled(b);
    expect(links(await b.call('GET', P1, { token: reader }))).toHaveLength(1);
    await a.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || '{"name": "Wiki by hand"}'
        WHERE label = 'LinkDefinition' AND props->>'organization_id' = $1`,
      [org.id],
    );
    const seen = await eventually(
      () => b.call('GET', P1, { token: reader }),
      (r) => links(r)[0]?.name === 'Wiki by hand',
    );
    expect(links(seen)[0]?.name).toBe('Wiki by hand');
    ok(await a.call('DELETE', `${DEFS}/wiki`, { token: admin }), 204);
  });

  it('an ACL user reads the project only while the grant holds, whatever is cached', async () => {
    const acl = await userToken(a, 'acl-get@example.com');
    ok(await a.call('GET', P1, { token: admin }));
    expectProblem(await a.call('GET', P1, { token: acl }), 404);
    const grant = `${P1}/access/acl-get@example.com`;
    ok(await a.call('PUT', grant, { token: admin, body: { actions: ['read'] } }));
    expect(ok(await a.call('GET', P1, { token: acl })).text).toBe(
      ok(await a.call('GET', P1, { token: admin })).text,
    );
    ok(await a.call('DELETE', grant, { token: admin }), 204);
    expectProblem(await a.call('GET', P1, { token: acl }), 404);
    // Refused on the other replica too, where the read may still be cached.
    ok(await b.call('GET', P1, { token: reader }));
    const refused = await eventually(
      () => b.call('GET', P1, { token: acl }),
      (r) => r.status === 404,
    );
    expectProblem(refused, 404);
  });

  it('a project deleted and created again under its slug is read afresh, not as cached', async () => {
    ok(await project('again'), 201);
    const before = ok(await a.call('GET', `${LIST}/again`, { token: reader })).body as { id: string };
    ok(await a.call('DELETE', `${LIST}/again`, { token: admin }), 204);
    expectProblem(await a.call('GET', `${LIST}/again`, { token: reader }), 404);
    ok(await project('again'), 201);
    const after = ok(await a.call('GET', `${LIST}/again`, { token: reader })).body as { id: string };
    expect(after.id).not.toBe(before.id);
  });
});

describe('plugin entity pages and reads', () => {
  let id: string;

  it('an entity created, patched or deleted shows on the next list and get of the writing process', async () => {
    expect(ok(await a.call('GET', ENTITIES, { token: admin })).body).toEqual([]);
    const created = ok(await a.call('POST', ENTITIES, { token: admin, body: plugin.document(1) }), 201);
    id = created.body.id;
    expect(
      (ok(await a.call('GET', ENTITIES, { token: admin })).body as { id: string }[]).map((e) => e.id),
    ).toEqual([id]);
    expect(ok(await a.call('GET', `${ENTITIES}/${id}`, { token: admin })).body.properties.p0).toBe(
      'document 1',
    );
    ok(await a.call('PATCH', `${ENTITIES}/${id}`, { token: admin, body: { p0: 'patched' } }));
    expect(ok(await a.call('GET', `${ENTITIES}/${id}`, { token: admin })).body.properties.p0).toBe('patched');
    expect(ok(await a.call('GET', ENTITIES, { token: admin })).body[0].properties.p0).toBe('patched');
  });

  it("another replica's entity write shows on this replica's next reads, announced by the writer", async () => {
    expect(ok(await b.call('GET', `${ENTITIES}/${id}`, { token: admin })).body.properties.p0).toBe('patched');
    ok(await a.call('PATCH', `${ENTITIES}/${id}`, { token: admin, body: { p0: 'from a' } }));
    const seen = await eventually(
      () => b.call('GET', `${ENTITIES}/${id}`, { token: admin }),
      (r) => ok(r).body.properties.p0 === 'from a',
    );
    expect(seen.body.properties.p0).toBe('from a');
  });

  it('Cache-Control: no-cache reads afresh (an entity changed by SQL by hand is announced by nobody)', async () => {
    // On replica b, once it has handled every announcement of the writes above: one still on its way
    // (an earlier write's, which let b see 'from a' before the last write's own arrived) would drop
    // the entry this test reads from the cache.
    await announcementsHandled(b);
    expect(ok(await b.call('GET', `${ENTITIES}/${id}`, { token: admin })).body.properties.p0).toBe('from a');
    await b.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || '{"p0": "by hand"}' WHERE id = $1`,
      [id],
    );
    // Until it expires, the cached entity is what a plain read gets...
    expect(ok(await b.call('GET', `${ENTITIES}/${id}`, { token: admin })).body.properties.p0).toBe('from a');
    // ...and a read that asks for a fresh answer gets the stored one, and refreshes the entry.
    const fresh = { token: admin, headers: { 'cache-control': 'no-cache' } };
    expect(ok(await b.call('GET', `${ENTITIES}/${id}`, fresh)).body.properties.p0).toBe('by hand');
    expect(ok(await b.call('GET', `${ENTITIES}/${id}`, { token: admin })).body.properties.p0).toBe('by hand');
  });

  it('a cached entity is sent byte for byte: text beyond ASCII, its length and its type', async () => {
    const text = 'déjà vu ✓ 𝄞 漢字';
    ok(await a.call('PATCH', `${ENTITIES}/${id}`, { token: admin, body: { p0: text } }));
    const fresh = ok(
      await a.call('GET', `${ENTITIES}/${id}`, { token: admin, headers: { 'cache-control': 'no-cache' } }),
    );
    const cached = ok(await a.call('GET', `${ENTITIES}/${id}`, { token: admin }));
    for (const res of [fresh, cached]) {
      expect(res.body.properties.p0).toBe(text);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    }
    expect(cached.text).toBe(fresh.text);
  });

  it('a deleted entity is a 404 on the next get, on both replicas', async () => {
    ok(await b.call('GET', `${ENTITIES}/${id}`, { token: admin }));
    ok(await a.call('DELETE', `${ENTITIES}/${id}`, { token: admin }), 204);
    expectProblem(await a.call('GET', `${ENTITIES}/${id}`, { token: admin }), 404);
    const seen = await eventually(
      () => b.call('GET', `${ENTITIES}/${id}`, { token: admin }),
      (r) => r.status === 404,
    );
    expectProblem(seen, 404);
  });

  it('a caller without the label read permission is refused whatever is cached', async () => {
    ok(await a.call('GET', ENTITIES, { token: admin }));
    expectProblem(await a.call('GET', ENTITIES, { token: reader }), 403);
  });
});

describe('KEEL_PAGE_CACHE_MB=0', () => {
  it('turns the cache off: a change by SQL by hand shows on the next read', async () => {
    const off = await replica({ KEEL_PAGE_CACHE_MB: '0' });
    try {
      const created = ok(await off.call('POST', ENTITIES, { token: admin, body: plugin.document(2) }), 201);
      const path = `${ENTITIES}/${created.body.id}`;
      expect(ok(await off.call('GET', path, { token: admin })).body.properties.p0).toBe('document 2');
      await off.runtime.core.sql.query(
        `UPDATE graph_nodes SET props = props || '{"p0": "x"}' WHERE id = $1`,
        [created.body.id],
      );
      expect(ok(await off.call('GET', path, { token: admin })).body.properties.p0).toBe('x');
    } finally {
      await off.close();
    }
  });
});
