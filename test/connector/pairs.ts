// The two stream/store pairs a connector runs on: the embedded pair (the PostgreSQL log stream and the
// chdb engine) and the server pair (NATS JetStream and a ClickHouse server). Connector tests run once
// per pair; the server pair runs on KEEL_TEST_NATS_URL and KEEL_TEST_CLICKHOUSE_URL under fresh names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chdbStore } from '../../src/analytics/store/chdb.js';
import { clickhouseStore, parseClickHouseUrl } from '../../src/analytics/store/clickhouse.js';
import { ensureTables } from '../../src/analytics/store/ddl.js';
import type { AnalyticsStore } from '../../src/analytics/store/port.js';
import { analyticsTables } from '../../src/analytics/store/tables.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { natsStream } from '../../src/analytics/stream/nats.js';
import type { StreamPort } from '../../src/analytics/stream/port.js';
import { postgresStream } from '../../src/analytics/stream/postgres.js';
import { uniqueDatabase } from '../analytics-store/contract.js';
import { clickhouseUrl } from '../analytics-store/support.js';
import { deleteNatsStreams, testNatsUrl } from '../stream/nats-server.js';
import { createTestDatabase } from '../support/harness.js';

export interface Pair {
  /** Another connector's view of the same stream: a port of its own (its own pool or connection). */
  openStream(): Promise<StreamPort>;
  store: AnalyticsStore;
  close(): Promise<void>;
}

export interface PairSpec {
  name: string;
  /** False when the servers of the pair are not configured (never in CI, which requires them). */
  enabled: boolean;
  setup(): Promise<Pair>;
}

const embedded: PairSpec = {
  name: 'postgres stream + chdb',
  enabled: true,
  async setup() {
    const db = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-sink-'));
    const pools: Sql[] = [];
    const store = chdbStore(dir, 'keel');
    await ensureTables(store, analyticsTables());
    return {
      store,
      async openStream() {
        const sql = createSql(db.url, 4);
        pools.push(sql);
        return postgresStream(sql, { leaseSeconds: 2 });
      },
      async close() {
        await store.close();
        for (const p of pools) await p.close();
        await db.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const natsUrl = testNatsUrl();
const chUrl = clickhouseUrl();

const servers: PairSpec = {
  name: 'nats + clickhouse server',
  enabled: Boolean(natsUrl && chUrl),
  async setup() {
    const prefix = `t${randomBytes(4).toString('hex')}_`;
    const ports: StreamPort[] = [];
    const store = clickhouseStore({ ...parseClickHouseUrl(chUrl!), database: uniqueDatabase() });
    await ensureTables(store, analyticsTables());
    return {
      store,
      async openStream() {
        const port = await natsStream({ url: natsUrl!, connectTimeoutMs: 2000, connectAttempts: 3, prefix });
        ports.push(port);
        return port;
      },
      async close() {
        for (const p of ports) await p.close();
        await deleteNatsStreams(natsUrl!, prefix);
        await store.command(`DROP DATABASE IF EXISTS ${store.database}`);
        await store.close();
      },
    };
  },
};

export const pairs: PairSpec[] = [embedded, servers];
