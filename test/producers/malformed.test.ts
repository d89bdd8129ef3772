// The producers' routes: OpenAPI documents each with its response schemas, and no malformed input
// answers a 500 (the same probes as the foundation's matrix).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../src/webhooks/delivery.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let admin: string;

const ROUTES = [
  ['POST', '/organizations/{org}/projects/{project}/comments', '/organizations/mo/projects/p/comments', 201],
  ['GET', '/organizations/{org}/projects/{project}/comments', '/organizations/mo/projects/p/comments', 200],
  ['POST', '/organizations/{org}/operations-log', '/organizations/mo/operations-log', 201],
  ['POST', '/admin/webhooks', '/admin/webhooks', 201],
  ['GET', '/admin/webhooks', '/admin/webhooks', 200],
  ['GET', '/admin/webhooks/{slug}', '/admin/webhooks/hook', 200],
  ['PATCH', '/admin/webhooks/{slug}', '/admin/webhooks/hook', 200],
  ['POST', '/webhooks/{integration}/{webhook}', '/webhooks/ci/hook', 202],
  // Last: it deletes the webhook the delivery probes use.
  ['DELETE', '/admin/webhooks/{slug}', '/admin/webhooks/hook', 204],
] as const;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  await app.call('POST', '/organizations', { token: admin, body: { slug: 'mo', name: 'M' } });
  await app.call('POST', '/organizations/mo/teams', { token: admin, body: { slug: 't', name: 'T' } });
  await app.call('POST', '/organizations/mo/projects', {
    token: admin,
    body: { slug: 'p', name: 'P', team: 't' },
  });
  await app.call('POST', '/admin/webhooks', {
    token: admin,
    body: { slug: 'hook', integration: 'ci', secret: 'a-long-enough-secret-1234' },
  });
});
afterAll(() => app.close());

describe('OpenAPI documents every producer route with its success response schema', () => {
  it.each(ROUTES)('%s %s', async (method, path, _url, ok) => {
    const doc = (await app.call('GET', '/openapi.json')).body;
    const op = doc.paths[path]?.[method.toLowerCase()];
    expect(op, `${method} ${path}`).toBeDefined();
    expect(Object.keys(op.responses)).toContain(String(ok));
    expect(Object.keys(op.responses)).toContain('4XX');
    if (path.startsWith('/webhooks/')) expect(op.security).toEqual([]);
  });
});

describe('no malformed input answers a 500', () => {
  const BODIES: unknown[] = [
    [],
    'text',
    42,
    null,
    { a: { b: [1, { c: null }] } },
    {
      body: 'é'.repeat(20_000),
      slug: 'x'.repeat(300),
      project: 'a\u0000b',
      secret: { nested: true },
      entry_type: ['Deployed'],
      occurred_at: '2026-13-45T99:99:99Z',
      link: 'http://',
      environment: 42,
    },
  ];
  const PARAMS = ['x'.repeat(300), '%00', '%ZZ', 'UPPER', '%F0%9F%92%A9', '%20', '-', 'a%2Fb'];
  const QUERIES = ['?limit=-1', '?limit=abc', '?cursor=%00', '?cursor=zzz', '?cursor=', '?unknown=1'];

  it.each(ROUTES)('%s %s', async (method, path, url) => {
    const failures: string[] = [];
    const urls: string[] = [url];
    for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[0])) {
      const segs = path.split('/');
      const base = url.split('/');
      for (const v of PARAMS) urls.push(segs.map((s, i) => (s === name ? v : base[i])).join('/'));
    }
    if (method === 'GET') for (const q of QUERIES) urls.push(`${url}${q}`);
    for (const u of urls) {
      for (const body of u === url && method !== 'GET' && method !== 'DELETE' ? BODIES : [undefined]) {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string> = {};
        if (payload !== undefined)
          headers['x-keel-signature-256'] = sign('a-long-enough-secret-1234', payload);
        const res = await app.call(method, u, {
          token: admin,
          headers,
          ...(payload !== undefined ? { body: payload } : {}),
        });
        if (res.status >= 500) failures.push(`${u} ${payload?.slice(0, 60)}: ${res.status} ${res.text}`);
        else if (res.status >= 400)
          expect(res.headers['content-type'], u).toContain('application/problem+json');
      }
    }
    expect(failures).toEqual([]);
  });
});
