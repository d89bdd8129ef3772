// The firing loop. Each pass claims due schedules with FOR UPDATE SKIP LOCKED and advances their
// next_run_at in the claiming transaction, so an occurrence is fired by exactly one replica; the calls
// go out after the commit (no network inside a transaction), and each run is finished, with its
// analytics row, in a transaction of its own.
import { type AnalyticsRecorder } from '../analytics/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { deleteInBatches, HOUSEKEEPING_BATCH, HOUSEKEEPING_ROUNDS } from '../db/batches.js';
import type { Sql } from '../db/sql.js';
import { uuidv7 } from '../graph/ids.js';
import { AppError } from '../http/errors.js';
import { backoffMs, startLoop, type Loop } from '../lib/background.js';
import { loopMetrics } from '../observability/metrics.js';
import { recordRuns } from './analytics.js';
import { schedulerMetrics } from './metrics.js';
import type { KeelClient } from './keel-client.js';
import { SYSTEM_PRINCIPAL, jobCalls, messageOf, type Outcome } from './job-calls.js';
import {
  runId,
  autoPause,
  advanceSchedules,
  earliestDue,
  failAbandonedRuns,
  findScheduleById,
  finishRuns,
  insertRuns,
  lockDue,
  lockQueued,
  queueOccurrences,
  runningRuns,
  markManualRun,
  pruneRuns,
  releaseRuns,
  scheduleRetry,
  takeStalledRuns,
  cancelsFor,
  type Attempt,
  type RunRow,
  type ScheduleRow,
} from './store.js';
import type { TokenKeeper } from './tokens.js';
import { overlapOutcome } from './overlap.js';
import { upcoming } from './triggers.js';

/** Where the firing logic reads the time, so tests can move it instead of waiting. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** The consent scope user jobs ask for (SPEC 2.1: v1 has one broad scope). */
/** System jobs run as the scheduler's own service account. */
const CLAIM_BATCH = 100;
/** Manual runs take at most this share (a tenth) of the calls in flight, so due schedules keep room. */
const MANUAL_SHARE = 10;
const MIN_SLEEP_MS = 25;
const HOUSEKEEPING_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** A run's lease lasts its call's timeout and this margin; another replica takes it over after. */
const LEASE_MARGIN_MS = 30_000;
/** The longest Retry-After a retry waits for (a longer one waits this long). */
const MAX_RETRY_AFTER_MS = 300_000;

/**
 * When a claimed schedule's occurrence is due: next_due_at, unless next_run_at was set without it (a
 * row written by an older version, or set back by hand), when next_run_at is the due time itself.
 */
const dueOf = (s: ScheduleRow): Date =>
  s.next_due_at !== null && s.next_due_at.getTime() <= s.next_run_at!.getTime()
    ? s.next_due_at
    : s.next_run_at!;

/** A wait that ends early when `signal` aborts. */
function realSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface FiringOptions {
  sql: Pick<Sql, 'tx' | 'query' | 'one'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  client: Pick<KeelClient, 'getConsent' | 'callTarget'>;
  tokens: TokenKeeper;
  recorder: AnalyticsRecorder;
  clock?: Clock;
  misfireGraceSeconds: number;
  requestTimeoutSeconds: number;
  /** Finished runs are deleted this many days after they started (default 90). */
  runRetentionDays?: number;
  /** Longest sleep between passes (real milliseconds). */
  pollMs?: number;
  /** Most calls in flight at once in this replica; beyond it, due schedules are left to other replicas. */
  maxInFlight?: number;
  /** The wait between attempts (tests shorten it); ends early when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export function firingEngine(opts: FiringOptions) {
  const { sql, log, recorder } = opts;
  /** Scheduled runs whose first request has not gone out yet, with when they were to fire. */
  const firstCall = new Map<string, number>();
  const calls = jobCalls({
    ...opts,
    client: {
      getConsent: (...a) => opts.client.getConsent(...a),
      callTarget(token, target, how) {
        const key = how?.idempotencyKey ?? '';
        const due = firstCall.get(key);
        if (due !== undefined) {
          firstCall.delete(key);
          schedulerMetrics.fired((clock.now().getTime() - due) / 1000);
        }
        return opts.client.callTarget(token, target, how);
      },
    },
  });
  const clock = opts.clock ?? systemClock;
  const pollMs = opts.pollMs ?? 1000;
  const maxInFlight = opts.maxInFlight ?? 500;
  const maxManual = Math.max(1, Math.floor(maxInFlight / MANUAL_SHARE));
  const retentionDays = opts.runRetentionDays ?? 90;
  const inFlight = new Set<Promise<void>>();
  /** The runs this replica works on now, each with what cancels it. */
  const working = new Map<string, AbortController>();
  /** This replica's name on the runs it holds (their lease). */
  const owner = uuidv7();
  /** Aborted when the replica stops: calls in flight end, runs waiting to retry are left to others. */
  let stopping = new AbortController();
  const manualInFlight = new Set<Promise<void>>();
  let loop: Loop | undefined;
  /** Occurrences this replica recorded as skipped because the previous run was still running. */
  let overlapSkips = 0;
  let lastHousekeeping = 0;

  /** The timeout of one call of a schedule's target. */
  const timeoutMs = (s: ScheduleRow) => (s.timeout_seconds ?? opts.requestTimeoutSeconds) * 1000;
  /** How long a replica holds a run it works on: its call plus a margin; renewed at every retry. */
  const leaseMs = (s: ScheduleRow) => timeoutMs(s) + LEASE_MARGIN_MS;
  const later = (ms: number) => new Date(clock.now().getTime() + ms);
  const sleep = opts.sleep ?? realSleep;

  /** One attempt: the system or user job's calls, never throwing. */
  async function attempt(s: ScheduleRow, run: RunRow, abort: AbortSignal): Promise<Outcome> {
    const how = { idempotencyKey: run.id, timeoutMs: timeoutMs(s), abort };
    try {
      return s.kind === 'system' ? await calls.system(s, how) : await calls.user(s, how);
    } catch (err) {
      return {
        state: 'failed',
        http_status: null,
        principal_name: run.principal_name,
        actor_name: null,
        error: messageOf(err),
      };
    }
  }

  /**
   * Works on a run this replica holds until it ends: attempts, and between attempts a backoff recorded
   * on the run (with the lease extended over it), so that another replica resumes the run if this one
   * stops. Records the outcome (never throws).
   */
  async function execute(s: ScheduleRow, run: RunRow): Promise<RunRow | undefined> {
    const cancel = new AbortController();
    working.set(run.id, cancel);
    if (run.trigger === 'schedule' && run.attempts.length === 0) {
      firstCall.set(run.id, (run.jittered_at ?? run.occurrence_at).getTime());
    }
    schedulerMetrics.started();
    try {
      return await attemptsOf(s, run, cancel.signal);
    } finally {
      working.delete(run.id);
      firstCall.delete(run.id);
      schedulerMetrics.done();
    }
  }

  /** A run ended by a cancel: its attempts so far, the call in flight aborted. */
  function cancelled(run: RunRow, attempts: Attempt[], by: unknown): RunRow {
    const now = clock.now();
    const who = typeof by === 'string' ? by : (run.cancelled_by ?? 'someone');
    return {
      ...run,
      attempts,
      lease_owner: owner,
      state: 'cancelled',
      http_status: attempts.at(-1)?.http_status ?? null,
      error: `cancelled by ${who}`,
      finished_at: now,
      duration_ms: 0,
    };
  }

  async function attemptsOf(s: ScheduleRow, run: RunRow, cancel: AbortSignal): Promise<RunRow | undefined> {
    const attempts: Attempt[] = [...run.attempts];
    const abort = AbortSignal.any([stopping.signal, cancel]);
    for (;;) {
      const startedAt = clock.now();
      const t0 = performance.now();
      const { retry, ...outcome } = await attempt(s, run, abort);
      const durationMs = Math.round(performance.now() - t0);
      const finishedAt = clock.now();
      schedulerMetrics.attempt(retry ? 'retryable' : outcome.state);
      attempts.push({
        started_at: startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        http_status: outcome.http_status,
        error: outcome.error,
      });
      // A cancel that came in during the call ends the run, unless the call got its answer meanwhile.
      if (cancel.aborted && outcome.state !== 'succeeded') {
        return finishRun(s, cancelled(run, attempts, cancel.reason));
      }
      if (retry && attempts.length < s.retry_max_attempts) {
        const backoff = backoffMs(
          attempts.length - 1,
          s.retry_initial_backoff * 1000,
          s.retry_max_backoff * 1000,
        );
        const wait = Math.max(backoff, Math.min(retry.afterMs ?? 0, MAX_RETRY_AFTER_MS));
        const next = later(wait);
        const stoppingNow = stopping.signal.aborted;
        // Stopping: the lease ends when the next attempt is due, so another replica makes it on time.
        const leaseUntil = stoppingNow ? next : new Date(next.getTime() + leaseMs(s));
        const held = await scheduleRetry(sql, {
          id: run.id,
          lease_owner: owner,
          attempts,
          next_attempt_at: next,
          lease_until: leaseUntil,
        }).catch((err: unknown) => {
          log.error({ err, run: run.id }, 'recording a retry failed');
          return !stoppingNow;
        });
        if (!held || stoppingNow) return undefined;
        await sleep(wait, abort);
        if (cancel.aborted) return finishRun(s, cancelled(run, attempts, cancel.reason));
        if (stopping.signal.aborted) {
          await releaseRuns(sql, [run.id], owner, next).catch(() => {});
          return undefined;
        }
        continue;
      }
      return finishRun(s, {
        ...run,
        ...outcome,
        attempts,
        lease_owner: owner,
        finished_at: finishedAt,
        duration_ms: durationMs,
      });
    }
  }

  function finishRun(s: ScheduleRow, finished: RunRow): RunRow {
    finish(finished);
    log.info(
      {
        schedule: s.slug,
        run: finished.id,
        state: finished.state,
        http_status: finished.http_status,
        attempts: finished.attempts.length,
      },
      'scheduled run finished',
    );
    return finished;
  }

  /**
   * Takes over runs whose replica stopped (their lease ended): an attempt that was due or in flight
   * then is recorded as lost, and the run goes on from its next attempt, with the same Idempotency-Key,
   * so a change the lost attempt made is applied once.
   */
  async function resumeStalled(limit: number): Promise<number> {
    const now = clock.now();
    const taken = await takeStalledRuns(
      sql,
      now,
      owner,
      later(opts.requestTimeoutSeconds * 1000 + LEASE_MARGIN_MS),
      limit,
      [...working.keys()],
    );
    for (const run of taken) {
      const s = await findScheduleById(sql, run.schedule_id);
      const released =
        run.next_attempt_at !== null && run.lease_until !== null && run.lease_until <= run.next_attempt_at;
      const attempts = [...run.attempts];
      if (!released) {
        attempts.push({
          started_at: (run.next_attempt_at ?? run.started_at).toISOString(),
          finished_at: now.toISOString(),
          http_status: null,
          error: 'the scheduler replica working on the run stopped; this attempt may not have been made',
        });
      }
      const resumed: RunRow = { ...run, attempts, lease_owner: owner };
      if (run.cancel_requested_at) {
        finish(cancelled(resumed, attempts, run.cancelled_by));
        continue;
      }
      if (!s || attempts.length >= s.retry_max_attempts) {
        finish({
          ...resumed,
          state: 'failed',
          finished_at: now,
          duration_ms: 0,
          error: 'the scheduler replica stopped while the run was in flight',
        });
        continue;
      }
      log.info(
        { schedule: s.slug, run: run.id, attempts: attempts.length },
        'resuming a run of a stopped replica',
      );
      track(execute(s, resumed));
    }
    return taken.length;
  }

  // Finished runs are written in batches: one transaction updates many runs and records their
  // analytics rows, so the database is not what limits how fast due schedules fire.
  const unwritten: RunRow[] = [];
  let writing: Promise<void> | undefined;

  function finish(run: RunRow): void {
    unwritten.push(run);
    writing ??= (async () => {
      try {
        while (unwritten.length > 0) {
          const batch = unwritten.splice(0, 500);
          try {
            const { rows, paused } = await sql.tx(async (tx) => {
              const rows = await finishRuns(tx, batch);
              if (rows.length > 0) await recordRuns(tx, recorder, rows);
              // Auto-pause: only a failed or skipped scheduled run can complete a streak.
              const streaks = rows.filter(
                (r) => r.trigger === 'schedule' && (r.state === 'failed' || r.state === 'skipped'),
              );
              const ids = [...new Set(streaks.map((r) => r.schedule_id))];
              return { rows, paused: await autoPause(tx, ids, clock.now()) };
            });
            for (const p of paused)
              log.warn({ schedule: p.slug, reason: p.reason }, 'schedule paused itself');
            for (const r of rows) schedulerMetrics.ended(r.state, r.trigger);
          } catch (err) {
            // The runs stay `running`; the abandoned-run sweep fails them later.
            log.error({ err, runs: batch.length }, 'recording finished runs failed');
          }
        }
      } finally {
        writing = undefined;
      }
    })();
  }

  /** Waits until every finished run is written. */
  async function written(): Promise<void> {
    while (writing) await writing;
  }

  function newRun(
    s: ScheduleRow,
    trigger: RunRow['trigger'],
    occurrence: Date,
    now: Date,
    jitteredAt: Date | null = null,
  ): RunRow {
    return {
      id: runId(now),
      schedule_id: s.id,
      schedule_slug: s.slug,
      kind: s.kind,
      trigger,
      occurrence_at: occurrence,
      started_at: now,
      finished_at: null,
      duration_ms: null,
      state: 'running',
      http_status: null,
      // Whom the run acts as, known before the call: the creator of a user schedule, else the account.
      principal_name: s.kind === 'user' ? s.created_by : SYSTEM_PRINCIPAL,
      actor_name: null,
      consent_id: s.consent_id,
      error: null,
      attempts: [],
      lease_owner: owner,
      lease_until: new Date(now.getTime() + leaseMs(s)),
      next_attempt_at: null,
      cancel_requested_at: null,
      cancelled_by: null,
      jittered_at: jitteredAt,
    };
  }

  function track(p: Promise<unknown>, manual = false): void {
    const done = p.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(done);
    if (manual) manualInFlight.add(done);
    void done.finally(() => {
      inFlight.delete(done);
      manualInFlight.delete(done);
      loop?.wake();
    });
  }

  /** A run that ends as it is recorded (skipped): no lease, no time spent. */
  const ended = (now: Date) => ({
    lease_owner: null,
    lease_until: null,
    finished_at: now,
    duration_ms: 0,
  });

  /** The run of a claimed schedule's due occurrence: running, or skipped when found past the grace. */
  function occurrenceRun(s: ScheduleRow, now: Date): RunRow {
    // next_run_at is when the occurrence fires (after its jitter); next_due_at when it is due.
    const fireAt = s.next_run_at!;
    const occurrence = dueOf(s);
    const run = newRun(s, 'schedule', occurrence, now, fireAt);
    // The grace counts from when the occurrence was to fire, its jitter included.
    if (now.getTime() - fireAt.getTime() <= opts.misfireGraceSeconds * 1000) return run;
    // Too late to be useful (replicas down, paused database): recorded, not fired.
    return {
      ...run,
      ...ended(now),
      state: 'skipped',
      error: `misfire: due at ${occurrence.toISOString()}, more than ${opts.misfireGraceSeconds} s ago`,
    };
  }

  /** One claim: fires (in the background) what is due now; returns how many schedules it took. */
  async function claim(limit: number): Promise<number> {
    const now = clock.now();
    const toFire: Array<{ s: ScheduleRow; run: RunRow }> = [];
    const recorded: RunRow[] = [];
    const taken = await sql.tx(async (tx) => {
      recorded.length = 0;
      const due = await lockDue(tx, now, limit);
      if (due.length === 0) return 0;
      // Overlap: what an occurrence does while its schedule's previous run is still running.
      const running = await runningRuns(
        tx,
        due.filter((s) => s.overlap !== 'allow').map((s) => s.id),
      );
      const queued: Array<{ id: string; at: Date }> = [];
      const claimed = due.flatMap((s) => {
        const outcome = overlapOutcome(
          s,
          occurrenceRun(s, now),
          running.get(s.id),
          () => newRun(s, 'schedule', s.queued_occurrence_at!, now),
          (run, why) => ({ ...run, ...ended(now), state: 'skipped' as const, error: why }),
        );
        if (outcome.hold) queued.push({ id: s.id, at: outcome.hold });
        return outcome.run ? [{ s, run: outcome.run }] : [];
      });
      await queueOccurrences(tx, queued);
      // An occurrence that already has a run is neither fired nor recorded again; its schedule still
      // advances past now, so it goes on from its next occurrence.
      const runs = claimed.map((c) => c.run);
      const inserted = new Set(await insertRuns(tx, runs));
      const repeated = claimed.filter((c) => !inserted.has(c.run));
      if (repeated.length > 0) {
        log.warn({ schedules: repeated.map((c) => c.s.slug) }, 'due occurrences already had a run');
      }
      const firing = ({ run }: { run: RunRow }) => inserted.has(run) && run.state === 'running';
      await advanceSchedules(
        tx,
        due.map((s) => {
          const c = claimed.find((x) => x.s === s);
          const occurrence = dueOf(s);
          const after = occurrence.getTime() > now.getTime() ? occurrence : now;
          const next = upcoming(s, after);
          // A once_at schedule has no occurrence after its one: it is completed, never due again.
          const completed = next.next_due_at === null && s.once_at !== null ? now : null;
          return {
            id: s.id,
            ...next,
            last_run_at: c && firing(c) ? now : null,
            completed_at: completed,
          };
        }),
      );
      toFire.push(...claimed.filter(firing));
      const skipped = [...inserted].filter((r) => r.state === 'skipped');
      if (skipped.length > 0) await recordRuns(tx, recorder, skipped);
      recorded.push(...skipped);
      return due.length;
    });
    // Counted once committed: a claim rolled back recorded nothing.
    for (const r of recorded) {
      schedulerMetrics.ended(r.state, r.trigger);
      if (r.error?.startsWith('overlap:')) {
        overlapSkips += 1;
        schedulerMetrics.overlapSkipped();
      }
    }
    for (const { s, run } of toFire) track(execute(s, run));
    return taken;
  }

  /** Starts the held-back occurrences of queue_one schedules whose previous run has ended. */
  async function fireQueued(limit: number): Promise<void> {
    const now = clock.now();
    const toFire = await sql.tx(async (tx) => {
      const ready = await lockQueued(tx, limit);
      if (ready.length === 0) return [];
      const started = ready.map((s) => ({ s, run: newRun(s, 'schedule', s.queued_occurrence_at!, now) }));
      const inserted = new Set(
        await insertRuns(
          tx,
          started.map((x) => x.run),
        ),
      );
      await queueOccurrences(
        tx,
        ready.map((s) => ({ id: s.id, at: null })),
      );
      await advanceSchedules(
        tx,
        started
          .filter((x) => inserted.has(x.run))
          .map((x) => ({ id: x.s.id, next_run_at: x.s.next_run_at, last_run_at: now })),
      );
      return started.filter((x) => inserted.has(x.run));
    });
    for (const { s, run } of toFire) track(execute(s, run));
  }

  /** 429 for a manual run beyond its share of the calls in flight (or with no room left at all). */
  function manualRunsBusy(): AppError {
    const err = new AppError(
      429,
      'too_many_manual_runs',
      `this scheduler has too many runs in flight to start a manual run (manual runs may hold ${maxManual} of ${maxInFlight}); retry later`,
    );
    // A run in flight ends within about one request timeout, usually much sooner.
    err.retryAfter = opts.requestTimeoutSeconds;
    return err;
  }

  /**
   * Once a minute: fails the runs a stopped replica left running, and deletes the finished runs older
   * than the retention (their analytics rows stay in the analytics store).
   */
  async function housekeeping(): Promise<void> {
    // Runs recorded before leases existed: failed a while after they started, as they were then.
    const now = clock.now();
    if (now.getTime() - lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    lastHousekeeping = now.getTime();
    const before = new Date(now.getTime() - (opts.requestTimeoutSeconds * 3 + 60) * 1000);
    await sql.tx(async (tx) => {
      const rows = await failAbandonedRuns(tx, before, now);
      if (rows.length > 0) await recordRuns(tx, recorder, rows);
    });
    // At most HOUSEKEEPING_ROUNDS batches a minute, so a long history left by an older version is
    // deleted over a few minutes and never holds up a firing pass for long.
    const oldest = new Date(now.getTime() - retentionDays * DAY_MS);
    await deleteInBatches(
      () => pruneRuns(sql, oldest, HOUSEKEEPING_BATCH),
      HOUSEKEEPING_BATCH,
      HOUSEKEEPING_ROUNDS,
    );
  }

  /** Claims everything due now, batch by batch, as far as this replica has room in flight. */
  async function pass(): Promise<void> {
    // Cancels asked for through another replica's API reach this one within a pass.
    if (working.size > 0) {
      for (const c of await cancelsFor(sql, owner)) working.get(c.id)?.abort(c.by);
    }
    const room = maxInFlight - inFlight.size;
    if (room > 0) await resumeStalled(Math.min(CLAIM_BATCH, room));
    const left = maxInFlight - inFlight.size;
    if (left > 0) await fireQueued(Math.min(CLAIM_BATCH, left));
    for (;;) {
      const room = maxInFlight - inFlight.size;
      if (room <= 0) return;
      const taken = await claim(Math.min(CLAIM_BATCH, room));
      if (taken < Math.min(CLAIM_BATCH, room)) return;
    }
  }

  async function sleepMs(): Promise<number> {
    if (inFlight.size >= maxInFlight) return pollMs;
    const earliest = await earliestDue(sql);
    if (!earliest) return pollMs;
    return Math.min(pollMs, Math.max(MIN_SLEEP_MS, earliest.getTime() - clock.now().getTime()));
  }

  return {
    clock,

    start(): void {
      if (loop) return;
      // The scheduler's own token before the first due time, not at it (a failure shows at the first call).
      opts.tokens.schedulerToken().catch(() => {});
      loop = startLoop({
        name: 'scheduler',
        backoff: { baseMs: pollMs, maxMs: pollMs },
        metrics: loopMetrics,
        async pass() {
          await housekeeping();
          await pass();
          return sleepMs();
        },
        onError: (err) => log.error({ err }, 'scheduler pass failed'),
      });
    },

    /** Stops claiming and waits for the calls in flight to be recorded. */
    async stop(): Promise<void> {
      const running = loop;
      loop = undefined;
      stopping.abort();
      await running?.stop();
      await Promise.all([...inFlight]);
      await written();
      // Stopped for good unless started again (or driven by runDue, as tests do).
      stopping = new AbortController();
    },

    /** This replica's figures (for /metrics): runs in flight, occurrences skipped for overlap. */
    figures(): { inFlight: number; overlapSkips: number } {
      return { inFlight: inFlight.size, overlapSkips };
    },

    /** Re-reads the earliest due time now (a schedule was created or changed in this process). */
    /** Aborts a run this replica works on (a cancel asked for here); false when it holds no such run. */
    cancelLocal(runId: string, by: string): boolean {
      const c = working.get(runId);
      c?.abort(by);
      return c !== undefined;
    },

    wake(): void {
      loop?.wake();
    },

    /** One pass without the loop (tests drive the clock and call this). */
    async runDue(): Promise<void> {
      await pass();
    },

    /** The loop's housekeeping now, whenever it last ran (tests drive the clock and call this). */
    async housekeepingNow(): Promise<void> {
      lastHousekeeping = -Infinity;
      await housekeeping();
    },

    /** Waits until every call this replica has in flight is recorded. */
    async settle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
      await written();
    },

    /**
     * Fire now (POST .../run): a manual run, outside the cron occurrences; next_run_at is untouched.
     * `s` is the schedule as the route read it, without a lock; the row is re-read under its lock, as a
     * claim, a resume, an edit or a deletion may have come in between. Undefined when it was deleted
     * meanwhile; 429 when manual runs hold their share of the calls in flight or no room is left.
     */
    async fireNow(s: ScheduleRow): Promise<RunRow | undefined> {
      if (manualInFlight.size >= maxManual || inFlight.size >= maxInFlight) throw manualRunsBusy();
      const now = clock.now();
      const started = sql.tx(async (tx) => {
        const live = await markManualRun(tx, s.id, now);
        if (!live) return undefined;
        const run = newRun(live, 'manual', now, now);
        await insertRuns(tx, [run]);
        return [live, run] as const;
      });
      // Counted in flight from here, not from the commit, so requests arriving together cannot overshoot.
      const execution = started.then((r) => r && execute(...r));
      track(execution, true);
      return (await started)?.[1];
    },
  };
}

export type FiringEngine = ReturnType<typeof firingEngine>;
