// The analytics pipeline end to end: record() in a transaction -> outbox -> relay -> JetStream ->
// connector sink worker -> ClickHouse, all real: recording and the relay in this process (as in
// `keel api`), the sink worker in a process of its own (as `keel connector`). Two figures:
// - sustained rows/s from the first record() (four 1000-row transactions in flight) to the last row
//   visible in ClickHouse, against the raw end-to-end pipeline on the same engines and rows, measured
//   in the same run before and after Keel's (bench/raw-pipeline.ts; the better of its two runs
//   counts); goal >= 0.8x. CPU per row of each process (this one, the connector or raw consumer, and
//   each server) says where the time goes;
// - end-to-end lag (record() committed -> row visible) at a steady 5,000 rows/s; goal p99 < 2 s.
// ClickHouse: KEEL_BENCH_CLICKHOUSE_URL or KEEL_TEST_CLICKHOUSE_URL, else a private server
// (.ci/clickhouse). NATS: KEEL_TEST_NATS_URL, else the local server on 4222.
import { execFile, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { clickhouseStore, parseClickHouseUrl } from '../../src/analytics/store/clickhouse.js';
import { DEAD_LETTER_TABLE, ensureTables } from '../../src/analytics/store/ddl.js';
import type { AnalyticsStore } from '../../src/analytics/store/port.js';
import { analyticsTables } from '../../src/analytics/store/tables.js';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { outboxRelay } from '../../src/analytics/relay/relay.js';
import { loadSettings } from '../../src/config/settings.js';
import { natsStream } from '../../src/analytics/stream/nats.js';
import { cpuPerRow, perRowText } from '../cpu.js';
import type { Scenario } from '../lib.js';
import { startRawPipeline, type RawPipeline } from '../raw-pipeline.js';
import { natsUrl, rawPublishRate, row, scratchDatabase } from './analytics.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = Number(process.env.BENCH_PIPELINE_ROWS ?? 50_000);
const RECORD_CONCURRENCY = 4;
const LAG_RATE = 5000;
const LAG_SECONDS = Number(process.env.BENCH_PIPELINE_LAG_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function clickhouse(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = process.env.KEEL_BENCH_CLICKHOUSE_URL ?? process.env.KEEL_TEST_CLICKHOUSE_URL;
  if (url) return { url, stop: async () => {} };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-bench-ch-'));
  const script = path.join(root, '.ci/clickhouse');
  const started = (await run(script, ['start', dir])).stdout.trim();
  return {
    url: started,
    async stop() {
      await run(script, ['stop', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The sink worker in a process of its own (bench/pipeline-connector.ts); resolves once it runs. */
async function connectorProcess(args: {
  natsUrl: string;
  prefix: string;
  clickhouseUrl: string;
  database: string;
}) {
  const child = fork(path.join(root, 'bench/pipeline-connector.ts'), [JSON.stringify(args)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the benchmark connector exited with ${code}`)));
  });
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const count = async (store: AnalyticsStore, table = 'events') =>
  Number((await store.query<{ c: number }>(`SELECT count() AS c FROM ${store.database}.${table}`))[0]!.c);

/** Rows/s of sequential 1000-row JSONEachRow inserts of `payloads` into a fresh copy of the table. */
async function rawInsertRate(store: AnalyticsStore, payloads: string[]): Promise<number> {
  const events = analyticsTables().find((t) => t.name === 'events')!;
  await ensureTables(store, [{ ...events, name: 'events_raw' }]);
  const rows = payloads.map((p) => JSON.parse(p) as Record<string, unknown>);
  const started = performance.now();
  for (let i = 0; i < rows.length; i += 1000) await store.insert('events_raw', rows.slice(i, i + 1000));
  return rows.length / ((performance.now() - started) / 1000);
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'analytics pipeline: record() -> ClickHouse rows/s and lag vs the raw end-to-end pipeline',
    goal: { text: 'pipeline >= 0.8x the raw end-to-end pipeline; lag p99 < 2 s at 5,000 rows/s' },
    async run(ctx) {
      const db = await scratchDatabase(ctx);
      const ch = await clickhouse();
      const prefix = `benchpipe${randomBytes(3).toString('hex')}_`;
      const stream = await natsStream({ url: natsUrl, connectTimeoutMs: 2000, connectAttempts: 3, prefix });
      const store = clickhouseStore({
        ...parseClickHouseUrl(ch.url),
        database: `bench_pipeline_${randomBytes(4).toString('hex')}`,
      });
      const log = pino({ level: 'warn' });
      const settings = loadSettings({ ...ctx.env, KEEL_LOG_LEVEL: 'warn' });
      let rawPipelineHandle: RawPipeline | undefined;
      const recorder = outboxAnalytics();
      // Producers are concurrent requests: four transactions of 1000 rows in flight at a time.
      const recordAll = async (rows: ReturnType<typeof row>[]) => {
        let next = 0;
        const producer = async () => {
          for (let i = next; i < rows.length; i = next) {
            next += 1000;
            await db.sql.tx((tx) => recorder.record(tx, 'events', 'lifecycle', rows.slice(i, i + 1000)));
          }
        };
        await Promise.all(Array.from({ length: RECORD_CONCURRENCY }, producer));
      };
      try {
        await ensureTables(store, [analyticsTables().find((t) => t.name === 'events')!, DEAD_LETTER_TABLE]);
        await stream.ensureTopic('events', 'lifecycle');
        // The raw pipeline first, on rows of the same shape, while nothing of Keel's runs.
        const raw = (rawPipelineHandle = await startRawPipeline({
          databaseUrl: db.url,
          natsUrl,
          clickhouse: { ...parseClickHouseUrl(ch.url), database: store.database },
        }));
        const rawRuns: number[] = [];
        const rawRun = async () => {
          const { result, perRow } = await cpuPerRow(
            { 'raw consumer': raw.consumerPid },
            // Rows of their own each time: the table deduplicates on event_id, as Keel's does.
            () => raw.run(Array.from({ length: ROWS }, (_, i) => JSON.stringify(row(i)))),
            ROWS,
          );
          rawRuns.push(result.rowsPerSecond);
          console.log(
            `  raw pipeline: ${Math.round(result.rowsPerSecond)} rows/s; CPU ${perRowText(perRow)}`,
          );
        };
        await rawRun();
        const relay = outboxRelay({ sql: db.sql, log, stream, settings }).start();
        // The connector's own settings for this sink (SPEC 4.7): 1000-row batches, 250 ms poll interval.
        const connectorArgs = { natsUrl, prefix, clickhouseUrl: ch.url, database: store.database };
        const worker = await connectorProcess(connectorArgs);
        let pipelineRate: number;
        let recordRate: number;
        let lags: number[] = [];
        try {
          // 1. Sustained: record as fast as transactions commit; the clock stops when ClickHouse shows all.
          const rows = Array.from({ length: ROWS }, (_, i) => row(i));
          const started = performance.now();
          let recorded = 0;
          const { perRow } = await cpuPerRow(
            { connector: worker.pid },
            async () => {
              await recordAll(rows);
              recorded = performance.now();
              while ((await count(store)) < ROWS) await sleep(20);
            },
            ROWS,
          );
          // Where the time goes: record() alone (the outbox inserts, sharing PostgreSQL with the relay).
          recordRate = ROWS / ((recorded - started) / 1000);
          pipelineRate = ROWS / ((performance.now() - started) / 1000);
          console.log(
            `  pipeline: ${ROWS} rows recorded in ${Math.round(recorded - started)} ms, all in ClickHouse after ${Math.round(performance.now() - started)} ms; CPU ${perRowText(perRow)}`,
          );

          // 2. Lag at a steady 5,000 rows/s: 100 rows every 20 ms; a row is visible once the count
          // reaches it (one relay and one consumer keep the order, so the count is a position).
          const tick = 20;
          const perTick = (LAG_RATE * tick) / 1000;
          const ticks = (LAG_SECONDS * 1000) / tick;
          const committedAt: number[] = [];
          const visibleAt: number[] = [];
          let polling = true;
          const poller = (async () => {
            while (polling) {
              const visible = (await count(store)) - ROWS;
              const now = performance.now();
              for (let i = visibleAt.length; i < committedAt.length && (i + 1) * perTick <= visible; i++)
                visibleAt.push(now);
              await sleep(10);
            }
          })();
          const t0 = performance.now();
          for (let i = 0; i < ticks; i++) {
            const due = t0 + i * tick;
            if (due > performance.now()) await sleep(due - performance.now());
            const batch = Array.from({ length: perTick }, (_, j) => row(ROWS + i * perTick + j));
            await db.sql.tx((tx) => recorder.record(tx, 'events', 'lifecycle', batch));
            committedAt.push(performance.now());
          }
          const deadline = performance.now() + 30_000;
          while (visibleAt.length < committedAt.length && performance.now() < deadline) await sleep(20);
          polling = false;
          await poller;
          lags = visibleAt.map((v, i) => v - committedAt[i]!);
          if (lags.length < committedAt.length)
            lags.push(...committedAt.slice(lags.length).map(() => Infinity));
        } finally {
          await worker.stop();
          await relay.stop();
        }

        // 3. Where the time goes: each stage alone, on another batch of rows already recorded.
        const before = await count(store);
        await recordAll(Array.from({ length: ROWS }, (_, i) => row(i)));
        let t = performance.now();
        const relayed = await outboxRelay({ sql: db.sql, log, stream, settings }).drain();
        const relayRate = relayed / ((performance.now() - t) / 1000);
        const alone = await connectorProcess(connectorArgs);
        t = performance.now();
        while ((await count(store)) < before + ROWS) await sleep(20);
        const connectorRate = ROWS / ((performance.now() - t) / 1000);
        await alone.stop();
        console.log(
          `  stages alone: relay ${Math.round(relayRate)} rows/s, connector ${Math.round(connectorRate)} rows/s`,
        );

        // 4. The raw pipeline once more, and each engine alone, on the same rows, in the same run.
        await rawRun();
        await raw.stop();
        const rawPipeline = Math.max(...rawRuns);
        const payloads = Array.from({ length: ROWS }, (_, i) => JSON.stringify(row(i)));
        const rawPublish = await rawPublishRate(payloads);
        const rawInsert = await rawInsertRate(store, payloads);
        console.log(
          `  engines alone: JetStream publish ${Math.round(rawPublish)}/s, ClickHouse insert ${Math.round(rawInsert)} rows/s`,
        );
        const ratio = pipelineRate / rawPipeline;
        const p50 = percentile(lags, 50);
        const p99 = percentile(lags, 99);
        const rateMet = ratio >= 0.8;
        const lagMet = p99 < 2000;
        console.log(
          `  goal: pipeline >= 0.8x the raw end-to-end pipeline (${Math.round(rawPipeline)} rows/s): ` +
            `${rateMet ? 'met' : 'NOT met'} (${round(ratio)}x)`,
        );
        console.log(
          `  goal: lag p99 < 2 s at ${LAG_RATE} rows/s: ${lagMet ? 'met' : 'NOT met'} (p50 ${Math.round(p50)} ms, p99 ${Math.round(p99)} ms)`,
        );
        return {
          rows: ROWS,
          pipelineRowsPerSecond: Math.round(pipelineRate),
          recordRowsPerSecond: Math.round(recordRate),
          relayAloneRowsPerSecond: Math.round(relayRate),
          connectorAloneRowsPerSecond: Math.round(connectorRate),
          rawPipelineRowsPerSecond: Math.round(rawPipeline),
          rawPublishPerSecond: Math.round(rawPublish),
          rawInsertRowsPerSecond: Math.round(rawInsert),
          ratio: round(ratio),
          lagRowsPerSecond: LAG_RATE,
          lagP50Ms: Math.round(p50),
          lagP99Ms: Math.round(p99),
          goalMet: rateMet && lagMet ? 1 : 0,
        };
      } finally {
        await rawPipelineHandle?.stop();
        await store.command(`DROP DATABASE IF EXISTS ${store.database}`).catch(() => {});
        await store.close();
        await stream.close();
        await ch.stop();
        await db.drop();
      }
    },
  },
];
