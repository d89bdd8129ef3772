// GET /metrics (Prometheus text) and the HTTP measurements behind it. Who may read it: callers on the
// loopback interface, or anyone presenting KEEL_METRICS_TOKEN as a bearer token (docs/analytics.md).
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

export function observabilityRoutes(app: Api, core: Pick<Core, 'sql' | 'settings'>): void {
  const removeProbe = addProbe(() => {
    const pool = core.sql.pool;
    poolConnections.set({ state: 'total' }, pool.totalCount);
    poolConnections.set({ state: 'idle' }, pool.idleCount);
    poolConnections.set({ state: 'waiting' }, pool.waitingCount);
  });
  app.addHook('onClose', async () => void removeProbe());

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const token = core.settings.metricsToken;
    const allowed =
      (token !== undefined && tokenMatches(request.headers.authorization, token)) ||
      LOOPBACK.test(request.socket.remoteAddress ?? '');
    if (!allowed) {
      throw new AppError(
        403,
        'metrics_forbidden',
        'metrics are served to loopback callers and to holders of the metrics token',
      );
    }
    return reply.type(contentType).send(await scrape());
  });
}
