// Opens the analytics store the settings select: a ClickHouse server, or the embedded engine.
import path from 'node:path';
import { chdbStore } from './chdb.js';
import { clickhouseStore, parseClickHouseUrl } from './clickhouse.js';
import type { AnalyticsStore } from './port.js';

export function openAnalyticsStore(settings: {
  analyticsUrl: string | null;
  dataDir: string;
}): AnalyticsStore {
  return settings.analyticsUrl
    ? clickhouseStore(parseClickHouseUrl(settings.analyticsUrl))
    : chdbStore(path.join(settings.dataDir, 'analytics'));
}

export { AnalyticsStoreError, type AnalyticsStore, type Row } from './port.js';
export { lit, litList, ident } from './escape.js';
export { ensureTables, DEAD_LETTER_TABLE, type TableSpec, type ColumnSpec } from './ddl.js';
