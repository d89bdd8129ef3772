// Statements of the authentication path, in the plans PostgreSQL caches for them on a just-installed
// database (test/support/plans.ts): each reads the principal's or credential's edges by key and each
// node they reach by its primary key, however large graph_nodes and graph_edges grow later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_PERMISSIONS } from '../../src/authz/store.js';
import { IMPORTED_MODEL_IDS } from '../../src/catalog/store.js';
import { OWNER_OF_CREDENTIAL } from '../../src/identity/service-accounts.store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { genericPlan, scannedTables } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const id = '01900000-0000-7000-8000-000000000001';

/** The Index Cond of the plan node on line i (the node's own detail lines, before its children). */
function indexCond(plan: string[], i: number): string {
  const depth = plan[i]!.search(/\S/);
  for (const line of plan.slice(i + 1)) {
    if (line.search(/\S/) <= depth || line.trimStart().startsWith('->')) break;
    const cond = /Index Cond: (.*)/.exec(line);
    if (cond) return cond[1]!;
  }
  return '';
}

/**
 * Index reads not bounded by a key, as `<index>: <Index Cond>`: a walk of graph_nodes_label_id with the
 * node id at most a filter, or of graph_edges without its src or dst. Bitmap scans included.
 */
const walks = (plan: string[]) =>
  plan.flatMap((line, i) => {
    const index = /Index (?:Only )?Scan (?:using|on) (graph_(nodes|edges)\w*)/.exec(line);
    const cond = indexCond(plan, i);
    const key = index?.[2] === 'nodes' ? /\bid = / : /\b(src|dst) = /;
    return index && !key.test(cond) ? [`${index[1]}: ${cond}`] : [];
  });

/** The Index Cond of every read of graph_nodes by its primary key. */
const keyLookups = (plan: string[]) =>
  plan.flatMap((line, i) =>
    /Index Scan using graph_nodes_pkey on graph_nodes/.test(line) ? [indexCond(plan, i)] : [],
  );

async function planOf(text: string): Promise<{ plan: string[]; shown: string }> {
  const sql = app.runtime.core.sql;
  const [{ n }] = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM graph_nodes')) as [
    { n: number },
  ];
  expect(n).toBeLessThan(200);
  const plan = await genericPlan(sql, text, [id]);
  return { plan, shown: plan.join('\n') };
}

describe('authentication statements read each node by its key, in the plan made while the tables are small', () => {
  it("a principal's permissions are read along its own edges, not from every GRANTS edge", async () => {
    const { plan, shown } = await planOf(PRINCIPAL_PERMISSIONS);
    expect(scannedTables(plan), shown).toEqual([]);
    // Each GRANTS edge's node by its id.
    expect(keyLookups(plan), shown).toContain('(id = g.dst)');
    // The one read of a label: the Permission catalog, whole, for a role that grants all.
    expect(walks(plan), shown).toEqual(["graph_nodes_label_id: (label = 'Permission'::text)"]);
  });

  it("a credential's owner is read by its id, not found among every service account", async () => {
    const { plan, shown } = await planOf(OWNER_OF_CREDENTIAL);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toContain('(id = e.src)');
    expect(walks(plan), shown).toEqual([]);
  });

  it("a provider's imported models are read by their ids, not found among every model", async () => {
    const { plan, shown } = await planOf(IMPORTED_MODEL_IDS);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toContain('(id = e.src)');
    expect(walks(plan), shown).toEqual([]);
  });
});
