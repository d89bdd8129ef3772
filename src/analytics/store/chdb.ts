// Transport to the embedded engine (chdb: ClickHouse 26.x inside this process), the default when no
// server is configured. Only the async API is used, so inserts and reads run off the event loop.
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'chdb';
import { ident } from './escape.js';
import {
  AnalyticsStoreError,
  classifyStoreError,
  jsonEachRow,
  parseJsonEachRow,
  type AnalyticsStore,
  type Row,
} from './port.js';

// chdb allows one active data directory per process; every store opened here shares its session.
let shared: { dir: string; session: Session; users: number } | null = null;

export function chdbStore(dir: string, database = 'keel'): AnalyticsStore {
  const resolved = path.resolve(dir);
  if (shared && shared.dir !== resolved) {
    throw new AnalyticsStoreError(
      'retriable',
      null,
      `the embedded analytics engine already serves ${shared.dir} in this process (one data directory per process)`,
    );
  }
  if (!shared) {
    // The data dir above it stays enterable (the embedded PostgreSQL may run as another user in it).
    fs.mkdirSync(path.dirname(resolved), { recursive: true, mode: 0o755 });
    fs.mkdirSync(resolved, { recursive: true, mode: 0o700 });
    shared = { dir: resolved, session: new Session(resolved), users: 0 };
  }
  shared.users += 1;
  const session = shared.session;
  const db = ident(database);
  let closed = false;

  const run = async (sql: string) => {
    if (closed) throw new AnalyticsStoreError('retriable', null, 'analytics store is closed');
    try {
      return await session.queryAsync(sql, { format: 'JSONEachRow' });
    } catch (err) {
      throw classifyStoreError(err);
    }
  };

  return {
    transport: 'chdb',
    database: db,
    async insert(table, rows) {
      if (rows.length === 0) return;
      if (closed) throw new AnalyticsStoreError('retriable', null, 'analytics store is closed');
      try {
        await session.insert({
          table: `${db}.${ident(table)}`,
          values: jsonEachRow(rows),
          format: 'JSONEachRow',
          settings: { input_format_skip_unknown_fields: 1 },
        });
      } catch (err) {
        throw classifyStoreError(err);
      }
    },
    async query<T extends Row = Row>(sql: string): Promise<T[]> {
      return parseJsonEachRow<T>((await run(sql)).text());
    },
    async command(sql) {
      await run(sql);
    },
    async ping() {
      try {
        await run('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (shared && --shared.users === 0) {
        shared.session.close();
        shared = null;
      }
    },
  };
}
