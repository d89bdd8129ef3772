import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { ModelListCache } from '../../src/catalog/cache.js';
import { createRole } from '../foundation/fixtures.js';
import { catalogApp, createModel, createProvider, world, type World } from './support.js';

let app: TestApp;
let w: World;
let provider: string;
let provider2: string;
let otherProvider: string;
beforeAll(async () => {
  app = await catalogApp();
  w = await world(app);
  provider = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'B' });
  provider2 = await createProvider(app, w.admin, { driver: 'vendor_a', name: 'A' });
  otherProvider = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'theirs' }, 'other');
});
afterAll(() => app.close());

const M = '/organizations/acme/ai-models';
let n = 0;
/** A fresh model body (unique slug and model id). */
const body = (extra: Record<string, unknown> = {}) => {
  n++;
  return {
    provider_id: provider,
    model_id: `vendor-model-${n}`,
    slug: `model-${n}`,
    kind: 'chat',
    access_scope: 'organization',
    ...extra,
  };
};

describe('POST /ai-models: create with edges and exact decimals', () => {
  it('creates a model with every field; costs round-trip as exact decimal strings', async () => {
    const settings = {
      name: 'Big model',
      context_window: 200000,
      max_output_tokens: 64000,
      default_temperature: 0.7,
      input_cost_per_mtok: '3.000000000001',
      output_cost_per_mtok: '15',
      monthly_spend_cap: '2500.50',
      enabled: false,
    };
    const res = await app.call('POST', M, { token: w.admin, body: body(settings) });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      ...settings,
      organization: 'acme',
      provider_id: provider,
      kind: 'chat',
      access_scope: 'organization',
      team_slugs: [],
      deleted_team_slugs: [],
      updated_by: 'admin@example.com',
    });
    const edges = await app.runtime.core.sql.query<{ label: string; dst_label: string }>(
      `SELECT e.label, d.label AS dst_label FROM graph_edges e JOIN graph_nodes d ON d.id = e.dst
        WHERE e.src = $1 ORDER BY 1`,
      [res.body.id],
    );
    expect(edges).toEqual([
      { label: 'BELONGS_TO', dst_label: 'Organization' },
      { label: 'SERVED_BY', dst_label: 'AIProvider' },
    ]);
  });

  it('null costs mean unknown or contract pricing; "0" means self-hosted; defaults fill the rest', async () => {
    const res = await app.call('POST', M, {
      token: w.admin,
      body: body({ input_cost_per_mtok: null, output_cost_per_mtok: '0' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      input_cost_per_mtok: null,
      output_cost_per_mtok: '0',
      monthly_spend_cap: null,
      context_window: null,
      default_temperature: null,
      enabled: true,
    });
    expect(res.body.name).toBe(res.body.model_id);
  });

  it.each([
    ['input_cost_per_mtok', '-1'],
    ['input_cost_per_mtok', '1e-7'],
    ['input_cost_per_mtok', 2.5],
    ['output_cost_per_mtok', 'abc'],
    ['output_cost_per_mtok', '01.5'],
    ['monthly_spend_cap', '1.1234567890123'],
    ['context_window', 0],
    ['input_cost_per_mtok', ''],
    ['default_temperature', 3],
    ['kind', 'hologram'],
    ['access_scope', 'public'],
    ['slug', 'Not A Slug'],
    ['model_id', 'has space'],
  ])('%s = %j is 422 naming the field', async (field, value) => {
    const res = await app.call('POST', M, { token: w.admin, body: body({ [field]: value }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].pointer).toBe(`/${field}`);
  });

  it('a provider of another organization (or none) is 404', async () => {
    for (const provider_id of [otherProvider, '0190a0a0-0000-7000-8000-000000000000', 'nope']) {
      const res = await app.call('POST', M, { token: w.admin, body: body({ provider_id }) });
      expect(res.status).toBe(404);
    }
  });
});

describe('access_scope: restricted needs at least one team (SPEC 3, 7)', () => {
  it('restricted with an empty or missing team list is 422, on create', async () => {
    for (const extra of [{ team_slugs: [] }, {}]) {
      const res = await app.call('POST', M, {
        token: w.admin,
        body: body({ access_scope: 'restricted', ...extra }),
      });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].pointer).toBe('/team_slugs');
    }
  });
  it('unknown team slugs are 422 naming the position; teams of another organization are unknown', async () => {
    await app.call('POST', '/organizations/other/teams', {
      token: w.admin,
      body: { slug: 'gamma', name: 'g' },
    });
    for (const slug of ['nope', 'gamma']) {
      const res = await app.call('POST', M, {
        token: w.admin,
        body: body({ access_scope: 'restricted', team_slugs: ['alpha', slug] }),
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('unknown_team');
      expect(res.body.errors[0].pointer).toBe('/team_slugs/1');
    }
  });
  it('teams on an organization-wide model are 422', async () => {
    const res = await app.call('POST', M, { token: w.admin, body: body({ team_slugs: ['alpha'] }) });
    expect(res.status).toBe(422);
  });
  it('restricted with teams creates ALLOWED_FOR edges', async () => {
    const res = await app.call('POST', M, {
      token: w.admin,
      body: body({ access_scope: 'restricted', team_slugs: ['alpha', 'beta'] }),
    });
    expect(res.status).toBe(201);
    expect(res.body.team_slugs).toEqual(['alpha', 'beta']);
    const edges = await app.runtime.core.sql.query(
      `SELECT 1 FROM graph_edges WHERE src = $1 AND label = 'ALLOWED_FOR'`,
      [res.body.id],
    );
    expect(edges).toHaveLength(2);
  });
  it('on update: restricting without teams, or emptying the teams, is 422 and changes nothing', async () => {
    const open = await createModel(app, w.admin, body());
    const r1 = await app.call('PATCH', `${M}/${open}`, {
      token: w.admin,
      body: { access_scope: 'restricted' },
    });
    expect(r1.status).toBe(422);
    const r2 = await app.call('PATCH', `${M}/${open}`, {
      token: w.admin,
      body: { access_scope: 'restricted', team_slugs: [] },
    });
    expect(r2.status).toBe(422);
    const closed = await createModel(
      app,
      w.admin,
      body({ access_scope: 'restricted', team_slugs: ['beta'] }),
    );
    const r3 = await app.call('PATCH', `${M}/${closed}`, { token: w.admin, body: { team_slugs: [] } });
    expect(r3.status).toBe(422);
    const r4 = await app.call('PATCH', `${M}/${open}`, { token: w.admin, body: { team_slugs: ['alpha'] } });
    expect(r4.status).toBe(422);
    expect((await app.call('GET', `${M}/${closed}`, { token: w.admin })).body.team_slugs).toEqual(['beta']);
    expect((await app.call('GET', `${M}/${open}`, { token: w.admin })).body.access_scope).toBe(
      'organization',
    );
  });
  it('on update: restricting with teams, replacing teams, and opening to the organization', async () => {
    const id = await createModel(app, w.admin, body());
    const r = await app.call('PATCH', `${M}/${id}`, {
      token: w.admin,
      body: { access_scope: 'restricted', team_slugs: ['beta'] },
    });
    expect(r.body).toMatchObject({ access_scope: 'restricted', team_slugs: ['beta'] });
    const swap = await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: { team_slugs: ['alpha'] } });
    expect(swap.body.team_slugs).toEqual(['alpha']);
    const open = await app.call('PATCH', `${M}/${id}`, {
      token: w.admin,
      body: { access_scope: 'organization' },
    });
    expect(open.body).toMatchObject({ access_scope: 'organization', team_slugs: [] });
    const edges = await app.runtime.core.sql.query(
      `SELECT 1 FROM graph_edges WHERE src = $1 AND label = 'ALLOWED_FOR'`,
      [id],
    );
    expect(edges).toHaveLength(0);
  });
});

describe('uniqueness: slug per organization, model_id per provider (409, race-safe)', () => {
  it('a second slug in the organization is 409; the same slug in another organization is fine', async () => {
    await createModel(app, w.admin, { ...body(), slug: 'shared-slug' });
    const dup = await app.call('POST', M, { token: w.admin, body: { ...body(), slug: 'shared-slug' } });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toContain('shared-slug');
    await createModel(
      app,
      w.admin,
      {
        provider_id: otherProvider,
        model_id: 'x',
        slug: 'shared-slug',
        kind: 'chat',
        access_scope: 'organization',
      },
      'other',
    );
  });
  it('a second model_id on one provider is 409; the same model_id on another provider is fine', async () => {
    await createModel(app, w.admin, { ...body(), model_id: 'same-vendor-id' });
    const dup = await app.call('POST', M, {
      token: w.admin,
      body: { ...body(), model_id: 'same-vendor-id' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toContain('same-vendor-id');
    await createModel(app, w.admin, { ...body(), provider_id: provider2, model_id: 'same-vendor-id' });
  });
  it('renaming onto a taken slug is 409', async () => {
    await createModel(app, w.admin, { ...body(), slug: 'taken' });
    const id = await createModel(app, w.admin, body());
    const res = await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: { slug: 'taken' } });
    expect(res.status).toBe(409);
    const ok = await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: { slug: 'free-now' } });
    expect(ok.body.slug).toBe('free-now');
  });
  it('concurrent creates of one slug, or of one model_id, yield exactly one 201 and the rest 409', async () => {
    const slugRace = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.call('POST', M, {
          token: w.admin,
          body: { ...body(), model_id: `race-${i}`, slug: 'race-slug' },
        }),
      ),
    );
    expect(slugRace.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const idRace = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        app.call('POST', M, {
          token: w.admin,
          body: { ...body(), model_id: 'race-id', slug: `race-id-${i}` },
        }),
      ),
    );
    expect(idRace.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await app.runtime.core.sql.query(
      `SELECT 1 FROM graph_nodes WHERE label = 'AIModel' AND (props->>'slug' = 'race-slug' OR props->>'model_id' = 'race-id')`,
    );
    expect(rows).toHaveLength(2);
  });
});

describe('who sees which models (ai_model:read, team membership, ai_model:update)', () => {
  let open: string;
  let forAlpha: string;
  let forBeta: string;
  let scoped: string;
  beforeAll(async () => {
    scoped = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'visibility' });
    const mk = (slug: string, extra: Record<string, unknown>) =>
      createModel(app, w.admin, { ...body(), provider_id: scoped, slug, ...extra });
    open = await mk('vis-open', {});
    forAlpha = await mk('vis-alpha', { access_scope: 'restricted', team_slugs: ['alpha'] });
    forBeta = await mk('vis-beta', { access_scope: 'restricted', team_slugs: ['beta'] });
  });
  const visible = async (token: string) => {
    const res = await app.call('GET', `${M}?provider_id=${scoped}`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body.map((m: { slug: string }) => m.slug).sort();
  };

  it('a member in no team sees organization-wide models only', async () => {
    expect(await visible(w.member)).toEqual(['vis-open']);
  });

  it('provider_id matches whatever case its hex is written in', async () => {
    const res = await app.call('GET', `${M}?provider_id=${scoped.toUpperCase()}`, { token: w.admin });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((m: { slug: string }) => m.slug).sort()).toEqual([
      'vis-alpha',
      'vis-beta',
      'vis-open',
    ]);
  });
  it('a member of team alpha also sees the model restricted to alpha', async () => {
    expect(await visible(w.alpha)).toEqual(['vis-alpha', 'vis-open']);
  });
  it('holders of ai_model:update and admins see all', async () => {
    expect(await visible(w.editor)).toEqual(['vis-alpha', 'vis-beta', 'vis-open']);
    expect(await visible(w.admin)).toEqual(['vis-alpha', 'vis-beta', 'vis-open']);
  });
  it('without ai_model:read the list is 403; anonymous is 401', async () => {
    expect((await app.call('GET', M, { token: w.nobody })).status).toBe(403);
    expect((await app.call('GET', M)).status).toBe(401);
  });
  it('GET by id applies the same rule: an invisible model is 404, like a missing one', async () => {
    expect((await app.call('GET', `${M}/${forBeta}`, { token: w.alpha })).status).toBe(404);
    expect((await app.call('GET', `${M}/${forAlpha}`, { token: w.member })).status).toBe(404);
    expect((await app.call('GET', `${M}/${forAlpha}`, { token: w.alpha })).status).toBe(200);
    expect((await app.call('GET', `${M}/${open}`, { token: w.member })).status).toBe(200);
    expect((await app.call('GET', `${M}/${forBeta}`, { token: w.editor })).status).toBe(200);
    expect((await app.call('GET', `${M}/${open}`, { token: w.nobody })).status).toBe(403);
  });
  it('joining and leaving a team changes what a member sees at once', async () => {
    await app.call('PUT', '/organizations/acme/teams/beta/members/member@example.com', { token: w.admin });
    expect(await visible(w.member)).toEqual(['vis-beta', 'vis-open']);
    await app.call('DELETE', '/organizations/acme/teams/beta/members/member@example.com', { token: w.admin });
    expect(await visible(w.member)).toEqual(['vis-open']);
  });
  // Membership is what shows a restricted model: team:update alone let its holder add themselves.
  it('adding a member to a team with restricted models needs ai_model:update or membership', async () => {
    await createRole(app, 'team-keeper', ['team:read', 'team:update', 'user:read', 'organization:read']);
    const keeper = await app.user('team-keeper@example.com', { roles: ['member', 'team-keeper'] });
    const add = (token: string, team: string, email: string) =>
      app.call('PUT', `/organizations/acme/teams/${team}/members/${email}`, { token });
    const self = await add(keeper, 'beta', 'team-keeper@example.com');
    expect(self.status, self.text).toBe(403);
    expect(self.body.detail).toMatch(/restricted AI models.*ai_model:update or membership of the team/);
    expect((await add(keeper, 'beta', 'member@example.com')).status).toBe(403);
    expect(await visible(keeper)).toEqual(['vis-open']);
    // A team that shows no restricted model, and removal, need team:update only.
    expect(
      (
        await app.call('POST', '/organizations/acme/teams', {
          token: w.admin,
          body: { slug: 'plain-team', name: 'g' },
        })
      ).status,
    ).toBe(201);
    expect((await add(keeper, 'plain-team', 'team-keeper@example.com')).status).toBe(204);
    expect((await add(w.admin, 'beta', 'member@example.com')).status).toBe(204);
    expect(
      (
        await app.call('DELETE', '/organizations/acme/teams/beta/members/member@example.com', {
          token: keeper,
        })
      ).status,
    ).toBe(204);
    // A member of the team, and a holder of ai_model:update, have what they hand on.
    const insider = await app.user('alpha-keeper@example.com', { roles: ['member', 'team-keeper'] });
    expect((await add(w.admin, 'alpha', 'alpha-keeper@example.com')).status).toBe(204);
    expect((await add(insider, 'alpha', 'member@example.com')).status).toBe(204);
    expect(await visible(w.member)).toEqual(['vis-alpha', 'vis-open']);
    const editor = await app.user('catalog-editor@example.com', { roles: ['ai-editor', 'team-keeper'] });
    expect((await add(editor, 'beta', 'catalog-editor@example.com')).status).toBe(204);
    for (const [team, email] of [
      ['alpha', 'member@example.com'],
      ['alpha', 'alpha-keeper@example.com'],
      ['beta', 'catalog-editor@example.com'],
    ]) {
      const removed = await app.call('DELETE', `/organizations/acme/teams/${team}/members/${email}`, {
        token: w.admin,
      });
      expect(removed.status).toBe(204);
    }
  });
  it('a model of another organization is 404 through this one', async () => {
    const theirs = await createModel(
      app,
      w.admin,
      {
        provider_id: otherProvider,
        model_id: 'theirs',
        slug: 'theirs',
        kind: 'chat',
        access_scope: 'organization',
      },
      'other',
    );
    for (const [method, b] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await app.call(method, `${M}/${theirs}`, { token: w.admin, body: b })).status).toBe(404);
    }
    expect((await app.call('GET', `${M}?provider_id=${otherProvider}`, { token: w.admin })).status).toBe(404);
    const list = await app.call('GET', `${M}?limit=200`, { token: w.admin });
    expect(list.body.map((m: { id: string }) => m.id)).not.toContain(theirs);
  });
  it('lists page with a Link header', async () => {
    const first = await app.call('GET', `${M}?limit=2`, { token: w.admin });
    expect(first.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await app.call('GET', next, { token: w.admin });
    expect(second.status).toBe(200);
    expect(second.body[0].id > first.body[1].id).toBe(true);
  });
});

describe('a restricted model whose team is deleted stays restricted (decision: never widened)', () => {
  it('its members lose access, nobody else gains it, and the model shows the deleted team', async () => {
    await app.call('POST', '/organizations/acme/teams', {
      token: w.admin,
      body: { slug: 'temp', name: 't' },
    });
    await app.call('PUT', '/organizations/acme/teams/temp/members/member@example.com', { token: w.admin });
    const solo = await createModel(app, w.admin, body({ access_scope: 'restricted', team_slugs: ['temp'] }));
    const both = await createModel(
      app,
      w.admin,
      body({ access_scope: 'restricted', team_slugs: ['temp', 'alpha'] }),
    );
    expect((await app.call('GET', `${M}/${solo}`, { token: w.member })).status).toBe(200);

    expect((await app.call('DELETE', '/organizations/acme/teams/temp', { token: w.admin })).status).toBe(204);

    const seen = await app.call('GET', `${M}/${solo}`, { token: w.admin });
    expect(seen.body).toMatchObject({
      access_scope: 'restricted',
      team_slugs: [],
      deleted_team_slugs: ['temp'],
    });
    for (const token of [w.member, w.alpha]) {
      expect((await app.call('GET', `${M}/${solo}`, { token })).status).toBe(404);
    }
    // The other team keeps its access.
    const stillAlpha = await app.call('GET', `${M}/${both}`, { token: w.alpha });
    expect(stillAlpha.body).toMatchObject({ team_slugs: ['alpha'], deleted_team_slugs: ['temp'] });
    expect((await app.call('GET', `${M}/${both}`, { token: w.member })).status).toBe(404);

    // A new team with the old slug is a different team: it gets no access by accident.
    await app.call('POST', '/organizations/acme/teams', {
      token: w.admin,
      body: { slug: 'temp', name: 't2' },
    });
    await app.call('PUT', '/organizations/acme/teams/temp/members/member@example.com', { token: w.admin });
    expect((await app.call('GET', `${M}/${solo}`, { token: w.member })).status).toBe(404);

    // Editing other fields keeps the restriction; naming teams again re-grants and clears the record.
    const renamed = await app.call('PATCH', `${M}/${solo}`, {
      token: w.admin,
      body: { name: 'still closed' },
    });
    expect(renamed.body).toMatchObject({ access_scope: 'restricted', deleted_team_slugs: ['temp'] });
    const regrant = await app.call('PATCH', `${M}/${solo}`, {
      token: w.admin,
      body: { team_slugs: ['temp'] },
    });
    expect(regrant.body).toMatchObject({ team_slugs: ['temp'], deleted_team_slugs: [] });
    expect((await app.call('GET', `${M}/${solo}`, { token: w.member })).status).toBe(200);
  });
});

describe('a team deleted while a model is being restricted to it: never a 500, never an edge to nothing', () => {
  it('either the model is created first (and then shows the team as deleted) or the team is unknown', async () => {
    for (let round = 0; round < 6; round++) {
      const slug = `racing-${round}`;
      await app.call('POST', '/organizations/acme/teams', { token: w.admin, body: { slug, name: slug } });
      const [create, del] = await Promise.all([
        app.call('POST', M, {
          token: w.admin,
          body: body({ access_scope: 'restricted', team_slugs: [slug] }),
        }),
        app.call('DELETE', `/organizations/acme/teams/${slug}`, { token: w.admin }),
      ]);
      expect(del.status, del.text).toBe(204);
      expect([201, 422], create.text).toContain(create.status);
      if (create.status === 201) {
        const got = await app.call('GET', `${M}/${create.body.id}`, { token: w.admin });
        expect(got.body).toMatchObject({
          access_scope: 'restricted',
          team_slugs: [],
          deleted_team_slugs: [slug],
        });
      }
    }
  });
});

describe('PATCH and DELETE /ai-models/{id}: who may call', () => {
  it('members and role-less users are 403 on create, update and delete; editors update but do not delete', async () => {
    const id = await createModel(app, w.admin, body());
    for (const token of [w.member, w.nobody, w.keeper]) {
      expect((await app.call('POST', M, { token, body: body() })).status).toBe(403);
      expect((await app.call('PATCH', `${M}/${id}`, { token, body: { name: 'x' } })).status).toBe(403);
      expect((await app.call('DELETE', `${M}/${id}`, { token })).status).toBe(403);
    }
    expect((await app.call('PATCH', `${M}/${id}`, { token: w.editor, body: { name: 'e' } })).status).toBe(
      200,
    );
    expect((await app.call('DELETE', `${M}/${id}`, { token: w.editor })).status).toBe(403);
    expect((await app.call('POST', M, { token: w.editor, body: body() })).status).toBe(403);
    for (const [method, b] of [
      ['POST', body()],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      expect((await app.call(method, method === 'POST' ? M : `${M}/${id}`, { body: b })).status).toBe(401);
    }
  });
  it('PATCH updates and clears fields; unknown fields and an empty body are 422', async () => {
    const id = await createModel(app, w.admin, body({ input_cost_per_mtok: '1.5', context_window: 1000 }));
    const res = await app.call('PATCH', `${M}/${id}`, {
      token: w.admin,
      body: { input_cost_per_mtok: null, context_window: null, kind: 'embedding', default_temperature: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      input_cost_per_mtok: null,
      context_window: null,
      kind: 'embedding',
      default_temperature: 0,
    });
    expect((await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: {} })).status).toBe(422);
    expect((await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: { model_id: 'x' } })).status).toBe(
      422,
    );
    expect(
      (await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: { provider_id: provider2 } })).status,
    ).toBe(422);
  });
  it('DELETE removes the model and its edges; a second DELETE is 404', async () => {
    const id = await createModel(app, w.admin, body({ access_scope: 'restricted', team_slugs: ['alpha'] }));
    expect((await app.call('DELETE', `${M}/${id}`, { token: w.admin })).status).toBe(204);
    expect((await app.call('DELETE', `${M}/${id}`, { token: w.admin })).status).toBe(404);
    const edges = await app.runtime.core.sql.query(`SELECT 1 FROM graph_edges WHERE src = $1 OR dst = $1`, [
      id,
    ]);
    expect(edges).toHaveLength(0);
  });
});

describe('choosing teams needs team:read: model writes are no oracle for team slugs', () => {
  it('without team:read any team is 403, existing or not, and nothing changes; with it, 200 or 422', async () => {
    const id = await createModel(app, w.admin, body());
    for (const team_slugs of [['alpha'], ['nope']]) {
      const res = await app.call('PATCH', `${M}/${id}`, {
        token: w.editor,
        body: { access_scope: 'restricted', team_slugs },
      });
      expect(res.status, res.text).toBe(403);
      expect(res.body.errors[0].pointer).toBe('/team_slugs');
    }
    expect((await app.call('GET', `${M}/${id}`, { token: w.admin })).body.access_scope).toBe('organization');

    await app.call('POST', '/roles', {
      token: w.admin,
      body: {
        slug: 'ai-team-editor',
        name: 'x',
        permissions: ['ai_model:read', 'ai_model:update', 'team:read', 'organization:read'],
      },
    });
    const seeing = await app.user('team-editor@example.com', { roles: ['ai-team-editor'] });
    const missing = await app.call('PATCH', `${M}/${id}`, {
      token: seeing,
      body: { access_scope: 'restricted', team_slugs: ['nope'] },
    });
    expect(missing.body.code).toBe('unknown_team');
    const ok = await app.call('PATCH', `${M}/${id}`, {
      token: seeing,
      body: { access_scope: 'restricted', team_slugs: ['alpha'] },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('creating a restricted model without team:read is 403 for any team; an organization-wide one is created', async () => {
    await app.call('POST', '/roles', {
      token: w.admin,
      body: {
        slug: 'ai-creator',
        name: 'x',
        permissions: ['ai_model:read', 'ai_model:create', 'organization:read'],
      },
    });
    const creator = await app.user('ai-creator@example.com', { roles: ['ai-creator'] });
    for (const team of ['alpha', 'nope']) {
      const res = await app.call('POST', M, {
        token: creator,
        body: body({ access_scope: 'restricted', team_slugs: [team] }),
      });
      expect(res.status, res.text).toBe(403);
    }
    expect((await app.call('POST', M, { token: creator, body: body() })).status).toBe(201);
  });
});

describe('a model write names a provider: that needs ai_model:read, checked before the lookup', () => {
  it('ai_model:create without ai_model:read: 403 for an existing and a missing provider, at create, discover and import', async () => {
    await createRole(app, 'ai-blind-creator', ['ai_model:create', 'organization:read']);
    const blind = await app.user('ai-blind-creator@example.com', { roles: ['ai-blind-creator'] });
    const missing = '0190f000-0000-7000-8000-000000000000';
    for (const id of [provider, missing]) {
      const created = await app.call('POST', M, { token: blind, body: { ...body(), provider_id: id } });
      expect(created.status, created.text).toBe(403);
      expect(created.body.errors[0]).toMatchObject({ pointer: '/provider_id', in: 'body' });
      const P = `/organizations/acme/ai-providers/${id}`;
      expect((await app.call('POST', `${P}/discover`, { token: blind })).status).toBe(403);
      const imported = await app.call('POST', `${P}/import-models`, {
        token: blind,
        body: { models: [{ model_id: 'm-1' }] },
      });
      expect(imported.status, imported.text).toBe(403);
    }
    const creator = await app.user('ai-creator-2@example.com', { roles: ['ai-creator'] });
    expect(
      (await app.call('POST', M, { token: creator, body: { ...body(), provider_id: missing } })).status,
    ).toBe(404);
    expect((await app.call('POST', M, { token: creator, body: body() })).status).toBe(201);
  });
});

describe('OpenAPI describes the catalog', () => {
  it('says monthly_spend_cap is advisory, and api_key appears only in write schemas', async () => {
    const doc = await app.call('GET', '/openapi.json');
    const text = JSON.stringify(doc.body);
    expect(text).toContain('nothing enforces it');
    const paths = doc.body.paths;
    expect(Object.keys(paths)).toContain('/organizations/{org}/ai-models/{id}');
    const responsesText = JSON.stringify(
      Object.values(paths).flatMap((p) =>
        Object.values(p as object).map((op) => (op as { responses: unknown }).responses),
      ),
    );
    expect(responsesText).not.toContain('"api_key":');
    expect(responsesText).not.toContain('credentials_encrypted');
    expect(
      JSON.stringify(paths['/organizations/{org}/ai-providers/{id}/credentials'].put.requestBody),
    ).toContain('"api_key":');
  });
});

describe('the list cache: every read sees committed changes, in this process and in other replicas', () => {
  let replica: TestApp;
  let prov: string;
  beforeAll(async () => {
    // A second replica: same database and keys, its own process-level caches.
    const { settings } = app.runtime.core;
    replica = await startTestApp({
      database: { url: app.url },
      env: {
        KEEL_AUTH_JWT_PRIVATE_KEY: settings.auth.jwtPrivateKey,
        KEEL_CONFIG_ENCRYPTION_KEY: settings.configEncryptionKey!.toString('base64'),
      },
    });
    prov = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'cache' });
  });
  afterAll(() => replica.close());
  const slugs = async (on: TestApp, token: string) => {
    const res = await on.call('GET', `${M}?provider_id=${prov}&limit=200`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body.map((m: { slug: string }) => m.slug).sort();
  };

  it('list items are exactly what GET by id returns', async () => {
    await createModel(app, w.admin, {
      ...body(),
      provider_id: prov,
      slug: 'cache-a',
      input_cost_per_mtok: '0.1',
    });
    const list = await app.call('GET', `${M}?provider_id=${prov}`, { token: w.admin });
    expect(list.headers['content-type']).toContain('application/json');
    for (const item of list.body) {
      const one = await app.call('GET', `${M}/${item.id}`, { token: w.admin });
      expect(item).toEqual(one.body);
    }
  });

  it('creates, scope changes, team deletions and deletes written on one replica show on the other at once', async () => {
    // Warm both caches.
    expect(await slugs(replica, w.alpha)).toEqual(['cache-a']);
    const id = await createModel(app, w.admin, {
      ...body(),
      provider_id: prov,
      slug: 'cache-b',
      access_scope: 'restricted',
      team_slugs: ['alpha'],
    });
    expect(await slugs(replica, w.alpha)).toEqual(['cache-a', 'cache-b']);
    expect(await slugs(replica, w.member)).toEqual(['cache-a']);

    await app.call('PATCH', `${M}/${id}`, { token: w.admin, body: { access_scope: 'organization' } });
    expect(await slugs(replica, w.member)).toEqual(['cache-a', 'cache-b']);

    await app.call('POST', '/organizations/acme/teams', {
      token: w.admin,
      body: { slug: 'short', name: 's' },
    });
    await app.call('PATCH', `${M}/${id}`, {
      token: w.admin,
      body: { access_scope: 'restricted', team_slugs: ['short', 'alpha'] },
    });
    expect(await slugs(replica, w.member)).toEqual(['cache-a']);
    expect(await slugs(app, w.admin)).toEqual(['cache-a', 'cache-b']); // warm this replica at this version
    await replica.call('DELETE', '/organizations/acme/teams/short', { token: w.admin });
    const shown = await app.call('GET', `${M}?provider_id=${prov}`, { token: w.admin });
    expect(shown.body.find((m: { id: string }) => m.id === id)).toMatchObject({
      team_slugs: ['alpha'],
      deleted_team_slugs: ['short'],
    });

    await replica.call('DELETE', `${M}/${id}`, { token: w.admin });
    expect(await slugs(app, w.admin)).toEqual(['cache-a']);
  });

  it('team membership is read on every request, not cached', async () => {
    await createModel(app, w.admin, {
      ...body(),
      provider_id: prov,
      slug: 'cache-beta',
      access_scope: 'restricted',
      team_slugs: ['beta'],
    });
    expect(await slugs(replica, w.member)).toEqual(['cache-a']);
    await app.call('PUT', '/organizations/acme/teams/beta/members/member@example.com', { token: w.admin });
    expect(await slugs(replica, w.member)).toEqual(['cache-a', 'cache-beta']);
    await app.call('DELETE', '/organizations/acme/teams/beta/members/member@example.com', { token: w.admin });
    expect(await slugs(replica, w.member)).toEqual(['cache-a']);
  });

  it('a member pages through exactly the models visible to them', async () => {
    for (const [i, scope] of ['organization', 'beta', 'alpha', 'organization', 'beta', 'alpha'].entries()) {
      await createModel(app, w.admin, {
        ...body(),
        provider_id: prov,
        slug: `cache-page-${i}`,
        ...(scope === 'organization' ? {} : { access_scope: 'restricted', team_slugs: [scope] }),
      });
    }
    const all = await slugs(app, w.alpha);
    const seen: string[] = [];
    let next: string | undefined = `${M}?provider_id=${prov}&limit=2`;
    while (next) {
      const res = await app.call('GET', next, { token: w.alpha });
      expect(res.body.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.map((m: { slug: string }) => m.slug));
      const link = res.headers.link as string | undefined;
      next = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
    }
    expect(seen.sort()).toEqual(all);
    expect(all.filter((s: string) => s.startsWith('cache-page'))).toEqual([
      'cache-page-0',
      'cache-page-2',
      'cache-page-3',
      'cache-page-5',
    ]);
  });

  it('concurrent reads by different users each get their own visibility', async () => {
    const expected = { alpha: await slugs(app, w.alpha), member: await slugs(app, w.member) };
    expect(expected.alpha).not.toEqual(expected.member);
    const reads = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 ? (['alpha', w.alpha] as const) : (['member', w.member] as const),
      ).map(async ([who, token]) => ({ who, seen: await slugs(app, token) })),
    );
    for (const r of reads) expect(r.seen).toEqual(expected[r.who]);
  });

  it('reads share a probe in flight, but never one that started before a catalog write here committed', async () => {
    const cache = new ModelListCache();
    const { sql } = app.runtime.core;
    const org = (await sql.one<{ node_id: string }>(
      `SELECT node_id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = 'acme'`,
    ))!.node_id;
    const user = (await sql.one<{ node_id: string }>(
      `SELECT node_id FROM graph_keys WHERE namespace = 'User.email' AND key = 'alpha@example.com'`,
    ))!.node_id;
    // Hold the probe's query back with a table lock taken on a connection of its own.
    const blocker = await sql.pool.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE catalog_versions IN ACCESS EXCLUSIVE MODE');
      const a = cache.probe(sql, org, user);
      const b = cache.probe(sql, org, user);
      expect(b).toBe(a);
      expect(cache.probe(sql, org, null)).not.toBe(a);
      await sql.tx(async (tx) => cache.invalidate(tx));
      const c = cache.probe(sql, org, user);
      expect(c).not.toBe(a);
      await blocker.query('COMMIT');
      const [ra, rc] = await Promise.all([a, c]);
      expect(rc).toEqual(ra);
      expect(ra.teams).toHaveLength(1);
    } finally {
      blocker.release();
    }
  });

  it('renaming the organization shows in the list at once', async () => {
    await app.call('POST', '/organizations', { token: w.admin, body: { slug: 'renamed-a', name: 'r' } });
    const p = await createProvider(app, w.admin, { driver: 'vendor_b', name: 'r' }, 'renamed-a');
    await createModel(
      app,
      w.admin,
      { provider_id: p, model_id: 'r', slug: 'r', kind: 'chat', access_scope: 'organization' },
      'renamed-a',
    );
    const before = await app.call('GET', '/organizations/renamed-a/ai-models', { token: w.admin });
    expect(before.body[0].organization).toBe('renamed-a');
    await app.call('PATCH', '/organizations/renamed-a', { token: w.admin, body: { slug: 'renamed-b' } });
    const after = await app.call('GET', '/organizations/renamed-b/ai-models', { token: w.admin });
    expect(after.body[0].organization).toBe('renamed-b');
    expect((await app.call('GET', '/organizations/renamed-a/ai-models', { token: w.admin })).status).toBe(
      404,
    );
  });
});
