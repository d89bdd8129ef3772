// Picks the stream adapter from KEEL_STREAM_URL and connects, or fails start-up naming the setting.
import type { Settings } from '../../config/settings.js';
import type { Sql } from '../../db/sql.js';
import type { StreamPort } from './port.js';
import { postgresStream } from './postgres.js';

export async function connectStream(
  settings: Pick<Settings, 'stream'>,
  sql: Sql,
  options: { prefix?: string } = {},
): Promise<StreamPort> {
  const { url, connectTimeoutMs, connectAttempts } = settings.stream;
  if (url === 'postgres') return postgresStream(sql);
  // Loaded only when used: the NATS client is a large import for processes on the postgres stream.
  const { natsStream } = await import('./nats.js');
  return natsStream({ url, connectTimeoutMs, connectAttempts, ...options });
}
