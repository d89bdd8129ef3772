// Behind a reverse proxy (KEEL_TRUST_PROXY): a real proxy process on loopback forwards to Keel and
// appends X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does. Clients reach it from their
// own loopback addresses (127.0.0.2, 127.0.0.3, ...: all of 127/8 is this host), so the proxy
// stands between distinct clients and Keel as it does in a deployment.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocal } from '../support/listen.js';
import { THROTTLE_TEST_ENV } from '../support/throttle-env.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const METRICS_TOKEN = 'metrics-token-for-the-proxy-test-0123456789';

let app: TestApp;
let keel: { host: string; port: number };
let proxy: http.Server;
let proxyPort: number;

/** Forwards every request to Keel from 127.0.0.1, appending the address it was called from. */
function reverseProxy(): http.Server {
  return http.createServer((req, res) => {
    const seen = req.socket.remoteAddress!;
    const before = req.headers['x-forwarded-for'];
    const headers = { ...req.headers, 'x-forwarded-for': before ? `${before}, ${seen}` : seen };
    const upstream = http.request(
      { ...keel, localAddress: '127.0.0.1', method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
}

interface Sent {
  /** The address the client connects from. */
  from: string;
  /** Connect to Keel itself rather than through the proxy. */
  direct?: boolean;
  headers?: Record<string, string>;
  body?: unknown;
}

function send(method: string, path: string, o: Sent): Promise<{ status: number; body: string }> {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: o.direct ? keel.port : proxyPort,
        localAddress: o.from,
        method,
        path,
        agent: false,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...o.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const login = (email: string, password: string, o: Omit<Sent, 'body'>) =>
  send('POST', '/auth/login', { ...o, body: { email, password } }).then((r) => r.status);

beforeAll(async () => {
  app = await startTestApp({
    env: { ...THROTTLE_TEST_ENV, KEEL_TRUST_PROXY: '127.0.0.1', KEEL_METRICS_TOKEN: METRICS_TOKEN },
  });
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  keel = { host: '127.0.0.1', port: (app.api.server.address() as AddressInfo).port };
  proxy = reverseProxy();
  proxyPort = Number(new URL(await listenLocal(proxy)).port);
});
afterAll(async () => {
  proxy?.closeAllConnections();
  await new Promise((r) => proxy?.close(r));
  await app?.close();
});

describe('KEEL_TRUST_PROXY: the client address comes through trusted hops only', () => {
  it('two clients behind the trusted proxy are throttled separately', async () => {
    await app.user('behind-a@proxy.test', { password: 'behind-a-password-long-1' });
    await app.user('behind-b@proxy.test', { password: 'behind-b-password-long-1' });
    // Client A fails on many accounts until its address is refused outright (20 failures).
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push(await login(`nobody${i}@proxy.test`, 'wrong-password-xx', { from: '127.0.0.2' }));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(await login('behind-a@proxy.test', 'behind-a-password-long-1', { from: '127.0.0.2' })).toBe(429);
    // Client B, through the same proxy (the same peer, 127.0.0.1, for Keel), is not: it fails and
    // signs in on its own counters.
    expect(await login('nobody0@proxy.test', 'wrong-password-xx', { from: '127.0.0.3' })).toBe(401);
    expect(await login('behind-b@proxy.test', 'behind-b-password-long-1', { from: '127.0.0.3' })).toBe(200);
    // And so is the proxy's own host calling Keel directly (the scheduler's token requests).
    expect(
      await login('behind-b@proxy.test', 'behind-b-password-long-1', { from: '127.0.0.1', direct: true }),
    ).toBe(200);
  });

  it('a spoofed X-Forwarded-For from an untrusted peer is ignored: its failures count on its own address', async () => {
    await app.user('spoof@proxy.test', { password: 'spoof-password-long-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        await login(`ghost${i}@proxy.test`, 'wrong-password-xx', {
          from: '127.0.0.4',
          direct: true,
          headers: { 'x-forwarded-for': `203.0.113.${i}`, forwarded: `for=203.0.113.${i}` },
        }),
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(
      await login('spoof@proxy.test', 'spoof-password-long-1', {
        from: '127.0.0.4',
        direct: true,
        headers: { 'x-forwarded-for': '203.0.113.250' },
      }),
    ).toBe(429);
  });

  it('through the trusted proxy, a forged left part (or Forwarded) does not move the client', async () => {
    await app.user('forger@proxy.test', { password: 'forger-password-long-1' });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        await login(`phantom${i}@proxy.test`, 'wrong-password-xx', {
          from: '127.0.0.5',
          // The client claims to be another client, and a trusted proxy on the way: the proxy appends
          // 127.0.0.5, which is not trusted, so the walk stops there.
          headers: { 'x-forwarded-for': `198.51.100.${i}, 127.0.0.1`, forwarded: `for=198.51.100.${i}` },
        }),
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(
      await login('forger@proxy.test', 'forger-password-long-1', {
        from: '127.0.0.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      }),
    ).toBe(429);
    // Nobody else behind the proxy was throttled by it.
    expect(await login('forger@proxy.test', 'forger-password-long-1', { from: '127.0.0.6' })).toBe(200);
  });
});

describe('OAuth login starts are limited per client behind the proxy', () => {
  it('one client past its limit (3 a minute here) does not limit another', async () => {
    const start = (from: string) => send('GET', '/auth/oauth/oidc/authorize', { from }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push(await start('127.0.0.7'));
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    expect(await start('127.0.0.8')).not.toBe(429);
  });
});

describe('GET /metrics behind a trusted proxy needs KEEL_METRICS_TOKEN', () => {
  it('through the proxy without the token: 403 problem+json; with it: 200', async () => {
    const refused = await send('GET', '/metrics', { from: '127.0.0.2' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'metrics_forbidden' });
    const spoofed = await send('GET', '/metrics', {
      from: '127.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.status).toBe(403);
    const withToken = await send('GET', '/metrics', {
      from: '127.0.0.2',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.body).toContain('keel_http_requests_total');
  });

  it('a loopback peer is no proof of a local caller any more: direct loopback calls need the token too', async () => {
    expect((await send('GET', '/metrics', { from: '127.0.0.1', direct: true })).status).toBe(403);
    const wrong = { authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x` };
    expect((await send('GET', '/metrics', { from: '127.0.0.1', direct: true, headers: wrong })).status).toBe(
      403,
    );
  });

  it('with a trusted proxy and no token set, /metrics is closed to everyone', async () => {
    const bare = await startTestApp({ env: { KEEL_TRUST_PROXY: '127.0.0.1' } });
    try {
      const res = await bare.api.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(403);
      expect(bare.logs.join('')).toContain('KEEL_METRICS_TOKEN is not');
    } finally {
      await bare.close();
    }
  });
});
