// KEEL_STREAM_REPLICAS on a real three-node NATS JetStream cluster of the test's own (loopback ports,
// stores in a temporary directory): streams of 3 replicas are created at start-up, a stream of 1 is
// raised in place with its consumer, a count the cluster cannot hold fails start-up naming the
// setting, and publishing goes on through a SIGKILL of the stream's leader with nothing lost or doubled.
import { randomUUID } from 'node:crypto';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsStream, StreamReplicasError, type StreamLog } from '../../src/analytics/stream/nats.js';
import { PublishError, type OutgoingMessage, type StreamPort } from '../../src/analytics/stream/port.js';
import { natsServerMissing, ownNatsCluster, type OwnNatsCluster } from './nats-cluster.js';
import { connectNats } from './nats-server.js';

const missing = natsServerMissing();
if (missing && process.env.KEEL_TEST_REQUIRE_SERVICES === '1') {
  throw new Error(`${missing}, and KEEL_TEST_REQUIRE_SERVICES=1: the NATS cluster tests cannot be skipped`);
}

function recordingLog(): StreamLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (_obj, msg) => void lines.push(`warn ${msg}`),
    info: (_obj, msg) => void lines.push(`info ${msg}`),
  };
}

/**
 * A cluster answers management requests again a few seconds after a node dies or a stream's peers
 * change (a leader is elected); until then requests time out. What the connector does: ask again.
 */
async function patiently<T>(what: () => Promise<T>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await what();
    } catch (err) {
      if (Date.now() > until || !/timeout|no responders/i.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

const message = (n: number): OutgoingMessage => ({
  id: randomUUID(),
  payload: JSON.stringify({ n }),
  headers: {},
});

describe.skipIf(missing !== null)(
  `a three-node NATS cluster${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let cluster: OwnNatsCluster;
    let nc: NatsConnection;
    let jsm: JetStreamManager;
    const open = (replicas: number, streams: Record<string, string[]>, log?: StreamLog) =>
      natsStream({ url: cluster.url, connectTimeoutMs: 2000, connectAttempts: 5, replicas, streams, log });

    beforeAll(async () => {
      cluster = await ownNatsCluster(3);
      nc = await connectNats(cluster.nodes[0]!.url);
      jsm = await jetstreamManager(nc);
    }, 40_000);

    afterAll(async () => {
      await nc?.close().catch(() => {});
      await cluster?.destroy();
    });

    it('creates the streams with 3 replicas on three nodes', async () => {
      const port = await open(3, { events: ['gateway', 'comments'] });
      try {
        const info = await jsm.streams.info('events');
        expect(info.config.num_replicas).toBe(3);
        expect(info.config.subjects).toEqual(['events.gateway', 'events.comments']);
        expect(info.cluster?.leader).toMatch(/^n[123]$/);
        expect(info.cluster?.replicas?.map((r) => r.name).sort()).toHaveLength(2);
        expect(info.cluster?.replicas?.some((r) => r.name === info.cluster?.leader)).toBe(false);
      } finally {
        await port.close();
      }
    }, 30_000);

    it('raises a stream of 1 replica to the setting in place, saying so, and its consumer group follows', async () => {
      const before = await open(1, { raised: ['a'] });
      await before.publish('raised', 'a', 0, [message(1), message(2)]);
      const group = await before.consumerGroup('raised', 'raised_table');
      await group.close();
      await before.close();
      expect((await jsm.streams.info('raised')).config.num_replicas).toBe(1);

      const log = recordingLog();
      const after = await open(3, { raised: ['a'] }, log);
      try {
        expect(log.lines).toEqual([
          'warn stream raised had 1 replica(s), KEEL_STREAM_REPLICAS is 3: raised it to 3 in place',
        ]);
        const info = await jsm.streams.info('raised');
        expect(info.config.num_replicas).toBe(3);
        expect(info.state.messages).toBe(2);
        // The consumer was created with num_replicas 0 ("as the stream"): it is now on three nodes too.
        for (let i = 0; ; i++) {
          const c = await patiently(() => jsm.consumers.info('raised', 'raised_table'));
          if (c.cluster?.replicas?.length === 2) break;
          if (i > 50)
            throw new Error(
              `the consumer has ${c.cluster?.replicas?.length ?? 0} replicas besides its leader`,
            );
          await new Promise((r) => setTimeout(r, 100));
        }
        const again = await patiently(() => after.consumerGroup('raised', 'raised_table'));
        expect((await again.fetch(10, 2000)).map((m) => JSON.parse(m.payload).n)).toEqual([1, 2]);
        await again.close();
      } finally {
        await after.close();
      }

      // A process set to fewer replicas than the stream has keeps the stream as it is, and says so.
      const lower = recordingLog();
      const fewer = await open(1, { raised: ['a'] }, lower);
      await fewer.close();
      expect(lower.lines).toEqual([
        "warn stream raised has 3 replicas, KEEL_STREAM_REPLICAS is 1: kept at 3 (Keel never lowers a stream's replicas; set KEEL_STREAM_REPLICAS to match, or lower the stream with the nats CLI on purpose)",
      ]);
      expect((await jsm.streams.info('raised')).config.num_replicas).toBe(3);
    }, 40_000);

    it('more replicas than the cluster has nodes fail start-up naming KEEL_STREAM_REPLICAS, with the server answer', async () => {
      const err = await open(5, { toomany: ['a'] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StreamReplicasError);
      const text = (err as Error).message;
      expect(text).toMatch(
        /^KEEL_STREAM_REPLICAS: the NATS server refused stream toomany with 5 replicas \("/,
      );
      expect(text).toContain('needs a JetStream cluster with at least 5 live nodes');
      await expect(jsm.streams.info('toomany')).rejects.toThrow(/stream not found/);
    }, 30_000);

    it('keeps publishing through a SIGKILL of the stream leader: every message stored exactly once', async () => {
      const port = await open(3, { leader: ['a'] });
      const total = 3000;
      const batch = 50;
      let sent = 0;
      let failures = 0;
      let lastStored = Date.now();
      let longestGap = 0;
      const ids: string[] = [];
      const publishAll = async (p: StreamPort) => {
        while (sent < total) {
          let pending = Array.from({ length: Math.min(batch, total - sent) }, (_, i) => message(sent + i));
          ids.push(...pending.map((m) => m.id));
          // What the relay does: a failed batch is sent again from its first message not stored, with
          // the same ids, so a message stored before an unanswered acknowledgement is dropped as a copy.
          while (pending.length > 0) {
            try {
              await p.publish('leader', 'a', 0, pending);
              pending = [];
            } catch (err) {
              if (!(err instanceof PublishError)) throw err;
              failures++;
              pending = pending.slice(err.stored);
              await new Promise((r) => setTimeout(r, 100));
            }
          }
          longestGap = Math.max(longestGap, Date.now() - lastStored);
          lastStored = Date.now();
          sent = ids.length;
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      try {
        const publishing = publishAll(port);
        while (sent < total / 3) await new Promise((r) => setTimeout(r, 20));
        const leader = (await jsm.streams.info('leader')).cluster!.leader!;
        await cluster.node(leader).stop('SIGKILL');
        await publishing;

        // Read back through the surviving nodes (this test's own connection may have been on the leader).
        const check = await open(3, {});
        try {
          const group = await patiently(() => check.consumerGroup('leader', 'leader_check'));
          const seen = new Map<string, number>();
          for (let i = 0; i < 200 && [...seen.values()].reduce((a, b) => a + b, 0) < total; i++) {
            const got = await group.fetch(1000, 1000);
            for (const m of got) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
            if (got.length > 0) await group.commit(Math.max(...got.map((m) => m.offset)));
          }
          await group.close();
          expect(seen.size).toBe(total);
          expect(ids.every((id) => seen.get(id) === 1)).toBe(true);
          expect([...seen.values()].every((n) => n === 1)).toBe(true);
        } finally {
          await check.close();
        }
        const after = await jsm.streams.info('leader').catch(async () => {
          // This connection was on the killed node: look through another one.
          const other = await connectNats(cluster.nodes.find((n) => n.running())!.url);
          try {
            return await (await jetstreamManager(other)).streams.info('leader');
          } finally {
            await other.close();
          }
        });
        expect(after.state.messages).toBe(total);
        expect(after.cluster?.leader).not.toBe(leader);
        console.log(
          `leader ${leader} killed: ${failures} failed publish attempt(s), longest wait between stored batches ${longestGap} ms`,
        );

        // The killed node comes back and catches up as a replica of the stream.
        await cluster.node(leader).start();
        let back: NatsConnection | null = null;
        for (let i = 0; !back; i++) {
          back = await connectNats(cluster.node(leader).url).catch((err: unknown) => {
            if (i > 50) throw err;
            return null;
          });
          if (!back) await new Promise((r) => setTimeout(r, 100));
        }
        try {
          const backJsm = await jetstreamManager(back);
          for (let i = 0; ; i++) {
            const info = await patiently(() => backJsm.streams.info('leader'));
            const peers = info.cluster?.replicas ?? [];
            if (peers.length === 2 && peers.every((r) => r.current) && info.state.messages === total) break;
            if (i > 80) throw new Error(`node ${leader} did not catch up: ${JSON.stringify(info.cluster)}`);
            await new Promise((r) => setTimeout(r, 250));
          }
        } finally {
          await back.close();
        }
      } finally {
        await port.close();
      }
    }, 60_000);
  },
);
