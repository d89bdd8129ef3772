// The PostgreSQL stream's publish, in the plan PostgreSQL caches for it while the stream is new (see
// test/support/plans.ts): each message's duplicate check is one probe of the (stream, msg_id) index,
// however many messages the stream holds later.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { PUBLISH, streamLogMigrations } from '../../src/stream/postgres.js';
import { createTestDatabase } from '../support/harness.js';
import { genericPlan } from '../support/plans.js';

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
