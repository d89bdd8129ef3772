// SPEC 6.3.10: a down analytics store never fails a request that records rows; the readers answer 503
// problem+json with Retry-After while it is down, and read again once it is back.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.js';
import { expectProblem } from '../foundation/fixtures.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { clickhouseUrl } from '../analytics-store/support.js';
import { ownDatabaseUrl, startReaderApp, type ReaderApp } from './support.js';

/** A TCP proxy in front of the test ClickHouse server: closing it is an outage the client sees. */
async function outageProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const proxy = {
    port,
    async up() {
      if (server) return;
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => (client.destroy(), upstream.destroy()));
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', resolve);
      });
    },
    async down() {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      if (s) await new Promise((resolve) => s.close(resolve));
    },
  };
  await proxy.up();
  return proxy;
}

async function seed(app: TestApp) {
  const admin = await app.adminToken();
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'ops', name: 'ops' } });
  await app.call('POST', '/organizations/ops/teams', { token: admin, body: { slug: 't', name: 't' } });
  await app.call('POST', '/organizations/ops/projects', {
    token: admin,
    body: { slug: 'api', name: 'a', team: 't' },
  });
  await app.call('POST', '/environments', { token: admin, body: { slug: 'prod', name: 'prod' } });
  return admin;
}
const ENTRY = { project: 'api', environment: 'prod', entry_type: 'Deployed', description: 'd' };

/** Every reader answers 503 problem+json with Retry-After and `code`; what records rows still succeeds. */
async function expectReadersDown(app: TestApp, admin: string, code: string, openId: string) {
  const reads: Array<[string, string, unknown?]> = [
    ['GET', '/organizations/ops/operations-log'],
    ['GET', `/organizations/ops/operations-log/${openId}`],
    ['POST', `/organizations/ops/operations-log/${openId}/complete`, {}],
    ['GET', '/organizations/ops/projects/api/releases'],
    ['GET', '/organizations/ops/projects/api/releases/1.0.0/components'],
    ['GET', '/organizations/ops/projects/api/score/history'],
    ['GET', '/organizations/ops/events'],
    ['GET', '/organizations/ops/projects/api/events'],
  ];
  for (const [method, path, body] of reads) {
    const res = await app.call(method, path, { token: admin, body });
    expectProblem(res, 503, code);
    expect(res.headers['retry-after'], `${method} ${path}`).toBe('5');
  }
  const recorded = await app.call('POST', '/organizations/ops/operations-log', { token: admin, body: ENTRY });
  expect(recorded.status, recorded.text).toBe(201);
  const release = await app.call('POST', '/organizations/ops/projects/api/releases/1.0.0/components', {
    token: admin,
    body: { components: [{ name: 'a', version: '1' }] },
  });
  expect(release.status, release.text).toBe(202);
  return recorded.body.id as string;
}

describe.skipIf(!clickhouseUrl())('a ClickHouse server that goes away and comes back', () => {
  let r: ReaderApp;
  let proxy: Awaited<ReturnType<typeof outageProxy>>;
  let admin: string;
  let url: URL;

  beforeAll(async () => {
    url = new URL(ownDatabaseUrl());
    proxy = await outageProxy(url);
    const proxied = new URL(url);
    proxied.port = String(proxy.port);
    r = await startReaderApp('clickhouse', { KEEL_ANALYTICS_URL: proxied.toString() });
    admin = await seed(r.app);
  }, 60_000);
  afterAll(async () => {
    await proxy?.up().catch(() => {});
    await r?.close();
    await proxy?.down();
  });

  it('503 with Retry-After while down, recording still succeeds, reads resume when it is back', async () => {
    const open = await r.app.call('POST', '/organizations/ops/operations-log', {
      token: admin,
      body: { ...ENTRY, status: 'open' },
    });
    await r.settle();
    expect(
      (await r.app.call('GET', '/organizations/ops/operations-log', { token: admin })).body,
    ).toHaveLength(1);

    await proxy.down();
    const during = await expectReadersDown(r.app, admin, 'analytics_store_unavailable', open.body.id);

    await proxy.up();
    await r.settle();
    const list = await r.app.call('GET', '/organizations/ops/operations-log', { token: admin });
    expect(list.status, list.text).toBe(200);
    expect(list.body.map((e: { id: string }) => e.id)).toContain(during);
    const done = await r.app.call('POST', `/organizations/ops/operations-log/${open.body.id}/complete`, {
      token: admin,
    });
    expect(done.status, done.text).toBe(200);
    // The store's password never reaches a response or a log line.
    expect(decodeURIComponent(url.password).length).toBeGreaterThan(0);
    expect(r.app.transcript()).not.toContain(decodeURIComponent(url.password));
  }, 60_000);
});

describe('no store to read in this process', () => {
  let app: TestApp;
  let admin: string;
  afterAll(() => app?.close());

  it('KEEL_ANALYTICS_URL unset outside keel serve: readers 503 analytics_store_not_configured', async () => {
    app = await startTestApp();
    admin = await seed(app);
    await expectReadersDown(
      app,
      admin,
      'analytics_store_not_configured',
      '01a20000-0000-7000-8000-000000000001',
    );
  });

  it('a server nobody listens on: 503 analytics_store_unavailable, no password in any answer or log', async () => {
    const password = 'pw-never-shown-4711';
    const other = await startTestApp({
      env: { KEEL_ANALYTICS_URL: `clickhouse://keel:${password}@127.0.0.1:${await freePort()}/keel` },
    });
    try {
      const token = await seed(other);
      await expectReadersDown(
        other,
        token,
        'analytics_store_unavailable',
        '01a20000-0000-7000-8000-000000000001',
      );
      expect(other.transcript()).not.toContain(password);
    } finally {
      await other.close();
    }
  });
});
