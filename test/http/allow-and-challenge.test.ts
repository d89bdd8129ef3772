// A method a path does not take answers 405 with Allow (RFC 9110 15.5.6); every 401 carries a
// WWW-Authenticate challenge (RFC 6750 3): the realm alone without a bearer token, and
// error="invalid_token" with a description when the token presented is not valid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('405 with Allow', () => {
  it('a method the path does not take: 405 problem+json naming the methods it takes', async () => {
    const res = await app.call('PUT', '/organizations', { token: admin, body: {} });
    expect(res.status, res.text).toBe(405);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.body).toMatchObject({ status: 405, code: 'method_not_allowed', title: 'Method Not Allowed' });
    expect(res.body.detail).toBe('/organizations does not take PUT; it takes GET, HEAD, POST');
  });

  it('a path with parameters, without a token: 405 (the route pattern is public in /openapi.json)', async () => {
    const res = await app.call('POST', '/organizations/acme/projects/web');
    expect(res.status, res.text).toBe(405);
    expect(String(res.headers.allow).split(', ')).toEqual(
      expect.arrayContaining(['DELETE', 'GET', 'HEAD', 'PATCH']),
    );
  });

  it('a path no route has stays 404 route_not_found, with no Allow', async () => {
    const res = await app.call('GET', '/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('route_not_found');
    expect(res.headers.allow).toBeUndefined();
  });
});

describe('401 with WWW-Authenticate: Bearer', () => {
  it('no token: the realm and no error code', async () => {
    const res = await app.call('GET', '/users');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="keel"');
  });

  it('another scheme is no bearer token: the realm and no error code', async () => {
    const res = await app.call('GET', '/users', { headers: { authorization: 'Basic YTpi' } });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="keel"');
  });

  it('a token that is not valid: error="invalid_token" and a description in RFC 6750 characters', async () => {
    for (const token of ['not-a-jwt', 'e30.bnVsbA.x', `${admin.slice(0, -4)}AAAA`]) {
      const res = await app.call('GET', '/users', { token });
      expect(res.status, res.text).toBe(401);
      const challenge = String(res.headers['www-authenticate']);
      expect(challenge).toMatch(/^Bearer realm="keel", error="invalid_token", error_description="[^"\\]+"$/);
      const description = /error_description="([^"]*)"/.exec(challenge)![1]!;
      expect(description).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/);
      expect(res.body.code).toBe('invalid_token');
    }
  });

  it('a revoked token: invalid_token', async () => {
    const token = await app.user('gone@example.com');
    const out = await app.call('POST', '/auth/logout', { token });
    expect(out.status).toBeLessThan(300);
    const res = await app.call('GET', '/auth/me', { token });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/error="invalid_token"/);
  });

  it('a wrong password at sign-in answers 401 with a challenge too', async () => {
    await app.user('pw@example.com', { password: 'correct horse battery staple' });
    const res = await app.call('POST', '/auth/login', {
      body: { email: 'pw@example.com', password: 'wrong' },
    });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="keel"');
  });

  it('the token endpoint keeps its Basic challenge for a client that used Basic', async () => {
    const res = await app.call('POST', '/auth/token', {
      form: { grant_type: 'client_credentials' },
      headers: { authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}` },
    });
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Basic realm="keel"');
  });
});
