// A caller who may not read a project cannot tell it from one that does not exist, and a caller who may
// update but not read a project gets none of its fields back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createRole, serviceAccount, userToken } from '../foundation/fixtures.js';

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  expect(
    (await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'A' } })).status,
  ).toBe(201);
  await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 't', name: 'T' } });
  const created = await app.call('POST', P, {
    token: admin,
    body: { slug: 'secret-project', name: 'Secret', team: 't', attributes: { budget: 'classified' } },
  });
  expect(created.status, created.text).toBe(201);
  await createRole(app, 'reader', ['project:read']);
});
afterAll(() => app.close());

/** The answer, with the asked-for slug taken out, so two answers compare. */
async function answer(token: string, method: string, path: string, body?: unknown) {
  const res = await app.call(method, path, { token, ...(body ? { body } : {}) });
  return { status: res.status, code: res.body?.code, detail: String(res.body?.detail ?? '') };
}

describe('404 whether or not it exists', () => {
  it('for a user without any permission, on read, update and delete', async () => {
    const nobody = await userToken(app, 'nobody@example.com');
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const real = await answer(nobody, method, `${P}/secret-project`, body);
      const missing = await answer(nobody, method, `${P}/secret-projekt`, body);
      const noOrg = await answer(nobody, method, `/organizations/no-such-org/projects/secret-project`, body);
      // Deleting for good takes the global project:delete (no CAN_ACCESS edge gives it), so it is
      // refused before any lookup: 403 whatever the slugs, which tells as little as the 404.
      const refused = method === 'DELETE' ? 403 : 404;
      expect(real.status, `${method} existing`).toBe(refused);
      expect(missing.status).toBe(refused);
      expect(noOrg).toEqual(real);
      expect(real.detail.replace('secret-project', '?')).toBe(missing.detail.replace('secret-projekt', '?'));
    }
    const still = await app.call('GET', `${P}/secret-project`, { token: admin });
    expect(still.body.name).toBe('Secret');
  });

  it('a service account without the permission gets 403 for any slug (SPEC 5.6, 7): no ACL can serve it', async () => {
    const sa = await serviceAccount(app, 'bot');
    expect((await answer(sa.token, 'GET', `${P}/secret-project`)).status).toBe(403);
    expect((await answer(sa.token, 'GET', `${P}/nope`)).status).toBe(403);
    expect((await answer(sa.token, 'GET', `/organizations/zzz/projects/secret-project`)).status).toBe(403);
  });

  it('a reader that may not update gets 403 (it may know the project exists)', async () => {
    const reader = await userToken(app, 'reader@example.com', { roles: ['reader'] });
    expect((await answer(reader, 'PATCH', `${P}/secret-project`, { name: 'x' })).status).toBe(403);
    expect((await answer(reader, 'PATCH', `${P}/nope`, { name: 'x' })).status).toBe(404);
  });
});

describe('PATCH with only an update ACL', () => {
  it('answers 204 with no body: no field the caller cannot read', async () => {
    const editor = await userToken(app, 'editor@example.com');
    const grant = await app.call('PUT', `${P}/secret-project/access/editor@example.com`, {
      token: admin,
      body: { actions: ['update'] },
    });
    expect(grant.status, grant.text).toBeLessThan(300);
    const res = await app.call('PATCH', `${P}/secret-project`, { token: editor, body: { name: 'Renamed' } });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect((await app.call('GET', `${P}/secret-project`, { token: editor })).status).toBe(404);
    const after = await app.call('GET', `${P}/secret-project`, { token: admin });
    expect(after.body.name).toBe('Renamed');
  });

  it('a caller that may also read gets the project back (200)', async () => {
    const both = await userToken(app, 'both@example.com');
    await app.call('PUT', `${P}/secret-project/access/both@example.com`, {
      token: admin,
      body: { actions: ['read', 'update'] },
    });
    const res = await app.call('PATCH', `${P}/secret-project`, { token: both, body: { name: 'Again' } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Again');
  });
});

describe('a refused delete does not count what the caller may not read', () => {
  it('409 not_empty for a team or an organization names no number of projects or resources', async () => {
    for (const slug of ['p2', 'p3']) {
      const res = await app.call('POST', P, { token: admin, body: { slug, name: slug, team: 't' } });
      expect(res.status, res.text).toBe(201);
    }
    await createRole(app, 'deleter', ['team:delete', 'organization:delete', 'organization:read']);
    const deleter = await userToken(app, 'deleter@example.com', { roles: ['deleter'] });
    for (const path of ['/organizations/acme/teams/t', '/organizations/acme']) {
      const res = await app.call('DELETE', path, { token: deleter });
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe('not_empty');
      expect(res.body.detail).not.toMatch(/\d/);
    }
    expect((await app.call('GET', `${P}/p3`, { token: admin })).status).toBe(200);
  });
});
