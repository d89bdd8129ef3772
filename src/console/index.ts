// The admin console (docs/console.md): the single-page app built from console/ served at /console, same
// origin as the API, under a strict Content-Security-Policy. It holds no data and no privilege of its
// own: everything it shows comes from the public API with the signed-in person's token.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api, Domain } from '../kernel/domain.js';
import { AppError } from '../http/errors.js';
import { DOCUMENT_HEADERS } from '../http/security-headers.js';
import { CONSOLE_DIST, loadAssets, type Asset } from './assets.js';

/** No inline script or style, nothing from another origin, never framed, forms post nowhere. */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const FILE = /^[A-Za-z0-9._/-]{1,200}$/;

export function consoleRoutes(api: Api, dir: string = CONSOLE_DIST): void {
  let assets: Map<string, Asset> | null = null;
  const current = () => (assets ??= loadAssets(dir));

  function send(request: FastifyRequest, reply: FastifyReply, asset: Asset) {
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply
      .headers(DOCUMENT_HEADERS)
      .header('content-security-policy', CONSOLE_CSP)
      .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('vary', 'accept-encoding')
      .type(asset.type);
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.send(gzip ? asset.gzipped : asset.body);
  }

  const handler = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const built = current();
    if (!built) {
      throw new AppError(503, 'console_not_built', 'the console is not built: run npm run build:console');
    }
    const rel = request.params['*'] ?? '';
    const file = FILE.test(rel) && !rel.includes('..') ? built.get(rel) : undefined;
    if (file) return send(request, reply, file);
    // A missing asset is a 404; any other path is a page of the app, which routes in the browser.
    if (rel.startsWith('assets/') || /\.[a-z0-9]+$/i.test(rel)) {
      throw new AppError(404, 'not_found', 'no such console file');
    }
    return send(request, reply, built.get('index.html')!);
  };

  const options = { config: { public: true }, schema: { hide: true } } as const;
  api.get('/console', options, async (_request, reply) => reply.redirect('/console/', 302));
  api.get('/console/*', options, handler);
  // The OAuth callback's default frontend address (KEEL_AUTH_OAUTH_FRONTEND_URL): the browser keeps the
  // URL fragment holding the tokens across this redirect, and no server ever sees it.
  api.get('/login/callback', options, async (_request, reply) => reply.redirect('/console/callback', 302));
}

export const consoleDomain: Domain = { name: 'console', routes: (api) => consoleRoutes(api) };
