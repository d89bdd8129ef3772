// What a bulk import costs in statements (issue 40: a 10,000-row import in under 30 s). What the rows
// of a batch name (organization, projects, teams, types, blueprints) is read once for the batch, so a
// created row costs its writes alone: savepoint, node with its key, two edges, the event, release; an
// unchanged row its savepoint. Counted on the statements the import's transactions run, which does not
// depend on the machine's load (docs/catalog.md, "Bulk import").
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Sql, Tx } from '../../src/db/sql.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { ok, orgWithTeams } from './fixtures.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await orgWithTeams(app, admin, 'acme', ['core', 'web']);
  for (const slug of ['service', 'library'])
    ok(
      await app.call('POST', '/organizations/acme/project-types', {
        token: admin,
        body: { slug, name: slug },
      }),
    );
  ok(
    await app.call('POST', '/organizations/acme/blueprints', {
      token: admin,
      body: {
        slug: 'all',
        name: 'All',
        schema: { type: 'object', properties: { tier: { type: 'string' } } },
      },
    }),
  );
});
afterAll(() => app.close());

/** The statements run in transactions while `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const sql = app.runtime.core.sql as Sql;
  const seen: string[] = [];
  const tx = sql.tx.bind(sql);
  sql.tx = <T>(f: (t: Tx) => Promise<T>) =>
    tx((t) =>
      f({
        ...t,
        query: (text, params) => (seen.push(text), t.query(text, params)),
        one: (text, params) => (seen.push(text), t.one(text, params)),
      }),
    );
  try {
    await fn();
  } finally {
    sql.tx = tx;
  }
  return seen;
}

it('a created row costs 6 statements, an unchanged one 2, and a batch a few more', async () => {
  const rows = 40;
  const body = Array.from({ length: rows }, (_, i) =>
    JSON.stringify({
      slug: `p-${i}`,
      name: `P ${i}`,
      team: i % 2 ? 'core' : 'web',
      types: [i % 4 < 2 ? 'service' : 'library'],
      attributes: { tier: 'gold' },
    }),
  ).join('\n');
  const send = () =>
    app.call('POST', '/organizations/acme/projects/import', {
      token: admin,
      body,
      headers: { 'content-type': 'application/x-ndjson' },
    });
  let report: unknown;
  const created = await statementsOf(async () => (report = ok(await send()).body));
  expect(report).toMatchObject({ created: rows, refused_count: 0 });
  // Per batch: the organization, the projects, the teams, the types (locked), the blueprints.
  expect(created.length).toBeLessThanOrEqual(6 * rows + 5);
  expect(created.filter((s) => s.includes('FOR SHARE'))).toHaveLength(1);

  const unchanged = await statementsOf(async () => (report = ok(await send()).body));
  expect(report).toMatchObject({ unchanged: rows });
  expect(unchanged.length).toBeLessThanOrEqual(2 * rows + 5);
});
