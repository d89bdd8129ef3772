// The raw end-to-end pipeline: the limit Keel's analytics pipeline is measured against. The same
// engines and the same rows, no Keel code: producers insert rows into a PostgreSQL table in 1000-row
// transactions (four in flight); a publisher reads the unsent rows in id order, publishes them to
// JetStream in a window of 512 (msgID set) and marks them sent; a consumer in a process of its own
// (bench/raw-pipeline-consumer.ts) inserts them into ClickHouse in 1000-row batches. The clock runs from
// the first insert to the last row counted in ClickHouse, all stages running at once, as in Keel's.
import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@clickhouse/client';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface RawPipelineTarget {
  databaseUrl: string;
  natsUrl: string;
  /** A ClickHouse database of the benchmark's own, holding an `events` table to copy. */
  clickhouse: { httpUrl: string; username: string; password: string; database: string };
}

export interface RawPipeline {
  /** The consumer's process. */
  consumerPid: number;
  /** Pushes the rows through; resolves with the rows per second once ClickHouse counts all of them. */
  run(payloads: string[]): Promise<{ rowsPerSecond: number; insertedMs: number }>;
  stop(): Promise<void>;
}

/** Creates the pipeline's table, stream and ClickHouse table, and starts its consumer. */
export async function startRawPipeline(target: RawPipelineTarget, producers = 4): Promise<RawPipeline> {
  const name = `raw_${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: producers + 1 });
  const nats = new URL(target.natsUrl);
  const natsServer = `${nats.hostname}:${nats.port || '4222'}`;
  const natsAuth = nats.username
    ? { user: decodeURIComponent(nats.username), pass: decodeURIComponent(nats.password) }
    : {};
  const nc = await connect({ servers: natsServer, ...natsAuth });
  const jsm = await jetstreamManager(nc);
  const ch = createClient({
    url: target.clickhouse.httpUrl,
    username: target.clickhouse.username,
    password: target.clickhouse.password,
  });
  const table = `${target.clickhouse.database}.events_${name}`;
  await pool.query(
    `CREATE TABLE ${name} (id bigserial PRIMARY KEY, payload text NOT NULL, sent boolean NOT NULL DEFAULT false)`,
  );
  await pool.query(`CREATE INDEX ${name}_unsent ON ${name} (id) WHERE NOT sent`);
  await jsm.streams.add({ name, subjects: [`${name}.>`] });
  await ch.command({ query: `CREATE TABLE ${table} AS ${target.clickhouse.database}.events` });
  const consumer = fork(
    path.join(root, 'bench/raw-pipeline-consumer.ts'),
    [
      JSON.stringify({
        natsServer,
        natsUser: natsAuth.user,
        natsPass: natsAuth.pass,
        stream: name,
        ...target.clickhouse,
        table,
      }),
    ],
    { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  await new Promise<void>((resolve, reject) => {
    consumer.once('message', () => resolve());
    consumer.once('exit', (code) => reject(new Error(`the raw consumer exited with ${code}`)));
  });
  const js = jetstream(nc);
  const count = async () => {
    const rs = await ch.query({ query: `SELECT count() AS c FROM ${table}`, format: 'JSONEachRow' });
    return Number((await rs.json<{ c: string }>())[0]!.c);
  };

  let stopped = false;
  return {
    consumerPid: consumer.pid!,
    async run(payloads) {
      const before = await count();
      let producing = true;
      let failed: unknown;
      const publisher = (async () => {
        for (;;) {
          const { rows } = await pool.query<{ id: string; payload: string }>(
            `SELECT id, payload FROM ${name} WHERE NOT sent ORDER BY id LIMIT 1000`,
          );
          if (rows.length === 0) {
            if (!producing) return;
            await sleep(5);
            continue;
          }
          const inFlight: Promise<unknown>[] = [];
          for (const r of rows) {
            inFlight.push(js.publish(`${name}.lifecycle`, r.payload, { msgID: randomUUID() }));
            if (inFlight.length >= 512) await inFlight.shift();
          }
          await Promise.all(inFlight);
          await pool.query(`UPDATE ${name} SET sent = true WHERE id = ANY($1::bigint[])`, [
            rows.map((r) => r.id),
          ]);
        }
      })().catch((err: unknown) => {
        failed = err;
      });

      const started = performance.now();
      let next = 0;
      const producer = async () => {
        for (let i = next; i < payloads.length; i = next) {
          next += 1000;
          await pool.query(`INSERT INTO ${name} (payload) SELECT unnest($1::text[])`, [
            payloads.slice(i, i + 1000),
          ]);
        }
      };
      await Promise.all(Array.from({ length: producers }, producer));
      const insertedMs = performance.now() - started;
      producing = false;
      const deadline = performance.now() + 120_000;
      while ((await count()) < before + payloads.length) {
        if (failed) throw failed;
        if (performance.now() > deadline)
          throw new Error('the raw pipeline did not deliver every row in 120 s');
        await sleep(20);
      }
      const visibleMs = performance.now() - started;
      await publisher;
      return { rowsPerSecond: payloads.length / (visibleMs / 1000), insertedMs };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (consumer.exitCode === null) {
        const exited = new Promise((r) => consumer.once('exit', r));
        consumer.kill('SIGTERM');
        await exited;
      }
      await ch.command({ query: `DROP TABLE IF EXISTS ${table}` }).catch(() => {});
      await jsm.streams.delete(name).catch(() => {});
      await pool.query(`DROP TABLE IF EXISTS ${name}`).catch(() => {});
      await ch.close();
      await nc.close();
      await pool.end();
    },
  };
}
