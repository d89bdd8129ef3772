// What every route handler stands on: the request's authentication context and the shapes of an answer.
import type { FastifyReply, FastifyRequest, FastifyRequestContext } from 'fastify';
import { bearerChallenge, problemBody, unauthorized, type AppError } from '../http/errors.js';
import type { AuthContext } from './context.js';
import type { RoutePermission } from '../http/route-permission.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every authenticated route; null only on public routes. */
    auth: AuthContext | null;
    /**
     * The route's config, read once when the request starts: Fastify builds `routeOptions` anew on
     * every read. Null only on answers the router gives itself (frameworkErrors).
     */
    routeConfig: FastifyRequestContext['config'] | null;
    /**
     * The client's address: the socket's peer, or what trusted proxies report (KEEL_TRUST_PROXY,
     * http/client-address.ts). Everything that keys on the client uses it, never `ip` or the socket.
     */
    readonly clientAddress: string;
  }
  interface FastifyContextConfig {
    /** Opt out of authentication (health, login, token endpoint, JWKS, docs). */
    public?: boolean;
    /**
     * The body is a document stored in a form that keeps any text, U+0000 and lone surrogates
     * included (plugin documents and manifests: document-codec.ts).
     */
    encodedBody?: boolean;
    /**
     * Who may call it (src/http/route-permission.ts); set from src/http/route-permissions.ts as the
     * route is registered unless the route declares it here.
     */
    permission?: RoutePermission;
  }
}

/** The authenticated context of a request on a route that is not public. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * An update's answer: the resource as changed, or 204 with no body when the service gave none because
 * the caller may change the resource but not read it (docs/authorization.md).
 */
export function updatedOrNoContent<T>(reply: FastifyReply, body: T | null | undefined): T | FastifyReply {
  return body === undefined || body === null ? reply.code(204).send(null) : body;
}

/** Answers an AppError as RFC 9457 problem+json (with Retry-After when it names one). */
export function sendProblem(reply: FastifyReply, err: AppError) {
  if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
  // RFC 9110 11.6.1: every 401 carries a challenge.
  if (err.status === 401 && !reply.hasHeader('www-authenticate')) {
    reply.header('www-authenticate', bearerChallenge(err));
  }
  return reply
    .code(err.status)
    .type('application/problem+json')
    .send(problemBody(err.status, err.code, err.detail, err.errors));
}
