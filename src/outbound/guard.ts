// Outbound calls to admin-supplied addresses (AI discovery, OIDC issuers): URL rules and an SSRF guard
// that checks every address a host name resolves to, at connect time, so DNS rebinding cannot slip past.
import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciInit } from 'undici';
import { AppError } from '../http/errors.js';

/** 422 for an address that breaks the URL rules (scheme http/https, a host, no userinfo). */
export function validateBaseUrl(
  raw: string,
  pointer: string,
  schemes: readonly string[] = ['http', 'https'],
): URL {
  const fail = (detail: string) =>
    new AppError(422, 'invalid_url', `${pointer.slice(1)}: ${detail}`, [{ pointer, in: 'body', detail }]);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('is not a valid URL');
  }
  if (!schemes.includes(url.protocol.slice(0, -1))) throw fail(`scheme must be ${schemes.join(' or ')}`);
  if (!url.hostname) throw fail('a host is required');
  if (url.username || url.password) throw fail('must not contain a user name or password');
  return url;
}

const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, including cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, o) => (acc << 8) + Number(o), 0) >>> 0;
}

/** The eight 16-bit groups of an IPv6 address (any spelling: `::`, an embedded dotted quad). */
function ipv6Groups(ip: string): number[] | undefined {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    if (!net.isIPv4(quad[1]!)) return undefined;
    const n = v4ToInt(quad[1]!);
    text = `${text.slice(0, -quad[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return undefined;
  const groups = [...head, ...Array<string>(fill).fill('0'), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** Loopback, private, link-local, CGNAT, multicast, reserved and metadata addresses, in any spelling. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const n = v4ToInt(ip);
    return BLOCKED_V4.some(([base, bits]) => n >>> (32 - bits) === v4ToInt(base) >>> (32 - bits));
  }
  const g = ipv6Groups(ip);
  if (!g) return true; // not an address we can reason about: refuse
  const v4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (
    (zeros(5) && g[5] === 0xffff) ||
    zeros(6) ||
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
  ) {
    return isPrivateAddress(v4());
  }
  return (
    (g[0]! & 0xfe00) === 0xfc00 || // unique local fc00::/7 (includes the fd00:ec2::254 metadata address)
    (g[0]! & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g[0]! & 0xff00) === 0xff00 || // multicast ff00::/8
    (g[0] === 0x2001 && g[1] === 0x0db8) // documentation 2001:db8::/32
  );
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1 in any spelling; brackets around IPv6 are allowed. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  const g = ipv6Groups(h);
  if (!g) return false;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  return (zeros(7) && g[7] === 1) || (zeros(5) && g[5] === 0xffff && g[6]! >> 8 === 127);
}

/** The setting that lets outbound calls reach private networks: what every refusal names as its fix. */
export const ALLOW_PRIVATE_SETTING = 'KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS';

/**
 * A refused destination. The message names the host as given, never the address a name resolved to:
 * errors reach callers, and the resolved address would map the internal network for them.
 */
export class OutboundBlockedError extends Error {
  constructor(host: string, literal: boolean) {
    super(
      `${literal ? `${host} is` : `${host} resolves to`} a private or reserved address; ` +
        `set ${ALLOW_PRIVATE_SETTING}=true to allow calls to private networks`,
    );
    this.name = 'OutboundBlockedError';
  }
}

/** IPv4 and IPv6 literals (with an optional port) inside a transport error's text. */
const ADDRESS_IN_TEXT = /\[?(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f]*:[0-9a-f:.]*:[0-9a-f.]*)\]?(?::\d+)?/gi;

export interface OutboundOptions {
  allowPrivateNetworks: boolean;
  /** Per-request time limit (connect + response). */
  timeoutMs: number;
}

export type OutboundFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/**
 * A fetch whose connections may only reach public addresses (unless allowed by the setting).
 * Literal IPs are checked before connecting; names are checked on every resolution.
 */
export function outboundFetch(options: OutboundOptions): OutboundFetch {
  const lookup: net.LookupFunction = (hostname, opts, cb) => {
    dns.lookup(hostname, { ...opts, all: true }, (err, addresses) => {
      if (err) return cb(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      if (!options.allowPrivateNetworks) {
        const bad = list.find((a) => isPrivateAddress(a.address));
        if (bad) return cb(new OutboundBlockedError(hostname, false), '', 4);
      }
      if ((opts as { all?: boolean }).all)
        return (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      cb(null, first.address, first.family);
    });
  };
  const agent = new Agent({ connect: { lookup, timeout: options.timeoutMs } });
  return async (url, init) => {
    const target = new URL(String(url));
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateNetworks && net.isIP(host) && isPrivateAddress(host)) {
      throw new OutboundBlockedError(host, true);
    }
    const signal = AbortSignal.any(
      [AbortSignal.timeout(options.timeoutMs), init?.signal].filter((s): s is AbortSignal => !!s),
    );
    return (await undiciFetch(target, {
      ...(init as UndiciInit),
      signal,
      dispatcher: agent,
      redirect: 'manual',
    })) as unknown as Response;
  };
}

/** A short, body-free description of why an outbound call failed (for 502 problems). */
export function describeOutboundError(err: unknown): string {
  if (err instanceof OutboundBlockedError) return err.message;
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'timed out';
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof OutboundBlockedError) return cause.message;
    // A transport error's text names the address the host resolved to ("connect ECONNREFUSED 10.0.0.5:443"):
    // keep its code, and take any address out of the rest.
    if (cause instanceof Error) {
      const code = (cause as { code?: string }).code;
      return code ?? withoutAddresses(cause.message);
    }
    // No transport error: the request itself was refused before it was sent, and such a message quotes
    // what it refused (undici's "Headers.append: \"Bearer <token>\" is an invalid header value").
    return 'the request could not be made';
  }
  return 'unknown transport error';
}

function withoutAddresses(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, (m) =>
    /\d/.test(m) && (m.includes('.') || m.includes(':')) ? '[address]' : m,
  );
}
