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

export const SECURITY_HEADERS = helmetHeaders();

/**
 * What an HTML page of Keel's (the console, the docs UI) adds to SECURITY_HEADERS: Helmet's headers
 * for documents, which API_POLICY leaves out. Each page sets its own Content-Security-Policy.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(
    Object.entries(helmetHeaders({ contentSecurityPolicy: false })).filter(
      ([name]) => !(name in SECURITY_HEADERS),
    ),
  ),
);
