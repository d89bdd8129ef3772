// The PostgreSQL stream's publish and its pruning, in the plans PostgreSQL caches for them while the
// stream is new (see test/support/plans.ts): each message's duplicate check is one probe of the
// (stream, msg_id) index, and pruning reads the stream's first messages along its key, however many
// messages the stream holds later.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { PRUNE, PUBLISH, streamLogMigrations } from '../../src/analytics/stream/postgres.js';
import { createTestDatabase } from '../support/harness.js';
import { genericPlan, INIT_PLAN_VALUE, scannedTables } from '../support/plans.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 2);
  await migrate(sql, streamLogMigrations);
});
afterAll(async () => {
  await sql?.close();
  await db?.drop();
});

it('publish checks each message for a duplicate by its key, not by reading the stream', async () => {
  const plan = await genericPlan(sql, PUBLISH, ['s', 'topic', ['m-1'], ['{}'], ['{}'], 0]);
  const text = plan.join('\n');
  expect(text).toMatch(/Index (Only )?Scan using stream_messages_msg_id on stream_messages/);
  expect(text).toMatch(/Index Cond: \(\(stream = \$1\) AND \(msg_id = m\.msg_id\)\)/);
  expect(text, text).not.toMatch(/(Seq|Bitmap Heap) Scan on stream_messages/);
});

it('pruning reads the oldest messages along the key and deletes them by key', async () => {
  const plan = await genericPlan(sql, PRUNE, ['s', 86_400, 5000]);
  const text = plan.join('\n');
  expect(scannedTables(plan), text).toEqual([]);
  expect(text).not.toMatch(/Bitmap Heap Scan on stream_messages/);
  expect(text).not.toMatch(/Sort/);
  const byKey = [...text.matchAll(/Index Scan using stream_messages_pkey on stream_messages/g)];
  expect(byKey, text).toHaveLength(2);
  expect(text).toMatch(
    new RegExp(String.raw`Index Cond: \(\(stream = \$1\) AND \("offset" = ANY \(${INIT_PLAN_VALUE}\)\)\)`),
  );
});
