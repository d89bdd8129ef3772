// The connector's sink worker on both stream/store pairs (pairs.ts), with inserts made to fail on
// purpose: a batch is committed only after the store acknowledged it, so no failure loses a row; a row
// the store refuses for its content goes to the dead-letter table; two workers may share a group.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsStoreError, type AnalyticsStore } from '../../src/analytics/store/port.js';
import { analyticsTables } from '../../src/analytics/store/tables.js';
import {
  startSinkWorker,
  type SinkTarget,
  type WorkerLog,
} from '../../src/analytics/connector/sink-worker.js';
import { scrape } from '../../src/observability/metrics.js';
import type { StreamPort } from '../../src/analytics/stream/port.js';
import { sampleRow } from '../analytics-store/contract.js';
import { pairs, type Pair } from './pairs.js';

const table = (name: string) => analyticsTables().find((t) => t.name === name)!;
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };

/** Waits for `cond`; on a timeout the error says what `state` read then (what was still missing). */
async function until(
  cond: () => Promise<boolean> | boolean,
  ms = 20_000,
  state?: () => Promise<unknown> | unknown,
) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) {
      throw new Error(
        `condition not reached in ${ms} ms${state ? `: ${JSON.stringify(await state())}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

for (const spec of pairs) {
  describe.skipIf(!spec.enabled)(`connector sink worker on ${spec.name}`, () => {
    let pair: Pair;
    let stream: StreamPort;
    let store: AnalyticsStore;

    beforeAll(async () => {
      pair = await spec.setup();
      stream = await pair.openStream();
      store = pair.store;
    }, 30_000);
    afterAll(async () => {
      await pair?.close();
    });

    /** Publishes `n` rows of `tableName` on a stream of its own; ids start with the stream's name. */
    async function publish(
      n: number,
      opts: {
        tableName?: string;
        topic?: string;
        name?: string;
        tamper?: (i: number, row: Record<string, unknown>) => void;
        from?: number;
      } = {},
    ) {
      const spec = table(opts.tableName ?? 'operations_log');
      const name = opts.name ?? `ops_${randomUUID().slice(0, 8)}`;
      const from = opts.from ?? 0;
      for (let start = from; start < from + n; start += 500) {
        const messages = [];
        for (let i = start; i < Math.min(from + n, start + 500); i++) {
          const row = { ...sampleRow(spec, i), [spec.key[0]!]: `${name}-${i}` };
          opts.tamper?.(i, row);
          messages.push({ id: `${name}-${i}`, payload: JSON.stringify(row), headers: {} });
        }
        await stream.publish(name, opts.topic ?? 'deployments', 0, messages);
      }
      return { name };
    }

    const target = (name: string, tableName = 'operations_log'): SinkTarget => ({
      stream: name,
      consumer_group: `g_${name}`,
      table: tableName,
      batch_length: 1000,
      pollMs: 50,
    });

    const count = async (tableName: string, prefix: string, what = 'count()', final = true) =>
      Number(
        (
          await store.query<{ c: number }>(
            `SELECT ${what} AS c FROM ${store.database}.${tableName} ${final ? 'FINAL' : ''}
              WHERE startsWith(${table(tableName).key[0]}, '${prefix}-')`,
          )
        )[0]!.c,
      );
    const countFinal = (prefix: string) => count('operations_log', prefix);

    /** The real store, with inserts into the target table made to fail by plan. */
    function faulty(plan: (call: number) => 'ok' | 'fail-before' | 'fail-after'): AnalyticsStore {
      let calls = 0;
      return {
        ...store,
        async insert(t, rows) {
          if (t !== 'operations_log') return store.insert(t, rows);
          const what = plan(calls++);
          if (what === 'fail-before')
            throw new AnalyticsStoreError('retriable', 252, 'Code: 252. Too many parts (injected)');
          await store.insert(t, rows);
          // The store wrote the rows but the acknowledgement is lost: the worker must retry, not commit blindly.
          if (what === 'fail-after')
            throw new AnalyticsStoreError('retriable', null, 'read ECONNRESET (injected)');
        },
      };
    }

    it('writes every row when inserts fail before and after writing, retrying the same batch', async () => {
      const { name } = await publish(3000);
      const w = startSinkWorker(target(name), {
        stream,
        store: faulty((c) => (c < 2 ? 'fail-before' : c % 3 === 0 ? 'fail-after' : 'ok')),
        log: quiet,
        backoff: { baseMs: 5, maxMs: 50 },
      });
      await until(async () => (await countFinal(name)) === 3000 && w.stats.lag === 0);
      await w.stop();
      expect(w.stats.retries).toBeGreaterThanOrEqual(3);
      expect(w.stats.rowsWritten).toBeGreaterThanOrEqual(3000);
      expect(w.stats.deadLettered).toBe(0);
      expect(await countFinal(name)).toBe(3000);
      const metrics = await scrape();
      const value = (metric: string) =>
        Number(new RegExp(`^${metric}\\{[^}]*sink="${name}"[^}]*\\} (\\d+)`, 'm').exec(metrics)?.[1]);
      expect(value('keel_connector_rows_written_total')).toBe(w.stats.rowsWritten);
      expect(value('keel_connector_retries_total')).toBe(w.stats.retries);
      expect(value('keel_connector_batches_total')).toBe(w.stats.batches);
      expect(value('keel_connector_lag')).toBe(0);
    });

    it('commits nothing while the store refuses; after a restart the same rows arrive', async () => {
      const { name } = await publish(700);
      const down = startSinkWorker(target(name), {
        stream,
        store: faulty(() => 'fail-before'),
        log: quiet,
        backoff: { baseMs: 5, maxMs: 20 },
      });
      // The lag shows the rows waiting while the store refuses them.
      await until(() => down.stats.retries >= 5 && down.stats.lag === 700);
      await down.stop();
      const group = await stream.consumerGroup(name, `g_${name}`);
      expect(await group.position()).toEqual({ head: 700, committed: 0 });
      await group.close();
      expect(await countFinal(name)).toBe(0);

      const up = startSinkWorker(target(name), {
        stream,
        store,
        log: quiet,
        backoff: { baseMs: 5, maxMs: 20 },
      });
      await until(async () => (await countFinal(name)) === 700 && up.stats.lag === 0);
      await up.stop();
      expect(up.stats.rowsWritten).toBe(700);
    });

    it('isolates rows the store refuses by splitting the batch; they go to dead letters with error and offset', async () => {
      const bad = new Set([7, 450, 451]);
      const { name } = await publish(600, {
        tamper: (i, row) => {
          if (bad.has(i)) row.row_version = 'not a number';
        },
      });
      const w = startSinkWorker(target(name), {
        stream,
        store,
        log: quiet,
        backoff: { baseMs: 5, maxMs: 20 },
      });
      await until(
        async () => (await countFinal(name)) === 597 && w.stats.deadLettered === 3 && w.stats.lag === 0,
      );
      await w.stop();
      const dead = await store.query<{
        stream_offset: number;
        error: string;
        row: string;
        target_table: string;
      }>(
        `SELECT stream_offset, error, row, target_table FROM ${store.database}.dead_letters
          WHERE stream = '${name}' ORDER BY stream_offset`,
      );
      expect(dead.map((d) => d.stream_offset)).toEqual([8, 451, 452]);
      for (const d of dead) {
        expect(d.error).toMatch(/^Code: \d+/);
        expect(d.target_table).toBe('operations_log');
        expect(JSON.parse(d.row).row_version).toBe('not a number');
      }
    });

    it('commits a batch that took back the rows of a replica which left while it was filling', async () => {
      const { name } = await publish(10);
      // Another replica of the group holds the first rows (on NATS it gets offsets 1-5 and the worker
      // below 6-10; the PostgreSQL stream lets one member read at a time, so the worker waits for it).
      const leaving = await (await pair.openStream()).consumerGroup(name, `g_${name}`);
      expect(await leaving.fetch(5, 1000)).toHaveLength(5);
      const w = startSinkWorker(
        { ...target(name), pollMs: 2500 },
        { stream, store, log: quiet, backoff: { baseMs: 5, maxMs: 50 } },
      );
      await new Promise((r) => setTimeout(r, 700));
      // It leaves while the worker's batch is still filling: its rows are handed back into that batch,
      // after rows with higher offsets. The whole batch is committed, not only up to its last row, so
      // the group's offset reaches the head long before an acknowledgement wait (30 s) could run out.
      await leaving.close();
      await until(async () => (await countFinal(name)) === 10 && w.stats.lag === 0, 15_000);
      await w.stop();
      const group = await stream.consumerGroup(name, `g_${name}`);
      expect(await group.position()).toEqual({ head: 10, committed: 10 });
      await group.close();
    });

    it('two connectors on one consumer group write every row at least once and lose none', async () => {
      const ops = `ops_${randomUUID().slice(0, 8)}`;
      const scores = `score_${randomUUID().slice(0, 8)}`;
      // Two replicas, each with its own view of the stream, on the same groups.
      const replicas = [await pair.openStream(), await pair.openStream()];
      const workers = replicas.flatMap((s) => [
        startSinkWorker(target(ops), { stream: s, store, log: quiet, backoff: { baseMs: 5, maxMs: 50 } }),
        startSinkWorker(target(scores, 'score_history'), {
          stream: s,
          store,
          log: quiet,
          backoff: { baseMs: 5, maxMs: 50 },
        }),
      ]);
      const n = 4000;
      // Produced while both replicas run; one replica leaves half way, the other carries on.
      for (let from = 0; from < n; from += 1000) {
        await publish(1000, { name: ops, from });
        await publish(1000, {
          name: scores,
          from,
          tableName: 'score_history',
          topic: 'project-score',
        });
        if (from === 2000) await Promise.all(workers.slice(0, 2).map((w) => w.stop()));
        await new Promise((r) => setTimeout(r, 100));
      }
      const plainCount = () => count('score_history', scores, 'count()', false);
      const plainDistinct = () => count('score_history', scores, 'uniqExact(project_id)', false);
      await until(
        async () =>
          (await countFinal(ops)) === n &&
          (await plainDistinct()) === n &&
          workers.slice(2).every((w) => w.stats.lag === 0),
        20_000,
        async () => ({
          ops: await countFinal(ops),
          scores: await plainDistinct(),
          workers: workers.map((w) => w.stats),
          positions: await Promise.all(
            [ops, scores].map(async (name) => {
              const group = await stream.consumerGroup(name, `g_${name}`);
              const position = await group.position();
              await group.close();
              return position;
            }),
          ),
        }),
      );
      await Promise.all(workers.slice(2).map((w) => w.stop()));
      expect(await countFinal(ops)).toBe(n);
      expect(await plainDistinct()).toBe(n);
      expect(await plainCount()).toBeGreaterThanOrEqual(n);
      const written = (i: number) => workers[i]!.stats.rowsWritten + workers[i + 2]!.stats.rowsWritten;
      expect(written(0)).toBeGreaterThanOrEqual(n);
      expect(written(1)).toBeGreaterThanOrEqual(n);
    });
  });
}
