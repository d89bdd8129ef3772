import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import type { Core } from '../kernel/core.js';
import { hasPermission, isAdminUser } from '../kernel/context.js';
import { NoContent, PageQuery, SlugParams, responses, writeAnswers } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf, sendProblem, updatedOrNoContent } from '../kernel/route.js';
import { AppError, databaseUnavailableError, invalid } from '../http/errors.js';
import { databaseUnavailable } from '../db/unavailable.js';
import { OAuthError, type GrantHandler } from '../kernel/grants.js';
import { allPermissions } from '../authz/index.js';
import { serviceAccountsService } from './service-accounts.service.js';
import { signInThrottle } from './throttle.js';
import { tokenEndpoint } from './token-endpoint.js';
import { authorizationServerMetadataRoute } from './authorization-server-metadata.js';
import { tokensService } from './tokens.service.js';
import { usersService } from './users.service.js';
import * as S from './schemas.js';
import {
  SESSION_MODE_HEADER,
  checkCsrf,
  clearedSessionCookie,
  sessionBodyToken,
  sessionCookie,
  sessionCookieOf,
} from './session-cookie.js';

export function identityRoutes(api: Api, core: Core, grants: ReadonlyMap<string, GrantHandler>): void {
  const users = usersService(core);
  const serviceAccounts = serviceAccountsService(core);
  const tokens = tokensService(core);
  const throttle = signInThrottle(core.sql, core.settings.throttle);
  const token = tokenEndpoint(core, grants, throttle);

  // --- users
  api.post(
    '/users',
    { schema: { tags: ['users'], body: S.UserCreate, response: responses({ 201: S.UserRead }) } },
    async (req, reply) => reply.code(201).send(await users.create(authOf(req), req.body)),
  );
  api.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        querystring: PageQuery,
        response: responses({ 200: Type.Array(S.UserRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await users.list(authOf(req), page));
    },
  );
  api.get(
    '/users/:email',
    { schema: { tags: ['users'], params: S.EmailParams, response: responses({ 200: S.UserRead }) } },
    async (req) => users.get(authOf(req), req.params.email),
  );
  api.patch(
    '/users/:email',
    {
      schema: {
        tags: ['users'],
        params: S.EmailParams,
        body: S.UserPatch,
        ...writeAnswers(S.UserRead, 'user'),
      },
    },
    async (req, reply) => {
      const ctx = authOf(req);
      // Only an admin sets a password without current_password: anyone else's wrong guesses are
      // throttled as failed sign-ins of the account, on its counters.
      // A delegated token is refused before the throttle counts anything (users.update).
      if (req.body.password === undefined || isAdminUser(ctx) || ctx.actor) {
        return updatedOrNoContent(reply, await users.update(ctx, req.params.email, req.body));
      }
      const updated = await throttle.run(
        { account: req.params.email, address: req.clientAddress },
        {
          check: () => users.update(ctx, req.params.email, req.body),
          failed: (err) => err instanceof AppError && err.code === 'current_password_mismatch',
          // Anyone but the user is refused before the check: a success proves the current password.
          authenticated: () => req.params.email,
        },
      );
      return updatedOrNoContent(reply, updated);
    },
  );
  api.delete(
    '/users/:email',
    { schema: { tags: ['users'], params: S.EmailParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await users.remove(authOf(req), req.params.email);
      return reply.code(204).send(null);
    },
  );

  // --- service accounts
  api.post(
    '/service-accounts',
    {
      schema: {
        tags: ['service accounts'],
        body: S.ServiceAccountCreate,
        response: responses({ 201: S.ServiceAccountRead }),
      },
    },
    async (req, reply) => reply.code(201).send(await serviceAccounts.create(authOf(req), req.body)),
  );
  api.get(
    '/service-accounts',
    {
      schema: {
        tags: ['service accounts'],
        querystring: PageQuery,
        response: responses({ 200: Type.Array(S.ServiceAccountRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      const result = await serviceAccounts.list(authOf(req), page);
      return sendPage(req, reply, page, result);
    },
  );
  api.get(
    '/service-accounts/:slug',
    {
      schema: {
        tags: ['service accounts'],
        params: SlugParams,
        response: responses({ 200: S.ServiceAccountRead }),
      },
    },
    async (req) => serviceAccounts.get(authOf(req), req.params.slug),
  );
  api.patch(
    '/service-accounts/:slug',
    {
      schema: {
        tags: ['service accounts'],
        params: SlugParams,
        body: S.ServiceAccountPatch,
        ...writeAnswers(S.ServiceAccountRead, 'account'),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await serviceAccounts.update(authOf(req), req.params.slug, req.body)),
  );
  api.delete(
    '/service-accounts/:slug',
    { schema: { tags: ['service accounts'], params: SlugParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await serviceAccounts.remove(authOf(req), req.params.slug);
      return reply.code(204).send(null);
    },
  );
  api.post(
    '/service-accounts/:slug/client-credentials',
    {
      schema: {
        tags: ['service accounts'],
        params: SlugParams,
        body: S.CredentialCreate,
        response: responses({ 201: S.CredentialCreated }),
      },
    },
    async (req, reply) =>
      reply.code(201).send(await serviceAccounts.addCredential(authOf(req), req.params.slug, req.body)),
  );
  api.get(
    '/service-accounts/:slug/client-credentials',
    {
      schema: {
        tags: ['service accounts'],
        params: SlugParams,
        response: responses({ 200: Type.Array(S.CredentialRead) }),
      },
    },
    async (req) => serviceAccounts.listCredentials(authOf(req), req.params.slug),
  );
  api.delete(
    '/service-accounts/:slug/client-credentials/:client_id',
    {
      schema: {
        tags: ['service accounts'],
        params: Type.Object({
          slug: Type.String({ maxLength: 200 }),
          client_id: Type.String({ maxLength: 200 }),
        }),
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await serviceAccounts.revokeCredential(authOf(req), req.params.slug, req.params.client_id);
      return reply.code(204).send(null);
    },
  );

  // --- sign-in and tokens
  api.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        body: S.LoginBody,
        response: responses({ 200: S.TokenResponse }),
      },
    },
    async (req, reply) => {
      // The console asks for its refresh token in the session cookie (session-cookie.ts): the same
      // checks as the routes that read it, so no other site can sign a browser in as someone else.
      const cookieMode = req.headers[SESSION_MODE_HEADER] === 'cookie';
      if (cookieMode) checkCsrf(req, core.settings.publicUrl);
      if (!core.settings.auth.localPasswordLogin) {
        throw new AppError(404, 'local_login_disabled', 'local password login is disabled');
      }
      const user = await throttle.run(
        { account: req.body.email, address: req.clientAddress },
        {
          check: async () => {
            const found = await users.verifyLogin(req.body.email, req.body.password);
            if (!found) throw new AppError(401, 'invalid_credentials', 'wrong email or password');
            return found;
          },
          failed: (err) => err instanceof AppError && err.code === 'invalid_credentials',
          authenticated: () => req.body.email,
        },
      );
      const answer = await tokens.signIn({ id: user.id, email: user.props.email }, 'password', user);
      if (!cookieMode) return answer;
      const { refresh_token: refreshToken, ...rest } = answer;
      reply.header('cache-control', 'no-store');
      reply.header('set-cookie', sessionCookie(refreshToken, core.settings.auth.refreshTokenTtl));
      return rest;
    },
  );

  // --- the console's session cookie (session-cookie.ts, docs/console.md)
  api.post(
    '/auth/session',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Trades the session cookie (or a refresh token sent in the body) for a new access token',
        description:
          'For the console. Requires the header `X-Keel-CSRF: 1` and a same-origin request. The refresh ' +
          'token is `{"refresh_token"}` in the body when given, else the `keel_refresh` cookie; it is ' +
          'rotated into the cookie (`HttpOnly; Secure; SameSite=Strict; Path=/auth/session`) and never ' +
          'returned in the body. Answers 200 with access_token, token_type and expires_in. 401 `no_session` ' +
          'without a refresh token; 401 `session_ended` (the cookie cleared) when it is refused; 403 ' +
          '`csrf_refused` without the header or from another origin.',
        security: [],
        response: responses({ 200: S.TokenResponse }),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      checkCsrf(req, core.settings.publicUrl);
      const presented = sessionBodyToken(req.body) ?? sessionCookieOf(req);
      if (presented === undefined) throw new AppError(401, 'no_session', 'no session: sign in');
      let answer;
      try {
        answer = await token(
          { grant_type: 'refresh_token', refresh_token: presented },
          undefined,
          req.clientAddress,
        );
      } catch (err) {
        if (!(err instanceof OAuthError)) throw err;
        reply.header('set-cookie', clearedSessionCookie());
        throw new AppError(401, 'session_ended', `the session has ended (${err.description}): sign in`);
      }
      const { refresh_token: refreshToken, ...rest } = answer;
      reply.header('set-cookie', sessionCookie(refreshToken!, core.settings.auth.refreshTokenTtl));
      return rest;
    },
  );
  api.delete(
    '/auth/session',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Signs the console out: ends the session cookie’s sign-in and clears the cookie',
        description:
          'Requires the header `X-Keel-CSRF: 1` and a same-origin request. The refresh token in the ' +
          '`keel_refresh` cookie and every rotation of it are revoked. Revoke the access token with ' +
          '`POST /auth/logout`. Answers 204 with the cookie cleared, whether or not one was sent; 403 ' +
          '`csrf_refused` without the header or from another origin.',
        security: [],
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      checkCsrf(req, core.settings.publicUrl);
      const presented = sessionCookieOf(req);
      if (presented !== undefined) await tokens.endRefreshFamily(null, presented);
      return reply.header('set-cookie', clearedSessionCookie()).code(204).send(null);
    },
  );

  api.post(
    '/auth/token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'OAuth 2.0 token endpoint (RFC 6749; token exchange RFC 8693)',
        security: [],
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
        response: { 200: S.TokenResponse, 429: Type.Ref('Problem'), '4xx': S.OAuthErrorBody },
      },
      // Errors raised before the handler (body parsing, validation, unsupported media type) must answer
      // RFC 6749 too: this route's 4xx schema is the OAuth error body, which a problem body cannot fill.
      errorHandler: (error, request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        // Throttling is not an OAuth error: RFC 6749 has no code for it, HTTP has 429.
        if (error instanceof AppError && error.status === 429) return sendProblem(reply, error);
        // Nor is a database out of reach: 503 with Retry-After, as every other route answers it.
        if (databaseUnavailable(error)) {
          request.log.warn({ err: error }, 'database unavailable');
          return sendProblem(reply, databaseUnavailableError());
        }
        const status =
          error instanceof AppError ? error.status : (error as { statusCode?: number }).statusCode;
        if (typeof status === 'number' && status >= 400 && status < 500) {
          return reply.code(400).send({ error: 'invalid_request', error_description: error.message });
        }
        request.log.error({ err: error }, 'unhandled error');
        return reply
          .code(500)
          .send({ error: 'server_error', error_description: 'an unexpected error occurred' });
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      try {
        return await token(req.body, req.headers.authorization, req.clientAddress);
      } catch (err) {
        if (err instanceof OAuthError) {
          if (err.status === 401) reply.header('www-authenticate', 'Basic realm="keel"');
          return reply.code(err.status).send({ error: err.error, error_description: err.description });
        }
        throw err;
      }
    },
  );

  api.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revokes the presented access token, and the session of the refresh token sent with it',
        description:
          'With `{"refresh_token"}` in the body, the refresh token and every rotation of it (one sign-in) ' +
          'are revoked too, when it is the caller’s; any other value changes nothing. Answers 204; the ' +
          'access token is refused from then on. 422 naming the member of a body that is not ' +
          '`{"refresh_token"}`.',
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      const ctx = authOf(req);
      const refresh = logoutRefreshToken(req.body);
      await tokens.revoke(ctx.jti);
      if (refresh !== undefined && ctx.principal.kind === 'user')
        await tokens.endRefreshFamily(ctx.principal.id, refresh);
      return reply.code(204).send(null);
    },
  );

  api.get('/auth/me', { schema: { tags: ['auth'], response: responses({ 200: S.Me }) } }, async (req) => {
    const ctx = authOf(req);
    const all = isAdminUser(ctx)
      ? await allPermissions(core.sql)
      : [...ctx.permissions].map((name) => ({ name }));
    return {
      principal_type: ctx.principal.kind,
      principal_name: ctx.principal.name,
      actor_name: ctx.actor?.name ?? null,
      auth_method: ctx.authMethod,
      is_admin: isAdminUser(ctx),
      scopes: ctx.scopes ? [...ctx.scopes] : null,
      permissions: all
        .map((p) => p.name)
        .filter((p) => hasPermission(ctx, p))
        .sort(),
    };
  });

  api.get(
    '/.well-known/jwks.json',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        security: [],
        response: responses({
          200: Type.Object({ keys: Type.Array(Type.Object({}, { additionalProperties: true })) }),
        }),
      },
    },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(core.jwt.jwks()),
  );
  authorizationServerMetadataRoute(api, core, grants);
}

/**
 * The optional body of a sign-out, `{"refresh_token"}`. No body at all is the common case, so it is
 * read here rather than by a route schema (which would refuse a body-less POST).
 */
function logoutRefreshToken(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid('', 'must be an object');
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'refresh_token') throw invalid(`/${key}`, 'is not a property of a sign-out');
    if (typeof value !== 'string' || value.length < 1 || value.length > 200)
      throw invalid('/refresh_token', 'must be a string of 1 to 200 characters');
  }
  return (body as { refresh_token?: string }).refresh_token;
}
