import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { describeOutboundError, isPrivateAddress, outboundFetch, validateBaseUrl } from './guard.js';

describe('validateBaseUrl', () => {
  it.each([
    ['ftp://example.com', 'scheme'],
    ['not a url', 'not a valid URL'],
    ['https://user:pw@example.com', 'user name or password'],
    ['http://', 'not a valid URL'],
  ])('refuses %s', (raw, message) => {
    try {
      validateBaseUrl(raw, '/base_url');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(422);
      expect((err as AppError).errors?.[0]?.pointer).toBe('/base_url');
      expect((err as AppError).detail).toContain(message);
    }
  });
  it('accepts http and https with a host', () => {
    expect(validateBaseUrl('https://api.example.com/v1', '/base_url').hostname).toBe('api.example.com');
  });
});

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('%s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111'])('%s is public', (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );
});

describe('outboundFetch', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('never names the address a host name resolved to', async () => {
    const guarded = outboundFetch({ allowPrivateNetworks: false, timeoutMs: 2000 });
    const blocked = describeOutboundError(
      await guarded(`http://localhost:${port}/`).catch((e: unknown) => e),
    );
    expect(blocked).toBe(
      'localhost resolves to a private or reserved address; set KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS=true to allow calls to private networks',
    );
    const closed = await new Promise<number>((r) => {
      const probe = http.createServer();
      probe.listen(0, '127.0.0.1', () => {
        const p = (probe.address() as AddressInfo).port;
        probe.close(() => r(p));
      });
    });
    const open = outboundFetch({ allowPrivateNetworks: true, timeoutMs: 2000 });
    const refused = describeOutboundError(await open(`http://localhost:${closed}/`).catch((e: unknown) => e));
    expect(refused).toMatch(/ECONNREFUSED/);
    expect(refused).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('refuses loopback by address and by name unless allowed', async () => {
    const guarded = outboundFetch({ allowPrivateNetworks: false, timeoutMs: 2000 });
    await expect(guarded(`http://127.0.0.1:${port}/`)).rejects.toThrow(/private or reserved/);
    const byName = await guarded(`http://localhost:${port}/`).catch((e: unknown) => e);
    expect(describeOutboundError(byName)).toMatch(/private or reserved/);
    const open = outboundFetch({ allowPrivateNetworks: true, timeoutMs: 2000 });
    expect(await (await open(`http://localhost:${port}/`)).text()).toBe('ok');
  });

  it('refuses loopback spelled as an IPv4-mapped IPv6 literal', async () => {
    const guarded = outboundFetch({ allowPrivateNetworks: false, timeoutMs: 2000 });
    const url = new URL(`http://[::ffff:127.0.0.1]:${port}/`);
    expect(url.hostname).toBe('[::ffff:7f00:1]'); // the URL parser rewrites it to the hex form
    await expect(guarded(url)).rejects.toThrow(/private or reserved/);
  });

  it('times out', async () => {
    const open = outboundFetch({ allowPrivateNetworks: true, timeoutMs: 200 });
    const err = await open(`http://127.0.0.1:${port}/slow`).catch((e: unknown) => e);
    expect(describeOutboundError(err)).toBe('timed out');
  });
});
