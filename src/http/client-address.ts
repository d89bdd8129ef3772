// The client's address: the socket's peer, or, when that peer is a trusted reverse proxy
// (KEEL_TRUST_PROXY), the address the proxies report in X-Forwarded-For or Forwarded (RFC 7239),
// believed only through trusted hops. The rule, and why a client cannot choose its address, are in
// docs/configuration.md ("Behind a reverse proxy").
import net from 'node:net';

/** Which header the trusted proxies write (KEEL_TRUST_PROXY_HEADER); the other one is ignored. */
export type ForwardingHeader = 'x-forwarded-for' | 'forwarded';

export interface TrustedProxies {
  /** The addresses and CIDR ranges as configured (for messages). */
  entries: string[];
  header: ForwardingHeader;
  /** Whether an address (already normalised) is one of the trusted proxies. */
  trusts(address: string): boolean;
}

/** `::ffff:1.2.3.4` is the IPv4 address 1.2.3.4; anything else is returned as it is. */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address.toLowerCase();
}

/**
 * Parses a list of addresses and CIDR ranges (comma or space separated). Throws an Error saying which
 * entry is wrong; the caller names the variable.
 */
export function parseTrustedProxies(text: string, header: ForwardingHeader): TrustedProxies {
  const entries = text.split(/[\s,]+/).filter((e) => e !== '');
  const list = new net.BlockList();
  for (const entry of entries) {
    const [addr, bits, extra] = entry.split('/');
    const address = normaliseAddress(addr ?? '');
    const family = net.isIP(address);
    if (family === 0 || extra !== undefined) {
      throw new Error(`"${entry}" is not an IP address or a CIDR range (e.g. 10.0.0.0/8, ::1)`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
    if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) {
      throw new Error(`"${entry}" has an invalid prefix length`);
    }
    list.addSubnet(address, prefix, type);
  }
  if (entries.length === 0) throw new Error('lists no address');
  return {
    entries,
    header,
    trusts(address) {
      const family = net.isIP(address);
      return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/**
 * One hop as a header writes it: X-Forwarded-For `1.2.3.4` or `2001:db8::1` (some proxies add a
 * port); Forwarded `for=1.2.3.4`, `for="1.2.3.4:80"`, `for="[2001:db8::1]:443"`. Undefined when
 * the hop names no address (`unknown`, an obfuscated `_name`, text that is not an address).
 */
function hopAddress(raw: string): string | undefined {
  let text = raw.trim();
  if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1);
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  const address = normaliseAddress(text);
  return net.isIP(address) === 0 ? undefined : address;
}

/** The `for=` of each element of a Forwarded header, in order; undefined for an element with none. */
function forwardedFor(header: string): (string | undefined)[] {
  // Quoted strings may hold `,` and `;` (an IPv6 address with a port does not, but be exact).
  const elements: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      elements.push(current);
      current = '';
    } else current += ch;
  }
  elements.push(current);
  return elements.map((element) => {
    const pair = element
      .split(';')
      .map((p) => p.trim())
      .find((p) => /^for\s*=/i.test(p));
    return pair === undefined ? undefined : pair.slice(pair.indexOf('=') + 1).trim();
  });
}

/**
 * The client's address. The socket's peer is the client unless it is a trusted proxy; then the
 * header's hops are read from the right, each hop's address believed only while the hop that
 * reported it is trusted: the first untrusted address is the client. A hop that names no address
 * ends the walk, and the client is then the trusted proxy that reported it (it is the last address
 * known to be true). Every hop trusted: the leftmost one is the client.
 */
export function clientAddress(
  peer: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  trusted: TrustedProxies | null,
): string {
  let client = normaliseAddress(peer ?? '');
  if (trusted === null || !trusted.trusts(client)) return client;
  const value = headers[trusted.header];
  const text = Array.isArray(value) ? value.join(',') : value;
  if (text === undefined) return client;
  const hops = trusted.header === 'forwarded' ? forwardedFor(text) : text.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    const address = hop === undefined ? undefined : hopAddress(hop);
    if (address === undefined) return client;
    client = address;
    if (!trusted.trusts(address)) return client;
  }
  return client;
}
