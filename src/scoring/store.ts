// Scoring policies (graph nodes) and the recompute queue (a PostgreSQL job table claimed with
// FOR UPDATE SKIP LOCKED). No authorization here.
import type { Queryable, Sql } from '../db/sql.js';
import { PgCode, pgCode } from '../db/sql.js';
import { nodeByKey, type GraphNode } from '../graph/store.js';
import type { PolicyRule } from './policy.js';
import { recordedText } from '../lib/text.js';

export interface PolicyProps extends PolicyRule {
  slug: string;
  name: string;
  description: string | null;
  updated_by: string;
  [k: string]: unknown;
}

export type PolicyNode = GraphNode<PolicyProps>;

export const policyKey = (slug: string) => ({ namespace: 'ScoringPolicy.slug', key: slug });
export const findPolicy = (q: Queryable, slug: string) =>
  nodeByKey<PolicyProps>(q, 'ScoringPolicy.slug', slug);

export async function allRules(q: Queryable): Promise<PolicyRule[]> {
  const rows = await q.query<{ props: PolicyProps }>(
    `SELECT props FROM graph_nodes WHERE label = 'ScoringPolicy' ORDER BY id`,
  );
  return rows.map((r) => r.props);
}

export const scoringMigrations = [
  {
    id: '0003_scoring_jobs',
    sql: `
      -- One row per queued recompute. A project has at most one pending row (the debounce); a running
      -- row whose lock expired (its worker died) is claimed again; after 5 failures a row is parked.
      CREATE TABLE scoring_jobs (
        id bigserial PRIMARY KEY,
        project_id uuid NOT NULL,
        reason text NOT NULL,
        requested_by text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'parked')),
        attempts int NOT NULL DEFAULT 0,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX scoring_jobs_one_pending ON scoring_jobs (project_id) WHERE state = 'pending';
      CREATE INDEX scoring_jobs_ready ON scoring_jobs (run_at, id) WHERE state = 'pending';
      CREATE INDEX scoring_jobs_running ON scoring_jobs (locked_until) WHERE state = 'running';
      CREATE INDEX analytics_outbox_score_history ON analytics_outbox ((row->>'project_id'), id)
        WHERE stream = 'score_history';
    `,
  },
  {
    id: '0004_scoring_on_attribute_change',
    sql: `
      -- A project's score follows its attributes: any writer (API, plugin, another process) that
      -- changes them queues the project, unless it is already pending.
      CREATE FUNCTION scoring_queue_changed_project() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO scoring_jobs (project_id, reason, requested_by)
        VALUES (NEW.id, 'attributes_changed', coalesce(NEW.props->>'updated_by', 'system'))
        ON CONFLICT (project_id) WHERE state = 'pending' DO NOTHING;
        RETURN NULL;
      END $$;
      CREATE TRIGGER scoring_project_attributes_changed AFTER UPDATE ON graph_nodes
        FOR EACH ROW WHEN (NEW.label = 'Project' AND OLD.props->'attributes' IS DISTINCT FROM NEW.props->'attributes')
        EXECUTE FUNCTION scoring_queue_changed_project();
    `,
  },
  {
    id: '0600_scoring_history_from_analytics_store',
    sql: `
      -- Score history is read from the analytics store now; nothing queries the outbox by project.
      DROP INDEX IF EXISTS analytics_outbox_score_history;
    `,
  },
  {
    id: '0640_scoring_on_types_change',
    sql: `
      -- Policies may apply to some project types only: a change of a project's types moves its score.
      DROP TRIGGER scoring_project_attributes_changed ON graph_nodes;
      CREATE TRIGGER scoring_project_attributes_changed AFTER UPDATE ON graph_nodes
        FOR EACH ROW WHEN (NEW.label = 'Project' AND (
          OLD.props->'attributes' IS DISTINCT FROM NEW.props->'attributes'
          OR OLD.props->'types' IS DISTINCT FROM NEW.props->'types'))
        EXECUTE FUNCTION scoring_queue_changed_project();
    `,
  },
];

export interface Job {
  id: number;
  project_id: string;
  reason: string;
  requested_by: string;
  attempts: number;
}

const ENQUEUE_LOCK = 7_245_350;

/** Queues the projects `select` finds ($1 reason, $2 requester, $3 delay in seconds). */
const enqueueFrom = (select: string) => `
  WITH ins AS (
    INSERT INTO scoring_jobs (project_id, reason, requested_by, run_at)
    SELECT p.id, $1, $2, now() + make_interval(secs => $3) FROM (${select}) p
     ORDER BY p.id
    ON CONFLICT (project_id) WHERE state = 'pending' DO NOTHING
    RETURNING 1)
  SELECT count(*)::int AS queued FROM ins`;

// Two statements rather than `($4 OR n.id = ANY($5))`: each has one plan that is right for it. The
// given projects are looked up one by one by key: as `n.id = ANY($4) AND n.label = 'Project'`, the plan
// cached on a small table walked every project (scale.md, "Generic plans made while a table is small").
export const ENQUEUE_ALL = enqueueFrom(`SELECT n.id FROM graph_nodes n WHERE n.label = 'Project'`);
export const ENQUEUE_IDS = enqueueFrom(
  `SELECT n.id FROM (SELECT DISTINCT id FROM unnest($4::uuid[]) AS u(id)) i
    CROSS JOIN LATERAL (SELECT id, label FROM graph_nodes n WHERE n.id = i.id OFFSET 0) n
    WHERE n.label = 'Project'`,
);

/**
 * Queues projects (all of them, or those given) unless already pending. A new row waits `delaySeconds`
 * before it may run, so a second request within that window finds it pending and queues nothing.
 * Returns how many rows were queued.
 */
export async function enqueue(
  q: Queryable,
  input: { projectIds: readonly string[] | 'all'; reason: string; requestedBy: string; delaySeconds: number },
): Promise<number> {
  // Serialize enqueuers so that concurrent calls never wait on each other's rows in different orders.
  await q.query('SELECT pg_advisory_xact_lock($1)', [ENQUEUE_LOCK]);
  const row = await q.one<{ queued: number }>(
    input.projectIds === 'all' ? ENQUEUE_ALL : ENQUEUE_IDS,
    input.projectIds === 'all'
      ? [input.reason, input.requestedBy, input.delaySeconds]
      : [input.reason, input.requestedBy, input.delaySeconds, input.projectIds],
  );
  return row?.queued ?? 0;
}

/**
 * Claims up to `limit` rows whose worker's lock expired, then ready rows, for `lockSeconds`.
 *
 * The queue is emptied and refilled, so autovacuum often leaves statistics saying it holds no rows; a
 * plan cached then is costed for an empty table and, at 100,000 rows, scans and sorts all of them on
 * every claim. Each claim is therefore planned for the queue it sees (`force_custom_plan`), and the
 * candidate rows are MATERIALIZED CTEs, which run once whatever the plan: a claim can never hold more
 * than `limit` rows (a semi-join that re-ran `LIMIT ... SKIP LOCKED` per outer row once claimed all).
 */
export async function claim(sql: Pick<Sql, 'tx'>, limit: number, lockSeconds: number): Promise<Job[]> {
  return sql.tx(async (tx) => {
    await tx.query('SET LOCAL plan_cache_mode = force_custom_plan');
    return tx.query<Job & Record<string, unknown>>(
      `WITH expired AS MATERIALIZED (
         SELECT id FROM scoring_jobs WHERE state = 'running' AND locked_until < now()
          ORDER BY locked_until LIMIT $1 FOR UPDATE SKIP LOCKED
       ), ready AS MATERIALIZED (
         SELECT id FROM scoring_jobs WHERE state = 'pending' AND run_at <= now()
          ORDER BY run_at, id LIMIT $1 - (SELECT count(*) FROM expired) FOR UPDATE SKIP LOCKED
       ), claimed AS MATERIALIZED (
         SELECT id FROM expired UNION ALL SELECT id FROM ready
       )
       UPDATE scoring_jobs j
          SET state = 'running', attempts = j.attempts + 1, updated_at = now(),
              locked_until = now() + make_interval(secs => $2)
         FROM claimed c
        WHERE j.id = c.id
       RETURNING j.id, j.project_id, j.reason, j.requested_by, j.attempts`,
      [limit, lockSeconds],
    );
  });
}

export async function complete(q: Queryable, ids: readonly number[]): Promise<void> {
  await q.query(`DELETE FROM scoring_jobs WHERE id = ANY($1::bigint[])`, [ids]);
}

/**
 * A failed attempt: back to pending after `backoffMs`, or parked with its error after `maxAttempts`.
 * When a newer pending row for the project exists, that one will recompute: this one is dropped.
 */
export async function fail(
  q: Queryable,
  job: Job,
  error: string,
  opts: { maxAttempts: number; backoffMs: number },
): Promise<'retry' | 'parked' | 'superseded'> {
  const parked = job.attempts >= opts.maxAttempts;
  try {
    const row = await q.one<{ id: number }>(
      `UPDATE scoring_jobs SET state = $2, last_error = $3, locked_until = NULL, updated_at = now(),
              run_at = now() + make_interval(secs => $4::float8 / 1000)
        WHERE id = $1 AND state = 'running' RETURNING id`,
      [job.id, parked ? 'parked' : 'pending', recordedText(error, 2000), opts.backoffMs],
    );
    if (!row) return 'superseded';
    return parked ? 'parked' : 'retry';
  } catch (err) {
    if (pgCode(err) !== PgCode.uniqueViolation) throw err;
    await complete(q, [job.id]);
    return 'superseded';
  }
}

export interface QueueCounts {
  pending: number;
  running: number;
  parked: number;
}

export async function queueCounts(q: Queryable): Promise<QueueCounts> {
  const rows = await q.query<{ state: keyof QueueCounts; n: number }>(
    `SELECT state, count(*)::int AS n FROM scoring_jobs GROUP BY state`,
  );
  const counts: QueueCounts = { pending: 0, running: 0, parked: 0 };
  for (const r of rows) counts[r.state] = r.n;
  return counts;
}

export interface ProjectScoreRow {
  id: string;
  slug: string;
  organization: string | null;
  attributes: Record<string, unknown>;
  /** The project's type slugs (policies may target types). */
  types: string[];
  score: number | null;
}

/** Locks and reads the projects to recompute (deleted ones are simply absent). */
/**
 * Each project is looked up and locked by its key, in id order (the order every recompute locks in, so
 * two never wait on each other crosswise). As `n.id = ANY($1) AND n.label = 'Project' ORDER BY n.id FOR
 * UPDATE`, the plan cached on a small table walked every project for each batch (scale.md).
 */
export const LOCK_PROJECTS = `
  SELECT n.id, n.props->>'slug' AS slug, o.props->>'slug' AS organization,
         coalesce(n.props->'attributes', '{}'::jsonb) AS attributes,
         CASE WHEN jsonb_typeof(n.props->'types') = 'array' THEN n.props->'types' ELSE '[]'::jsonb END AS types,
         (n.props->>'score')::float8 AS score
    FROM (SELECT DISTINCT id FROM unnest($1::uuid[]) AS u(id) ORDER BY id) i
   CROSS JOIN LATERAL (
         SELECT n.id, n.props FROM graph_nodes n WHERE n.id = i.id AND n.label = 'Project' FOR UPDATE) n
    LEFT JOIN graph_nodes o ON o.id = (n.props->>'organization_id')::uuid
   ORDER BY n.id`;

export async function lockProjects(q: Queryable, ids: readonly string[]): Promise<ProjectScoreRow[]> {
  return q.query<ProjectScoreRow & Record<string, unknown>>(LOCK_PROJECTS, [ids]);
}

/**
 * By key alone: the rows are the projects lockProjects locked in this transaction. With a label test
 * besides, the plan cached on a small table hashed every project against the batch (scale.md).
 */
export const WRITE_SCORES = `
  WITH x AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, score float8))
  UPDATE graph_nodes n
     SET props = n.props || jsonb_build_object('score', x.score, 'previous_score', n.props->'score')
    FROM x
   WHERE n.id = x.id AND n.id = ANY(ARRAY(SELECT id FROM x))`;

/** Writes new scores; each project's current score becomes its previous_score. */
export async function writeScores(
  q: Queryable,
  scores: readonly { id: string; score: number | null }[],
): Promise<void> {
  if (scores.length === 0) return;
  await q.query(WRITE_SCORES, [JSON.stringify(scores)]);
}

/** Ids of projects after `after` (keyset), optionally of one organization. */
export async function projectIdsPage(
  q: Queryable,
  after: string | null,
  limit: number,
  orgId: string | null,
): Promise<string[]> {
  // One statement per shape, so that a cached plan always bounds the index scan by the cursor.
  const params: unknown[] = [limit];
  const where = [`label = 'Project'`];
  if (orgId !== null) where.push(`props->>'organization_id' = $${params.push(orgId)}`);
  if (after !== null) where.push(`id > $${params.push(after)}::uuid`);
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM graph_nodes WHERE ${where.join(' AND ')} ORDER BY id LIMIT $1`,
    params,
  );
  return rows.map((r) => r.id);
}
