// The store contract against a ClickHouse server (KEEL_TEST_CLICKHOUSE_URL; 18.16 in CI).
import { describe, expect, it } from 'vitest';
import { clickhouseStore, parseClickHouseUrl } from '../../src/analytics/store/clickhouse.js';
import { AnalyticsStoreError } from '../../src/analytics/store/port.js';
import { storeContract, topologyContract, uniqueDatabase } from './contract.js';
import { clickhouseUrl } from './support.js';

const url = clickhouseUrl();

describe.skipIf(!url)('ClickHouse server transport', () => {
  storeContract('clickhouse', async () =>
    clickhouseStore({ ...parseClickHouseUrl(url!), database: uniqueDatabase() }),
  );
  topologyContract(async () => clickhouseStore({ ...parseClickHouseUrl(url!), database: uniqueDatabase() }));

  it('reports a store that does not answer as retriable', async () => {
    const down = clickhouseStore({ ...parseClickHouseUrl(url!), httpUrl: 'http://127.0.0.1:9' });
    expect(await down.ping()).toBe(false);
    const err = await down.insert('t', [{ a: 1 }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalyticsStoreError);
    expect((err as AnalyticsStoreError).kind).toBe('retriable');
    await down.close();
  });

  it('reads its parts from clickhouse://user:password@host:port/db', () => {
    expect(parseClickHouseUrl('clickhouse://u%40x:p%2Fw@127.0.0.1:8123/keel')).toEqual({
      httpUrl: 'http://127.0.0.1:8123',
      username: 'u@x',
      password: 'p/w',
      database: 'keel',
    });
    expect(parseClickHouseUrl('clickhouses://u:p@ch.example:8443/db').httpUrl).toBe(
      'https://ch.example:8443',
    );
  });
});
