// The connector side of the pipeline benchmark in a process of its own, as in production (`keel
// connector` beside `keel api`): the sink worker of the `events` sink with the connector's own batch
// settings, on the benchmark's NATS prefix and ClickHouse database (argv: a JSON object). Stops on SIGTERM.
import pino from 'pino';
import { clickhouseStore, parseClickHouseUrl } from '../src/analytics/store/clickhouse.js';
import { startSinkWorker } from '../src/analytics/connector/sink-worker.js';
import { BATCH_LENGTH, POLL_INTERVAL_MS } from '../src/analytics/topology/topology.js';
import { natsStream } from '../src/analytics/stream/nats.js';

const args = JSON.parse(process.argv[2]!) as {
  natsUrl: string;
  prefix: string;
  clickhouseUrl: string;
  database: string;
};

async function main() {
  const stream = await natsStream({
    url: args.natsUrl,
    connectTimeoutMs: 2000,
    connectAttempts: 3,
    prefix: args.prefix,
  });
  const store = clickhouseStore({ ...parseClickHouseUrl(args.clickhouseUrl), database: args.database });
  const worker = startSinkWorker(
    {
      stream: 'events',
      consumer_group: 'events',
      table: 'events',
      batch_length: BATCH_LENGTH,
      pollMs: POLL_INTERVAL_MS,
    },
    { stream, store, log: pino({ level: 'warn' }) },
  );
  process.once('SIGTERM', () => {
    void (async () => {
      await worker.stop();
      await store.close();
      await stream.close();
      process.exit(0);
    })();
  });
  process.send?.('ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
