// Fault test on the server pair: KEEL_FAULT_ROWS rows on three streams of a private NATS JetStream
// while `keel connector` (a child process) is killed with SIGKILL five times, a private ClickHouse
// server is stopped for 10 s, and NATS is restarted. Every row must reach ClickHouse.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickhouseStore, parseClickHouseUrl } from '../../src/analytics/store/clickhouse.js';
import type { AnalyticsStore } from '../../src/analytics/store/port.js';
import { natsStream } from '../../src/analytics/stream/nats.js';
import type { StreamPort } from '../../src/analytics/stream/port.js';
import { clickhouseUrl } from '../analytics-store/support.js';
import { ownNats, testNatsUrl, type OwnNats } from '../stream/nats-server.js';
import { createTestDatabase } from '../support/harness.js';
import {
  FAULT_ROWS,
  FAULT_STREAMS,
  PRODUCE_SECONDS,
  configServer,
  connectorProcess,
  everyRowIn,
  expectEveryRowOnce,
  faultEnv,
  killMoments,
  produce,
  root,
  sleep,
  storeCounts,
  killRepeatedly,
  timeline,
  until,
} from './support.js';

const run = promisify(execFile);
// The servers of this pair must exist here (CI installs both); the test starts private ones.
const enabled = Boolean(testNatsUrl() && clickhouseUrl());

/** A private ClickHouse server (.ci/clickhouse), stopped and started again on the same config. */
async function ownClickHouse() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-fault-ch-'));
  const url = (await run(path.join(root, '.ci/clickhouse'), ['start', dir])).stdout.trim();
  const ping = fs.readFileSync(path.join(dir, 'ping'), 'utf8').trim();
  return {
    url,
    stop: () => run(path.join(root, '.ci/clickhouse'), ['stop', dir]),
    /** Same config, ports and password: what a restarted production server looks like to clients. */
    async start() {
      await run('clickhouse-server', [
        `--config-file=${path.join(dir, 'config.xml')}`,
        '--daemon',
        `--pid-file=${path.join(dir, 'server.pid')}`,
      ]).catch(() => {}); // --daemon exits 0 whatever happens: readiness is /ping
      for (let i = 0; i < 150; i++) {
        if (
          await fetch(ping).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        await sleep(100);
      }
      throw new Error('clickhouse-server did not come back');
    },
    async destroy() {
      await run(path.join(root, '.ci/clickhouse'), ['stop', dir]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!enabled)('fault test: NATS JetStream + ClickHouse server', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let nats: OwnNats;
  let ch: Awaited<ReturnType<typeof ownClickHouse>>;
  let config: Awaited<ReturnType<typeof configServer>>;
  let producer: StreamPort;
  let store: AnalyticsStore;
  let connector: ReturnType<typeof connectorProcess>;

  beforeAll(async () => {
    [db, nats, ch] = await Promise.all([createTestDatabase(), ownNats(), ownClickHouse()]);
    const env = faultEnv(db.url, { KEEL_STREAM_URL: nats.url, KEEL_ANALYTICS_URL: ch.url });
    config = await configServer(env);
    connector = connectorProcess({ ...env, KEEL_CONNECTOR_CONFIG_URL: config.configUrl });
    producer = await natsStream({ url: nats.url, connectTimeoutMs: 2000, connectAttempts: 5 });
    store = clickhouseStore(parseClickHouseUrl(ch.url));
  }, 60_000);
  afterAll(async () => {
    await connector?.stop('SIGKILL');
    connector?.dispose();
    await store?.close();
    await producer?.close();
    await config?.stop();
    await Promise.all([nats?.destroy(), ch?.destroy(), db?.drop()]);
  });

  it(`every one of ${FAULT_ROWS} rows reaches ClickHouse through 5 SIGKILLs, a 10 s store outage and a NATS restart`, async () => {
    const runId = randomBytes(4).toString('hex');
    const perStream = Math.ceil(FAULT_ROWS / FAULT_STREAMS.length);
    const tl = timeline();
    connector.start();

    const span = PRODUCE_SECONDS * 1000;
    const producing = produce(producer, runId, perStream, PRODUCE_SECONDS);
    const kills = killRepeatedly(connector, killMoments(5, 0.05 * span, 1.1 * span), tl);
    const storeOutage = (async () => {
      await tl.at(0.3 * span);
      await ch.stop();
      tl.note('ClickHouse stopped');
      await sleep(10_000);
      await ch.start();
      tl.note('ClickHouse started');
    })();
    const streamRestart = (async () => {
      await tl.at(0.8 * span);
      await nats.stop('SIGTERM');
      tl.note('NATS stopped');
      await nats.start();
      tl.note('NATS started');
    })();
    const [produced] = await Promise.all([producing, kills, storeOutage, streamRestart]);
    expect(produced.published).toBe(perStream * FAULT_STREAMS.length);

    await until(
      async () => everyRowIn((await storeCounts(store, runId)).tables, perStream),
      90_000,
      async () =>
        `${JSON.stringify(await storeCounts(store, runId).catch((e) => String(e)))}; faults ${tl.faults.join(', ')}\n${connector.tail()}`,
    );
    const final = await storeCounts(store, runId);
    console.log(
      `fault test (NATS + ClickHouse server): ${perStream * FAULT_STREAMS.length} rows produced ` +
        `(${perStream} per stream, ${produced.failures} publish retries) in ${PRODUCE_SECONDS} s; all in ClickHouse ` +
        `after ${tl.t()}: ${JSON.stringify(final.tables)}; dead letters ${final.deadLetters}; connector starts ${connector.starts}; ` +
        `faults: ${tl.faults.join(', ')}`,
    );
    expectEveryRowOnce(final, perStream, connector, tl);
    // The connector saw the outage: its inserts failed and were retried, not committed.
    expect(fs.readFileSync(connector.logFile, 'utf8')).toMatch(
      /insert failed; retrying|analytics store unavailable; retrying/,
    );
  }, 300_000);
});
