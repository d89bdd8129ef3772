// Cleanup triggers, team locks and key changes, in the plans PostgreSQL caches for them on a
// just-installed database (test/support/plans.ts). plpgsql caches generic plans for a trigger's
// statements too: each trigger's statement is checked with $1 for OLD.id. Each reads its rows by key,
// not every node of a label or every key of a namespace, however large the tables grow later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_TEAMS } from '../../src/catalog/store.js';
import { DELETE_PROJECT_COMMENTS } from '../../src/comments/store.js';
import { REVOKE_CONSENTS_OF_USER } from '../../src/delegation/store.js';
import { DROP_OTHER_KEYS, createNode } from '../../src/graph/store.js';
import { DROP_LEGACY_KEY } from '../../src/oauth/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, keyLookups, scannedTables, walks } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const id = '01900000-0000-7000-8000-000000000001';

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The body of a plpgsql function as installed by the migrations, its white space collapsed. */
async function functionBody(name: string): Promise<string> {
  const rows = await app.runtime.core.sql.query<{ prosrc: string }>(
    'SELECT prosrc FROM pg_proc WHERE proname = $1',
    [name],
  );
  expect(rows).toHaveLength(1);
  return words(rows[0]!.prosrc);
}

describe('cleanup triggers read each edge of the deleted node and each node it reaches by key', () => {
  it.each([
    [
      "a project's comments are found along its COMMENT_ON edges, not among every comment",
      DELETE_PROJECT_COMMENTS,
      'keel_delete_project_comments',
      '(id = e.src)',
    ],
    [
      "a deleted user's consents are found along its GIVEN_BY edges, not among every consent",
      REVOKE_CONSENTS_OF_USER,
      'delegation_revoke_consents_of_user',
      '(id = g.src)',
    ],
  ] as const)('%s', async (_rule, text, trigger, lookup) => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, text, [id]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(walks(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toContain(lookup);
    // The migrations install this very statement.
    expect(await functionBody(trigger)).toContain(words(text.replace('$1', 'OLD.id')));
  });
});

describe('team locks and key changes read graph_keys by key', () => {
  it("an organization's teams are found by their slug keys and locked in id order", async () => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, LOCK_TEAMS, [
      'Team.slug',
      [`${id}/a`, `${id}/b`],
    ]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(walks(plan), shown).toEqual([]);
    // Rows are locked after the sort: concurrent callers take the locks in the same order.
    expect(plan[0], shown).toBe('LockRows');
    expect(shown).toMatch(/^ {2}-> {2}Sort\n {8}Sort Key: n\.id$/m);
  });

  it.each([
    ['changeKey', DROP_OTHER_KEYS, ['Team.slug', id, `${id}/a`]],
    ['rekeyIdentity', DROP_LEGACY_KEY, [id]],
  ] as const)(
    "%s drops a node's other keys without reading its whole namespace",
    async (_name, text, values) => {
      const { plan, shown } = await freshPlan(app.runtime.core.sql, text, [...values]);
      expect(scannedTables(plan), shown).toEqual([]);
      expect(walks(plan), shown).toEqual([]);
    },
  );
});

describe('the keyed deletes drop the same keys as before', () => {
  it("only the node's own keys of that namespace, the kept key excepted", async () => {
    const sql = app.runtime.core.sql;
    const a = await createNode(sql, 'KeyTest', {}, [
      { namespace: 'KeyTest.slug', key: 'a1' },
      { namespace: 'KeyTest.slug', key: 'a2' },
      { namespace: 'KeyTest.other', key: 'a3' },
      { namespace: 'OAuthIdentity.subject', key: 'a4' },
    ]);
    const b = await createNode(sql, 'KeyTest', {}, [
      { namespace: 'KeyTest.slug', key: 'b1' },
      { namespace: 'OAuthIdentity.subject', key: 'b2' },
    ]);
    const keys = async () =>
      (
        await sql.query<{ k: string }>(
          `SELECT namespace || ':' || key AS k FROM graph_keys WHERE node_id = ANY($1::uuid[]) ORDER BY 1`,
          [[a.id, b.id]],
        )
      ).map((r) => r.k);
    await sql.query(DROP_OTHER_KEYS, ['KeyTest.slug', a.id, 'a2']);
    expect(await keys()).toEqual([
      'KeyTest.other:a3',
      'KeyTest.slug:a2',
      'KeyTest.slug:b1',
      'OAuthIdentity.subject:a4',
      'OAuthIdentity.subject:b2',
    ]);
    await sql.query(DROP_LEGACY_KEY, [a.id]);
    expect(await keys()).toEqual([
      'KeyTest.other:a3',
      'KeyTest.slug:a2',
      'KeyTest.slug:b1',
      'OAuthIdentity.subject:b2',
    ]);
  });
});
