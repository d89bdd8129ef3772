// The scheduler's figures in /metrics (the process's one registry): runs by final state, attempts, the
// fire delay (from when an occurrence was to fire to when its request went out), runs in flight and
// overlap skips. A process is one replica: Prometheus tells replicas apart by the scraped instance.
import { client, registry } from '../observability/metrics.js';

const runs = new client.Counter({
  name: 'keel_scheduler_runs_total',
  help: 'Scheduler runs that ended, by final state and trigger (this replica)',
  labelNames: ['state', 'trigger'] as const,
  registers: [registry],
});
const attempts = new client.Counter({
  name: 'keel_scheduler_attempts_total',
  help: 'Calls of a target made by scheduler runs, retries included, by outcome (this replica)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const fireDelay = new client.Histogram({
  name: 'keel_scheduler_fire_delay_seconds',
  help: 'From when a scheduled occurrence was to fire (due time plus jitter) to when its first request was sent',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});
const inFlight = new client.Gauge({
  name: 'keel_scheduler_runs_in_flight',
  help: 'Runs this replica is working on now (a run waiting to retry included)',
  registers: [registry],
});
const overlapSkips = new client.Counter({
  name: 'keel_scheduler_overlap_skips_total',
  help: 'Occurrences recorded skipped because the previous run of their schedule was still running',
  registers: [registry],
});

export const schedulerMetrics = {
  ended(state: string, trigger: string): void {
    runs.inc({ state, trigger });
  },
  attempt(outcome: string): void {
    attempts.inc({ outcome });
  },
  fired(delaySeconds: number): void {
    fireDelay.observe(Math.max(0, delaySeconds));
  },
  started(): void {
    inFlight.inc();
  },
  done(): void {
    inFlight.dec();
  },
  overlapSkipped(n = 1): void {
    overlapSkips.inc(n);
  },
};
