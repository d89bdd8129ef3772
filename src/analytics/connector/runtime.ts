// The connector runtime (`keel connector`, and inside `keel serve`): reads its sinks once at start
// (`keel connector` from GET /connectors/config, `keel serve` in process; a topic added later takes
// effect after a restart, SPEC 6.3.9) and runs one sink worker per sink.
import type { FastifyBaseLogger } from 'fastify';
import { DEAD_LETTER_TABLE, ensureTables } from '../store/ddl.js';
import { openStore } from '../store/index.js';
import type { AnalyticsStore } from '../store/port.js';
import { analyticsTables } from '../store/tables.js';
import type { Settings } from '../../config/settings.js';
import type { StreamPort } from '../stream/port.js';
import { CONNECTOR_KEY_HEADER } from './routes.js';
import { backoffMs, Sleeper } from '../../lib/background.js';
import { startSinkWorker, type SinkStats } from './sink-worker.js';
import { POLL_INTERVAL_MS } from '../topology/topology.js';
import { targetOfPlugin, type SinkConfig } from './sinks.js';

/**
 * Reads the sink configuration. A redirect is not followed: fetch would send the key (a custom header)
 * on to whatever origin the redirect names, and the configuration it brought back (database addresses
 * and passwords) would be trusted. Point KEEL_CONNECTOR_CONFIG_URL at the endpoint itself.
 */
export async function fetchSinkConfig(url: string, key: string): Promise<SinkConfig> {
  const res = await fetch(url, {
    headers: { [CONNECTOR_KEY_HEADER]: key },
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new Error(
      `GET ${url} answered ${res.status} (a redirect, not followed: the key stays with ${new URL(url).origin})`,
    );
  }
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
  const body = (await res.json()) as SinkConfig;
  if (!Array.isArray(body?.sinks)) throw new Error(`GET ${url} did not return a sink configuration`);
  return body;
}

export interface ConnectorDeps {
  settings: Pick<Settings, 'dataDir'>;
  stream: StreamPort;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The sink configuration; retried with backoff until it answers (the API may start after us). */
  sinks: () => Promise<SinkConfig>;
  statsIntervalMs?: number;
}

export interface Connector {
  /** Per sink (by stream): rows written, batches, retries, dead-lettered rows, lag. */
  stats(): Record<string, SinkStats>;
  stop(): Promise<void>;
}

export async function startConnector(deps: ConnectorDeps): Promise<Connector> {
  const workers = new Map<string, ReturnType<typeof startSinkWorker>>();
  const stores: AnalyticsStore[] = [];
  const sleeper = new Sleeper();
  let timer: NodeJS.Timeout | undefined;

  // Start-up runs in the background: the config endpoint or the store may come up after us.
  const starting = (async () => {
    let config: SinkConfig | null = null;
    for (let attempt = 0; !sleeper.stopped && !config; attempt++) {
      try {
        config = await deps.sinks();
      } catch (err) {
        deps.log.warn(
          { err: (err as Error).message, attempt: attempt + 1 },
          'connector: sink configuration unavailable; retrying',
        );
        await sleeper.sleep(backoffMs(attempt, 200, 10_000));
      }
    }
    if (!config || sleeper.stopped) return;
    deps.log.info(
      { sinks: config.sinks.length },
      'connector: sink configuration read; opening the analytics store',
    );
    const tables = analyticsTables();
    const byPlugin = new Map<string, AnalyticsStore>();
    for (const sink of config.sinks) {
      const id = JSON.stringify(sink.plugin_config);
      let store = byPlugin.get(id);
      if (!store) {
        store = openStore(targetOfPlugin(sink.plugin_config), deps.settings);
        stores.push(store);
        byPlugin.set(id, store);
        const wanted = tables.filter(
          (t) => t.name === DEAD_LETTER_TABLE.name || config.sinks.some((s) => s.table === t.name),
        );
        for (let attempt = 0; !sleeper.stopped; attempt++) {
          try {
            await ensureTables(store, wanted);
            break;
          } catch (err) {
            deps.log.warn(
              { err: (err as Error).message, attempt: attempt + 1 },
              'connector: analytics store unavailable; retrying',
            );
            await sleeper.sleep(backoffMs(attempt, 200, 10_000));
          }
        }
      }
      if (sleeper.stopped) return;
      workers.set(
        sink.stream,
        startSinkWorker(
          {
            stream: sink.stream,
            consumer_group: sink.consumer_group,
            table: sink.table,
            batch_length: sink.batch_length,
            pollMs: Number.parseInt(sink.poll_interval, 10) || POLL_INTERVAL_MS,
          },
          { stream: deps.stream, store, log: deps.log },
        ),
      );
    }
    deps.log.info({ sinks: config.sinks.map((s) => s.stream) }, 'connector: sinks started');
    let last = '';
    timer = setInterval(() => {
      const now = JSON.stringify(stats());
      if (now !== last) deps.log.info({ sinks: stats() }, 'connector: sink statistics');
      last = now;
    }, deps.statsIntervalMs ?? 10_000);
    timer.unref();
  })();
  starting.catch((err: unknown) =>
    deps.log.error({ err: (err as Error).message }, 'connector: start failed'),
  );

  const stats = () => Object.fromEntries([...workers].map(([s, w]) => [s, { ...w.stats }]));
  return {
    stats,
    async stop() {
      sleeper.stop();
      clearInterval(timer);
      await starting.catch(() => {});
      await Promise.all([...workers.values()].map((w) => w.stop()));
      for (const s of stores) await s.close().catch(() => {});
    },
  };
}
