// Bulk import of where projects run and their links (issue 40): a row's `environments` and `links`
// (NDJSON), `env.<environment>.url` and `link.<definition>` (CSV) go through the deployments and links
// services with their single routes' checks (the permission to name them, each URL, each name known),
// refused per row with pointers into the row, in the row's savepoint, and not written again when equal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/harness.js';
import { createRole, userToken } from '../foundation/fixtures.js';
import { environments, ok, projectsState, startWithOrgs } from './fixtures.js';

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';
const IMPORT = `${P}/import`;
const NDJSON = 'application/x-ndjson';

const send = (body: string, type = NDJSON, token = admin) =>
  app.call('POST', IMPORT, { token, body, headers: { 'content-type': type } });
const ndjson = (...rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const read = async (slug: string) => ok(await app.call('GET', `${P}/${slug}`, { token: admin })).body;
type Refused = { line: number; status: number; code: string; errors: { pointer: string }[] };
const refusedOf = (body: Record<string, unknown>) => body.refused as Refused[];

/** Every project's stored state and the events written, to prove a refusal wrote nothing. */
const state = () => projectsState(app);

beforeAll(async () => {
  ({ app, admin } = await startWithOrgs({ acme: ['core'] }));
  await environments(app, admin, ['production', 'staging']);
  for (const slug of ['docs', 'runbook'])
    ok(
      await app.call('POST', '/organizations/acme/link-definitions', {
        token: admin,
        body: { slug, name: slug },
      }),
    );
});
afterAll(() => app.close());

describe('environments and links in an import', () => {
  it('sets them on created and existing projects, and leaves equal ones unchanged', async () => {
    ok(await app.call('POST', P, { token: admin, body: { slug: 'old', name: 'Old', team: 'core' } }));
    const rows = [
      {
        slug: 'new',
        name: 'New',
        team: 'core',
        environments: { production: { url: 'https://new.example.com' }, staging: {} },
        links: { docs: 'https://docs.example.com/new' },
      },
      { slug: 'old', name: 'Old', team: 'core', environments: { staging: { url: 'https://old.test' } } },
    ];
    const res = ok(await send(ndjson(...rows)));
    expect(res.body).toEqual({ created: 1, updated: 1, unchanged: 0, refused_count: 0, refused: [] });
    const created = await read('new');
    expect(created.environments).toEqual([
      { environment: 'production', url: 'https://new.example.com', version: null, since: null },
      { environment: 'staging', url: null, version: null, since: null },
    ]);
    expect(created.links).toEqual([
      expect.objectContaining({ link: 'docs', url: 'https://docs.example.com/new', overridden: true }),
    ]);
    expect((await read('old')).environments).toEqual([
      { environment: 'staging', url: 'https://old.test', version: null, since: null },
    ]);

    // The same rows again write nothing; an environment named without a URL keeps the one it has.
    const before = await state();
    const again = ok(
      await send(ndjson(...rows, { slug: 'old', name: 'Old', team: 'core', environments: { staging: {} } })),
    );
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 3, refused_count: 0 });
    expect(await state()).toBe(before);

    // A changed URL, a URL removed (null), a link replaced: an update, and only those change.
    const moved = ok(
      await send(
        ndjson({
          slug: 'new',
          name: 'New',
          team: 'core',
          environments: { production: { url: 'https://new2.example.com' }, staging: { url: null } },
          links: { docs: 'https://docs.example.com/v2' },
        }),
      ),
    );
    expect(moved.body).toMatchObject({ updated: 1, refused_count: 0 });
    const after = await read('new');
    expect(after.environments.map((e: { url: string | null }) => e.url)).toEqual([
      'https://new2.example.com',
      null,
    ]);
    expect(after.links[0].url).toBe('https://docs.example.com/v2');
  });

  it('refuses a bad URL, an unknown environment or definition, and a version, naming each; the row writes nothing', async () => {
    const before = await state();
    const res = ok(
      await send(
        ndjson(
          {
            slug: 'bad-url',
            name: 'B',
            team: 'core',
            environments: { production: { url: 'ftp://x.test' } },
            links: { docs: 'https://user:secret@docs.test/' },
          },
          { slug: 'bad-env', name: 'B', team: 'core', environments: { nowhere: {} } },
          { slug: 'bad-link', name: 'B', team: 'core', links: { wiki: 'https://wiki.test' } },
          { slug: 'bad-version', name: 'B', team: 'core', environments: { production: { version: '1.2' } } },
          { slug: 'fine', name: 'Fine', team: 'core', environments: { production: {} } },
        ),
      ),
    );
    expect(res.body).toMatchObject({ created: 1, updated: 0, unchanged: 0, refused_count: 4 });
    const byLine = Object.fromEntries(refusedOf(res.body).map((r) => [r.line, r]));
    expect(byLine[1]).toMatchObject({ status: 422, code: 'invalid_url' });
    expect(byLine[1]!.errors.map((e) => e.pointer)).toEqual(['/environments/production/url', '/links/docs']);
    // The URL's credentials are not echoed.
    expect(res.text).not.toContain('secret');
    expect(byLine[2]).toMatchObject({ status: 422, code: 'unknown_environment' });
    expect(byLine[2]!.errors.map((e) => e.pointer)).toEqual(['/environments/nowhere']);
    expect(byLine[3]).toMatchObject({ status: 422, code: 'unknown_link_definition' });
    expect(byLine[3]!.errors.map((e) => e.pointer)).toEqual(['/links/wiki']);
    expect(byLine[4]).toMatchObject({ status: 422 });
    expect(byLine[4]!.errors.map((e) => e.pointer)).toEqual(['/environments/production/version']);
    // The refused rows created no project (the row's savepoint holds the project and its environments).
    for (const slug of ['bad-url', 'bad-env', 'bad-link', 'bad-version'])
      expect((await app.call('GET', `${P}/${slug}`, { token: admin })).status).toBe(404);
    expect(before).not.toBe(await state()); // 'fine' was written
  });

  it('naming environments needs environment:read, links link_definition:read: refused per row (403)', async () => {
    await createRole(app, 'importer-no-env', [
      'project:create',
      'project:read',
      'project:update',
      'team:read',
      'organization:read',
      'link_definition:read',
    ]);
    await createRole(app, 'importer-no-link', [
      'project:create',
      'project:read',
      'project:update',
      'team:read',
      'organization:read',
      'environment:read',
    ]);
    const noEnv = await userToken(app, 'noenv@import.test', { roles: ['importer-no-env'] });
    const noLink = await userToken(app, 'nolink@import.test', { roles: ['importer-no-link'] });
    const before = await state();
    // Unknown names too: the permission is checked before any lookup (no oracle of what exists).
    const envRes = ok(
      await send(
        ndjson(
          { slug: 'p-env', name: 'P', team: 'core', environments: { production: {} } },
          { slug: 'p-env2', name: 'P', team: 'core', environments: { nowhere: {} } },
        ),
        NDJSON,
        noEnv,
      ),
    );
    expect(envRes.body).toMatchObject({ created: 0, refused_count: 2 });
    for (const r of refusedOf(envRes.body))
      expect(r).toMatchObject({ status: 403, code: 'forbidden', errors: [{ pointer: '/environments' }] });
    const linkRes = ok(
      await send(
        ndjson({ slug: 'p-link', name: 'P', team: 'core', links: { docs: 'https://d.test' } }),
        NDJSON,
        noLink,
      ),
    );
    expect(refusedOf(linkRes.body)).toEqual([
      expect.objectContaining({ status: 403, errors: [expect.objectContaining({ pointer: '/links' })] }),
    ]);
    expect(await state()).toBe(before);
    // Without the columns, the same callers import.
    expect(
      ok(await send(ndjson({ slug: 'p-plain', name: 'P', team: 'core' }), NDJSON, noEnv)).body,
    ).toMatchObject({
      created: 1,
    });
  });

  it('an archived project is refused (409) when a row changes its environments', async () => {
    ok(await app.call('POST', P, { token: admin, body: { slug: 'gone', name: 'Gone', team: 'core' } }));
    ok(await app.call('POST', `${P}/gone/archive`, { token: admin, body: {} }));
    const res = ok(
      await send(ndjson({ slug: 'gone', name: 'Gone', team: 'core', environments: { production: {} } })),
    );
    expect(refusedOf(res.body)).toEqual([expect.objectContaining({ status: 409, code: 'project_archived' })]);
  });

  it('CSV: env.<environment>.url and link.<definition> columns, an empty cell not given', async () => {
    const csv = [
      'slug,name,team,env.production.url,env.staging.url,link.runbook',
      'csv-a,A,core,https://a.test,,https://runbook.test/a',
      'csv-b,B,core,,,',
      'csv-c,C,core,not a url,,',
    ].join('\n');
    const res = ok(await send(csv, 'text/csv'));
    expect(res.body).toMatchObject({ created: 2, refused_count: 1 });
    expect(refusedOf(res.body)[0]).toMatchObject({
      line: 4,
      code: 'invalid_url',
      errors: [expect.objectContaining({ pointer: '/environments/production/url' })],
    });
    const a = await read('csv-a');
    expect(a.environments).toEqual([
      { environment: 'production', url: 'https://a.test', version: null, since: null },
    ]);
    expect(a.links).toEqual([expect.objectContaining({ link: 'runbook', url: 'https://runbook.test/a' })]);
    expect((await read('csv-b')).environments).toEqual([]);
    // Again: unchanged.
    expect(ok(await send(csv, 'text/csv')).body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });
});
