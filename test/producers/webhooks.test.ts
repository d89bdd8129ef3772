// events/gateway: webhook administration (/admin/webhooks) and signed deliveries (/webhooks/{integration}/{webhook}).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../src/webhooks/delivery.js';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import { createRole, expectInvalid, expectProblem, serviceAccount } from '../foundation/fixtures.js';
import { consent, delegatedToken, setupScheduler } from '../delegation/helpers.js';
import { expectStatus, metadataOf, outbox, recorded } from './support.js';

let app: TestApp;
let admin: string;
const SECRET = 'whsec-correct-horse-battery-staple-7f3a';
const OTHER_SECRET = 'whsec-another-secret-entirely-91bd';

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'acme', name: 'Acme' } });
  await app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: 't', name: 'T' } });
  await app.call('POST', '/organizations/acme/projects', {
    token: admin,
    body: { slug: 'api', name: 'API', team: 't' },
  });
  await createRole(app, 'hook-reader', ['webhooks:read']);
  await createRole(app, 'hook-writer', ['webhooks:write', 'webhooks:read']);
  await createRole(app, 'hook-linker', ['webhooks:write', 'webhooks:read', 'project:read']);
});
afterAll(() => app.close());

const create = (body: Record<string, unknown>, token = admin) =>
  app.call('POST', '/admin/webhooks', { token, body });

/** A delivery as an integration sends it: raw bytes, signed, no bearer token. */
async function deliver(
  path: string,
  raw: string | Buffer,
  opts: { secret?: string; signature?: string | null; contentType?: string | null } = {},
): Promise<Res> {
  const headers: Record<string, string> = {};
  if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'application/json';
  const signature = opts.signature === undefined ? sign(opts.secret ?? SECRET, raw) : opts.signature;
  if (signature !== null) headers['x-keel-signature-256'] = signature;
  const res = await app.api.inject({ method: 'POST', url: path, headers, payload: raw });
  app.responses.push(`${JSON.stringify(res.headers)}\n${res.body}`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, headers: res.headers, body, text: res.body };
}

describe('admins register webhooks; the secret is write-only', () => {
  it('201 with has_secret and the delivery URL, never the secret; stored sealed', async () => {
    const res = await create({ slug: 'gh', integration: 'github', secret: SECRET, project: 'acme/api' });
    expectStatus(res, 201);
    expect(res.body).toMatchObject({
      slug: 'gh',
      integration: 'github',
      project: 'acme/api',
      has_secret: true,
      updated_by: 'admin@example.com',
    });
    expect(res.body.delivery_url).toMatch(/\/webhooks\/github\/gh$/);
    expect(res.text).not.toContain(SECRET);
    expect(Object.keys(res.body)).not.toContain('secret');
    const stored = await app.runtime.core.sql.one<{ props: Record<string, string> }>(
      `SELECT props FROM graph_nodes WHERE id = $1`,
      [res.body.id],
    );
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(app.runtime.core.secrets.authBox().open(stored!.props.secret_encrypted!)).toBe(SECRET);
  });

  it('list (keyset-paginated), read, update and delete', async () => {
    for (const slug of ['l1', 'l2', 'l3'])
      expectStatus(await create({ slug, integration: 'ci', secret: SECRET }), 201);
    const page = await app.call('GET', '/admin/webhooks?limit=2', { token: admin });
    expectStatus(page, 200);
    expect(page.body.map((w: { slug: string }) => w.slug)).toEqual(['gh', 'l1']);
    expect(page.headers.link).toMatch(/rel="next"/);
    const next = /<([^>]+)>/.exec(page.headers.link as string)![1]!;
    const rest = await app.call('GET', next, { token: admin });
    expect(rest.body.map((w: { slug: string }) => w.slug)).toEqual(['l2', 'l3']);
    expect(rest.headers.link).toBeUndefined();

    const one = await app.call('GET', '/admin/webhooks/l1', { token: admin });
    expect(one.body).toMatchObject({ slug: 'l1', integration: 'ci', project: null, has_secret: true });

    const patched = await app.call('PATCH', '/admin/webhooks/l1', {
      token: admin,
      body: { slug: 'l1b', integration: 'jenkins', project: 'acme/api' },
    });
    expectStatus(patched, 200);
    expect(patched.body).toMatchObject({ slug: 'l1b', integration: 'jenkins', project: 'acme/api' });
    expectProblem(await app.call('GET', '/admin/webhooks/l1', { token: admin }), 404, 'not_found');
    const unlinked = await app.call('PATCH', '/admin/webhooks/l1b', {
      token: admin,
      body: { project: null },
    });
    expect(unlinked.body.project).toBeNull();

    expectStatus(await app.call('DELETE', '/admin/webhooks/l1b', { token: admin }), 204);
    expectProblem(await app.call('GET', '/admin/webhooks/l1b', { token: admin }), 404, 'not_found');
    expectProblem(await app.call('DELETE', '/admin/webhooks/l1b', { token: admin }), 404, 'not_found');
  });

  it('bad input is a problem naming the field; a taken slug 409', async () => {
    const ok = { slug: 'bad', integration: 'ci', secret: SECRET };
    expectInvalid(await create({ ...ok, secret: 'short' }), '/secret');
    expectInvalid(await create({ ...ok, secret: '****************' }), '/secret');
    expectInvalid(await create({ ...ok, slug: 'Not A Slug' }), '/slug');
    expectInvalid(await create({ ...ok, integration: 'a/b' }), '/integration');
    expectInvalid(await create({ ...ok, project: 'api' }), '/project');
    expectInvalid(await create({ ...ok, project: 'acme/nope' }), '/project', { code: 'unknown_project' });
    expectInvalid(await create({ slug: 'bad', integration: 'ci' }), '/secret');
    expectInvalid(await create({ ...ok, has_secret: true }), '/has_secret');
    expectProblem(await create({ ...ok, slug: 'gh' }), 409, 'conflict');
    expectInvalid(await app.call('PATCH', '/admin/webhooks/gh', { token: admin, body: {} }), '/');
    expectProblem(
      await app.call('PATCH', '/admin/webhooks/l2', { token: admin, body: { slug: 'gh' } }),
      409,
      'conflict',
    );
  });
});

describe('who may administer webhooks: webhooks:read and webhooks:write (admin only by default)', () => {
  it('anonymous 401; a member 403; a reader reads but cannot write', async () => {
    expectProblem(await app.call('GET', '/admin/webhooks'), 401, 'unauthenticated');
    expectProblem(await app.call('POST', '/admin/webhooks', { body: {} }), 401, 'unauthenticated');
    const member = await app.user('member@example.com', { roles: ['member'] });
    expectProblem(await app.call('GET', '/admin/webhooks', { token: member }), 403, 'forbidden');
    expectProblem(await app.call('GET', '/admin/webhooks/gh', { token: member }), 403, 'forbidden');
    const reader = await app.user('reader@example.com', { roles: ['hook-reader'] });
    expectStatus(await app.call('GET', '/admin/webhooks/gh', { token: reader }), 200);
    expectProblem(await create({ slug: 'r', integration: 'ci', secret: SECRET }, reader), 403, 'forbidden');
    expectProblem(
      await app.call('PATCH', '/admin/webhooks/gh', { token: reader, body: { secret: OTHER_SECRET } }),
      403,
      'forbidden',
    );
    expectProblem(await app.call('DELETE', '/admin/webhooks/gh', { token: reader }), 403, 'forbidden');
  });

  it('a service account with webhooks:write may, one without may not; a delegated call is attributed', async () => {
    const writer = await serviceAccount(app, 'hook-bot', { roles: ['hook-writer'] });
    const bare = await serviceAccount(app, 'bare-bot');
    const res = await create({ slug: 'by-sa', integration: 'ci', secret: SECRET }, writer.token);
    expectStatus(res, 201);
    expect(res.body.updated_by).toBe('hook-bot');
    expectProblem(await app.call('GET', '/admin/webhooks', { token: bare.token }), 403, 'forbidden');

    const cred = await setupScheduler(app);
    const user = await app.user('ops@example.com', { roles: ['hook-writer'] });
    await consent(app, user);
    const delegated = await create(
      { slug: 'by-deleg', integration: 'ci', secret: SECRET },
      await delegatedToken(app, cred, 'ops@example.com'),
    );
    expectStatus(delegated, 201);
    expect(delegated.body.updated_by).toBe('ops@example.com on behalf of scheduler');
  });
});

describe('a webhook shows its linked project only to a caller that may read it', () => {
  it('a webhooks:read holder without project:read gets no project field; with it, or an ACL, it does', async () => {
    expectStatus(
      await create({ slug: 'shown', integration: 'ci', secret: SECRET, project: 'acme/api' }),
      201,
    );
    const blind = await app.user('hook-blind@example.com', { roles: ['hook-reader'] });
    const one = await app.call('GET', '/admin/webhooks/shown', { token: blind });
    expectStatus(one, 200);
    expect(one.body).not.toHaveProperty('project');
    expect(JSON.stringify(one.body)).not.toContain('acme');
    const list = await app.call('GET', '/admin/webhooks?limit=100', { token: blind });
    expectStatus(list, 200);
    const listed = (list.body as Array<Record<string, unknown>>).find((w) => w.slug === 'shown')!;
    expect(listed).not.toHaveProperty('project');
    // An unlinked webhook says so to anyone: null is no project's name.
    expect((list.body as Array<Record<string, unknown>>).some((w) => w.project === null)).toBe(true);

    const linker = await serviceAccount(app, 'hook-shown', { roles: ['hook-linker'] });
    expect((await app.call('GET', '/admin/webhooks/shown', { token: linker.token })).body.project).toBe(
      'acme/api',
    );
    // A user reading that one project through an ACL sees the link too.
    await app.call('PUT', '/organizations/acme/projects/api/access/hook-blind@example.com', {
      token: admin,
      body: { actions: ['read'] },
    });
    expect((await app.call('GET', '/admin/webhooks/shown', { token: blind })).body.project).toBe('acme/api');
  });
});

describe('naming a project needs project:read, checked before the lookup', () => {
  const forbiddenAtProject = (res: Res) => {
    expectProblem(res, 403, 'forbidden');
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        pointer: '/project',
        in: 'body',
        detail: expect.stringContaining('project:read'),
      }),
    ]);
  };
  const hook = async (slug: string) => app.call('GET', `/admin/webhooks/${slug}`, { token: admin });
  const patch = (slug: string, body: unknown, token: string) =>
    app.call('PATCH', `/admin/webhooks/${slug}`, { token, body });

  it('without project:read: the same 403 for an existing and a missing project; nothing stored', async () => {
    const writer = await serviceAccount(app, 'hook-no-project', { roles: ['hook-writer'] });
    await create({ slug: 'np-base', integration: 'ci', secret: SECRET }, writer.token);
    for (const project of ['acme/api', 'acme/nope', 'nope/api']) {
      forbiddenAtProject(
        await create({ slug: 'np', integration: 'ci', secret: SECRET, project }, writer.token),
      );
      forbiddenAtProject(await patch('np-base', { project }, writer.token));
    }
    expectProblem(await hook('np'), 404, 'not_found');
    expect((await hook('np-base')).body.project).toBeNull();
    // Unlinking names no project.
    expectStatus(await patch('np-base', { project: null }, writer.token), 200);
  });

  it('with project:read: 201/200 for an existing project, 422 unknown_project for a missing one', async () => {
    const linker = await serviceAccount(app, 'hook-linker', { roles: ['hook-linker'] });
    const body = { slug: 'linked', integration: 'ci', secret: SECRET };
    expectInvalid(await create({ ...body, project: 'acme/nope' }, linker.token), '/project', {
      code: 'unknown_project',
    });
    expectStatus(await create({ ...body, project: 'acme/api' }, linker.token), 201);
    expectInvalid(await patch('linked', { project: 'acme/nope' }, linker.token), '/project', {
      code: 'unknown_project',
    });
    expectStatus(await patch('linked', { project: 'acme/api' }, linker.token), 200);
    expect((await hook('linked')).body.project).toBe('acme/api');
  });
});

describe('POST /webhooks/{integration}/{webhook}: a signed delivery becomes one gateway event', () => {
  const body = JSON.stringify({ action: 'opened', number: 7, title: 'Fix the thing' });

  it('202 with the event id; the row carries webhook_id and integration, the headers the slugs', async () => {
    const hook = (await app.call('GET', '/admin/webhooks/gh', { token: admin })).body;
    let res!: Res;
    const rows = await recorded(app, async () => {
      res = await deliver('/webhooks/github/gh', body);
    });
    expectStatus(res, 202);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ stream: 'events', topic: 'gateway' });
    expect(row.headers).toEqual({ webhook: 'gh', integration: 'github' });
    expect(row.row).toMatchObject({
      event_id: res.body.event_id,
      event_type: 'webhook.received',
      source: 'gateway',
      organization: 'acme',
      project: 'api',
      subject_id: hook.id,
      principal_name: 'webhook:github/gh',
      actor_name: null,
    });
    expect(metadataOf(row)).toEqual({
      webhook_id: hook.id,
      integration: 'github',
      webhook: 'gh',
      sender: 'keel',
      delivery_id: null,
      event: null,
      payload: JSON.parse(body),
    });
  });

  it('needs no bearer token, and any content type is signed and read as sent', async () => {
    expectStatus(await deliver('/webhooks/github/gh', body, { contentType: 'text/plain' }), 202);
    expectStatus(await deliver('/webhooks/github/gh', body, { contentType: null }), 202);
    expectStatus(
      await deliver('/webhooks/github/gh', body, {
        signature: sign(SECRET, body).toUpperCase().replace('SHA256=', 'sha256='),
      }),
      202,
    );
  });

  it('a missing, malformed or wrong signature is 401 and records nothing', async () => {
    const rows = await recorded(app, async () => {
      for (const signature of [
        null,
        '',
        'sha256=',
        'sha1=' + 'a'.repeat(40),
        'sha256=' + 'z'.repeat(64),
        sign(SECRET, body).slice(0, -2),
        sign(OTHER_SECRET, body),
        sign(SECRET, JSON.stringify(JSON.parse(body), null, 2)),
      ]) {
        const res = await deliver('/webhooks/github/gh', body, { signature });
        expectProblem(res, 401, 'invalid_signature');
      }
      // The signature covers the raw bytes: the same document spelt differently is another body.
      const spaced = JSON.stringify(JSON.parse(body), null, 2);
      expectProblem(await deliver('/webhooks/github/gh', spaced, { signature: sign(SECRET, body) }), 401);
    });
    expect(rows).toEqual([]);
  });

  it('an unknown webhook, or a known one under another integration, gets the answer of a wrong signature', async () => {
    const wrong = await deliver('/webhooks/github/gh', body, { signature: sign(OTHER_SECRET, body) });
    expectProblem(wrong, 401, 'invalid_signature');
    for (const res of [
      await deliver('/webhooks/github/nope', body),
      await deliver('/webhooks/gitlab/gh', body),
      await deliver('/webhooks/github/nope', body, { signature: null }),
    ]) {
      expect(res.status).toBe(wrong.status);
      expect(res.body).toEqual(wrong.body);
      expect(res.headers['content-type']).toBe(wrong.headers['content-type']);
    }
  });

  it('a body over 1 MiB is 413; a signed body that is not JSON is 400; nothing is recorded', async () => {
    const rows = await recorded(app, async () => {
      const big = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
      expectProblem(await deliver('/webhooks/github/gh', big), 413);
      expectProblem(
        await deliver('/webhooks/github/gh', 'not json at all', { contentType: 'text/plain' }),
        400,
        'invalid_json',
      );
      expectProblem(await deliver('/webhooks/github/gh', ''), 400, 'invalid_json');
      expectProblem(
        await deliver('/webhooks/github/gh', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])),
        400,
        'invalid_json',
      );
      // Unsigned garbage is refused for its signature before anything reads it.
      expectProblem(await deliver('/webhooks/github/gh', 'not json', { signature: null }), 401);
    });
    expect(rows).toEqual([]);
  });

  it('a signed document deeper than 64 levels, or with a number beyond a double, is 400; nothing is recorded', async () => {
    const rows = await recorded(app, async () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      expectProblem(await deliver('/webhooks/github/gh', deep), 400, 'json_too_deep');
      expectProblem(await deliver('/webhooks/github/gh', '{"n":1e999}'), 400, 'number_out_of_range');
    });
    expect(rows).toEqual([]);
  });

  it('a body under 1 MiB whose row would be over 1 MiB (its quotes escaped again) is 413; nothing is recorded', async () => {
    // 990 KB of `""` elements: every quote is escaped once more when the document becomes the row's
    // metadata text, so the row as published would be about 1.65 MB, more than the stream takes.
    const quotes = JSON.stringify({ a: Array<string>(330_000).fill('') });
    expect(Buffer.byteLength(quotes)).toBeLessThan(1024 * 1024);
    const rows = await recorded(app, async () => {
      const res = await deliver('/webhooks/github/gh', quotes);
      expectProblem(res, 413, 'payload_too_large');
      expect(res.body.detail).toContain('1048576 bytes');
    });
    expect(rows).toEqual([]);
  });

  it('a body just under 1 MiB is recorded', async () => {
    const near = JSON.stringify({ blob: 'y'.repeat(1024 * 1024 - 2048) });
    expectStatus(await deliver('/webhooks/github/gh', near), 202);
  });

  it('a rotated secret takes effect at once', async () => {
    expectStatus(
      await app.call('PATCH', '/admin/webhooks/gh', { token: admin, body: { secret: OTHER_SECRET } }),
      200,
    );
    expectProblem(await deliver('/webhooks/github/gh', body), 401, 'invalid_signature');
    expectStatus(await deliver('/webhooks/github/gh', body, { secret: OTHER_SECRET }), 202);
  });
});

describe('no secret anywhere', () => {
  it('no response, log line or outbox row ever held a webhook secret', async () => {
    const transcript = app.transcript();
    const rows = JSON.stringify(await outbox(app));
    for (const secret of [SECRET, OTHER_SECRET]) {
      expect(transcript).not.toContain(secret);
      expect(rows).not.toContain(secret);
    }
    expect(rows).toContain('webhook.received');
  });
});
