// Shared set-up of the project-model tests: an organization with teams, and callers of each kind.
import { expect } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';

export const ok = (r: Res) => {
  expect(r.status, r.text).toBeLessThan(300);
  return r;
};

/** A started app, its administrator's token, and the organizations named (slug: its teams' slugs). */
export async function startWithOrgs(
  orgs: Record<string, string[]>,
): Promise<{ app: TestApp; admin: string }> {
  const app = await startTestApp();
  const admin = await app.adminToken();
  for (const [org, teams] of Object.entries(orgs)) await orgWithTeams(app, admin, org, teams);
  return { app, admin };
}

/** Environments by slug (each named as its slug). */
export async function environments(app: TestApp, token: string, slugs: string[]): Promise<void> {
  for (const slug of slugs)
    ok(await app.call('POST', '/environments', { token, body: { slug, name: slug } }));
}

/** Every project with its stored state and the count of events written, to prove a refusal wrote nothing. */
export async function projectsState(app: TestApp): Promise<string> {
  const row = await app.runtime.core.sql.one<{ s: string }>(
    `SELECT coalesce(string_agg(props::text || updated_at::text, ',' ORDER BY id), '') ||
            (SELECT count(*) FROM analytics_outbox)::text AS s
       FROM graph_nodes WHERE label = 'Project'`,
  );
  return row!.s;
}

export async function orgWithTeams(app: TestApp, token: string, org: string, teams: string[]): Promise<void> {
  ok(await app.call('POST', '/organizations', { token, body: { slug: org, name: org } }));
  for (const slug of teams)
    ok(await app.call('POST', `/organizations/${org}/teams`, { token, body: { slug, name: slug } }));
}

/** The slugs of every page of a list. */
export async function slugsOf(app: TestApp, path: string, token: string): Promise<string[]> {
  const out: string[] = [];
  let next: string | undefined = path;
  while (next) {
    const res = await app.call('GET', next, { token });
    expect(res.status, res.text).toBe(200);
    out.push(...(res.body as { slug: string }[]).map((p) => p.slug));
    next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
  }
  return out;
}
