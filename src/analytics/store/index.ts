// The one place an analytics store is opened: a ClickHouse server, or the embedded engine. The
// connector opens the target its sink configuration names; the readers open the one the settings name.
import path from 'node:path';
import { chdbStore } from './chdb.js';
import { clickhouseStore, parseClickHouseUrl, type ClickHouseTarget } from './clickhouse.js';
import type { AnalyticsStore } from './port.js';

/** Where an analytics store lives. */
export type StoreTarget =
  { transport: 'chdb'; database: string } | ({ transport: 'clickhouse' } & ClickHouseTarget);

/** The store the settings select: KEEL_ANALYTICS_URL, or the embedded engine under the data dir. */
export function storeTargetOf(settings: { analyticsUrl: string | null }): StoreTarget {
  return settings.analyticsUrl
    ? { transport: 'clickhouse', ...parseClickHouseUrl(settings.analyticsUrl) }
    : { transport: 'chdb', database: 'keel' };
}

export function openStore(
  target: StoreTarget,
  where: { dataDir: string },
  opts: { requestTimeoutMs?: number } = {},
): AnalyticsStore {
  if (target.transport === 'chdb') return chdbStore(path.join(where.dataDir, 'analytics'), target.database);
  const { transport: _transport, ...server } = target;
  return clickhouseStore(server, opts);
}

/** The store the settings select (tests and tools that read what the connector wrote). */
export function openAnalyticsStore(settings: {
  analyticsUrl: string | null;
  dataDir: string;
}): AnalyticsStore {
  return openStore(storeTargetOf(settings), settings);
}

export { AnalyticsStoreError, type AnalyticsStore, type Row } from './port.js';
export { lit, litList, ident } from './escape.js';
export { ensureTables, DEAD_LETTER_TABLE, type TableSpec, type ColumnSpec } from './ddl.js';
