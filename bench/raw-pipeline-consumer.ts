// The consumer half of the raw end-to-end pipeline (bench/raw-pipeline.ts), in a process of its own as
// Keel's connector is: a durable JetStream pull consumer, 1000-row batches inserted into ClickHouse as
// JSONEachRow with the official client, each message acknowledged after its batch is stored. No Keel
// code. argv: a JSON object. Stops on SIGTERM.
import { createClient } from '@clickhouse/client';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

const args = JSON.parse(process.argv[2]!) as {
  natsServer: string;
  natsUser?: string;
  natsPass?: string;
  stream: string;
  httpUrl: string;
  username: string;
  password: string;
  table: string;
};
const BATCH = 1000;

async function main() {
  const nc = await connect({
    servers: args.natsServer,
    ...(args.natsUser ? { user: args.natsUser, pass: args.natsPass } : {}),
  });
  const jsm = await jetstreamManager(nc);
  await jsm.consumers.add(args.stream, {
    durable_name: 'raw',
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_ack_pending: 10_000,
  });
  const consumer = await jetstream(nc).consumers.get(args.stream, 'raw');
  const ch = createClient({ url: args.httpUrl, username: args.username, password: args.password });
  let stopping = false;
  const messages = await consumer.consume({ max_messages: 2 * BATCH, idle_heartbeat: 1000 });
  const loop = (async () => {
    let batch: JsMsg[] = [];
    let flushAt = 0;
    const flush = async () => {
      const done = batch;
      batch = [];
      await ch.insert({
        table: args.table,
        values: done.map((m) => m.json<Record<string, unknown>>()),
        format: 'JSONEachRow',
      });
      for (const m of done) m.ack();
    };
    // A partial batch is flushed once no message has arrived for 50 ms (the tail of a run).
    const idle = setInterval(() => {
      if (batch.length > 0 && performance.now() - flushAt > 50) void flush();
    }, 25);
    for await (const m of messages) {
      if (stopping) break;
      batch.push(m);
      flushAt = performance.now();
      if (batch.length >= BATCH) await flush();
    }
    clearInterval(idle);
  })();
  process.once('SIGTERM', () => {
    stopping = true;
    void (async () => {
      await messages.close();
      await loop.catch(() => {});
      await ch.close();
      await nc.close();
      process.exit(0);
    })();
  });
  process.send?.('ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
