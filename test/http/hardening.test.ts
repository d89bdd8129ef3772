// Input handling and HTTP hardening: what an anonymous caller can send must never be a 500, leak
// through a cache, or hold a connection open.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { DOCUMENT_HEADERS } from '../../src/http/security-headers.js';
import { generatedManifest } from '../plugins/fixtures.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const PROTOTYPE_NAMES = [
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
];

describe('POST /auth/token: grant types are looked up as data', () => {
  it.each(PROTOTYPE_NAMES)('grant_type=%s is unsupported_grant_type (form)', async (name) => {
    const res = await app.call('POST', '/auth/token', { form: { grant_type: name } });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({
      error: 'unsupported_grant_type',
      error_description: `grant_type ${name} is not supported`,
    });
  });

  it('a JSON body with prototype names as members is an ordinary unsupported grant', async () => {
    const res = await app.call('POST', '/auth/token', {
      body: '{"grant_type":"constructor","__proto__":"x","constructor":"y"}',
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
  });
});

describe('JSON bodies: depth is capped before anything walks them', () => {
  it('20,000 nested arrays: 400 json_too_deep, not a stack overflow', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    for (const path of ['/auth/login', '/auth/token', '/users']) {
      const res = await app.call('POST', path, { body: deep, token: await app.adminToken() });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/(problem\+)?json/);
    }
    const res = await app.call('POST', '/users', { body: deep, token: await app.adminToken() });
    expect(res.body.code).toBe('json_too_deep');
  });

  it('64 levels pass the parser; 65 do not', async () => {
    const nest = (n: number) => '{"a":'.repeat(n - 1) + '{}' + '}'.repeat(n - 1);
    const ok = await app.call('POST', '/auth/login', { body: nest(64) });
    expect(ok.status, ok.text).toBe(422); // parsed, then refused by the schema
    const deep = await app.call('POST', '/auth/login', { body: nest(65) });
    expect(deep.status, deep.text).toBe(400);
    expect(deep.body.code).toBe('json_too_deep');
  });

  it('brackets inside strings do not count', async () => {
    const res = await app.call('POST', '/auth/login', {
      body: JSON.stringify({ email: '['.repeat(100), password: '{'.repeat(100) }),
    });
    expect(res.status, res.text).toBe(401); // parsed and checked like any other
  });

  // JSON.parse reads 1e999 as Infinity, which passed a schema's number and was stored as null.
  it('a number beyond the range of a double is 400 naming it; the largest double passes', async () => {
    const admin = await app.adminToken();
    const body = '{"email":"big@numbers.test","n":[1,{"a/b":-1e999999}],"m":1e400}';
    const res = await app.call('POST', '/users', { body, token: admin });
    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('number_out_of_range');
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/n/1/a~1b', in: 'body' })]);
    const root = await app.call('POST', '/users', { body: '1e999', token: admin });
    expect(root.body.errors?.[0]?.pointer).toBe('');
    const largest = await app.call('POST', '/users', { body: '{"n":1.7976931348623157e308}', token: admin });
    expect(largest.status, largest.text).toBe(422); // parsed, then refused by the schema
  });

  it('malformed JSON is a 400 that does not quote the body', async () => {
    const res = await app.call('POST', '/auth/login', { body: '{"password":"hunter2-secret' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_json');
    expect(res.text).not.toContain('hunter2');
  });
});

describe('security headers on every response', () => {
  it.each([
    ['GET', '/health', 200],
    ['GET', '/users', 401],
    ['GET', '/no-such-route', 404],
    ['POST', '/auth/login', 422],
    // Refused by the router itself (bad percent-encoding), before any route or hook runs.
    ['GET', '/users/%zz', 400],
  ] as const)('%s %s', async (method, path, status) => {
    const res = await app.call(method, path, method === 'POST' ? { body: {} } : {});
    expect(res.status).toBe(status);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Headers that only mean something to an HTML document are not sent with JSON.
    for (const name of Object.keys(DOCUMENT_HEADERS)) expect(res.headers[name], name).toBeUndefined();
    // Asked over plain HTTP: no HSTS (RFC 6797 7.2).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    [{ 'x-forwarded-proto': 'https' }, true],
    [{ 'x-forwarded-proto': 'HTTPS, http' }, true],
    [{ 'x-forwarded-proto': 'http' }, false],
    [{ 'x-forwarded-proto': 'http, https' }, false],
    [{ forwarded: 'for=192.0.2.60;proto=https;by=203.0.113.43' }, true],
    [{ forwarded: 'for=192.0.2.60;proto=http, for=10.0.0.1;proto=https' }, false],
    [{ forwarded: 'for=192.0.2.60' }, false],
  ] as const)('HSTS only where the client reached Keel over HTTPS: %j -> %s', async (headers, hsts) => {
    for (const [method, path] of [
      ['GET', '/health'],
      ['GET', '/users'],
      ['GET', '/users/%zz'],
    ] as const) {
      const res = await app.call(method, path, { headers });
      const value = res.headers['strict-transport-security'];
      if (hsts) expect(value, path).toBe('max-age=31536000; includeSubDomains');
      else expect(value, path).toBeUndefined();
    }
  });

  it('the docs UI still loads its own scripts and styles', async () => {
    const page = await app.call('GET', '/docs');
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // An HTML page gets the document headers too (and no HSTS over plain HTTP).
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const scripts = [...page.text.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // Every script is a file of its own (script-src 'self' allows no inline script).
    expect(page.text.replace(/<script[^>]*src="[^"]+"[^>]*>\s*<\/script>/g, '')).not.toMatch(/<script/);
    for (const src of scripts) {
      const res = await app.call('GET', src);
      expect(res.status, src).toBe(200);
    }
  });
});

describe('Cache-Control: no-store on every answer that carries a token', () => {
  it('login, refresh and client_credentials answers are not cached; JWKS keeps its own policy', async () => {
    await app.user('cache@hardening.test', { password: 'cache-password-long-1' });
    const login = await app.call('POST', '/auth/login', {
      body: { email: 'cache@hardening.test', password: 'cache-password-long-1' },
    });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refresh = await app.call('POST', '/auth/token', {
      form: { grant_type: 'refresh_token', refresh_token: login.body.refresh_token },
    });
    expect(refresh.status, refresh.text).toBe(200);
    expect(refresh.headers['cache-control']).toBe('no-store');
    const failed = await app.call('POST', '/auth/login', {
      body: { email: 'cache@hardening.test', password: 'wrong-password-long-1' },
    });
    expect(failed.headers['cache-control']).toBe('no-store');
    const jwks = await app.call('GET', '/.well-known/jwks.json');
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('a partial request body cannot hold a connection', () => {
  it('the server closes a socket that sent half a body and went quiet', async () => {
    const slow = await startTestApp({
      env: { KEEL_HTTP_REQUEST_TIMEOUT_MS: '1000', KEEL_HTTP_CONNECTION_TIMEOUT_MS: '500' },
    });
    try {
      await slow.api.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.api.server.address() as net.AddressInfo;
      const started = Date.now();
      const answer = await new Promise<{ text: string; ms: number }>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
          );
        });
        let text = '';
        socket.on('data', (d) => (text += String(d)));
        socket.on('close', () => resolve({ text, ms: Date.now() - started }));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('the server kept the connection open for 10 s')), 10_000);
      });
      expect(answer.ms).toBeLessThan(5_000);
      if (answer.text) expect(answer.text).toMatch(/^HTTP\/1.1 408/);
    } finally {
      await slow.close();
    }
  });

  it('a body trickled byte by byte is cut off by the request timeout', async () => {
    const slow = await startTestApp({
      env: { KEEL_HTTP_REQUEST_TIMEOUT_MS: '1500', KEEL_HTTP_CONNECTION_TIMEOUT_MS: '1000' },
    });
    try {
      await slow.api.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.api.server.address() as net.AddressInfo;
      const started = Date.now();
      const ms = await new Promise<number>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
          );
          timer = setInterval(() => socket.write(' '), 200);
        });
        socket.on('close', () => {
          clearInterval(timer);
          resolve(Date.now() - started);
        });
        socket.on('error', () => {});
        setTimeout(() => reject(new Error('the server kept the connection open for 15 s')), 15_000);
      });
      expect(ms).toBeLessThan(5_000);
    } finally {
      await slow.close();
    }
  });
});

describe('ids, content types, charsets and Bearer headers are read strictly', () => {
  const postOrganization = async (contentType: string, payload: string | Buffer) =>
    app.api.inject({
      method: 'POST',
      url: '/organizations',
      headers: { authorization: `Bearer ${await app.adminToken()}`, 'content-type': contentType },
      payload,
    });

  it('an id written as a urn:uuid is refused by its schema (422), not passed to PostgreSQL (500)', async () => {
    const admin = await app.adminToken();
    const { manifest } = generatedManifest('strict-ids', 'Si');
    expect((await app.call('POST', '/admin/plugins', { token: admin, body: { manifest } })).status).toBe(201);
    const edges = '/admin/plugins/strict-ids/edges/Si_READS';
    const urn = `urn:uuid:${randomUUID()}`;
    const listed = await app.call('GET', `${edges}?source_id=${urn}`, { token: admin });
    expect(listed.status, listed.text).toBe(422);
    expect(listed.body.errors[0]).toMatchObject({ pointer: '/source_id', in: 'query' });
    const posted = await app.call('POST', edges, {
      token: admin,
      body: { source_id: urn, target_id: randomUUID() },
    });
    expect(posted.status, posted.text).toBe(422);
    expect(posted.body.errors[0]).toMatchObject({ pointer: '/source_id', in: 'body' });
  });

  it('a form body is taken only where a route says so (the token endpoint); elsewhere 415', async () => {
    const admin = await app.adminToken();
    const form = await postOrganization('application/x-www-form-urlencoded', 'slug=from-a-form&name=x');
    expect(form.statusCode, form.body).toBe(415);
    expect(form.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await app.call('GET', '/organizations/from-a-form', { token: admin })).status).toBe(404);
    // The token endpoint reads its form: a client_credentials grant without a client.
    const token = await app.call('POST', '/auth/token', { form: { grant_type: 'client_credentials' } });
    expect(token.status).toBe(401);
    expect(token.body.error).toBe('invalid_client');
  });

  it('a JSON body in another charset is 415, not read as UTF-8 and stored mangled', async () => {
    const res = await postOrganization(
      'application/json; charset=iso-8859-1',
      Buffer.from('{"slug":"latin","name":"caf\xe9"}', 'latin1'),
    );
    expect(res.statusCode, res.body).toBe(415);
    expect(JSON.parse(res.body).code).toBe('unsupported_charset');
    const utf8 = await postOrganization(
      'application/json; charset="UTF-8"',
      '{"slug":"utf8-org","name":"café"}',
    );
    expect(utf8.statusCode, utf8.body).toBe(201);
  });

  it('the JSON type without a body on a route that takes none is no body: sign-out works', async () => {
    const token = await app.user('signs-out@example.com');
    const out = await app.api.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await app.call('GET', '/auth/me', { token })).status).toBe(401);
    // A route that takes a body still says it is missing.
    const login = await app.api.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('a Bearer header is the scheme, spaces and one token: nothing after it', async () => {
    const token = await app.user('bearer-form@example.com');
    const me = (authorization: string) =>
      app.api.inject({ method: 'GET', url: '/auth/me', headers: { authorization } });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await me(`bearer  ${token}`)).statusCode).toBe(200);
    expect((await me(`Bearer ${token} junk`)).statusCode).toBe(401);
    expect((await me(`Bearer ${token},other`)).statusCode).toBe(401);
    expect((await me(`Basic ${token}`)).statusCode).toBe(401);
  });
});

describe('requests the HTTP parser refuses still get problem+json and the security headers', () => {
  async function raw(request: string | Buffer): Promise<string> {
    await listening;
    const { port } = app.api.server.address() as net.AddressInfo;
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (d) => (text += String(d)));
      socket.on('close', () => resolve(text));
      socket.on('error', (err) => (text ? resolve(text) : reject(err)));
    });
  }
  let listening: Promise<unknown>;
  beforeAll(() => {
    listening = app.api.listen({ port: 0, host: '127.0.0.1' });
  });

  it.each([
    ['headers over 16 KB', `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['an unknown method', 'FOO /health HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a malformed header line', 'GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400],
    [
      'Content-Length with Transfer-Encoding',
      'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
      400,
    ],
  ] as const)('%s: %s', async (_what, request, status) => {
    const text = await raw(request);
    const [head, body] = text.split('\r\n\r\n', 2) as [string, string];
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(head).toMatch(/\r\ncache-control: no-store/i);
    expect(head).toMatch(/\r\nx-content-type-options: nosniff/i);
    expect(head).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
    expect(JSON.parse(body)).toMatchObject({ status });
  });
});
