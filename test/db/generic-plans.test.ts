// Statements of the authentication path and of every project route's lookup, in the plans PostgreSQL
// caches for them on a just-installed database (test/support/plans.ts): each reads the principal's or
// credential's edges by key and each node they reach by its primary key, however large graph_nodes and
// graph_edges grow later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPAL_PERMISSIONS } from '../../src/authz/store.js';
import { IMPORTED_MODEL_IDS } from '../../src/catalog/store.js';
import { OWNER_OF_CREDENTIAL } from '../../src/identity/service-accounts.store.js';
import { PROJECT_BY_SLUGS } from '../../src/projects/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, keyLookups, scannedTables, walks } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const id = '01900000-0000-7000-8000-000000000001';

describe('authentication statements read each node by its key, in the plan made while the tables are small', () => {
  it("a principal's permissions are read along its own edges, not from every GRANTS edge", async () => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, PRINCIPAL_PERMISSIONS, [id]);
    expect(scannedTables(plan), shown).toEqual([]);
    // Each GRANTS edge's node by its id.
    expect(keyLookups(plan), shown).toContain('(id = g.dst)');
    // The one read of a label: the Permission catalog, whole, for a role that grants all.
    expect(walks(plan), shown).toEqual(["graph_nodes_label_id: (label = 'Permission'::text)"]);
  });

  it("a credential's owner is read by its id, not found among every service account", async () => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, OWNER_OF_CREDENTIAL, [id]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toContain('(id = e.src)');
    expect(walks(plan), shown).toEqual([]);
  });

  it("a provider's imported models are read by their ids, not found among every model", async () => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, IMPORTED_MODEL_IDS, [id]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toContain('(id = e.src)');
    expect(walks(plan), shown).toEqual([]);
  });
});

describe("a project route's lookup reads by key, in the plan made while the tables are small", () => {
  it('the organization and the project by their slugs: two keys, two nodes by id', async () => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, PROJECT_BY_SLUGS, ['acme', 'web']);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(keyLookups(plan), shown).toEqual(
      expect.arrayContaining(['(id = ok.node_id)', '(id = pk.node_id)']),
    );
    expect(walks(plan), shown).toEqual([]);
  });
});
