// The recompute queue consumer (`keel worker`, and inside `keel serve`). Claims batches with
// FOR UPDATE SKIP LOCKED, so any number of workers share the queue. A batch is recomputed in one
// transaction; if that fails, its jobs are retried one by one so that one bad job cannot hold back the
// others. A failing job is retried with exponential backoff and parked with its error after 5 attempts.
import type { Core } from '../kernel/core.js';
import { startLoop } from '../lib/background.js';
import { loopMetrics } from '../observability/metrics.js';
import { dropProjectsOnCommit } from '../projects/index.js';
import { recompute } from './recompute.js';
import { claim, complete, fail, type Job } from './store.js';

export interface WorkerOptions {
  batchSize?: number;
  /** Idle wait between polls. */
  pollMs?: number;
  /** First retry delay; doubles with every attempt (capped at 5 minutes). */
  backoffBaseMs?: number;
  maxAttempts?: number;
  /** How long a claimed job is reserved before another worker may take it over. */
  lockSeconds?: number;
}

export const MAX_ATTEMPTS = 5;

type Deps = Pick<Core, 'sql' | 'log' | 'graphCache' | 'pages' | 'analytics'>;

export function scoringWorker(core: Deps, options: WorkerOptions = {}) {
  const { sql, log, analytics } = core;
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 500;
  const backoffBaseMs = options.backoffBaseMs ?? 1000;
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const lockSeconds = options.lockSeconds ?? 300;

  const items = (jobs: readonly Job[]) =>
    jobs.map((j) => ({ projectId: j.project_id, reason: j.reason, requestedBy: j.requested_by }));

  async function run(jobs: readonly Job[]): Promise<void> {
    await sql.tx(async (tx) => {
      dropProjectsOnCommit(core, tx);
      await recompute(tx, analytics, items(jobs));
      await complete(
        tx,
        jobs.map((j) => j.id),
      );
    });
  }

  async function failed(job: Job, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const backoffMs = Math.min(backoffBaseMs * 2 ** (job.attempts - 1), 300_000);
    const outcome = await fail(sql, job, message, { maxAttempts, backoffMs });
    const fields = { job: job.id, project: job.project_id, attempts: job.attempts, error: message };
    if (outcome === 'parked') log.error(fields, 'score recompute job parked after its last attempt');
    else log.warn({ ...fields, outcome, retry_in_ms: backoffMs }, 'score recompute job failed');
  }

  async function processBatch(jobs: readonly Job[]): Promise<void> {
    try {
      await run(jobs);
      return;
    } catch (err) {
      if (jobs.length === 1) return failed(jobs[0]!, err);
    }
    for (const job of jobs) {
      try {
        await run([job]);
      } catch (err) {
        await failed(job, err);
      }
    }
  }

  /** Claims and processes one batch; returns how many jobs it held. */
  async function runOnce(): Promise<number> {
    const jobs = await claim(sql, batchSize, lockSeconds);
    if (jobs.length > 0) await processBatch(jobs);
    return jobs.length;
  }

  return {
    runOnce,

    /** Processes batches until no job is ready; returns how many jobs were handled. */
    async drain(): Promise<number> {
      let total = 0;
      for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
      return total;
    },

    start(): { stop(): Promise<void> } {
      return startLoop({
        name: 'scoring-worker',
        backoff: { baseMs: pollMs, maxMs: 30_000 },
        metrics: loopMetrics,
        pass: async () => ((await runOnce()) === 0 ? pollMs : 0),
        onError: (err) => log.error({ err }, 'score recompute worker: claiming jobs failed'),
      });
    },
  };
}

export type ScoringWorker = ReturnType<typeof scoringWorker>;
