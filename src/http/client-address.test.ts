import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from './client-address.js';

const xff = parseTrustedProxies('127.0.0.1, 10.0.0.0/8', 'x-forwarded-for');
const fwd = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, 2001:db8::/32', 'forwarded');

describe('the client address is believed only through trusted hops', () => {
  it('no trusted proxy: the peer, whatever the headers say', () => {
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '1.1.1.1' }, null)).toBe('127.0.0.1');
    expect(clientAddress('::ffff:127.0.0.1', {}, null)).toBe('127.0.0.1');
  });

  it('an untrusted peer: its own address, its headers ignored', () => {
    expect(clientAddress('192.0.2.9', { 'x-forwarded-for': '1.1.1.1' }, xff)).toBe('192.0.2.9');
    expect(clientAddress('192.0.2.9', { forwarded: 'for=1.1.1.1' }, fwd)).toBe('192.0.2.9');
  });

  it('a trusted peer: read from the right, the first untrusted address is the client', () => {
    // The client forged 6.6.6.6 and 10.0.0.7; the proxy appended the address it saw, 192.0.2.1.
    const h = { 'x-forwarded-for': '6.6.6.6, 10.0.0.7, 192.0.2.1' };
    expect(clientAddress('127.0.0.1', h, xff)).toBe('192.0.2.1');
    // Two trusted proxies in a row, then the client.
    expect(clientAddress('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 192.0.2.1, 10.0.0.3' }, xff)).toBe(
      '192.0.2.1',
    );
    // Every hop trusted: the leftmost.
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '10.0.0.9,10.0.0.8' }, xff)).toBe('10.0.0.9');
    // No header: the trusted peer itself (a caller on the proxy's host, the scheduler).
    expect(clientAddress('127.0.0.1', {}, xff)).toBe('127.0.0.1');
  });

  it('the other header is ignored entirely', () => {
    expect(clientAddress('127.0.0.1', { forwarded: 'for=6.6.6.6' }, xff)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '6.6.6.6' }, fwd)).toBe('127.0.0.1');
  });

  it('a hop naming no address ends the walk at the proxy that reported it', () => {
    for (const junk of ['unknown', '', 'a'.repeat(5000), '1.2.3.4.5', '999.1.1.1'])
      expect(clientAddress('127.0.0.1', { 'x-forwarded-for': `6.6.6.6, ${junk}` }, xff), junk).toBe(
        '127.0.0.1',
      );
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 192.0.2.1:5555' }, xff)).toBe(
      '192.0.2.1',
    );
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, ::FFFF:192.0.2.1' }, xff)).toBe(
      '192.0.2.1',
    );
  });

  it('Forwarded (RFC 7239): for= of each element, quoted, with ports and IPv6 brackets', () => {
    const peer = '127.0.0.1';
    expect(clientAddress(peer, { forwarded: 'for=6.6.6.6, for=192.0.2.1;proto=https' }, fwd)).toBe(
      '192.0.2.1',
    );
    expect(clientAddress(peer, { forwarded: 'for="[2001:db9::1]:443";by=x, for=10.0.0.1' }, fwd)).toBe(
      '2001:db9::1',
    );
    expect(clientAddress(peer, { forwarded: 'for="192.0.2.1:80", for=10.0.0.1' }, fwd)).toBe('192.0.2.1');
    // A quoted comma does not split an element; an element without for= ends the walk.
    expect(clientAddress(peer, { forwarded: 'for=6.6.6.6, by="a,b";for=192.0.2.4' }, fwd)).toBe('192.0.2.4');
    expect(clientAddress(peer, { forwarded: 'for=6.6.6.6, proto=https' }, fwd)).toBe(peer);
    expect(clientAddress(peer, { forwarded: 'for=6.6.6.6, for=_hidden' }, fwd)).toBe(peer);
    expect(clientAddress(peer, { forwarded: 'for=6.6.6.6, for=unknown' }, fwd)).toBe(peer);
  });
});
