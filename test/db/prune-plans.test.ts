// Pruning statements, in the plans PostgreSQL caches for them on a just-installed database
// (test/support/plans.ts): each reads the expired rows along an index and deletes them by key, rather
// than scanning the table twice (a hash semi-join of two scans).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRUNE_SENT } from '../../src/analytics/outbox/store.js';
import { PRUNE_COUNTERS } from '../../src/identity/throttle.store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { genericPlan, scannedTables } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it.each([
  [
    'the analytics outbox (sent rows)',
    PRUNE_SENT,
    [24, 1000],
    'analytics_outbox_sent',
    'analytics_outbox_pkey',
  ],
  ['the login throttle counters', PRUNE_COUNTERS, [3600], 'auth_throttle_window', 'auth_throttle_pkey'],
] as const)(
  'pruning %s reads along its index and deletes by key',
  async (_what, text, values, along, byKey) => {
    const plan = await genericPlan(app.runtime.core.sql, text, [...values]);
    const shown = plan.join('\n');
    expect(scannedTables(plan), shown).toEqual([]);
    expect(shown).toMatch(new RegExp(`(Index (Only )?Scan using|Bitmap Index Scan on) ${along}`));
    expect(shown).toMatch(new RegExp(`(Index Scan using|Bitmap Index Scan on) ${byKey}`));
  },
);
