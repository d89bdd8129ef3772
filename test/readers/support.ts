// A Keel whose analytics readers have a real store (the ClickHouse server of KEEL_TEST_CLICKHOUSE_URL,
// in a database of this test's own, or the embedded engine in a temporary directory), and the real
// pipeline that fills it: the outbox relay, the stream (PostgreSQL log unless told), and one connector
// sink worker per table the readers use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { outboxRelay } from '../../src/analytics/relay/relay.js';
import { useEmbeddedStore } from '../../src/analytics/readers/reader.js';
import { openAnalyticsStore, type AnalyticsStore } from '../../src/analytics/store/index.js';
import { ensureTables } from '../../src/analytics/store/ddl.js';
import { analyticsTables } from '../../src/analytics/store/tables.js';
import { startSinkWorker } from '../../src/analytics/connector/sink-worker.js';
import type { OperationsLogRow } from '../../src/analytics/outbox/record.js';
import { rowOf, type OperationsEntry } from '../../src/operations-log/entries.js';
import type { StreamPort } from '../../src/analytics/stream/port.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { clickhouseUrl } from '../analytics-store/support.js';

export type Transport = 'clickhouse' | 'chdb';
export const READER_TABLES = [
  'events',
  'operations_log',
  'release_components',
  'release_component_batches',
  'score_history',
] as const;

/** The transports this run can test: chdb always, the server when KEEL_TEST_CLICKHOUSE_URL is set. */
export function transports(): Transport[] {
  return clickhouseUrl() ? ['clickhouse', 'chdb'] : ['chdb'];
}

/** KEEL_ANALYTICS_URL naming a fresh database on the test server. */
export function ownDatabaseUrl(): string {
  const u = new URL(clickhouseUrl()!);
  u.pathname = `/keel_readers_${randomBytes(5).toString('hex')}`;
  return u.toString();
}

export interface ReaderApp {
  app: TestApp;
  transport: Transport;
  /** The store the readers use (another handle on it; chdb shares this process's session). */
  store: AnalyticsStore;
  /** Moves everything recorded so far into the store: relay to the stream, connector to the tables. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const quiet = { info() {}, warn() {}, error() {} };

export async function startReaderApp(
  transport: Transport,
  env: Record<string, string | undefined> = {},
): Promise<ReaderApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-readers-'));
  const app = await startTestApp({
    env: {
      KEEL_DATA_DIR: dataDir,
      ...(transport === 'clickhouse' ? { KEEL_ANALYTICS_URL: ownDatabaseUrl() } : {}),
      ...env,
    },
  });
  const { core } = app.runtime;
  // What `keel serve` does: the readers use the embedded engine the connector writes to.
  const embedded = useEmbeddedStore(core.settings);
  const store = openAnalyticsStore(core.settings);
  await ensureTables(
    store,
    analyticsTables().filter((t) => (READER_TABLES as readonly string[]).includes(t.name)),
  );

  // The real stream, counting what it acknowledged per stream, so settle() knows what to wait for.
  const published = new Map<string, number>();
  const stream: StreamPort = Object.create(core.stream) as StreamPort;
  stream.publish = async (name, topic, partition, messages) => {
    await core.stream.publish(name, topic, partition, messages);
    published.set(name, (published.get(name) ?? 0) + messages.length);
  };
  const relay = outboxRelay({ ...core, stream }, { idleMs: 20 });
  const workers = READER_TABLES.map((table) => ({
    table,
    worker: startSinkWorker(
      { stream: table, consumer_group: table, table, batch_length: 1000, pollMs: 50 },
      { stream: core.stream, store, log: quiet },
    ),
  }));

  return {
    app,
    transport,
    store,
    async settle() {
      await relay.drain();
      const end = Date.now() + 20_000;
      const behind = () =>
        workers.filter(({ table, worker }) => worker.stats.rowsWritten < (published.get(table) ?? 0));
      while (behind().length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      expect(behind().map((w) => w.table)).toEqual([]);
    },
    async close() {
      await Promise.all(workers.map((w) => w.worker.stop()));
      if (transport === 'clickhouse') await store.command(`DROP DATABASE IF EXISTS ${store.database}`);
      await store.close();
      await embedded.stop();
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `fn` until `ok` holds for its result (read-after-write lag), and returns that result. */
export async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await fn();
  }
  return v;
}

/**
 * The row the pipeline delivers for an entry the API answered: its organization's, project's and
 * environment's ids read back through the API (`call` makes an admin's GET).
 */
export async function entryRow(
  get: (path: string) => Promise<{ status: number; body: { id: string } }>,
  entry: OperationsEntry,
): Promise<OperationsLogRow> {
  const idOf = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.body.id;
  };
  return rowOf(entry, {
    organization_id: await idOf(`/organizations/${entry.organization}`),
    project_id: await idOf(`/organizations/${entry.organization}/projects/${entry.project}`),
    environment_id: await idOf(`/environments/${entry.environment}`),
  });
}
