// Webhooks real senders can call: each webhook names its sender (github, standard, keel) and deliveries
// are checked by that sender's rules. Every delivery here is signed by the sender's own library
// (@octokit/webhooks-methods as GitHub signs, standardwebhooks as the specification's reference code).
import { randomBytes, randomUUID } from 'node:crypto';
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign as keelSign } from '../../src/webhooks/delivery.js';
import { webhookMigrations } from '../../src/webhooks/store.js';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import { expectInvalid, expectProblem } from '../foundation/fixtures.js';
import { expectStatus, metadataOf, recorded } from './support.js';

let app: TestApp;
let admin: string;
const GH_SECRET = 'gh-secret-correct-horse-battery-staple';
const STD_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const OLD_STD_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const body = JSON.stringify({ type: 'invoice.paid', data: { id: 'in_1', amount: 350 } });

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 't', name: 'T' } });
  await app.call('POST', '/organizations/acme/projects', {
    token: admin,
    body: { slug: 'api', name: 'API', team: 't' },
  });
  for (const [slug, sender, secret] of [
    ['gh', 'github', GH_SECRET],
    ['std', 'standard', STD_SECRET],
  ] as const) {
    const res = await app.call('POST', '/admin/webhooks', {
      token: admin,
      body: { slug, integration: sender, sender, secret, project: 'acme/api' },
    });
    expectStatus(res, 201);
  }
});
afterAll(() => app.close());

async function deliver(path: string, raw: string, headers: Record<string, string>): Promise<Res> {
  const res = await app.api.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  });
  app.responses.push(`${JSON.stringify(res.headers)}\n${res.body}`);
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body), text: res.body };
}

const githubHeaders = async (raw: string, delivery = randomUUID(), secret = GH_SECRET) => ({
  'x-hub-signature-256': await githubSign(secret, raw),
  'x-github-delivery': delivery,
  'x-github-event': 'push',
});
const standardHeaders = (
  raw: string,
  id = `msg_${randomBytes(8).toString('hex')}`,
  at = new Date(),
  secret = STD_SECRET,
) => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': new Webhook(secret).sign(id, at, raw),
});

describe('registration: the sender and the headers it must send', () => {
  it('the read answer gives the URL and the exact headers of its sender', async () => {
    const gh = (await app.call('GET', '/admin/webhooks/gh', { token: admin })).body;
    expect(gh.sender).toBe('github');
    expect(gh.delivery_url).toMatch(/\/webhooks\/github\/gh$/);
    expect(gh.delivery_headers.map((h: { name: string; required: boolean }) => [h.name, h.required])).toEqual(
      [
        ['X-Hub-Signature-256', true],
        ['X-GitHub-Delivery', true],
        ['X-GitHub-Event', false],
      ],
    );
    const std = (await app.call('GET', '/admin/webhooks/std', { token: admin })).body;
    expect(std.sender).toBe('standard');
    expect(std.delivery_headers.map((h: { name: string }) => h.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(JSON.stringify([gh, std])).not.toContain(STD_SECRET.slice(6, 30));
  });

  it('keel is the default, and what webhooks registered before senders existed become', async () => {
    const res = await app.call('POST', '/admin/webhooks', {
      token: admin,
      body: { slug: 'old', integration: 'ci', secret: GH_SECRET },
    });
    expectStatus(res, 201);
    expect(res.body.sender).toBe('keel');
    expect(res.body.delivery_headers[0].name).toBe('X-Keel-Signature-256');
    // A node as an older Keel stored it, then the migration.
    const { sql } = app.runtime.core;
    await sql.query(`UPDATE graph_nodes SET props = props - 'sender' WHERE id = $1`, [res.body.id]);
    await sql.query(webhookMigrations[0]!.sql);
    const stored = await sql.one<{ sender: string }>(
      `SELECT props->>'sender' AS sender FROM graph_nodes WHERE id = $1`,
      [res.body.id],
    );
    expect(stored).toEqual({ sender: 'keel' });
  });

  it('a Standard Webhooks secret is whsec_ and base64 of 24 to 64 bytes; an unknown sender is 422', async () => {
    const create = (body: Record<string, unknown>) =>
      app.call('POST', '/admin/webhooks', { token: admin, body });
    const base = { slug: 'bad', integration: 'x', sender: 'standard' };
    for (const secret of [
      GH_SECRET,
      `whsec_${randomBytes(8).toString('base64')}`,
      `whsec_${randomBytes(65).toString('base64')}`,
      'whsec_not*base64*at*all*but*long',
    ])
      expectInvalid(await create({ ...base, secret }), '/secret');
    expectInvalid(await create({ ...base, sender: 'svix', secret: STD_SECRET }), '/sender');
    // Switching an existing webhook to standard needs a secret that fits it.
    expectInvalid(
      await app.call('PATCH', '/admin/webhooks/gh', { token: admin, body: { sender: 'standard' } }),
      '/sender',
    );
    expect((await app.call('GET', '/admin/webhooks/gh', { token: admin })).body.sender).toBe('github');
  });
});

describe('github: X-Hub-Signature-256, X-GitHub-Delivery, X-GitHub-Event', () => {
  it('a delivery signed as GitHub signs is recorded with its delivery id and event', async () => {
    const delivery = randomUUID();
    let res!: Res;
    const rows = await recorded(app, async () => {
      res = await deliver('/webhooks/github/gh', body, await githubHeaders(body, delivery));
    });
    expectStatus(res, 202);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.row).toMatchObject({
      event_id: res.body.event_id,
      summary: 'push delivery to webhook github/gh',
    });
    expect(metadataOf(rows[0]!)).toMatchObject({ sender: 'github', delivery_id: delivery, event: 'push' });
    // The event id derives from the delivery: UUIDv5, the same when GitHub sends it again.
    expect(res.body.event_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const again = await deliver('/webhooks/github/gh', body, await githubHeaders(body, delivery));
    expect(again.body.event_id).toBe(res.body.event_id);
    const other = await deliver('/webhooks/github/gh', body, await githubHeaders(body));
    expect(other.body.event_id).not.toBe(res.body.event_id);
  });

  it('a wrong secret, another body, no delivery id or Keel’s header: 401, nothing recorded', async () => {
    const rows = await recorded(app, async () => {
      const good = await githubHeaders(body);
      const { 'x-github-delivery': _d, ...noDelivery } = good;
      for (const headers of [
        await githubHeaders(body, randomUUID(), 'another-secret-entirely'),
        await githubHeaders(JSON.stringify({ type: 'x' })),
        noDelivery,
        { 'x-keel-signature-256': keelSign(GH_SECRET, body), 'x-github-delivery': randomUUID() },
        { ...good, 'x-hub-signature-256': good['x-hub-signature-256'].replace('sha256=', 'sha1=') },
      ])
        expectProblem(await deliver('/webhooks/github/gh', body, headers), 401, 'invalid_signature');
    });
    expect(rows).toEqual([]);
  });
});

describe('standard: webhook-id, webhook-timestamp, webhook-signature', () => {
  it('a message signed with the reference library is recorded, its type read from the document', async () => {
    let res!: Res;
    const id = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';
    const rows = await recorded(app, async () => {
      res = await deliver('/webhooks/standard/std', body, standardHeaders(body, id));
    });
    expectStatus(res, 202);
    expect(metadataOf(rows[0]!)).toMatchObject({
      sender: 'standard',
      delivery_id: id,
      event: 'invoice.paid',
    });
    const again = await deliver('/webhooks/standard/std', body, standardHeaders(body, id));
    expect(again.body.event_id).toBe(res.body.event_id);
  });

  it('during a secret rotation the sender sends several signatures; one matching is enough', async () => {
    const at = new Date();
    const id = `msg_${randomBytes(6).toString('hex')}`;
    const old = new Webhook(OLD_STD_SECRET).sign(id, at, body);
    const current = new Webhook(STD_SECRET).sign(id, at, body);
    for (const signature of [`${old} ${current}`, `${current} ${old}`, `v1a,abc ${current}`]) {
      const res = await deliver('/webhooks/standard/std', body, {
        ...standardHeaders(body, id, at),
        'webhook-signature': signature,
      });
      expectStatus(res, 202);
    }
    const res = await deliver('/webhooks/standard/std', body, {
      ...standardHeaders(body, id, at),
      'webhook-signature': old,
    });
    expectProblem(res, 401, 'invalid_signature');
  });

  it('a timestamp more than five minutes away is refused, even correctly signed', async () => {
    const rows = await recorded(app, async () => {
      for (const offset of [-6 * 60_000, 6 * 60_000]) {
        const res = await deliver(
          '/webhooks/standard/std',
          body,
          standardHeaders(body, undefined, new Date(Date.now() + offset)),
        );
        expectProblem(res, 401, 'delivery_expired');
      }
    });
    expect(rows).toEqual([]);
    for (const offset of [-4 * 60_000, 4 * 60_000])
      expectStatus(
        await deliver(
          '/webhooks/standard/std',
          body,
          standardHeaders(body, undefined, new Date(Date.now() + offset)),
        ),
        202,
      );
  });

  it('a wrong secret, another body, a changed id or timestamp, a missing header: 401, nothing recorded', async () => {
    const rows = await recorded(app, async () => {
      const good = standardHeaders(body);
      const { 'webhook-id': _i, ...noId } = good;
      for (const headers of [
        standardHeaders(body, undefined, new Date(), OLD_STD_SECRET),
        standardHeaders(JSON.stringify({ type: 'other' })),
        { ...good, 'webhook-id': 'msg_other' },
        { ...good, 'webhook-timestamp': String(Number(good['webhook-timestamp']) - 1) },
        noId,
        { ...good, 'webhook-signature': good['webhook-signature'].replace('v1,', 'v2,') },
      ])
        expectProblem(await deliver('/webhooks/standard/std', body, headers), 401, 'invalid_signature');
    });
    expect(rows).toEqual([]);
  });
});

describe('an unknown webhook and a wrong signature get the same answer', () => {
  it('for every sender', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['/webhooks/github/gh', await githubHeaders(body, randomUUID(), 'wrong-secret-wrong-secret')],
      ['/webhooks/github/nope', await githubHeaders(body)],
      ['/webhooks/standard/std', standardHeaders(body, undefined, new Date(), OLD_STD_SECRET)],
      ['/webhooks/standard/nope', standardHeaders(body)],
      ['/webhooks/other/std', standardHeaders(body)],
      ['/webhooks/ci/nope', { 'x-keel-signature-256': keelSign(GH_SECRET, body) }],
      ['/webhooks/ci/nope', {}],
    ];
    const answers = await Promise.all(cases.map(([path, headers]) => deliver(path, body, headers)));
    for (const res of answers) {
      expectProblem(res, 401, 'invalid_signature');
      expect(res.body).toEqual(answers[0]!.body);
      expect(res.headers['content-type']).toBe(answers[0]!.headers['content-type']);
    }
  });
});
