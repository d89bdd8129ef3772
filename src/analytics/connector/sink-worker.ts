// One sink of the connector runtime: consume a consumer group, batch, insert, and only then commit.
// Unlike a runtime that commits before writing (apache/iggy#3847), a batch whose insert failed is
// never committed, so it is delivered again: rows may be written twice (at-least-once, collapsed by
// deduplicating tables), never zero times.
import type { AnalyticsStore, Row } from '../store/port.js';
import { AnalyticsStoreError, classifyStoreError } from '../store/port.js';
import { DEAD_LETTER_TABLE } from '../store/ddl.js';
import { clickhouseTime } from '../topology/shapes.js';
import type { ConsumerGroup, DeliveredMessage, StreamPort } from '../stream/port.js';
import { backoffMs, Sleeper } from '../../lib/background.js';
import { sinkMetrics } from './metrics.js';

export interface SinkTarget {
  stream: string;
  consumer_group: string;
  table: string;
  batch_length: number;
  /** Milliseconds a batch may wait to fill once its first row arrived. */
  pollMs: number;
  /**
   * Longest wait for the first row of a batch. The stream wakes the worker as soon as a row arrives,
   * so this only bounds how often an idle sink looks at its stream (default IDLE_WAIT_MS).
   */
  idleWaitMs?: number;
}

/** An idle sink asks its stream once per this many milliseconds, and is woken by new rows meanwhile. */
export const IDLE_WAIT_MS = 5000;

export interface SinkStats {
  rowsWritten: number;
  batches: number;
  retries: number;
  deadLettered: number;
  /** Stream head minus committed offset, as last measured. */
  lag: number;
}

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SinkWorkerDeps {
  stream: Pick<StreamPort, 'consumerGroup'>;
  store: Pick<AnalyticsStore, 'insert'>;
  log: WorkerLog;
  backoff?: { baseMs: number; maxMs: number };
}

class Stopped extends Error {}

export function startSinkWorker(sink: SinkTarget, deps: SinkWorkerDeps) {
  const stats: SinkStats = { rowsWritten: 0, batches: 0, retries: 0, deadLettered: 0, lag: 0 };
  const { baseMs, maxMs } = deps.backoff ?? { baseMs: 100, maxMs: 10_000 };
  const log = { sink: sink.stream, table: sink.table, group: sink.consumer_group };
  const labels = { sink: sink.stream, table: sink.table };
  const sleeper = new Sleeper();
  /** Aborts a fetch waiting for rows when the worker stops. */
  const stopping = new AbortController();
  /** True while the worker waits for the first row of a batch. */
  let idle = false;

  /** Retries `op` on retriable failures until it succeeds or the worker stops. */
  async function retrying<T>(what: string, op: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (sleeper.stopped) throw new Stopped();
      try {
        return await op();
      } catch (err) {
        const e = err instanceof AnalyticsStoreError ? err : classifyStoreError(err);
        if (e.kind === 'content' && what === 'insert') throw e;
        stats.retries += 1;
        sinkMetrics.retries.inc(labels);
        const wait = backoffMs(attempt, baseMs, maxMs);
        deps.log.warn(
          { ...log, err: e.message, attempt: attempt + 1, wait_ms: Math.round(wait) },
          `${what} failed; retrying`,
        );
        await sleeper.sleep(wait);
      }
    }
  }

  async function deadLetter(m: DeliveredMessage, error: string) {
    const row: Row = {
      target_table: sink.table,
      stream: sink.stream,
      topic: m.topic,
      stream_offset: m.offset,
      error,
      row: m.payload,
      failed_at: clickhouseTime(),
    };
    await retrying('dead-letter insert', () => deps.store.insert(DEAD_LETTER_TABLE.name, [row]));
    stats.deadLettered += 1;
    sinkMetrics.deadLettered.inc(labels);
    deps.log.error({ ...log, topic: m.topic, offset: m.offset, err: error }, 'row dead-lettered');
  }

  /** Writes the batch; a content error splits it until the bad rows stand alone and go to dead letters. */
  async function write(batch: readonly DeliveredMessage[]): Promise<void> {
    const rows: Row[] = [];
    const good: DeliveredMessage[] = [];
    for (const m of batch) {
      try {
        const parsed: unknown = JSON.parse(m.payload);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
          throw new Error('not a JSON object');
        rows.push(parsed as Row);
        good.push(m);
      } catch (err) {
        await deadLetter(m, `payload is not a JSON object: ${(err as Error).message}`);
      }
    }
    if (rows.length === 0) return;
    try {
      await retrying('insert', () => deps.store.insert(sink.table, rows));
      stats.rowsWritten += rows.length;
      sinkMetrics.rowsWritten.inc(labels, rows.length);
    } catch (err) {
      if (!(err instanceof AnalyticsStoreError) || err.kind !== 'content') throw err;
      if (good.length === 1) return deadLetter(good[0]!, err.message);
      const mid = Math.ceil(good.length / 2);
      await write(good.slice(0, mid));
      await write(good.slice(mid));
    }
  }

  let measuring: Promise<void> | null = null;
  /** Measures the lag off the batch path (two stream API calls); one measurement at a time. */
  function measureLag(group: ConsumerGroup): Promise<void> {
    measuring ??= (async () => {
      const pos = await group.position().catch(() => null);
      if (!pos) return;
      stats.lag = Math.max(0, pos.head - pos.committed);
      sinkMetrics.lag.set(labels, stats.lag);
    })().finally(() => (measuring = null));
    return measuring;
  }

  async function nextBatch(group: ConsumerGroup): Promise<DeliveredMessage[]> {
    // The poll interval (SPEC 4.7) starts with the batch's first row: waiting for that row is a
    // wake-up from the stream, not a poll.
    idle = true;
    const batch = await group
      .fetch(sink.batch_length, sink.idleWaitMs ?? IDLE_WAIT_MS, stopping.signal)
      .finally(() => (idle = false));
    const deadline = Date.now() + sink.pollMs;
    while (batch.length > 0 && batch.length < sink.batch_length && !sleeper.stopped) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const more = await group.fetch(sink.batch_length - batch.length, left, stopping.signal);
      if (more.length === 0) break;
      batch.push(...more);
    }
    return batch;
  }

  const done = (async () => {
    const group = await retrying('join consumer group', () =>
      deps.stream.consumerGroup(sink.stream, sink.consumer_group),
    ).catch((err: unknown) => {
      if (err instanceof Stopped) return null;
      throw err;
    });
    if (!group) return;
    // Measured on a timer too, so a sink stuck on a down store shows its lag growing. A sink waiting
    // for rows with nothing behind it has no lag to measure: a new row ends the wait.
    const lagTimer = setInterval(() => {
      if (!(idle && stats.lag === 0)) void measureLag(group);
    }, 1000);
    lagTimer.unref();
    try {
      while (!sleeper.stopped) {
        let batch: DeliveredMessage[];
        try {
          batch = await nextBatch(group);
        } catch (err) {
          stats.retries += 1;
          sinkMetrics.retries.inc(labels);
          deps.log.warn({ ...log, err: (err as Error).message }, 'fetch failed; retrying');
          await sleeper.sleep(backoffMs(0, baseMs, maxMs));
          continue;
        }
        if (batch.length === 0) continue;
        try {
          await write(batch);
          // The highest offset, not the last row's: a row another member handed back arrives after rows
          // with higher offsets, and committing up to it alone would leave those unacknowledged.
          const highest = batch.reduce((max, m) => Math.max(max, m.offset), 0);
          await retrying('commit', () => group.commit(highest));
        } catch (err) {
          if (err instanceof Stopped) break; // not committed: the group delivers the batch again
          throw err;
        }
        stats.batches += 1;
        sinkMetrics.batches.inc(labels);
        void measureLag(group);
      }
    } finally {
      clearInterval(lagTimer);
      await measuring;
      await group.close().catch(() => {});
    }
  })();
  done.catch((err: unknown) =>
    deps.log.error({ ...log, err: (err as Error).message }, 'sink worker stopped'),
  );

  return {
    stats,
    /** Stops after the batch in hand: an unacknowledged batch stays uncommitted. */
    async stop() {
      sleeper.stop();
      stopping.abort();
      await done.catch(() => {});
    },
  };
}
