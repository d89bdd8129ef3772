// Attribution versus the directory rule (docs/authorization.md, "People: attribution and directories"):
// who did something to a thing is part of that thing, shown to whoever may read the thing; a list or a
// lookup of people (users, a team's members, a project's grantees) needs user:read. A caller granted
// one project, with no role at all, is the one who tells the two apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RowOf } from '../../src/analytics/topology/topology.js';
import { startReaderApp, type ReaderApp } from '../readers/support.js';
import type { TestApp } from '../support/harness.js';

let r: ReaderApp;
let app: TestApp;
let admin: string;
let editor: string;
let outsider: string;
let projectId: string;

const P = '/organizations/acme/projects/shop';

beforeAll(async () => {
  r = await startReaderApp('chdb');
  app = r.app;
  admin = await app.adminToken();
  const ok = (res: { status: number; text: string }) => expect(res.status, res.text).toBeLessThan(300);
  ok(await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } }));
  ok(await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 't', name: 'T' } }));
  const made = await app.call('POST', '/organizations/acme/projects', {
    token: admin,
    body: { slug: 'shop', name: 'Shop', team: 't' },
  });
  ok(made);
  projectId = made.body.id;
  ok(
    await app.call('POST', '/organizations/acme/projects', {
      token: admin,
      body: { slug: 'vault', name: 'Vault', team: 't' },
    }),
  );
  ok(
    await app.call('PUT', '/organizations/acme/teams/t/members/admin@example.com', {
      token: admin,
      body: {},
    }),
  );
  // The editor, with a role, changes the project and comments on it.
  editor = await app.user('editor@example.com', { roles: ['member'] });
  ok(
    await app.call('PUT', `${P}/access/editor@example.com`, {
      token: admin,
      body: { actions: ['read', 'update'] },
    }),
  );
  ok(await app.call('PATCH', P, { token: editor, body: { name: 'Shop (edited)' } }));
  ok(await app.call('POST', `${P}/comments`, { token: editor, body: { body: 'looks good' } }));
  const row: RowOf<'score_history'> = {
    project_id: projectId,
    organization: 'acme',
    project: 'shop',
    score: 10,
    previous_score: null,
    reason: 'manual_rescore',
    requested_by: 'editor@example.com',
    computed_at: '2026-02-01 10:00:00',
  };
  await app.runtime.core.sql.tx((tx) =>
    app.runtime.core.analytics.record(tx, 'score_history', 'project-score', [row]),
  );
  await r.settle();
  // The outsider holds no role: it may read this one project, and nothing about people.
  outsider = await app.user('outsider@example.com');
  ok(
    await app.call('PUT', `${P}/access/outsider@example.com`, { token: admin, body: { actions: ['read'] } }),
  );
}, 120_000);
afterAll(() => r?.close());

describe('who did something to a thing you may read is part of that thing', () => {
  it("a project's updated_by, its comments' author and its score history's requested_by", async () => {
    const project = await app.call('GET', P, { token: outsider });
    expect(project.status, project.text).toBe(200);
    expect(project.body.updated_by).toBe('editor@example.com');
    const comments = await app.call('GET', `${P}/comments`, { token: outsider });
    expect(comments.status, comments.text).toBe(200);
    expect(comments.body.map((c: { author: string }) => c.author)).toContain('editor@example.com');
    const history = await app.call('GET', `${P}/score/history`, { token: outsider });
    expect(history.status, history.text).toBe(200);
    expect(history.body.map((h: { requested_by: string }) => h.requested_by)).toEqual(['editor@example.com']);
  });

  it('a thing the caller may not read shows no one: 404, as if missing', async () => {
    for (const path of [
      '/organizations/acme/projects/vault',
      '/organizations/acme/projects/vault/comments',
      '/organizations/acme/projects/vault/score/history',
    ]) {
      const res = await app.call('GET', path, { token: outsider });
      expect(res.status, path).toBe(404);
      expect(res.text).not.toContain('@example.com');
    }
  });
});

describe('a list or lookup of people needs user:read', () => {
  it.each([
    ['GET', '/users'],
    ['GET', '/users/editor@example.com'],
    ['GET', '/users/nobody@example.com'],
    ['GET', '/organizations/acme/teams/t/members'],
    ['GET', `${P}/access`],
  ])('%s %s: 403 whoever it names, naming no one', async (method, path) => {
    const res = await app.call(method, path, { token: outsider });
    expect(res.status, res.text).toBe(403);
    expect(res.text).not.toContain('editor@example.com');
    expect(res.text).not.toContain('admin@example.com');
  });

  it('the same lists with user:read', async () => {
    for (const path of ['/users', '/users/admin@example.com', '/organizations/acme/teams/t/members']) {
      expect((await app.call('GET', path, { token: editor })).status, path).toBe(200);
    }
    // A project's grantees: project:access and user:read (the admin holds both).
    expect((await app.call('GET', `${P}/access`, { token: admin })).status).toBe(200);
  });

  it('a caller reads their own record without user:read', async () => {
    const me = await app.call('GET', '/users/outsider@example.com', { token: outsider });
    expect(me.status, me.text).toBe(200);
  });
});
