// Scoring policies that target project types (issue 40): a policy with project_types applies only to
// projects of one of those types (none named: every project); the recompute honours it, and a change of
// a project's types queues it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectScore, type PolicyRule } from '../../src/scoring/policy.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectInvalid } from '../foundation/fixtures.js';
import { ok, orgWithTeams } from '../catalog-model/fixtures.js';

const rule = (r: Partial<PolicyRule>): PolicyRule => ({
  attribute: 'tier',
  weight: 1,
  enabled: true,
  value_score_map: { gold: 100 },
  range_score_map: null,
  ...r,
});

describe('projectScore with types', () => {
  const all = rule({ attribute: 'tier' });
  const services = rule({ attribute: 'oncall', value_score_map: { yes: 100 }, project_types: ['service'] });
  it('a policy naming types counts only for a project of one of them', () => {
    const attributes = { tier: 'gold', oncall: 'no' };
    expect(projectScore([all, services], attributes, ['service'])).toBe(50);
    expect(projectScore([all, services], attributes, ['library'])).toBe(100);
    expect(projectScore([all, services], attributes, [])).toBe(100);
    expect(projectScore([all, services], attributes, ['library', 'service'])).toBe(50);
    expect(projectScore([services], attributes, ['library'])).toBeNull();
  });
  it('no types named, or an empty list: every project', () => {
    expect(projectScore([rule({ project_types: [] })], { tier: 'gold' }, ['x'])).toBe(100);
    expect(projectScore([rule({ project_types: null })], { tier: 'gold' }, [])).toBe(100);
  });
});

let app: TestApp;
let admin: string;
const P = '/organizations/acme/projects';
const score = async (slug: string) =>
  ok(await app.call('GET', `${P}/${slug}`, { token: admin })).body.score as number | null;
const rescore = async () =>
  ok(await app.call('POST', '/scoring/rescore', { token: admin, body: { organization: 'acme' } }));

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core']);
  for (const slug of ['service', 'library'])
    ok(
      await app.call('POST', '/organizations/acme/project-types', {
        token: admin,
        body: { slug, name: slug },
      }),
    );
  const attributes = { tier: 'gold', oncall: 'no' };
  for (const [slug, types] of [
    ['svc', ['service']],
    ['lib', ['library']],
    ['untyped', []],
  ] as const)
    ok(
      await app.call('POST', P, {
        token: admin,
        body: { slug, name: slug, team: 'core', types, attributes },
      }),
    );
});
afterAll(() => app.close());

describe('policies with project_types', () => {
  it('are stored and read back; none given reads as []', async () => {
    const created = ok(
      await app.call('POST', '/scoring/policies', {
        token: admin,
        body: { slug: 'tier', attribute: 'tier', weight: 1, value_score_map: { gold: 100 } },
      }),
    );
    expect(created.body.project_types).toEqual([]);
    const svc = ok(
      await app.call('POST', '/scoring/policies', {
        token: admin,
        body: {
          slug: 'oncall',
          attribute: 'oncall',
          weight: 1,
          value_score_map: { yes: 100 },
          project_types: ['service'],
        },
      }),
    );
    expect(svc.body.project_types).toEqual(['service']);
  });

  it('a bad list is a 422 naming the element; nothing is stored', async () => {
    for (const [types, pointer] of [
      [['Not A Slug'], '/project_types/0'],
      [['a', 'a'], '/project_types'],
      ['service', '/project_types'],
    ] as const) {
      const res = await app.call('POST', '/scoring/policies', {
        token: admin,
        body: { slug: 'bad', attribute: 'x', weight: 1, value_score_map: {}, project_types: types },
      });
      expectInvalid(res, pointer);
    }
    expect((await app.call('GET', '/scoring/policies/bad', { token: admin })).status).toBe(404);
  });

  it('the recompute leaves a policy out of the score of a project of another type', async () => {
    await rescore();
    // svc: tier 100 and oncall 0 -> 50; lib and untyped: tier alone -> 100.
    expect(await score('svc')).toBe(50);
    expect(await score('lib')).toBe(100);
    expect(await score('untyped')).toBe(100);
  });

  it("a PATCH of the policy's types moves the scores at the next recompute", async () => {
    ok(
      await app.call('PATCH', '/scoring/policies/oncall', {
        token: admin,
        body: { project_types: ['library'] },
      }),
    );
    await rescore();
    expect(await score('svc')).toBe(100);
    expect(await score('lib')).toBe(50);
    ok(await app.call('PATCH', '/scoring/policies/oncall', { token: admin, body: { project_types: [] } }));
    await rescore();
    expect(await score('untyped')).toBe(50);
  });

  it("a change of a project's types queues it for recompute", async () => {
    const sql = app.runtime.core.sql;
    await sql.query('DELETE FROM scoring_jobs');
    ok(await app.call('PATCH', `${P}/untyped`, { token: admin, body: { types: ['service'] } }));
    const jobs = await sql.query<{ slug: string }>(
      `SELECT n.props->>'slug' AS slug FROM scoring_jobs j JOIN graph_nodes n ON n.id = j.project_id`,
    );
    expect(jobs.map((j) => j.slug)).toEqual(['untyped']);
  });
});
