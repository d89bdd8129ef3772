// DST nights through the firing path (a clock the test moves, no real waiting) and GET
// /scheduler/preview: `30 2 * * *` Europe/Berlin fires exactly once on 2027-03-28 (02:30 does not exist:
// 03:00 CEST) and on 2027-10-31 (02:30 happens twice: the first, CEST), and the preview flags both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientToken, consent, delegatedToken } from '../delegation/helpers.js';
import { previewOccurrences } from '../../src/scheduler/preview.js';
import { ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;
const clock = new ManualClock(Date.parse('2027-03-26T12:00:00Z'));

const get = async (slug: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}`, { token: admin })).body;
const runs = async (slug: string) =>
  (await app.call('GET', `/scheduler/schedules/${slug}/runs?limit=200`, { token: admin })).body as Array<{
    occurrence_at: string;
    state: string;
  }>;
/** `null`: no token at all. */
const preview = (query: string, token: string | null = alice) =>
  app.call('GET', `/scheduler/preview?${query}`, token === null ? {} : { token });

/** Moves the clock through [from, to) in 5-minute steps, one firing pass at each. */
async function walk(from: string, to: string) {
  for (let t = Date.parse(from); t < Date.parse(to); t += 5 * 60_000) {
    clock.set(new Date(t));
    await app.scheduler.engine.runDue();
    await app.scheduler.engine.settle();
  }
}

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
});
afterAll(() => app.close());

describe('30 2 * * * Europe/Berlin across the 2027 DST changes', () => {
  it('fires exactly once each night, at the times docs/scheduler.md states; the read flags the next night', async () => {
    clock.set('2027-03-26T12:00:00Z');
    const created = await app.call('POST', '/scheduler/schedules', {
      token: admin,
      body: {
        slug: 'berlin',
        kind: 'system',
        cron: '30 2 * * *',
        timezone: 'Europe/Berlin',
        target: { method: 'GET', path: '/health' },
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ next_due_at: '2027-03-27T01:30:00.000Z', next_due_dst: null });
    await walk('2027-03-26T22:00:00Z', '2027-03-27T04:00:00Z');
    expect((await get('berlin')).next_due_dst).toBe('gap');
    await walk('2027-03-27T22:00:00Z', '2027-03-28T04:00:00Z');
    await walk('2027-03-28T22:00:00Z', '2027-03-29T04:00:00Z');
    expect((await runs('berlin')).map((r) => r.occurrence_at).reverse()).toEqual([
      '2027-03-27T01:30:00.000Z', // 02:30 CET
      '2027-03-28T01:00:00.000Z', // 02:30 does not exist: 03:00 CEST
      '2027-03-29T00:30:00.000Z', // 02:30 CEST
    ]);

    clock.set('2027-10-29T12:00:00Z');
    expect((await app.call('POST', '/scheduler/schedules/berlin/pause', { token: admin })).status).toBe(200);
    expect((await app.call('POST', '/scheduler/schedules/berlin/resume', { token: admin })).status).toBe(200);
    await walk('2027-10-29T22:00:00Z', '2027-10-30T04:00:00Z');
    expect((await get('berlin')).next_due_dst).toBe('repeat');
    await walk('2027-10-30T22:00:00Z', '2027-10-31T04:00:00Z');
    await walk('2027-10-31T22:00:00Z', '2027-11-01T04:00:00Z');
    const autumn = (await runs('berlin'))
      .map((r) => r.occurrence_at)
      .reverse()
      .slice(3);
    expect(autumn).toEqual([
      '2027-10-30T00:30:00.000Z', // 02:30 CEST
      '2027-10-31T00:30:00.000Z', // 02:30 happens twice: once, the first (CEST); not again at 01:30Z
      '2027-11-01T01:30:00.000Z', // 02:30 CET
    ]);
    expect((await runs('berlin')).every((r) => r.state === 'succeeded')).toBe(true);
  });

  it('the preview flags both nights', async () => {
    const spring = await preview(
      'cron=30%202%20*%20*%20*&timezone=Europe/Berlin&count=3&after=2027-03-26T12:00:00Z',
    );
    expect(spring.status, spring.text).toBe(200);
    expect(spring.body.occurrences.map((o: Record<string, unknown>) => [o.at, o.local, o.dst])).toEqual([
      ['2027-03-27T01:30:00.000Z', '2027-03-27T02:30:00+01:00', null],
      ['2027-03-28T01:00:00.000Z', '2027-03-28T03:00:00+02:00', 'gap'],
      ['2027-03-29T00:30:00.000Z', '2027-03-29T02:30:00+02:00', null],
    ]);
    expect(spring.body.occurrences[1].dst_note).toMatch(/02:30 does not exist on 2027-03-28.*runs at 03:00/);
    const autumn = await preview('cron=30 2 * * *&timezone=Europe/Berlin&count=3&after=2027-10-29T12:00:00Z');
    expect(autumn.body.occurrences.map((o: Record<string, unknown>) => [o.at, o.local, o.dst])).toEqual([
      ['2027-10-30T00:30:00.000Z', '2027-10-30T02:30:00+02:00', null],
      ['2027-10-31T00:30:00.000Z', '2027-10-31T02:30:00+02:00', 'repeat'],
      ['2027-11-01T01:30:00.000Z', '2027-11-01T02:30:00+01:00', null],
    ]);
    expect(autumn.body.occurrences[1].dst_note).toMatch(/02:30 happens twice on 2027-10-31.*once/);
    // A time the change does not touch is not flagged, even on the night of the change.
    const noon = await preview('cron=0 12 * * *&timezone=Europe/Berlin&count=2&after=2027-03-27T13:00:00Z');
    expect(noon.body.occurrences.map((o: { dst: unknown }) => o.dst)).toEqual([null, null]);
  });
});

describe('GET /scheduler/preview', () => {
  it('every and once_at; count bounded to 100', async () => {
    const every = await preview('every=PT15M&after=2030-01-01T00:00:00Z&count=3');
    expect(every.body.occurrences.map((o: { at: string }) => o.at)).toEqual([
      '2030-01-01T00:15:00.000Z',
      '2030-01-01T00:30:00.000Z',
      '2030-01-01T00:45:00.000Z',
    ]);
    const once = await preview('once_at=2030-06-01T06:00:00Z&after=2030-01-01T00:00:00Z&count=5');
    expect(once.body.occurrences.map((o: { at: string }) => o.at)).toEqual(['2030-06-01T06:00:00.000Z']);
    const hundred = await preview('every=PT1M&count=100');
    expect(hundred.body.occurrences).toHaveLength(100);
  });

  it('bad parameters are 422 naming them in the query; nothing else happens', async () => {
    const cases: Array<[string, string]> = [
      ['', '/cron'],
      ['cron=0 * * * *&every=PT1H', '/every'],
      ['cron=0 0 31 2 *', '/cron'],
      ['cron=* * * * * *', '/cron'],
      ['cron=0 * * * *&timezone=Mars/Olympus', '/timezone'],
      ['every=PT10S', '/every'],
      ['every=P1M', '/every'],
      ['once_at=2020-01-01T00:00:00Z', '/once_at'],
      ['cron=0 * * * *&count=101', '/count'],
      ['cron=0 * * * *&count=0', '/count'],
      ['cron=0 * * * *&after=yesterday', '/after'],
      ['cron=0 * * * *&extra=1', ''],
    ];
    for (const [q, pointer] of cases) {
      const res = await preview(q);
      expect(res.status, `${q}: ${res.text}`).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (pointer) expect(JSON.stringify(res.body.errors), q).toContain(pointer);
    }
  });

  it('the work per call is bounded: count at most 100, and a computing budget that ends the list early', async () => {
    const res = await preview('cron=59 23 29 2 *&count=100&after=2030-01-01T00:00:00Z');
    expect(res.status, res.text).toBe(200);
    expect(res.body.occurrences[0].at).toBe('2032-02-29T23:59:00.000Z');
    // With its budget spent, the list ends at once and says so.
    const spent = previewOccurrences(
      { cron: '59 23 29 2 *', timezone: 'UTC', every_seconds: null, once_at: null, created_at: new Date() },
      new Date('2030-01-01T00:00:00Z'),
      100,
      -1,
    );
    expect(spent).toEqual({ items: [], truncated: true });
  });

  it('who may call it: any signed-in caller (user, admin, service account, delegated token); no token 401', async () => {
    const q = 'cron=0 6 * * *&count=1';
    expect((await preview(q, null)).status).toBe(401);
    expect((await preview(q, 'not-a-jwt')).status).toBe(401);
    expect((await preview(q, admin)).status).toBe(200);
    const cred = { clientId: 'scheduler-test-client', clientSecret: app.clientSecret };
    expect((await preview(q, await clientToken(app, cred))).status).toBe(200);
    await consent(app, alice);
    expect((await preview(q, await delegatedToken(app, cred, 'alice@example.com'))).status).toBe(200);
  });
});
