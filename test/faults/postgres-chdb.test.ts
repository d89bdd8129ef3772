// Fault test on the embedded pair: KEEL_FAULT_ROWS rows on three streams of the PostgreSQL log while
// `keel connector` (a child process holding the chdb engine) is killed with SIGKILL five times. chdb
// runs inside the connector's process, so "the store is down" is that process being gone (here for
// 10 s after one of the kills), and "the stream restarts" is every connection to the database being
// cut (pg_terminate_backend): the shared PostgreSQL server itself is not ours to restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbStore } from '../../src/analytics/store/chdb.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { postgresStream } from '../../src/analytics/stream/postgres.js';
import type { StreamPort } from '../../src/analytics/stream/port.js';
import { createTestDatabase } from '../support/harness.js';
import {
  FAULT_ROWS,
  FAULT_STREAMS,
  PRODUCE_SECONDS,
  configServer,
  connectorProcess,
  expectEveryRowOnce,
  faultEnv,
  killMoments,
  produce,
  sleep,
  storeCounts,
  killRepeatedly,
  timeline,
  until,
} from './support.js';

describe('fault test: PostgreSQL stream + chdb (embedded pair)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: Awaited<ReturnType<typeof configServer>>;
  let sql: Sql;
  let producer: StreamPort;
  let connector: ReturnType<typeof connectorProcess>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-fault-chdb-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = faultEnv(db.url, { KEEL_STREAM_URL: 'postgres', KEEL_ANALYTICS_URL: undefined });
    config = await configServer(env);
    connector = connectorProcess({
      ...env,
      KEEL_DATA_DIR: dataDir,
      KEEL_CONNECTOR_CONFIG_URL: config.configUrl,
    });
    sql = createSql(db.url, 4);
    producer = postgresStream(sql);
  }, 60_000);
  afterAll(async () => {
    await connector?.stop('SIGKILL');
    connector?.dispose();
    await producer?.close();
    await sql?.close();
    await config?.stop();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Cuts every connection to the test database but the caller's: what a database restart does to clients. */
  async function cutConnections(): Promise<number> {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const r = await c.query(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      return r.rows[0].n as number;
    } finally {
      await c.end();
    }
  }

  it(`every one of ${FAULT_ROWS} rows reaches chdb through 5 SIGKILLs, 10 s without the connector and cut connections`, async () => {
    const runId = randomBytes(4).toString('hex');
    const perStream = Math.ceil(FAULT_ROWS / FAULT_STREAMS.length);
    const tl = timeline();
    connector.start();

    const span = PRODUCE_SECONDS * 1000;
    const producing = produce(producer, runId, perStream, PRODUCE_SECONDS);
    const kills = killRepeatedly(connector, killMoments(5, 0.05 * span, 1.1 * span), tl, {
      // The store is down: nothing writes to it for 10 s while rows keep arriving.
      afterKill: async (i) => {
        if (i !== 1) return;
        await sleep(10_000);
        tl.note('connector back after 10 s');
      },
      // The stream restarts under a running connector: every database connection is cut once its sinks
      // run (a cut during its start-up is start-up's own test, test/hardening/start-database-cut).
      afterStart: async (i) => {
        if (i !== 2) return;
        await connector.ready();
        await sleep(1000 + Math.random() * 2000);
        tl.note(`${await cutConnections()} database connections cut`);
      },
    });
    const [produced] = await Promise.all([producing, kills]);
    expect(produced.published).toBe(perStream * FAULT_STREAMS.length);

    // Committed only after chdb acknowledged: once every group's offset is at its head, all is written.
    const offsets = () =>
      sql.query<{ stream: string; head: number; committed: number }>(
        `SELECT h.stream, h.last_offset AS head, g.committed_offset AS committed
           FROM stream_heads h JOIN stream_consumer_groups g ON g.stream = h.stream AND g.group_name = h.stream
          WHERE h.stream = ANY($1::text[])`,
        [FAULT_STREAMS.map((s) => s.stream)],
      );
    await until(
      async () => {
        const o = await offsets();
        return o.length === FAULT_STREAMS.length && o.every((x) => x.committed === x.head);
      },
      90_000,
      async () =>
        `${JSON.stringify(await offsets().catch((e) => String(e)))}; faults ${tl.faults.join(', ')}\n${connector.tail()}`,
    );
    const heads = await offsets();
    const caughtUp = tl.t();
    await connector.stop('SIGTERM');
    const log = fs.readFileSync(connector.logFile, 'utf8');

    // chdb holds one data directory per process: read it here now that the connector is gone.
    const store = chdbStore(path.join(dataDir, 'analytics'), 'keel');
    try {
      const final = await storeCounts(store, runId);
      console.log(
        `fault test (PostgreSQL stream + chdb): ${perStream * FAULT_STREAMS.length} rows produced ` +
          `(${perStream} per stream, ${produced.failures} publish retries) in ${PRODUCE_SECONDS} s; all committed ` +
          `after ${caughtUp}: ${JSON.stringify(final.tables)}; dead letters ${final.deadLetters}; connector starts ` +
          `${connector.starts}; faults: ${tl.faults.join(', ')}`,
      );
      for (const h of heads) expect(h.head).toBe(perStream); // each row once in the log
      expectEveryRowOnce(final, perStream, connector, tl);
      expect(log).not.toMatch(/start failed/);
    } finally {
      await store.close();
    }
  }, 300_000);
});
