// The outbox relay (DESIGN.md section 5, SPEC 6.3): commit order, rollbacks, invalid rows, metrics.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxAnalytics } from '../../src/analytics/outbox/record.js';
import { outboxRelay } from '../../src/analytics/relay/relay.js';
import { allDomains } from '../../src/app/domains.js';
import { natsStream } from '../../src/analytics/stream/nats.js';
import {
  PublishError,
  type ConsumerGroup,
  type DeliveredMessage,
  type StreamPort,
} from '../../src/analytics/stream/port.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { testNatsUrl } from '../stream/nats-server.js';
import { eventRow, producerDomain } from './support.js';

const natsUrl = testNatsUrl();
const recorder = outboxAnalytics();

const summaries = (m: DeliveredMessage[]) =>
  m.map((x) => (JSON.parse(x.payload) as { summary: string }).summary);

async function fetchUntil(group: ConsumerGroup, count: number, ms = 10_000): Promise<DeliveredMessage[]> {
  const out: DeliveredMessage[] = [];
  const deadline = Date.now() + ms;
  while (out.length < count && Date.now() < deadline)
    out.push(...(await group.fetch(count - out.length, 250)));
  return out;
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ domains: [...allDomains(), producerDomain] });
});
afterAll(async () => {
  await app?.close();
});

/**
 * Row A takes its id first but commits after row B was relayed: it must still be published, after B,
 * and reach a consumer that already committed B's offset.
 */
async function commitOrderCase(stream: StreamPort) {
  const { sql } = app.runtime.core;
  const relay = outboxRelay({ ...app.runtime.core, stream });
  await relay.drain();

  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let inserted!: () => void;
  const insertedA = new Promise<void>((r) => (inserted = r));
  const tagA = `A-${randomUUID()}`;
  const tagB = `B-${randomUUID()}`;
  const txA = sql.tx(async (tx) => {
    await recorder.record(tx, 'events', 'lifecycle', [eventRow(tagA)]);
    inserted();
    await held;
  });
  await insertedA;
  await sql.tx((tx) => recorder.record(tx, 'events', 'lifecycle', [eventRow(tagB)]));

  expect(await relay.drain()).toBe(1);
  return { relay, release, txA, tagA, tagB };
}

describe('the relay publishes in commit order, not id order', () => {
  it('postgres adapter: a row that commits late reaches a consumer already past the earlier offsets', async () => {
    const stream = app.runtime.core.stream;
    await outboxRelay(app.runtime.core).drain();
    const group = await stream.consumerGroup('events', `events_${randomUUID().slice(0, 8)}`);
    await group.commit((await group.position()).head); // starts after what earlier cases published

    const { relay, release, txA, tagA, tagB } = await commitOrderCase(stream);
    const first = await fetchUntil(group, 1);
    expect(summaries(first)).toEqual([tagB]);
    await group.commit(first[0]!.offset); // the consumer is past B's offset

    release();
    await txA;
    const ids = await app.runtime.core.sql.query<{ id: number; s: string }>(
      `SELECT id, row->>'summary' AS s FROM analytics_outbox WHERE row->>'summary' = ANY($1)`,
      [[tagA, tagB]],
    );
    const idOf = (t: string) => ids.find((r) => r.s === t)!.id;
    expect(idOf(tagA)).toBeLessThan(idOf(tagB)); // A took the lower id

    expect(await relay.drain()).toBe(1);
    const second = await fetchUntil(group, 1);
    expect(summaries(second)).toEqual([tagA]);
    expect(second[0]!.offset).toBeGreaterThan(first[0]!.offset);
    await group.close();
  });

  it.skipIf(!natsUrl)('nats adapter: a row that commits late is still published, after the later id', () =>
    withNats(async (stream) => {
      const { relay, release, txA, tagA, tagB } = await commitOrderCase(stream);
      release();
      await txA;
      expect(await relay.drain()).toBe(1);
      const group = await stream.consumerGroup('events', 'events');
      const got = summaries(await fetchUntil(group, 50, 3000));
      expect(got.indexOf(tagB)).toBeGreaterThanOrEqual(0);
      expect(got.indexOf(tagA)).toBeGreaterThan(got.indexOf(tagB));
      await group.close();
    }),
  );
});

describe('what the relay publishes', () => {
  it('a rolled-back transaction publishes nothing', async () => {
    const { sql } = app.runtime.core;
    const relay = outboxRelay(app.runtime.core);
    await relay.drain();
    const before = await sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM stream_messages`);
    const tag = `rolled-back-${randomUUID()}`;
    await expect(
      sql.tx(async (tx) => {
        await recorder.record(tx, 'events', 'lifecycle', [eventRow(tag)]);
        throw new Error('the change fails after recording its row');
      }),
    ).rejects.toThrow('the change fails');
    expect(await relay.drain()).toBe(0);
    const after = await sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM stream_messages`);
    expect(after!.n).toBe(before!.n);
    expect(await sql.one(`SELECT 1 FROM analytics_outbox WHERE row->>'summary' = $1`, [tag])).toBeUndefined();
  });

  it('an invalid row fails the producing request and stores nothing', async () => {
    const tag = `invalid-${randomUUID()}`;
    const res = await app.call('POST', '/test/record', { body: { summary: tag, bad: true } });
    expect(res.status).toBe(500);
    expect(
      await app.runtime.core.sql.one(`SELECT 1 FROM analytics_outbox WHERE row->>'summary' = $1`, [tag]),
    ).toBeUndefined();
    expect(app.logs.join('\n')).toContain('InvalidAnalyticsRow');
  });

  it('publishes the user headers, marks rows sent, and prunes them after the retention', async () => {
    const { sql, stream } = app.runtime.core;
    const relay = outboxRelay(app.runtime.core);
    await relay.drain();
    const group = await stream.consumerGroup('events', `events_${randomUUID().slice(0, 8)}`);
    await group.commit((await group.position()).head);
    const tag = `headers-${randomUUID()}`;
    await sql.tx((tx) =>
      recorder.record(tx, 'events', 'gateway', [eventRow(tag, { source: 'gateway' })], {
        webhook: 'deploys',
        integration: 'github',
      }),
    );
    expect(await relay.drain()).toBe(1);
    const [m] = await fetchUntil(group, 1);
    expect(m!.topic).toBe('gateway');
    expect(m!.headers).toEqual({ webhook: 'deploys', integration: 'github' });
    await group.close();

    const row = await sql.one<{ sent: boolean }>(
      `SELECT sent_at IS NOT NULL AS sent FROM analytics_outbox WHERE row->>'summary' = $1`,
      [tag],
    );
    expect(row!.sent).toBe(true);
    await sql.query(
      `UPDATE analytics_outbox SET sent_at = now() - interval '25 hours' WHERE row->>'summary' = $1`,
      [tag],
    );
    expect(await relay.prune()).toBeGreaterThanOrEqual(1);
    expect(await sql.one(`SELECT 1 FROM analytics_outbox WHERE row->>'summary' = $1`, [tag])).toBeUndefined();
  });
});

/** A `nats` stream of this test's own on KEEL_TEST_NATS_URL (its streams prefixed), closed after `fn`. */
async function withNats<T>(fn: (stream: StreamPort) => Promise<T>): Promise<T> {
  const stream = await natsStream({
    url: natsUrl!,
    connectTimeoutMs: 2000,
    connectAttempts: 3,
    prefix: `t${randomUUID().slice(0, 8)}_`,
  });
  try {
    return await fn(stream);
  } finally {
    await stream.close();
  }
}

/** What NATS holds to its max_payload (1 MiB on the test server): payload and header block together. */
const wireBytes = (payloadBytes: number, headers: Record<string, string>) =>
  payloadBytes +
  Buffer.byteLength(
    'NATS/1.0\r\n' +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      `Nats-Msg-Id: ${randomUUID()}\r\nNats-Expected-Last-Msg-Id: ${randomUUID()}\r\n\r\n`,
  );
const MAX_PAYLOAD = 1_048_576;

describe('rows larger than the stream takes', () => {
  it.skipIf(!natsUrl)(
    'nats adapter: a row of exactly the limit as published is recorded and published; one byte more is refused at the source',
    async () => {
      const { sql } = app.runtime.core;
      const headers = { webhook: 'deploys', integration: 'github' };
      const padded = (tag: string, pad: number) =>
        eventRow(tag, { source: 'gateway', metadata: JSON.stringify({ pad: 'x'.repeat(pad) }) });
      // The row as the relay publishes it is PostgreSQL's text of the jsonb, not JSON.stringify.
      const published = async (row: object) =>
        (await sql.one<{ n: number }>(`SELECT octet_length($1::jsonb::text) AS n`, [JSON.stringify(row)]))!.n;
      const tag = `at-limit-${randomUUID()}`;
      const pad = MAX_PAYLOAD - wireBytes(await published(padded(tag, 0)), headers);
      const atLimit = padded(tag, pad);
      expect(wireBytes(await published(atLimit), headers)).toBe(MAX_PAYLOAD);

      const over = padded(`over-lim-${randomUUID()}`, pad + 1);
      expect(wireBytes(await published(over), headers)).toBe(MAX_PAYLOAD + 1);
      await expect(
        sql.tx((tx) => recorder.record(tx, 'events', 'gateway', [over], headers)),
      ).rejects.toMatchObject({ name: 'AnalyticsRowTooLarge' });
      expect(
        await sql.one(`SELECT 1 FROM analytics_outbox WHERE row->>'summary' = $1`, [over.summary]),
      ).toBeUndefined();

      await sql.tx((tx) => recorder.record(tx, 'events', 'gateway', [atLimit], headers));
      await withNats(async (stream) => {
        await outboxRelay({ ...app.runtime.core, stream }).drain();
        const group = await stream.consumerGroup('events', 'events');
        expect(summaries(await fetchUntil(group, 50, 3000))).toContain(tag);
        await group.close();
      });
    },
  );

  it.skipIf(!natsUrl)(
    'nats adapter: a row the server refuses for its size is set aside, and the rows after it are published',
    async () => {
      const { sql } = app.runtime.core;
      await outboxRelay(app.runtime.core).drain();
      // Recorded before the source refused such rows: 1.1 MB, written to the outbox directly.
      const bigTag = `oversize-${randomUUID()}`;
      const big = eventRow(bigTag, { metadata: JSON.stringify({ blob: 'q'.repeat(1_100_000) }) });
      const inserted = (await sql.one<{ id: number; msg_id: string }>(
        `INSERT INTO analytics_outbox (stream, topic, row) VALUES ('events', 'lifecycle', $1::jsonb)
         RETURNING id, msg_id::text AS msg_id`,
        [JSON.stringify(big)],
      ))!;
      const smallTag = `after-oversize-${randomUUID()}`;
      await sql.tx((tx) => recorder.record(tx, 'events', 'lifecycle', [eventRow(smallTag)]));
      try {
        await withNats(async (stream) => {
          await expect(outboxRelay({ ...app.runtime.core, stream }).drain()).resolves.toBe(2);
          const group = await stream.consumerGroup('events', 'events');
          const got = summaries(await fetchUntil(group, 2, 3000));
          expect(got).toEqual([smallTag]);
          await group.close();
        });
        expect(await sql.one(`SELECT 1 FROM analytics_outbox WHERE id = $1`, [inserted.id])).toBeUndefined();
        const dead = await sql.one<Record<string, unknown>>(
          `SELECT stream, topic, msg_id::text AS msg_id, row->>'summary' AS summary, reason
             FROM analytics_outbox_dead_letters WHERE id = $1`,
          [inserted.id],
        );
        expect(dead).toMatchObject({
          stream: 'events',
          topic: 'lifecycle',
          msg_id: inserted.msg_id,
          summary: bigTag,
        });
        expect(dead!.reason).toMatch(/1048576/);

        // Logged with its ids, never its payload; counted in /metrics.
        const logs = app.logs.join('\n');
        expect(logs).toContain(inserted.msg_id);
        expect(logs).not.toContain('qqqqqqqq');
        const handle = outboxRelay(app.runtime.core, { idleMs: 50 }).start();
        try {
          const metrics = (await app.call('GET', '/metrics')).text;
          expect(metrics).toMatch(/keel_outbox_dead_lettered_rows_total\{[^}]*stream="events"[^}]*\} 1/);
          expect(metrics).toMatch(/^keel_outbox_dead_letters\{[^}]*\} [1-9]/m);
        } finally {
          await handle.stop();
        }
      } finally {
        await sql.query(`DELETE FROM analytics_outbox WHERE id = $1`, [inserted.id]);
      }
    },
  );

  it('a transient failure keeps the row and retries it in order, as before', async () => {
    const { sql, stream } = app.runtime.core;
    await outboxRelay(app.runtime.core).drain();
    const tag = `transient-${randomUUID()}`;
    await sql.tx((tx) => recorder.record(tx, 'events', 'lifecycle', [eventRow(tag)]));
    const down: StreamPort = {
      ...stream,
      publish: () => Promise.reject(new PublishError('disconnected', 0)),
    };
    await expect(outboxRelay({ ...app.runtime.core, stream: down }).drain()).rejects.toThrow('disconnected');
    const row = await sql.one<{ sent: boolean }>(
      `SELECT sent_at IS NOT NULL AS sent FROM analytics_outbox WHERE row->>'summary' = $1`,
      [tag],
    );
    expect(row).toEqual({ sent: false });
    expect(await outboxRelay(app.runtime.core).drain()).toBeGreaterThanOrEqual(1);
  });
});

describe('an idle relay', () => {
  it('neither takes nor renews the lease while the outbox is empty (no write, no commit)', async () => {
    const { sql } = app.runtime.core;
    const relay = outboxRelay(app.runtime.core);
    await relay.drain(); // empty, and the lease handed back
    const lease = () =>
      sql.one<{ holder: string | null; xmin: string }>(
        `SELECT holder, xmin::text AS xmin FROM analytics_relay_lease WHERE id = 1`,
      );
    const before = await lease();
    expect(before!.holder).toBeNull();
    for (let i = 0; i < 5; i++) expect(await relay.runOnce()).toBe(0);
    expect(await lease()).toEqual(before);

    const tag = `idle-${randomUUID()}`;
    await sql.tx((tx) => recorder.record(tx, 'events', 'lifecycle', [eventRow(tag)]));
    expect(await relay.runOnce()).toBe(1); // a row: the lease is taken, and the row published
    expect((await lease())!.holder).not.toBeNull();
    await relay.drain();
  });
});

describe('GET /metrics', () => {
  it('serves Prometheus text to loopback callers with HTTP, pool and outbox figures, and refuses others', async () => {
    await app.call('POST', '/test/record', { body: { summary: `metrics-${randomUUID()}` } });
    // A path no route matches is counted under one label, never under its own path.
    const unmatched = `/no-such-route-${randomUUID()}`;
    expect((await app.call('GET', unmatched)).status).toBe(404);
    const handle = outboxRelay(app.runtime.core, { idleMs: 50 }).start();
    try {
      const res = await app.call('GET', '/metrics');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toMatch(/keel_http_requests_total\{[^}]*route="\/test\/record"[^}]*status="201"/);
      expect(res.text).toContain('keel_http_request_duration_seconds_bucket');
      expect(res.text).toMatch(
        /keel_http_requests_total\{[^}]*method="GET"[^}]*route="unmatched"[^}]*status="404"/,
      );
      expect(res.text).not.toContain(unmatched);
      expect(res.text).toMatch(/keel_db_pool_connections\{[^}]*state="total"/);
      expect(res.text).toMatch(/^keel_outbox_depth\{[^}]*\} \d+/m);
      expect(res.text).toMatch(/^keel_outbox_lag_seconds\{[^}]*\} [\d.e+-]+/m);
      expect(res.text).toContain('keel_outbox_published_rows_total');

      const outside = await app.api.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
      expect(outside.statusCode).toBe(403);
      expect(outside.body).not.toContain('keel_');
    } finally {
      await handle.stop();
    }
  });

  it('serves a remote caller that presents KEEL_METRICS_TOKEN, and no one else', async () => {
    const token = `m-${randomUUID()}`;
    const other = await startTestApp({ env: { KEEL_METRICS_TOKEN: token } });
    try {
      const get = (authorization?: string) =>
        other.api.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '203.0.113.9',
          headers: authorization ? { authorization } : {},
        });
      expect((await get(`Bearer ${token}`)).statusCode).toBe(200);
      expect((await get(`Bearer ${token}x`)).statusCode).toBe(403);
      expect((await get()).statusCode).toBe(403);
      expect(other.transcript()).not.toContain(token);
    } finally {
      await other.close();
    }
  });
});
