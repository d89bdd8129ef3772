// Change history: the lifecycle event of a catalog change carries each changed field's old and new
// value (`changes: [{field, old, new}]`, attributes by member pointer), never a secret; the activity
// reader answers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { metadataOf, recorded, type OutboxRow } from '../producers/support.js';
import { startReaderApp, transports, type ReaderApp } from '../readers/support.js';
import { mergePatch } from '../../src/projects/merge-patch.js';
import { ok, orgWithTeams } from './fixtures.js';

type Change = { field: string; old: unknown; new: unknown; redacted?: true };

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';

/** The one lifecycle event `fn` recorded, and its changes. */
async function changesOf(fn: () => Promise<unknown>, type = 'project.updated') {
  const rows: OutboxRow[] = await recorded(app, fn);
  const events = rows.filter((r) => r.row.event_type === type);
  expect(events, JSON.stringify(rows)).toHaveLength(1);
  return { meta: metadataOf(events[0]!), text: JSON.stringify(events[0]!.row) };
}

/** The merge patch the recorded attribute changes stand for: each pointer's new value. */
function patchOf(changes: Change[]): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const c of changes.filter((c) => c.field.startsWith('/attributes/'))) {
    const tokens = c.field
      .slice('/attributes/'.length)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    let at = patch;
    for (const t of tokens.slice(0, -1)) at = (at[t] ??= {}) as Record<string, unknown>;
    at[tokens[tokens.length - 1]!] = c.new;
  }
  return patch;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core', 'web']);
  ok(
    await app.call('POST', P, {
      token: admin,
      body: {
        slug: 'api',
        name: 'API',
        team: 'core',
        attributes: {
          lang: 'python',
          tier: 1,
          owners: ['a', 'b'],
          deploy: { region: 'eu', replicas: 2, canary: true },
          'a/b~c': 'x',
        },
      },
    }),
  );
});
afterAll(() => app.close());

describe('a project change records each changed field, old and new', () => {
  it('what a merge patch did: member by member, nested objects by their members; applying the changes gives the stored attributes', async () => {
    const before = ok(await app.call('GET', `${P}/api`, { token: admin })).body;
    const patch = {
      name: 'The API',
      team: 'web',
      attributes: {
        lang: 'go',
        tier: null,
        owners: ['a'],
        deploy: { replicas: 3, canary: null, zones: ['a', 'b'] },
        'a/b~c': 'y',
        added: { deep: true },
      },
    };
    const { meta } = await changesOf(async () =>
      ok(await app.call('PATCH', `${P}/api`, { token: admin, body: patch })),
    );
    const after = ok(await app.call('GET', `${P}/api`, { token: admin })).body;
    expect(meta.changed).toEqual(['attributes', 'name', 'team']);
    expect(meta.changes).toEqual([
      { field: '/name', old: 'API', new: 'The API' },
      { field: '/team', old: 'core', new: 'web' },
      { field: '/attributes/a~1b~0c', old: 'x', new: 'y' },
      { field: '/attributes/added', old: null, new: { deep: true } },
      { field: '/attributes/deploy/canary', old: true, new: null },
      { field: '/attributes/deploy/replicas', old: 2, new: 3 },
      { field: '/attributes/deploy/zones', old: null, new: ['a', 'b'] },
      { field: '/attributes/lang', old: 'python', new: 'go' },
      { field: '/attributes/owners', old: ['a', 'b'], new: ['a'] },
      { field: '/attributes/tier', old: 1, new: null },
    ]);
    // The recorded changes, read as a merge patch of the old attributes, give the stored ones.
    expect(mergePatch(before.attributes, patchOf(meta.changes as Change[]))).toEqual(after.attributes);
    expect(after.attributes).toEqual(mergePatch(before.attributes, patch.attributes));
  });

  it('a PATCH that changes nothing records no change', async () => {
    const { meta } = await changesOf(async () =>
      ok(
        await app.call('PATCH', `${P}/api`, {
          token: admin,
          body: { name: 'The API', attributes: { lang: 'go' } },
        }),
      ),
    );
    expect(meta.changes).toEqual([]);
  });

  it('never a secret: a member named like a credential is recorded as changed, without its values (at any depth)', async () => {
    const { meta, text } = await changesOf(async () =>
      ok(
        await app.call('PATCH', `${P}/api`, {
          token: admin,
          body: { attributes: { api_token: 'tok-s3cr3t-value', db: { password: 'hunter2-pw' } } },
        }),
      ),
    );
    expect(meta.changes).toEqual([
      { field: '/attributes/api_token', old: null, new: null, redacted: true },
      { field: '/attributes/db', old: null, new: { password: '[redacted]' } },
    ]);
    expect(text).not.toContain('s3cr3t');
    expect(text).not.toContain('hunter2');
  });

  it('a very long value is recorded by its length', async () => {
    const long = 'x'.repeat(5000);
    const { meta } = await changesOf(async () =>
      ok(await app.call('PATCH', `${P}/api`, { token: admin, body: { attributes: { notes: long } } })),
    );
    expect(meta.changes).toEqual([
      { field: '/attributes/notes', old: null, new: '[omitted: 5002 characters]' },
    ]);
  });

  it('archiving, a dependency and a project type change record their changes the same way', async () => {
    ok(await app.call('POST', P, { token: admin, body: { slug: 'db', name: 'DB', team: 'core' } }));
    const dep = await changesOf(async () =>
      ok(await app.call('PUT', `${P}/api/dependencies/db`, { token: admin, body: { note: 'reads' } })),
    );
    expect(dep.meta.changes).toEqual([{ field: '/dependencies/db', old: null, new: { note: 'reads' } }]);
    const archived = await changesOf(
      async () =>
        ok(await app.call('POST', `${P}/db/archive`, { token: admin, body: { reason: 'retired' } })),
      'project.archived',
    );
    expect(archived.meta.changes).toEqual([
      {
        field: '/archived',
        old: null,
        new: { at: expect.any(String), by: 'admin@example.com', reason: 'retired' },
      },
    ]);
    ok(
      await app.call('POST', '/organizations/acme/project-types', {
        token: admin,
        body: { slug: 'svc', name: 'Service' },
      }),
    );
    const type = await changesOf(
      async () =>
        ok(
          await app.call('PATCH', '/organizations/acme/project-types/svc', {
            token: admin,
            body: { name: 'Services', description: 'long-running' },
          }),
        ),
      'project_type.updated',
    );
    expect(type.meta.changes).toEqual([
      { field: '/description', old: null, new: 'long-running' },
      { field: '/name', old: 'Service', new: 'Services' },
    ]);
  });
});

describe.each(transports().slice(0, 1))('the activity reader answers who changed what (%s)', (transport) => {
  let r: ReaderApp;
  beforeAll(async () => {
    r = await startReaderApp(transport);
  }, 90_000);
  afterAll(() => r?.close());

  it("a project's events carry the changes, old and new, as recorded", async () => {
    const token = await r.app.adminToken();
    const call = (method: string, path: string, body?: unknown) =>
      r.app.call(method, path, { token, ...(body !== undefined ? { body } : {}) });
    ok(await call('POST', '/organizations', { slug: 'acme', name: 'Acme' }));
    ok(await call('POST', '/organizations/acme/teams', { slug: 't', name: 'T' }));
    ok(await call('POST', P, { slug: 'shop', name: 'Shop', team: 't', attributes: { tier: 1 } }));
    ok(await call('PATCH', `${P}/shop`, { name: 'The shop', attributes: { tier: 2 } }));
    await r.settle();
    const events = ok(await call('GET', `${P}/shop/events?type=project.updated`)).body;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      by: 'admin@example.com',
      details: {
        changes: [
          { field: '/name', old: 'Shop', new: 'The shop' },
          { field: '/attributes/tier', old: 1, new: 2 },
        ],
      },
    });
  }, 60_000);
});
