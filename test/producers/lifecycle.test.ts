// events/lifecycle: organization, team, project and environment changes recorded in their transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { EventRow } from '../../src/analytics/topology/shapes.js';
import { lifecycleEvent } from '../../src/analytics/rows/lifecycle.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { createRole, serviceAccount } from '../foundation/fixtures.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import { expectStatus, metadataOf, recorded, type OutboxRow } from './support.js';

let app: TestApp;
let admin: string;
const ADMIN = 'admin@example.com';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

const call = (method: string, path: string, body?: unknown, token = admin) =>
  app.call(method, path, { token, ...(body !== undefined ? { body } : {}) });

function only(rows: OutboxRow[]): OutboxRow {
  expect(rows).toHaveLength(1);
  const r = rows[0]!;
  expect(r.stream).toBe('events');
  expect(r.topic).toBe('lifecycle');
  expect(r.headers).toEqual({});
  return r;
}

describe('events/lifecycle: every change of an organization, team, project or environment is one row', () => {
  it('organization created, updated (renamed) and deleted', async () => {
    const created = only(
      await recorded(app, async () =>
        expectStatus(await call('POST', '/organizations', { slug: 'lc', name: 'LC' }), 201),
      ),
    );
    expect(created.row).toMatchObject({
      event_type: 'organization.created',
      source: 'lifecycle',
      principal_name: ADMIN,
      actor_name: null,
      organization: 'lc',
      project: null,
      summary: `${ADMIN} created organization lc`,
    });
    const id = created.row.subject_id;
    expect(metadataOf(created)).toMatchObject({ slug: 'lc' });

    const updated = only(
      await recorded(app, async () =>
        expectStatus(await call('PATCH', '/organizations/lc', { slug: 'lc2', name: 'LC' }), 200),
      ),
    );
    expect(updated.row).toMatchObject({
      event_type: 'organization.updated',
      organization: 'lc2',
      principal_name: ADMIN,
      subject_id: id,
    });
    expect(metadataOf(updated)).toEqual({
      slug: 'lc2',
      previous_slug: 'lc',
      changed: ['slug'],
    });

    const deleted = only(
      await recorded(app, async () => expectStatus(await call('DELETE', '/organizations/lc2'), 204)),
    );
    expect(deleted.row).toMatchObject({ event_type: 'organization.deleted', organization: 'lc2' });
    expect(deleted.row.subject_id).toBe(id);
    expect(metadataOf(deleted)).toEqual({ slug: 'lc2' });
  });

  it('team created, members added and removed (team updates), deleted', async () => {
    await call('POST', '/organizations', { slug: 'tm', name: 'TM' });
    await app.user('member@example.com');
    const created = only(
      await recorded(app, async () =>
        expectStatus(await call('POST', '/organizations/tm/teams', { slug: 'core', name: 'Core' }), 201),
      ),
    );
    expect(created.row).toMatchObject({ event_type: 'team.created', organization: 'tm' });
    expect(metadataOf(created)).toMatchObject({ slug: 'core' });

    const added = only(
      await recorded(app, async () =>
        expectStatus(await call('PUT', '/organizations/tm/teams/core/members/member@example.com'), 204),
      ),
    );
    expect(added.row.event_type).toBe('team.updated');
    expect(metadataOf(added)).toMatchObject({ changed: ['members'], member_added: 'member@example.com' });
    const removed = only(
      await recorded(app, async () =>
        expectStatus(await call('DELETE', '/organizations/tm/teams/core/members/member@example.com'), 204),
      ),
    );
    expect(metadataOf(removed)).toMatchObject({ changed: ['members'], member_removed: 'member@example.com' });

    const deleted = only(
      await recorded(app, async () =>
        expectStatus(await call('DELETE', '/organizations/tm/teams/core'), 204),
      ),
    );
    expect(deleted.row).toMatchObject({ event_type: 'team.deleted', organization: 'tm' });
  });

  it('project created, updated and deleted', async () => {
    await call('POST', '/organizations', { slug: 'po', name: 'PO' });
    await call('POST', '/organizations/po/teams', { slug: 't', name: 'T' });
    const created = only(
      await recorded(app, async () =>
        expectStatus(
          await call('POST', '/organizations/po/projects', { slug: 'api', name: 'API', team: 't' }),
          201,
        ),
      ),
    );
    expect(created.row).toMatchObject({ event_type: 'project.created', organization: 'po', project: 'api' });
    expect(metadataOf(created)).toMatchObject({ slug: 'api', team: 't' });

    const updated = only(
      await recorded(app, async () =>
        expectStatus(
          await call('PATCH', '/organizations/po/projects/api', {
            attributes: { tier: 'gold' },
            name: 'API',
          }),
          200,
        ),
      ),
    );
    expect(updated.row).toMatchObject({ event_type: 'project.updated', project: 'api' });
    expect(metadataOf(updated).changed).toEqual(['attributes']);

    const deleted = only(
      await recorded(app, async () =>
        expectStatus(await call('DELETE', '/organizations/po/projects/api'), 204),
      ),
    );
    expect(deleted.row).toMatchObject({ event_type: 'project.deleted', organization: 'po', project: 'api' });
  });

  it('environment created, updated and deleted', async () => {
    const created = only(
      await recorded(app, async () =>
        expectStatus(await call('POST', '/environments', { slug: 'stage', name: 'Stage' }), 201),
      ),
    );
    expect(created.row).toMatchObject({
      event_type: 'environment.created',
      organization: '',
      project: null,
      environment: 'stage',
    });
    const updated = only(
      await recorded(app, async () =>
        expectStatus(await call('PATCH', '/environments/stage', { name: 'Staging' }), 200),
      ),
    );
    expect(metadataOf(updated)).toMatchObject({ slug: 'stage', changed: ['name'] });
    const deleted = only(
      await recorded(app, async () => expectStatus(await call('DELETE', '/environments/stage'), 204)),
    );
    expect(deleted.row.event_type).toBe('environment.deleted');
  });

  it('rows carry an event id, a timestamp and the fields of the events row', async () => {
    const [r] = await recorded(app, () => call('POST', '/environments', { slug: 'shape', name: 'S' }));
    expect(Value.Check(EventRow, r!.row)).toBe(true);
    expect(r!.row.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r!.row.occurred_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });
});

describe('who did it: the caller, "<user> on behalf of <actor>" under delegation', () => {
  it('a service account is named by its slug; a delegated call by the user on behalf of the scheduler', async () => {
    await createRole(app, 'env-admin', ['environment:create']);
    const cred = await setupScheduler(app);
    const user = await app.user('dev@example.com', { roles: ['env-admin'] });
    await consent(app, user);
    const delegated = await delegatedToken(app, cred, 'dev@example.com');
    const [row] = await recorded(app, async () =>
      expectStatus(await call('POST', '/environments', { slug: 'deleg', name: 'D' }, delegated), 201),
    );
    expect(row!.row).toMatchObject({ principal_name: 'dev@example.com', actor_name: 'scheduler' });
    expect(row!.row.summary).toBe('dev@example.com on behalf of scheduler created environment deleg');
    const plain = await recorded(app, async () =>
      expectStatus(await call('POST', '/environments', { slug: 'plain', name: 'P' }, user), 201),
    );
    expect(plain[0]!.row).toMatchObject({ principal_name: 'dev@example.com', actor_name: null });
    const sa = await serviceAccount(app, 'deployer', { roles: ['env-admin'] });
    const bySa = await recorded(app, async () =>
      expectStatus(await call('POST', '/environments', { slug: 'by-sa', name: 'S' }, sa.token), 201),
    );
    expect(bySa[0]!.row).toMatchObject({ principal_name: 'deployer', actor_name: null });
  });
});

describe('a change that does not happen records nothing', () => {
  it('refused, conflicting and failed requests add no row', async () => {
    await call('POST', '/organizations', { slug: 'busy', name: 'B' });
    await call('POST', '/organizations/busy/teams', { slug: 't', name: 'T' });
    const member = await app.user('reader@example.com', { roles: ['member'] });
    const rows = await recorded(app, async () => {
      expectStatus(await call('POST', '/organizations', { slug: 'busy', name: 'again' }), 409);
      expectStatus(await call('DELETE', '/organizations/busy'), 409);
      expectStatus(await call('POST', '/organizations', { slug: 'x', name: 'X' }, member), 403);
      expectStatus(await call('PATCH', '/organizations/nope', { name: 'N' }), 404);
      expectStatus(
        await call('POST', '/organizations/busy/projects', { slug: 'p', name: 'P', team: 'none' }),
        422,
      );
    });
    expect(rows).toEqual([]);
  });

  it('a transaction that rolls back after recording leaves no row', async () => {
    const ctx = {
      principal: { kind: 'user' as const, id: 'x', name: 'ghost@example.com', isAdmin: true },
      actor: null,
      authMethod: 'password',
      jti: 'j',
      scopes: null,
      permissions: new Set<string>(),
    };
    const rows = await recorded(app, async () => {
      await expect(
        app.runtime.core.sql.tx(async (tx) => {
          await app.runtime.core.analytics.event(
            tx,
            lifecycleEvent(ctx, { subject: 'environment', action: 'created', id: 'x', slug: 'ghost' }),
          );
          throw new Error('the change fails after its row was recorded');
        }),
      ).rejects.toThrow(/fails after/);
    });
    expect(rows).toEqual([]);
  });
});
