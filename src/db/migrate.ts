// Forward-only, versioned migrations. Each has a unique id; applied ids are recorded and never re-run.
import type { Sql } from './sql.js';

export interface Migration {
  /** Sortable and unique across all domains, e.g. `0001_graph`. */
  id: string;
  sql: string;
}

/** Advisory lock so that replicas starting together migrate once. */
export const MIGRATION_LOCK = 7_245_331;

export async function migrate(sql: Sql, migrations: readonly Migration[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`duplicate migration id ${m.id}`);
    ids.add(m.id);
  }
  const ordered = [...migrations].sort((a, b) => a.id.localeCompare(b.id));
  return sql.tx(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((r) => r.id),
    );
    const applied: string[] = [];
    for (const m of ordered) {
      if (done.has(m.id)) continue;
      await tx.query(m.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
      applied.push(m.id);
    }
    return applied;
  });
}
