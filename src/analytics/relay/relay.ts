// The outbox relay (DESIGN.md section 5): moves committed outbox rows to the stream, in commit order,
// and marks them sent. Runs in `keel api`, `keel worker` and `keel serve`; any number of replicas may
// run it, a lease lets one publish at a time. A publish failure is a PublishError: the relay keeps the
// row, waits (exponential backoff with jitter) and retries from that same row, so nothing is dropped
// or overtaken. The one permanent failure, a row larger than the stream takes, is set aside in a
// dead-letter table instead, so that it cannot hold back every row behind it. docs/analytics.md argues
// the commit order and the dead letters.
import { randomUUID } from 'node:crypto';
import type { Core } from '../../kernel/core.js';
import { deleteInBatches } from '../../db/batches.js';
import { startLoop } from '../../lib/background.js';
import { addProbe, client, loopMetrics, registry } from '../../observability/metrics.js';
import { MessageTooLarge, PublishError } from '../stream/port.js';
import {
  anyUnsent,
  backlog,
  deadLetter,
  deadLetterCount,
  holdLease,
  markSent,
  pruneSent,
  releaseLease,
  unsent,
  type OutboxRow,
} from '../outbox/store.js';

export interface RelayOptions {
  batchSize?: number;
  /** Wait between passes when the outbox is empty. */
  idleMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  leaseSeconds?: number;
  pruneEveryMs?: number;
}

/** Sent rows deleted per statement when the outbox is pruned. */
const PRUNE_BATCH = 10_000;

const published = new client.Counter({
  name: 'keel_outbox_published_rows_total',
  help: 'Outbox rows published to the stream, by stream',
  labelNames: ['stream'] as const,
  registers: [registry],
});
const publishErrors = new client.Counter({
  name: 'keel_outbox_publish_errors_total',
  help: 'Failed publish attempts of the outbox relay, by stream',
  labelNames: ['stream'] as const,
  registers: [registry],
});
const deadLettered = new client.Counter({
  name: 'keel_outbox_dead_lettered_rows_total',
  help: 'Outbox rows the stream refused for good (too large), set aside in analytics_outbox_dead_letters',
  labelNames: ['stream'] as const,
  registers: [registry],
});
const deadLetters = new client.Gauge({
  name: 'keel_outbox_dead_letters',
  help: 'Rows in analytics_outbox_dead_letters: refused by the stream, waiting for an operator',
  registers: [registry],
});
const depth = new client.Gauge({
  name: 'keel_outbox_depth',
  help: 'Outbox rows not yet published',
  registers: [registry],
});
const lag = new client.Gauge({
  name: 'keel_outbox_lag_seconds',
  help: 'Age of the oldest outbox row not yet published (0 when none waits)',
  registers: [registry],
});

/** Consecutive rows of one stream and topic: one publish call keeps them in order. */
function runs(rows: readonly OutboxRow[]): OutboxRow[][] {
  const out: OutboxRow[][] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last && last[0]!.stream === r.stream && last[0]!.topic === r.topic) last.push(r);
    else out.push([r]);
  }
  return out;
}

export function outboxRelay(
  { sql, log, stream, settings }: Pick<Core, 'sql' | 'log' | 'stream' | 'settings'>,
  options: RelayOptions = {},
) {
  const batchSize = options.batchSize ?? 1000;
  const idleMs = options.idleMs ?? 100;
  const backoffBaseMs = options.backoffBaseMs ?? 100;
  const backoffMaxMs = options.backoffMaxMs ?? 30_000;
  const leaseSeconds = options.leaseSeconds ?? 15;
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  const holder = randomUUID();

  /**
   * A row the stream refuses for good: retrying it would stop every row behind it, on every stream,
   * for ever. Logged with its ids and size, never its payload (it may hold personal data).
   */
  async function setAside(row: OutboxRow, err: MessageTooLarge): Promise<void> {
    await deadLetter(sql, row.id, err.message);
    deadLettered.inc({ stream: row.stream });
    log.error(
      {
        stream: row.stream,
        topic: row.topic,
        outbox_id: row.id,
        msg_id: row.msg_id,
        bytes: err.bytes,
        limit: err.limit,
      },
      'outbox relay: the stream refused a row for its size; it is moved to analytics_outbox_dead_letters and the rows after it go on',
    );
  }

  /**
   * One pass: publishes up to one batch and marks what was stored as sent. Returns how many rows it
   * dealt with (published or set aside); throws the PublishError of a failed publish after marking the
   * rows before it. A row too large for the stream ends the pass once it is set aside.
   */
  async function runOnce(): Promise<number> {
    // An empty outbox is the common case of every poll: it is seen with one read, without taking or
    // renewing the lease (a write and a commit each time). An idle lease expires, and whoever sees rows
    // first takes it.
    if (!(await anyUnsent(sql))) return 0;
    if (!(await holdLease(sql, holder, leaseSeconds))) return 0;
    const rows = await unsent(sql, batchSize);
    const done: number[] = [];
    try {
      for (const run of runs(rows)) {
        const name = run[0]!.stream;
        try {
          await stream.publish(
            name,
            run[0]!.topic,
            0,
            run.map((r) => ({ id: r.msg_id, payload: r.payload, headers: r.headers })),
          );
        } catch (err) {
          const stored = err instanceof PublishError ? err.stored : 0;
          done.push(...run.slice(0, stored).map((r) => r.id));
          published.inc({ stream: name }, stored);
          if (err instanceof MessageTooLarge) {
            await setAside(run[stored]!, err);
            return done.length + 1;
          }
          publishErrors.inc({ stream: name });
          throw err instanceof PublishError ? err : new PublishError(String(err), 0, { cause: err });
        }
        done.push(...run.map((r) => r.id));
        published.inc({ stream: name }, run.length);
      }
    } finally {
      await markSent(sql, done);
    }
    return rows.length;
  }

  const prune = () =>
    deleteInBatches(() => pruneSent(sql, settings.outboxRetentionHours, PRUNE_BATCH), PRUNE_BATCH);

  return {
    runOnce,
    prune,

    /** Publishes until the outbox is empty, then hands the lease back (tests, benchmarks). */
    async drain(): Promise<number> {
      let total = 0;
      try {
        for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
      } finally {
        await releaseLease(sql, holder);
      }
      return total;
    },

    start(): { stop(): Promise<void> } {
      const removeProbe = addProbe(async () => {
        const [b, dead] = await Promise.all([backlog(sql), deadLetterCount(sql)]);
        depth.set(b.depth);
        lag.set(b.oldestAgeSeconds);
        deadLetters.set(dead);
      });
      let lastPrune = 0;
      const loop = startLoop({
        name: 'outbox-relay',
        backoff: { baseMs: backoffBaseMs, maxMs: backoffMaxMs },
        metrics: loopMetrics,
        async pass() {
          const n = await runOnce();
          if (Date.now() - lastPrune > pruneEveryMs) {
            lastPrune = Date.now();
            const pruned = await prune();
            if (pruned > 0) log.info({ pruned }, 'outbox relay: pruned sent rows');
          }
          return n < batchSize ? idleMs : 0;
        },
        onError(err, attempt, retryInMs) {
          const e = err instanceof Error ? err : new Error(String(err));
          log.error(
            { error: e.name, detail: e.message, attempt, retry_in_ms: Math.round(retryInMs) },
            `outbox relay: ${e.name}; the rows stay in the outbox and are retried in order`,
          );
        },
        onStop: () => releaseLease(sql, holder).catch(() => {}),
      });
      return {
        async stop() {
          await loop.stop();
          removeProbe();
        },
      };
    },
  };
}
