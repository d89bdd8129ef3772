// The generic plan PostgreSQL caches for a prepared statement (after five executions), as EXPLAIN shows
// it. Keel names every statement (src/db/sql.ts), so a plan made while a table was small stays in use
// as the table grows, until the table is analyzed again: a statement on a table that grows must have a
// generic plan that reads it through an index whatever its size was (docs/architecture.md).
import type { Sql } from '../../src/db/sql.js';

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

/** The tables a plan reads whole (`Seq Scan on <table>`). */
export const scannedTables = (plan: string[]) =>
  plan.flatMap((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? []);
