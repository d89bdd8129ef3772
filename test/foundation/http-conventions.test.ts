import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('health and readiness', () => {
  it('GET /health answers without authentication', async () => {
    const res = await app.call('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
  it('GET /ready checks the database', async () => {
    const res = await app.call('GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', stream: { adapter: 'postgres', state: 'up' } });
  });
});

describe('problem+json errors', () => {
  it('unknown routes are 404 problem+json', async () => {
    const res = await app.call('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 404, code: 'route_not_found', title: 'Not Found' });
    expect(res.body.type).toMatch(/^https:\/\//);
  });

  it('authenticated routes without a token are 401', async () => {
    const res = await app.call('GET', '/users');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
  });

  it('a token whose header is JSON null is 401, not a 500', async () => {
    // base64url of `null` and of `{}`: JSON that parses, but is no JWT header or claims set.
    for (const token of ['bnVsbA.e30.x', 'e30.bnVsbA.x', 'W10.W10.x']) {
      const res = await app.call('GET', '/auth/me', { token });
      expect(res.status, token).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    }
  });

  it('a valid token spelled differently (characters outside base64url, other unused bits) is 401', async () => {
    const token = await app.adminToken();
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(200);
    const signature = token.split('.')[2]!;
    // The last of 86 characters carries 2 bits of the signature and 4 unused ones.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = last[last.indexOf(signature.at(-1)!) ^ 1]!;
    for (const variant of [`${token}!`, `${token}=`, `${token.slice(0, -1)}${sibling}`]) {
      const res = await app.call('GET', '/auth/me', { token: variant });
      expect(res.status, JSON.stringify(variant)).toBe(401);
      expect(res.body.code).toBe('invalid_token');
    }
  });

  it('a forged token is 401', async () => {
    const token = await app.adminToken();
    const [h, p] = token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone@else' })).toString('base64url')}.${token.split('.')[2]}`;
    const res = await app.call('GET', '/auth/me', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_token');
  });

  it('validation errors are 422 with JSON pointers naming the field', async () => {
    const token = await app.adminToken();
    const res = await app.call('POST', '/organizations', { token, body: { slug: 'Not A Slug', name: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors[0]).toMatchObject({ pointer: '/slug', in: 'body', keyword: 'pattern' });
    expect(res.body.detail).toContain('slug');
  });

  it('a missing field is named', async () => {
    const token = await app.adminToken();
    const res = await app.call('POST', '/organizations', { token, body: { slug: 'acme' } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/name', keyword: 'required' });
  });

  it('unknown fields are refused, not silently dropped', async () => {
    const token = await app.adminToken();
    const res = await app.call('POST', '/organizations', {
      token,
      body: { slug: 'acme', name: 'A', colour: 'red' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/colour', keyword: 'additionalProperties' });
  });

  it('malformed JSON is a 400 problem, not a 500', async () => {
    const token = await app.adminToken();
    const res = await app.call('POST', '/organizations', { token, body: '{"slug": ' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('bad query parameters are 422 naming the parameter', async () => {
    const token = await app.adminToken();
    const res = await app.call('GET', '/users?limit=100000', { token });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ pointer: '/limit', in: 'query' });
    const bad = await app.call('GET', '/users?cursor=not-a-cursor', { token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ pointer: '/cursor', in: 'query' });
  });
});

describe('request ids', () => {
  it('every response carries x-request-id, and a valid incoming one is kept', async () => {
    const a = await app.call('GET', '/health');
    expect(a.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
    const b = await app.call('GET', '/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers['x-request-id']).toBe('trace-123');
    const line = app.logs.find((l) => l.includes('"request_id":"trace-123"'));
    expect(line).toBeDefined();
  });
});

describe('pagination', () => {
  it('lists return arrays with a Link rel="next" header until the last page', async () => {
    const token = await app.adminToken();
    for (let i = 0; i < 5; i++) {
      expect(
        (await app.call('POST', '/environments', { token, body: { slug: `env-${i}`, name: `E${i}` } }))
          .status,
      ).toBe(201);
    }
    const seen: string[] = [];
    let next: string | undefined = '/environments?limit=2';
    let pages = 0;
    while (next) {
      const res = await app.call('GET', next, { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      seen.push(...res.body.map((e: { slug: string }) => e.slug));
      const link = res.headers.link as string | undefined;
      next = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['env-0', 'env-1', 'env-2', 'env-3', 'env-4']);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document and the docs UI without authentication', async () => {
    const doc = await app.call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths)).toContain('/organizations/{org}/projects/{project}');
    const ui = await app.call('GET', '/docs/');
    expect(ui.status).toBe(200);
  });
});

describe('cached reads see every write', () => {
  it('a project read right after a rename, a change and a delete reflects each write', async () => {
    const token = await app.adminToken();
    await app.call('POST', '/organizations', { token, body: { slug: 'cache-org', name: 'C' } });
    await app.call('POST', '/organizations/cache-org/teams', { token, body: { slug: 't', name: 'T' } });
    await app.call('POST', '/organizations/cache-org/projects', {
      token,
      body: { slug: 'p', name: 'Before', team: 't' },
    });
    expect((await app.call('GET', '/organizations/cache-org/projects/p', { token })).body.name).toBe(
      'Before',
    );
    await app.call('PATCH', '/organizations/cache-org/projects/p', { token, body: { name: 'After' } });
    expect((await app.call('GET', '/organizations/cache-org/projects/p', { token })).body.name).toBe('After');
    await app.call('PATCH', '/organizations/cache-org/projects/p', { token, body: { slug: 'q' } });
    expect((await app.call('GET', '/organizations/cache-org/projects/p', { token })).status).toBe(404);
    expect((await app.call('GET', '/organizations/cache-org/projects/q', { token })).status).toBe(200);
    // A write made outside this process's services (another replica, a worker) reaches the cache
    // through the trigger's notification.
    await app.runtime.core.sql.query(
      `UPDATE graph_nodes SET props = props || '{"name":"Elsewhere"}' WHERE label = 'Project' AND props->>'slug' = 'q'`,
    );
    let name = '';
    for (let i = 0; i < 50 && name !== 'Elsewhere'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      name = (await app.call('GET', '/organizations/cache-org/projects/q', { token })).body.name;
    }
    expect(name).toBe('Elsewhere');
    await app.call('DELETE', '/organizations/cache-org/projects/q', { token });
    expect((await app.call('GET', '/organizations/cache-org/projects/q', { token })).status).toBe(404);
  });
});
