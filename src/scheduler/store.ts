// The scheduler's tables, in a PostgreSQL schema of its own (`scheduler`), in the same database as the
// analytics outbox, so that a finished run and its analytics row commit together.
import { randomBytes } from 'node:crypto';
import { uuidv7Floor } from '../graph/ids.js';
import type { Queryable } from '../db/sql.js';
import type { TargetMethod } from './target.js';

export const schedulerMigrations = [
  {
    id: '0500_scheduler',
    sql: `
      CREATE SCHEMA scheduler;
      CREATE TABLE scheduler.schedules (
        id uuid PRIMARY KEY,
        slug text NOT NULL,
        name text NOT NULL,
        cron text NOT NULL,
        timezone text NOT NULL,
        enabled boolean NOT NULL,
        kind text NOT NULL CHECK (kind IN ('user', 'system')),
        target_method text NOT NULL,
        target_path text NOT NULL,
        target_body jsonb,
        created_by text NOT NULL,
        consent_id text,
        next_run_at timestamptz,
        last_run_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK ((kind = 'user') = (consent_id IS NOT NULL))
      );
      -- A slug names one live schedule; a deleted one keeps its runs and frees the slug.
      CREATE UNIQUE INDEX schedules_slug ON scheduler.schedules (slug) WHERE deleted_at IS NULL;
      CREATE INDEX schedules_by_creator ON scheduler.schedules (created_by, slug) WHERE deleted_at IS NULL;
      CREATE INDEX schedules_due ON scheduler.schedules (next_run_at) WHERE enabled AND deleted_at IS NULL;
      CREATE TABLE scheduler.runs (
        id uuid PRIMARY KEY,
        schedule_id uuid NOT NULL REFERENCES scheduler.schedules (id),
        schedule_slug text NOT NULL,
        kind text NOT NULL,
        trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
        occurrence_at timestamptz NOT NULL,
        started_at timestamptz NOT NULL,
        finished_at timestamptz,
        duration_ms integer,
        state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed', 'skipped')),
        http_status integer,
        principal_name text,
        actor_name text,
        consent_id text,
        error text
      );
      -- The backstop of exactly-once: one run per scheduled occurrence, whatever happens.
      CREATE UNIQUE INDEX runs_occurrence ON scheduler.runs (schedule_id, occurrence_at) WHERE trigger = 'schedule';
      CREATE INDEX runs_by_schedule ON scheduler.runs (schedule_id, id);
      CREATE INDEX runs_by_slug ON scheduler.runs (schedule_slug, id);
      CREATE INDEX runs_in_flight ON scheduler.runs (started_at) WHERE state = 'running';
    `,
  },
  {
    // Retries (docs/scheduler.md, "Retries"): the policy per schedule, and on each run its attempts and
    // the lease of the replica working on it, so another replica resumes a run whose replica stopped.
    id: '0501_scheduler_retries',
    sql: `
      ALTER TABLE scheduler.schedules
        ADD COLUMN retry_max_attempts integer NOT NULL DEFAULT 8,
        ADD COLUMN retry_initial_backoff real NOT NULL DEFAULT 2,
        ADD COLUMN retry_max_backoff real NOT NULL DEFAULT 30;
      ALTER TABLE scheduler.runs
        ADD COLUMN attempts jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN lease_owner uuid,
        ADD COLUMN lease_until timestamptz,
        ADD COLUMN next_attempt_at timestamptz;
      CREATE INDEX runs_lease ON scheduler.runs (lease_until) WHERE state = 'running';
    `,
  },
  {
    // A timeout per schedule (null: the global setting), and cancelling a run from any replica: the
    // request is recorded on the run, and the replica holding it aborts its call.
    id: '0502_scheduler_timeouts_cancel',
    sql: `
      ALTER TABLE scheduler.schedules ADD COLUMN timeout_seconds integer;
      ALTER TABLE scheduler.runs
        ADD COLUMN cancel_requested_at timestamptz,
        ADD COLUMN cancelled_by text;
      ALTER TABLE scheduler.runs DROP CONSTRAINT runs_state_check;
      ALTER TABLE scheduler.runs ADD CONSTRAINT runs_state_check
        CHECK (state IN ('running', 'succeeded', 'failed', 'skipped', 'cancelled'));
      CREATE INDEX runs_cancel_requested ON scheduler.runs (lease_owner)
        WHERE state = 'running' AND cancel_requested_at IS NOT NULL;
    `,
  },
  {
    // What an occurrence does while the schedule's previous run is still running (docs/scheduler.md,
    // "Overlap"), and the one occurrence a queue_one schedule holds back until that run ends.
    id: '0503_scheduler_overlap',
    sql: `
      ALTER TABLE scheduler.schedules
        ADD COLUMN overlap text NOT NULL DEFAULT 'skip' CHECK (overlap IN ('skip', 'allow', 'queue_one')),
        ADD COLUMN queued_occurrence_at timestamptz;
      CREATE INDEX schedules_queued ON scheduler.schedules (queued_occurrence_at)
        WHERE queued_occurrence_at IS NOT NULL AND enabled AND deleted_at IS NULL;
      CREATE INDEX runs_running_by_schedule ON scheduler.runs (schedule_id) WHERE state = 'running';
    `,
  },
  {
    // Triggers beside cron (docs/scheduler.md, "Triggers"): an interval aligned to the creation time, or
    // one instant, after which the schedule is completed. Exactly one of the three is set.
    id: '0504_scheduler_triggers',
    sql: `
      ALTER TABLE scheduler.schedules
        ALTER COLUMN cron DROP NOT NULL,
        ADD COLUMN every_seconds integer CHECK (every_seconds BETWEEN 60 AND 2678400),
        ADD COLUMN once_at timestamptz,
        ADD COLUMN completed_at timestamptz,
        ADD CONSTRAINT schedules_one_trigger CHECK (num_nonnulls(cron, every_seconds, once_at) = 1);
    `,
  },
  {
    // Jitter (docs/scheduler.md, "Jitter"): next_run_at is when the next occurrence fires, next_due_at
    // when it is due (null on rows written before: the same instant); a run records both.
    id: '0505_scheduler_jitter',
    sql: `
      ALTER TABLE scheduler.schedules
        ADD COLUMN jitter_seconds integer NOT NULL DEFAULT 0 CHECK (jitter_seconds BETWEEN 0 AND 3600),
        ADD COLUMN next_due_at timestamptz;
      ALTER TABLE scheduler.runs ADD COLUMN jittered_at timestamptz;
    `,
  },
  {
    // Auto-pause (docs/scheduler.md, "Auto-pause"), and who paused a schedule, when and why.
    id: '0506_scheduler_auto_pause',
    sql: `
      ALTER TABLE scheduler.schedules
        ADD COLUMN auto_pause_after integer NOT NULL DEFAULT 10 CHECK (auto_pause_after BETWEEN 0 AND 1000),
        ADD COLUMN paused_at timestamptz,
        ADD COLUMN paused_by text,
        ADD COLUMN paused_reason text,
        -- A streak counts the runs since the last resume only.
        ADD COLUMN resumed_at timestamptz;
    `,
  },
  {
    // Run list filters (docs/scheduler.md, "Runs"): by state along (schedule, state, id); manual runs
    // (rare) by partial indexes; a time range bounds the id (UUIDv7: the claim time) on the existing
    // (schedule, id) indexes.
    id: '0507_scheduler_run_filters',
    sql: `
      CREATE INDEX runs_by_schedule_state ON scheduler.runs (schedule_id, state, id);
      CREATE INDEX runs_by_slug_state ON scheduler.runs (schedule_slug, state, id);
      CREATE INDEX runs_manual_by_schedule ON scheduler.runs (schedule_id, id) WHERE trigger = 'manual';
      CREATE INDEX runs_manual_by_slug ON scheduler.runs (schedule_slug, id) WHERE trigger = 'manual';
    `,
  },
];

export type OverlapPolicy = 'skip' | 'allow' | 'queue_one';

export type ScheduleKind = 'user' | 'system';
export type RunState = 'running' | 'succeeded' | 'failed' | 'skipped' | 'cancelled';

export interface ScheduleRow {
  id: string;
  slug: string;
  name: string;
  /** Exactly one of cron, every_seconds and once_at is set (docs/scheduler.md, "Triggers"). */
  cron: string | null;
  every_seconds: number | null;
  once_at: Date | null;
  /** A once_at schedule after its run: never due again. */
  completed_at: Date | null;
  /** Each occurrence fires up to this many seconds late, by a stable offset (docs/scheduler.md). */
  jitter_seconds: number;
  /** When the occurrence next_run_at fires for is due (null: next_run_at itself). */
  next_due_at: Date | null;
  /** Pauses itself after this many consecutive failed (or alike skipped) runs; 0: never. */
  auto_pause_after: number;
  paused_at: Date | null;
  /** Who paused it: a caller's name, or `auto-pause`. */
  paused_by: string | null;
  paused_reason: string | null;
  timezone: string;
  enabled: boolean;
  kind: ScheduleKind;
  target_method: TargetMethod;
  target_path: string;
  target_body: unknown;
  created_by: string;
  consent_id: string | null;
  next_run_at: Date | null;
  last_run_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  retry_max_attempts: number;
  retry_initial_backoff: number;
  retry_max_backoff: number;
  /** Timeout of each call of the target; null: KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS. */
  timeout_seconds: number | null;
  overlap: OverlapPolicy;
  /** A queue_one schedule's occurrence waiting for the previous run to end. */
  queued_occurrence_at: Date | null;
  [k: string]: unknown;
}

/** One call of a run (a run retries: docs/scheduler.md, "Retries"). */
export interface Attempt {
  started_at: string;
  finished_at: string;
  http_status: number | null;
  error: string | null;
}

export interface RunRow {
  id: string;
  schedule_id: string;
  schedule_slug: string;
  kind: ScheduleKind;
  trigger: 'schedule' | 'manual';
  occurrence_at: Date;
  started_at: Date;
  finished_at: Date | null;
  duration_ms: number | null;
  state: RunState;
  http_status: number | null;
  principal_name: string | null;
  actor_name: string | null;
  consent_id: string | null;
  error: string | null;
  attempts: Attempt[];
  /** The replica working on the run and until when; another replica resumes it after that. */
  lease_owner: string | null;
  lease_until: Date | null;
  /** When the next attempt is due (a run waiting to retry). */
  next_attempt_at: Date | null;
  /** Someone asked to cancel the run (POST /scheduler/runs/{id}/cancel): when, and who. */
  cancel_requested_at: Date | null;
  cancelled_by: string | null;
  /** When the occurrence was to fire after its schedule's jitter (occurrence_at is when it was due). */
  jittered_at: Date | null;
  [k: string]: unknown;
}

const S_COLS = `id, slug, name, cron, timezone, enabled, kind, target_method, target_path, target_body,
  created_by, consent_id, next_run_at, last_run_at, created_at, updated_at, deleted_at,
  retry_max_attempts, retry_initial_backoff, retry_max_backoff, timeout_seconds, overlap,
  queued_occurrence_at, every_seconds, once_at, completed_at, jitter_seconds, next_due_at,
  auto_pause_after, paused_at, paused_by, paused_reason`;
const R_COLS = `id, schedule_id, schedule_slug, kind, trigger, occurrence_at, started_at, finished_at,
  duration_ms, state, http_status, principal_name, actor_name, consent_id, error, attempts, lease_owner,
  lease_until, next_attempt_at, cancel_requested_at, cancelled_by, jittered_at`;

/** The retry policy of a schedule that does not set one: rides out an API outage of 60 s. */
export const DEFAULT_RETRY = { max_attempts: 8, initial_backoff: 2, max_backoff: 30 } as const;

export type NewSchedule = Omit<
  ScheduleRow,
  | 'last_run_at'
  | 'created_at'
  | 'updated_at'
  | 'deleted_at'
  | 'retry_max_attempts'
  | 'retry_initial_backoff'
  | 'retry_max_backoff'
  | 'timeout_seconds'
  | 'every_seconds'
  | 'once_at'
  | 'completed_at'
  | 'jitter_seconds'
  | 'next_due_at'
  | 'auto_pause_after'
  | 'paused_at'
  | 'paused_by'
  | 'paused_reason'
> &
  Partial<
    Pick<
      ScheduleRow,
      | 'retry_max_attempts'
      | 'retry_initial_backoff'
      | 'retry_max_backoff'
      | 'timeout_seconds'
      | 'every_seconds'
      | 'once_at'
      | 'created_at'
      | 'jitter_seconds'
      | 'next_due_at'
      | 'auto_pause_after'
    >
  >;

/** Inserts unless a live schedule has the slug; returns undefined then. */
export async function insertSchedule(q: Queryable, s: NewSchedule): Promise<ScheduleRow | undefined> {
  return q.one<ScheduleRow>(
    `INSERT INTO scheduler.schedules (id, slug, name, cron, timezone, enabled, kind, target_method,
       target_path, target_body, created_by, consent_id, next_run_at, retry_max_attempts,
       retry_initial_backoff, retry_max_backoff, timeout_seconds, overlap, every_seconds, once_at,
       created_at, jitter_seconds, next_due_at, auto_pause_after)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18, $19,
       $20, COALESCE($21::timestamptz, now()), $22, $23, $24)
     ON CONFLICT (slug) WHERE deleted_at IS NULL DO NOTHING
     RETURNING ${S_COLS}`,
    [
      s.id,
      s.slug,
      s.name,
      s.cron,
      s.timezone,
      s.enabled,
      s.kind,
      s.target_method,
      s.target_path,
      s.target_body === undefined ? null : JSON.stringify(s.target_body),
      s.created_by,
      s.consent_id,
      s.next_run_at,
      s.retry_max_attempts ?? DEFAULT_RETRY.max_attempts,
      s.retry_initial_backoff ?? DEFAULT_RETRY.initial_backoff,
      s.retry_max_backoff ?? DEFAULT_RETRY.max_backoff,
      s.timeout_seconds ?? null,
      s.overlap ?? 'skip',
      s.every_seconds ?? null,
      s.once_at ?? null,
      s.created_at ?? null,
      s.jitter_seconds ?? 0,
      s.next_due_at ?? null,
      s.auto_pause_after ?? 10,
    ],
  );
}

export async function findLiveSchedule(q: Queryable, slug: string): Promise<ScheduleRow | undefined> {
  return q.one<ScheduleRow>(
    `SELECT ${S_COLS} FROM scheduler.schedules WHERE slug = $1 AND deleted_at IS NULL`,
    [slug],
  );
}

export async function findScheduleById(q: Queryable, id: string): Promise<ScheduleRow | undefined> {
  return q.one<ScheduleRow>(`SELECT ${S_COLS} FROM scheduler.schedules WHERE id = $1`, [id]);
}

export interface ScheduleChange {
  name?: string;
  /** A new trigger replaces the old one: set all three (two of them null). */
  cron?: string | null;
  every_seconds?: number | null;
  once_at?: Date | null;
  timezone?: string;
  enabled?: boolean;
  target_method?: TargetMethod;
  target_path?: string;
  target_body?: unknown;
  next_run_at?: Date | null;
  /** Set with next_run_at (when that occurrence is due). */
  next_due_at?: Date | null;
  jitter_seconds?: number;
  auto_pause_after?: number;
  /** Set with `enabled`: who paused it and why (null: resumed, all cleared). */
  paused?: { at: Date; by: string; reason: string | null } | null;
  /** With `paused: null`: when it was resumed (auto-pause counts the runs after it). */
  resumed_at?: Date;
  retry_max_attempts?: number;
  retry_initial_backoff?: number;
  retry_max_backoff?: number;
  timeout_seconds?: number | null;
  overlap?: OverlapPolicy;
}

/** Applies a change to a live schedule; undefined when it was deleted meanwhile. */
export async function updateSchedule(
  q: Queryable,
  id: string,
  c: ScheduleChange,
): Promise<ScheduleRow | undefined> {
  const has = (k: keyof ScheduleChange) => k in c;
  return q.one<ScheduleRow>(
    `UPDATE scheduler.schedules SET
       name = CASE WHEN $2 THEN $3 ELSE name END,
       cron = CASE WHEN $4 THEN $5 ELSE cron END,
       timezone = CASE WHEN $6 THEN $7 ELSE timezone END,
       enabled = CASE WHEN $8 THEN $9::boolean ELSE enabled END,
       target_method = CASE WHEN $10 THEN $11 ELSE target_method END,
       target_path = CASE WHEN $12 THEN $13 ELSE target_path END,
       target_body = CASE WHEN $14 THEN $15::jsonb ELSE target_body END,
       next_run_at = CASE WHEN $16 THEN $17::timestamptz ELSE next_run_at END,
       retry_max_attempts = COALESCE($18::integer, retry_max_attempts),
       retry_initial_backoff = COALESCE($19::real, retry_initial_backoff),
       retry_max_backoff = COALESCE($20::real, retry_max_backoff),
       timeout_seconds = CASE WHEN $21 THEN $22::integer ELSE timeout_seconds END,
       overlap = COALESCE($23, overlap),
       every_seconds = CASE WHEN $4 THEN $24::integer ELSE every_seconds END,
       once_at = CASE WHEN $4 THEN $25::timestamptz ELSE once_at END,
       -- A new trigger re-arms a completed once_at schedule.
       completed_at = CASE WHEN $4 THEN NULL ELSE completed_at END,
       next_due_at = CASE WHEN $16 THEN $26::timestamptz ELSE next_due_at END,
       jitter_seconds = COALESCE($27::integer, jitter_seconds),
       auto_pause_after = COALESCE($28::integer, auto_pause_after),
       paused_at = CASE WHEN $29 THEN $32::timestamptz ELSE paused_at END,
       paused_by = CASE WHEN $29 THEN $30 ELSE paused_by END,
       paused_reason = CASE WHEN $29 THEN $31 ELSE paused_reason END,
       resumed_at = CASE WHEN $29 AND $30::text IS NULL THEN $33::timestamptz ELSE resumed_at END,
       -- Pausing or resuming drops a queued occurrence: nothing missed while paused fires.
       queued_occurrence_at = CASE WHEN $8 THEN NULL ELSE queued_occurrence_at END,
       updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL
     RETURNING ${S_COLS}`,
    [
      id,
      has('name'),
      c.name ?? null,
      has('cron'),
      c.cron ?? null,
      has('timezone'),
      c.timezone ?? null,
      has('enabled'),
      c.enabled ?? null,
      has('target_method'),
      c.target_method ?? null,
      has('target_path'),
      c.target_path ?? null,
      has('target_body'),
      c.target_body === undefined ? null : JSON.stringify(c.target_body),
      has('next_run_at'),
      c.next_run_at ?? null,
      c.retry_max_attempts ?? null,
      c.retry_initial_backoff ?? null,
      c.retry_max_backoff ?? null,
      has('timeout_seconds'),
      c.timeout_seconds ?? null,
      c.overlap ?? null,
      c.every_seconds ?? null,
      c.once_at ?? null,
      c.next_due_at ?? null,
      c.jitter_seconds ?? null,
      c.auto_pause_after ?? null,
      has('paused'),
      c.paused?.by ?? null,
      c.paused?.reason ?? null,
      c.paused?.at ?? null,
      c.resumed_at ?? null,
    ],
  );
}

export async function softDeleteSchedule(q: Queryable, id: string): Promise<ScheduleRow | undefined> {
  return q.one<ScheduleRow>(
    `UPDATE scheduler.schedules SET deleted_at = now(), enabled = false, next_run_at = NULL, updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL RETURNING ${S_COLS}`,
    [id],
  );
}

/** One page of live schedules by slug: everyone's (creator undefined) or one creator's. */
export async function listSchedules(
  q: Queryable,
  page: { after: string | undefined; limit: number },
  creator: string | undefined,
): Promise<{ items: ScheduleRow[]; next: string | undefined }> {
  const base = `SELECT ${S_COLS} FROM scheduler.schedules WHERE deleted_at IS NULL`;
  const limit = page.limit + 1;
  // One statement per case, so each cached generic plan walks its own index.
  const rows =
    creator === undefined
      ? page.after === undefined
        ? await q.query<ScheduleRow>(`${base} ORDER BY slug LIMIT $1`, [limit])
        : await q.query<ScheduleRow>(`${base} AND slug > $2 ORDER BY slug LIMIT $1`, [limit, page.after])
      : page.after === undefined
        ? await q.query<ScheduleRow>(`${base} AND created_by = $2 ORDER BY slug LIMIT $1`, [limit, creator])
        : await q.query<ScheduleRow>(`${base} AND created_by = $2 AND slug > $3 ORDER BY slug LIMIT $1`, [
            limit,
            creator,
            page.after,
          ]);
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  return { items, next: more ? items[items.length - 1]!.slug : undefined };
}

/** What the run list may be narrowed to; a time range is on `started_at`, [from, to). */
export interface RunFilter {
  state?: RunState | undefined;
  trigger?: RunRow['trigger'] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The smallest UUIDv7 of a millisecond: run ids are made from the claim time (`runId`). */
const idFloor = (at: Date) => uuidv7Floor(at.getTime());

/**
 * A run's id: a UUIDv7 whose time is the claim time of the firing clock (a clock the tests move too),
 * so a time range of the run list is a range of ids.
 */
let lastRunMs = -1;
let runSeq = 0;
/**
 * How far a run's id may be dated after its claim time: ids keep growing in this process within one
 * millisecond, and across a clock set back by up to this much. A clock set back further (a test's
 * clock, or a step of the system clock) starts again from its own time, so an id never strays further
 * from its run's start than this, which the run list's time range relies on (runListQuery).
 */
export const RUN_ID_AHEAD_MS = 1000;
export function runId(at: Date): string {
  let ms = Math.max(0, at.getTime());
  // Within one millisecond (or a clock set back a little), ids still grow in this process, as uuidv7() does.
  if (ms <= lastRunMs && lastRunMs - ms < RUN_ID_AHEAD_MS) {
    ms = lastRunMs;
    runSeq = (runSeq + 1) & 0xfff;
    if (runSeq === 0) ms = ++lastRunMs;
  } else {
    runSeq = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  lastRunMs = ms;
  const h = ms.toString(16).padStart(12, '0');
  const r = randomBytes(8);
  r[0] = (r[0]! & 0x3f) | 0x80; // variant 10
  const x = r.toString('hex');
  const a = (0x7000 | runSeq).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${a}-${x.slice(0, 4)}-${x.slice(4, 16)}`;
}

/**
 * One page of runs, newest first: of one schedule, or (history) of every schedule that had this slug;
 * narrowed by state, trigger and start time. Each combination is its own statement text, so each
 * cached plan walks its own index: (key, state, id) with a state, the partial manual indexes for manual
 * runs, else (key, id); a time range bounds the id, whose first 48 bits are the start time.
 */
export function runListQuery(
  page: { after: string | undefined; limit: number },
  by: { scheduleId: string } | { slug: string },
  filter: RunFilter = {},
): { text: string; params: unknown[] } {
  const col = 'scheduleId' in by ? 'schedule_id' : 'schedule_slug';
  const params: unknown[] = [page.limit + 1, 'scheduleId' in by ? by.scheduleId : by.slug];
  const where = [`${col} = $2`];
  const add = (cond: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(cond(params.length));
  };
  if (filter.state !== undefined) add((n) => `state = $${n}`, filter.state);
  if (filter.trigger !== undefined) add((n) => `trigger = $${n}`, filter.trigger);
  if (filter.from !== undefined) {
    add((n) => `id >= $${n}::uuid`, idFloor(filter.from));
    add((n) => `started_at >= $${n}`, filter.from);
  }
  if (filter.to !== undefined) {
    // An id is dated at its run's start or up to RUN_ID_AHEAD_MS after it (runId).
    add((n) => `id < $${n}::uuid`, idFloor(new Date(filter.to.getTime() + 1 + RUN_ID_AHEAD_MS)));
    add((n) => `started_at < $${n}`, filter.to);
  }
  if (page.after !== undefined) add((n) => `id < $${n}`, page.after);
  const text = `SELECT ${R_COLS} FROM scheduler.runs WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT $1`;
  return { text, params };
}

export async function listRuns(
  q: Queryable,
  page: { after: string | undefined; limit: number },
  by: { scheduleId: string } | { slug: string },
  filter: RunFilter = {},
): Promise<{ items: RunRow[]; next: string | undefined }> {
  const { text, params } = runListQuery(page, by, filter);
  const rows = await q.query<RunRow>(text, params);
  const more = rows.length > page.limit;
  const items = more ? rows.slice(0, page.limit) : rows;
  return { items, next: more ? items[items.length - 1]!.id : undefined };
}

export async function findRun(q: Queryable, id: string): Promise<RunRow | undefined> {
  return q.one<RunRow>(`SELECT ${R_COLS} FROM scheduler.runs WHERE id = $1`, [id]);
}

/** Locks up to `limit` due schedules that no other replica holds (the claim of one firing pass). */
export async function lockDue(q: Queryable, now: Date, limit: number): Promise<ScheduleRow[]> {
  return q.query<ScheduleRow>(
    `SELECT ${S_COLS} FROM scheduler.schedules
      WHERE enabled AND deleted_at IS NULL AND next_run_at <= $1
      ORDER BY next_run_at LIMIT $2
      FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
}

export async function earliestDue(q: Queryable): Promise<Date | null> {
  const row = await q.one<{ at: Date | null }>(
    `SELECT min(next_run_at) AS at FROM scheduler.schedules WHERE enabled AND deleted_at IS NULL`,
  );
  return row?.at ?? null;
}

/** Advances many claimed schedules in one statement (`completed_at`: a once_at schedule is done). */
export async function advanceSchedules(
  q: Queryable,
  rows: ReadonlyArray<{
    id: string;
    next_run_at: Date | null;
    next_due_at?: Date | null;
    last_run_at: Date | null;
    completed_at?: Date | null;
  }>,
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE scheduler.schedules s
        SET next_run_at = v.next_run_at, last_run_at = COALESCE(v.last_run_at, s.last_run_at),
            next_due_at = CASE WHEN v.keep_due THEN s.next_due_at ELSE v.next_due_at END,
            completed_at = COALESCE(v.completed_at, s.completed_at)
       FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, next_run_at timestamptz, last_run_at timestamptz,
            completed_at timestamptz, next_due_at timestamptz, keep_due boolean)
      WHERE s.id = v.id`,
    [JSON.stringify(rows.map((r) => ({ ...r, keep_due: !('next_due_at' in r) })))],
  );
}

/**
 * Inserts runs in one statement; returns those inserted. A scheduled run whose occurrence already has a
 * run is left out rather than failing the statement, so one schedule set back to an occurrence that ran
 * cannot roll back the claim of every other schedule in its batch.
 */
export async function insertRuns(q: Queryable, runs: readonly RunRow[]): Promise<RunRow[]> {
  if (runs.length === 0) return [];
  const rows = await q.query<RunRow>(
    `INSERT INTO scheduler.runs (${R_COLS})
     SELECT id, schedule_id, schedule_slug, kind, trigger, occurrence_at, started_at, finished_at,
            duration_ms, state, http_status, principal_name, actor_name, consent_id, error,
            COALESCE(attempts, '[]'), lease_owner, lease_until, next_attempt_at, NULL, NULL, jittered_at
       FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, schedule_id uuid, schedule_slug text, kind text,
            trigger text, occurrence_at timestamptz, started_at timestamptz, finished_at timestamptz,
            duration_ms integer, state text, http_status integer, principal_name text, actor_name text,
            consent_id text, error text, attempts jsonb, lease_owner uuid, lease_until timestamptz,
            next_attempt_at timestamptz, jittered_at timestamptz)
     ON CONFLICT (schedule_id, occurrence_at) WHERE trigger = 'schedule' DO NOTHING
     RETURNING id`,
    [JSON.stringify(runs)],
  );
  const inserted = new Set(rows.map((r) => r.id));
  return runs.filter((r) => inserted.has(r.id));
}

/**
 * Records a manual run's start on a live schedule, under its row lock, and returns the schedule as it
 * stands now; undefined when it was deleted meanwhile. It writes last_run_at only: next_run_at belongs
 * to the firing loop, pause and resume, and the caller's copy of it may already be stale.
 */
export async function markManualRun(q: Queryable, id: string, at: Date): Promise<ScheduleRow | undefined> {
  return q.one<ScheduleRow>(
    `UPDATE scheduler.schedules SET last_run_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING ${S_COLS}`,
    [id, at],
  );
}

/** Records the outcomes of running runs in one statement; returns those that were still running. */
export async function finishRuns(q: Queryable, runs: readonly RunRow[]): Promise<RunRow[]> {
  if (runs.length === 0) return [];
  const rows = await q.query<RunRow>(
    `UPDATE scheduler.runs r SET finished_at = v.finished_at, duration_ms = v.duration_ms, state = v.state,
            http_status = v.http_status, principal_name = v.principal_name, actor_name = v.actor_name,
            error = v.error, attempts = v.attempts, lease_owner = NULL, lease_until = NULL,
            next_attempt_at = NULL
       FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, finished_at timestamptz, duration_ms integer,
            state text, http_status integer, principal_name text, actor_name text, error text,
            attempts jsonb, lease_owner uuid)
      WHERE r.id = v.id AND r.state = 'running' AND r.lease_owner IS NOT DISTINCT FROM v.lease_owner
      RETURNING r.id`,
    [JSON.stringify(runs)],
  );
  const done = new Set(rows.map((r) => r.id));
  return runs.filter((r) => done.has(r.id));
}

/**
 * Deletes up to $2 of the oldest finished runs that started before $1, and says how many it deleted.
 * It reads the first $2 runs in id order (UUIDv7: the order they were claimed in) and deletes the
 * old ones among them by key, so a round costs one batch however long the history is
 * (test/scheduler/retention.test.ts checks the plan cached once the table is analyzed).
 */
export const PRUNE_RUNS = `
  WITH old AS MATERIALIZED (
    SELECT id FROM (SELECT id, started_at, state FROM scheduler.runs ORDER BY id LIMIT $2) first
     WHERE started_at < $1 AND state <> 'running'
  ), deleted AS (
    DELETE FROM scheduler.runs WHERE id = ANY(ARRAY(SELECT id FROM old)) RETURNING 1
  )
  SELECT count(*)::int AS n FROM deleted`;

export async function pruneRuns(q: Queryable, startedBefore: Date, limit: number): Promise<number> {
  return (await q.one<{ n: number }>(PRUNE_RUNS, [startedBefore, limit]))!.n;
}

/**
 * Records a failed attempt and when the next one is due, and extends the lease over the wait and that
 * attempt. False when the replica no longer holds the run (another took it over, or it was finished).
 */
export async function scheduleRetry(
  q: Queryable,
  run: Pick<RunRow, 'id' | 'lease_owner' | 'attempts'> & { next_attempt_at: Date; lease_until: Date },
): Promise<boolean> {
  const row = await q.one(
    `UPDATE scheduler.runs SET attempts = $3::jsonb, next_attempt_at = $4, lease_until = $5
      WHERE id = $1 AND lease_owner = $2 AND state = 'running' RETURNING 1 AS held`,
    [run.id, run.lease_owner, JSON.stringify(run.attempts), run.next_attempt_at, run.lease_until],
  );
  return row !== undefined;
}

/**
 * Takes over up to `limit` running runs whose lease ended before `now` (their replica stopped, or left
 * them to wait for a retry): the caller becomes their owner until `leaseUntil`. One replica takes each.
 */
export async function takeStalledRuns(
  q: Queryable,
  now: Date,
  owner: string,
  leaseUntil: Date,
  limit: number,
  /** Runs the caller is working on already (a clock moved past their lease must not take them twice). */
  working: readonly string[],
): Promise<RunRow[]> {
  return q.query<RunRow>(
    `UPDATE scheduler.runs r SET lease_owner = $2, lease_until = $3
      WHERE r.id IN (SELECT id FROM scheduler.runs WHERE state = 'running' AND lease_until < $1
                        AND NOT (id = ANY($5::uuid[]))
                      ORDER BY lease_until LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING ${R_COLS.split(',')
        .map((c) => `r.${c.trim()}`)
        .join(', ')}`,
    [now, owner, leaseUntil, limit, working],
  );
}

/** Leaves runs to other replicas at once (this replica stops): their lease ends now. */
export async function releaseRuns(q: Queryable, ids: readonly string[], owner: string, at: Date) {
  if (ids.length === 0) return;
  await q.query(
    `UPDATE scheduler.runs SET lease_until = $3 WHERE id = ANY($1::uuid[]) AND lease_owner = $2 AND state = 'running'`,
    [ids, owner, at],
  );
}

/** Runs still `running` with no lease (recorded before leases existed) long after any call could end. */
export async function failAbandonedRuns(q: Queryable, startedBefore: Date, now: Date): Promise<RunRow[]> {
  return q.query<RunRow>(
    `UPDATE scheduler.runs SET state = 'failed', finished_at = $2,
            duration_ms = (extract(epoch FROM $2::timestamptz - started_at) * 1000)::integer,
            error = 'the scheduler replica stopped while the run was in flight'
      WHERE state = 'running' AND lease_until IS NULL AND started_at < $1 RETURNING ${R_COLS}`,
    [startedBefore, now],
  );
}

/** Asks for a running run to be cancelled; the run as it stands, or undefined when it is not running. */
export async function requestCancel(
  q: Queryable,
  id: string,
  by: string,
  at: Date,
): Promise<RunRow | undefined> {
  return q.one<RunRow>(
    `UPDATE scheduler.runs SET cancel_requested_at = COALESCE(cancel_requested_at, $3),
            cancelled_by = COALESCE(cancelled_by, $2)
      WHERE id = $1 AND state = 'running' RETURNING ${R_COLS}`,
    [id, by, at],
  );
}

/** The runs a replica holds that someone asked to cancel. */
export async function cancelsFor(q: Queryable, owner: string): Promise<Array<{ id: string; by: string }>> {
  return q.query<{ id: string; by: string }>(
    `SELECT id, cancelled_by AS by FROM scheduler.runs
      WHERE state = 'running' AND cancel_requested_at IS NOT NULL AND lease_owner = $1`,
    [owner],
  );
}

/** The running run of each of these schedules (one of them, when several run: overlap allow). */
export async function runningRuns(
  q: Queryable,
  scheduleIds: readonly string[],
): Promise<Map<string, string>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await q.query<{ schedule_id: string; id: string }>(
    `SELECT schedule_id, min(id::text) AS id FROM scheduler.runs
      WHERE state = 'running' AND schedule_id = ANY($1::uuid[]) GROUP BY schedule_id`,
    [scheduleIds],
  );
  return new Map(rows.map((r) => [r.schedule_id, r.id]));
}

/** Holds back one occurrence of queue_one schedules. */
export async function queueOccurrences(
  q: Queryable,
  rows: ReadonlyArray<{ id: string; at: Date | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `UPDATE scheduler.schedules s SET queued_occurrence_at = v.at
       FROM jsonb_to_recordset($1::jsonb) AS v(id uuid, at timestamptz) WHERE s.id = v.id`,
    [JSON.stringify(rows)],
  );
}

/** Locks queue_one schedules whose held-back occurrence may start now (no run of theirs is running). */
export async function lockQueued(q: Queryable, limit: number): Promise<ScheduleRow[]> {
  return q.query<ScheduleRow>(
    `SELECT ${S_COLS} FROM scheduler.schedules s
      WHERE queued_occurrence_at IS NOT NULL AND enabled AND deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM scheduler.runs r WHERE r.schedule_id = s.id AND r.state = 'running')
      ORDER BY queued_occurrence_at LIMIT $1
      FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

/** Skipped runs that say nothing about the job (the scheduler was late, or the previous run still ran). */
const NEUTRAL_SKIP = `(state = 'skipped' AND (error LIKE 'misfire:%' OR error LIKE 'overlap:%'))`;

/** Why a run did not succeed, as auto-pause compares it: failed, or the kind of skip (before any `:`). */
const reasonOf = (r: { state: string; error: string | null }) =>
  r.state === 'failed' ? 'failed' : `skipped: ${(r.error ?? '').split(':')[0]!.trim()}`;

/**
 * Why a schedule paused itself, in words that read for one run as for several: "the last run failed
 * (HTTP 404: ...)", "3 consecutive runs failed (the last: HTTP 404: ...)", "the last run was skipped:
 * consent revoked", "2 consecutive runs skipped: consent revoked". `kind` is reasonOf's.
 */
export function pauseReason(n: number, kind: string, latest: string): string {
  const detail = latest || 'no detail';
  if (kind === 'failed')
    return n === 1 ? `the last run failed (${detail})` : `${n} consecutive runs failed (the last: ${detail})`;
  return n === 1 ? `the last run was ${kind}` : `${n} consecutive runs ${kind}`;
}

/**
 * Pauses each of these schedules whose last `auto_pause_after` finished scheduled runs (misfires and
 * overlap skips left out) all failed, or were all skipped for the same reason. The schedule rows are
 * locked first (in id order), so replicas finishing runs of one schedule at once decide one after the
 * other, each seeing the other's runs. Returns the schedules paused and why.
 */
export async function autoPause(
  q: Queryable,
  scheduleIds: readonly string[],
  at: Date,
): Promise<Array<{ slug: string; reason: string }>> {
  if (scheduleIds.length === 0) return [];
  const candidates = await q.query<{ id: string; slug: string; n: number; resumed_at: Date | null }>(
    `SELECT id, slug, auto_pause_after AS n, resumed_at FROM scheduler.schedules
      WHERE id = ANY($1::uuid[]) AND enabled AND deleted_at IS NULL AND auto_pause_after > 0
      ORDER BY id FOR UPDATE`,
    [scheduleIds],
  );
  const paused: Array<{ slug: string; reason: string }> = [];
  for (const s of candidates) {
    const last = await q.query<{ state: string; error: string | null }>(
      `SELECT state, error FROM scheduler.runs
        WHERE schedule_id = $1 AND trigger = 'schedule' AND state <> 'running' AND NOT ${NEUTRAL_SKIP}
          AND started_at >= COALESCE($3::timestamptz, '-infinity')
        ORDER BY id DESC LIMIT $2`,
      [s.id, s.n, s.resumed_at],
    );
    if (last.length < s.n || last.some((r) => r.state !== 'failed' && r.state !== 'skipped')) continue;
    const reasons = new Set(last.map(reasonOf));
    if (reasons.size !== 1) continue;
    const kind = [...reasons][0]!;
    const reason = pauseReason(s.n, kind, (last[0]!.error ?? '').slice(0, 300));
    await q.query(
      `UPDATE scheduler.schedules SET enabled = false, next_run_at = NULL, next_due_at = NULL,
              queued_occurrence_at = NULL, paused_at = $2, paused_by = 'auto-pause', paused_reason = $3,
              updated_at = now()
        WHERE id = $1`,
      [s.id, at, reason],
    );
    paused.push({ slug: s.slug, reason });
  }
  return paused;
}
