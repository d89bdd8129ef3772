// Failures around the relay: the stream server down, and a relay process killed mid-way.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { outboxRelay } from '../../src/analytics/relay/relay.js';
import { allDomains } from '../../src/app/domains.js';
import { createSql } from '../../src/db/sql.js';
import { natsStream } from '../../src/analytics/stream/nats.js';
import { createTestDatabase, startTestApp, testEnv } from '../support/harness.js';
import { ownNats, testNatsUrl } from '../stream/nats-server.js';
import { eventRow, producerDomain } from './support.js';
import { keelArgv } from '../support/keel-process.js';

const natsUrl = testNatsUrl();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!natsUrl)(
  'SPEC 6.3.10: with NATS stopped, requests still succeed and nothing is lost',
  () => {
    it('keeps rows in the outbox, logs the PublishError, shows the stream down, and catches up', async () => {
      const server = await ownNats();
      const app = await startTestApp({
        domains: [...allDomains(), producerDomain],
        env: { KEEL_STREAM_URL: server.url },
      });
      const relay = outboxRelay(app.runtime.core, {
        idleMs: 50,
        backoffBaseMs: 50,
        backoffMaxMs: 500,
      }).start();
      try {
        const warm = `warm-${randomUUID()}`;
        expect((await app.call('POST', '/test/record', { body: { summary: warm } })).status).toBe(201);
        await waitFor('the first row to be sent', async () =>
          Boolean(
            (
              await app.runtime.core.sql.one<{ sent: boolean }>(
                `SELECT sent_at IS NOT NULL AS sent FROM analytics_outbox WHERE row->>'summary' = $1`,
                [warm],
              )
            )?.sent,
          ),
        );

        await server.stop('SIGKILL');
        const tags = [1, 2, 3].map((i) => `outage-${i}-${randomUUID()}`);
        for (const summary of tags) {
          const res = await app.call('POST', '/test/record', { body: { summary } });
          expect(res.status).toBe(201);
        }
        await waitFor('the relay to log a PublishError', async () =>
          app.logs.join('\n').includes('PublishError'),
        );
        const ready = await app.call('GET', '/ready');
        expect(ready.status).toBe(200);
        expect(ready.body.stream).toMatchObject({ adapter: 'nats', state: 'down' });
        // /ready is public: it names no internal address.
        expect(ready.text).not.toContain(new URL(server.url).host);
        expect(app.transcript()).not.toContain(server.password);
        const waiting = await app.runtime.core.sql.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM analytics_outbox WHERE sent_at IS NULL AND row->>'summary' = ANY($1)`,
          [tags],
        );
        expect(waiting!.n).toBe(3);

        await server.start();
        await waitFor(
          'the relay to catch up',
          async () =>
            (await app.runtime.core.sql.one<{ n: number }>(
              `SELECT count(*)::int AS n FROM analytics_outbox WHERE sent_at IS NULL`,
            ))!.n === 0,
          60_000,
        );
        expect((await app.call('GET', '/ready')).body.stream.state).toBe('up');

        const reader = await natsStream({ url: server.url, connectTimeoutMs: 2000, connectAttempts: 3 });
        const group = await reader.consumerGroup('events', 'events');
        const seen: string[] = [];
        const deadline = Date.now() + 10_000;
        while (tags.some((t) => !seen.includes(t)) && Date.now() < deadline) {
          for (const m of await group.fetch(100, 250))
            seen.push((JSON.parse(m.payload) as { summary: string }).summary);
        }
        for (const t of [warm, ...tags]) expect(seen).toContain(t);
        expect(seen.filter((s) => tags.includes(s))).toEqual(tags); // in commit order
        await group.close();
        await reader.close();
      } finally {
        await relay.stop();
        await app.close();
        await server.destroy();
      }
    }, 120_000);
  },
);

describe('a relay process killed between commit and publish', () => {
  it('publishes every committed row after a restart, at least once', async () => {
    const db = await createTestDatabase();
    const sql = createSql(db.url, 2);
    const env = { ...process.env, ...testEnv(db.url), KEEL_LOG_LEVEL: 'warn' };
    const worker = () =>
      spawn(...keelArgv('worker'), {
        cwd: root,
        env,
        stdio: 'ignore',
      });
    const count = async (where: string) =>
      (await sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM analytics_outbox WHERE ${where}`))!.n;
    try {
      const recorder = outboxAnalytics();
      const total = 30_000;
      for (let i = 0; i < total; i += 5000) {
        await sql.tx((tx) =>
          recorder.record(
            tx,
            'events',
            'lifecycle',
            Array.from({ length: 5000 }, (_, j) => eventRow(`kill-${i + j}`)),
          ),
        );
      }
      const first = worker();
      await waitFor(
        'the relay to start publishing',
        async () => (await count('sent_at IS NOT NULL')) > 0,
        60_000,
      );
      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      const unsentAtKill = await count('sent_at IS NULL');
      expect(unsentAtKill).toBeGreaterThan(0); // the kill came before every row was published

      const second = worker();
      try {
        await waitFor(
          'the restarted relay to publish the rest',
          async () => (await count('sent_at IS NULL')) === 0,
          90_000,
        );
      } finally {
        second.kill('SIGTERM');
        await new Promise((r) => second.once('exit', r));
      }
      const missing = await sql.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM analytics_outbox o
          WHERE NOT EXISTS (SELECT 1 FROM stream_messages m WHERE m.stream = o.stream AND m.msg_id = o.msg_id::text)`,
      );
      expect(missing!.n).toBe(0);
      expect(await count('true')).toBe(total);
    } finally {
      await sql.close();
      await db.drop();
    }
  }, 240_000);
});
