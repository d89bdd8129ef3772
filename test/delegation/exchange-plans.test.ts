// The statements of a token exchange, in the plans PostgreSQL caches for them on a just-installed
// database (test/support/plans.ts): the consents are read along their user's index, and issuing a
// token scans no table (its edges' references are checked by key).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACTIVE_CONSENTS } from '../../src/delegation/store.js';
import { ISSUE_TOKEN, ISSUE_TOKEN_NO_FLUSH } from '../../src/identity/tokens.service.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { genericPlan, scannedTables } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it("a user's active consents, with the unknown scopes: along graph_nodes_consent_user, no table scanned", async () => {
  const plan = await genericPlan(app.runtime.core.sql, ACTIVE_CONSENTS, [
    'someone@example.com',
    'scheduler',
    ['service-api:*', 'project:*', 'openid'],
  ]);
  const shown = plan.join('\n');
  expect(scannedTables(plan), shown).toEqual([]);
  expect(shown).toMatch(/(Index Scan using|Bitmap Index Scan on) graph_nodes_consent_user/);
});

it.each([
  ['in a transaction', ISSUE_TOKEN],
  ['for a grant, without a flush', ISSUE_TOKEN_NO_FLUSH],
])('issuing a token (%s): no table scanned', async (_, statement) => {
  const plan = await genericPlan(app.runtime.core.sql, statement, [
    '01900000-0000-7000-8000-000000000001',
    '{}',
    '01900000-0000-7000-8000-000000000002',
    ['ISSUED_TO'],
    ['01900000-0000-7000-8000-000000000003'],
  ]);
  expect(scannedTables(plan), plan.join('\n')).toEqual([]);
});
