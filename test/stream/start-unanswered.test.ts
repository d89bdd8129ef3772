// A NATS server that answers the connection's check but not, at first, a stream's setup: the start-up
// asks again (KEEL_STREAM_CONNECT_ATTEMPTS, with backoff) instead of stopping the process. A proxy
// between Keel and the shared server drops the first stream-info request, as a busy server would leave
// it unanswered.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { isUnanswered, natsStream, type StreamLog } from '../../src/analytics/stream/nats.js';
import { connectNats, deleteNatsStreams, testNatsUrl } from './nats-server.js';

const natsUrl = testNatsUrl();

/** Forwards a client's bytes to `target`, less the first `n` messages published to `subjectPrefix`. */
async function droppingProxy(target: URL, subjectPrefix: string, n: number) {
  let toDrop = n;
  let dropped = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    client.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      // Whole protocol lines only: a PUB to the subject is cut out with its payload (its byte count).
      for (;;) {
        const eol = pending.indexOf('\r\n');
        if (eol < 0) return;
        const line = pending.subarray(0, eol).toString('latin1');
        const pub = /^PUB (\S+)(?: \S+)? (\d+)$/.exec(line);
        const end = pub ? eol + 2 + Number(pub[2]) + 2 : eol + 2;
        if (pending.length < end) return;
        if (pub && pub[1]!.startsWith(subjectPrefix) && toDrop > 0) {
          toDrop--;
          dropped++;
        } else {
          upstream.write(pending.subarray(0, end));
        }
        pending = pending.subarray(end);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return {
    url: url.toString(),
    dropped: () => dropped,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.skipIf(!natsUrl)('a stream set up at start while the server leaves requests unanswered', () => {
  const prefix = `t${randomBytes(4).toString('hex')}_`;
  let nc: Awaited<ReturnType<typeof connectNats>>;
  beforeAll(async () => {
    nc = await connectNats(natsUrl!);
  });
  afterAll(async () => {
    await deleteNatsStreams(natsUrl!, prefix).catch(() => {});
    await nc?.close();
  });

  it('asks again after the unanswered request, says so in the log, and starts with the stream in place', async () => {
    const proxy = await droppingProxy(new URL(natsUrl!), `$JS.API.STREAM.INFO.${prefix}`, 1);
    const warnings: string[] = [];
    const log: StreamLog = { warn: (_o, m) => void warnings.push(m), info: () => {} };
    try {
      const port = await natsStream({
        url: proxy.url,
        connectTimeoutMs: 2000,
        connectAttempts: 3,
        prefix,
        streams: { events: ['a'] },
        log,
      });
      try {
        expect(proxy.dropped()).toBe(1);
        expect(warnings).toEqual([
          expect.stringMatching(
            new RegExp(`^stream ${prefix}events: the NATS server did not answer \\(attempt 1 of 3\\)`),
          ),
        ]);
        const info = await (await jetstreamManager(nc)).streams.info(`${prefix}events`);
        expect(info.config.subjects).toEqual([`${prefix}events.a`]);
      } finally {
        await port.close();
      }
    } finally {
      await proxy.close();
    }
  }, 30_000);

  it('stops after its attempts when no answer comes, with the unanswered request as the error', async () => {
    // Every stream-info request dropped: the start fails after its two attempts.
    const proxy = await droppingProxy(new URL(natsUrl!), `$JS.API.STREAM.INFO.${prefix}never`, 100);
    try {
      const err = await natsStream({
        url: proxy.url,
        connectTimeoutMs: 2000,
        connectAttempts: 2,
        prefix: `${prefix}never`,
        streams: { s: ['a'] },
      }).catch((e: unknown) => e);
      expect(isUnanswered(err)).toBe(true);
      expect(proxy.dropped()).toBe(2);
    } finally {
      await proxy.close();
    }
  }, 30_000);
});
