// GET /organizations/{org}/operations-log (and /{id}) and POST .../{id}/complete read the
// operations_log table of the analytics store, on both transports, filled by the real pipeline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7, uuidv7Floor } from '../../src/graph/ids.js';
import {
  allPages,
  createRole,
  expectInvalid,
  expectProblem,
  serviceAccount,
} from '../foundation/fixtures.js';
import { entryRow, startReaderApp, transports, type ReaderApp } from './support.js';

describe.each(transports())('operations log readers on %s', (transport) => {
  let r: ReaderApp;
  let admin: string;
  let member: string;
  let nobody: string;
  let writer: string;
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    r.app.call(method, path, { token, body });
  const post = (body: Record<string, unknown>, token = admin, org = 'ops') =>
    call('POST', `/organizations/${org}/operations-log`, token, {
      project: 'api',
      environment: 'prod',
      entry_type: 'Deployed',
      description: 'a deployment',
      ...body,
    });

  beforeAll(async () => {
    r = await startReaderApp(transport);
    const app = r.app;
    admin = await app.adminToken();
    member = await app.user('member@example.com', { roles: ['member'] });
    nobody = await app.user('nobody@example.com');
    // An entry names a project and an environment: the writer may read both.
    await createRole(app, 'ops-writer', [
      'operations_log:create',
      'project:read',
      'environment:read',
      'organization:read',
    ]);
    writer = await app.user('writer@example.com', { roles: ['ops-writer'] });
    for (const org of ['ops', 'other']) {
      await call('POST', '/organizations', admin, { slug: org, name: org });
      await call('POST', `/organizations/${org}/teams`, admin, { slug: 't', name: 'T' });
      for (const slug of ['api', 'web'])
        await call('POST', `/organizations/${org}/projects`, admin, { slug, name: slug, team: 't' });
    }
    for (const env of ['prod', 'staging'])
      await call('POST', '/environments', admin, { slug: env, name: env });
  }, 60_000);
  afterAll(() => r?.close());

  describe('list and read', () => {
    const ids: Record<string, string> = {};
    beforeAll(async () => {
      const entries = [
        ['a', { occurred_at: '2026-03-01T10:00:00Z' }],
        ['b', { occurred_at: '2026-03-01T11:00:00Z', project: 'web' }],
        ['c', { occurred_at: '2026-03-01T12:00:00Z', environment: 'staging', entry_type: 'Maintenance' }],
        ['d', { occurred_at: '2026-03-01T12:00:00Z', version: '1.0.0', ticket: 'OPS-1' }],
        ['e', { occurred_at: '2026-03-01T13:00:00Z', status: 'open' }],
      ] as const;
      for (const [name, body] of entries) {
        const res = await post({ description: `entry ${name}`, ...body });
        expect(res.status, res.text).toBe(201);
        ids[name] = res.body.id;
      }
      await post({ description: 'elsewhere', occurred_at: '2026-03-01T12:30:00Z' }, admin, 'other');
      await r.settle();
    });

    it('lists the organization’s entries newest first, ties by id, all fields', async () => {
      const res = await call('GET', '/organizations/ops/operations-log', member);
      expect(res.status, res.text).toBe(200);
      const mine = res.body.filter((e: { description: string }) => e.description.startsWith('entry '));
      expect(mine.map((e: { description: string }) => e.description)).toEqual([
        'entry e',
        ...[ids.c!, ids.d!]
          .sort()
          .reverse()
          .map((id) => (id === ids.c ? 'entry c' : 'entry d')),
        'entry b',
        'entry a',
      ]);
      expect(res.body.some((e: { organization: string }) => e.organization !== 'ops')).toBe(false);
      const d = mine.find((e: { id: string }) => e.id === ids.d);
      expect(d).toEqual({
        id: ids.d,
        organization: 'ops',
        project: 'api',
        environment: 'prod',
        entry_type: 'Deployed',
        description: 'entry d',
        version: '1.0.0',
        link: null,
        ticket: 'OPS-1',
        status: 'completed',
        occurred_at: '2026-03-01T12:00:00.000Z',
        completed_at: '2026-03-01T12:00:00.000Z',
        recorded_by: 'admin@example.com',
        recorded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(mine[0]).toMatchObject({ status: 'open', completed_at: null });
    });

    it('filters by project, environment, since (inclusive) and until (exclusive)', async () => {
      const q = async (query: string) =>
        (await call('GET', `/organizations/ops/operations-log?${query}`, member)).body
          .filter((e: { description: string }) => e.description.startsWith('entry '))
          .map((e: { description: string }) => e.description.slice(6))
          .sort()
          .join('');
      expect(await q('project=web')).toBe('b');
      expect(await q('environment=staging')).toBe('c');
      expect(await q('project=api&environment=prod')).toBe('ade');
      expect(await q('since=2026-03-01T11:00:00Z&until=2026-03-01T13:00:00Z')).toBe('bcd');
      expect(await q('since=2026-03-01T12:00:00.900Z')).toBe('cde');
      expect(await q('until=2026-03-01T10:00:00Z')).toBe('');
      expect(await q('project=nope')).toBe('');
    });

    it('pages with a cursor through ties, each entry once', async () => {
      const first = await call('GET', '/organizations/ops/operations-log?limit=2&project=api', member);
      expect(first.body).toHaveLength(2);
      expect(first.headers.link).toMatch(/rel="next"/);
      const all = await allPages<{ id: string }>(
        r.app,
        '/organizations/ops/operations-log?limit=1&project=api',
        member,
      );
      const everything = (await call('GET', '/organizations/ops/operations-log?project=api', member)).body;
      expect(all.map((e) => e.id)).toEqual(everything.map((e: { id: string }) => e.id));
      expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
      expect(all.length).toBe(4);
    });

    it('reads one entry; unknown, malformed or another organization’s id is 404', async () => {
      const one = await call('GET', `/organizations/ops/operations-log/${ids.b}`, member);
      expect(one.status, one.text).toBe(200);
      expect(one.body).toMatchObject({ id: ids.b, project: 'web', description: 'entry b' });
      expectProblem(await call('GET', `/organizations/ops/operations-log/${uuidv7()}`, member), 404);
      expectProblem(await call('GET', `/organizations/ops/operations-log/not-a-uuid`, member), 404);
      expectProblem(await call('GET', `/organizations/other/operations-log/${ids.b}`, member), 404);
      expectProblem(await call('GET', `/organizations/nope/operations-log/${ids.b}`, member), 404);
      expectProblem(await call('GET', `/organizations/nope/operations-log`, member), 404);
    });

    it('who may read: operations_log:read (member, admin, a service account holding it)', async () => {
      for (const path of [
        '/organizations/ops/operations-log',
        `/organizations/ops/operations-log/${ids.a}`,
      ]) {
        expectProblem(await call('GET', path), 401);
        expectProblem(await call('GET', path, nobody), 403);
        expectProblem(await call('GET', path, writer), 403);
        expect((await call('GET', path, admin)).status).toBe(200);
        expect((await call('GET', path, member)).status).toBe(200);
      }
      // Checked before the organization is looked up: no oracle for organization slugs.
      expectProblem(await call('GET', '/organizations/nope/operations-log', nobody), 403);
      const bare = await serviceAccount(r.app, 'bare-bot');
      expectProblem(await call('GET', '/organizations/ops/operations-log', bare.token), 403);
      await createRole(r.app, 'ops-reader', ['operations_log:read', 'organization:read']);
      const bot = await serviceAccount(r.app, 'ops-bot', { roles: ['ops-reader'] });
      expect((await call('GET', '/organizations/ops/operations-log', bot.token)).status).toBe(200);
    });

    it('refuses bad query parameters with 422 naming them', async () => {
      const get = (q: string) => call('GET', `/organizations/ops/operations-log?${q}`, member);
      expectInvalid(await get('since=yesterday'), '/since', { in: 'query' });
      expectInvalid(await get('until=2026-13-01T00:00:00Z'), '/until', { in: 'query' });
      expectInvalid(await get('since=2026-03-02T00:00:00Z&until=2026-03-01T00:00:00Z'), '/since', {
        in: 'query',
      });
      expectInvalid(await get('since=1969-12-31T23:59:59Z'), '/since', { in: 'query' });
      expectInvalid(await get('until=2106-02-07T06:28:16Z'), '/until', { in: 'query' });
      expectInvalid(await get('since=2016-12-31T23:59:60Z'), '/since', { in: 'query' });
      // A cursor past the store's last second would wrap around to another date.
      const far = `${2 ** 32}.00000000-0000-7000-8000-000000000000`;
      expectInvalid(await get(`cursor=${Buffer.from(far).toString('base64url')}`), '/cursor', {
        in: 'query',
      });
      expectInvalid(await get('cursor=abc'), '/cursor', { in: 'query' });
      expectInvalid(await get(`cursor=${Buffer.from("1.x' OR 1=1").toString('base64url')}`), '/cursor', {
        in: 'query',
      });
      expect((await get('limit=0')).status).toBe(422);
      expect((await get('bogus=1')).status).toBe(422);
    });

    it('a hostile filter value is a value, never SQL', async () => {
      const res = await call(
        'GET',
        `/organizations/ops/operations-log?project=${encodeURIComponent("api' OR '1'='1")}`,
        member,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('a duplicate delivery and a rewrite collapse: one entry, the newest row_version', async () => {
      const stored = (await call('GET', `/organizations/ops/operations-log/${ids.a}`, admin)).body;
      const row = await entryRow((p) => call('GET', p, admin), stored);
      await r.store.insert('operations_log', [row, row]);
      await r.store.insert('operations_log', [
        { ...row, description: 'older', row_version: row.row_version - 1 },
      ]);
      const list = await call('GET', '/organizations/ops/operations-log?project=api', admin);
      expect(list.body.filter((e: { id: string }) => e.id === ids.a)).toEqual([stored]);
      expect((await call('GET', `/organizations/ops/operations-log/${ids.a}`, admin)).body).toEqual(stored);
    });
  });

  describe('POST .../operations-log/{id}/complete', () => {
    const complete = (id: string, body?: unknown, token = writer, org = 'ops') =>
      call('POST', `/organizations/${org}/operations-log/${id}/complete`, token, body);

    it('an open entry is recorded completed (same id, higher version); a second completion is 409', async () => {
      const open = await post({ status: 'open', occurred_at: '2026-04-01T08:00:00Z' }, writer);
      expect(open.status, open.text).toBe(201);
      expect(open.body).toMatchObject({
        status: 'open',
        completed_at: null,
        recorded_by: 'writer@example.com',
      });
      await r.settle();
      const done = await complete(open.body.id, { completed_at: '2026-04-01T09:30:00Z' });
      expect(done.status, done.text).toBe(200);
      expect(done.body).toMatchObject({
        id: open.body.id,
        status: 'completed',
        occurred_at: '2026-04-01T08:00:00.000Z',
        completed_at: '2026-04-01T09:30:00.000Z',
        description: 'a deployment',
      });
      expect(Date.parse(done.body.recorded_at)).toBeGreaterThan(Date.parse(open.body.recorded_at));
      await r.settle();
      const read = await call('GET', `/organizations/ops/operations-log/${open.body.id}`, member);
      expect(read.body).toEqual(done.body);
      const list = await call('GET', '/organizations/ops/operations-log?since=2026-04-01T08:00:00Z', member);
      expect(list.body.filter((e: { id: string }) => e.id === open.body.id)).toHaveLength(1);
      expectProblem(await complete(open.body.id), 409, 'entry_already_completed');
    });

    // operations_log:create alone does not read the log: completing another's entry must not show it.
    it("completing someone else's entry without operations_log:read answers 204, not the entry", async () => {
      const other = await r.app.user('writer-2@example.com', { roles: ['ops-writer'] });
      const open = await post({ status: 'open', description: 'a private note of the admin' }, admin);
      expect(open.status, open.text).toBe(201);
      await r.settle();
      const done = await complete(open.body.id, {}, other);
      expect(done.status, done.text).toBe(204);
      expect(done.text).toBe('');
      await r.settle();
      const again = await complete(open.body.id, {}, other);
      expectProblem(again, 409, 'entry_already_completed');
      expect(again.body.detail).toBe(`operations-log entry ${open.body.id} is already completed`);
      await r.settle();
      const read = await call('GET', `/organizations/ops/operations-log/${open.body.id}`, admin);
      expect(read.body).toMatchObject({ status: 'completed', description: 'a private note of the admin' });
      // Nor does a completion time before the entry tell when it occurred.
      const hidden = await post({ status: 'open', occurred_at: '2026-05-01T10:00:00Z' }, admin);
      await r.settle();
      const early = await complete(hidden.body.id, { completed_at: '2026-05-01T09:00:00Z' }, other);
      expectInvalid(early, '/completed_at');
      expect(early.text).not.toContain('2026-05-01');
      // A reader, and the one who recorded the entry, get it back.
      const mine = await post({ status: 'open' }, other);
      await r.settle();
      expect((await complete(mine.body.id, {}, other)).status).toBe(200);
      const theirs = await post({ status: 'open' }, other);
      await r.settle();
      expect((await complete(theirs.body.id, {}, admin)).body).toMatchObject({ id: theirs.body.id });
    });

    it('completing an open deployment moves the version of its environment, since its completion', async () => {
      const envs = async () =>
        (await call('GET', '/organizations/ops/projects/web', member)).body.environments;
      const open = await post(
        {
          project: 'web',
          environment: 'staging',
          version: '7.0.0',
          status: 'open',
          occurred_at: '2026-06-01T09:00:00Z',
        },
        writer,
      );
      expect(open.status, open.text).toBe(201);
      expect(await envs()).toEqual([]); // under way: nothing runs there yet
      await r.settle();
      const done = await complete(open.body.id, { completed_at: '2026-06-01T10:00:00Z' });
      expect(done.status, done.text).toBe(200);
      expect(await envs()).toEqual([
        { environment: 'staging', url: null, version: '7.0.0', since: '2026-06-01T10:00:00.000Z' },
      ]);
    });

    it('a completion time the store cannot hold (a leap second, past 2106) is 422 naming it', async () => {
      const open = await post({ status: 'open' }, writer);
      await r.settle();
      for (const completed_at of ['2026-12-31T23:59:60Z', '2200-01-01T00:00:00Z']) {
        expectInvalid(await complete(open.body.id, { completed_at }), '/completed_at');
      }
    });

    it('an empty body completes now', async () => {
      const open = await post({ status: 'open' }, writer);
      await r.settle();
      const done = await call('POST', `/organizations/ops/operations-log/${open.body.id}/complete`, writer);
      expect(done.status, done.text).toBe(200);
      expect(Math.abs(Date.parse(done.body.completed_at) - Date.now())).toBeLessThan(60_000);
    });

    it('not in the store yet: looks again after one poll interval and finds it', async () => {
      const open = await post({ status: 'open' }, writer);
      // Not relayed: the row arrives in the store while the first lookup has already missed it.
      const row = await entryRow((p) => call('GET', p, admin), open.body);
      await call('GET', `/organizations/ops/operations-log/${uuidv7()}`, member); // warm the reader
      const started = Date.now();
      const pending = complete(open.body.id);
      await new Promise((resolve) => setTimeout(resolve, 120));
      await r.store.insert('operations_log', [row]);
      const done = await pending;
      expect(done.status, done.text).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      await r.settle(); // the relayed copy of the open row changes nothing: the completion is newer
      expect((await call('GET', `/organizations/ops/operations-log/${open.body.id}`, member)).body).toEqual(
        done.body,
      );
    });

    it('still not found after the second look: 404 (unknown, malformed, another organization’s)', async () => {
      const started = Date.now();
      expectProblem(await complete(uuidv7()), 404);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expectProblem(await complete('not-a-uuid'), 404);
      const theirs = await post({ status: 'open' }, admin, 'other');
      await r.settle();
      expectProblem(await complete(theirs.body.id, {}, writer, 'ops'), 404);
      expectProblem(await complete(theirs.body.id, {}, writer, 'nope'), 404);
    });

    it('who may complete: operations_log:create (writer, admin), not readers', async () => {
      const open = await post({ status: 'open' }, writer);
      await r.settle();
      expectProblem(await call('POST', `/organizations/ops/operations-log/${open.body.id}/complete`), 401);
      expectProblem(await complete(open.body.id, {}, member), 403);
      expectProblem(await complete(open.body.id, {}, nobody), 403);
      expectProblem(await complete(uuidv7(), {}, member, 'nope'), 403);
      expect((await complete(open.body.id, {}, admin)).status).toBe(200);
    });

    it('refuses a completion before the entry occurred, and malformed bodies, with 422', async () => {
      const open = await post({ status: 'open', occurred_at: '2026-05-01T10:00:00Z' }, writer);
      await r.settle();
      expectInvalid(await complete(open.body.id, { completed_at: '2026-05-01T09:59:59Z' }), '/completed_at');
      expectInvalid(await complete(open.body.id, { completed_at: 'soon' }), '/completed_at');
      expect((await complete(open.body.id, { completed_at: '2026-05-01T10:00:00Z', x: 1 })).status).toBe(422);
      expect((await complete(open.body.id, [] as unknown)).status).toBe(422);
      // Still open: none of these recorded anything.
      expect(
        (await call('GET', `/organizations/ops/operations-log/${open.body.id}`, member)).body.status,
      ).toBe('open');
    });

    it('POST refuses an unknown status', async () => {
      expectInvalid(await post({ status: 'closed' }, writer), '/status');
    });
  });

  describe('an entry stays with what it was recorded for, not with its slugs', () => {
    const complete = (id: string, body: unknown, token: string, org = 'ops') =>
      call('POST', `/organizations/${org}/operations-log/${id}/complete`, token, body);
    const log = (org: string, query = '') =>
      call('GET', `/organizations/${org}/operations-log${query}`, admin);
    const descriptions = async (org: string, query = '') => {
      const res = await log(org, query);
      expect(res.status, res.text).toBe(200);
      return (res.body as Array<{ description: string }>).map((e) => e.description);
    };

    it('renamed organization and project keep their entries; whoever takes a freed slug gets none', async () => {
      await call('POST', '/organizations', admin, { slug: 'moving', name: 'Moving' });
      await call('POST', '/organizations/moving/teams', admin, { slug: 't', name: 'T' });
      await call('POST', '/organizations/moving/projects', admin, { slug: 'svc', name: 'svc', team: 't' });
      const entry = await post(
        { project: 'svc', status: 'open', description: 'moving deploy' },
        admin,
        'moving',
      );
      expect(entry.status, entry.text).toBe(201);
      await r.settle();
      // The project renamed away, and a new project takes its slug.
      expect(
        (await call('PATCH', '/organizations/moving/projects/svc', admin, { slug: 'svc-old' })).status,
      ).toBe(200);
      await call('POST', '/organizations/moving/projects', admin, {
        slug: 'svc',
        name: 'new svc',
        team: 't',
      });
      expect(await descriptions('moving', '?project=svc-old')).toEqual(['moving deploy']);
      expect(await descriptions('moving', '?project=svc')).toEqual([]);
      // The organization renamed away, and a new organization takes its slug.
      expect((await call('PATCH', '/organizations/moving', admin, { slug: 'moved' })).status).toBe(200);
      expect(await descriptions('moved')).toEqual(['moving deploy']);
      await call('POST', '/organizations', admin, { slug: 'moving', name: 'Newcomer' });
      expect(await descriptions('moving')).toEqual([]);
      const id = entry.body.id as string;
      expect((await call('GET', `/organizations/moving/operations-log/${id}`, admin)).status).toBe(404);
      expectProblem(await complete(id, {}, admin, 'moving'), 404);
      const done = await complete(id, {}, admin, 'moved');
      expect(done.status, done.text).toBe(200);
      await r.settle();
      // Completed, it is still the renamed organization's, under the slugs it was recorded with.
      const read = await call('GET', `/organizations/moved/operations-log/${id}`, admin);
      expect(read.body).toMatchObject({ status: 'completed', organization: 'moving', project: 'svc' });
      expect(await descriptions('moving')).toEqual([]);
    });

    it('a row recorded before the ids existed is still read, listed and completed by its slugs', async () => {
      const entry = await post({ status: 'open', description: 'legacy row' });
      const row = await entryRow((p) => call('GET', p, admin), entry.body);
      const legacy = { ...row, id: uuidv7(), organization_id: '', project_id: '', environment_id: '' };
      await r.store.insert('operations_log', [legacy]);
      expect(await descriptions('ops', '?project=api&environment=prod')).toContain('legacy row');
      expect((await call('GET', `/organizations/ops/operations-log/${legacy.id}`, admin)).status).toBe(200);
      expect((await complete(legacy.id, {}, admin)).status).toBe(200);
      await r.settle();
      const read = await call('GET', `/organizations/ops/operations-log/${legacy.id}`, admin);
      expect(read.body.status).toBe('completed');
      // One recorded (by its id, a UUIDv7) before this organization was created was another's that
      // held the slug then: not this one's.
      const older = {
        ...legacy,
        id: uuidv7Floor(Date.now() - 3_600_000).replace(/0{12}$/, '0123456789ab'),
        description: 'an earlier holder of the slug',
      };
      await r.store.insert('operations_log', [older]);
      expect(await descriptions('ops')).not.toContain('an earlier holder of the slug');
      expect((await call('GET', `/organizations/ops/operations-log/${older.id}`, admin)).status).toBe(404);
    });
  });
});
