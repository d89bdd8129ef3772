// A project's PATCH applies `attributes` as a JSON merge patch (RFC 7396); archiving retires a project
// without losing its history; only the global project:delete permission deletes one for good.
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
const P = '/organizations/acme/projects';

const create = (slug: string, attributes: Record<string, unknown> = {}) =>
  app.call('POST', P, { token: admin, body: { slug, name: slug, team: 'core', attributes } });
const patch = (slug: string, body: unknown, token = admin) =>
  app.call('PATCH', `${P}/${slug}`, { token, body });
const read = async (slug: string) => ok(await app.call('GET', `${P}/${slug}`, { token: admin })).body;

beforeAll(async () => {
  ({ app, admin } = await startWithOrgs({ acme: ['core'] }));
});
afterAll(() => app.close());

describe('PATCH attributes is a JSON merge patch', () => {
  it('members the patch does not name are kept (the data-loss bug)', async () => {
    ok(await create('keep', { a: 1 }));
    const res = ok(await patch('keep', { attributes: { b: 1 } }));
    expect(res.body.attributes).toEqual({ a: 1, b: 1 });
    expect((await read('keep')).attributes).toEqual({ a: 1, b: 1 });
  });

  it('null removes a member; objects merge member by member; arrays and scalars replace', async () => {
    ok(await create('merge', { a: 1, gone: 'x', owner: { team: 't', oncall: 'o' }, tags: ['a', 'b'] }));
    const res = ok(
      await patch('merge', {
        attributes: { gone: null, owner: { oncall: null, pager: 'p' }, tags: ['c'], a: 'one' },
      }),
    );
    expect(res.body.attributes).toEqual({ a: 'one', owner: { team: 't', pager: 'p' }, tags: ['c'] });
  });

  it('an object replaces a scalar; null for a missing member changes nothing; {} changes nothing', async () => {
    ok(await create('shapes', { s: 1 }));
    expect(ok(await patch('shapes', { attributes: { s: { x: 1 }, nope: null } })).body.attributes).toEqual({
      s: { x: 1 },
    });
    expect(ok(await patch('shapes', { attributes: {} })).body.attributes).toEqual({ s: { x: 1 } });
  });

  it('a member named __proto__ is a member like any other', async () => {
    ok(await create('proto', {}));
    const res = ok(
      await app.call('PATCH', `${P}/proto`, {
        token: admin,
        body: JSON.parse('{"attributes":{"__proto__":{"x":1}}}'),
      }),
    );
    expect(Object.hasOwn(res.body.attributes, '__proto__')).toBe(true);
    expect(JSON.stringify(res.body.attributes)).toBe('{"__proto__":{"x":1}}');
  });

  it('objects nested more than 32 deep: 422 naming where, nothing changed', async () => {
    ok(await create('deep', { keep: true }));
    let nested: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 40; i++) nested = { n: nested };
    const res = await patch('deep', { name: 'changed', attributes: nested });
    expectInvalid(res, `/attributes${'/n'.repeat(32)}`);
    const after = await read('deep');
    expect(after.attributes).toEqual({ keep: true });
    expect(after.name).toBe('deep');
  });

  it('two partial updates at once each keep what the other wrote', async () => {
    ok(await create('race', {}));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => patch('race', { attributes: { [`k${i}`]: i } }).then(ok)),
    );
    expect(Object.keys((await read('race')).attributes).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `k${i}`).sort(),
    );
  });
});

describe('archive and unarchive', () => {
  it('archive records who, when and why; the project leaves the list but stays readable', async () => {
    ok(await create('old'));
    ok(await create('live'));
    const res = ok(
      await app.call('POST', `${P}/old/archive`, { token: admin, body: { reason: 'decommissioned' } }),
    );
    expect(res.body.archived).toMatchObject({ by: 'admin@example.com', reason: 'decommissioned' });
    expect(Date.parse(res.body.archived.at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await read('old')).archived.reason).toBe('decommissioned');
    const live = await slugsOf(app, P, admin);
    expect(live).toContain('live');
    expect(live).not.toContain('old');
    expect(await slugsOf(app, `${P}?archived=true`, admin)).toEqual(['old']);
    const any = await slugsOf(app, `${P}?archived=any`, admin);
    expect(any).toContain('old');
    expect(any).toContain('live');
    // Search leaves it out too, unless asked.
    expect(await slugsOf(app, `${P}?q=old`, admin)).toEqual([]);
    expect(await slugsOf(app, `${P}?q=old&archived=any`, admin)).toEqual(['old']);
  });

  it('an archived project keeps its slug and refuses changes (409) until unarchived', async () => {
    expectProblem(await create('old'), 409);
    const refused = await patch('old', { name: 'x' });
    expectProblem(refused, 409, 'project_archived');
    expect((await read('old')).name).toBe('old');
    expectProblem(
      await app.call('POST', `${P}/old/archive`, { token: admin, body: {} }),
      409,
      'project_archived',
    );
  });

  it('its history stays readable: comments of an archived project are listed', async () => {
    ok(await create('talk'));
    ok(await app.call('POST', `${P}/talk/comments`, { token: admin, body: { body: 'before retiring' } }));
    ok(await app.call('POST', `${P}/talk/archive`, { token: admin }));
    const comments = ok(await app.call('GET', `${P}/talk/comments`, { token: admin }));
    expect(comments.body.map((c: { body: string }) => c.body)).toEqual(['before retiring']);
  });

  it('unarchive brings it back (archived: null); unarchiving a live project is 409', async () => {
    const res = ok(await app.call('POST', `${P}/old/unarchive`, { token: admin }));
    expect(res.body.archived).toBeNull();
    expect(await slugsOf(app, P, admin)).toContain('old');
    expectProblem(
      await app.call('POST', `${P}/old/unarchive`, { token: admin }),
      409,
      'project_not_archived',
    );
  });

  it('bad input: a reason of the wrong type or an unknown member is a 422 naming it', async () => {
    expectInvalid(
      await app.call('POST', `${P}/live/archive`, { token: admin, body: { reason: 3 } }),
      '/reason',
    );
    expectInvalid(await app.call('POST', `${P}/live/archive`, { token: admin, body: { why: 'x' } }), '/why');
    expectInvalid(await app.call('GET', `${P}?archived=maybe`, { token: admin }), '/archived', {
      in: 'query',
    });
    expect((await read('live')).archived).toBeNull();
  });
});

describe('who may archive, unarchive and delete for good', () => {
  it('401 without a token', async () => {
    for (const path of [`${P}/live/archive`, `${P}/live/unarchive`])
      expectProblem(await app.call('POST', path, {}), 401);
    expectProblem(await app.call('DELETE', `${P}/live`, {}), 401);
  });

  it('project:read alone: 403 (the caller may read it); no read at all: 404, so existence does not leak', async () => {
    await createRole(app, 'reader', ['project:read']);
    const reader = await userToken(app, 'reader@arch.test', { roles: ['reader'] });
    expectProblem(await app.call('POST', `${P}/live/archive`, { token: reader }), 403);
    const nobody = await userToken(app, 'nobody@arch.test');
    expectProblem(await app.call('POST', `${P}/live/archive`, { token: nobody }), 404);
    expectProblem(await app.call('POST', `${P}/missing/archive`, { token: nobody }), 404);
    const bot = await serviceAccount(app, 'arch-bot');
    expectProblem(await app.call('POST', `${P}/live/archive`, { token: bot.token }), 403);
    expect((await read('live')).archived).toBeNull();
  });

  it('a CAN_ACCESS edge carrying delete archives (204 without read) but never deletes for good', async () => {
    ok(await create('acl-doomed'));
    const user = await userToken(app, 'deleter@arch.test');
    ok(
      await app.call('PUT', `${P}/acl-doomed/access/deleter@arch.test`, {
        token: admin,
        body: { actions: ['delete'] },
      }),
    );
    expect((await app.call('POST', `${P}/acl-doomed/archive`, { token: user })).status).toBe(204);
    expect((await read('acl-doomed')).archived.by).toBe('deleter@arch.test');
    expectProblem(await app.call('DELETE', `${P}/acl-doomed`, { token: user }), 403);
    expect((await app.call('POST', `${P}/acl-doomed/unarchive`, { token: user })).status).toBe(204);
    expect((await read('acl-doomed')).archived).toBeNull();
  });

  it('the global project:delete permission deletes for good (comments go with it); then the slug is free', async () => {
    await createRole(app, 'purger', ['project:delete', 'project:read']);
    const purger = await userToken(app, 'purger@arch.test', { roles: ['purger'] });
    expect((await app.call('DELETE', `${P}/talk`, { token: purger })).status).toBe(204);
    expectProblem(await app.call('GET', `${P}/talk`, { token: admin }), 404);
    ok(await create('talk'));
    expect(ok(await app.call('GET', `${P}/talk/comments`, { token: admin })).body).toEqual([]);
  });
});
