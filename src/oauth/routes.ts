import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { NoContent, PageQuery, Timestamp, responses } from '../http/schemas.js';
import { authOf } from '../kernel/route.js';
import type { OAuthLoginService } from './login.js';
import type { OAuthProvidersService } from './service.js';
import { PROVIDER_SLUGS } from './store.js';
import { ICON_DESCRIPTION } from './types.js';

const ProviderTypeSchema = Type.Union(
  [Type.Literal('provider_a'), Type.Literal('provider_b'), Type.Literal('oidc')],
  { description: 'provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider' },
);
const IconSchema = Type.Union([Type.Literal('provider_a'), Type.Literal('provider_b'), Type.Literal('key')], {
  description: ICON_DESCRIPTION,
});
const TypeDisplayName = Type.String({
  description: 'the login service of the type: Google, GitHub, OpenID Connect',
});
const ProviderTypeRead = Type.Object({
  type: ProviderTypeSchema,
  display_name: TypeDisplayName,
  description: Type.String({ description: 'what the type calls, and what it checks' }),
  icon: IconSchema,
});
const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

const OAuthProviderRead = Type.Object(
  {
    slug: Type.String(),
    type: ProviderTypeSchema,
    type_display_name: TypeDisplayName,
    type_description: Type.String({ description: 'what the type calls, and what it checks' }),
    name: Type.String({ description: 'the name the login page shows, chosen by the admin' }),
    enabled: Type.Boolean(),
    client_id: Type.Union([Type.String(), Type.Null()]),
    has_secret: Type.Boolean({
      description: 'Whether a client secret is stored; the secret itself is never returned',
    }),
    issuer_url: Type.Union([Type.String(), Type.Null()]),
    allowed_domains: Type.Array(Type.String()),
    icon: IconSchema,
    callback_url: Type.String({ description: 'The redirect URI to register at the provider' }),
    updated_by: Type.Union([Type.String(), Type.Null()]),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'OAuthProviderRead' },
);

const OAuthProviderPut = Type.Object(
  {
    type: Type.Optional(ProviderTypeSchema),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    enabled: Type.Boolean(),
    client_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 500 }))),
    client_secret: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 4000,
          writeOnly: true,
          description: 'Write-only: a string replaces the stored secret, null clears it, absent keeps it',
        }),
      ),
    ),
    issuer_url: Type.Optional(Nullable(Type.String({ maxLength: 2000, description: 'oidc only; https' }))),
    allowed_domains: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 253 }), {
        maxItems: 100,
        description: 'provider_a only: email domains that may sign in',
      }),
    ),
    icon: Type.Optional(IconSchema),
  },
  { additionalProperties: false },
);

const LoginMethod = Type.Object({
  slug: Type.String(),
  type: Type.String(),
  type_display_name: Type.String({
    description: 'the login service: Google, GitHub, OpenID Connect, or Password',
  }),
  name: Type.String(),
  icon: Type.String(),
  authorize_url: Type.Union([Type.String(), Type.Null()]),
});

const AnySlug = Type.Object({ slug: Type.String({ maxLength: 200 }) });
const PutSlug = Type.Object({ slug: Type.Union(PROVIDER_SLUGS.map((v) => Type.Literal(v))) });
const Redirect = Type.Null({ description: 'A redirect (Location header)' });
const tags = ['oauth providers'];

export async function oauthRoutes(
  api: Api,
  admin: OAuthProvidersService,
  login: OAuthLoginService,
  /** Counts a login start per client address; throws 429 past the limit (each start stores a row). */
  limitStarts: (key: string) => Promise<void> = async () => {},
) {
  api.get(
    '/admin/oauth-provider-types',
    {
      schema: {
        tags,
        summary: 'The login provider types, named for people: the service each one calls',
        description:
          'Answers 200 with every login provider type, configured or not: type, display name, what it calls ' +
          'and checks, and icon. Needs oauth-providers:read.',
        response: responses({ 200: Type.Array(ProviderTypeRead) }),
      },
    },
    async (req) => admin.types(authOf(req)),
  );
  api.get(
    '/admin/oauth-providers',
    {
      schema: { tags, querystring: PageQuery, response: responses({ 200: Type.Array(OAuthProviderRead) }) },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await admin.list(authOf(req), page));
    },
  );
  api.get(
    '/admin/oauth-providers/:slug',
    { schema: { tags, params: AnySlug, response: responses({ 200: OAuthProviderRead }) } },
    async (req) => admin.get(authOf(req), req.params.slug),
  );
  api.put(
    '/admin/oauth-providers/:slug',
    {
      schema: {
        tags,
        summary: 'Creates or replaces a login provider (the client secret is write-only)',
        params: PutSlug,
        body: OAuthProviderPut,
        response: responses({ 200: OAuthProviderRead, 201: OAuthProviderRead }),
      },
    },
    async (req, reply) => {
      const { created, provider } = await admin.put(authOf(req), req.params.slug, req.body);
      return created ? reply.code(201).send(provider) : provider;
    },
  );
  api.delete(
    '/admin/oauth-providers/:slug',
    { schema: { tags, params: AnySlug, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await admin.remove(authOf(req), req.params.slug);
      return reply.code(204).send(null);
    },
  );

  api.get(
    '/auth/providers',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The login methods on offer: enabled providers, then local password login',
        security: [],
        response: responses({ 200: Type.Array(LoginMethod) }),
      },
    },
    async () => login.methods(),
  );

  // The browser legs of the login carry the state cookie; cookie parsing stays in this scope.
  await api.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await scope.register(cookie);
    scope.get(
      '/auth/oauth/:slug/authorize',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'Starts a login: redirects the browser to the provider',
          security: [],
          params: AnySlug,
          querystring: Type.Object({ redirect_to: Type.Optional(Type.String({ maxLength: 1000 })) }),
          response: responses({ 302: Redirect }),
        },
      },
      async (req, reply) => {
        await limitStarts(`oauth-start:${req.clientAddress}`);
        const started = await login.start(req.params.slug, req.query.redirect_to);
        const { name, value, ...options } = started.cookie;
        reply.header('cache-control', 'no-store');
        reply.setCookie(name, value, { ...options, httpOnly: true, sameSite: 'lax' });
        return reply.redirect(started.location, 302);
      },
    );
    scope.get(
      '/auth/oauth/:slug/callback',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: 'The provider returns here; redirects to the frontend with Keel tokens in the fragment',
          security: [],
          params: AnySlug,
          // Providers add parameters of their own (iss, scope, session hints): accept them.
          querystring: Type.Object({
            state: Type.Optional(Type.String({ maxLength: 2000 })),
            code: Type.Optional(Type.String({ maxLength: 4000 })),
          }),
          response: responses({ 302: Redirect }),
        },
      },
      async (req, reply) => {
        const { slug } = req.params;
        reply.header('cache-control', 'no-store');
        // The path as the browser sends it (percent-encoded): a slug outside ASCII is a 400 from the
        // login, not a cookie the server cannot write.
        reply.clearCookie('keel_oauth_state', { path: `/auth/oauth/${encodeURIComponent(slug)}/` });
        const q = req.url.indexOf('?');
        const done = await login.finish(
          slug,
          req.cookies.keel_oauth_state,
          req.query.state,
          q >= 0 ? req.url.slice(q) : '',
        );
        return reply.redirect(done.location, 302);
      },
    );
  });
}
