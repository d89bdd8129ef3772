// The change log of project_dependents, which each process's dependency index (dependency-index.ts)
// reads to stay current: a row per edge added or removed, and per dependent renamed, written by the
// triggers that keep project_dependents (entries.ts) in the writer's transaction, so every writer is
// covered, SQL by hand included. A row carries its writer's transaction id (`tx`): a reader asks for
// the rows of the transactions its last snapshot did not see (at or past that snapshot's xmax, or in
// progress then), so it reads each row once, whatever order transactions commit in, and without a
// lock that writers would queue on (docs/catalog.md, "The dependency index").
import type { Migration } from '../db/migrate.js';
import type { Queryable, Sql } from '../db/sql.js';
import type { FastifyBaseLogger } from 'fastify';
import { startLoop, type Loop } from '../lib/background.js';
import { loopMetrics } from '../observability/metrics.js';
// The longest entry project_dependents keeps; the log keeps the whole entry.
import { MAX_ENTRY_BYTES } from './entries.js';

export const dependencyLogMigration: Migration = {
  id: '0631_dependency_log',
  sql: `
    -- The organization of each row: an index loads one organization's graph.
    ALTER TABLE project_dependents ADD COLUMN organization_id uuid;
    UPDATE project_dependents d SET organization_id = (n.props->>'organization_id')::uuid
      FROM graph_nodes n WHERE n.id = d.dependent_id;
    CREATE INDEX project_dependents_organization ON project_dependents (organization_id, project_id);

    -- project_id null: the dependent's entry changed (a new slug or name). entry null: the edge went.
    CREATE TABLE dependency_log (
      id bigserial PRIMARY KEY,
      organization_id uuid NOT NULL,
      tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
      project_id uuid,
      dependent_id uuid NOT NULL,
      entry text
    );
    CREATE INDEX dependency_log_changes ON dependency_log (organization_id, tx);
    CREATE INDEX dependency_log_pruned ON dependency_log (tx);

    CREATE OR REPLACE FUNCTION project_dependents_edge() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      e text;
      org uuid;
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.label = 'DEPENDS_ON' THEN
        DELETE FROM project_dependents WHERE project_id = OLD.dst AND dependent_id = OLD.src
        RETURNING organization_id INTO org;
        IF org IS NOT NULL THEN
          INSERT INTO dependency_log (organization_id, project_id, dependent_id) VALUES (org, OLD.dst, OLD.src);
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.label = 'DEPENDS_ON' THEN
        SELECT project_entry(n.props), (n.props->>'organization_id')::uuid INTO e, org
          FROM graph_nodes n WHERE n.id = NEW.src FOR SHARE;
        INSERT INTO project_dependents (project_id, dependent_id, entry, organization_id)
        VALUES (NEW.dst, NEW.src, CASE WHEN octet_length(e) <= ${MAX_ENTRY_BYTES} THEN e END, org)
        ON CONFLICT (project_id, dependent_id)
        DO UPDATE SET entry = EXCLUDED.entry, organization_id = EXCLUDED.organization_id;
        IF org IS NOT NULL THEN
          INSERT INTO dependency_log (organization_id, project_id, dependent_id, entry)
          VALUES (org, NEW.dst, NEW.src, e);
        END IF;
      END IF;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION project_dependents_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      org uuid := (NEW.props->>'organization_id')::uuid;
    BEGIN
      UPDATE project_dependents SET entry = project_entry_kept(NEW.props) WHERE dependent_id = NEW.id;
      IF FOUND AND org IS NOT NULL THEN
        INSERT INTO dependency_log (organization_id, dependent_id, entry)
        VALUES (org, NEW.id, project_entry(NEW.props));
      END IF;
      RETURN NULL;
    END $$;
  `,
};

/** One change of an organization's dependency graph, in log order. */
export interface DependencyChange {
  id: number;
  /** The project depended on; null: `dependent`'s entry changed. */
  project: string | null;
  dependent: string;
  /** The dependent's entry; null with a project: the edge went. */
  entry: string | null;
}

/**
 * What a reader has seen: its last snapshot's xmax, and the transactions in progress then. Every row of
 * a transaction below xmax and not in progress was visible to it, so read then.
 */
export interface LogPosition {
  xmax: string;
  xip: string[];
}

const SNAPSHOT = `SELECT pg_snapshot_xmax(s)::text AS xmax, array(SELECT pg_snapshot_xip(s)::text) AS xip
                    FROM pg_current_snapshot() AS s`;

/** The snapshot's position (in a REPEATABLE READ transaction: the snapshot of what it reads next). */
export async function logPosition(q: Queryable): Promise<LogPosition> {
  return (await q.one<{ xmax: string; xip: string[] }>(SNAPSHOT))!;
}

/**
 * The changes of an organization that a reader at `at` has not seen, and the position after them, in
 * one statement (one snapshot). Both conditions read the (organization, tx) index; a reader that is
 * current reads no row.
 */
export const CHANGES_SINCE = `
  SELECT pg_snapshot_xmax(s)::text AS xmax, array(SELECT pg_snapshot_xip(s)::text) AS xip,
         (SELECT json_agg(json_build_array(l.id, l.project_id, l.dependent_id, l.entry) ORDER BY l.id)
            FROM dependency_log l
           WHERE l.organization_id = $1::uuid AND (l.tx >= $2::xid8 OR l.tx = ANY($3::xid8[]))) AS changes
    FROM pg_current_snapshot() AS s`;

export async function changesSince(
  q: Queryable,
  orgId: string,
  at: LogPosition,
): Promise<{ position: LogPosition; changes: DependencyChange[] }> {
  const row = (await q.one<{
    xmax: string;
    xip: string[];
    changes: Array<[number, string | null, string, string | null]> | null;
  }>(CHANGES_SINCE, [orgId, at.xmax, at.xip]))!;
  return {
    position: { xmax: row.xmax, xip: row.xip },
    changes: (row.changes ?? []).map(([id, project, dependent, entry]) => ({
      id,
      project,
      dependent,
      entry,
    })),
  };
}

/**
 * An organization's edges as (project, dependent, entry), at most `limit`: each dependent's entry
 * built from its row when too long for project_dependents. The ORDER BY, the index's own order, makes the
 * index on the organization the generic plan's way in: without it, a plan cached on a small table read the
 * whole table, every organization's edges.
 */
export const ORGANIZATION_EDGES = `
  SELECT d.project_id::text AS project, d.dependent_id::text AS dependent,
         coalesce(d.entry, (SELECT project_entry(g.props) FROM graph_nodes g WHERE g.id = d.dependent_id)) AS entry
    FROM project_dependents d WHERE d.organization_id = $1::uuid
   ORDER BY d.project_id LIMIT $2`;

/** The oldest transaction still running, or that may yet start below it: pg_snapshot_xmin. */
export const XMIN = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`;

/**
 * Log rows of transactions that ended before `xmin` was sampled, at most $2 at a time, deleted by their
 * ids (`= ANY(ARRAY(...))`: as `IN (...)`, the generic plan hashed the ids and read the whole log).
 */
export const PRUNE_LOG = `
  WITH gone AS (
    DELETE FROM dependency_log WHERE id = ANY(ARRAY(
      SELECT id FROM dependency_log WHERE tx < $1::xid8 ORDER BY tx LIMIT $2))
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;

const PRUNE_EVERY_MS = 60_000;
const PRUNE_BATCH = 10_000;

/**
 * Deletes the log rows every reader has: those of transactions that had ended `keepMs` ago. Each pass
 * samples the oldest transaction running (xmin) and deletes below the sample taken `keepMs` before, so
 * a row goes only once its transaction ended that long ago; a reader not brought up to date for half
 * as long loads its graph again (dependency-index.ts, STALE_AFTER_MS). Runs in every process of the
 * `api` and `worker` roles: passes that meet are harmless.
 */
export function dependencyLogPruner(
  deps: { sql: Sql; log: Pick<FastifyBaseLogger, 'error'> },
  keepMs: number,
  everyMs = PRUNE_EVERY_MS,
): { pass(): Promise<number>; start(): Loop } {
  const samples: Array<{ at: number; xmin: string }> = [];
  async function pass(): Promise<number> {
    samples.push({ at: Date.now(), xmin: (await deps.sql.one<{ xmin: string }>(XMIN))!.xmin });
    let horizon: string | undefined;
    while (samples.length > 0 && samples[0]!.at <= Date.now() - keepMs) horizon = samples.shift()!.xmin;
    if (horizon === undefined) return 0;
    let total = 0;
    for (;;) {
      const n = (await deps.sql.one<{ n: number }>(PRUNE_LOG, [horizon, PRUNE_BATCH]))!.n;
      total += n;
      if (n < PRUNE_BATCH) return total;
    }
  }
  return {
    pass,
    start: () =>
      startLoop({
        name: 'dependency-log-prune',
        backoff: { baseMs: everyMs, maxMs: 10 * everyMs },
        metrics: loopMetrics,
        pass: async () => (await pass(), everyMs),
        onError: (err) => deps.log.error({ err }, 'pruning the dependency log failed'),
      }),
  };
}
