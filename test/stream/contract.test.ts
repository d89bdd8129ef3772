// One contract, both stream adapters (SPEC 6.1, 6.3): what the relay and the connector rely on.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { createSql, type Sql } from '../../src/db/sql.js';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { natsStream } from '../../src/analytics/stream/nats.js';
import { postgresStream, streamLogMigrations } from '../../src/analytics/stream/postgres.js';
import type { DeliveredMessage, OutgoingMessage, StreamPort } from '../../src/analytics/stream/port.js';
import { jetstreamManager } from '@nats-io/jetstream';
import { connectNats, deleteNatsStreams, ownNats, testNatsUrl } from './nats-server.js';

const natsUrl = testNatsUrl();

/** What a test may set on a port: how long its streams keep a message (set when a stream is created). */
interface PortOptions {
  maxAgeMs?: number;
}

interface Harness {
  /** A port on the stream server; a second call is a second process. */
  open(options?: PortOptions): Promise<StreamPort>;
  /** Stops and starts the server itself. */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

const msg = (i: number, headers: Record<string, string> = {}): OutgoingMessage => ({
  id: `m-${i}-${randomUUID()}`,
  payload: JSON.stringify({ n: i }),
  headers,
});
const ns = (m: DeliveredMessage[]) => m.map((x) => (JSON.parse(x.payload) as { n: number }).n);
const unique = () => `t${randomBytes(4).toString('hex')}`;

/** Fetches until `count` messages arrived or 5 s passed. */
async function fetchAll(
  group: Awaited<ReturnType<StreamPort['consumerGroup']>>,
  count: number,
): Promise<DeliveredMessage[]> {
  const out: DeliveredMessage[] = [];
  const deadline = Date.now() + 5000;
  while (out.length < count && Date.now() < deadline)
    out.push(...(await group.fetch(count - out.length, 250)));
  return out;
}

function contract(name: string, setup: () => Promise<Harness>) {
  describe(`stream contract: ${name}`, () => {
    let h: Harness;
    const ports: StreamPort[] = [];
    const open = async (options?: PortOptions) => {
      const p = await h.open(options);
      ports.push(p);
      return p;
    };
    beforeAll(async () => {
      h = await setup();
    }, 60_000);
    afterAll(async () => {
      for (const p of ports) await p.close().catch(() => {});
      await h?.close();
    });

    it('creates the stream and topic on first publish, keeps headers, and consumes a batch in a group', async () => {
      const port = await open();
      const stream = unique();
      await port.publish(stream, 'lifecycle', 0, [msg(1, { webhook: 'w1', integration: 'github' }), msg(2)]);
      await port.publish(stream, 'comments', 0, [msg(3)]);
      const group = await port.consumerGroup(stream, 'events');
      const got = await fetchAll(group, 3);
      expect(ns(got)).toEqual([1, 2, 3]);
      expect(got.map((m) => m.topic)).toEqual(['lifecycle', 'lifecycle', 'comments']);
      expect(got[0]!.headers).toEqual({ webhook: 'w1', integration: 'github' });
      expect(got[1]!.headers).toEqual({});
      expect(got[0]!.offset).toBeLessThan(got[1]!.offset);
      expect(got[1]!.offset).toBeLessThan(got[2]!.offset);
      await group.commit(got[2]!.offset);
      expect(await group.position()).toEqual({ head: got[2]!.offset, committed: got[2]!.offset });
      await group.close();
    });

    it('stores a re-published message once (same id), so a retry of a partly stored batch keeps the order', async () => {
      const port = await open();
      const stream = unique();
      const [m1, m2, m3, m4] = [1, 2, 3, 4].map((i) => msg(i));
      await port.publish(stream, 'a', 0, [m1!, m2!, m3!]);
      await port.publish(stream, 'a', 0, [m2!, m3!, m4!]);
      const group = await port.consumerGroup(stream, 'g');
      const got = await fetchAll(group, 4);
      expect(ns(got)).toEqual([1, 2, 3, 4]);
      expect(await group.fetch(10, 300)).toEqual([]);
      await group.close();
    });

    it("loses no delivery when this process stalls past a fetch's wait while the messages arrive", async () => {
      const port = await open();
      const stream = unique();
      await port.publish(
        stream,
        'a',
        0,
        [1, 2, 3, 4, 5].map((i) => msg(i)),
      );
      const group = await port.consumerGroup(stream, 'g');
      const fetching = group.fetch(5, 50);
      // Let the request go out (the client sends on a microtask), then hold the event loop for longer
      // than the fetch waits: the answer is in the socket when the fetch's own timer runs out.
      for (let i = 0; i < 10; i++) await Promise.resolve();
      const until = Date.now() + 2600;
      while (Date.now() < until) {
        /* a stalled process */
      }
      const first = await fetching;
      // Whatever the stalled fetch did not return goes to the next one now, not after an ack wait.
      const rest = await fetchAll(group, 5 - first.length);
      expect(ns([...first, ...rest])).toEqual([1, 2, 3, 4, 5]);
      await group.close();
    });

    it('hands what a leaving member held to another member within seconds, its own fetch still open', async () => {
      const port = await open();
      const other = await open(); // the member that stays, another process
      const stream = unique();
      await port.publish(
        stream,
        'a',
        0,
        [1, 2, 3, 4, 5].map((i) => msg(i)),
      );
      const leaving = await port.consumerGroup(stream, 'g');
      expect(ns(await fetchAll(leaving, 5))).toEqual([1, 2, 3, 4, 5]);
      // A fetch the member aborted as it left: a pull request cannot be withdrawn, so the server may
      // still deliver to it (what the member hands back on close included) until it runs out.
      const abort = new AbortController();
      const aborted = leaving.fetch(100_000, 400, abort.signal);
      abort.abort();
      expect(await aborted).toEqual([]);
      await leaving.close();
      // The stayer asks only after that request ran out: no row may sit out an acknowledgement wait.
      await new Promise((r) => setTimeout(r, 1500));
      const staying = await other.consumerGroup(stream, 'g');
      const got = await fetchAll(staying, 5);
      expect(ns(got).sort()).toEqual([1, 2, 3, 4, 5]);
      const last = Math.max(...got.map((m) => m.offset));
      await staying.commit(last);
      expect(await staying.position()).toEqual({ head: last, committed: last });
      await staying.close();
    });

    it('wakes a waiting fetch when a message is published (another process), and ends it on abort', async () => {
      const consumer = await open();
      const producer = await open(); // another process
      const stream = unique();
      await producer.ensureTopic(stream, 'a');
      const group = await consumer.consumerGroup(stream, 'g');
      // Nothing to read: the fetch waits, and returns as soon as the message is stored, not at its end.
      const started = Date.now();
      setTimeout(() => void producer.publish(stream, 'a', 0, [msg(1)]), 300);
      const got = await group.fetch(10, 8000);
      expect(ns(got)).toEqual([1]);
      expect(Date.now() - started).toBeLessThan(2500);
      await group.commit(got[0]!.offset);

      const abort = new AbortController();
      const waiting = Date.now();
      setTimeout(() => abort.abort(), 200);
      expect(await group.fetch(10, 8000, abort.signal)).toEqual([]);
      expect(Date.now() - waiting).toBeLessThan(2500);
      await group.close();
    }, 30_000);

    it('drops messages older than the max age: a group that never read them goes on with the next one', async () => {
      const port = await open({ maxAgeMs: 1000 });
      const stream = unique();
      await port.publish(stream, 'a', 0, [msg(1), msg(2)]);
      const behind = await port.consumerGroup(stream, 'behind');
      await new Promise((r) => setTimeout(r, 2500));
      await port.publish(stream, 'a', 0, [msg(3)]);
      expect(ns(await fetchAll(behind, 1))).toEqual([3]);
      const later = await port.consumerGroup(stream, 'later');
      expect(ns(await fetchAll(later, 1))).toEqual([3]);
      expect(await later.fetch(10, 300)).toEqual([]);
      await behind.close();
      await later.close();
    });

    it('resumes from the server-side offset after a restart, and delivers uncommitted messages again', async () => {
      const stream = unique();
      const first = await open();
      await first.publish(
        stream,
        'a',
        0,
        [1, 2, 3, 4, 5].map((i) => msg(i)),
      );
      const g1 = await first.consumerGroup(stream, 'table');
      const batch = await fetchAll(g1, 3);
      expect(ns(batch)).toEqual([1, 2, 3]);
      await g1.commit(batch[1]!.offset); // 3 was handed out but not committed
      await g1.close();
      await first.close();

      const second = await open(); // another process
      const g2 = await second.consumerGroup(stream, 'table');
      expect((await g2.position()).committed).toBe(batch[1]!.offset);
      expect(ns(await fetchAll(g2, 3))).toEqual([3, 4, 5]);
      await g2.close();
    });

    it('delivers every message at least once across a restart of the stream server', async () => {
      const stream = unique();
      const port = await open();
      await port.publish(
        stream,
        'a',
        0,
        [1, 2, 3, 4].map((i) => msg(i)),
      );
      const g1 = await port.consumerGroup(stream, 'table');
      const before = await fetchAll(g1, 2);
      await g1.commit(before[1]!.offset);
      await g1.close();
      await port.close();

      await h.restartServer();

      const after = await open();
      await after.publish(
        stream,
        'a',
        0,
        [5, 6].map((i) => msg(i)),
      );
      const g2 = await after.consumerGroup(stream, 'table');
      const seen = ns(await fetchAll(g2, 4));
      for (const n of [3, 4, 5, 6]) expect(seen).toContain(n);
      await g2.close();
    }, 60_000);
  });
}

contract('postgres', async () => {
  // A PostgreSQL of its own, so that the test can restart the server.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-stream-pg-'));
  fs.chmodSync(dir, 0o777);
  const password = randomBytes(12).toString('hex');
  let db = await startEmbeddedPostgres(path.join(dir, 'pg'), password);
  const pools: Sql[] = [];
  const first = createSql(db.url, 4);
  await migrate(first, streamLogMigrations);
  pools.push(first);
  return {
    async open(options) {
      const sql = createSql(db.url, 4);
      pools.push(sql);
      // A poll this slow cannot explain a fetch that returns within a second: notifications wake it.
      // Expired messages are deleted after every publish, not once a minute.
      return postgresStream(sql, { pollMs: 10_000, pruneEveryMs: 0, ...options });
    },
    async restartServer() {
      for (const p of pools.splice(0)) await p.close().catch(() => {});
      await db.stop();
      db = await startEmbeddedPostgres(path.join(dir, 'pg'), password);
    },
    async close() {
      for (const p of pools.splice(0)) await p.close().catch(() => {});
      await db.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe.skipIf(!natsUrl)('nats', () => {
  contract('nats', async () => {
    const server = await ownNats();
    return {
      open: (options) =>
        natsStream({ url: server.url, connectTimeoutMs: 2000, connectAttempts: 3, ...options }),
      async restartServer() {
        await server.stop('SIGTERM');
        await server.start();
      },
      close: () => server.destroy(),
    };
  });

  it('uses the credentials of the URL, and names the setting without the password when it cannot connect', async () => {
    const u = new URL(natsUrl!);
    const server = await ownNats();
    try {
      const ok = await natsStream({ url: server.url, connectTimeoutMs: 2000, connectAttempts: 1 });
      await ok.close();
      const wrong = server.url.replace(server.password, 'not-the-password');
      const err = await natsStream({ url: wrong, connectTimeoutMs: 500, connectAttempts: 2 }).catch((e) => e);
      expect(err).toBeInstanceOf(Error);
      expect(String(err.message)).toMatch(/^KEEL_STREAM_URL: /);
      expect(String(err.message)).toContain('2 attempt(s)');
      expect(String(err.message)).not.toContain('not-the-password');
    } finally {
      await server.destroy();
    }
    expect(u.protocol).toBe('nats:');
  }, 30_000);

  it('leaves no pull request waiting on the server for a wait under a second, and still returns what arrives', async () => {
    // A NATS 2.9 server drops a redelivered message from its queue when the request it picks for it
    // has expired (docs/analytics.md): the connector's batch fill sent requests expiring milliseconds
    // after they were queued, and a row handed back by a leaving connector waited out its 30 s ack wait.
    const prefix = `${unique()}_`;
    const port = await natsStream({ url: natsUrl!, connectTimeoutMs: 2000, connectAttempts: 3, prefix });
    const nc = await connectNats(natsUrl!);
    try {
      const stream = unique();
      await port.ensureTopic(stream, 'a');
      const group = await port.consumerGroup(stream, 'g');
      const jsm = await jetstreamManager(nc);
      const waiting = async () => (await jsm.consumers.info(`${prefix}${stream}`, 'g')).num_waiting;
      const started = Date.now();
      const fetching = group.fetch(10, 600);
      await new Promise((r) => setTimeout(r, 150));
      expect(await waiting()).toBe(0);
      await port.publish(stream, 'a', 0, [msg(1)]);
      const got = await fetching;
      expect(ns(got)).toEqual([1]);
      expect(Date.now() - started).toBeLessThan(600);
      await group.commit(got[0]!.offset);
      expect(await group.fetch(10, 100)).toEqual([]);
      expect(await waiting()).toBe(0);
      await group.close();
    } finally {
      await nc.close();
      await port.close();
      await deleteNatsStreams(natsUrl!, prefix);
    }
  });

  it('works on the shared server given by KEEL_TEST_NATS_URL, under a prefix of its own', async () => {
    const port = await natsStream({
      url: natsUrl!,
      connectTimeoutMs: 2000,
      connectAttempts: 3,
      prefix: `${unique()}_`,
    });
    try {
      await port.publish('events', 'gateway', 0, [msg(1, { webhook: 'w' })]);
      const g = await port.consumerGroup('events', 'events');
      const got = await fetchAll(g, 1);
      expect(got[0]!.headers).toEqual({ webhook: 'w' });
      await g.close();
    } finally {
      await port.close();
    }
  });
});
