// Blueprints: the schema of an organization's (or one type's) project attributes, checked by the plugin
// entities' validator on every write; the schema a project's form is built from; the dry run of a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectInvalid, expectProblem, serviceAccount, userToken } from '../foundation/fixtures.js';
import { ok, orgWithTeams } from './fixtures.js';

let app: TestApp;
let admin: string;
const B = '/organizations/acme/blueprints';
const P = '/organizations/acme/projects';

const LANG = {
  type: 'object',
  properties: {
    lang: { enum: ['python', 'go'] },
    tier: { type: 'integer', minimum: 1, maximum: 3 },
  },
};
const SERVICE = { type: 'object', required: ['oncall'], properties: { oncall: { type: 'string' } } };

const create = (slug: string, body: Record<string, unknown> = {}) =>
  app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core', ...body } });
const read = async (slug: string) => ok(await app.call('GET', `${P}/${slug}`, { token: admin })).body;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core']);
  ok(
    await app.call('POST', '/organizations/acme/project-types', {
      token: admin,
      body: { slug: 'service', name: 'S' },
    }),
  );
  // Stored before any blueprint: a later one must not rewrite it.
  ok(await create('legacy', { attributes: { lang: 'cobol' } }));
});
afterAll(() => app.close());

describe('blueprints check attributes on every write', () => {
  it('the organization blueprint: a typo is a 422 naming the pointer, and nothing is stored', async () => {
    const res = ok(
      await app.call('POST', B, { token: admin, body: { slug: 'all', name: 'All', schema: LANG } }),
    );
    expect(res.body).toMatchObject({ slug: 'all', project_type: null, schema: LANG });
    const bad = await create('typo', { attributes: { lang: 'pyhton', tier: 9 } });
    expectInvalid(bad, '/attributes/lang');
    // Every failing pointer is named.
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      '/attributes/lang',
      '/attributes/tier',
    ]);
    expectProblem(await app.call('GET', `${P}/typo`, { token: admin }), 404);
    ok(await create('fits', { attributes: { lang: 'python', tier: 2 } }));
  });

  it('a PATCH is checked as merged; a refused one changes nothing', async () => {
    expectInvalid(
      await app.call('PATCH', `${P}/fits`, { token: admin, body: { name: 'n', attributes: { tier: 0 } } }),
      '/attributes/tier',
    );
    expect(await read('fits')).toMatchObject({ name: 'fits', attributes: { lang: 'python', tier: 2 } });
    ok(await app.call('PATCH', `${P}/fits`, { token: admin, body: { attributes: { tier: null } } }));
  });

  it("a type's blueprint applies to projects of that type only, with the organization's (allOf)", async () => {
    ok(
      await app.call('POST', B, {
        token: admin,
        body: { slug: 'svc', name: 'Services', project_type: 'service', schema: SERVICE },
      }),
    );
    expectInvalid(
      await create('svc-a', { types: ['service'], attributes: { lang: 'go' } }),
      '/attributes/oncall',
    );
    ok(await create('svc-a', { types: ['service'], attributes: { lang: 'go', oncall: 'team-a' } }));
    ok(await create('not-svc', { attributes: { lang: 'go' } }));
    // Becoming a service checks the service blueprint.
    expectInvalid(
      await app.call('PATCH', `${P}/not-svc`, { token: admin, body: { types: ['service'] } }),
      '/attributes/oncall',
    );
    expect((await read('not-svc')).types).toEqual([]);
  });

  it('GET .../projects/{project}/schema answers the schema that applies', async () => {
    expect(ok(await app.call('GET', `${P}/not-svc/schema`, { token: admin })).body).toEqual(LANG);
    const both = ok(await app.call('GET', `${P}/svc-a/schema`, { token: admin })).body;
    expect(both).toMatchObject({ type: 'object', allOf: [LANG, SERVICE] });
    expectProblem(await app.call('GET', `${P}/nope/schema`, { token: admin }), 404);
  });

  it('one blueprint per organization and per type (409); an unknown type is a 422', async () => {
    expectProblem(
      await app.call('POST', B, { token: admin, body: { slug: 'all2', name: 'x', schema: LANG } }),
      409,
    );
    expectProblem(
      await app.call('POST', B, {
        token: admin,
        body: { slug: 'svc2', name: 'x', project_type: 'service', schema: LANG },
      }),
      409,
    );
    expectInvalid(
      await app.call('POST', B, {
        token: admin,
        body: { slug: 'x', name: 'x', project_type: 'nope', schema: LANG },
      }),
      '/project_type',
      { code: 'unknown_project_type' },
    );
  });

  it('a schema that is no object schema or does not compile is a 422 naming where, nothing stored', async () => {
    expectInvalid(
      await app.call('POST', B, { token: admin, body: { slug: 'x', name: 'x', schema: { type: 'string' } } }),
      '/schema/type',
      {
        code: 'invalid_schema',
      },
    );
    expectInvalid(
      await app.call('POST', B, {
        token: admin,
        body: {
          slug: 'x',
          name: 'x',
          project_type: null,
          schema: { type: 'object', properties: { a: { pattern: '(' } } },
        },
      }),
      '/schema/properties/a/pattern',
      { code: 'invalid_schema' },
    );
    expectInvalid(
      await app.call('PUT', `${B}/all`, {
        token: admin,
        body: { schema: { type: 'object', $ref: '#/nowhere' } },
      }),
      // An unresolved reference is reported at the schema's root.
      '/schema',
      {
        code: 'invalid_schema',
      },
    );
    expect(ok(await app.call('GET', `${B}/all`, { token: admin })).body.schema).toEqual(LANG);
  });

  it('the dry run lists the projects a schema would not fit; replacing the schema rewrites none', async () => {
    const strict = { type: 'object', required: ['tier'] };
    const dry = ok(await app.call('POST', `${B}/dry-run`, { token: admin, body: { schema: strict } })).body;
    expect(dry.checked).toBe(4);
    expect(dry.misfit_count).toBe(4);
    expect(dry.misfits.map((m: { project: string }) => m.project)).toEqual([
      'legacy',
      'fits',
      'svc-a',
      'not-svc',
    ]);
    expect(dry.misfits[0].errors[0]).toMatchObject({ pointer: '/attributes/tier' });
    const typed = ok(
      await app.call('POST', `${B}/dry-run`, {
        token: admin,
        body: { project_type: 'service', schema: strict },
      }),
    ).body;
    expect(typed).toMatchObject({ checked: 1, misfit_count: 1 });
    // The legacy project already does not fit the organization's blueprint: it keeps its attributes.
    ok(
      await app.call('PUT', `${B}/all`, { token: admin, body: { schema: { ...LANG, required: ['lang'] } } }),
    );
    expect((await read('legacy')).attributes).toEqual({ lang: 'cobol' });
    expectInvalid(
      await app.call('PATCH', `${P}/legacy`, { token: admin, body: { attributes: { tier: 1 } } }),
      '/attributes/lang',
    );
  });

  it('a type with a blueprint is not deleted (409); the blueprint goes first', async () => {
    ok(await app.call('PATCH', `${P}/svc-a`, { token: admin, body: { types: [] } }));
    expectProblem(
      await app.call('DELETE', '/organizations/acme/project-types/service', { token: admin }),
      409,
      'type_has_blueprint',
    );
    expect((await app.call('DELETE', `${B}/svc`, { token: admin })).status).toBe(204);
    expect(
      (await app.call('DELETE', '/organizations/acme/project-types/service', { token: admin })).status,
    ).toBe(204);
  });
});

describe('who may', () => {
  it('401 without a token; 403 without blueprint:* whatever the slug; members read, not write', async () => {
    expectProblem(await app.call('GET', B, {}), 401);
    const nobody = await userToken(app, 'nobody@bp.test');
    for (const [method, path, body] of [
      ['POST', B, { slug: 'x', name: 'x', schema: LANG }],
      ['GET', B, undefined],
      ['GET', `${B}/all`, undefined],
      ['PUT', `${B}/all`, { schema: LANG }],
      ['DELETE', `${B}/all`, undefined],
      ['POST', `${B}/dry-run`, { schema: LANG }],
    ] as const)
      expectProblem(await app.call(method, path, { token: nobody, ...(body ? { body } : {}) }), 403);
    const member = await userToken(app, 'member@bp.test', { roles: ['member'] });
    ok(await app.call('GET', `${B}/all`, { token: member }));
    expectProblem(await app.call('PUT', `${B}/all`, { token: member, body: { schema: LANG } }), 403);
    const bot = await serviceAccount(app, 'bp-bot');
    expectProblem(await app.call('GET', B, { token: bot.token }), 403);
  });

  it("a project's schema: readers of the project (an ACL too); others get 404", async () => {
    const acl = await userToken(app, 'acl@bp.test');
    expectProblem(await app.call('GET', `${P}/fits/schema`, { token: acl }), 404);
    ok(await app.call('PUT', `${P}/fits/access/acl@bp.test`, { token: admin, body: { actions: ['read'] } }));
    expect(ok(await app.call('GET', `${P}/fits/schema`, { token: acl })).body.required).toEqual(['lang']);
    const bot = await serviceAccount(app, 'bp-bot-2');
    expectProblem(await app.call('GET', `${P}/fits/schema`, { token: bot.token }), 403);
  });
});
