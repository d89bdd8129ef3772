// A database that cannot be reached (restarting, cut off by the network, refusing connections) is a 503
// the client may retry, never a 500, and a request never waits on it without bound: the pool gives up
// on a new connection after CONNECT_TIMEOUT_MS. Against a real PostgreSQL, reached through a relay the
// test can cut.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createSql } from '../../src/db/sql.js';
import { databaseUnavailable } from '../../src/db/unavailable.js';
import { createTestDatabase, startTestApp, type TestApp } from '../support/harness.js';

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** A TCP relay to the test database that can stop answering, or refuse, new connections. */
async function relay() {
  const target = new URL(db.url);
  const sockets = new Set<net.Socket>();
  let mode: 'relay' | 'silent' = 'relay';
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'silent') return; // accepts and never answers: a host that went quiet
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(db.url);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    /** Cuts every open connection; new ones are accepted and left unanswered. */
    goSilent() {
      mode = 'silent';
      for (const s of sockets) s.destroy();
    },
    /** Cuts every open connection and stops listening: new ones are refused. */
    async refuse() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

describe('databaseUnavailable', () => {
  it('is true for a refused connection', async () => {
    const r = await relay();
    await r.refuse();
    const sql = createSql(r.url, 2);
    try {
      const err = await failure(sql.query('SELECT 1'));
      expect(databaseUnavailable(err), String(err)).toBe(true);
    } finally {
      await sql.close();
    }
  });

  it('is true for a connection the server ends (what a fast shutdown sends: 57P01)', async () => {
    const sql = createSql(db.url, 2);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const pid = (await sql.one<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!.pid;
      const sleeping = failure(sql.query('SELECT pg_sleep(20), pg_backend_pid() = $1 AS same', [pid]));
      // Terminate every other backend of this database: the sleeping statement's among them.
      await new Promise((r) => setTimeout(r, 300));
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      const err = await sleeping;
      expect(databaseUnavailable(err), String(err)).toBe(true);
    } finally {
      await admin.end();
      await sql.close();
    }
  });

  it('is true when no connection can be had in time from a host that does not answer', async () => {
    const r = await relay();
    r.goSilent();
    const sql = createSql(r.url, 2);
    try {
      // Without the pool's connect timeout this waits for ever (the test's own timeout fails it).
      const err = await failure(sql.query('SELECT 1'));
      expect(databaseUnavailable(err), String(err)).toBe(true);
    } finally {
      r.close();
      await sql.close();
    }
  });

  it("is false for a statement's own errors", async () => {
    const sql = createSql(db.url, 2);
    try {
      await sql.query('CREATE TEMP TABLE IF NOT EXISTS u (n int PRIMARY KEY)');
      expect(databaseUnavailable(await failure(sql.query('SELEC 1')))).toBe(false);
      expect(databaseUnavailable(await failure(sql.query('SELECT 1/0')))).toBe(false);
      expect(databaseUnavailable(await failure(sql.query("SELECT 'x'::int")))).toBe(false);
      expect(databaseUnavailable(new Error('something else'))).toBe(false);
      expect(databaseUnavailable(undefined)).toBe(false);
    } finally {
      await sql.close();
    }
  });
});

describe('the API while its database is unreachable', () => {
  let app: TestApp;
  let r: Awaited<ReturnType<typeof relay>>;
  let token: string;

  beforeAll(async () => {
    r = await relay();
    app = await startTestApp({ database: { url: r.url } });
    token = await app.adminToken();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    r?.close();
  });

  it('answers 503 problem+json with Retry-After, not 500', async () => {
    expect((await app.call('GET', '/organizations', { token })).status).toBe(200);
    await r.refuse();
    for (const [method, path, body] of [
      ['GET', '/organizations', undefined],
      ['POST', '/organizations', { slug: 'down', name: 'Down' }],
    ] as const) {
      const res = await app.call(method, path, { token, ...(body ? { body } : {}) });
      expect(res.status, res.text).toBe(503);
      expect(String(res.headers['content-type'])).toContain('application/problem+json');
      expect(res.body.code).toBe('database_unavailable');
      expect(res.headers['retry-after']).toBe('2');
    }
    const ready = await app.call('GET', '/ready');
    expect(ready.status).toBe(503);
  });
});
