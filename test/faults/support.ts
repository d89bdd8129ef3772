// Fault tests that count (issue 11): rows produced on three streams while the connector process is
// killed, the store and the stream go away; afterwards every row must be in the analytics store. The
// pieces both pairs share: the config endpoint, the connector as a child process, the producer, faults.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { AnalyticsStore } from '../../src/analytics/store/port.js';
import { analyticsTables } from '../../src/analytics/store/tables.js';
import { boot } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { run, type Running } from '../../src/app/run.js';
import { loadSettings } from '../../src/config/settings.js';
import { PublishError, type StreamPort } from '../../src/analytics/stream/port.js';
import { sampleRow } from '../analytics-store/contract.js';
import { testEnv } from '../support/harness.js';
import { keelArgv } from '../support/keel-process.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** KEEL_FAULT_ROWS: rows produced across the three streams (default 100,000). */
export const FAULT_ROWS = Number(process.env.KEEL_FAULT_ROWS ?? 100_000);
/** Seconds the production is spread over, so the faults fall while rows flow. */
export const PRODUCE_SECONDS = Number(process.env.KEEL_FAULT_PRODUCE_SECONDS ?? 30);

/** The three streams: two deduplicating tables and a plain one, with the column that is unique per row. */
export const FAULT_STREAMS = [
  { stream: 'events', topic: 'lifecycle', table: 'events', dedup: true, key: 'event_id' },
  { stream: 'operations_log', topic: 'deployments', table: 'operations_log', dedup: true, key: 'id' },
  {
    stream: 'score_history',
    topic: 'project-score',
    table: 'score_history',
    dedup: false,
    key: 'project_id',
  },
] as const;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The real API (role `api`) in this process: it serves GET /connectors/config to the child. */
export async function configServer(env: Record<string, string | undefined>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-fault-api-'));
  const settings = loadSettings({
    ...env,
    KEEL_DATA_DIR: dataDir,
    KEEL_HOST: '127.0.0.1',
    KEEL_LOG_LEVEL: 'warn',
  });
  const running: Running = await run(await boot(settings, allDomains()), 'api');
  return {
    configUrl: `${running.url}/connectors/config`,
    async stop() {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Settings both the config server and the connector process start from. */
export function faultEnv(dbUrl: string, extra: Record<string, string | undefined>) {
  return testEnv(dbUrl, {
    KEEL_CONNECTOR_API_KEY: randomBytes(32).toString('base64url'),
    KEEL_LOG_LEVEL: 'warn',
    ...extra,
  });
}

/** `keel connector` as a child process, started again after every kill; its output goes to a file. */
export function connectorProcess(env: Record<string, string | undefined>) {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'keel-fault-log-')), 'connector.log');
  let child: ChildProcess | null = null;
  let starts = 0;
  /** When the current process was spawned (ms), to tell how long its start took. */
  let startedAt = 0;
  /** Where this start's output begins in the log file. */
  let startOffset = 0;
  /** Exits nobody asked for (a crash): each is a failure of the process under test. */
  const crashes: string[] = [];
  return {
    logFile,
    crashes,
    get starts() {
      return starts;
    },
    start() {
      startOffset = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      const out = fs.openSync(logFile, 'a');
      child = spawn(...keelArgv('connector'), {
        // Info level: the start-up lines tell when the connector runs (ready()).
        env: { ...process.env, ...env, KEEL_LOG_LEVEL: 'info', NODE_ENV: 'production' } as NodeJS.ProcessEnv,
        stdio: ['ignore', out, out],
        cwd: root,
      });
      fs.closeSync(out);
      starts++;
      startedAt = Date.now();
      const c = child;
      c.once('exit', (code, signal) => {
        if (child === c) crashes.push(`exit code ${code}, signal ${signal}`);
      });
    },
    /**
     * Waits until the current process runs its sinks, or is up and waiting for the store to answer;
     * answers how long that took since it was spawned, in ms. A start took 3-6.6 s beside two busy
     * loops and the other fault test, and up to 9.5 s in CI's Node 24 suite; the bound only has to tell
     * a hang from a slow start, and a start past it fails with the process's own output.
     */
    async ready(ms = 120_000): Promise<number> {
      const end = Date.now() + ms;
      const sinceStart = () => {
        const fd = fs.openSync(logFile, 'r');
        try {
          const size = fs.fstatSync(fd).size;
          const buf = Buffer.alloc(Math.max(0, size - startOffset));
          fs.readSync(fd, buf, 0, buf.length, startOffset);
          return buf.toString('utf8');
        } finally {
          fs.closeSync(fd);
        }
      };
      while (Date.now() < end) {
        if (/connector: sinks started|analytics store unavailable/.test(sinceStart())) {
          return Date.now() - startedAt;
        }
        if (child && (child.exitCode !== null || child.signalCode !== null)) {
          throw new Error(`the connector exited before it started (${crashes.at(-1)}):\n${sinceStart()}`);
        }
        await sleep(100);
      }
      // What the process said since this start tells where it stopped.
      throw new Error(
        `the connector did not start in ${ms} ms; its output since start ${starts}:\n${sinceStart()}`,
      );
    },
    async stop(signal: NodeJS.Signals) {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await exited;
    },
    /** Removes the log (after the test; on a failure its tail is in the error first). */
    dispose: () => fs.rmSync(path.dirname(logFile), { recursive: true, force: true }),
    tail: (n = 40) =>
      fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-n).join('\n') : '',
  };
}

const tables = analyticsTables();

/** Row `i` of a stream: valid for its table, unique in its key column. */
export function faultRow(s: (typeof FAULT_STREAMS)[number], run: string, i: number) {
  const spec = tables.find((t) => t.name === s.table)!;
  return { ...sampleRow(spec, i), [s.key]: `${run}-${i}` };
}

/**
 * Publishes `perStream` rows on each of the three streams, paced over `seconds`, in chunks of 500. A
 * failed publish is retried from the first message not stored, with the same ids (the stream drops a
 * message it already holds), so the stream ends with each row once, in order.
 */
export async function produce(
  port: StreamPort,
  run: string,
  perStream: number,
  seconds: number,
): Promise<{ published: number; failures: number }> {
  const chunk = 500;
  const chunks = Math.ceil(perStream / chunk);
  const started = Date.now();
  let published = 0;
  let failures = 0;
  for (let c = 0; c < chunks; c++) {
    for (const s of FAULT_STREAMS) {
      const messages = [];
      for (let i = c * chunk; i < Math.min(perStream, (c + 1) * chunk); i++) {
        messages.push({
          id: `${s.stream}-${run}-${i}`,
          payload: JSON.stringify(faultRow(s, run, i)),
          headers: {},
        });
      }
      let from = 0;
      while (from < messages.length) {
        try {
          await port.publish(s.stream, s.topic as never, 0, messages.slice(from));
          from = messages.length;
        } catch (err) {
          failures++;
          if (err instanceof PublishError) from += err.stored;
          await sleep(200);
        }
      }
      published += messages.length;
    }
    // Keep to the schedule: chunk c is due at c/chunks of the production time.
    const due = started + ((c + 1) / chunks) * seconds * 1000;
    if (due > Date.now()) await sleep(due - Date.now());
  }
  return { published, failures };
}

/** Random moments for `n` kills in [fromMs, toMs] (one in each of `n` equal slots). */
export function killMoments(n: number, fromMs: number, toMs: number): number[] {
  const slot = (toMs - fromMs) / n;
  return Array.from({ length: n }, (_, i) => Math.round(fromMs + i * slot + Math.random() * slot * 0.8));
}

/** A fault timeline: `at(ms)` waits for that moment since the start, `note` records what happened when. */
export function timeline() {
  const started = Date.now();
  const faults: string[] = [];
  const t = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  return {
    faults,
    t,
    at: (ms: number) => sleep(Math.max(0, started + ms - Date.now())),
    note: (what: string) => void faults.push(`${t()} ${what}`),
    elapsedMs: () => Date.now() - started,
  };
}

/**
 * Kills the connector with SIGKILL at each moment and starts it again; a kill waits until the process
 * runs its sinks (or waits for the store) and ran `minUpMs` since its last start, so kills hit work. `afterKill(i)` runs between the
 * kill and the restart (to keep the connector away), `afterStart(i)` after the restart.
 */
export async function killRepeatedly(
  connector: ReturnType<typeof connectorProcess>,
  moments: number[],
  tl: ReturnType<typeof timeline>,
  hooks: { afterKill?: (i: number) => Promise<void>; afterStart?: (i: number) => Promise<void> } = {},
  minUpMs = 3000,
) {
  let lastStart = tl.elapsedMs();
  for (const [i, moment] of moments.entries()) {
    await tl.at(Math.max(moment, lastStart + minUpMs));
    tl.note(`connector up in ${((await connector.ready()) / 1000).toFixed(1)} s`);
    // A moment when its sinks are at work, if the planned one passed while it booted.
    await tl.at(Math.max(moment, tl.elapsedMs() + 500 + Math.random() * 2000));
    await connector.stop('SIGKILL');
    tl.note('connector SIGKILL');
    await hooks.afterKill?.(i);
    connector.start();
    lastStart = tl.elapsedMs();
    await hooks.afterStart?.(i);
  }
}

/** Waits until `cond` holds, checking every `everyMs`; throws with `describe()` after `ms`. */
export async function until(
  cond: () => Promise<boolean>,
  ms: number,
  describe: () => Promise<string> | string,
  everyMs = 500,
) {
  const end = Date.now() + ms;
  while (!(await cond().catch(() => false))) {
    if (Date.now() > end) throw new Error(`not reached in ${ms} ms: ${await describe()}`);
    await sleep(everyMs);
  }
}

export type StoreCounts = Record<string, { rows: number; distinct: number }>;

/** Rows of this run per table (FINAL on deduplicating ones) and their distinct keys, and dead letters. */
export async function storeCounts(
  store: Pick<AnalyticsStore, 'query'>,
  runId: string,
): Promise<{ tables: StoreCounts; deadLetters: number }> {
  const tables: StoreCounts = {};
  for (const s of FAULT_STREAMS) {
    const [r] = await store.query<{ rows: number; distinct: number }>(
      `SELECT count() AS rows, uniqExact(${s.key}) AS distinct FROM keel.${s.table} ${s.dedup ? 'FINAL' : ''}
        WHERE startsWith(${s.key}, '${runId}-')`,
    );
    tables[s.table] = { rows: Number(r!.rows), distinct: Number(r!.distinct) };
  }
  const [dead] = await store.query<{ c: number }>(`SELECT count() AS c FROM keel.dead_letters`);
  return { tables, deadLetters: Number(dead!.c) };
}

/** Every produced row is in: deduplicating tables hold each once, plain ones each at least once. */
export function everyRowIn(tables: StoreCounts, perStream: number): boolean {
  return FAULT_STREAMS.every((s) =>
    s.dedup
      ? tables[s.table]!.rows === perStream
      : tables[s.table]!.distinct === perStream && tables[s.table]!.rows >= perStream,
  );
}

/** The assertions both pairs end with. */
export function expectEveryRowOnce(
  counts: { tables: StoreCounts; deadLetters: number },
  perStream: number,
  connector: { crashes: unknown[] },
  tl: { faults: string[] },
): void {
  for (const s of FAULT_STREAMS) {
    if (s.dedup) expect(counts.tables[s.table]!.rows).toBe(perStream);
    else expect(counts.tables[s.table]!.rows).toBeGreaterThanOrEqual(perStream);
    expect(counts.tables[s.table]!.distinct).toBe(perStream);
  }
  expect(counts.deadLetters).toBe(0);
  expect(connector.crashes).toEqual([]);
  expect(tl.faults.filter((f) => f.endsWith('SIGKILL'))).toHaveLength(5);
}
