// GET /metrics (Prometheus text) and the HTTP measurements behind it. Who may read it: callers on the
// loopback interface, or anyone presenting KEEL_METRICS_TOKEN as a bearer token (docs/analytics.md).
// With a trusted reverse proxy (KEEL_TRUST_PROXY) only the token counts: every request the proxy
// forwards comes from its address, and a proxy on the same host makes every client a loopback peer.
// Labels are route templates and status codes only: never a path with ids, a user or a token.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../kernel/domain.js';
import type { Core } from '../kernel/core.js';
import { AppError } from '../http/errors.js';
import { addProbe, contentType, poolConnections, recordHttp, scrape } from './metrics.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function tokenMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** Counts an answered request and its latency (called once its answer is sent: http/completed-requests.ts). */
export function recordResponse(request: FastifyRequest, reply: FastifyReply): void {
  // Unmatched paths share one label: a scanner must not grow the label set without bound.
  const route = request.routeConfig?.url ?? 'unmatched';
  recordHttp(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
}

export function observabilityRoutes(app: Api, core: Pick<Core, 'sql' | 'settings' | 'log'>): void {
  if (core.settings.trustProxy !== null && core.settings.metricsToken === undefined) {
    core.log.warn(
      'KEEL_TRUST_PROXY is set and KEEL_METRICS_TOKEN is not: GET /metrics answers 403 to everyone',
    );
  }
  const removeProbe = addProbe(() => {
    const pool = core.sql.pool;
    poolConnections.set({ state: 'total' }, pool.totalCount);
    poolConnections.set({ state: 'idle' }, pool.idleCount);
    poolConnections.set({ state: 'waiting' }, pool.waitingCount);
  });
  app.addHook('onClose', async () => void removeProbe());

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const token = core.settings.metricsToken;
    const behindProxy = core.settings.trustProxy !== null;
    const allowed =
      (token !== undefined && tokenMatches(request.headers.authorization, token)) ||
      (!behindProxy && LOOPBACK.test(request.clientAddress));
    if (!allowed) {
      throw new AppError(
        403,
        'metrics_forbidden',
        behindProxy
          ? 'behind a trusted proxy, metrics are served only to holders of the metrics token'
          : 'metrics are served to loopback callers and to holders of the metrics token',
      );
    }
    return reply.type(contentType).send(await scrape());
  });
}
