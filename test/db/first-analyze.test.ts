// The statistics autovacuum takes of the graph tables. A statement's cached generic plan lasts until
// the table's next analyze. Made on the statistics of a table of 60 rows in 2 pages, it reads the table
// with a sequential scan, even by primary key, and keeps doing so as the table grows. Autovacuum
// analyzes a table once 50 rows have changed, so a just-installed database (about 60 nodes) got those
// statistics within a minute. Migration 0011 puts the graph tables' first analyze (and vacuum) at
// GRAPH_FIRST_ANALYZE changed rows, where the planner reads them through their indexes.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORTED_MODEL_IDS } from '../../src/catalog/store.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { getNode, listNodeTexts, nodeByKey, outNeighbors } from '../../src/graph/store.js';
import { OWNER_OF_CREDENTIAL } from '../../src/identity/service-accounts.store.js';
import { ENQUEUE_IDS, LOCK_PROJECTS, WRITE_SCORES } from '../../src/scoring/store.js';
import { createTestDatabase } from '../support/harness.js';
import { genericPlan, scannedTables, statementOf, walks } from '../support/plans.js';
import { rowsRead, type PlanNode } from '../support/plan-rows.js';

const GRAPH = ['graph_nodes', 'graph_edges', 'graph_keys'] as const;

const LABEL = 'plugin:grown:Item';
const LIMIT = 51;
const AFTER = '00000000-0000-7000-8000-000000000000';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
/** A connection that prepared a label's pages on the just-installed database and keeps their plans. */
let early: pg.Client;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 2);
  early = new pg.Client({ connectionString: db.url });
  await early.connect();
});
afterAll(async () => {
  await early.end();
  await sql.close();
  await db.drop();
});

/** Runs a statement `early` prepared, with the plan it cached, and returns the rows it read. */
async function readByCachedPlan(name: string, args: string): Promise<{ rows: number; shown: string }> {
  const res = await early.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE ${name}(${args})`);
  const plan = (res.rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
  return { rows: rowsRead(plan), shown: JSON.stringify(plan) };
}

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

  it("a label's pages, planned on a just-installed database: the plans it caches", async () => {
    // The pool's connections cache a generic plan after five executions: forced here at once.
    await early.query('SET plan_cache_mode = force_generic_plan');
    const first = await statementOf((q) => listNodeTexts(q, { label: LABEL, limit: LIMIT - 1 }));
    const later = await statementOf((q) =>
      listNodeTexts(q, { label: LABEL, limit: LIMIT - 1, after: AFTER }),
    );
    await early.query(`PREPARE first_page AS ${first.text}`);
    await early.query(`PREPARE later_page AS ${later.text}`);
    await early.query(`EXECUTE first_page('${LABEL}', ${LIMIT})`);
    await early.query(`EXECUTE later_page('${LABEL}', ${LIMIT}, '${AFTER}')`);
  });

  it('analyzed at that size, the graph is read by key and a label is paged along its index', async () => {
    // The table grows as a catalog does: nodes of one label, each with a key and an edge to a node
    // installed with the database; analyzed once autovacuum first would.
    const rows = Math.max(...(await Promise.all(GRAPH.map(firstAutovacuumAt))));
    const [hub] = await sql.query<{ id: string }>(`SELECT id FROM graph_nodes ORDER BY id LIMIT 1`);
    await sql.tx(async (tx) => {
      await tx.query(
        `INSERT INTO graph_nodes (id, label, props)
         SELECT gen_random_uuid(), $2::text, jsonb_build_object('name', 'item ' || i, 'n', i)
           FROM generate_series(1, $1::int) i`,
        [rows, LABEL],
      );
      await tx.query(
        `INSERT INTO graph_keys (namespace, key, node_id)
         SELECT 'Item.name', props->>'name', id FROM graph_nodes WHERE label = $1`,
        [LABEL],
      );
      await tx.query(
        `INSERT INTO graph_edges (src, label, dst)
         SELECT id, 'IN', $1 FROM graph_nodes WHERE label = $2`,
        [hub!.id, LABEL],
      );
    });
    // Before the analyze: the plans cached while the label was empty read about a page, not the
    // label (a bitmap read of the whole label and a sort read all of its rows).
    for (const [name, args] of [
      ['first_page', `'${LABEL}', ${LIMIT}`],
      ['later_page', `'${LABEL}', ${LIMIT}, '${AFTER}'`],
    ] as const) {
      const { rows: read, shown } = await readByCachedPlan(name, args);
      expect(read, shown).toBeLessThanOrEqual(2 * LIMIT);
    }

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

    // A label's first page: the first entries of the (label, id) index.
    const page = await statementOf((q) => listNodeTexts(q, { label: LABEL, limit: 50 }));
    const plan = await genericPlan(sql, page.text, [...page.params]);
    const shown = plan.join('\n');
    expect(scannedTables(plan), shown).toEqual([]);
    expect(shown).toMatch(/Limit\n\s+-> {2}Index Scan using graph_nodes_label_id/);
  });
});
