// The connector's sink worker against a real stream (the postgres adapter on this file's database)
// and the real embedded engine, with inserts made to fail on purpose: a batch is committed only after
// the store acknowledged it, so no failure loses a row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbStore } from '../../src/analytics-store/chdb.js';
import { ensureTables } from '../../src/analytics-store/ddl.js';
import { AnalyticsStoreError, type AnalyticsStore } from '../../src/analytics-store/port.js';
import { analyticsTables } from '../../src/analytics-store/tables.js';
import { startSinkWorker, type SinkTarget, type WorkerLog } from '../../src/connector/sink-worker.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { postgresStream } from '../../src/stream/postgres.js';
import { scrape } from '../../src/observability/metrics.js';
import type { StreamPort } from '../../src/stream/port.js';
import { sampleRow } from '../analytics-store/contract.js';
import { createTestDatabase } from '../support/harness.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-sink-'));
const ops = analyticsTables().find((t) => t.name === 'operations_log')!;
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: Sql;
let stream: StreamPort;
let store: AnalyticsStore;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url, 4);
  stream = postgresStream(sql, { leaseSeconds: 2 });
  store = chdbStore(dir, 'keel');
  await ensureTables(store, analyticsTables());
});
afterAll(async () => {
  await store?.close();
  await stream?.close();
  await sql?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Publishes `n` operations-log rows on a stream of its own; returns the stream and the row ids. */
async function publish(n: number, tamper: (i: number, row: Record<string, unknown>) => void = () => {}) {
  const name = `ops_${randomUUID().slice(0, 8)}`;
  const ids: string[] = [];
  for (let start = 0; start < n; start += 500) {
    const messages = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const row = { ...sampleRow(ops, i), id: `${name}-${i}` };
      tamper(i, row);
      ids.push(row.id);
      messages.push({ id: `${name}-${i}`, payload: JSON.stringify(row), headers: {} });
    }
    await stream.publish(name, 'deployments', 0, messages);
  }
  return { name, ids };
}

const target = (name: string): SinkTarget => ({
  stream: name,
  consumer_group: `g_${name}`,
  table: 'operations_log',
  batch_length: 1000,
  pollMs: 50,
});

const countFinal = async (prefix: string) =>
  Number(
    (
      await store.query<{ c: number }>(
        `SELECT count() AS c FROM keel.operations_log FINAL WHERE startsWith(id, '${prefix}-')`,
      )
    )[0]!.c,
  );

async function until(cond: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The real store, with inserts into the target table made to fail by plan. */
function faulty(plan: (call: number) => 'ok' | 'fail-before' | 'fail-after'): AnalyticsStore {
  let calls = 0;
  return {
    ...store,
    async insert(table, rows) {
      if (table !== 'operations_log') return store.insert(table, rows);
      const what = plan(calls++);
      if (what === 'fail-before')
        throw new AnalyticsStoreError('retriable', 252, 'Code: 252. Too many parts (injected)');
      await store.insert(table, rows);
      // The store wrote the rows but the acknowledgement is lost: the worker must retry, not commit blindly.
      if (what === 'fail-after')
        throw new AnalyticsStoreError('retriable', null, 'read ECONNRESET (injected)');
    },
  };
}

describe('connector sink worker: commit only after the store acknowledged (no lost batch)', () => {
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
    const { name } = await publish(600, (i, row) => {
      if (bad.has(i)) row.row_version = 'not a number';
    });
    const w = startSinkWorker(target(name), { stream, store, log: quiet, backoff: { baseMs: 5, maxMs: 20 } });
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
      `SELECT stream_offset, error, row, target_table FROM keel.dead_letters WHERE stream = '${name}' ORDER BY stream_offset`,
    );
    expect(dead.map((d) => d.stream_offset)).toEqual([8, 451, 452]);
    for (const d of dead) {
      expect(d.error).toMatch(/^Code: \d+/);
      expect(d.target_table).toBe('operations_log');
      expect(JSON.parse(d.row).row_version).toBe('not a number');
    }
  });
});
