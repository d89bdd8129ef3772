// The Fastify instance: conventions shared by every route (auth by default, problem+json, request ids,
// OpenAPI, redacted logs). Domains add their routes through Domain.routes.
import { randomUUID } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  type onSendHookHandler,
} from 'fastify';
import type { Logger } from 'pino';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Core } from '../kernel/core.js';
import type { Api, Domain } from '../kernel/domain.js';
import { AppError, type FieldError } from '../http/errors.js';
import { fromStorageError } from '../http/storage-errors.js';
import { clientErrorHandler } from '../http/client-errors.js';
import { clientAddress } from '../http/client-address.js';
import { Problem, responses } from '../http/schemas.js';
import { unstorablePointer } from '../lib/json-pointer.js';
import { jsonBodyParser } from '../http/json-body.js';
import { isRawJsonSchema, RawJsonBody } from '../http/raw-json.js';
import { bodyUnread, discardBody } from '../http/body-limit.js';
import { BASE_HEADERS, DOCUMENT_HEADERS, HSTS, overHttps } from '../http/security-headers.js';
import { RequestLogger } from '../http/request-logger.js';
import { buildSerializer } from '../http/serialization-schema.js';
import { observabilityRoutes } from '../observability/routes.js';
import { CompletedRequests } from './completed-requests.js';
import { requestValidator, stoppedAtCap } from '../json-schema/request-validation.js';
import { validationProblem } from '../http/validation-words.js';
import { sendProblem } from '../kernel/route.js';
import { AllowedMethods } from '../http/allowed-methods.js';
import { documentRoute, TAGS } from '../http/operation-docs-hook.js';
import { withExamples } from '../http/document-examples.js';
import { registerIdempotency } from '../idempotency/index.js';
import { principalKey } from '../kernel/identity.js';
import { canRoutes } from '../can/routes.js';

/** /docs opens on the sign-in operations: a deep link to the `auth` area unless the address has one. */
const OPEN_ON_SIGN_IN = "if (!window.location.hash) window.history.replaceState(null, '', '#/auth');\n";

/** The docs UI (swagger-ui) runs its own scripts and inline styles and shows data: images. */
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The headers every answer starts with: the security headers, and no caching unless a route says
 * otherwise (JWKS, console assets): a token in a login, token, refresh or OAuth callback answer must
 * not outlive the exchange in any cache. Set before the route runs, so that a route sets its own over
 * them, and on answers the router gives itself (frameworkErrors).
 */

function startAnswer(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(BASE_HEADERS);
  if (overHttps(request.headers)) reply.header('strict-transport-security', HSTS);
  reply.header('x-request-id', request.id);
}

const MAX_PARAM_LENGTH = 2048;

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const PART: Record<string, FieldError['in']> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/** 422 naming the first field of this part of the request holding text PostgreSQL cannot store. */
function textRefusal(where: FieldError['in'], value: unknown): AppError | undefined {
  const found = unstorablePointer(value);
  if (found === undefined) return undefined;
  const { pointer, detail } = found;
  return new AppError(422, 'validation_failed', `${pointer.slice(1) || where}: ${detail}`, [
    { pointer, in: where, detail },
  ]);
}

/** The problem an error is answered with. */
function problemOf(error: FastifyError | AppError | Error, log: FastifyBaseLogger): AppError {
  if (error instanceof AppError) return error;
  const mapped = fromStorageError(error);
  if (mapped?.status === 503) log.warn({ err: error }, 'database unavailable');
  if (mapped) return mapped;
  const fe = error as FastifyError;
  if (fe.validation) {
    const where = PART[fe.validationContext ?? 'body'] ?? 'body';
    const errors = fe.validation as unknown as ErrorObject[];
    return validationProblem(errors, where, stoppedAtCap(errors));
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code = (fe.code ?? 'bad_request').toLowerCase().replace(/^fst_err_/, '');
    return new AppError(fe.statusCode, code, fe.message);
  }
  log.error({ err: error }, 'unhandled error');
  return new AppError(500, 'internal_error', 'an unexpected error occurred');
}

export async function buildApi(core: Core, domains: readonly Domain[]): Promise<Api> {
  const app = Fastify({
    loggerInstance: core.log,
    logController: new CompletedRequests(),
    // Each request logs through a child bound to its id, made when the request first logs a line.
    childLoggerFactory: (logger, bindings, options) =>
      options.level || options.serializers
        ? logger.child(bindings, options)
        : (new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A client that stops sending (half a body, a trickle of header bytes) is cut off: idle sockets after
    // connectionTimeout, whole requests after requestTimeout, checked every second rather than Node's 30 s.
    connectionTimeout: core.settings.http.connectionTimeoutMs,
    requestTimeout: core.settings.http.requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(1000, core.settings.http.requestTimeoutMs),
      headersTimeout: Math.min(60_000, core.settings.http.requestTimeoutMs),
    },
    // Path parameters are bounded by each route's schema (an email may be 254 characters, more once
    // percent-encoded); the router's default of 100 would refuse valid ones before the schema runs.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The 422 is built from the errors themselves (validation-words.ts): Fastify's own message would
    // join every error's text, however many there are.
    schemaErrorFormatter: (_errors, part) => new Error(`the request's ${part} is not valid`),
    // Responses are serialized from their schemas with nullable unions as type lists (serialization-schema.ts).
    schemaController: { compilersFactory: { buildSerializer } },
    clientErrorHandler,
    // The router's own errors (bad percent-encoding, over-long parameter) answer problem+json like the rest.
    frameworkErrors: (error, request, reply) => {
      const code = error.code.toLowerCase().replace(/^fst_err_/, '');
      const detail =
        { bad_url: 'the URL is not correctly encoded', max_param_length: 'the URL is too long' }[code] ??
        'the request cannot be routed';
      startAnswer(request, reply);
      return sendProblem(reply, new AppError(error.statusCode ?? 400, code, detail));
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as Api;

  // JSON bodies are validated as sent (a string is never taken for a number, nor null for ""); query
  // strings, path parameters and headers are text, so they are coerced to their declared types.
  const validators = { body: requestValidator(false), text: requestValidator('array') };
  // A body the route parses and checks itself (src/http/raw-json.ts) is documented, not checked here.
  const uncheckedBody = () => true;
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' && isRawJsonSchema(schema)
      ? uncheckedBody
      : (httpPart === 'body' ? validators.body : validators.text)(schema as object),
  );

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    // Only a route that declares it takes a form (the token endpoint, RFC 6749): every other route
    // takes JSON, and a form is what a browser sends across sites without a preflight.
    if (!req.routeOptions.schema?.consumes?.includes('application/x-www-form-urlencoded')) {
      done(new AppError(415, 'unsupported_media_type', 'send the body as application/json'), undefined);
      return;
    }
    const params = new Map<string, string>();
    for (const [k, v] of new URLSearchParams(body as string)) {
      if (params.has(k)) {
        done(new AppError(400, 'invalid_request', `parameter ${k} is repeated`), undefined);
        return;
      }
      params.set(k, v);
    }
    // Own data properties, so a parameter named __proto__ is a parameter like any other.
    done(null, Object.fromEntries(params));
  });

  // Set before any plugin registers, so that plugin routes (the docs UI) answer problem+json too.
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    // An answer given before the body was read, on a connection closed after it (413: over the
    // limit), waits until the body has been read and discarded, within bounds, so that the client,
    // still writing, reads it (body-limit.ts). On a connection kept open, Node reads the rest itself.
    const send = (problem: AppError) =>
      bodyUnread(request.raw) && String(reply.getHeader('connection')).toLowerCase() === 'close'
        ? discardBody(request.raw).then(() => sendProblem(reply, problem))
        : sendProblem(reply, problem);
    // A body left as bytes for its route (src/http/raw-json.ts): its own error, when it has one, comes
    // first where a parsed body's would have.
    const body = request.body;
    if (body instanceof RawJsonBody && !body.examined) {
      return body
        .precedingError()
        .then((first) => (first ? send(first) : send(problemOf(error, request.log))));
    }
    return send(problemOf(error, request.log));
  });

  // One hook starts every answer (BASE_HEADERS, the request id) and authenticates the caller of a route
  // that is not public: a request that fails authentication is answered with those headers too.
  app.decorateRequest('auth', null);
  app.decorateRequest('routeConfig', null);
  const trusted = core.settings.trustProxy;
  app.decorateRequest('clientAddress', {
    getter(this: FastifyRequest) {
      return clientAddress(this.raw.socket?.remoteAddress, this.headers, trusted);
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    startAnswer(request, reply);
    const config = (request.routeConfig = request.routeOptions.config);
    // A request no route matched (config.url undefined) is answered 404 without authentication.
    if (config.url === undefined || config.public) {
      done();
      return;
    }
    let auth: ReturnType<typeof core.identity.authn.authenticate>;
    try {
      auth = core.identity.authn.authenticate(request.headers.authorization);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (!(auth instanceof Promise)) {
      request.auth = auth;
      done();
      return;
    }
    auth.then((a) => {
      request.auth = a;
      done();
    }, done);
  });

  app.addSchema(Problem);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Keel platform API',
        version: '0.1.0',
        description: 'The platform API behind an internal developer platform. Alpha: admin URLs may change.',
      },
      servers: [{ url: core.settings.publicUrl.replace(/\/+$/, ''), description: 'this Keel' }],
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (document) =>
      withExamples('openapiObject' in document ? document.openapiObject : document.swaggerObject),
  });
  // The documentation UI is public and runs scripts of its own; its routes are registered by the
  // plugin, so mark them and give them their content security policy as they come.
  const docsPolicy: onSendHookHandler = (_request, reply, payload, done) => {
    reply.headers(DOCUMENT_HEADERS).header('content-security-policy', DOCS_CSP);
    done(null, payload);
  };
  const allowed = new AllowedMethods(MAX_PARAM_LENGTH);
  app.addHook('onRoute', (route) => {
    if (route.prefix === '/docs') {
      route.config = { ...(route.config as object), public: true };
      route.onSend = [...[route.onSend ?? []].flat(), docsPolicy];
    }
    allowed.add(route.url, route.method, documentRoute(route));
  });
  // Branded Keel: its title, no framework logo or top bar; the sign-in operations (tag `auth`, first
  // in TAGS) open expanded, the other areas folded.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    theme: {
      title: 'Keel API',
      css: [{ filename: 'keel.css', content: '.swagger-ui .topbar { display: none; }' }],
      // Runs before the UI starts (on load): with no deep link in the address, it opens on `auth`.
      js: [{ filename: 'keel.js', content: OPEN_ON_SIGN_IN }],
    },
    uiConfig: { docExpansion: 'none', deepLinking: true, tagsSorter: 'none' as never },
  });

  // PostgreSQL text and jsonb hold neither U+0000 nor a lone surrogate: refuse them here (422 naming
  // the field) rather than fail later.
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    done(
      textRefusal('params', request.params) ??
        textRefusal('query', request.query) ??
        (body === undefined || request.routeConfig?.encodedBody ? undefined : textRefusal('body', body)),
    );
  });

  observabilityRoutes(app, core);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allow = allowed.of(path);
    if (allow && !allow.includes(request.method)) {
      reply.header('allow', allow.join(', '));
      return sendProblem(
        reply,
        new AppError(
          405,
          'method_not_allowed',
          `${path} does not take ${request.method}; it takes ${allow.join(', ')}`,
        ),
      );
    }
    return sendProblem(reply, new AppError(404, 'route_not_found', `no route for ${request.method} ${path}`));
  });

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['ops'],
        summary: 'Liveness',
        security: [],
        response: responses({ 200: Type.Object({ status: Type.Literal('ok') }) }),
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['ops'],
        summary:
          'Readiness: the database answers; reports the analytics stream (requests work while it is down)',
        security: [],
        response: responses({
          200: Type.Object({
            status: Type.Literal('ready'),
            stream: Type.Object({
              adapter: Type.String(),
              state: Type.Union([Type.Literal('up'), Type.Literal('down')]),
              detail: Type.Optional(Type.String()),
            }),
          }),
        }),
      },
    },
    async () => {
      try {
        await core.sql.query('SELECT 1');
      } catch {
        throw new AppError(503, 'database_unavailable', 'the database does not answer');
      }
      return { status: 'ready' as const, stream: core.stream.state() };
    },
  );
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  registerIdempotency(app, core, principalKey);
  canRoutes(app, core, allowed);
  for (const domain of domains) await domain.routes?.(app, core);
  return app;
}
