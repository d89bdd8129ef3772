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

/** Loopback, private, link-local, CGNAT, multicast, reserved and metadata addresses. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const n = v4ToInt(ip);
    return BLOCKED_V4.some(([base, bits]) => n >>> (32 - bits) === v4ToInt(base) >>> (32 - bits));
  }
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateAddress(mapped[1]!);
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') || // unique local
    /^fe[89ab]/.test(lower) || // link-local
    lower.startsWith('ff') || // multicast
    lower.startsWith('fd00:ec2::254') // metadata (IPv6)
  );
}

export class OutboundBlockedError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address`);
    this.name = 'OutboundBlockedError';
  }
}

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
        if (bad) return cb(new OutboundBlockedError(hostname, bad.address), '', 4);
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
      throw new OutboundBlockedError(host, host);
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
    if (cause instanceof Error) {
      const code = (cause as { code?: string }).code;
      return code
        ? `${code}${cause.message && !cause.message.includes(code) ? `: ${cause.message}` : ''}`
        : cause.message;
    }
    return err.message;
  }
  return 'unknown transport error';
}
