// Links: an organization's link definitions (a URL template with placeholders from a closed list, an
// icon), resolved for every project in its read, and a project's own URL for one in place of the
// template's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/harness.js';
import {
  createRole,
  expectInvalid,
  expectProblem,
  serviceAccount,
  userToken,
} from '../foundation/fixtures.js';
import { metadataOf, recorded } from '../producers/support.js';
import { ok, startWithOrgs } from './fixtures.js';

let app: TestApp;
let admin: string;
const DEFS = '/organizations/acme/link-definitions';
const P = '/organizations/acme/projects';
const def = (body: Record<string, unknown>, token = admin) => app.call('POST', DEFS, { token, body });
const links = async (project: string, token = admin) =>
  ok(await app.call('GET', `${P}/${project}`, { token })).body.links;
const override = (project: string, link: string, body: unknown, token = admin) =>
  app.call('PUT', `${P}/${project}/links/${link}`, { token, body });
const definitions = async () => ok(await app.call('GET', DEFS, { token: admin })).body;

beforeAll(async () => {
  ({ app, admin } = await startWithOrgs({ acme: ['core', 'web'], other: ['core'] }));
  ok(await app.call('POST', P, { token: admin, body: { slug: 'api', name: 'API', team: 'core' } }));
  ok(await app.call('POST', P, { token: admin, body: { slug: 'site', name: 'Site', team: 'core' } }));
});
afterAll(() => app.close());

describe('link definitions', () => {
  it('POST creates one (201); GET lists and reads them; PATCH changes one; the slug is taken once', async () => {
    const res = await def({
      slug: 'repo',
      name: 'Repository',
      url_template: 'https://git.example.com/{org}/{project}',
      icon: 'github',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'repo',
      name: 'Repository',
      url_template: 'https://git.example.com/{org}/{project}',
      icon: 'github',
      organization: 'acme',
    });
    ok(
      await def({
        slug: 'logs',
        name: 'Logs',
        url_template: 'https://logs.example.com/?team={team}&id={project_id}',
      }),
    );
    ok(await def({ slug: 'runbook', name: 'Runbook' }));
    expect((await definitions()).map((d: { slug: string }) => d.slug)).toEqual(['repo', 'logs', 'runbook']);
    expectProblem(await def({ slug: 'repo', name: 'again' }), 409);
    const patched = ok(
      await app.call('PATCH', `${DEFS}/logs`, { token: admin, body: { icon: 'scroll' } }),
    ).body;
    expect(patched).toMatchObject({ slug: 'logs', icon: 'scroll' });
    expect(ok(await app.call('GET', `${DEFS}/logs`, { token: admin })).body.icon).toBe('scroll');
    expectProblem(await app.call('GET', `${DEFS}/nope`, { token: admin }), 404);
    // Another organization's definitions are its own.
    expect(ok(await app.call('GET', '/organizations/other/link-definitions', { token: admin })).body).toEqual(
      [],
    );
  });

  it("the project read resolves every definition for the project; a definition without a template shows only with the project's URL", async () => {
    const apiId = ok(await app.call('GET', `${P}/api`, { token: admin })).body.id;
    expect(await links('api')).toEqual([
      {
        link: 'logs',
        name: 'Logs',
        icon: 'scroll',
        url: `https://logs.example.com/?team=core&id=${apiId}`,
        overridden: false,
      },
      {
        link: 'repo',
        name: 'Repository',
        icon: 'github',
        url: 'https://git.example.com/acme/api',
        overridden: false,
      },
    ]);
  });

  it('a placeholder follows the project (a team change)', async () => {
    ok(await app.call('PATCH', `${P}/site`, { token: admin, body: { team: 'web' } }));
    const logs = (await links('site')).find((l: { link: string }) => l.link === 'logs');
    expect(logs.url).toMatch(/^https:\/\/logs\.example\.com\/\?team=web&id=/);
  });

  it("a project's own URL replaces the template's (201, then 200); DELETE goes back to the template", async () => {
    const res = await override('api', 'repo', { url: 'https://mirror.example.com/api' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ link: 'repo', url: 'https://mirror.example.com/api' });
    expect((await override('api', 'repo', { url: 'https://mirror.example.com/api2' })).status).toBe(200);
    ok(await override('api', 'runbook', { url: 'https://wiki.example.com/api' }));
    expect(await links('api')).toEqual([
      expect.objectContaining({ link: 'logs', overridden: false }),
      {
        link: 'repo',
        name: 'Repository',
        icon: 'github',
        url: 'https://mirror.example.com/api2',
        overridden: true,
      },
      { link: 'runbook', name: 'Runbook', icon: null, url: 'https://wiki.example.com/api', overridden: true },
    ]);
    expect((await app.call('DELETE', `${P}/api/links/repo`, { token: admin })).status).toBe(204);
    expectProblem(await app.call('DELETE', `${P}/api/links/repo`, { token: admin }), 404);
    expect((await links('api')).find((l: { link: string }) => l.link === 'repo').url).toBe(
      'https://git.example.com/acme/api',
    );
  });

  it("each change of a project's links is recorded with its old and new value", async () => {
    const rows = await recorded(app, async () =>
      ok(await override('api', 'runbook', { url: 'https://wiki.example.com/api/v2' })),
    );
    expect(metadataOf(rows.find((r) => r.row.event_type === 'project.updated')!).changes).toEqual([
      {
        field: '/links/runbook',
        old: 'https://wiki.example.com/api',
        new: 'https://wiki.example.com/api/v2',
      },
    ]);
  });

  it("a template changed shows at once in every project's read that has no URL of its own", async () => {
    expect((await links('site')).map((l: { link: string }) => l.link)).not.toContain('runbook');
    ok(
      await app.call('PATCH', `${DEFS}/runbook`, {
        token: admin,
        body: { url_template: 'https://wiki.example.com/{org}/{project}' },
      }),
    );
    expect((await links('site')).find((l: { link: string }) => l.link === 'runbook')).toMatchObject({
      url: 'https://wiki.example.com/acme/site',
      overridden: false,
    });
    // api keeps its own.
    expect((await links('api')).find((l: { link: string }) => l.link === 'runbook').overridden).toBe(true);
  });

  it("deleting a definition drops it from every project's read, its projects' own URLs with it", async () => {
    ok(await def({ slug: 'doomed', name: 'Doomed' }));
    ok(await override('api', 'doomed', { url: 'https://doomed.example.com' }));
    expect((await app.call('DELETE', `${DEFS}/doomed`, { token: admin })).status).toBe(204);
    expect((await links('api')).map((l: { link: string }) => l.link)).not.toContain('doomed');
    ok(await def({ slug: 'doomed', name: 'Doomed again' }));
    // A definition made again with the slug does not bring the old URL back.
    expect((await links('api')).map((l: { link: string }) => l.link)).not.toContain('doomed');
    const stored = await app.runtime.core.sql.one<{ links: unknown }>(
      `SELECT props->'links' AS links FROM graph_nodes WHERE label = 'Project' AND props->>'slug' = 'api'`,
    );
    expect(stored!.links).not.toHaveProperty('doomed');
  });
});

describe('bad input: 422 naming the field, nothing stored changes', () => {
  it('an unknown placeholder is named', async () => {
    const res = await def({
      slug: 'bad',
      name: 'Bad',
      url_template: 'https://x.example.com/{project}/{secret}',
    });
    expectInvalid(res, '/url_template');
    expect(res.body.errors[0].detail).toContain('{secret}');
    expectProblem(await app.call('GET', `${DEFS}/bad`, { token: admin }), 404);
  });

  it.each([
    ['ftp://x.example.com/{project}', 'scheme'],
    ['https://user:pw@x.example.com/{project}', 'user name or password'],
    ['{project}', 'not a valid URL'],
    ['javascript:alert({project})', 'scheme'],
    ['https://x.example.com/{project', 'brace'],
  ])('a template that does not expand to an http(s) address: %s', async (url_template, detail) => {
    const res = await def({ slug: 'bad2', name: 'Bad', url_template });
    expectInvalid(res, '/url_template', { code: res.body.code });
    expect(res.body.errors[0].detail).toContain(detail);
    expect(res.text).not.toContain('pw@');
  });

  it('PATCH with a bad template changes nothing', async () => {
    const before = ok(await app.call('GET', `${DEFS}/repo`, { token: admin })).body;
    expectInvalid(
      await app.call('PATCH', `${DEFS}/repo`, { token: admin, body: { url_template: 'https://x/{nope}' } }),
      '/url_template',
    );
    expect(ok(await app.call('GET', `${DEFS}/repo`, { token: admin })).body).toEqual(before);
  });

  it('bad slugs, names, icons and unknown members are 422 naming them', async () => {
    expectInvalid(await def({ slug: 'Bad Slug', name: 'x' }), '/slug');
    expectInvalid(await def({ slug: 'ok', name: '' }), '/name');
    expectInvalid(await def({ slug: 'ok', name: 'x', icon: 'a b' }), '/icon');
    expectInvalid(await def({ slug: 'ok', name: 'x', extra: 1 }), '/extra');
    expectInvalid(await app.call('PATCH', `${DEFS}/repo`, { token: admin, body: { slug: 'new' } }), '/slug');
  });

  it("a project's URL is checked like every admin-supplied address; an unknown definition is a 404", async () => {
    const before = await links('site');
    for (const url of ['ftp://x.example.com', 'https://u:p@x.example.com', 'nope']) {
      expectInvalid(await override('site', 'repo', { url }), '/url', { code: 'invalid_url' });
    }
    expectInvalid(await override('site', 'repo', {}), '/url');
    expectProblem(await override('site', 'nope', { url: 'https://x.example.com' }), 404);
    expect(await links('site')).toEqual(before);
  });
});

describe('who may', () => {
  it('definitions: members read them; changing them takes link_definition:create/update/delete', async () => {
    const member = await userToken(app, 'member@links.test', { roles: ['member'] });
    expect(ok(await app.call('GET', DEFS, { token: member })).body.length).toBeGreaterThan(0);
    expectProblem(await def({ slug: 'm', name: 'm' }, member), 403);
    expectProblem(await app.call('PATCH', `${DEFS}/repo`, { token: member, body: { name: 'x' } }), 403);
    expectProblem(await app.call('DELETE', `${DEFS}/repo`, { token: member }), 403);
    expectProblem(await app.call('GET', DEFS, {}), 401);
    const nobody = await userToken(app, 'nobody@links.test');
    expectProblem(await app.call('GET', DEFS, { token: nobody }), 403);
  });

  it("a project's links: whoever reads the project reads them; setting one needs update on it", async () => {
    const member = await userToken(app, 'member2@links.test', { roles: ['member'] });
    expect((await links('api', member)).length).toBeGreaterThan(0);
    expectProblem(await override('api', 'repo', { url: 'https://evil.example.com' }, member), 403);
    const nobody = await userToken(app, 'nobody2@links.test');
    expectProblem(await override('api', 'repo', { url: 'https://evil.example.com' }, nobody), 403);
    const bot = await serviceAccount(app, 'links-bot', { roles: ['member'] });
    expectProblem(await override('api', 'repo', { url: 'https://evil.example.com' }, bot.token), 403);
    expect((await links('api')).find((l: { link: string }) => l.link === 'repo').overridden).toBe(false);
  });

  it('a CAN_ACCESS grant with update sets one, with link_definition:read to name it; /auth/can agrees', async () => {
    const grant = (email: string) =>
      app.call('PUT', `${P}/site/access/${email}`, { token: admin, body: { actions: ['read', 'update'] } });
    const can = async (token: string) =>
      ok(
        await app.call('POST', '/auth/can', {
          token,
          body: { method: 'PUT', path: `${P}/site/links/repo` },
        }),
      ).body.allowed;
    await createRole(app, 'link-reader', ['link_definition:read']);
    const reader = await userToken(app, 'edge@links.test', { roles: ['link-reader'] });
    expect(await can(reader)).toBe(false);
    expectProblem(await override('site', 'repo', { url: 'https://git.example.com/site' }, reader), 404);
    ok(await grant('edge@links.test'));
    expect(await can(reader)).toBe(true);
    const res = await override('site', 'repo', { url: 'https://git.example.com/site' }, reader);
    expect(res.status, res.text).toBe(201);
    // The same grant without link_definition:read: refused before any lookup.
    const bare = await userToken(app, 'bare@links.test');
    ok(await grant('bare@links.test'));
    expect(await can(bare)).toBe(false);
    expectProblem(await override('site', 'repo', { url: 'https://evil.example.com' }, bare), 403);
    ok(await app.call('DELETE', `${P}/site/links/repo`, { token: reader }));
  });
});
