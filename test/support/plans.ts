// The generic plan PostgreSQL caches for a prepared statement (after five executions), as EXPLAIN shows
// it. Keel names every statement (src/db/sql.ts), so a plan made while a table was small stays in use
// as the table grows, until the table is analyzed again: a statement on a table that grows must have a
// generic plan that reads it through an index whatever its size was (docs/architecture.md).
import type { Queryable, Row, Sql } from '../../src/db/sql.js';

/** A literal for EXPLAIN EXECUTE: text as a quoted string, arrays as PostgreSQL array literals. */
function literal(value: unknown): string {
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  if (Array.isArray(value))
    return quote(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return quote(String(value));
}

let prepared = 0;

/** The lines of EXPLAIN (COSTS OFF) for the generic plan of `text` run with `values`. */
export async function genericPlan(sql: Sql, text: string, values: unknown[]): Promise<string[]> {
  const name = `keel_plan_${++prepared}`;
  return sql.tx(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.query(`PREPARE ${name} AS ${text}`);
    const rows = await tx.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (COSTS OFF) EXECUTE ${name}(${values.map(literal).join(', ')})`,
    );
    await tx.query(`DEALLOCATE ${name}`);
    return rows.map((r) => r['QUERY PLAN']);
  });
}

/**
 * How EXPLAIN names the value of an InitPlan (a subquery run once): `$2` up to PostgreSQL 16,
 * `(InitPlan 2).col1` since 17. The same plan either way.
 */
export const INIT_PLAN_VALUE = String.raw`(?:\$\d+|\(InitPlan \d+\)\.col\d+)`;

/** The tables a plan reads whole (`Seq Scan on <table>`). */
export const scannedTables = (plan: string[]) =>
  plan.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? []);

/** The Index Cond of the plan node on line i (the node's own detail lines, before its children). */
function indexCond(plan: string[], i: number): string {
  const depth = plan[i]!.search(/\S/);
  for (const line of plan.slice(i + 1)) {
    if (line.search(/\S/) <= depth || line.trimStart().startsWith('->')) break;
    const cond = /Index Cond: (.*)/.exec(line);
    if (cond) return cond[1]!;
  }
  return '';
}

/**
 * Index reads of the graph not bounded by a key, as `<index>: <Index Cond>`: a walk of a graph_nodes
 * index without the node id (a whole label), of graph_edges without its src or dst, or of graph_keys
 * without its key or node id (a whole namespace). Bitmap scans included.
 */
export const walks = (plan: string[]) =>
  plan.flatMap((line, i) => {
    const index = /Index (?:Only )?Scan (?:using|on) (graph_(nodes|edges|keys)\w*)/.exec(line);
    if (!index) return [];
    const cond = indexCond(plan, i);
    const key = { nodes: /\bid = /, edges: /\b(src|dst) = /, keys: /\b(key|node_id) = / }[index[2]!]!;
    return key.test(cond) ? [] : [`${index[1]}: ${cond}`];
  });

/** The Index Cond of every read of graph_nodes by its primary key. */
export const keyLookups = (plan: string[]) =>
  plan.flatMap((line, i) => (/Scan (?:using|on) graph_nodes_pkey/.test(line) ? [indexCond(plan, i)] : []));

/** The generic plan of `text` on a database as just installed (graph_nodes still small). */
export async function freshPlan(sql: Sql, text: string, values: unknown[]) {
  const [{ n }] = (await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM graph_nodes')) as [
    { n: number },
  ];
  if (n >= 200) throw new Error(`graph_nodes holds ${n} rows: not a database as just installed`);
  const plan = await genericPlan(sql, text, values);
  return { plan, shown: plan.join('\n') };
}

/** The statement and parameters `run` sends (the last one), without running it. */
export async function statementOf(
  run: (q: Queryable) => Promise<unknown>,
): Promise<{ text: string; params: readonly unknown[] }> {
  let statement: { text: string; params: readonly unknown[] } | undefined;
  const recorder: Queryable = {
    async query<T extends Row>(text: string, params: readonly unknown[] = []) {
      statement = { text, params };
      return [] as T[];
    },
    async one(text: string, params: readonly unknown[] = []) {
      statement = { text, params };
      return undefined;
    },
  };
  await run(recorder);
  return statement!;
}
