// GET /organizations/{org}/projects/{project}/score/history reads score_history from the analytics
// store (a plain table: a duplicate delivery is a second row, and the reader lists it once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowOf } from '../../src/analytics/topology/topology.js';
import { allPages } from '../foundation/fixtures.js';
import { startReaderApp, transports, type ReaderApp } from './support.js';

type Row = RowOf<'score_history'>;

describe.each(transports())('score history on %s', (transport) => {
  let r: ReaderApp;
  let admin: string;
  let projectId: string;
  const PATH = '/organizations/acme/projects/shop/score/history';
  const row = (score: number, previous: number | null, at: string, reason = 'attributes_changed'): Row => ({
    project_id: projectId,
    organization: 'acme',
    project: 'shop',
    score,
    previous_score: previous,
    reason,
    requested_by: 'admin@example.com',
    computed_at: at,
  });

  beforeAll(async () => {
    r = await startReaderApp(transport);
    admin = await r.app.adminToken();
    await r.app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'acme' } });
    await r.app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 't', name: 't' } });
    const p = await r.app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'shop', name: 'Shop', team: 't' },
    });
    projectId = p.body.id;
    const rows = [
      row(10, null, '2026-02-01 10:00:00'),
      row(20, 10, '2026-02-01 11:00:00'),
      // Two changes within one second: both listed, in one stable order.
      row(30, 20, '2026-02-01 12:00:00'),
      row(35, 30, '2026-02-01 12:00:00', 'manual_rescore'),
      row(40, 35, '2026-02-01 13:00:00'),
      { ...row(99, null, '2026-02-01 14:00:00'), project_id: '00000000-0000-7000-8000-000000000000' },
    ];
    await r.app.runtime.core.sql.tx((tx) =>
      r.app.runtime.core.analytics.record(tx, 'score_history', 'project-score', rows),
    );
    await r.settle();
  }, 60_000);
  afterAll(() => r?.close());

  it('lists the project’s changes newest first, from the store', async () => {
    const res = await r.app.call('GET', PATH, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(
      res.body.map((h: { score: number }) => h.score).filter((s: number) => s !== 30 && s !== 35),
    ).toEqual([40, 20, 10]);
    expect(
      res.body
        .slice(1, 3)
        .map((h: { score: number }) => h.score)
        .sort(),
    ).toEqual([30, 35]);
    expect(res.body[0]).toEqual({
      score: 40,
      previous_score: 35,
      reason: 'attributes_changed',
      requested_by: 'admin@example.com',
      computed_at: '2026-02-01T13:00:00.000Z',
    });
    // Not the outbox: the relay prunes it, the history stays; its per-project index is gone.
    const index = await r.app.runtime.core.sql.one<{ i: string | null }>(
      `SELECT to_regclass('analytics_outbox_score_history')::text AS i`,
    );
    expect(index).toEqual({ i: null });
    await r.app.runtime.core.sql.query(`DELETE FROM analytics_outbox`);
    expect((await r.app.call('GET', PATH, { token: admin })).body).toEqual(res.body);
  });

  it('pages through ties, each change once, in the order of the whole list', async () => {
    const whole = (await r.app.call('GET', PATH, { token: admin })).body;
    expect(await allPages(r.app, `${PATH}?limit=1`, admin)).toEqual(whole);
    expect(await allPages(r.app, `${PATH}?limit=2`, admin)).toEqual(whole);
  });

  it('a duplicate delivery changes neither the list nor the latest score', async () => {
    const before = (await r.app.call('GET', PATH, { token: admin })).body;
    await r.store.insert('score_history', [
      row(40, 35, '2026-02-01 13:00:00'),
      row(30, 20, '2026-02-01 12:00:00'),
    ]);
    const n = await r.store.query<{ n: number }>(
      `SELECT count() AS n FROM ${r.store.database}.score_history WHERE project_id = '${projectId}'`,
    );
    expect(Number(n[0]!.n)).toBe(7);
    const after = (await r.app.call('GET', PATH, { token: admin })).body;
    expect(after).toEqual(before);
    expect(after[0].score).toBe(40);
    expect(await allPages(r.app, `${PATH}?limit=1`, admin)).toEqual(before);
  });

  it('refuses a cursor it did not issue', async () => {
    for (const cursor of [
      'abc',
      Buffer.from('1.2 OR 1=1').toString('base64url'),
      Buffer.from('17').toString('base64url'),
      // Its shape, but beyond what the store's DateTime (32 bits) and the tie-break hash (64) hold.
      Buffer.from('99999999999.1').toString('base64url'),
      Buffer.from('1.99999999999999999999').toString('base64url'),
      Buffer.from(`${2 ** 32}.1`).toString('base64url'),
      Buffer.from(`1.${2n ** 64n}`).toString('base64url'),
    ]) {
      const res = await r.app.call('GET', `${PATH}?cursor=${cursor}`, { token: admin });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ pointer: '/cursor', in: 'query' });
    }
  });
});
