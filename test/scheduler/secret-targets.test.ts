// A schedule never holds a secret: a target whose body carries one of its route's secret members
// (passwords, OAuth client secrets, AI provider credentials, webhook secrets) is refused with a 422
// naming /target/body, and nothing is stored; a body stored before the rule is shown masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_ROUTES, MASKED } from '../../src/scheduler/secret-targets.js';
import { insertSchedule } from '../../src/scheduler/store.js';
import { uuidv7 } from '../../src/graph/ids.js';
import type { Res } from '../support/harness.js';
import { ManualClock, startSchedulerApp, type SchedulerApp } from './support.js';

let app: SchedulerApp;
let admin: string;
let alice: string;

const clock = new ManualClock(Date.parse('2033-02-01T00:00:00Z'));
const call = (method: string, path: string, token?: string, body?: unknown) =>
  app.call(method, `/scheduler${path}`, { token, ...(body !== undefined ? { body } : {}) });
const stored = async () =>
  (await app.runtime.core.sql.one<{ n: number }>(`SELECT count(*)::int AS n FROM scheduler.schedules`))!.n;

let n = 0;
const SECRET = () => `Sup3r-secret-value-${++n}-do-not-keep`;

function refused(res: Res, secret: string) {
  expect(res.status, res.text).toBe(422);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain('/target/body');
  expect(res.text).not.toContain(secret);
}

/** Each secret-carrying route family, with a path and a body as a caller would write them. */
const FAMILIES = [
  {
    name: 'a new user password',
    method: 'POST',
    path: '/users',
    body: (s: string) => ({ email: 'x@y.z', password: s }),
  },
  {
    name: 'a password change',
    method: 'PATCH',
    path: '/users/alice@example.com',
    body: (s: string) => ({ password: s, current_password: 'old-password-long' }),
  },
  {
    name: 'an OAuth client secret',
    method: 'PUT',
    path: '/admin/oauth-providers/corp',
    body: (s: string) => ({ name: 'Corp', enabled: true, client_secret: s }),
  },
  {
    name: 'a new AI provider credential',
    method: 'POST',
    path: '/organizations/acme/ai-providers',
    body: (s: string) => ({ slug: 'p', driver: 'openai', api_key: s }),
  },
  {
    name: 'an AI provider credential',
    method: 'PUT',
    path: '/organizations/acme/ai-providers/0191e3c0-0000-7000-8000-000000000001/credentials',
    body: (s: string) => ({ api_key: s }),
  },
  {
    name: 'a new webhook secret',
    method: 'POST',
    path: '/admin/webhooks',
    body: (s: string) => ({ slug: 'w', integration: 'github', secret: s }),
  },
  {
    name: 'a webhook secret',
    method: 'PATCH',
    path: '/admin/webhooks/w',
    body: (s: string) => ({ secret: s }),
  },
] as const;

beforeAll(async () => {
  app = await startSchedulerApp({ clock });
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
});
afterAll(() => app.close());

describe('a schedule whose target carries a secret is refused (422), and nothing is stored', () => {
  it('covers every route of the list', () => {
    expect(FAMILIES.map((f) => `${f.method} ${f.path.split('/')[1]}`).length).toBe(SECRET_ROUTES.length);
  });

  it.each(FAMILIES)('$name: created by a user, by an admin as a system job, or set by PATCH', async (f) => {
    const before = await stored();
    for (const [token, kind] of [
      [alice, 'user'],
      [admin, 'system'],
    ] as const) {
      const secret = SECRET();
      const res = await call('POST', '/schedules', token, {
        slug: `secret-${kind}-${n}`,
        kind,
        cron: '0 3 * * *',
        target: { method: f.method, path: f.path, body: f.body(secret) },
      });
      refused(res, secret);
      expect(res.body.detail).toMatch(/secret|password|credential/);
    }
    expect(await stored()).toBe(before);
    // An existing harmless schedule cannot be changed into one.
    const slug = `harmless-${n}`;
    expect(
      (
        await call('POST', '/schedules', alice, {
          slug,
          cron: '0 3 * * *',
          target: { method: 'GET', path: '/auth/me' },
        })
      ).status,
    ).toBe(201);
    const secret = SECRET();
    refused(
      await call('PATCH', `/schedules/${slug}`, alice, {
        target: { method: f.method, path: f.path, body: f.body(secret) },
      }),
      secret,
    );
    expect((await call('GET', `/schedules/${slug}`, alice)).body.target).toEqual({
      method: 'GET',
      path: '/auth/me',
    });
    expect(app.transcript()).not.toContain(secret);
  });

  it('the path spelled another way, the member nested or in other case, still refused', async () => {
    const variants: [string, string, (s: string) => unknown][] = [
      ['PUT', '/organizations/acme/ai-providers/1/%63redentials', (s) => ({ api_key: s })],
      ['PUT', '/organizations/acme/ai-providers/1/%2563redentials', (s) => ({ api_key: s })],
      ['PUT', '/Organizations/acme/AI-Providers/1/Credentials', (s) => ({ api_key: s })],
      ['PUT', '/organizations//acme/ai-providers/1/credentials/', (s) => ({ api_key: s })],
      ['PUT', '/organizations/acme/ai-providers/1/credentials;x?y=1', (s) => ({ api_key: s })],
      ['PUT', '/organizations/acme/ai-providers/1/credentials', (s) => ({ API_KEY: s })],
      ['POST', '/users', (s) => ({ email: 'x@y.z', nested: { password: s } })],
      ['PATCH', '/users/a%40b.c', (s) => ({ current_password: s })],
    ];
    for (const [method, path, body] of variants) {
      const secret = SECRET();
      refused(
        await call('POST', '/schedules', alice, {
          slug: `variant-${n}`,
          cron: '0 3 * * *',
          target: { method, path, body: body(secret) },
        }),
        secret,
      );
    }
    expect(app.transcript()).not.toContain('do-not-keep');
  });

  it('a schedule whose target creates or changes a schedule carrying a secret, nested at any depth', async () => {
    const secret = SECRET();
    const inner = {
      method: 'put',
      path: '/organizations/acme/ai-providers/1/credentials',
      body: { api_key: secret },
    };
    const wrap = (target: unknown, slug = 'inner') => ({ slug, cron: '0 3 * * *', target });
    for (const target of [
      { method: 'POST', path: '/scheduler/schedules', body: wrap(inner) },
      { method: 'PATCH', path: '/scheduler/schedules/other', body: { target: inner } },
      {
        method: 'POST',
        path: '/scheduler//Schedules/',
        body: wrap({ method: 'POST', path: '/scheduler/schedules', body: wrap(inner, 'deeper') }),
      },
    ]) {
      refused(
        await call('POST', '/schedules', alice, { slug: `outer-${++n}`, cron: '0 3 * * *', target }),
        secret,
      );
    }
    expect(app.transcript()).not.toContain(secret);
  });

  it('the same routes without a secret member are still schedulable', async () => {
    for (const [method, path, body] of [
      ['PATCH', '/admin/webhooks/w', { name: 'renamed' }],
      ['PATCH', '/users/alice@example.com', { display_name: 'Alice' }],
      ['POST', '/users', { email: 'new@example.com' }],
    ] as const) {
      const res = await call('POST', '/schedules', admin, {
        slug: `plain-${++n}`,
        kind: 'system',
        cron: '0 3 * * *',
        target: { method, path, body },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.target.body).toEqual(body);
    }
  });
});

describe('a body stored before the rule', () => {
  it('is shown with its secret members masked, in one schedule and in the list', async () => {
    const secret = SECRET();
    await insertSchedule(app.runtime.core.sql, {
      id: uuidv7(),
      slug: 'legacy-secret',
      name: 'legacy-secret',
      cron: '0 3 * * *',
      timezone: 'UTC',
      enabled: false,
      kind: 'system',
      target_method: 'PUT',
      target_path: '/organizations/acme/ai-providers/1/credentials',
      target_body: { api_key: secret },
      created_by: 'admin@example.com',
      consent_id: null,
      next_run_at: null,
    });
    const one = await call('GET', '/schedules/legacy-secret', admin);
    expect(one.status, one.text).toBe(200);
    expect(one.body.target.body).toEqual({ api_key: MASKED });
    const list = await call('GET', '/schedules?limit=200', admin);
    expect(list.text).toContain('legacy-secret');
    expect(app.transcript()).not.toContain(secret);
  });
});

describe("the list is the API's write-only request members", () => {
  interface Schema {
    $ref?: string;
    writeOnly?: boolean;
    properties?: Record<string, Schema>;
    anyOf?: Schema[];
    oneOf?: Schema[];
    allOf?: Schema[];
    items?: Schema;
  }
  it('every writeOnly member of a request body is listed; every member named as a secret is writeOnly', async () => {
    const doc = (await app.call('GET', '/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>
      >;
      components?: { schemas?: Record<string, Schema> };
    };
    const resolve = (s: Schema): Schema =>
      s.$ref ? (doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s;
    const members = (s: Schema, out: { name: string; writeOnly: boolean }[], depth = 0) => {
      const r = resolve(s);
      if (depth > 8) return;
      const writeOnly = (x: Schema): boolean =>
        resolve(x).writeOnly === true || (resolve(x).anyOf ?? []).some((y) => resolve(y).writeOnly === true);
      for (const [name, v] of Object.entries(r.properties ?? {})) {
        out.push({ name, writeOnly: writeOnly(v) });
        members(v, out, depth + 1);
      }
      for (const x of [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])])
        members(x, out, depth + 1);
      if (r.items) members(r.items, out, depth + 1);
    };
    const found: string[] = [];
    const namedButOpen: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const content of Object.values(op.requestBody?.content ?? {})) {
          const out: { name: string; writeOnly: boolean }[] = [];
          members(content.schema, out);
          for (const m of out) {
            const where = `${method.toUpperCase()} ${path} ${m.name}`;
            if (m.writeOnly && !/^\/auth\/(login|token|oauth)/.test(path)) found.push(where);
            if (/(^|_)(password|secret|api_key|client_secret|private_key)$/.test(m.name) && !m.writeOnly)
              namedButOpen.push(where);
          }
        }
      }
    }
    expect(namedButOpen).toEqual([]);
    const listed = SECRET_ROUTES.flatMap((r) => r.members.map((m) => `${r.method} ${r.template} ${m}`));
    expect(found.sort()).toEqual([...new Set(listed)].sort());
  });
});
