// Entity creations share insert statements under concurrent POSTs (src/plugins/entity-inserts.ts):
// every caller still gets its own row, committed, or its own error, and a row whose plugin moved on is
// not stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/sql.js';
import { getNode } from '../../src/graph/store.js';
import { entityInserter } from '../../src/plugins/entity-inserts.js';
import { INSERT_ENTITIES, findPluginHead, type PluginHead } from '../../src/plugins/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, scannedTables } from '../support/plans.js';
import { generatedManifest } from './fixtures.js';

let app: TestApp;
let admin: string;
let head: PluginHead;
const generated = generatedManifest('batched', 'Bt');
const base = '/admin/plugins/batched/entities/BtService';
const storage = 'plugin:batched:BtService';

/** How many transactions wrote the label's rows: rows inserted by one statement share their xmin. */
async function writers(): Promise<{ rows: number; transactions: number }> {
  const [r] = await app.runtime.core.sql.query<{ rows: number; transactions: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions
       FROM graph_nodes WHERE label = $1`,
    [storage],
  );
  return r!;
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const res = await app.call('POST', '/admin/plugins', {
    token: admin,
    body: { manifest: generated.manifest },
  });
  expect(res.status, res.text).toBe(201);
  head = (await findPluginHead(app.runtime.core.sql, 'batched'))!;
});
afterAll(() => app.close());

describe('concurrent entity creations', () => {
  it('the shared insert reads the plugin row by its key, in the plan made while the table is small', async () => {
    // A database just installed (freshPlan checks graph_nodes holds a few dozen rows): the plan
    // PostgreSQL caches now is the one it keeps using as the entities grow to millions.
    const { plan, shown } = await freshPlan(app.runtime.core.sql, INSERT_ENTITIES, [
      head.id,
      ['01900000-0000-7000-8000-000000000001'],
      [storage],
      [head.revision],
      '[{}]',
    ]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(shown).toMatch(/Index Scan using graph_nodes_pkey on graph_nodes/);
  });

  it('48 POSTs at once: each gets its own stored entity, and they commit in fewer transactions', async () => {
    const before = await writers();
    const posts = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        app.call('POST', base, { token: admin, body: generated.document(i) }),
      ),
    );
    for (const [i, res] of posts.entries()) {
      expect(res.status, res.text).toBe(201);
      expect(res.body.properties).toEqual(generated.document(i));
    }
    expect(new Set(posts.map((r) => r.body.id)).size).toBe(48);
    for (const [i, res] of posts.entries()) {
      const got = await app.call('GET', `${base}/${res.body.id}`, { token: admin });
      expect(got.status).toBe(200);
      expect(got.body).toEqual(res.body);
      expect(got.body.properties).toEqual(generated.document(i));
    }
    const after = await writers();
    expect(after.rows - before.rows).toBe(48);
    // Without shared statements every row is a transaction of its own (48).
    expect(after.transactions - before.transactions).toBeLessThan(24);
  });

  it("a plugin whose row is locked (an upgrade) holds back its own creations, not another plugin's", async () => {
    const other = generatedManifest('batched-other', 'Bo');
    const res = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: { manifest: other.manifest },
    });
    expect(res.status, res.text).toBe(201);
    const upgrade = await app.runtime.core.sql.pool.connect();
    try {
      await upgrade.query('BEGIN');
      await upgrade.query(`SELECT 1 FROM graph_nodes WHERE id = $1 FOR UPDATE`, [head.id]);
      let lockedDone = false;
      const locked = app.call('POST', base, { token: admin, body: generated.document(300) }).then((r) => {
        lockedDone = true;
        return r;
      });
      // Its insert is waiting for the lock before the other plugin's creation is sent.
      for (let i = 0; i < 100; i++) {
        const [w] = await upgrade
          .query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
          .then((r) => r.rows);
        if (w!.n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const free = await app.call('POST', '/admin/plugins/batched-other/entities/BoService', {
        token: admin,
        body: other.document(1),
      });
      expect(free.status, free.text).toBe(201);
      expect(lockedDone).toBe(false);
      await upgrade.query('COMMIT');
      expect((await locked).status).toBe(201);
    } finally {
      upgrade.release();
    }
  });

  it('the next statement is sent before the callers of the last one are answered', async () => {
    const sql = app.runtime.core.sql;
    const events: string[] = [];
    const recording: Sql = Object.assign(Object.create(sql) as Sql, {
      one: ((text, params) => {
        events.push('sent 1');
        return sql.one(text, params);
      }) satisfies Sql['one'],
      query: ((text, params) => {
        events.push(`sent ${(params![1] as unknown[]).length}`);
        return sql.query(text, params);
      }) satisfies Sql['query'],
    });
    const inserter = entityInserter(recording);
    // The first creation goes at once, alone; the next three wait for it and go together.
    const first = inserter
      .insert(head, storage, JSON.stringify(generated.document(200)))
      .then(() => events.push('answered'));
    const rest = [201, 202, 203].map((i) =>
      inserter.insert(head, storage, JSON.stringify(generated.document(i))),
    );
    await Promise.all([first, ...rest]);
    expect(events).toEqual(['sent 1', 'sent 3', 'answered']);
  });

  it('a row PostgreSQL refuses fails alone: the other rows of its statement are stored', async () => {
    const inserter = entityInserter(app.runtime.core.sql);
    const before = await writers();
    // Called in one tick: the first rows take the free statements, the rest wait and go together.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        // A lone surrogate has no UTF-8 form: PostgreSQL's jsonb refuses it (the route stores it encoded,
        // document-codec.ts; here it goes to the statement as it is).
        inserter.insert(
          head,
          storage,
          JSON.stringify(i === 7 ? { p0: 'bad \ud800' } : generated.document(100 + i)),
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      ...Array(7).fill('fulfilled'),
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    // Each caller is answered with its own row: the document stored under the id it got is its own.
    for (const [i, r] of results.entries()) {
      if (r.status !== 'fulfilled') continue;
      const stored = await getNode(app.runtime.core.sql, r.value!.id, storage);
      expect(stored?.props).toEqual(generated.document(100 + i));
    }
    expect((await writers()).rows - before.rows).toBe(9);
  });

  it('a row whose plugin moved on is not stored, and its caller is told (undefined); the others are', async () => {
    const inserter = entityInserter(app.runtime.core.sql);
    const before = await writers();
    const stale = { id: head.id, revision: head.revision - 1 };
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        inserter.insert(i % 3 === 2 ? stale : head, storage, JSON.stringify(generated.document(200 + i))),
      ),
    );
    expect(results.map((r) => r === undefined)).toEqual(Array.from({ length: 10 }, (_, i) => i % 3 === 2));
    expect((await writers()).rows - before.rows).toBe(7);
  });
});
