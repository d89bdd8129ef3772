// `keel serve` over HTTP, the whole corridor: request -> outbox -> relay -> stream -> connector ->
// analytics store -> readers. Embedded (PostgreSQL stream, chdb shared by the connector and the
// readers) and with servers (NATS JetStream of the test's own, the ClickHouse server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot } from '../../src/app/boot.js';
import { allDomains } from '../../src/app/domains.js';
import { run, type Running } from '../../src/app/run.js';
import { clickhouseStore, parseClickHouseUrl } from '../../src/analytics/store/clickhouse.js';
import { loadSettings } from '../../src/config/settings.js';
import { clickhouseUrl } from '../analytics-store/support.js';
import { createTestDatabase, testEnv } from '../support/harness.js';
import { ownNats, testNatsUrl, type OwnNats } from '../stream/nats-server.js';
import { eventually, ownDatabaseUrl } from './support.js';

const ADMIN = { email: 'root@example.com', password: `Pw-${randomBytes(12).toString('hex')}` };

interface Served {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  stop(): Promise<void>;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const db = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-e2e-'));
  const settings = loadSettings(
    testEnv(db.url, {
      KEEL_DATA_DIR: dataDir,
      KEEL_CONNECTOR_API_KEY: randomBytes(32).toString('base64url'),
      KEEL_BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
      KEEL_BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
      KEEL_LOG_LEVEL: 'warn',
      ...env,
    }),
  );
  const running: Running = await run(await boot(settings, allDomains()), 'serve');
  const base = running.url!;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return {
    async call(method, p, body) {
      const res = await fetch(`${base}${p}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    async stop() {
      await running.stop();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same story on any corridor: open, complete, release components, all read back over HTTP. */
async function story(k: Served) {
  const ok = (r: { status: number; body: unknown }, status: number) =>
    expect(r.status, JSON.stringify(r.body)).toBe(status);
  ok(await k.call('POST', '/organizations', { slug: 'ops', name: 'Ops' }), 201);
  ok(await k.call('POST', '/organizations/ops/teams', { slug: 't', name: 'T' }), 201);
  ok(await k.call('POST', '/organizations/ops/projects', { slug: 'api', name: 'API', team: 't' }), 201);
  ok(await k.call('POST', '/environments', { slug: 'prod', name: 'Prod' }), 201);

  const open = await k.call('POST', '/organizations/ops/operations-log', {
    project: 'api',
    environment: 'prod',
    entry_type: 'Maintenance',
    description: 'database upgrade',
    status: 'open',
  });
  ok(open, 201);
  // Completed right away: the open row is usually not in the store yet; the service looks again after
  // one poll interval, and the client retries a 404 like any read-after-write.
  const done = await eventually(
    () => k.call('POST', `/organizations/ops/operations-log/${open.body.id}/complete`, {}),
    (r) => r.status !== 404,
    20_000,
  );
  ok(done, 200);
  const read = await eventually(
    () => k.call('GET', `/organizations/ops/operations-log/${open.body.id}`),
    (r) => r.status === 200 && r.body.status === 'completed',
    20_000,
  );
  expect(read.body).toEqual(done.body);
  const list = await k.call('GET', '/organizations/ops/operations-log?project=api&environment=prod');
  expect(list.body.map((e: { id: string; status: string }) => [e.id, e.status])).toEqual([
    [open.body.id, 'completed'],
  ]);

  const batch = await k.call('POST', '/organizations/ops/projects/api/releases/1.2.0/components', {
    components: [
      { name: 'db', version: '16.2', purl: 'pkg:generic/postgresql@16.2' },
      { name: 'api', version: '1.2.0' },
    ],
  });
  ok(batch, 202);
  const components = await eventually(
    () => k.call('GET', '/organizations/ops/projects/api/releases/1.2.0/components'),
    (r) => r.status === 200 && r.body.batch_id === batch.body.batch_id,
    20_000,
  );
  expect(components.body.components).toEqual([
    { name: 'api', version: '1.2.0', purl: null },
    { name: 'db', version: '16.2', purl: 'pkg:generic/postgresql@16.2' },
  ]);
  const history = await k.call('GET', '/organizations/ops/projects/api/score/history');
  ok(history, 200);

  // The activity of the organization and of its project, from the events the connector wrote.
  const activity = await eventually(
    () => k.call('GET', '/organizations/ops/events'),
    (r) => r.status === 200 && r.body.length === 3,
    20_000,
  );
  expect(activity.body.map((e: { type: string }) => e.type)).toEqual([
    'project.created',
    'team.created',
    'organization.created',
  ]);
  const projectActivity = await k.call('GET', '/organizations/ops/projects/api/events');
  expect(projectActivity.body.map((e: { by: string; type: string }) => [e.type, e.by])).toEqual([
    ['project.created', ADMIN.email],
  ]);
}

describe('keel serve, embedded: PostgreSQL stream, chdb shared by connector and readers', () => {
  let k: Served;
  beforeAll(async () => {
    k = await serve({});
  }, 60_000);
  afterAll(() => k?.stop());
  it('records, moves and reads back', () => story(k), 90_000);
});

describe.skipIf(!clickhouseUrl() || !testNatsUrl())(
  'keel serve with servers: NATS JetStream, ClickHouse',
  () => {
    let k: Served;
    let nats: OwnNats;
    let analyticsUrl: string;
    beforeAll(async () => {
      nats = await ownNats();
      analyticsUrl = ownDatabaseUrl();
      k = await serve({ KEEL_STREAM_URL: nats.url, KEEL_ANALYTICS_URL: analyticsUrl });
    }, 60_000);
    afterAll(async () => {
      await k?.stop();
      await nats?.destroy();
      const store = clickhouseStore(parseClickHouseUrl(analyticsUrl));
      await store.command(`DROP DATABASE IF EXISTS ${store.database}`).catch(() => {});
      await store.close();
    });
    it('records, moves and reads back', () => story(k), 90_000);
  },
);
