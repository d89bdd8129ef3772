// The webhook reads, in the plans PostgreSQL caches for them on a just-installed database
// (test/support/plans.ts): each webhook's delivery edge is found by its key, not by scanning every edge.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BY_SLUG, FIRST_PAGE, NEXT_PAGE } from '../../src/webhooks/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { genericPlan, scannedTables } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it.each([
  ['the first page', FIRST_PAGE, [51]],
  ['a later page', NEXT_PAGE, [51, '01900000-0000-7000-8000-000000000001']],
  ['one by slug', BY_SLUG, ['hook']],
] as const)('webhooks, %s: no table is scanned', async (_what, text, values) => {
  const plan = await genericPlan(app.runtime.core.sql, text, [...values]);
  expect(scannedTables(plan), plan.join('\n')).toEqual([]);
});
