// What happens once an answer has been sent: it is counted for /metrics and, at log level `info` and
// below, logged in one line. Fastify calls its log controller's requestCompleted once for every
// finished response (Fastify's own line is replaced by Keel's), so this needs no onResponse hook:
// a hook costs a hook runner and its closures on every request (docs/plugins.md, "one hook fewer").
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { attribution } from '../kernel/context.js';
import { recordResponse } from '../observability/routes.js';

/** Log levels at which each completed request is logged (`info` and below). */
const LOGS_REQUESTS = new Set(['info', 'debug', 'trace']);

export class CompletedRequests extends LogController {
  constructor() {
    // Fastify's per-request lines (incoming request, default error logs) are off: Keel logs its own.
    super({ disableRequestLogging: true, requestIdLogLabel: 'request_id' });
  }

  override requestCompleted(
    _error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    recordResponse(request, reply);
    if (!LOGS_REQUESTS.has(request.log.level)) return;
    request.log.info(
      {
        method: request.method,
        route: request.routeConfig?.url ?? 'unknown',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.auth
          ? { principal: attribution(request.auth), auth_method: request.auth.authMethod }
          : {}),
      },
      'request completed',
    );
  }
}
