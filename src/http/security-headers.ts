// The security headers of every response, computed once at start-up. They never depend on the
// request, so Helmet runs once against a recording response instead of once per request (the Fastify
// plugin builds Helmet's middleware anew for every request: about 5% of a small GET's CPU time).
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A JSON API: nothing to sniff, frame or refer from; no script, style or image of its own; read by
 * no other origin's page (Cross-Origin-Resource-Policy); HTTPS only once seen over HTTPS (HSTS). The
 * OWASP REST Security Cheat Sheet's headers for API responses. Helmet's headers that only mean
 * something to an HTML document a browser renders are left out: Cross-Origin-Opener-Policy and
 * -Embedder-Policy (popups, embedded resources), Origin-Agent-Cluster, X-DNS-Prefetch-Control (links
 * in a page), X-Download-Options (Internet Explorer 8), X-Permitted-Cross-Domain-Policies (Flash and
 * PDF plug-ins) and X-XSS-Protection (a filter browsers have removed). The console and the docs UI,
 * which are HTML, set their own policies.
 */
const API_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The headers Helmet sets for these options, by lower-case name. */
export function helmetHeaders(options: HelmetOptions = API_POLICY): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return Object.freeze(headers);
}

const API_HEADERS = helmetHeaders();
const { 'strict-transport-security': hsts, ...always } = API_HEADERS;

/** The headers of every answer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze(always);

/** What every API answer starts with: the security headers and `Cache-Control: no-store`. */
export const BASE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'cache-control': 'no-store',
});

/**
 * Strict-Transport-Security, for answers to requests that reached Keel over HTTPS: RFC 6797 (7.2)
 * forbids it over plain HTTP, where a browser ignores it anyway. Keel listens on plain HTTP behind a
 * proxy that terminates TLS, so it is the proxy's word that counts (overHttps).
 */
export const HSTS = hsts!;

/**
 * Whether the client's request reached the first proxy over HTTPS, as that proxy says in
 * `X-Forwarded-Proto` or `Forwarded` (RFC 7239): their first element is the client's hop. A client
 * that forges either only gets a header its browser ignores over plain HTTP.
 */
export function overHttps(headers: IncomingMessage['headers']): boolean {
  const forwardedProto = headers['x-forwarded-proto'];
  if (typeof forwardedProto === 'string') {
    return /^\s*https\s*(?:,|$)/i.test(forwardedProto);
  }
  const forwarded = headers.forwarded;
  return (
    typeof forwarded === 'string' && /^[^,]*?(?:^|;)\s*proto\s*=\s*"?https"?\s*(?:;|,|$)/i.test(forwarded)
  );
}

/**
 * What an HTML page of Keel's (the console, the docs UI) adds to SECURITY_HEADERS: Helmet's headers
 * for documents, which API_POLICY leaves out. Each page sets its own Content-Security-Policy.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    Object.entries(helmetHeaders({ contentSecurityPolicy: false })).filter(
      ([name]) => !(name in API_HEADERS),
    ),
  ),
);
