// Release components (SPEC 6.3.7-8): fact rows, then the batch row only after the stream acknowledged
// them; readers rank by batch and list distinct components, so a duplicate delivery changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRelay } from '../../src/analytics/relay/relay.js';
import { PublishError, type StreamPort } from '../../src/analytics/stream/port.js';
import { createRole, expectInvalid, expectProblem, serviceAccount } from '../foundation/fixtures.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { ownNats, testNatsUrl, type OwnNats } from '../stream/nats-server.js';
import { startReaderApp, transports, type ReaderApp } from './support.js';

const COMPONENTS = [
  { name: 'api-server', version: '1.4.0', purl: 'pkg:oci/api-server@sha256%3Aabc' },
  { name: 'web', version: '2.0.1' },
  { name: 'worker', version: '1.4.0', purl: 'pkg:npm/%40keel/worker@1.4.0' },
];

async function seedProject(app: TestApp, admin: string) {
  for (const org of ['acme', 'other']) {
    await app.call('POST', '/organizations', { token: admin, body: { slug: org, name: org } });
    await app.call('POST', `/organizations/${org}/teams`, { token: admin, body: { slug: 't', name: 't' } });
    await app.call('POST', `/organizations/${org}/projects`, {
      token: admin,
      body: { slug: 'shop', name: 'Shop', team: 't' },
    });
  }
}

describe.each(transports())('release components on %s', (transport) => {
  let r: ReaderApp;
  let admin: string;
  let member: string;
  let nobody: string;
  let pipeline: string;
  const path = (version: string, org = 'acme', project = 'shop') =>
    `/organizations/${org}/projects/${project}/releases/${version}/components`;
  const post = (version: string, components: unknown, token = pipeline, org?: string, project?: string) =>
    r.app.call('POST', path(version, org, project), { token, body: { components } });
  const get = (version: string, token = member, org?: string, project?: string) =>
    r.app.call('GET', path(version, org, project), { token });

  beforeAll(async () => {
    r = await startReaderApp(transport);
    admin = await r.app.adminToken();
    member = await r.app.user('member@example.com', { roles: ['member'] });
    nobody = await r.app.user('nobody@example.com');
    // Recording names the project: the pipeline may read projects (as the GET requires).
    await createRole(r.app, 'release-writer', ['release_components:create', 'project:read']);
    await createRole(r.app, 'release-only', ['release_components:create']);
    pipeline = (await serviceAccount(r.app, 'ci', { roles: ['release-writer'] })).token;
    await seedProject(r.app, admin);
  }, 60_000);
  afterAll(() => r?.close());

  it('records a batch (202) and, once moved, lists its components sorted by name', async () => {
    const res = await post('1.4.0', COMPONENTS);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({
      organization: 'acme',
      project: 'shop',
      release_version: '1.4.0',
      component_count: 3,
    });
    await r.settle();
    const read = await get('1.4.0');
    expect(read.status, read.text).toBe(200);
    expect(read.body).toEqual({
      organization: 'acme',
      project: 'shop',
      release_version: '1.4.0',
      batch_id: res.body.batch_id,
      recorded_at: res.body.recorded_at,
      components: [
        { name: 'api-server', version: '1.4.0', purl: 'pkg:oci/api-server@sha256%3Aabc' },
        { name: 'web', version: '2.0.1', purl: null },
        { name: 'worker', version: '1.4.0', purl: 'pkg:npm/%40keel/worker@1.4.0' },
      ],
    });
  });

  it('a release with no batch yet reads as no components', async () => {
    const read = await get('9.9.9');
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ batch_id: null, recorded_at: null, components: [] });
  });

  it('the newest batch wins; a duplicate delivery of every row changes nothing', async () => {
    await post('2.0.0', [
      { name: 'a', version: '1' },
      { name: 'b', version: '1' },
    ]);
    await r.settle();
    const second = await post('2.0.0', [
      { name: 'a', version: '2' },
      { name: 'c', version: '1' },
    ]);
    await r.settle();
    const before = await get('2.0.0');
    expect(before.body.batch_id).toBe(second.body.batch_id);
    expect(
      before.body.components.map((c: { name: string; version: string }) => `${c.name}@${c.version}`),
    ).toEqual(['a@2', 'c@1']);
    // Every row of the release delivered a second time (the connector wrote a batch twice).
    const db = r.store.database;
    for (const table of ['release_components', 'release_component_batches']) {
      const rows = await r.store.query(
        `SELECT * FROM ${db}.${table} WHERE organization = 'acme' AND release_version = '2.0.0'`,
      );
      await r.store.insert(table, rows);
    }
    expect(
      (
        await r.store.query<{ n: number }>(
          `SELECT count() AS n FROM ${db}.release_components WHERE release_version = '2.0.0'`,
        )
      )[0]!.n,
    ).toBe(8);
    expect((await get('2.0.0')).body).toEqual(before.body);
  });

  it('a batch whose fact rows have not all arrived is skipped until they have', async () => {
    const first = await post('3.0.0', [{ name: 'a', version: '1' }]);
    await r.settle();
    // The batch row's sink ran ahead of the facts' sink: one of two facts is in the store.
    const batchId = '01a20000-0000-7000-8000-000000000001';
    const shop = await r.app.runtime.core.sql.one<{ id: string }>(
      `SELECT n.id FROM graph_nodes n JOIN graph_nodes o ON o.id::text = n.props->>'organization_id'
        WHERE n.label = 'Project' AND n.props->>'slug' = 'shop' AND o.props->>'slug' = 'acme'`,
    );
    const common = {
      batch_id: batchId,
      project_id: shop!.id,
      organization: 'acme',
      project: 'shop',
      environment: null,
      release_version: '3.0.0',
      recorded_at: '2099-01-01 00:00:00',
    };
    await r.store.insert('release_component_batches', [{ ...common, component_count: 2 }]);
    await r.store.insert('release_components', [
      { ...common, component: 'x', component_version: '1', purl: null },
    ]);
    expect((await get('3.0.0')).body.batch_id).toBe(first.body.batch_id);
    await r.store.insert('release_components', [
      { ...common, component: 'y', component_version: '1', purl: null },
    ]);
    const now = await get('3.0.0');
    expect(now.body.batch_id).toBe(batchId);
    expect(now.body.components.map((c: { name: string }) => c.name)).toEqual(['x', 'y']);
  });

  it('a release belongs to its project, not to its slug: it follows a rename and a freed slug starts empty', async () => {
    const project = (slug: string) =>
      r.app.call('POST', '/organizations/acme/projects', {
        token: admin,
        body: { slug, name: slug, team: 't' },
      });
    await project('legacy');
    const recorded = await post(
      '1.0.0',
      [{ name: 'old-component', version: '1' }],
      pipeline,
      'acme',
      'legacy',
    );
    await r.settle();
    const renamed = await r.app.call('PATCH', '/organizations/acme/projects/legacy', {
      token: admin,
      body: { slug: 'legacy-v2' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    // A new project takes the freed slug: the old project's release is not its own.
    await project('legacy');
    const reused = await get('1.0.0', admin, 'acme', 'legacy');
    expect(reused.status, reused.text).toBe(200);
    expect(reused.body).toMatchObject({ project: 'legacy', batch_id: null, components: [] });
    const moved = await get('1.0.0', admin, 'acme', 'legacy-v2');
    expect(moved.body).toMatchObject({ project: 'legacy-v2', batch_id: recorded.body.batch_id });
    expect(moved.body.components.map((c: { name: string }) => c.name)).toEqual(['old-component']);
  });

  it('another organization’s release of the same project slug is not mixed in', async () => {
    await post('4.0.0', [{ name: 'theirs', version: '1' }], admin, 'other');
    await post('4.0.0', [{ name: 'ours', version: '1' }]);
    await r.settle();
    expect((await get('4.0.0')).body.components.map((c: { name: string }) => c.name)).toEqual(['ours']);
  });

  it('who may record: release_components:create (a pipeline, admin); readers and anonymous may not', async () => {
    const body = [{ name: 'a', version: '1' }];
    expectProblem(await r.app.call('POST', path('5.0.0'), { body: { components: body } }), 401);
    expectProblem(await post('5.0.0', body, member), 403);
    expectProblem(await post('5.0.0', body, nobody), 403);
    // Checked before any lookup: 403 whatever the organization.
    expectProblem(await post('5.0.0', body, member, 'nope'), 403);
    expect((await post('5.0.0', body, admin)).status).toBe(202);
    expectProblem(await post('5.0.0', body, pipeline, 'nope'), 404);
    expectProblem(await post('5.0.0', body, pipeline, 'acme', 'nope'), 404);
  });

  it('recording follows the read rule: without read of the project the same answer for an existing and a missing one', async () => {
    const body = [{ name: 'a', version: '1' }];
    const user = await r.app.user('release-only@example.com', { roles: ['release-only'] });
    const sa = (await serviceAccount(r.app, 'release-only', { roles: ['release-only'] })).token;
    for (const [org, project] of [
      ['acme', 'shop'],
      ['acme', 'nope'],
      ['nope', 'shop'],
    ] as const) {
      // A user (who may hold CAN_ACCESS) gets the 404 of a missing project; a service account 403.
      expectProblem(await post('7.0.0', body, user, org, project), 404, 'not_found');
      expectProblem(await post('7.0.0', body, sa, org, project), 403, 'forbidden');
    }
    // With read of the project: 202 for an existing one, 404 for a missing one, as before.
    expectProblem(await post('7.0.0', body, pipeline, 'acme', 'nope'), 404, 'not_found');
    await r.app.call('PUT', '/organizations/acme/projects/shop/access/release-only@example.com', {
      token: admin,
      body: { actions: ['read'] },
    });
    r.app.runtime.core.authCache.clear();
    expectProblem(await post('7.0.0', body, user, 'acme', 'nope'), 404, 'not_found');
    expect((await post('7.0.1', body, user)).status).toBe(202);
    expect((await post('7.0.2', body, pipeline)).status).toBe(202);
    await r.settle();
    // The refused calls stored nothing.
    expect((await get('7.0.0', admin)).body).toMatchObject({ batch_id: null, components: [] });
    expect((await get('7.0.1', admin)).body.components).toEqual([{ name: 'a', version: '1', purl: null }]);
  });

  it('who may read: whoever may read the project; others learn nothing (404)', async () => {
    expectProblem(await r.app.call('GET', path('1.4.0')), 401);
    expectProblem(await get('1.4.0', nobody), 404);
    expectProblem(await get('1.4.0', nobody, 'nope'), 404);
    expectProblem(await get('1.4.0', member, 'acme', 'nope'), 404);
    expect((await get('1.4.0', admin)).status).toBe(200);
    await r.app.call('PUT', '/organizations/acme/projects/shop/access/nobody@example.com', {
      token: admin,
      body: { actions: ['read'] },
    });
    r.app.runtime.core.authCache.clear();
    expect((await get('1.4.0', nobody)).status).toBe(200);
  });

  it('refuses malformed bodies and versions with 422 naming the field', async () => {
    expectInvalid(await post('1.0.0', []), '/components');
    expectInvalid(
      await post('1.0.0', [
        { name: 'a', version: '1' },
        { name: 'a', version: '2' },
      ]),
      '/components/1/name',
      { code: 'duplicate_component' },
    );
    expectInvalid(await post('1.0.0', [{ name: 'a', version: '1', purl: 'http://x' }]), '/components/0/purl');
    expectInvalid(await post('1.0.0', [{ name: '', version: '1' }]), '/components/0/name');
    expectInvalid(await post('1.0.0', [{ name: 'a' }]), '/components/0/version');
    expectInvalid(await post('1.0.0', [{ name: 'a', version: '1', extra: 1 }]), '/components/0/extra');
    const many = Array.from({ length: 1001 }, (_, i) => ({ name: `c${i}`, version: '1' }));
    expectInvalid(await post('1.0.0', many), '/components');
    const bad = await post("1.0'; DROP TABLE x", [{ name: 'a', version: '1' }]);
    expect(bad.status).toBe(422);
  });

  it('a hostile component name is stored and read back as text', async () => {
    const name = "x'); DROP TABLE release_components; --\\\n\t";
    expect((await post('6.0.0', [{ name, version: "1' OR '1'='1" }])).status).toBe(202);
    await r.settle();
    expect((await get('6.0.0')).body.components).toEqual([{ name, version: "1' OR '1'='1", purl: null }]);
  });
});

describe.each(['postgres', 'nats'] as const)(
  'the batch row waits for the facts’ acknowledgement (%s stream)',
  (kind) => {
    let nats: OwnNats | undefined;
    let app: TestApp;
    beforeAll(async () => {
      if (kind === 'nats' && testNatsUrl()) nats = await ownNats();
      app = await startTestApp({ env: nats ? { KEEL_STREAM_URL: nats.url } : {} });
      await seedProject(app, await app.adminToken());
      await createRole(app, 'release-writer', ['release_components:create', 'project:read']);
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await nats?.destroy();
    });

    it.skipIf(kind === 'nats' && !testNatsUrl())(
      'a failed or partial fact publish holds the batch back',
      async () => {
        const core = app.runtime.core;
        const admin = await app.adminToken();
        const events: string[] = [];
        let failures = 2;
        const stream: StreamPort = Object.create(core.stream) as StreamPort;
        stream.publish = async (name, topic, partition, messages) => {
          events.push(`publish ${name} ${messages.length}`);
          if (name === 'release_components' && failures > 0) {
            failures -= 1;
            // First failure stores nothing; the second stores one message and loses the rest.
            if (failures === 0) {
              await core.stream.publish(name, topic, partition, messages.slice(0, 1));
              throw new PublishError('connection lost', 1);
            }
            throw new PublishError('connection refused', 0);
          }
          await core.stream.publish(name, topic, partition, messages);
          events.push(`ack ${name} ${messages.length}`);
        };
        const relay = outboxRelay({ ...core, stream }, { idleMs: 10 });
        await relay.drain(); // what seeding recorded
        events.length = 0;
        const probe = await core.stream.consumerGroup('release_component_batches', 'ordering_probe');
        const facts = await core.stream.consumerGroup('release_components', 'ordering_probe');

        const res = await app.call('POST', '/organizations/acme/projects/shop/releases/1.0.0/components', {
          token: admin,
          body: { components: COMPONENTS },
        });
        expect(res.status, res.text).toBe(202);
        await expect(relay.runOnce()).rejects.toThrow(PublishError);
        await expect(relay.runOnce()).rejects.toThrow(PublishError);
        expect(events).toEqual(['publish release_components 3', 'publish release_components 3']);
        expect(await probe.fetch(10, 200)).toEqual([]);

        await relay.drain();
        expect(events.slice(2)).toEqual([
          'publish release_components 2',
          'ack release_components 2',
          'publish release_component_batches 1',
          'ack release_component_batches 1',
        ]);
        const got = await facts.fetch(10, 1000);
        expect(got.map((m) => JSON.parse(m.payload).component)).toEqual(['api-server', 'web', 'worker']);
        const batch = await probe.fetch(10, 1000);
        expect(batch.map((m) => JSON.parse(m.payload))).toEqual([
          expect.objectContaining({ batch_id: res.body.batch_id, component_count: 3 }),
        ]);
        await probe.close();
        await facts.close();
      },
    );
  },
);
