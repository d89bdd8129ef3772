// One contract for background work (the outbox relay, the connector and its sink workers, the
// scheduler's firing loop, the scoring worker): a loop of passes, each followed by the wait it asks
// for or by a wake-up, exponential backoff with one jitter formula after failed passes, an optional
// timeout per pass, an orderly stop, and figures per loop.

/**
 * Exponential backoff with "equal jitter": half the ceiling plus a random half of it, so retries of
 * many replicas spread out, a wait is never zero and never above `maxMs`. `attempt` counts from 0.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * An interruptible wait: wake() ends the wait in progress (or, between waits, the next one, so a wake-up
 * that arrives during a pass is not lost); stop() ends it and every later one. With `unref`, a wait does
 * not keep the process alive (a loop that stops with the process anyway).
 */
export class Sleeper {
  private wakeUp: (() => void) | undefined;
  private stoppedFlag = false;
  private pending = false;

  constructor(private readonly options: { unref?: boolean } = {}) {}

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  /** Waits `ms`, or less when woken or stopped. */
  sleep(ms: number): Promise<void> {
    if (this.stoppedFlag || this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.wakeUp === done) this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      if (this.options.unref) timer.unref();
      this.wakeUp = done;
    });
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.pending = true;
  }

  stop(): void {
    this.stoppedFlag = true;
    this.wake();
  }
}

/** Figures of a loop's passes (the observability module exports them as Prometheus series). */
export interface LoopMetrics {
  pass(loop: string, outcome: 'ok' | 'failed', seconds: number): void;
}

export interface LoopSpec {
  /** Names the loop in logs and figures. */
  name: string;
  /** One pass. Answers how long to wait before the next one, in ms (0: go on at once). */
  pass(signal: AbortSignal): Promise<number>;
  /** The waits after consecutive failed passes: backoffMs(failures - 1, baseMs, maxMs). */
  backoff: { baseMs: number; maxMs: number };
  /** A failed pass; `attempt` counts the consecutive failures (from 1); the loop goes on afterwards. */
  onError(err: unknown, attempt: number, retryInMs: number): void;
  /** A pass running longer than this has its signal aborted, and a pass that then fails is a failure. */
  timeoutMs?: number;
  /** Runs once after the last pass, before stop() resolves. */
  onStop?(): Promise<void>;
  metrics?: LoopMetrics;
}

export interface Loop {
  /** Ends the wait in progress, or the next one: the next pass starts now. */
  wake(): void;
  /** Lets the pass in progress finish (its signal is aborted), runs onStop, and resolves. */
  stop(): Promise<void>;
}

export function startLoop(spec: LoopSpec): Loop {
  const sleeper = new Sleeper({ unref: true });
  const stopping = new AbortController();

  async function runPass(): Promise<number> {
    if (spec.timeoutMs === undefined) return spec.pass(stopping.signal);
    const timeout = AbortSignal.timeout(spec.timeoutMs);
    return spec.pass(AbortSignal.any([stopping.signal, timeout]));
  }

  const done = (async () => {
    let failures = 0;
    while (!sleeper.stopped) {
      const started = performance.now();
      let wait: number;
      try {
        wait = await runPass();
        failures = 0;
        spec.metrics?.pass(spec.name, 'ok', (performance.now() - started) / 1000);
      } catch (err) {
        failures += 1;
        wait = backoffMs(failures - 1, spec.backoff.baseMs, spec.backoff.maxMs);
        spec.metrics?.pass(spec.name, 'failed', (performance.now() - started) / 1000);
        spec.onError(err, failures, wait);
      }
      if (wait > 0) await sleeper.sleep(wait);
    }
    await spec.onStop?.();
  })();

  return {
    wake: () => sleeper.wake(),
    async stop() {
      sleeper.stop();
      stopping.abort();
      await done;
    },
  };
}
