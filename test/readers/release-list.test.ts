// A project's releases (GET .../releases): each version once, by its newest complete batch, newest
// first, keyset-paginated with a Link header; read from the analytics store on both transports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid, expectProblem } from '../foundation/fixtures.js';
import { startReaderApp, transports, type ReaderApp } from './support.js';

interface Listed {
  release_version: string;
  batch_id: string;
  recorded_at: string;
  component_count: number;
}

const components = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, version: '1' }));

describe.each(transports())('the releases of a project on %s', (transport) => {
  let r: ReaderApp;
  let admin: string;
  let member: string;
  let nobody: string;
  const list = (query = '', token = member, org = 'acme', project = 'shop') =>
    r.app.call('GET', `/organizations/${org}/projects/${project}/releases${query}`, { token });
  const record = (version: string, n: number, org = 'acme', project = 'shop') =>
    r.app.call('POST', `/organizations/${org}/projects/${project}/releases/${version}/components`, {
      token: admin,
      body: { components: components(n) },
    });
  const versions = (body: Listed[]) => body.map((x) => x.release_version);
  /** Every page from the first, following the Link headers. */
  async function allPages(limit: number): Promise<{ pages: Listed[][]; links: string[] }> {
    const pages: Listed[][] = [];
    const links: string[] = [];
    let path: string | undefined = `/organizations/acme/projects/shop/releases?limit=${limit}`;
    while (path) {
      const res = await r.app.call('GET', path, { token: member });
      expect(res.status, res.text).toBe(200);
      pages.push(res.body);
      const link = res.headers.link as string | undefined;
      path = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1] : undefined;
      if (path) links.push(path);
    }
    return { pages, links };
  }

  beforeAll(async () => {
    r = await startReaderApp(transport);
    admin = await r.app.adminToken();
    member = await r.app.user('member@example.com', { roles: ['member'] });
    nobody = await r.app.user('nobody@example.com');
    for (const org of ['acme', 'other']) {
      await r.app.call('POST', '/organizations', { token: admin, body: { slug: org, name: org } });
      await r.app.call('POST', `/organizations/${org}/teams`, {
        token: admin,
        body: { slug: 't', name: 't' },
      });
      for (const slug of ['shop', 'empty'])
        await r.app.call('POST', `/organizations/${org}/projects`, {
          token: admin,
          body: { slug, name: slug, team: 't' },
        });
    }
  }, 60_000);
  afterAll(() => r?.close());

  it('a project with no release lists none', async () => {
    const res = await list('', member, 'acme', 'empty');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.link).toBeUndefined();
  });

  it('lists each release once, by its newest complete batch, newest first', async () => {
    const recorded: Record<string, { batch_id: string; recorded_at: string }> = {};
    for (const [version, n] of [
      ['1.0.0', 1],
      ['1.1.0', 2],
      ['2.0.0', 3],
    ] as const) {
      const res = await record(version, n);
      expect(res.status, res.text).toBe(202);
      recorded[version] = { batch_id: res.body.batch_id, recorded_at: res.body.recorded_at };
    }
    await record('9.0.0', 1, 'other', 'shop'); // the same project slug in another organization
    await r.settle();
    const res = await list();
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual([
      { release_version: '2.0.0', component_count: 3, ...recorded['2.0.0'] },
      { release_version: '1.1.0', component_count: 2, ...recorded['1.1.0'] },
      { release_version: '1.0.0', component_count: 1, ...recorded['1.0.0'] },
    ]);

    // Recorded again, 1.0.0 moves to the top with its new batch, still once.
    const again = await record('1.0.0', 4);
    await r.settle();
    const now = (await list()).body as Listed[];
    expect(versions(now)).toEqual(['1.0.0', '2.0.0', '1.1.0']);
    expect(now[0]).toEqual({
      release_version: '1.0.0',
      batch_id: again.body.batch_id,
      recorded_at: again.body.recorded_at,
      component_count: 4,
    });
  });

  it('a batch whose component rows have not all arrived is not listed; a duplicate delivery changes nothing', async () => {
    const shop = (await r.app.call('GET', '/organizations/acme/projects/shop', { token: admin })).body.id;
    const common = {
      project_id: shop,
      organization: 'acme',
      project: 'shop',
      environment: null,
      recorded_at: '2099-01-01 00:00:00',
    };
    // 3.0.0 has one batch of two components, one of which is in the store; 2.0.0 a newer batch alike.
    for (const [batch, version] of [
      ['01a20000-0000-7000-8000-000000000001', '3.0.0'],
      ['01a20000-0000-7000-8000-000000000002', '2.0.0'],
    ] as const) {
      await r.store.insert('release_component_batches', [
        { ...common, batch_id: batch, release_version: version, component_count: 2 },
      ]);
      await r.store.insert('release_components', [
        {
          ...common,
          batch_id: batch,
          release_version: version,
          component: 'x',
          component_version: '1',
          purl: null,
        },
      ]);
    }
    const before = (await list()).body as Listed[];
    expect(versions(before)).toEqual(['1.0.0', '2.0.0', '1.1.0']);
    // Every row of the project delivered a second time.
    const db = r.store.database;
    for (const table of ['release_components', 'release_component_batches']) {
      const rows = await r.store.query(`SELECT * FROM ${db}.${table} WHERE project_id = '${shop}'`);
      await r.store.insert(table, rows);
    }
    expect((await list()).body).toEqual(before);
    // The second component of 3.0.0 arrives: it is complete, and the newest.
    await r.store.insert('release_components', [
      {
        ...common,
        batch_id: '01a20000-0000-7000-8000-000000000001',
        release_version: '3.0.0',
        component: 'y',
        component_version: '1',
        purl: null,
      },
    ]);
    const after = (await list()).body as Listed[];
    expect(versions(after)).toEqual(['3.0.0', '1.0.0', '2.0.0', '1.1.0']);
    expect(after[0]).toEqual({
      release_version: '3.0.0',
      batch_id: '01a20000-0000-7000-8000-000000000001',
      recorded_at: '2099-01-01T00:00:00.000Z',
      component_count: 2,
    });
    // 2.0.0 is still read by its older complete batch.
    expect(after[2]!.component_count).toBe(3);
  });

  it('pages with limit and the Link header; the pages together are the list, each release once', async () => {
    for (const v of ['4.0.0', '4.1.0', '4.2.0']) await record(v, 1);
    await r.settle();
    const whole = (await list('?limit=200')).body as Listed[];
    expect(whole).toHaveLength(7);
    const { pages, links } = await allPages(3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(whole);
    // The next page's link keeps the path and the limit, and a cursor.
    expect(links[0]).toMatch(/^\/organizations\/acme\/projects\/shop\/releases\?limit=3&cursor=[\w-]+$/);
    const exact = await allPages(7);
    expect(exact.pages.map((p) => p.length)).toEqual([7]);
    // Default page size 50: one page.
    const first = await list();
    expect(first.body).toEqual(whole);
    expect(first.headers.link).toBeUndefined();
  });

  it('refuses a bad limit or cursor with 422 naming it', async () => {
    for (const limit of ['0', '201', 'x', '-1'])
      expectInvalid(await list(`?limit=${limit}`), '/limit', { in: 'query' });
    const bogus = Buffer.from('not-a-cursor').toString('base64url');
    expectInvalid(await list(`?cursor=${bogus}`), '/cursor', { in: 'query' });
    const other = Buffer.from('0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c').toString('base64url');
    expectInvalid(await list(`?cursor=${other}`), '/cursor', { in: 'query' });
    expectInvalid(await list('?cursor=%2F%2F'), '/cursor', { in: 'query' });
    expectInvalid(await list('?extra=1'), '/extra', { in: 'query' });
  });

  it('who may read: whoever may read the project; others learn nothing (404)', async () => {
    expectProblem(await r.app.call('GET', '/organizations/acme/projects/shop/releases'), 401);
    expectProblem(await list('', nobody), 404);
    expectProblem(await list('', nobody, 'nope'), 404);
    expectProblem(await list('', member, 'acme', 'nope'), 404);
    expectProblem(await list('', member, 'nope'), 404);
    await r.app.call('PUT', '/organizations/acme/projects/shop/access/nobody@example.com', {
      token: admin,
      body: { actions: ['read'] },
    });
    r.app.runtime.core.authCache.clear();
    const granted = await list('', nobody);
    expect(granted.status, granted.text).toBe(200);
    expect(granted.body).toHaveLength(7);
    // A grant on one project reads nothing of another.
    expectProblem(await list('', nobody, 'acme', 'empty'), 404);
  });

  it('a release belongs to its project: it follows a rename', async () => {
    const renamed = await r.app.call('PATCH', '/organizations/other/projects/shop', {
      token: admin,
      body: { slug: 'shop-v2' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(versions((await list('', admin, 'other', 'shop-v2')).body)).toEqual(['9.0.0']);
  });
});
