// Project lists filter by team, type, attribute values (equals, in, exists), score range and archived,
// combined, on keyset pages; q also matches attribute values that are text. Bad filters are 422s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectInvalid, userToken } from '../foundation/fixtures.js';
import { ok, orgWithTeams, slugsOf } from './fixtures.js';

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';
const list = (query: string, token = admin) => slugsOf(app, `${P}?limit=2&${query}`, token);

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core', 'edge']);
  ok(
    await app.call('POST', '/organizations/acme/project-types', {
      token: admin,
      body: { slug: 'service', name: 'S' },
    }),
  );
  const projects: [string, string, string[], Record<string, unknown>][] = [
    ['a', 'core', ['service'], { lang: 'python', tier: 1, tags: ['api', 'public'] }],
    ['b', 'core', [], { lang: 'go', tier: 2 }],
    ['c', 'edge', ['service'], { lang: 'python', tier: 2, note: 'Runs the Checkout flow' }],
    ['d', 'edge', [], { oncall: null }],
    ['e', 'core', ['service'], { lang: 'python', tier: '1' }],
  ];
  for (const [slug, team, types, attributes] of projects)
    ok(
      await app.call('POST', P, {
        token: admin,
        body: { slug, name: slug.toUpperCase(), team, types, attributes },
      }),
    );
  await app.runtime.core.sql.query(
    `UPDATE graph_nodes SET props = props || jsonb_build_object('score', (ascii(props->>'slug') - 96) * 20)
      WHERE label = 'Project'`,
  );
});
afterAll(() => app.close());

describe('filters, alone and combined, on pages of 2', () => {
  it.each([
    ['team=core', ['a', 'b', 'e']],
    ['type=service', ['a', 'c', 'e']],
    ['attr.lang=python', ['a', 'c', 'e']],
    ['attr.lang=python&attr.lang=go', ['a', 'b', 'c', 'e']],
    // Numbers and booleans compare as their text; an array matches by any element.
    ['attr.tier=1', ['a', 'e']],
    ['attr.tags=public', ['a']],
    ['has=oncall', ['d']],
    ['has=tier&has=lang', ['a', 'b', 'c', 'e']],
    ['team=edge&type=service', ['c']],
    ['team=core&attr.lang=python&type=service', ['a', 'e']],
    ['score_min=40&score_max=80', ['b', 'c', 'd']],
    ['team=core&score_min=50', ['e']],
    ['q=checkout', ['c']],
    ['q=pyth&team=edge', ['c']],
    ['attr.lang=rust', []],
    ['team=nope', []],
    ['environment=nowhere', []],
  ])('%s', async (query, expected) => {
    expect(await list(query)).toEqual(expected);
  });

  it('archived projects are left out unless asked, with any filter', async () => {
    ok(await app.call('POST', `${P}/a/archive`, { token: admin }));
    expect(await list('attr.lang=python')).toEqual(['c', 'e']);
    expect(await list('attr.lang=python&archived=true')).toEqual(['a']);
    expect(await list('attr.lang=python&archived=any')).toEqual(['a', 'c', 'e']);
    ok(await app.call('POST', `${P}/a/unarchive`, { token: admin }));
  });

  it('an ACL reader gets the filtered projects it may read only', async () => {
    const acl = await userToken(app, 'acl@filters.test');
    for (const slug of ['a', 'b'])
      ok(
        await app.call('PUT', `${P}/${slug}/access/acl@filters.test`, {
          token: admin,
          body: { actions: ['read'] },
        }),
      );
    expect(await list('attr.lang=python', acl)).toEqual(['a']);
    expect(await list('team=core', acl)).toEqual(['a', 'b']);
  });

  it('a change moves a project between filters at once', async () => {
    ok(
      await app.call('PATCH', `${P}/b`, {
        token: admin,
        body: { attributes: { lang: 'python' }, team: 'edge' },
      }),
    );
    expect(await list('attr.lang=python&team=edge')).toEqual(['b', 'c']);
  });
});

describe('bad filters: 422 naming the parameter', () => {
  it.each([
    ['score_min=x', '/score_min'],
    ['score_min=5&score_max=1', '/score_min'],
    ['archived=maybe', '/archived'],
    ['attrs.lang=x', '/attrs.lang'],
    ['team=', '/team'],
    [`attr.lang=${'x'.repeat(201)}`, '/attr.lang/0'],
  ])('%s', async (query, pointer) => {
    expectInvalid(await app.call('GET', `${P}?${query}`, { token: admin }), pointer, { in: 'query' });
  });

  it('more than 10 attribute filters', async () => {
    const query = Array.from({ length: 11 }, (_, i) => `attr.k${i}=v`).join('&');
    expectInvalid(await app.call('GET', `${P}?${query}`, { token: admin }), '/attr.k10', { in: 'query' });
  });
});
