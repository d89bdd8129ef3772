// Shared set-up of the project-model tests: an organization with teams, and callers of each kind.
import { expect } from 'vitest';
import type { Res, TestApp } from '../support/harness.js';

export const ok = (r: Res) => {
  expect(r.status, r.text).toBeLessThan(300);
  return r;
};

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
