// A network cut between Keel and PostgreSQL (the multi-host test's fault 2): packets stop, nothing is
// closed. A statement sent before the cut waited for TCP to give up (minutes); now every call of the
// service's pool is bounded (KEEL_DATABASE_QUERY_TIMEOUT_MS, _CONNECT_TIMEOUT_MS), the broken
// connection is discarded, and the request answers 503 database_unavailable with Retry-After. When
// the network returns, requests, the LISTEN connection, the outbox relay and the scheduler's claim
// loop recover by themselves. Against a real PostgreSQL, through a TCP proxy in the test that can
// freeze (stop forwarding without closing anything).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRelay } from '../../src/analytics/relay/relay.js';
import { backlog } from '../../src/analytics/outbox/store.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { insertSchedule } from '../../src/scheduler/store.js';
import { createTestDatabase, startTestApp, type TestApp } from '../support/harness.js';
import { dueSystemSchedule, eventually, startSchedulerApp, type SchedulerApp } from '../scheduler/support.js';

/** A TCP proxy to PostgreSQL that can freeze: bytes stop both ways, connections stay open. */
async function freezableProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const waiting = new Set<net.Socket>();
  let frozen = false;
  const flow = (p: { client: net.Socket; upstream: net.Socket }) => {
    p.client.pipe(p.upstream);
    p.upstream.pipe(p.client);
  };
  const wire = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    // A close crosses the proxy only while it forwards: across a cut, neither end hears of the other.
    const closed = (other: net.Socket) => () => {
      if (!frozen) {
        pairs.delete(pair);
        other.destroy();
      }
    };
    client.on('close', closed(upstream));
    upstream.on('close', closed(client));
    upstream.on('error', () => {});
    flow(pair);
  };
  const server = net.createServer((client) => {
    client.on('error', () => {});
    if (!frozen) return wire(client);
    // Accepted, and never answered until the network returns (a SYN that got through, then silence).
    client.pause();
    waiting.add(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const p of pairs) {
        p.client.unpipe(p.upstream);
        p.upstream.unpipe(p.client);
        p.client.pause();
        p.upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const p of [...pairs]) {
        // An end that closed during the cut: the other hears of it now (as a reset would tell it).
        if (p.client.destroyed || p.upstream.destroyed) {
          p.client.destroy();
          p.upstream.destroy();
          pairs.delete(p);
        } else flow(p);
      }
      for (const c of waiting) if (!c.destroyed) wire(c);
      waiting.clear();
    },
    close() {
      for (const p of pairs) [p.client, p.upstream].forEach((s) => s.destroy());
      for (const c of waiting) c.destroy();
      server.close();
    },
  };
}

/** The bounds under test, short so that the test is quick. */
const STATEMENT_MS = 1000;
const QUERY_MS = 1500;
const CONNECT_MS = 1000;
/** A request with no answer by then is a hang (far above any bound, so load cannot fake one). */
const HANG_MS = 10_000;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: Awaited<ReturnType<typeof freezableProxy>>;
let app: SchedulerApp;
let direct: Sql;
let replica: TestApp;
let admin: string;
const statuses: number[] = [];

async function send(method: string, path: string, token: string | undefined, body?: unknown) {
  const started = Date.now();
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(HANG_MS),
  });
  const text = await res.text();
  statuses.push(res.status);
  return { status: res.status, headers: res.headers, text, ms: Date.now() - started };
}

beforeAll(async () => {
  db = await createTestDatabase();
  proxy = await freezableProxy(db.url);
  app = await startSchedulerApp({
    database: { url: proxy.url },
    env: {
      KEEL_DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS),
      KEEL_DATABASE_QUERY_TIMEOUT_MS: String(QUERY_MS),
      KEEL_DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      KEEL_DATABASE_POOL_SIZE: '4',
    },
  });
  direct = createSql(db.url, 2);
  // Another replica, on the database directly: its writes reach the cut one through NOTIFY only.
  const auth = app.runtime.core.settings.auth;
  replica = await startTestApp({
    database: { url: db.url },
    env: {
      KEEL_AUTH_JWT_PRIVATE_KEY: auth.jwtPrivateKey!,
      KEEL_AUTH_ENCRYPTION_KEY: auth.encryptionKey!.toString('base64'),
    },
  });
  admin = await app.adminToken();
}, 120_000);

afterAll(async () => {
  proxy?.thaw();
  await app?.scheduler.engine.stop();
  await replica?.api.close();
  await replica?.runtime.close();
  await direct?.close();
  await app?.api.close();
  await app?.runtime.close();
  proxy?.close();
  await db?.drop();
});

describe('a replica cut off from PostgreSQL by the network', () => {
  it('answers 503 database_unavailable within its bounds, never hangs nor 500s, and recovers by itself', async () => {
    const user = await app.user('cut@example.com');
    expect((await send('GET', '/auth/me', user)).status).toBe(200);
    expect((await send('POST', '/organizations', admin, { slug: 'before', name: 'Before' })).status).toBe(
      201,
    );
    // Every pooled connection idle and open, so that the first requests send their statements on them.
    const sql = app.runtime.core.sql;
    await Promise.all([0, 1, 2, 3].map(() => sql.query('SELECT pg_sleep(0.05)')));
    expect(sql.pool.idleCount).toBe(4);
    // The long-running paths, on the cut replica's pool: the relay and the scheduler's claim loop.
    const relay = outboxRelay(app.runtime.core, { backoffMaxMs: 500, idleMs: 50 });
    let relayLoop: { stop(): Promise<void> } | undefined;
    try {
      proxy.freeze();
      // Writes on pooled connections whose statements will never be answered, then (the pool's
      // connections discarded) on new connections that never complete: each answer within the bound.
      for (let wave = 0; wave < 2; wave++) {
        const answers = await Promise.all([
          send('POST', '/organizations', admin, { slug: `cut-${wave}-a`, name: 'Cut' }),
          send('POST', '/organizations', admin, { slug: `cut-${wave}-b`, name: 'Cut' }),
          send('GET', `/organizations?limit=${3 + wave}`, admin),
          send('GET', '/ready', undefined),
        ]);
        for (const a of answers) {
          expect(a.status, a.text).toBe(503);
          expect(a.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
          expect(JSON.parse(a.text).code).toBe('database_unavailable');
        }
        for (const a of answers.slice(0, 3)) expect(a.headers.get('retry-after')).toBe('2');
      }
      relayLoop = relay.start();
      app.scheduler.engine.start();
      // Long enough for the LISTEN connection's ping to time out, and the relay and claim loop to fail.
      await new Promise((r) => setTimeout(r, 6000));
      proxy.thaw();

      // Requests succeed again, without a restart.
      await eventually(async () => (await send('GET', '/ready', undefined)).status === 200, 20_000);
      const after = await send('POST', '/organizations', admin, { slug: 'after', name: 'After' });
      expect(after.status, after.text).toBe(201);
      // Nothing a cut write sent is stored half: none of them committed.
      const orgs = await direct.query<{ slug: string }>(
        `SELECT props->>'slug' AS slug FROM graph_nodes WHERE label = 'Organization' AND props->>'slug' LIKE 'cut-%'`,
      );
      expect(orgs).toEqual([]);

      // The scheduler's claim loop claims and fires a schedule due now; the relay publishes its row.
      const schedule = dueSystemSchedule('after-cut', '/health?after-cut', new Date());
      await insertSchedule(direct, schedule);
      await eventually(async () => {
        const run = await direct.one<{ state: string }>(
          'SELECT state FROM scheduler.runs WHERE schedule_id = $1',
          [schedule.id],
        );
        return run?.state === 'succeeded';
      }, 20_000);
      await eventually(async () => (await backlog(direct)).depth === 0, 20_000);

      // The cut replica hears the other replica's writes again (NOTIFY): a deleted user's token is
      // refused on it.
      expect((await send('GET', '/auth/me', user)).status).toBe(200);
      const deleted = await replica.call('DELETE', '/users/cut@example.com', { token: admin });
      expect(deleted.status, deleted.text).toBe(204);
      await eventually(async () => (await send('GET', '/auth/me', user)).status === 401, 10_000);
    } finally {
      proxy.thaw();
      await relayLoop?.stop();
      await app.scheduler.engine.stop();
    }
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(app.logs.filter((l) => l.includes('unhandled error'))).toEqual([]);
  }, 120_000);
});
