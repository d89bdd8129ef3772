// The sink configuration of SPEC 4.7: one sink per analytics-bound stream, generated from the topology
// and Keel's own settings only. `keel connector` reads it through GET /connectors/config; `keel serve`
// hands it to its connector in process.
import { Type, type Static } from 'typebox';

import { storeTargetOf, type StoreTarget } from '../store/index.js';
import type { Settings } from '../../config/settings.js';

import { BATCH_LENGTH, POLL_INTERVAL_MS, sinks } from '../topology/topology.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const PluginConfig = Type.Object({
  /** `clickhouse`: a server at `url`; `chdb`: the embedded engine of the process serving the config. */
  transport: Type.Union([Type.Literal('clickhouse'), Type.Literal('chdb')]),
  url: Nullable(Type.String()),
  database: Type.String(),
  username: Nullable(Type.String()),
  password: Nullable(Type.String()),
});

export const Sink = Type.Object({
  name: Type.String(),
  stream: Type.String(),
  topics: Type.Array(Type.String()),
  schema: Type.Literal('json'),
  insert_format: Type.Literal('json_each_row'),
  batch_length: Type.Integer(),
  poll_interval: Type.String(),
  consumer_group: Type.String(),
  table: Type.String(),
  mode: Type.Union([Type.Literal('deduplicate'), Type.Literal('plain')]),
  key: Type.Array(Type.String()),
  version: Nullable(Type.String()),
  plugin_config: PluginConfig,
});
export type Sink = Static<typeof Sink>;

export const SinkConfig = Type.Object({ sinks: Type.Array(Sink) });
export type SinkConfig = Static<typeof SinkConfig>;

function pluginConfig(settings: Pick<Settings, 'analyticsUrl'>): Static<typeof PluginConfig> {
  const t = storeTargetOf(settings);
  if (t.transport === 'chdb') {
    return { transport: 'chdb', url: null, database: t.database, username: null, password: null };
  }
  return {
    transport: 'clickhouse',
    url: t.httpUrl,
    database: t.database,
    username: t.username,
    password: t.password,
  };
}

/** The store a sink's plugin configuration names. */
export function targetOfPlugin(plugin: Static<typeof PluginConfig>): StoreTarget {
  if (plugin.transport === 'chdb') return { transport: 'chdb', database: plugin.database };
  return {
    transport: 'clickhouse',
    httpUrl: plugin.url ?? '',
    username: plugin.username ?? 'default',
    password: plugin.password ?? '',
    database: plugin.database,
  };
}

export function sinkConfig(settings: Pick<Settings, 'analyticsUrl'>): SinkConfig {
  const plugin = pluginConfig(settings);
  return {
    sinks: sinks().map(([stream, def]) => ({
      name: `${stream}_to_${def.table}`,
      stream,
      topics: [...def.topics],
      schema: 'json' as const,
      insert_format: 'json_each_row' as const,
      batch_length: BATCH_LENGTH,
      poll_interval: `${POLL_INTERVAL_MS}ms`,
      consumer_group: def.table,
      table: def.table,
      mode: def.storage.mode,
      key: [...def.storage.key],
      version: def.storage.mode === 'deduplicate' ? def.storage.version : null,
      plugin_config: plugin,
    })),
  };
}
