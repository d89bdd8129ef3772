// Issue 2, section 6: environments (global; POST/GET/PATCH/DELETE /environments).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { allPages, createRole, expectInvalid, expectProblem, userToken } from './fixtures.js';

let app: TestApp;
let admin: string;
const ENV_KEYS = ['created_at', 'id', 'name', 'slug', 'updated_at'];

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('POST /environments creates an environment', () => {
  it('201 with the environment', async () => {
    const res = await app.call('POST', '/environments', {
      token: admin,
      body: { slug: 'prod', name: 'Production' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(ENV_KEYS);
    expect(res.body).toMatchObject({ slug: 'prod', name: 'Production' });
    expect(
      (await app.call('POST', '/environments', { token: admin, body: { slug: 'staging', name: 'Staging' } }))
        .status,
    ).toBe(201);
  });

  it('a taken slug is 409 and leaves the existing environment unchanged', async () => {
    const res = await app.call('POST', '/environments', {
      token: admin,
      body: { slug: 'prod', name: 'Other' },
    });
    expectProblem(res, 409, 'conflict');
    expect((await app.call('GET', '/environments/prod', { token: admin })).body.name).toBe('Production');
  });

  const cases: [string, unknown, string, string][] = [
    ['missing slug', { name: 'X' }, '/slug', 'required'],
    ['slug with a dot', { slug: 'eu.west', name: 'X' }, '/slug', 'pattern'],
    ['slug with a trailing dash', { slug: 'dev-', name: 'X' }, '/slug', 'pattern'],
    ['missing name', { slug: 'dev' }, '/name', 'required'],
    ['empty name', { slug: 'dev', name: '' }, '/name', 'minLength'],
    ['name not a string', { slug: 'dev', name: { en: 'Dev' } }, '/name', 'type'],
    ['unknown field', { slug: 'dev', name: 'Dev', region: 'eu' }, '/region', 'additionalProperties'],
  ];
  it.each(cases)('422: %s, and nothing is stored', async (_name, body, pointer, keyword) => {
    expectInvalid(await app.call('POST', '/environments', { token: admin, body }), pointer, { keyword });
    expectProblem(await app.call('GET', '/environments/dev', { token: admin }), 404);
  });
});

describe('GET /environments and GET /environments/{slug}', () => {
  it('lists every environment across pages', async () => {
    const all = await allPages(app, '/environments?limit=1', admin);
    expect(all.map((e) => e.slug)).toEqual(['prod', 'staging']);
    for (const e of all) expect(Object.keys(e).sort()).toEqual(ENV_KEYS);
  });

  it('reads one; 404 when unknown', async () => {
    expect((await app.call('GET', '/environments/staging', { token: admin })).body.name).toBe('Staging');
    expectProblem(await app.call('GET', '/environments/nope', { token: admin }), 404, 'not_found');
  });

  it('the seeded member role reads environments', async () => {
    const token = await userToken(app, 'member@envs.test', { roles: ['member'] });
    expect((await app.call('GET', '/environments', { token })).status).toBe(200);
    expect((await app.call('GET', '/environments/prod', { token })).status).toBe(200);
    expectProblem(await app.call('POST', '/environments', { token, body: { slug: 'qa', name: 'QA' } }), 403);
  });
});

describe('PATCH /environments/{slug}', () => {
  it('renames and changes the slug', async () => {
    await app.call('POST', '/environments', { token: admin, body: { slug: 'qa', name: 'QA' } });
    const res = await app.call('PATCH', '/environments/qa', {
      token: admin,
      body: { slug: 'test', name: 'Test' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'test', name: 'Test' });
    expectProblem(await app.call('GET', '/environments/qa', { token: admin }), 404);
    expect((await app.call('GET', '/environments/test', { token: admin })).status).toBe(200);
  });

  it('a taken slug is 409 and changes nothing', async () => {
    const res = await app.call('PATCH', '/environments/test', {
      token: admin,
      body: { slug: 'prod', name: 'Should not stick' },
    });
    expectProblem(res, 409, 'conflict');
    expect((await app.call('GET', '/environments/test', { token: admin })).body.name).toBe('Test');
    expect((await app.call('GET', '/environments/prod', { token: admin })).body.name).toBe('Production');
  });

  it('422 for an empty or invalid patch; 404 for an unknown environment', async () => {
    expectInvalid(await app.call('PATCH', '/environments/test', { token: admin, body: {} }), '/', {
      keyword: 'minProperties',
    });
    expectInvalid(
      await app.call('PATCH', '/environments/test', { token: admin, body: { slug: 'Bad' } }),
      '/slug',
      {
        keyword: 'pattern',
      },
    );
    expectProblem(await app.call('PATCH', '/environments/nope', { token: admin, body: { name: 'x' } }), 404);
  });
});

describe('DELETE /environments/{slug}', () => {
  it('204, then 404; the slug is free again', async () => {
    await createRole(app, 'env-admin', ['environment:delete']);
    const token = await userToken(app, 'envadmin@envs.test', { roles: ['env-admin'] });
    expect((await app.call('DELETE', '/environments/test', { token })).status).toBe(204);
    expectProblem(await app.call('GET', '/environments/test', { token: admin }), 404);
    expectProblem(await app.call('DELETE', '/environments/test', { token }), 404);
    expect(
      (await app.call('POST', '/environments', { token: admin, body: { slug: 'test', name: 'T' } })).status,
    ).toBe(201);
  });
});
