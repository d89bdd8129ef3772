import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../src/http/errors.js';
import { projectScore, validateRule, type PolicyRule } from '../../src/scoring/policy.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { coveragePolicy } from './fixtures.js';

const rule = (r: Partial<PolicyRule>): PolicyRule => ({
  attribute: 'tier',
  weight: 1,
  enabled: true,
  value_score_map: null,
  range_score_map: null,
  ...r,
});

describe('a project score is the weighted mean over enabled policies', () => {
  const tier = rule({ attribute: 'tier', weight: 3, value_score_map: { gold: 100, silver: 50 } });
  const { slug: _slug, ...coverageRule } = coveragePolicy;
  const coverage = rule(coverageRule);

  it('weights each policy', () => {
    expect(projectScore([tier, coverage], { tier: 'gold', coverage: 85 })).toBe(100);
    expect(projectScore([tier, coverage], { tier: 'silver', coverage: 85 })).toBe(62.5);
  });
  it('a missing or unmapped value counts 0', () => {
    expect(projectScore([tier, coverage], { coverage: 85 })).toBe(25);
    expect(projectScore([tier, coverage], { tier: 'bronze', coverage: 'lots' })).toBe(0);
    expect(projectScore([tier], { tier: 'constructor' })).toBe(0);
    expect(projectScore([tier], { tier: { gold: true } })).toBe(0);
  });
  it('ranges include min and exclude max; numeric strings count as numbers', () => {
    expect(projectScore([coverage], { coverage: 50 })).toBe(60);
    expect(projectScore([coverage], { coverage: 79.99 })).toBe(60);
    expect(projectScore([coverage], { coverage: '80' })).toBe(100);
    expect(projectScore([coverage], { coverage: -5 })).toBe(0);
  });
  it('value maps match booleans and numbers by their string form', () => {
    expect(
      projectScore([rule({ attribute: 'oncall', value_score_map: { true: 100 } })], { oncall: true }),
    ).toBe(100);
    expect(projectScore([rule({ attribute: 'level', value_score_map: { '2': 40 } })], { level: 2 })).toBe(40);
  });
  it('disabled policies are ignored; no applicable policy gives null', () => {
    expect(projectScore([{ ...tier, enabled: false }, coverage], { tier: 'gold', coverage: 10 })).toBe(0);
    expect(projectScore([], { tier: 'gold' })).toBeNull();
    expect(projectScore([{ ...tier, enabled: false }], { tier: 'gold' })).toBeNull();
    expect(projectScore([{ ...tier, weight: 0 }], { tier: 'gold' })).toBeNull();
  });
  it('rounds to two decimals', () => {
    const third = rule({ attribute: 'a', value_score_map: { x: 100 } });
    expect(
      projectScore([third, { ...third, attribute: 'b' }, { ...third, attribute: 'c' }], { a: 'x' }),
    ).toBe(33.33);
  });
});

describe('policy rules are validated', () => {
  const err = (r: PolicyRule) => {
    try {
      validateRule(r);
    } catch (e) {
      return e as AppError;
    }
    throw new Error('expected a validation error');
  };
  it('exactly one of the two maps', () => {
    expect(err(rule({})).errors?.[0]?.pointer).toBe('/value_score_map');
    expect(err(rule({ value_score_map: {}, range_score_map: [{ score: 1 }] })).errors?.[0]?.pointer).toBe(
      '/range_score_map',
    );
  });
  it('ranges must be non-empty and must not overlap', () => {
    expect(err(rule({ range_score_map: [{ min: 5, max: 5, score: 1 }] })).errors?.[0]?.pointer).toBe(
      '/range_score_map/0/max',
    );
    expect(
      err(
        rule({
          range_score_map: [
            { min: 10, score: 1 },
            { min: 0, max: 11, score: 2 },
          ],
        }),
      ).errors?.[0]?.pointer,
    ).toBe('/range_score_map/0');
    expect(() =>
      validateRule(
        rule({
          range_score_map: [
            { max: 10, score: 1 },
            { min: 10, score: 2 },
          ],
        }),
      ),
    ).not.toThrow();
  });
});

let app: TestApp;
let admin: string;
let member: string;
const tierPolicy = {
  slug: 'tier',
  attribute: 'tier',
  weight: 50,
  value_score_map: { gold: 100, silver: 60 },
};

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  member = await app.user('member@example.com', { roles: ['member'] });
});
afterAll(() => app.close());

describe('/scoring/policies CRUD (permission scoring_policy:*)', () => {
  it('an admin creates a policy: 201 with defaults and attribution', async () => {
    const res = await app.call('POST', '/scoring/policies', { token: admin, body: tierPolicy });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'tier',
      name: 'tier',
      description: null,
      attribute: 'tier',
      weight: 50,
      enabled: true,
      value_score_map: { gold: 100, silver: 60 },
      range_score_map: null,
      updated_by: 'admin@example.com',
    });
  });

  it('a duplicate slug is 409', async () => {
    expect((await app.call('POST', '/scoring/policies', { token: admin, body: tierPolicy })).status).toBe(
      409,
    );
  });

  it('invalid bodies are 422 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...tierPolicy, slug: 'w', weight: 101 }, '/weight'],
      [{ ...tierPolicy, slug: 's', value_score_map: { gold: 101 } }, '/value_score_map/gold'],
      [{ slug: 'none', attribute: 'x', weight: 1 }, '/value_score_map'],
      [
        { slug: 'both', attribute: 'x', weight: 1, value_score_map: {}, range_score_map: [{ score: 1 }] },
        '/range_score_map',
      ],
      [
        {
          slug: 'ov',
          attribute: 'x',
          weight: 1,
          range_score_map: [
            { max: 10, score: 1 },
            { min: 5, score: 2 },
          ],
        },
        '/range_score_map/1',
      ],
      [{ slug: 'x', attribute: 'x', weight: 1, value_score_map: {}, colour: 'red' }, '/colour'],
      [{ slug: 'Bad Slug', attribute: 'x', weight: 1, value_score_map: {} }, '/slug'],
    ];
    for (const [body, pointer] of cases) {
      const res = await app.call('POST', '/scoring/policies', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[0].pointer).toBe(pointer);
    }
  });

  it('members read; only holders of scoring_policy:create/update/delete write; anonymous is 401', async () => {
    expect((await app.call('GET', '/scoring/policies', { token: member })).status).toBe(200);
    expect((await app.call('GET', '/scoring/policies/tier', { token: member })).body.slug).toBe('tier');
    expect(
      (await app.call('POST', '/scoring/policies', { token: member, body: { ...tierPolicy, slug: 'm' } }))
        .status,
    ).toBe(403);
    expect(
      (await app.call('PATCH', '/scoring/policies/tier', { token: member, body: { weight: 1 } })).status,
    ).toBe(403);
    expect((await app.call('DELETE', '/scoring/policies/tier', { token: member })).status).toBe(403);
    expect((await app.call('GET', '/scoring/policies')).status).toBe(401);
    const nobody = await app.user('nobody@example.com');
    expect((await app.call('GET', '/scoring/policies', { token: nobody })).status).toBe(403);
  });

  it('a user whose role grants scoring_policy:create may create', async () => {
    await app.call('POST', '/roles', {
      token: admin,
      body: {
        slug: 'scorers',
        name: 'Scorers',
        permissions: ['scoring_policy:create', 'scoring_policy:read'],
      },
    });
    const scorer = await app.user('scorer@example.com', { roles: ['scorers'] });
    const res = await app.call('POST', '/scoring/policies', {
      token: scorer,
      body: {
        slug: 'coverage',
        attribute: 'coverage',
        weight: 10,
        range_score_map: [
          { min: 0, max: 80, score: 50 },
          { min: 80, score: 100 },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.updated_by).toBe('scorer@example.com');
  });

  it('PATCH updates; giving the other kind of map replaces the first', async () => {
    const res = await app.call('PATCH', '/scoring/policies/tier', {
      token: admin,
      body: { weight: 20, enabled: false, range_score_map: [{ min: 1, score: 100 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      weight: 20,
      enabled: false,
      value_score_map: null,
      range_score_map: [{ min: 1, score: 100 }],
    });
    const bad = await app.call('PATCH', '/scoring/policies/tier', {
      token: admin,
      body: { range_score_map: null },
    });
    expect(bad.status).toBe(422);
    expect(
      (await app.call('PATCH', '/scoring/policies/nope', { token: admin, body: { weight: 1 } })).status,
    ).toBe(404);
    expect((await app.call('PATCH', '/scoring/policies/tier', { token: admin, body: {} })).status).toBe(422);
  });

  it('a PATCH waiting on a concurrent change of the same policy keeps that change', async () => {
    const client = await app.runtime.core.sql.pool.connect();
    try {
      await client.query('BEGIN');
      // Another writer sets weight 7 and has not committed yet.
      await client.query(
        `UPDATE graph_nodes SET props = props || '{"weight": 7}' WHERE label = 'ScoringPolicy' AND props->>'slug' = 'tier'`,
      );
      const patching = app.call('PATCH', '/scoring/policies/tier', { token: admin, body: { enabled: true } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('COMMIT');
      const res = await patching;
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ weight: 7, enabled: true });
    } finally {
      client.release();
    }
    expect((await app.call('GET', '/scoring/policies/tier', { token: admin })).body).toMatchObject({
      weight: 7,
      enabled: true,
    });
  });

  it('lists are paginated', async () => {
    const first = await app.call('GET', '/scoring/policies?limit=1', { token: admin });
    expect(first.body).toHaveLength(1);
    expect(first.headers.link).toMatch(/rel="next"/);
  });

  it('DELETE removes: 204, then 404', async () => {
    expect((await app.call('DELETE', '/scoring/policies/coverage', { token: admin })).status).toBe(204);
    expect((await app.call('GET', '/scoring/policies/coverage', { token: admin })).status).toBe(404);
    expect((await app.call('DELETE', '/scoring/policies/coverage', { token: admin })).status).toBe(404);
  });

  it('every policy change queues all projects for recompute (reason policy_changed)', async () => {
    await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
    await app.call('POST', '/organizations/acme/teams', {
      token: admin,
      body: { slug: 'core', name: 'Core' },
    });
    await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'p', name: 'P', team: 'core' },
    });
    await app.call('PATCH', '/scoring/policies/tier', { token: admin, body: { enabled: true } });
    const jobs = await app.runtime.core.sql.query(`SELECT reason, requested_by, state FROM scoring_jobs`);
    expect(jobs).toEqual([{ reason: 'policy_changed', requested_by: 'admin@example.com', state: 'pending' }]);
  });
});
