// Project types per organization: CRUD by the holders of project_type:*, a project of one or more,
// lists filtered by type, and a type still in use is not deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/harness.js';
import {
  createRole,
  expectInvalid,
  expectProblem,
  serviceAccount,
  userToken,
} from '../foundation/fixtures.js';
import { ok, slugsOf, startWithOrgs } from './fixtures.js';

let app: TestApp;
let admin: string;
const T = '/organizations/acme/project-types';
const P = '/organizations/acme/projects';

beforeAll(async () => {
  ({ app, admin } = await startWithOrgs({ acme: ['core'], other: ['core'] }));
});
afterAll(() => app.close());

describe('project types', () => {
  it('create, read, list, change; the slug is unique per organization', async () => {
    const res = ok(
      await app.call('POST', T, {
        token: admin,
        body: { slug: 'service', name: 'Service', description: 'runs somewhere' },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ slug: 'service', name: 'Service', deploys: true, organization: 'acme' });
    ok(
      await app.call('POST', T, { token: admin, body: { slug: 'library', name: 'Library', deploys: false } }),
    );
    expectProblem(await app.call('POST', T, { token: admin, body: { slug: 'service', name: 'Again' } }), 409);
    // Another organization has types of its own.
    ok(
      await app.call('POST', '/organizations/other/project-types', {
        token: admin,
        body: { slug: 'service', name: 'S' },
      }),
    );
    const list = ok(await app.call('GET', T, { token: admin }));
    expect(list.body.map((t: { slug: string }) => t.slug)).toEqual(['service', 'library']);
    const changed = ok(
      await app.call('PATCH', `${T}/library`, { token: admin, body: { description: 'code others import' } }),
    );
    expect(changed.body).toMatchObject({
      slug: 'library',
      description: 'code others import',
      deploys: false,
    });
    expect(ok(await app.call('GET', `${T}/library`, { token: admin })).body.description).toBe(
      'code others import',
    );
  });

  it('bad input: 422 naming the field, nothing stored', async () => {
    expectInvalid(
      await app.call('POST', T, { token: admin, body: { slug: 'Bad Slug', name: 'x' } }),
      '/slug',
    );
    expectInvalid(await app.call('POST', T, { token: admin, body: { slug: 'x', name: '' } }), '/name');
    expectInvalid(
      await app.call('POST', T, { token: admin, body: { slug: 'x', name: 'x', deploys: 'yes' } }),
      '/deploys',
    );
    expectInvalid(
      await app.call('PATCH', `${T}/library`, { token: admin, body: { slug: 'renamed' } }),
      '/slug',
    );
    expectProblem(await app.call('GET', `${T}/x`, { token: admin }), 404);
    expectProblem(await app.call('GET', '/organizations/nope/project-types', { token: admin }), 404);
  });

  it('a project is of one or more types; an unknown type is a 422 naming its place', async () => {
    const res = ok(
      await app.call('POST', P, {
        token: admin,
        body: { slug: 'api', name: 'API', team: 'core', types: ['service', 'library'] },
      }),
    );
    expect(res.body.types).toEqual(['service', 'library']);
    ok(
      await app.call('POST', P, {
        token: admin,
        body: { slug: 'lib', name: 'Lib', team: 'core', types: ['library'] },
      }),
    );
    ok(await app.call('POST', P, { token: admin, body: { slug: 'plain', name: 'Plain', team: 'core' } }));
    const bad = await app.call('POST', P, {
      token: admin,
      body: { slug: 'bad', name: 'Bad', team: 'core', types: ['service', 'nope'] },
    });
    expectInvalid(bad, '/types/1', { code: 'unknown_project_type' });
    expectProblem(await app.call('GET', `${P}/bad`, { token: admin }), 404);
    // Another organization's type is no type here.
    ok(
      await app.call('POST', '/organizations/other/projects', {
        token: admin,
        body: { slug: 'x', name: 'X', team: 'core' },
      }),
    );
    expectInvalid(
      await app.call('PATCH', '/organizations/other/projects/x', {
        token: admin,
        body: { types: ['library'] },
      }),
      '/types/0',
      { code: 'unknown_project_type' },
    );
    expectInvalid(
      await app.call('POST', P, {
        token: admin,
        body: { slug: 'dup', name: 'D', team: 'core', types: ['service', 'service'] },
      }),
      '/types',
    );
    const patched = ok(await app.call('PATCH', `${P}/plain`, { token: admin, body: { types: ['service'] } }));
    expect(patched.body.types).toEqual(['service']);
  });

  it('lists filter by type, alone and with the team', async () => {
    expect(await slugsOf(app, `${P}?type=service`, admin)).toEqual(['api', 'plain']);
    expect(await slugsOf(app, `${P}?type=library`, admin)).toEqual(['api', 'lib']);
    expect(await slugsOf(app, `${P}?type=library&limit=1`, admin)).toEqual(['api', 'lib']);
    expect(await slugsOf(app, `${P}?type=library&team=core`, admin)).toEqual(['api', 'lib']);
    expect(await slugsOf(app, `${P}?type=nope`, admin)).toEqual([]);
    // A changed list of types moves the project between the filters.
    ok(await app.call('PATCH', `${P}/api`, { token: admin, body: { types: ['library'] } }));
    expect(await slugsOf(app, `${P}?type=service`, admin)).toEqual(['plain']);
  });

  it('a type that projects are of (archived ones too) is not deleted (409); an unused one is', async () => {
    expectProblem(await app.call('DELETE', `${T}/service`, { token: admin }), 409, 'type_in_use');
    ok(await app.call('PATCH', `${P}/plain`, { token: admin, body: { types: [] } }));
    ok(await app.call('POST', `${P}/plain/archive`, { token: admin }));
    ok(await app.call('POST', `${P}/plain/unarchive`, { token: admin }));
    ok(
      await app.call('POST', P, {
        token: admin,
        body: { slug: 'gone', name: 'G', team: 'core', types: ['service'] },
      }),
    );
    ok(await app.call('POST', `${P}/gone/archive`, { token: admin }));
    expectProblem(await app.call('DELETE', `${T}/service`, { token: admin }), 409, 'type_in_use');
    ok(await app.call('POST', `${P}/gone/unarchive`, { token: admin }));
    ok(await app.call('PATCH', `${P}/gone`, { token: admin, body: { types: [] } }));
    expect((await app.call('DELETE', `${T}/service`, { token: admin })).status).toBe(204);
    expectProblem(await app.call('GET', `${T}/service`, { token: admin }), 404);
  });
});

describe('who may', () => {
  it('401 without a token; 403 without the permission, whatever the slug; members read', async () => {
    expectProblem(await app.call('GET', T, {}), 401);
    const nobody = await userToken(app, 'nobody@types.test');
    for (const [method, path, body] of [
      ['POST', T, { slug: 'x', name: 'x' }],
      ['GET', T, undefined],
      ['GET', `${T}/library`, undefined],
      ['PATCH', `${T}/library`, { name: 'x' }],
      ['DELETE', `${T}/library`, undefined],
      ['GET', '/organizations/nope/project-types/x', undefined],
    ] as const)
      expectProblem(await app.call(method, path, { token: nobody, ...(body ? { body } : {}) }), 403);
    const member = await userToken(app, 'member@types.test', { roles: ['member'] });
    expect(ok(await app.call('GET', T, { token: member })).body.length).toBeGreaterThan(0);
    expectProblem(await app.call('POST', T, { token: member, body: { slug: 'x', name: 'x' } }), 403);
    const bot = await serviceAccount(app, 'types-bot');
    expectProblem(await app.call('GET', T, { token: bot.token }), 403);
  });

  it('naming a type on a project needs project_type:read (403 naming /types, nothing stored)', async () => {
    await createRole(app, 'project-writer', [
      'project:create',
      'project:read',
      'project:update',
      'team:read',
      'organization:read',
    ]);
    const writer = await userToken(app, 'writer@types.test', { roles: ['project-writer'] });
    const res = await app.call('POST', P, {
      token: writer,
      body: { slug: 'w', name: 'W', team: 'core', types: ['library'] },
    });
    expectProblem(res, 403);
    expect(res.text).toContain('/types');
    expectProblem(await app.call('GET', `${P}/w`, { token: admin }), 404);
    ok(await app.call('POST', P, { token: writer, body: { slug: 'w', name: 'W', team: 'core' } }));
  });
});
