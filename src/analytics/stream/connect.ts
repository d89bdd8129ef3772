// Picks the stream adapter from KEEL_STREAM_URL and connects, or fails start-up naming the setting.
import type { Settings } from '../../config/settings.js';
import type { Sql } from '../../db/sql.js';
import { TOPOLOGY, type StreamDef } from '../topology/topology.js';
import type { StreamLog } from './nats.js';
import type { StreamPort } from './port.js';
import { postgresStream } from './postgres.js';

/** Every stream of the topology that rows are recorded on, with its topics (not those declared for later). */
export function topologyStreams(): Record<string, readonly string[]> {
  const defs: Array<[string, StreamDef]> = Object.entries(TOPOLOGY);
  return Object.fromEntries(
    defs.filter(([, def]) => !def.future).map(([stream, def]) => [stream, def.topics]),
  );
}

export async function connectStream(
  settings: Pick<Settings, 'stream'>,
  sql: Sql,
  options: { prefix?: string; log?: StreamLog } = {},
): Promise<StreamPort> {
  const { url, connectTimeoutMs, connectAttempts, replicas } = settings.stream;
  if (url === 'postgres') return postgresStream(sql);
  // Loaded only when used: the NATS client is a large import for processes on the postgres stream.
  const { natsStream } = await import('./nats.js');
  // Every stream is created (or checked) now, with KEEL_STREAM_REPLICAS replicas: a replica count
  // the servers cannot hold fails start-up, naming the setting (docs/analytics.md, "Replicas").
  return natsStream({
    url,
    connectTimeoutMs,
    connectAttempts,
    replicas,
    streams: topologyStreams(),
    ...options,
  });
}
