// Schedules and runs: who may do what (first line of every method), and the rules of SPEC 3 and 5.4.
import { AppError, conflict, forbidden, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import type { Sql } from '../db/sql.js';
import { isUuid, uuidv7 } from '../graph/ids.js';
import type { Caller } from './callers.js';
import { checkedTimezone, checkedTrigger, triggerMembers, type TriggerInput } from './trigger-input.js';
import { formatEvery, upcoming } from './triggers.js';
import { dstOf, previewOccurrences } from './preview.js';
import type { DryRunJob, DryRunner } from './dry-run.js';
import type { TriggerSpec } from './triggers.js';
import type { FiringEngine } from './firing.js';
import { KeelApiError, type KeelClient } from './keel-client.js';
import {
  findLiveSchedule,
  findRun,
  findScheduleById,
  insertSchedule,
  listRuns,
  listSchedules,
  requestCancel,
  softDeleteSchedule,
  updateSchedule,
  DEFAULT_RETRY,
  type OverlapPolicy,
  type RunFilter,
  type RunRow,
  type ScheduleChange,
  type ScheduleKind,
  type ScheduleRow,
} from './store.js';
import { BODY_METHODS, targetPathProblem, type Target, type TargetMethod } from './target.js';
import { maskedBody, secretTargetProblem } from './secret-targets.js';
import { isSystemSlug, RESERVED_PREFIX, SCORE_RECOMPUTE_DAILY } from './system.js';
import type { TargetWarning } from './target-permission.js';

/** A schedule's retry policy as the API takes it (seconds); any member left out keeps its value. */
export interface RetryInput {
  max_attempts?: number | undefined;
  initial_backoff?: number | undefined;
  max_backoff?: number | undefined;
}

export interface ScheduleInput extends TriggerInput {
  jitter_seconds?: number | undefined;
  auto_pause_after?: number | undefined;
  overlap?: OverlapPolicy | undefined;
  retry?: RetryInput | undefined;
  timeout_seconds?: number | null | undefined;
  slug: string;
  name?: string | undefined;
  timezone?: string | undefined;
  enabled?: boolean | undefined;
  kind?: ScheduleKind | undefined;
  target: Target;
}

export interface SchedulePatch extends TriggerInput {
  jitter_seconds?: number | undefined;
  auto_pause_after?: number | undefined;
  overlap?: OverlapPolicy | undefined;
  retry?: RetryInput | undefined;
  timeout_seconds?: number | null | undefined;
  name?: string | undefined;
  timezone?: string | undefined;
  enabled?: boolean | undefined;
  target?: Target | undefined;
}

const MAX_BODY_BYTES = 64 * 1024;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** active, paused, or completed (a once_at schedule after its run). */
export const scheduleState = (s: ScheduleRow): 'active' | 'paused' | 'completed' =>
  s.completed_at !== null ? 'completed' : s.enabled ? 'active' : 'paused';

export const scheduleRead = (s: ScheduleRow) => ({
  slug: s.slug,
  name: s.name,
  cron: s.cron,
  every: s.every_seconds === null ? null : formatEvery(s.every_seconds),
  once_at: iso(s.once_at),
  timezone: s.timezone,
  enabled: s.enabled,
  state: scheduleState(s),
  completed_at: iso(s.completed_at),
  kind: s.kind,
  target: {
    method: s.target_method,
    path: s.target_path,
    // A body stored before secrets were refused is shown with them masked.
    ...(s.target_body !== null && s.target_body !== undefined
      ? { body: maskedBody({ method: s.target_method, path: s.target_path, body: s.target_body }) }
      : {}),
  },
  retry: {
    max_attempts: s.retry_max_attempts,
    initial_backoff: s.retry_initial_backoff,
    max_backoff: s.retry_max_backoff,
  },
  timeout_seconds: s.timeout_seconds,
  overlap: s.overlap,
  queued_occurrence_at: iso(s.queued_occurrence_at),
  created_by: s.created_by,
  consent_id: s.consent_id,
  jitter_seconds: s.jitter_seconds,
  auto_pause_after: s.auto_pause_after,
  paused_at: iso(s.paused_at),
  paused_by: s.paused_by,
  paused_reason: s.paused_reason,
  next_run_at: iso(s.next_run_at),
  next_due_at: iso(s.next_due_at ?? s.next_run_at),
  next_due_dst: s.next_run_at === null ? null : dstOf(s, s.next_due_at ?? s.next_run_at).dst,
  last_run_at: iso(s.last_run_at),
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
});

export const runRead = (r: RunRow) => ({
  id: r.id,
  schedule_slug: r.schedule_slug,
  kind: r.kind,
  trigger: r.trigger,
  occurrence_at: r.occurrence_at.toISOString(),
  started_at: r.started_at.toISOString(),
  finished_at: iso(r.finished_at),
  duration_ms: r.duration_ms,
  state: r.state,
  http_status: r.http_status,
  principal_name: r.principal_name,
  actor_name: r.actor_name,
  consent_id: r.consent_id,
  error: r.error,
  attempts: r.attempts,
  next_attempt_at: r.state === 'running' ? iso(r.next_attempt_at) : null,
  cancel_requested_at: iso(r.cancel_requested_at),
  cancelled_by: r.cancelled_by,
  jittered_at: iso(r.jittered_at),
});

const targetOf = (s: ScheduleRow): Target => ({
  method: s.target_method,
  path: s.target_path,
});

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const isCreator = (c: Caller, s: ScheduleRow) => c.kind === 'user' && sameName(c.name, s.created_by);
const canSee = (c: Caller, s: ScheduleRow) => c.isAdmin || isCreator(c, s);

function validateTarget(t: Target): void {
  const problem = targetPathProblem(t.path);
  if (problem) throw invalid('/target/path', problem);
  if (t.body !== undefined && !BODY_METHODS.includes(t.method)) {
    throw invalid('/target/body', `a ${t.method} request carries no body`);
  }
  if (t.body !== undefined && JSON.stringify(t.body).length > MAX_BODY_BYTES) {
    throw invalid('/target/body', `must be at most ${MAX_BODY_BYTES} bytes of JSON`);
  }
  const secret = secretTargetProblem(t);
  if (secret) throw invalid('/target/body', secret);
}

/** The retry policy after `input`, over `current`; 422 naming the member when it does not hold together. */
function retryPolicy(
  input: RetryInput | undefined,
  current: { max_attempts: number; initial_backoff: number; max_backoff: number } = DEFAULT_RETRY,
) {
  const r = {
    max_attempts: input?.max_attempts ?? current.max_attempts,
    initial_backoff: input?.initial_backoff ?? current.initial_backoff,
    max_backoff: input?.max_backoff ?? current.max_backoff,
  };
  if (r.max_backoff < r.initial_backoff) {
    throw invalid('/retry/max_backoff', `must be at least initial_backoff (${r.initial_backoff} s)`);
  }
  return r;
}

const retryColumns = (r: ReturnType<typeof retryPolicy>) => ({
  retry_max_attempts: r.max_attempts,
  retry_initial_backoff: r.initial_backoff,
  retry_max_backoff: r.max_backoff,
});

/** Turns an answer of the API to a consent request into this API's error. */
function consentError(err: unknown): AppError {
  if (err instanceof KeelApiError && (err.status === 401 || err.status === 403)) {
    return new AppError(err.status, err.code ?? 'forbidden', `the consent was refused: ${err.message}`);
  }
  return new AppError(502, 'consent_failed', 'the Keel API could not record the consent');
}

/**
 * Who may create such a schedule, and its body checked (422 naming the member): what create and the
 * dry run of a body share.
 */
function checkedInputAt(c: Caller, input: ScheduleInput, at: Date) {
  if (c.delegated) throw forbidden('a delegated token cannot create schedules');
  const kind = input.kind ?? 'user';
  if (kind === 'user' && c.kind !== 'user') {
    throw forbidden('only a user creates a user schedule (it runs as that user)');
  }
  if (kind === 'system' && !c.isAdmin) throw forbidden('only an admin creates a system schedule');
  if (isSystemSlug(input.slug)) {
    throw invalid(
      '/slug',
      `is reserved for Keel's built-in schedules (${SCORE_RECOMPUTE_DAILY} and every slug starting ` +
        `with ${RESERVED_PREFIX}); choose another`,
    );
  }
  const timezone = checkedTimezone(input.timezone ?? 'UTC');
  const trigger = checkedTrigger(input, timezone, at);
  validateTarget(input.target);
  const retry = retryPolicy(input.retry);
  return { kind, timezone, created_at: at, trigger, retry };
}

type Deps = {
  sql: Pick<Sql, 'tx' | 'query' | 'one'>;
  client: Pick<KeelClient, 'createConsent' | 'revokeConsent'>;
  engine: Pick<FiringEngine, 'clock' | 'wake' | 'fireNow' | 'cancelLocal'>;
  log: { warn(obj: object, msg: string): void };
  /** Warnings for a system schedule's target the scheduler account may not call (target-permission.ts). */
  checkTarget?: (target: Target) => Promise<TargetWarning[]>;
  /** The checks of a dry run (dry-run.ts). */
  dryRun?: DryRunner;
};

export function schedulesService({ sql, client, engine, log, checkTarget, dryRun }: Deps) {
  const now = () => engine.clock.now();
  const checkedInput = (c: Caller, input: ScheduleInput) => checkedInputAt(c, input, now());
  /** The next occurrences and the checks a firing makes, without calling the target. */
  async function dryRunOf(
    job: DryRunJob & TriggerSpec,
    count: number,
    callerToken: string,
  ): Promise<Record<string, unknown>> {
    const preview = previewOccurrences(job, now(), count);
    const checks = dryRun
      ? await dryRun(job, callerToken)
      : {
          consent: { status: 'not_checked', detail: 'no API client' },
          exchange: { ok: null, detail: 'no API client' },
          permission: { allowed: null, permission: null, reason: 'no API client' },
        };
    return { occurrences: preview.items, truncated: preview.truncated, ...checks };
  }
  /** A system schedule's answer, with a warning when the scheduler account may not call its target. */
  const withWarnings = async (s: ScheduleRow) => {
    const warnings = s.kind === 'system' && checkTarget ? await checkTarget(targetOf(s)) : [];
    return warnings.length > 0 ? { ...scheduleRead(s), warnings } : scheduleRead(s);
  };

  /** A run the caller may see: admins every run; the creator the runs of the live schedule; else 404. */
  async function visibleRun(c: Caller, id: string): Promise<RunRow> {
    const r = isUuid(id) ? await findRun(sql, id) : undefined;
    if (!r) throw notFound(`run ${id}`);
    if (!c.isAdmin) {
      const s = await findScheduleById(sql, r.schedule_id);
      if (!s || s.deleted_at || !isCreator(c, s)) throw notFound(`run ${id}`);
    }
    return r;
  }

  /** A live schedule the caller may see; 404 for everyone else (they cannot tell it exists). */
  async function visible(c: Caller, slug: string): Promise<ScheduleRow> {
    const s = await findLiveSchedule(sql, slug);
    if (!s || !canSee(c, s)) throw notFound(`schedule ${slug}`);
    return s;
  }

  /** Pause, resume, fire now, delete: the creator or an admin; a system schedule needs an admin. */
  async function manageable(c: Caller, slug: string): Promise<ScheduleRow> {
    if (c.delegated) throw forbidden('a delegated token cannot manage schedules');
    const s = await visible(c, slug);
    if (s.kind === 'system' && !c.isAdmin) throw forbidden('only an admin manages a system schedule');
    return s;
  }

  async function setEnabled(c: Caller, slug: string, enabled: boolean) {
    const s = await manageable(c, slug);
    if (s.enabled === enabled) return scheduleRead(s);
    // Resuming starts from the next occurrence after now: nothing missed while paused is fired.
    const next = enabled ? upcoming(s, now()) : { next_run_at: null, next_due_at: null };
    if (enabled && next.next_run_at === null) {
      throw conflict(
        `schedule ${slug} has no occurrence left (its once_at has passed); PATCH once_at to a later instant`,
        'schedule_completed',
      );
    }
    const paused = enabled ? null : { at: now(), by: c.name, reason: null };
    const updated = await updateSchedule(sql, s.id, { enabled, ...next, paused, resumed_at: now() });
    if (!updated) throw notFound(`schedule ${slug}`);
    engine.wake();
    return scheduleRead(updated);
  }

  return {
    async create(c: Caller, input: ScheduleInput) {
      const { kind, timezone, created_at, trigger, retry } = checkedInput(c, input);
      if (await findLiveSchedule(sql, input.slug)) throw conflict(`schedule ${input.slug} already exists`);
      let consentId: string | null = null;
      if (kind === 'user') {
        try {
          consentId = (await client.createConsent(c.token)).id;
        } catch (err) {
          throw consentError(err);
        }
      }
      const enabled = input.enabled ?? true;
      const id = uuidv7();
      const jitter = input.jitter_seconds ?? 0;
      const created = await insertSchedule(sql, {
        next_run_at: null,
        id,
        slug: input.slug,
        name: input.name ?? input.slug,
        ...trigger,
        created_at,
        timezone,
        enabled,
        kind,
        target_method: input.target.method,
        target_path: input.target.path,
        target_body: input.target.body,
        created_by: c.name,
        consent_id: consentId,
        ...(enabled
          ? upcoming({ ...trigger, timezone, created_at, id, jitter_seconds: jitter }, created_at)
          : {}),
        jitter_seconds: jitter,
        auto_pause_after: input.auto_pause_after ?? 10,
        ...retryColumns(retry),
        timeout_seconds: input.timeout_seconds ?? null,
        overlap: input.overlap ?? 'skip',
      });
      if (!created) {
        if (consentId) await client.revokeConsent(c.token, consentId).catch(() => {});
        throw conflict(`schedule ${input.slug} already exists`);
      }
      engine.wake();
      return withWarnings(created);
    },

    /**
     * Admins see every schedule; a user the schedules they created (canSee); a service account creates
     * none, so it sees none, even one whose slug is a creator's name ("system").
     */
    async list(c: Caller, page: Page) {
      if (!c.isAdmin && c.kind !== 'user') return { next: undefined, items: [] };
      const r = await listSchedules(sql, page, c.isAdmin ? undefined : c.name);
      return { next: r.next, items: r.items.map(scheduleRead) };
    },

    /**
     * The next occurrences of a trigger, flagged for DST; for any authenticated caller (it reads and
     * stores nothing). 422 names the query parameter.
     */
    preview(
      _c: Caller,
      q: TriggerInput & {
        timezone?: string | undefined;
        count?: number | undefined;
        after?: string | undefined;
      },
    ) {
      const after = q.after !== undefined ? new Date(q.after) : now();
      try {
        const timezone = checkedTimezone(q.timezone ?? 'UTC');
        const trigger = checkedTrigger(q, timezone, after);
        const r = previewOccurrences({ ...trigger, timezone, created_at: after }, after, q.count ?? 10);
        return { timezone, occurrences: r.items, truncated: r.truncated };
      } catch (err) {
        // The same problems as a schedule's body, about the query string.
        if (err instanceof AppError && err.errors) {
          throw new AppError(
            err.status,
            err.code,
            err.message,
            err.errors.map((e) => ({ ...e, in: 'query' as const })),
          );
        }
        throw err;
      }
    },

    /** A body's dry run: who may create it may dry-run it; the same 422s; nothing stored or recorded. */
    async dryRunBody(c: Caller, input: ScheduleInput, count: number) {
      const { kind, timezone, created_at, trigger } = checkedInput(c, input);
      const job = {
        ...trigger,
        kind,
        timezone,
        created_at,
        consent_id: null,
        target: input.target,
      };
      return dryRunOf(job, count, c.token);
    },

    /** An existing schedule's dry run: whoever may fire it now (its creator or an admin). */
    async dryRunSchedule(c: Caller, slug: string, count: number) {
      const s = await manageable(c, slug);
      return dryRunOf({ ...s, target: targetOf(s) }, count, c.token);
    },

    async get(c: Caller, slug: string) {
      return scheduleRead(await visible(c, slug));
    },

    async update(c: Caller, slug: string, patch: SchedulePatch) {
      const s = await manageable(c, slug);
      // A user schedule runs as its creator: nobody else, admins included, decides what it calls.
      if (s.kind === 'user' && !isCreator(c, s)) {
        throw forbidden(
          'only its creator changes a user schedule (it runs as them); pause or delete it instead',
        );
      }
      const timezone = checkedTimezone(patch.timezone ?? s.timezone);
      // A trigger member replaces the trigger; without one, the kept cron is checked in the new zone.
      const newTrigger = triggerMembers(patch).length > 0;
      const trigger = newTrigger
        ? checkedTrigger(patch, timezone, now())
        : s.cron !== null
          ? checkedTrigger({ cron: s.cron }, timezone, now())
          : { cron: s.cron, every_seconds: s.every_seconds, once_at: s.once_at };
      const change: ScheduleChange = {};
      if (patch.name !== undefined) change.name = patch.name;
      if (newTrigger) Object.assign(change, trigger);
      if (patch.timezone !== undefined) change.timezone = timezone;
      if (patch.enabled !== undefined) change.enabled = patch.enabled;
      if (patch.target !== undefined) {
        validateTarget(patch.target);
        change.target_method = patch.target.method as TargetMethod;
        change.target_path = patch.target.path;
        change.target_body = patch.target.body;
      }
      if (patch.timeout_seconds !== undefined) change.timeout_seconds = patch.timeout_seconds;
      if (patch.overlap !== undefined) change.overlap = patch.overlap;
      if (patch.retry !== undefined) {
        Object.assign(
          change,
          retryColumns(
            retryPolicy(patch.retry, {
              max_attempts: s.retry_max_attempts,
              initial_backoff: s.retry_initial_backoff,
              max_backoff: s.retry_max_backoff,
            }),
          ),
        );
      }
      const enabled = patch.enabled ?? s.enabled;
      if (patch.jitter_seconds !== undefined) change.jitter_seconds = patch.jitter_seconds;
      if (patch.auto_pause_after !== undefined) change.auto_pause_after = patch.auto_pause_after;
      if (patch.enabled !== undefined && patch.enabled !== s.enabled) {
        change.paused = patch.enabled ? null : { at: now(), by: c.name, reason: null };
        change.resumed_at = now();
      }
      const retimed = newTrigger || patch.timezone !== undefined || patch.jitter_seconds !== undefined;
      if (retimed || enabled !== s.enabled) {
        const jitter_seconds = patch.jitter_seconds ?? s.jitter_seconds;
        const next = upcoming({ ...s, ...trigger, timezone, jitter_seconds }, now());
        // A completed schedule stays completed unless its trigger changes.
        const armed = enabled && (newTrigger || s.completed_at === null);
        Object.assign(change, armed ? next : { next_run_at: null, next_due_at: null });
      }
      const updated = await updateSchedule(sql, s.id, change);
      if (!updated) throw notFound(`schedule ${slug}`);
      engine.wake();
      return withWarnings(updated);
    },

    /** Suppresses every later firing (SPEC 3); the runs stay, readable by admins. */
    async remove(c: Caller, slug: string): Promise<void> {
      const s = await manageable(c, slug);
      // A built-in schedule is Keel's: start-up would only make it again. Pausing stops it for good.
      if (isSystemSlug(s.slug)) {
        throw conflict(
          `schedule ${s.slug} is built in and cannot be deleted; pause it (POST /scheduler/schedules/${s.slug}/pause) to stop it`,
        );
      }
      const deleted = await softDeleteSchedule(sql, s.id);
      if (!deleted) throw notFound(`schedule ${slug}`);
      // The schedule's own consent has no other use; revoking it is hygiene, the deletion already stops firing.
      if (s.consent_id) {
        await client.revokeConsent(c.token, s.consent_id).catch((err: unknown) => {
          log.warn(
            { schedule: slug, consent: s.consent_id, err: String(err) },
            'revoking the consent failed',
          );
        });
      }
    },

    pause: (c: Caller, slug: string) => setEnabled(c, slug, false),
    resume: (c: Caller, slug: string) => setEnabled(c, slug, true),

    async fireNow(c: Caller, slug: string) {
      const s = await manageable(c, slug);
      const run = await engine.fireNow(s);
      if (!run) throw notFound(`schedule ${slug}`);
      return runRead(run);
    },

    /** A schedule's runs, newest first; an admin sees every run recorded under the slug (deleted schedules too). */
    async runs(c: Caller, slug: string, page: Page, filter: RunFilter = {}) {
      if (filter.from && filter.to && filter.from.getTime() >= filter.to.getTime()) {
        throw new AppError(422, 'validation_failed', 'to: must be after from', [
          { pointer: '/to', in: 'query', detail: 'must be after from' },
        ]);
      }
      if (c.isAdmin) {
        const r = await listRuns(sql, page, { slug }, filter);
        if (r.items.length === 0 && page.after === undefined && !(await findLiveSchedule(sql, slug))) {
          throw notFound(`schedule ${slug}`);
        }
        return { next: r.next, items: r.items.map(runRead) };
      }
      const s = await visible(c, slug);
      const r = await listRuns(sql, page, { scheduleId: s.id }, filter);
      return { next: r.next, items: r.items.map(runRead) };
    },

    async run(c: Caller, id: string) {
      return runRead(await visibleRun(c, id));
    },

    /**
     * Cancels a running run, from any replica: the request is recorded on the run; the replica holding
     * it aborts its call (at once when that is this one, else within its next pass, at most a second).
     * The answer is the run as it stands then (202).
     */
    async cancelRun(c: Caller, id: string) {
      const r = await visibleRun(c, id);
      if (c.delegated) throw forbidden('a delegated token cannot cancel runs');
      const s = await findScheduleById(sql, r.schedule_id);
      if (s?.kind === 'system' && !c.isAdmin) throw forbidden('only an admin cancels a system run');
      if (r.state !== 'running') throw conflict(`run ${id} is ${r.state}, not running`, 'run_not_running');
      const marked = await requestCancel(sql, r.id, c.name, now());
      if (!marked) throw conflict(`run ${id} ended meanwhile`, 'run_not_running');
      engine.cancelLocal(r.id, c.name);
      engine.wake();
      return runRead(marked);
    },
  };
}

export type SchedulesService = ReturnType<typeof schedulesService>;
