// The activity reader: GET /organizations/{org}/events and .../projects/{project}/events read the
// `events` table of the analytics store, filled by the real pipeline (docs/analytics-readers.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, createRole, expectProblem, userToken } from '../foundation/fixtures.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import type { RowOf } from '../../src/analytics/topology/topology.js';
import { startReaderApp, transports, type ReaderApp } from './support.js';

type Item = {
  id: string;
  type: string;
  topic: string;
  summary: string;
  subject: { type: string; id: string };
  project: string | null;
  by: string;
  principal: string;
  actor: string | null;
  occurred_at: string;
  details: Record<string, unknown>;
};

const ORG = '/organizations/acme/events';
const SHOP = '/organizations/acme/projects/shop/events';

describe.each(transports())('activity on %s', (transport) => {
  let r: ReaderApp;
  let admin: string;
  let shopId: string;
  const call = (method: string, path: string, token: string, body?: unknown) =>
    r.app.call(method, path, { token, ...(body !== undefined ? { body } : {}) });
  const list = async (path: string, token = admin): Promise<Item[]> => {
    const res = await call('GET', path, token);
    expect(res.status, res.text).toBe(200);
    return res.body as Item[];
  };

  beforeAll(async () => {
    r = await startReaderApp(transport);
    admin = await r.app.adminToken();
    await call('POST', '/organizations', admin, { slug: 'acme', name: 'Acme' });
    await call('POST', '/organizations/acme/teams', admin, { slug: 't', name: 'T' });
    shopId = (
      await call('POST', '/organizations/acme/projects', admin, { slug: 'shop', name: 'Shop', team: 't' })
    ).body.id;
    await call('POST', '/organizations/acme/projects', admin, { slug: 'blog', name: 'Blog', team: 't' });
    await call('PATCH', '/organizations/acme/projects/shop', admin, { name: 'The shop' });
    // A comment written by a user through the scheduler's delegated token.
    const cred = await setupScheduler(r.app);
    const dev = await r.app.user('dev@example.com', { roles: ['member'] });
    await consent(r.app, dev);
    const delegated = await delegatedToken(r.app, cred, 'dev@example.com');
    const c = await call('POST', '/organizations/acme/projects/shop/comments', delegated, { body: 'hello' });
    expect(c.status, c.text).toBe(201);
    await call('POST', '/organizations', admin, { slug: 'other', name: 'Other' });
    await r.settle();
  }, 90_000);
  afterAll(() => r?.close());

  it('lists what happened in the organization, newest first: what, to what, by whom, when', async () => {
    const items = await list(ORG);
    expect(items.map((i) => i.type)).toEqual([
      'comment.created',
      'project.updated',
      'project.created',
      'project.created',
      'team.created',
      'organization.created',
    ]);
    const times = items.map((i) => i.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    const comment = items[0]!;
    expect(comment).toMatchObject({
      topic: 'comments',
      project: 'shop',
      subject: { type: 'comment' },
      by: 'dev@example.com on behalf of scheduler',
      principal: 'dev@example.com',
      actor: 'scheduler',
      summary: 'dev@example.com on behalf of scheduler commented on project shop',
    });
    expect(Date.parse(comment.occurred_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(items[1]).toMatchObject({
      subject: { type: 'project', id: shopId },
      by: 'admin@example.com',
      actor: null,
      summary: 'admin@example.com updated project shop',
      details: { slug: 'shop' },
    });
    // Another organization's events stay there.
    expect((await list('/organizations/other/events')).map((i) => i.type)).toEqual(['organization.created']);
  });

  it("a project's activity holds its own events only", async () => {
    expect((await list(SHOP)).map((i) => i.type)).toEqual([
      'comment.created',
      'project.updated',
      'project.created',
    ]);
    expect((await list('/organizations/acme/projects/blog/events')).map((i) => i.type)).toEqual([
      'project.created',
    ]);
  });

  it('filters by topic, type, subject, actor and time', async () => {
    expect((await list(`${ORG}?topic=comments`)).map((i) => i.type)).toEqual(['comment.created']);
    expect((await list(`${ORG}?type=project.created`)).map((i) => i.type)).toEqual([
      'project.created',
      'project.created',
    ]);
    expect(await list(`${ORG}?type=project.*`)).toHaveLength(3);
    expect((await list(`${ORG}?actor=scheduler`)).map((i) => i.type)).toEqual(['comment.created']);
    expect((await list(`${ORG}?actor=dev@example.com`)).map((i) => i.type)).toEqual(['comment.created']);
    expect(await list(`${ORG}?actor=admin@example.com&topic=comments`)).toEqual([]);
    expect(await list(`${ORG}?since=2100-01-01T00:00:00Z`)).toEqual([]);
    expect(await list(`${ORG}?until=2000-01-01T00:00:00Z`)).toEqual([]);
    expect(await list(`${ORG}?since=2000-01-01T00:00:00Z&until=2100-01-01T00:00:00Z`)).toHaveLength(6);
    // Hostile values are literals.
    expect(await list(`${ORG}?actor=${encodeURIComponent("x' OR 1=1 --")}`)).toEqual([]);
    expect(await list(`${ORG}?actor=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('pages with an opaque keyset cursor, each event once, in the order of the whole list', async () => {
    const whole = await list(ORG);
    expect(await allPages(r.app, `${ORG}?limit=1`, admin)).toEqual(whole);
    expect(await allPages(r.app, `${ORG}?limit=4`, admin)).toEqual(whole);
    const first = await call('GET', `${ORG}?limit=2`, admin);
    const cursor = /cursor=([^&>]+)/.exec(String(first.headers.link))![1]!;
    expect(cursor).not.toContain(whole[1]!.id); // not the id in clear
  });

  it('refuses a bad cursor, page size, filter or time range with 422 naming the parameter', async () => {
    for (const cursor of [
      'abc',
      Buffer.from("1.x' OR 1=1").toString('base64url'),
      Buffer.from(`${2 ** 32}.018f0000-0000-7000-8000-000000000000`).toString('base64url'),
      Buffer.from('17').toString('base64url'),
    ]) {
      const res = await call('GET', `${ORG}?cursor=${cursor}`, admin);
      expectProblem(res, 422);
      expect(res.body.errors[0]).toMatchObject({ pointer: '/cursor', in: 'query' });
    }
    for (const [q, name] of [
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['topic=nope', 'topic'],
      ['type=Project%20created', 'type'],
      ['since=yesterday', 'since'],
      ['until=2200-01-01T00:00:00Z', 'until'],
      ['since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z', 'since'],
      ['colour=red', 'colour'],
    ] as const) {
      const res = await call('GET', `${SHOP}?${q}`, admin);
      expectProblem(res, 422);
      expect(JSON.stringify(res.body.errors), q).toContain(`/${name}`);
    }
  });

  it('a duplicate delivery shows once', async () => {
    const before = await list(ORG);
    const rows = await r.store.query<RowOf<'events'>>(
      `SELECT * FROM ${r.store.database}.events WHERE organization = 'acme'`,
    );
    await r.store.insert('events', rows);
    const n = await r.store.query<{ n: number }>(
      `SELECT count() AS n FROM ${r.store.database}.events WHERE organization = 'acme'`,
    );
    expect(Number(n[0]!.n)).toBe(rows.length * 2);
    expect(await list(ORG)).toEqual(before);
    expect(await allPages(r.app, `${ORG}?limit=1`, admin)).toEqual(before);
  });

  it('who may read: the readers of the organization and of the project', async () => {
    expectProblem(await r.app.call('GET', ORG), 401);
    const nobody = await r.app.user('nobody@example.com');
    expectProblem(await call('GET', ORG, nobody), 403);
    expectProblem(await call('GET', '/organizations/nope/events', nobody), 403);
    expectProblem(await call('GET', '/organizations/nope/events', admin), 404);
    // A project the caller may not read is a missing one.
    const missing = await call('GET', '/organizations/acme/projects/nope/events', nobody);
    expectProblem(missing, 404);
    const hidden = await call('GET', SHOP, nobody);
    expectProblem(hidden, 404);
    expect(hidden.body.detail).toBe(missing.body.detail.replace('nope', 'shop'));

    // organization:read alone: the organization's own events, not its projects' nor its teams'.
    await createRole(r.app, 'org-reader', ['organization:read']);
    const orgReader = await r.app.user('org-reader@example.com', { roles: ['org-reader'] });
    expect((await list(ORG, orgReader)).map((i) => i.type)).toEqual(['organization.created']);
    // A user reading one project through its access list reads that project's activity.
    await call('PUT', '/organizations/acme/projects/shop/access/org-reader@example.com', admin, {
      actions: ['read'],
    });
    expect((await list(SHOP, orgReader)).map((i) => i.type)).toEqual([
      'comment.created',
      'project.updated',
      'project.created',
    ]);
    expectProblem(await call('GET', '/organizations/acme/projects/blog/events', orgReader), 404);
    // member (organization, project and team read) sees everything.
    const member = await r.app.user('member@example.com', { roles: ['member'] });
    expect(await list(ORG, member)).toEqual(await list(ORG));
  });

  it('whoever takes a freed slug later does not get the old events', async () => {
    const row = (
      await r.store.query<RowOf<'events'>>(
        `SELECT * FROM ${r.store.database}.events WHERE organization = 'acme' LIMIT 1`,
      )
    )[0]!;
    // An event of an earlier organization "fresh", recorded a day before today's "fresh" was created.
    const old = new Date(Date.now() - 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
    await r.store.insert('events', [
      { ...row, event_id: '018f0000-0000-7000-8000-000000000001', organization: 'fresh', occurred_at: old },
    ]);
    await call('POST', '/organizations', admin, { slug: 'fresh', name: 'Fresh' });
    await r.settle();
    expect((await list('/organizations/fresh/events')).map((i) => i.type)).toEqual(['organization.created']);
  });

  it('a webhook delivery sent twice (same delivery id) is one event, end to end', async () => {
    const std = `whsec_${randomBytes(32).toString('base64')}`;
    for (const [slug, sender, secret] of [
      ['gh', 'github', 'gh-secret-correct-horse-battery'],
      ['std', 'standard', std],
    ] as const) {
      const res = await call('POST', '/admin/webhooks', admin, {
        slug,
        integration: sender,
        sender,
        secret,
        project: 'acme/shop',
      });
      expect(res.status, res.text).toBe(201);
    }
    const raw = JSON.stringify({ type: 'ping', data: {} });
    const post = async (url: string, headers: Record<string, string>) => {
      const res = await r.app.api.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...headers },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(202);
      return (JSON.parse(res.body) as { event_id: string }).event_id;
    };
    const delivery = randomUUID();
    const github = async () =>
      post('/webhooks/github/gh', {
        'x-hub-signature-256': await githubSign('gh-secret-correct-horse-battery', raw),
        'x-github-delivery': delivery,
        'x-github-event': 'ping',
      });
    const at = new Date();
    const standard = () =>
      post('/webhooks/standard/std', {
        'webhook-id': 'msg_replayed',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(std).sign('msg_replayed', at, raw),
      });
    const ids = [await github(), await standard()];
    expect([await github(), await standard()]).toEqual(ids);
    // Each delivery was recorded twice (two outbox rows, two stream messages), under one event id.
    const recorded = await r.app.runtime.core.sql.query<{ id: string }>(
      `SELECT row->>'event_id' AS id FROM analytics_outbox WHERE topic = 'gateway'`,
    );
    expect(recorded.map((x) => x.id).sort()).toEqual([...ids, ...ids].sort());
    await r.settle();
    const deliveries = await list(`${SHOP}?topic=gateway`);
    expect(deliveries.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(deliveries.map((i) => i.summary).sort()).toEqual([
      'ping delivery to webhook github/gh',
      'ping delivery to webhook standard/std',
    ]);
    expect(deliveries[0]).toMatchObject({
      type: 'webhook.received',
      subject: { type: 'webhook' },
      details: {},
    });
    // A reader of the project without webhooks:read does not see the deliveries.
    const orgReader = await userToken(r.app, 'org-reader@example.com');
    expect((await list(SHOP, orgReader)).map((i) => i.type)).not.toContain('webhook.received');
    expect(await list(`${SHOP}?topic=gateway`, orgReader)).toEqual([]);
  });
});
