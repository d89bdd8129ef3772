// KEEL_STREAM_REPLICAS and a KEEL_STREAM_URL list on a single NATS server (no cluster): replicas 1
// works, 3 fails start-up naming the setting with the server's own answer, and a list whose first
// nodes are dead connects through a live one. The cluster cases are in cluster.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { afterAll, describe, expect, it } from 'vitest';
import { natsStream, StreamReplicasError, type StreamLog } from '../../src/analytics/stream/nats.js';
import { topologyStreams } from '../../src/analytics/stream/connect.js';
import { freePort } from '../../src/db/embedded.js';
import { connectNats, deleteNatsStreams, testNatsUrl } from './nats-server.js';

const natsUrl = testNatsUrl();
const prefix = `r${randomBytes(4).toString('hex')}_`;

/** A StreamLog that keeps what it was told. */
function recordingLog(): StreamLog & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (_obj, msg) => void lines.push(`warn ${msg}`),
    info: (_obj, msg) => void lines.push(`info ${msg}`),
  };
}

async function streamInfo(name: string) {
  const nc = await connectNats(natsUrl!);
  try {
    return await (await jetstreamManager(nc)).streams.info(name).catch(() => null);
  } finally {
    await nc.close();
  }
}

describe.skipIf(!natsUrl)('stream replicas on a single NATS server', () => {
  afterAll(() => deleteNatsStreams(natsUrl!, prefix));

  it('creates every stream it is given at start-up, with all its topics and 1 replica', async () => {
    const log = recordingLog();
    const port = await natsStream({
      url: natsUrl!,
      connectTimeoutMs: 2000,
      connectAttempts: 1,
      prefix,
      replicas: 1,
      streams: { one: ['a', 'b'], two: ['c'] },
      log,
    });
    try {
      const one = await streamInfo(`${prefix}one`);
      expect(one?.config.num_replicas).toBe(1);
      expect(one?.config.subjects).toEqual([`${prefix}one.a`, `${prefix}one.b`]);
      expect((await streamInfo(`${prefix}two`))?.config.subjects).toEqual([`${prefix}two.c`]);
      await port.publish('one', 'b', 0, [{ id: randomUUID(), payload: '{}', headers: {} }]);
      expect((await streamInfo(`${prefix}one`))?.state.messages).toBe(1);
      expect(log.lines).toEqual([]);
    } finally {
      await port.close();
    }
  }, 30_000);

  it('the topology hands start-up every stream rows are recorded on, and none declared for later', () => {
    const streams = topologyStreams();
    expect(streams.events).toEqual(['gateway', 'lifecycle', 'comments']);
    expect(streams.operations_log).toEqual(['deployments', 'maintenance']);
    expect(streams.metrics).toBeUndefined();
    expect(streams.notifications).toBeUndefined();
  });

  it('3 replicas on a server without a cluster fail start-up naming KEEL_STREAM_REPLICAS, and create nothing', async () => {
    const err = await natsStream({
      url: natsUrl!,
      connectTimeoutMs: 2000,
      connectAttempts: 1,
      prefix,
      replicas: 3,
      streams: { three: ['a'] },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamReplicasError);
    const message = (err as Error).message;
    expect(message).toMatch(
      /^KEEL_STREAM_REPLICAS: is 3, but the NATS server at [^ ]+ is not part of a cluster/,
    );
    expect(message).toContain('replicas > 1 not supported in non-clustered mode');
    expect(message).toContain('set KEEL_STREAM_REPLICAS=1');
    expect(await streamInfo(`${prefix}three`)).toBeNull();
  }, 30_000);

  it('an existing stream of 1 replica with a setting of 3 fails start-up the same way, and is left as it was', async () => {
    // The server itself would take the update and report 3 replicas while it keeps one copy.
    const first = await natsStream({
      url: natsUrl!,
      connectTimeoutMs: 2000,
      connectAttempts: 1,
      prefix,
      streams: { kept: ['a'] },
    });
    await first.close();
    const err = await natsStream({
      url: natsUrl!,
      connectTimeoutMs: 2000,
      connectAttempts: 1,
      prefix,
      replicas: 3,
      streams: { kept: ['a'] },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StreamReplicasError);
    expect((err as Error).message).toMatch(/^KEEL_STREAM_REPLICAS: .*not part of a cluster/);
    expect((await streamInfo(`${prefix}kept`))?.config.num_replicas).toBe(1);
  }, 30_000);

  it('a list whose first nodes are dead connects through the live one, with the credentials of the first URL', async () => {
    const live = new URL(natsUrl!);
    const credentials = live.username ? `${live.username}:${live.password}@` : '';
    const dead = [await freePort(), await freePort()].map((p) => `nats://${credentials}127.0.0.1:${p}`);
    const url = [...dead, `nats://${live.hostname}:${live.port || 4222}`].join(',');
    // The client tries the servers in random order: three connections make it likely that at least
    // one of them met a dead node first; every one of them must reach the live node.
    for (let i = 0; i < 3; i++) {
      const port = await natsStream({
        url,
        connectTimeoutMs: 1000,
        connectAttempts: 1,
        prefix,
        streams: { list: ['a'] },
      });
      try {
        expect(port.state()).toEqual({ adapter: 'nats', state: 'up' });
        await port.publish('list', 'a', 0, [{ id: randomUUID(), payload: '{}', headers: {} }]);
      } finally {
        await port.close();
      }
    }
    expect((await streamInfo(`${prefix}list`))?.state.messages).toBe(3);
  }, 30_000);

  it('a list of dead nodes fails start-up naming KEEL_STREAM_URL and every node, never the password', async () => {
    const ports = [await freePort(), await freePort()];
    const url = ports.map((p) => `nats://keel:secret-pw@127.0.0.1:${p}`).join(',');
    const err = await natsStream({ url, connectTimeoutMs: 300, connectAttempts: 2 }).catch((e: unknown) => e);
    const message = (err as Error).message;
    expect(message).toMatch(
      new RegExp(
        `^KEEL_STREAM_URL: none of the NATS JetStream servers 127.0.0.1:${ports[0]}, 127.0.0.1:${ports[1]} can be reached after 2 attempt`,
      ),
    );
    expect(message).not.toContain('secret-pw');
  }, 30_000);
});
