// The answers' store in the plan PostgreSQL caches for it on a just-installed database
// (test/support/plans.ts): a batch of answers finds each key by the primary key, never by reading the
// whole table, which holds a day of keys (as an UPDATE joined to the batch, it read all of it).
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  CLAIM_STATEMENT,
  DELETE_EXPIRED,
  FIND_KEY,
  RELEASE_KEY,
  STORE_ANSWERS,
} from '../../src/idempotency/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { genericPlan, scannedTables } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('storing a batch of answers reads idempotency_keys by its key', async () => {
  const plan = await genericPlan(app.runtime.core.sql, STORE_ANSWERS, [
    ['user:a@example.com', 'user:b@example.com'],
    ['k1', 'k2'],
    ['01900000-0000-7000-8000-000000000001', '01900000-0000-7000-8000-000000000002'],
    ['f1', 'f2'],
    [201, 200],
    ['{}', '{}'],
    ['{"a":1}', null],
  ]);
  const shown = plan.join('\n');
  // An upsert: each row is found by the conflict check on the primary key, with no plan of its own.
  expect(scannedTables(plan), shown).toEqual([]);
  expect(shown).toMatch(/Conflict Arbiter Indexes: idempotency_keys_pkey/);
});

it("taking a key in the route's transaction checks the primary key for a holder, and reads nothing else", async () => {
  // Prepared once per connection, so this generic plan is the one every request runs.
  const plan = await genericPlan(app.runtime.core.sql, CLAIM_STATEMENT, [
    'user:a@example.com',
    'k1',
    'f1',
    '01900000-0000-7000-8000-000000000001',
    86_400_000,
  ]);
  const shown = plan.join('\n');
  expect(scannedTables(plan), shown).toEqual([]);
  expect(shown).toMatch(/Conflict Arbiter Indexes: idempotency_keys_pkey/);
});

it.each([
  ['reading a key', FIND_KEY, ['user:a@example.com', 'k1']],
  ['freeing a key', RELEASE_KEY, ['user:a@example.com', 'k1', '01900000-0000-7000-8000-000000000001']],
] as const)('%s reads idempotency_keys by its key', async (_what, text, values) => {
  const plan = await genericPlan(app.runtime.core.sql, text, [...values]);
  const shown = plan.join('\n');
  expect(scannedTables(plan), shown).toEqual([]);
  expect(shown).toMatch(/Index Scan using idempotency_keys_pkey/);
});

it('deleting expired keys reads them in expiry order, up to the limit', async () => {
  const plan = await genericPlan(app.runtime.core.sql, DELETE_EXPIRED, [1000]);
  const shown = plan.join('\n');
  expect(scannedTables(plan), shown).toEqual([]);
  // Read along the expiry index, and deleted through it by exact expiry times: never every row.
  expect(shown).toMatch(
    /Index Scan using idempotency_keys_expiry[\s\S]*Index Cond: \(expires_at <= now\(\)\)/,
  );
  expect(shown).toMatch(/Index Cond: \(expires_at = ANY/);
});
