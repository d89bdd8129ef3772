// The statistics autovacuum takes of the graph tables. A statement's cached generic plan lasts until
// the table's next analyze. Made on the statistics of a table of 60 rows in 2 pages, it reads the table
// with a sequential scan, even by primary key, and keeps doing so as the table grows. Autovacuum
// analyzes a table once 50 rows have changed, so a just-installed database (about 60 nodes) got those
// statistics within a minute. Migration 0011 puts the graph tables' first analyze (and vacuum) at
// GRAPH_FIRST_ANALYZE changed rows, where the planner reads them through their indexes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTED_MODEL_IDS } from '../../src/catalog/store.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { getNode, listNodeTexts, nodeByKey, outNeighbors } from '../../src/graph/store.js';
import { OWNER_OF_CREDENTIAL } from '../../src/identity/service-accounts.store.js';
import { ENQUEUE_IDS, LOCK_PROJECTS, WRITE_SCORES } from '../../src/scoring/store.js';
import { createTestDatabase } from '../support/harness.js';
import { genericPlan, scannedTables, statementOf, walks } from '../support/plans.js';

const GRAPH = ['graph_nodes', 'graph_edges', 'graph_keys'] as const;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 2);
});
afterAll(async () => {
  await sql.close();
  await db.drop();
});

/**
 * The fewest changed rows after which autovacuum analyzes or vacuums `table` while its statistics
 * are still unset (reltuples -1, so the scale factors add nothing): the table's own setting, else
 * the server's.
 */
async function firstAutovacuumAt(table: string): Promise<number> {
  const [row] = await sql.query<{ reloptions: string[] | null }>(
    `SELECT reloptions FROM pg_class WHERE oid = $1::regclass`,
    [table],
  );
  const own = new Map((row!.reloptions ?? []).map((o) => o.split('=') as [string, string]));
  const setting = async (name: string) =>
    Number(
      own.get(name) ?? (await sql.query<{ v: string }>(`SELECT current_setting($1) AS v`, [name]))[0]!.v,
    );
  return Math.min(
    await setting('autovacuum_analyze_threshold'),
    await setting('autovacuum_vacuum_threshold'),
    await setting('autovacuum_vacuum_insert_threshold'),
  );
}

describe("the graph tables' first statistics", () => {
  it('a just-installed database: autovacuum neither analyzes nor vacuums a graph table yet', async () => {
    for (const table of GRAPH) {
      const [{ n }] = (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)) as [
        { n: number },
      ];
      // Every row of a just-installed database is a row inserted since the table was created.
      expect(n, table).toBeLessThan(await firstAutovacuumAt(table));
    }
  });

  it('analyzed at that size, the graph is read by key and a label is paged along its index', async () => {
    // The table grows as a catalog does: nodes of one label, each with a key and an edge to a node
    // installed with the database; analyzed once autovacuum first would.
    const rows = Math.max(...(await Promise.all(GRAPH.map(firstAutovacuumAt))));
    const [hub] = await sql.query<{ id: string }>(`SELECT id FROM graph_nodes ORDER BY id LIMIT 1`);
    await sql.tx(async (tx) => {
      await tx.query(
        `INSERT INTO graph_nodes (id, label, props)
         SELECT gen_random_uuid(), 'plugin:grown:Item', jsonb_build_object('name', 'item ' || i, 'n', i)
           FROM generate_series(1, $1::int) i`,
        [rows],
      );
      await tx.query(
        `INSERT INTO graph_keys (namespace, key, node_id)
         SELECT 'Item.name', props->>'name', id FROM graph_nodes WHERE label = 'plugin:grown:Item'`,
      );
      await tx.query(
        `INSERT INTO graph_edges (src, label, dst)
         SELECT id, 'IN', $1 FROM graph_nodes WHERE label = 'plugin:grown:Item'`,
        [hub!.id],
      );
    });
    await sql.query('ANALYZE graph_nodes, graph_edges, graph_keys');

    const id = '01900000-0000-7000-8000-000000000001';
    const byKey = [
      await statementOf((q) => getNode(q, id, 'Project')),
      await statementOf((q) => nodeByKey(q, 'Item.name', 'item 1')),
      await statementOf((q) => outNeighbors(q, id, 'IN')),
      { text: LOCK_PROJECTS, params: [[id]] },
      { text: WRITE_SCORES, params: [JSON.stringify([{ id, score: 1 }])] },
      { text: ENQUEUE_IDS, params: ['manual', 'admin@example.com', 0, [id]] },
      { text: OWNER_OF_CREDENTIAL, params: [id] },
      { text: IMPORTED_MODEL_IDS, params: [id] },
    ];
    for (const { text, params } of byKey) {
      const plan = await genericPlan(sql, text, [...params]);
      const shown = plan.join('\n');
      expect(scannedTables(plan), shown).toEqual([]);
      expect(walks(plan), shown).toEqual([]);
    }

    // A label's first page: the first rows of the (label, id) index, not the whole label sorted.
    const page = await statementOf((q) => listNodeTexts(q, { label: 'plugin:grown:Item', limit: 50 }));
    const plan = await genericPlan(sql, page.text, [...page.params]);
    const shown = plan.join('\n');
    expect(scannedTables(plan), shown).toEqual([]);
    expect(shown).not.toMatch(/Sort/);
    expect(shown).toMatch(/Index Scan using graph_nodes_label_id/);
  });
});
