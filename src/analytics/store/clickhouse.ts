// Transport to a ClickHouse server (production): @clickhouse/client over HTTP. Written against 18.16,
// the oldest server we support: always an explicit JSONEachRow format, no query parameters.
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';
import { ident } from './escape.js';
import { classifyStoreError, parseJsonEachRow, type AnalyticsStore, type Row } from './port.js';

export interface ClickHouseTarget {
  /** http(s)://host:port of the server's HTTP interface. */
  httpUrl: string;
  username: string;
  password: string;
  database: string;
}

/** Splits `clickhouse://user:password@host:8123/db` (`clickhouses://` for TLS) into its parts. */
export function parseClickHouseUrl(raw: string): ClickHouseTarget {
  const u = new URL(raw);
  const scheme = u.protocol === 'clickhouses:' ? 'https' : 'http';
  return {
    httpUrl: `${scheme}://${u.hostname.includes(':') ? `[${u.hostname}]` : u.hostname}:${u.port || (scheme === 'https' ? '8443' : '8123')}`,
    username: decodeURIComponent(u.username) || 'default',
    password: decodeURIComponent(u.password),
    database: ident(u.pathname.replace(/^\//, '') || 'keel'),
  };
}

// Settings that make both engines behave alike: unknown fields in a row are skipped (a producer may
// be a release ahead of the table), and 64-bit integers come back as JSON numbers.
const SETTINGS = {
  input_format_skip_unknown_fields: 1,
  output_format_json_quote_64bit_integers: 0,
} as const;

export function clickhouseStore(target: ClickHouseTarget, opts: { requestTimeoutMs?: number } = {}) {
  const client: ClickHouseClient = createClient({
    url: target.httpUrl,
    username: target.username,
    password: target.password,
    request_timeout: opts.requestTimeoutMs ?? 30_000,
    // The server keeps idle sockets for a few seconds; a shorter client idle time avoids reusing one
    // the server is closing (a spurious ECONNRESET).
    keep_alive: { enabled: true, idle_socket_ttl: 1_500 },
    clickhouse_settings: SETTINGS,
    // Errors reach the caller classified; the client's own logger would print them a second time.
    log: { level: ClickHouseLogLevel.OFF },
  });
  const db = target.database;
  const store: AnalyticsStore = {
    transport: 'clickhouse',
    database: db,
    async insert(table, rows) {
      if (rows.length === 0) return;
      try {
        await client.insert({
          table: `${db}.${ident(table)}`,
          values: rows as Row[],
          format: 'JSONEachRow',
        });
      } catch (err) {
        throw classifyStoreError(err);
      }
    },
    async query<T extends Row = Row>(sql: string): Promise<T[]> {
      try {
        const rs = await client.query({ query: sql, format: 'JSONEachRow' });
        return parseJsonEachRow<T>(await rs.text());
      } catch (err) {
        throw classifyStoreError(err);
      }
    },
    async command(sql) {
      try {
        await client.command({ query: sql });
      } catch (err) {
        throw classifyStoreError(err);
      }
    },
    async ping() {
      try {
        await client.query({ query: 'SELECT 1', format: 'JSONEachRow' }).then((r) => r.text());
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await client.close();
    },
  };
  return store;
}
