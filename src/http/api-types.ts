// Generated from /openapi.json by `npm run gen:api` (scripts/gen-api-types.ts): do not edit by hand.
/* eslint-disable */
export interface paths {
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public keys that verify Keel tokens (JWKS)
         * @description Who may call it: anyone; no token is needed. Cacheable for 5 minutes. Answers the JSON Web Key Set of the Ed25519 keys that sign access tokens.
         */
        get: operations["getWellKnownJwksJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OAuth authorization server metadata (RFC 8414)
         * @description Who may call it: anyone; no token is needed. Cacheable for 5 minutes. Answers the issuer, the token endpoint, the grants it serves (client_credentials, refresh_token, token exchange), its client authentication methods and the JWKS URI.
         */
        get: operations["getWellKnownOauthAuthorizationServer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/environments/{slug}/plugin-edges/{plugin}/{label}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A plugin's edges of one label that start or end at the environment, with the entity at the other end
         * @description Who may call it: a caller holding the permission `plugins:{plugin}:entities:{label}:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: it also needs read of both end labels (environment:read, team:read, a plugin label’s read...). Answers 200 with a page of the plugin's edges of that label that start or end at the environment, each with the entity at the other end (id, label, plugin, properties, timestamps), and a Link header (rel="next") while more remain. 404 for an unknown environment, plugin or label, or a label without an Environment end.
         */
        get: operations["getAdminEnvironmentsSlugPluginEdgesPluginLabel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/oauth-provider-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The login provider types, named for people: the service each one calls
         * @description Who may call it: a caller holding the permission `oauth-providers:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with every login provider type, configured or not: type, display name, what it calls and checks, and icon. Needs oauth-providers:read.
         */
        get: operations["getAdminOauthProviderTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/oauth-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List oauth providers
         * @description Who may call it: a caller holding the permission `oauth-providers:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of login providers (slug, type and its display name, name, enabled, client_id, has_secret, issuer_url, allowed_domains, icon, the callback URL to register at the provider, timestamps; never the secret) and a Link header (rel="next") while more remain.
         */
        get: operations["getAdminOauthProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/oauth-providers/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one oauth provider
         * @description Who may call it: a caller holding the permission `oauth-providers:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the provider: type, name, enabled, client_id, has_secret, issuer_url, allowed_domains, icon and callback_url; never the secret. 404 for a provider not configured.
         */
        get: operations["getAdminOauthProvidersSlug"];
        /**
         * Creates or replaces a login provider (the client secret is write-only)
         * @description Who may call it: admin users alone, with a token not narrowed below the whole API (401 without a token, 403 for anyone else, whatever permission they hold). Answers 201 with the provider when it is new, 200 when it replaced the stored one (a client_secret given replaces the stored one, null clears it, absent keeps it; it is never returned). 422 naming the field: a slug other than provider_a, provider_b or oidc, a type other than the slug's, issuer_url missing for oidc or given for another type, an enabled provider without client_id or client_secret, an enabled provider_a without an allowed domain.
         */
        put: operations["putAdminOauthProvidersSlug"];
        post?: never;
        /**
         * Delete a oauth provider
         * @description Who may call it: admin users alone, with a token not narrowed below the whole API (401 without a token, 403 for anyone else, whatever permission they hold). Answers 204; the provider is gone and no longer offered at sign-in. 404 for a provider not configured.
         */
        delete: operations["deleteAdminOauthProvidersSlug"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The analytics pipeline's health (admins): the figures of this process's /metrics
         * @description Who may call it: admin users alone, with a token not narrowed below the whole API (401 without a token, 403 for anyone else, whatever permission they hold). Answers 200 with the analytics pipeline's figures as this process's /metrics has them: measured_at, the outbox (rows waiting, age of the oldest, published and failed totals) and each sink (its table, lag, rows written, dead-lettered and retried).
         */
        get: operations["getAdminPipeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List plugins
         * @description Who may call it: a caller holding the permission `admin:plugins:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of installed plugins (slug, name, version, description, revision, vertex and edge labels with their schemas, the permissions derived from them, who installed and last changed it), narrowed by `q`, with a Link header (rel="next") while more remain.
         */
        get: operations["getAdminPlugins"];
        put?: never;
        /**
         * Install a plugin
         * @description Who may call it: a caller holding the permission `admin:plugins:manage` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the installed plugin: slug, name, version, revision, its vertex and edge labels with their JSON Schemas and the permissions derived from them. 409 `plugin_exists` when the slug is installed; 422 `invalid_manifest` naming the member of the manifest at fault.
         */
        post: operations["postAdminPlugins"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one plugin
         * @description Who may call it: a caller holding the permission `admin:plugins:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the plugin: its manifest's labels and schemas, revision, permissions and who installed and changed it. 404 for an unknown plugin.
         */
        get: operations["getAdminPluginsSlug"];
        /**
         * Upgrade a plugin (409 when stored entities or edges would no longer be valid)
         * @description Who may call it: a caller holding the permission `admin:plugins:manage` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the upgraded plugin, its revision one higher. 404 for an unknown plugin; 409 `incompatible_upgrade` listing the stored entities or edges the new manifest would no longer accept; 422 `invalid_manifest` naming the member (a manifest slug other than the path's).
         */
        put: operations["putAdminPluginsSlug"];
        post?: never;
        /**
         * Uninstall a plugin (409 while it holds entities or edges, unless purge=true)
         * @description Who may call it: a caller holding the permission `admin:plugins:manage` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the plugin is uninstalled (with its entities and edges under `purge=true`). 404 for an unknown plugin; 409 `plugin_not_empty` counting the entities and edges it still holds.
         */
        delete: operations["deleteAdminPluginsSlug"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}/edges/{label}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a label's edges, each end with its name
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: it also needs read of both end labels (environment:read, team:read, a plugin label’s read...). Answers 200 with a page of the label's edges (source and target id and label, properties, created_at), narrowed by `source_id` and `target_id`, with a Link header (rel="next") while more remain. Each edge names its ends that are first-class nodes: `source_name` and `target_name` are the environment's, project's, team's or organization's name, null for a plugin entity (read it by id with GET /admin/plugins/{slug}/entities/{label}/{id}). An edge with an end its caller may not read (a project outside its CAN_ACCESS grants) is left out. 404 for an unknown plugin or label.
         */
        get: operations["getAdminPluginsSlugEdgesLabel"];
        put?: never;
        /**
         * Create an edge (201), or replace the properties of the existing one (200); 503 with Retry-After while too many large documents wait to be validated
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:write` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: it also needs read of both end labels (environment:read, team:read, a plugin label’s read...). Answers 201 with the new edge, or 200 with the existing one, its properties replaced: plugin, label, source and target id and label, properties and created_at. 404 for an unknown plugin or label; 422 `invalid_edge_end` naming source_id or target_id when there is no such node (or the caller may not read it), 422 naming where the properties do not fit the schema.
         */
        post: operations["postAdminPluginsSlugEdgesLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}/edges/{label}/_schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The JSON Schema of the edge label's properties
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: it also needs read of both end labels (environment:read, team:read, a plugin label’s read...). Answers 200 with the JSON Schema of the edge label's properties. 404 for an unknown plugin or label.
         */
        get: operations["getAdminPluginsSlugEdgesLabelSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a edge
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:write` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: it also needs read of both end labels (environment:read, team:read, a plugin label’s read...). Answers 204; the edge is gone. 404 for an unknown plugin or label, or no such edge.
         */
        delete: operations["deleteAdminPluginsSlugEdgesLabelSourceIdTargetId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}/entities/{label}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one entitie
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of the label's entities (id, plugin, label, properties, timestamps), narrowed by `q` (a substring of a top-level string property), with a Link header (rel="next") while more remain. 404 for an unknown plugin or label.
         */
        get: operations["getAdminPluginsSlugEntitiesLabel"];
        put?: never;
        /**
         * Create an entity (503 with Retry-After while too many large documents wait to be validated)
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:write` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the entity: its id, plugin, label, the document as stored in properties, and timestamps. 404 for an unknown plugin or label; 422 naming each place where the document does not fit the label's JSON Schema.
         */
        post: operations["postAdminPluginsSlugEntitiesLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}/entities/{label}/_schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The entity label's JSON Schema
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the entity label's JSON Schema (draft 2020-12). 404 for an unknown plugin or label.
         */
        get: operations["getAdminPluginsSlugEntitiesLabelSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/plugins/{slug}/entities/{label}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one entitie
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the entity: id, plugin, label, properties and timestamps. 404 for an unknown plugin, label or entity.
         */
        get: operations["getAdminPluginsSlugEntitiesLabelId"];
        put?: never;
        post?: never;
        /**
         * Delete a entitie
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:write` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the entity is gone. 404 for an unknown plugin, label or entity.
         */
        delete: operations["deleteAdminPluginsSlugEntitiesLabelId"];
        options?: never;
        head?: never;
        /**
         * JSON Merge Patch (RFC 7396); the merged document is validated again (503 with Retry-After while too many large documents wait to be validated)
         * @description Who may call it: a caller holding the permission `plugins:{slug}:entities:{label}:write` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the entity, its document merged with the patch (null removes a member) and validated again. 404 for an unknown plugin, label or entity; 422 naming where the merged document does not fit the schema.
         */
        patch: operations["patchAdminPluginsSlugEntitiesLabelId"];
        trace?: never;
    };
    "/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks
         * @description Who may call it: a caller holding the permission `webhooks:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of webhooks (as one reads; the linked project left out for a caller that may not read it) and a Link header (rel="next") while more remain.
         */
        get: operations["getAdminWebhooks"];
        put?: never;
        /**
         * Registers a webhook (webhooks:write)
         * @description Who may call it: a caller holding the permission `webhooks:write`; when the body names such a resource, it also needs `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the webhook: id, slug, integration, project, sender, has_secret, the delivery URL and the headers the sender sends; never the secret. 409 when the slug is taken; 422 naming the field (`unknown_project` for project, a secret that looks masked or does not fit the sender).
         */
        post: operations["postAdminWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/webhooks/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one webhook
         * @description Who may call it: a caller holding the permission `webhooks:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the webhook: id, slug, integration, project, sender, has_secret, delivery URL and headers, updated_by and timestamps; never the secret. 404 for an unknown slug.
         */
        get: operations["getAdminWebhooksSlug"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Who may call it: a caller holding the permission `webhooks:write` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the webhook is gone. 404 for an unknown slug.
         */
        delete: operations["deleteAdminWebhooksSlug"];
        options?: never;
        head?: never;
        /**
         * Changes a webhook; a secret given replaces the stored one
         * @description Who may call it: a caller holding the permission `webhooks:write`; when the body names such a resource, it also needs `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the webhook, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchAdminWebhooksSlug"];
        trace?: never;
    };
    "/ai-provider-drivers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The supported drivers (static; adding one is a release)
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). Answers 200 with the supported drivers: name, display name, description, icon, default base URL, and whether each supports IAM, requires a base URL and supports discovery.
         */
        get: operations["getAiProviderDrivers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scoring/recompute-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queues every project for recompute (reason scheduled_recompute); needs scoring:recompute or scoring:trigger-scheduled
         * @description Who may call it: a caller holding the permission `scoring:recompute` or the permission `scoring:trigger-scheduled` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 202 `{queued, reason: "scheduled_recompute"}`: how many projects were queued now (those already pending are not counted); the scores change as the worker gets to them.
         */
        post: operations["postApiScoringRecomputeAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/can": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * May I call this route?
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: it answers for the caller alone. Answers 200 `{allowed, permission, reason}` for the caller's own token (a user's, a service account's or a delegated one): whether the route's declared permission (its `x-keel-permission`) admits it, without calling the route. The path is matched as the router matches it (a query string is ignored); a path no route takes is `allowed: false`, its reason saying which methods the path takes, if any. On a project's routes a user's CAN_ACCESS grant counts, and a project the caller may not read gets the answer of a missing one. `allowed: true` does not say the target exists, and a route's own rules (in its description) may still refuse. 422 naming `method` or `path` for a question that is not one.
         */
        post: operations["postAuthCan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with an email and password
         * @description Who may call it: anyone; no token is needed. Exchanges a local password for an access token (JWT, short-lived) and a refresh token. Wrong credentials answer 401 with `WWW-Authenticate`; failures are throttled per account and address (429 with Retry-After). 404 `local_login_disabled` when local password login is off.
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revokes the presented access token, and the session of the refresh token sent with it
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). With `{"refresh_token"}` in the body, the refresh token and every rotation of it (one sign-in) are revoked too, when it is the caller’s; any other value changes nothing. Answers 204; the access token is refused from then on. 422 naming the member of a body that is not `{"refresh_token"}`.
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who am I
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). Answers the caller: principal, the actor under delegation, how it signed in, whether it is an admin, its scopes and the permissions it holds.
         */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/{slug}/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Starts a login: redirects the browser to the provider
         * @description Who may call it: anyone; no token is needed. Answers 302 to the provider's consent screen, with a state bound to this browser; 404 for a provider that is unknown or disabled.
         */
        get: operations["getAuthOauthSlugAuthorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/oauth/{slug}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The provider returns here; redirects to the frontend with Keel tokens in the fragment
         * @description Who may call it: anyone; no token is needed. Answers 302 to the frontend with Keel tokens in the fragment once the provider vouches for the user; 400 problem+json for a login not started in this browser or a state that does not match.
         */
        get: operations["getAuthOauthSlugCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The login methods on offer: enabled providers, then local password login
         * @description Who may call it: anyone; no token is needed. Answers 200 with the login methods on offer: each enabled provider (slug, type and its display name, name, icon, authorize URL), then local password login when it is on.
         */
        get: operations["getAuthProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Trades the session cookie (or a refresh token sent in the body) for a new access token
         * @description Who may call it: anyone; no token is needed. The route's own rules: whoever holds the refresh token the session cookie carries. For the console. Requires the header `X-Keel-CSRF: 1` and a same-origin request. The refresh token is `{"refresh_token"}` in the body when given, else the `keel_refresh` cookie; it is rotated into the cookie (`HttpOnly; Secure; SameSite=Strict; Path=/auth/session`) and never returned in the body. Answers 200 with access_token, token_type and expires_in. 401 `no_session` without a refresh token; 401 `session_ended` (the cookie cleared) when it is refused; 403 `csrf_refused` without the header or from another origin.
         */
        post: operations["postAuthSession"];
        /**
         * Signs the console out: ends the session cookie’s sign-in and clears the cookie
         * @description Who may call it: anyone; no token is needed. Requires the header `X-Keel-CSRF: 1` and a same-origin request. The refresh token in the `keel_refresh` cookie and every rotation of it are revoked. Revoke the access token with `POST /auth/logout`. Answers 204 with the cookie cleared, whether or not one was sent; 403 `csrf_refused` without the header or from another origin.
         */
        delete: operations["deleteAuthSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OAuth 2.0 token endpoint (RFC 6749; token exchange RFC 8693)
         * @description Who may call it: anyone; no token is needed. The route's own rules: the client authenticates with its client credential or the token it exchanges. Answers 200 with access_token, token_type Bearer, expires_in and, per grant, scope, refresh_token or issued_token_type; never cached. Errors answer in RFC 6749's form `{error, error_description}`: 400 (invalid_request, invalid_grant...), 401 invalid_client with `WWW-Authenticate: Basic`; 429 problem+json with Retry-After when sign-ins are throttled.
         */
        post: operations["postAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/connectors/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sink configuration of the analytics connector runtime
         * @description Who may call it: anyone; no token is needed. The route's own rules: opened by the connector key header alone; a bearer token does not open it. Authenticated by the `X-Keel-Connector-Key` header (KEEL_CONNECTOR_API_KEY); a bearer token does not open it. Never cached. Answers 200 with the sinks: for each, its stream, topics, consumer group, batch length, poll interval, target table, mode and key, and the analytics store it writes to (transport, URL, database, user name and password). 401 `connector_key_invalid` without a valid key.
         */
        get: operations["getConnectorsConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your consents; admins see everyone's (optionally ?user_email=)
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: users list their own consents, admins everyone's; a service account that is not an admin gets 403. Answers 200 with a page of the caller's consents (every user's for an admin, optionally narrowed by `user_email`), each with its status (active, expired, revoked), and a Link header (rel="next") while more remain. 403 for a service account (read one by id instead).
         */
        get: operations["getConsents"];
        put?: never;
        /**
         * Records that the scheduler may act on your behalf (only under your own session)
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: users consent for themselves; a service account or a delegated token gets 403. Answers 201 with the consent: id, user_email, actor_sa (the scheduler), scope, status active, created_at, expires_at and revoked_at. 422 naming expires_at when it is not in the future.
         */
        post: operations["postConsents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/consents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One consent: its owner, an admin, or a service account holding auth:delegate
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its owner, admins and service accounts holding auth:delegate; 404 for anyone else. Answers 200 with the consent: user_email, actor_sa, scope, status and its times. 404 for a consent the caller may not read.
         */
        get: operations["getConsentsId"];
        put?: never;
        post?: never;
        /**
         * Revokes a consent (owner or admin); it stays listed as revoked
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its owner and admins; 404 for anyone else. Answers 204; the consent is revoked (it stays listed as revoked) and the delegated tokens issued under it end with it. 404 for a consent the caller may not read; 403 for a caller who may read it but not revoke it (a service account holding auth:delegate).
         */
        delete: operations["deleteConsentsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List environments
         * @description Who may call it: a caller holding the permission `environment:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of environments (id, slug, name, timestamps) and a Link header (rel="next") while more remain.
         */
        get: operations["getEnvironments"];
        put?: never;
        /**
         * Create a environment
         * @description Who may call it: a caller holding the permission `environment:create` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the new environment: id, slug, name and timestamps. 409 when the slug is taken; 422 naming the field.
         */
        post: operations["postEnvironments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/environments/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one environment
         * @description Who may call it: a caller holding the permission `environment:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the environment: id, slug, name and timestamps; 404 for an unknown slug.
         */
        get: operations["getEnvironmentsSlug"];
        put?: never;
        post?: never;
        /**
         * Delete a environment
         * @description Who may call it: a caller holding the permission `environment:delete` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the environment is gone. 404 for an unknown slug.
         */
        delete: operations["deleteEnvironmentsSlug"];
        options?: never;
        head?: never;
        /**
         * Change a environment
         * @description Who may call it: a caller holding the permission `environment:update` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the environment, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchEnvironmentsSlug"];
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Who may call it: anyone; no token is needed. Answers 200 `{status: "ok"}` while the process runs; it reads nothing else.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List organizations
         * @description Who may call it: a caller holding the permission `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of organizations (id, slug, name, timestamps) and a Link header (rel="next") while more remain.
         */
        get: operations["getOrganizations"];
        put?: never;
        /**
         * Create a organization
         * @description Who may call it: a caller holding the permission `organization:create` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the new organization: id, slug, name and timestamps. 409 when the slug is taken; 422 naming the field.
         */
        post: operations["postOrganizations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one organization
         * @description Who may call it: a caller holding the permission `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the organization: id, slug, name and timestamps; 404 for an unknown slug.
         */
        get: operations["getOrganizationsOrg"];
        put?: never;
        post?: never;
        /**
         * Delete a organization
         * @description Who may call it: a caller holding the permission `organization:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the organization is gone. 409 `not_empty` while it still has teams, projects, AI providers or models.
         */
        delete: operations["deleteOrganizationsOrg"];
        options?: never;
        head?: never;
        /**
         * Change a organization
         * @description Who may call it: a caller holding the permission `organization:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the organization as changed (slug and name). 409 when the new slug is taken; 422 naming the field.
         */
        patch: operations["patchOrganizationsOrg"];
        trace?: never;
    };
    "/organizations/{org}/ai-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models the caller may see
         * @description Who may call it: a caller holding the permission `ai_model:read` or the permission `ai_model:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: without ai_model:read or ai_model:update, a model restricted to teams shows only to their members. Answers 200 with a page of the models (as one reads), narrowed by provider_id, and a Link header (rel="next") while more remain. With ai_model:read: organization-wide models and restricted ones allowed for a team of the caller. With ai_model:update: all.
         */
        get: operations["getOrganizationsOrgAiModels"];
        put?: never;
        /**
         * Create a ai model of an organization
         * @description Who may call it: a caller holding the permission `ai_model:create`; it also needs `organization:read` and `ai_model:read`; when the body names such a resource, it also needs `team:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 201 with the model: id, organization, provider_id, model_id, slug, name, kind, access_scope and team_slugs, token limits, default temperature, costs, monthly spend cap, enabled and timestamps. 409 when the slug is taken in the organization or the model id for the provider; 422 `unknown_team` naming the team, 422 for a restricted model without teams or teams on a model that is not restricted.
         */
        post: operations["postOrganizationsOrgAiModels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/ai-models/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one ai model of an organization
         * @description Who may call it: a caller holding the permission `ai_model:read` or the permission `ai_model:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the model: provider, model_id, slug, name, kind, access scope and teams, limits, costs, spend cap, enabled and timestamps. 404 for an unknown model.
         */
        get: operations["getOrganizationsOrgAiModelsId"];
        put?: never;
        post?: never;
        /**
         * Delete a ai model of an organization
         * @description Who may call it: a caller holding the permission `ai_model:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the model is gone from the catalog. 404 for an unknown model.
         */
        delete: operations["deleteOrganizationsOrgAiModelsId"];
        options?: never;
        head?: never;
        /**
         * Change a ai model of an organization
         * @description Who may call it: a caller holding the permission `ai_model:update`; it also needs `organization:read`; when the body names such a resource, it also needs `team:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the model as changed. 404 for an unknown model; 409 when the new slug is taken; 422 naming the field as on creation.
         */
        patch: operations["patchOrganizationsOrgAiModelsId"];
        trace?: never;
    };
    "/organizations/{org}/ai-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List ai providers of an organization
         * @description Who may call it: a caller holding the permission `ai_model:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the organization's AI providers (as one reads, never a key) and a Link header (rel="next") while more remain.
         */
        get: operations["getOrganizationsOrgAiProviders"];
        put?: never;
        /**
         * Configure a provider (ai_model:create); an api_key is encrypted on receipt
         * @description Who may call it: a caller holding the permission `ai_model:create`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 201 with the provider: id, organization, driver, name, base_url, region, enabled, has_credentials, a hint of the key, auth_kind and timestamps; the api_key is encrypted on receipt and never returned. 422 naming the field (base_url missing for a driver that needs one or carrying a query or fragment, an api_key that looks like a masked hint).
         */
        post: operations["postOrganizationsOrgAiProviders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/ai-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one ai provider of an organization
         * @description Who may call it: a caller holding the permission `ai_model:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the provider: driver, name, base_url, region, enabled, has_credentials, credential hint and its date, auth_kind, warnings and timestamps. 404 for an unknown provider.
         */
        get: operations["getOrganizationsOrgAiProvidersId"];
        put?: never;
        post?: never;
        /**
         * Delete a provider; 409 while it still serves models
         * @description Who may call it: a caller holding the permission `ai_model:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the provider is gone. 404 for an unknown provider; 409 `provider_in_use` while it still serves models (delete them first).
         */
        delete: operations["deleteOrganizationsOrgAiProvidersId"];
        options?: never;
        head?: never;
        /**
         * Change a ai provider of an organization
         * @description Who may call it: a caller holding the permission `ai_model:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the provider, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchOrganizationsOrgAiProvidersId"];
        trace?: never;
    };
    "/organizations/{org}/ai-providers/{id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Store or replace the API key (ai_model:credentials); write-only
         * @description Who may call it: a caller holding the permission `ai_model:credentials`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the provider, or 204 when the caller may change it but not read it.
         */
        put: operations["putOrganizationsOrgAiProvidersIdCredentials"];
        post?: never;
        /**
         * Remove the stored API key (ai_model:credentials)
         * @description Who may call it: a caller holding the permission `ai_model:credentials`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the stored API key is gone. 404 for an unknown provider.
         */
        delete: operations["deleteOrganizationsOrgAiProvidersIdCredentials"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/ai-providers/{id}/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask the provider for its models (connection test); writes nothing
         * @description Who may call it: a caller holding the permission `ai_model:create`; it also needs `organization:read` and `ai_model:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the provider id, its driver and the models it reports (model_id, display name, context window and output limit when reported, already_imported), at most 1000 (truncated says more were reported). 404 for an unknown provider; 422 `discovery_not_supported`, `base_url_missing` or `credentials_missing` for a provider that cannot be asked. Every failure is a 502 whose detail names the driver and the transport error or HTTP status; the provider response body is never included.
         */
        post: operations["postOrganizationsOrgAiProvidersIdDiscover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/ai-providers/{id}/import-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create models from a selection of discovered ones, all or nothing
         * @description Who may call it: a caller holding the permission `ai_model:create`; it also needs `organization:read` and `ai_model:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 201 with the models created from the selection of discovered ones, all or nothing. 404 for an unknown provider; 422 naming the entry (`model_not_discovered` for a model id the provider does not report, a model id selected twice, a slug missing), 422 `discovery_not_supported`, `base_url_missing` or `credentials_missing` for a provider that cannot be asked; 409 naming the entry whose slug or model id is taken; 502 when the provider does not answer.
         */
        post: operations["postOrganizationsOrgAiProvidersIdImportModels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/blueprints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List blueprints
         * @description Who may call it: a caller holding the permission `blueprint:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the organization's blueprints.
         */
        get: operations["getOrganizationsOrgBlueprints"];
        put?: never;
        /**
         * Creates a blueprint: the schema of the organization's (or one project type's) attributes
         * @description Who may call it: a caller holding the permission `blueprint:create`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the blueprint: slug, name, organization, project_type (null: every project) and schema. 409 when the organization (or the type) has one already. Stored attributes are not checked: see the dry run. 422 `unknown_project_type` naming project_type; 422 `invalid_schema` naming each pointer of a schema the validator does not take.
         */
        post: operations["postOrganizationsOrgBlueprints"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/blueprints/{blueprint}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one blueprint
         * @description Who may call it: a caller holding the permission `blueprint:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200, or 404.
         */
        get: operations["getOrganizationsOrgBlueprintsBlueprint"];
        /**
         * Replaces the schema (and name); stored attributes are never rewritten
         * @description Who may call it: a caller holding the permission `blueprint:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the blueprint; 422 naming the pointer for a schema the validator does not take.
         */
        put: operations["putOrganizationsOrgBlueprintsBlueprint"];
        post?: never;
        /**
         * Delete a blueprint
         * @description Who may call it: a caller holding the permission `blueprint:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the projects it covered keep their attributes.
         */
        delete: operations["deleteOrganizationsOrgBlueprintsBlueprint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/blueprints/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Which projects a schema would not fit (changes nothing)
         * @description Who may call it: a caller holding the permission `blueprint:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Checks every project the schema would apply to: the organization's, or those of project_type. Needs blueprint:read. Answers 200 with how many projects were checked (archived ones included), how many do not fit, and the first 100 of those with the pointer and detail of each error. Nothing is stored.
         */
        post: operations["postOrganizationsOrgBlueprintsDryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's activity: what happened, to what, by whom, when
         * @description Who may call it: a caller holding the permission `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of events: id, type, topic, a one-sentence summary, its subject, organization, project, environment, principal and actor, details and when it happened. Newest first, keyset pages (Link rel="next"). Read from the analytics store, duplicates collapsed; an event shows up there about one poll interval after it was recorded. 503 with Retry-After while the store is down. Team events need team:read, webhook deliveries webhooks:read. Needs organization:read (403 before any lookup; 404 for an unknown organization). Events of the organization's projects are listed to holders of project:read only; a user reading a project through its access list reads its activity on the project route.
         */
        get: operations["getOrganizationsOrgEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/link-definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's link definitions, in creation order
         * @description Who may call it: a caller holding the permission `link_definition:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Members hold link_definition:read. Answers 200 with a keyset page of definitions.
         */
        get: operations["getOrganizationsOrgLinkDefinitions"];
        put?: never;
        /**
         * Creates a link definition of the organization
         * @description Who may call it: a caller holding the permission `link_definition:create`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The template's placeholders come from {project}, {project_id}, {team}, {org} (422 naming an unknown one); expanded, it must be an http or https address without a user name or password. Answers 201 with the definition; 409 when the slug is taken, or the organization has 100 already.
         */
        post: operations["postOrganizationsOrgLinkDefinitions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/link-definitions/{link}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One link definition
         * @description Who may call it: a caller holding the permission `link_definition:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the definition; 404 when the organization or the definition does not exist.
         */
        get: operations["getOrganizationsOrgLinkDefinitionsLink"];
        put?: never;
        post?: never;
        /**
         * Deletes a link definition, and the URLs projects gave for it
         * @description Who may call it: a caller holding the permission `link_definition:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; 404 when there is no such definition.
         */
        delete: operations["deleteOrganizationsOrgLinkDefinitionsLink"];
        options?: never;
        head?: never;
        /**
         * Changes a link definition (its slug stays)
         * @description Who may call it: a caller holding the permission `link_definition:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The template is checked as on creation. Answers the definition, or 204 to a caller who may not read definitions.
         */
        patch: operations["patchOrganizationsOrgLinkDefinitionsLink"];
        trace?: never;
    };
    "/organizations/{org}/operations-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The organization's operations log, newest first
         * @description Who may call it: a caller holding the permission `operations_log:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of entries, newest first, narrowed by project, environment, since and until, and a Link header (rel="next") while more remain; 422 when since is after until. Reads the analytics store (deduplicated: the latest state of each entry); an entry shows up there about one poll interval after it was recorded. 503 with Retry-After while the store is down. Needs operations_log:read.
         */
        get: operations["getOrganizationsOrgOperationsLog"];
        put?: never;
        /**
         * Records a deployment, rollback, configuration change, restart or maintenance
         * @description Who may call it: a caller holding the permission `operations_log:create`; it also needs `project:read`, `environment:read` and `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The entry goes to the analytics stream operations_log (nothing else is stored); its readers query the analytics database. Needs operations_log:create, and project:read and environment:read to name the project and environment (403 before any lookup otherwise). Answers 201 with the entry: id, organization, project, environment, entry_type, description, version, link, ticket, status, occurred_at, completed_at, recorded_by and recorded_at. 422 naming the field: `unknown_project`, `unknown_environment`, a blank description.
         */
        post: operations["postOrganizationsOrgOperationsLog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/operations-log/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One entry of the operations log
         * @description Who may call it: a caller holding the permission `operations_log:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the entry in its latest state (status, completed_at...); 404 for an id the store does not hold. Reads the analytics store (deduplicated: the latest state of each entry); an entry shows up there about one poll interval after it was recorded. 503 with Retry-After while the store is down. Needs operations_log:read.
         */
        get: operations["getOrganizationsOrgOperationsLogId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/operations-log/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Completes an open entry
         * @description Who may call it: a caller holding the permission `operations_log:create`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Records the entry again with status completed (same id, higher row version). When the open entry is not in the analytics store yet, looks once more after one poll interval (250 ms); still not found: 404. Already completed: 409. Needs operations_log:create. Answers 200 with the entry to a caller holding operations_log:read or who recorded the open entry, else 204.
         */
        post: operations["postOrganizationsOrgOperationsLogIdComplete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/project-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List project types
         * @description Who may call it: a caller holding the permission `project_type:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a keyset page of the organization's types.
         */
        get: operations["getOrganizationsOrgProjectTypes"];
        put?: never;
        /**
         * Creates a project type of the organization (needs project_type:create)
         * @description Who may call it: a caller holding the permission `project_type:create`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the type; 409 when its slug is taken; 404 for an organization the caller cannot see.
         */
        post: operations["postOrganizationsOrgProjectTypes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/project-types/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one project type
         * @description Who may call it: a caller holding the permission `project_type:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200, or 404 when the organization or the type does not exist.
         */
        get: operations["getOrganizationsOrgProjectTypesType"];
        put?: never;
        post?: never;
        /**
         * Delete a project type
         * @description Who may call it: a caller holding the permission `project_type:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the type is gone. 404 for an unknown type; 409 `type_in_use` while a project (archived ones included) is of this type, 409 `type_has_blueprint` while a blueprint covers it.
         */
        delete: operations["deleteOrganizationsOrgProjectTypesType"];
        options?: never;
        head?: never;
        /**
         * Change a project type
         * @description Who may call it: a caller holding the permission `project_type:update`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the type as changed (its name, description, deploys); 204 to a caller who may not read types. The slug stays (projects and policies name it). 404 for an unknown type.
         */
        patch: operations["patchOrganizationsOrgProjectTypesType"];
        trace?: never;
    };
    "/organizations/{org}/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List projects of an organization
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: a user without project:read lists the projects its CAN_ACCESS grants let it read. Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of projects (as one project reads, without links) and a Link header (rel="next") while more remain; `q`, `archived`, `team`, `type`, `environment`, `has`, `score_min` and `score_max` narrow it.
         */
        get: operations["getOrganizationsOrgProjects"];
        put?: never;
        /**
         * Create a project of an organization
         * @description Who may call it: a caller holding the permission `project:create`; it also needs `team:read` and `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 201 with the new project: id, slug, name, organization, team, types, attributes, archived, environments, score and timestamps. 409 when the slug is taken; 422 `unknown_team` naming team, 422 naming the type that is not the organization's, 422 `validation_failed` naming each attribute that does not fit the blueprints.
         */
        post: operations["postOrganizationsOrgProjects"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one project of an organization
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the project: id, slug, name, organization, team, types, attributes, archived, environments (URL, version, since), links, score, previous_score and timestamps. A project the caller may not read answers 404, as a missing one does.
         */
        get: operations["getOrganizationsOrgProjectsProject"];
        put?: never;
        post?: never;
        /**
         * Deletes the project for good, with its comments, edges and grants
         * @description Who may call it: a caller holding the permission `project:delete` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: deleting for good takes the global permission: a CAN_ACCESS grant archives at most. Needs the global project:delete permission (an administrator's); a CAN_ACCESS edge carrying delete archives the project at most (POST .../archive). Answers 204; the project is gone with its comments, edges and grants. 404 for a missing project.
         */
        delete: operations["deleteOrganizationsOrgProjectsProject"];
        options?: never;
        head?: never;
        /**
         * Change a project of an organization
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the project, or 204 when the caller may update but not read it (an update-only ACL). Attributes are merged into the stored ones (RFC 7396: null removes one). 404 for a missing project or one the caller may not read; 409 `project_archived` for an archived project (unarchive it first); 409 when the new slug is taken; 422 as on creation (`unknown_team`, a type, `validation_failed` naming the attribute).
         */
        patch: operations["patchOrganizationsOrgProjectsProject"];
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's CAN_ACCESS grants, in user id order
         * @description Who may call it: a caller holding the permission `project:access`; it also needs `user:read` and `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the project's grants, in user id order: each user's email and the actions (read, update, delete) it may take; a Link header (rel="next") while more remain. 404 for a missing project.
         */
        get: operations["getOrganizationsOrgProjectsProjectAccess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/access/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Creates or replaces a user's CAN_ACCESS edge on the project
         * @description Who may call it: a caller holding the permission `project:access`; it also needs `user:read` and `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: each action granted must be one the caller may do on the project. Inside an organization the caller cannot see, the answer is 404. Answers 200 with the grant as stored: the user's email and its actions. 404 for a missing project or user; 403 for actions the caller does not have on the project; 422 naming actions (one or more of read, update, delete).
         */
        put: operations["putOrganizationsOrgProjectsProjectAccessEmail"];
        post?: never;
        /**
         * Delete a access of a project
         * @description Who may call it: a caller holding the permission `project:access`; it also needs `user:read` and `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the user's grant on the project is gone. 404 for a missing project or user, or a user without a grant.
         */
        delete: operations["deleteOrganizationsOrgProjectsProjectAccessEmail"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archives the project (who, when, why): it leaves lists and searches, its history stays
         * @description Who may call it: a caller holding the permission `project:delete`, or, for a user, a CAN_ACCESS grant with `delete` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Needs project:delete, or a CAN_ACCESS edge carrying delete. Answers the project, or 204 to a caller who may not read it. 409 when it is archived already.
         */
        post: operations["postOrganizationsOrgProjectsProjectArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/blast-radius": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The projects that depend on this one, transitively, nearest first
         * @description Who may call it: a caller holding the permission `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: it names projects across the organization, so a CAN_ACCESS grant does not open it. Answers 200 with the project, the depth searched and its dependents (slug, name, depth), each at its least depth; cycles are tolerated. Needs project:read (global). depth at most 10, limit at most 5000; truncated says more were found. Walked in the process's memory where the organization's graph fits (KEEL_DEPENDENCY_INDEX_EDGES), as fresh as a walk in the database; otherwise in PostgreSQL, where walks take turns (KEEL_DATABASE_WALK_SLOTS at once per process): 503 busy, with Retry-After, when too many are waiting.
         */
        get: operations["getOrganizationsOrgProjectsProjectBlastRadius"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's comments, oldest first (needs read access to the project)
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the project's comments, oldest first (id, body, author, created_at), and a Link header (rel="next") while more remain. 404 for a missing project or one the caller may not read.
         */
        get: operations["getOrganizationsOrgProjectsProjectComments"];
        put?: never;
        /**
         * Comments on a project (needs read access to the project)
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 201 with the comment: id, organization, project, body, author ("<user> on behalf of <actor>" under delegation) and created_at. 404 for a missing project or one the caller may not read; 422 naming body (blank, or longer than 10,000 characters).
         */
        post: operations["postOrganizationsOrgProjectsProjectComments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/dependencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The projects this project depends on, in their id order
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Needs read on the project (project:read or a CAN_ACCESS edge); an ACL reader sees the projects it may read only. Answers 200 with a page of the other projects (slug, name, the note and when it was recorded) and a Link header (rel="next") while more remain; 404 for a missing project.
         */
        get: operations["getOrganizationsOrgProjectsProjectDependencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/dependencies/{target}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Records that the project depends on the target project (201 created, 200 replaced)
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project; it also needs `project:read` (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: project:read (or a CAN_ACCESS read grant) is needed on the target it names. Needs update on the project (project:update or a CAN_ACCESS edge) and read on the target. A project does not depend on itself (422). Answers 201 with the new dependency, or 200 with its note replaced: the target slug, name, note and created_at. 404 for a missing project or target; 409 `project_archived` for an archived project.
         */
        put: operations["putOrganizationsOrgProjectsProjectDependenciesTarget"];
        post?: never;
        /**
         * Remove a dependency
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project; it also needs `project:read` (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: project:read (or a CAN_ACCESS read grant) is needed on the target it names. Answers 204, or 404 when there is no such dependency.
         */
        delete: operations["deleteOrganizationsOrgProjectsProjectDependenciesTarget"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/dependents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The projects that depend on this project, in their id order
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Needs read on the project (project:read or a CAN_ACCESS edge); an ACL reader sees the projects it may read only. Answers 200 with a page of the other projects (slug, name, the note and when it was recorded) and a Link header (rel="next") while more remain; 404 for a missing project.
         */
        get: operations["getOrganizationsOrgProjectsProjectDependents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/environments/{environment}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Deploys the project to the environment, at a URL (201 added, 200 URL replaced)
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project; it also needs `environment:read` (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Without environment:read it answers 403 before any lookup. The URL is an http or https address without a user name or password (422 naming /url). The version is not set here: Deployed and Rolled Back entries of the operations log move it. Answers 201 when the project was not in the environment, 200 when its URL was replaced; 409 for an archived project.
         */
        put: operations["putOrganizationsOrgProjectsProjectEnvironmentsEnvironment"];
        post?: never;
        /**
         * The project no longer runs in the environment
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project; it also needs `environment:read` (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; 404 when it is not deployed there. The operations log keeps its entries.
         */
        delete: operations["deleteOrganizationsOrgProjectsProjectEnvironmentsEnvironment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's activity: what happened, to what, by whom, when
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of the project's events (as the organization's list has them). Newest first, keyset pages (Link rel="next"). Read from the analytics store, duplicates collapsed; an event shows up there about one poll interval after it was recorded. 503 with Retry-After while the store is down. Team events need team:read, webhook deliveries webhooks:read. Needs read of the project (project:read, or a CAN_ACCESS read edge); anyone else gets the 404 of a missing project.
         */
        get: operations["getOrganizationsOrgProjectsProjectEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/links/{link}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Sets the project's own URL for a link, in place of the template's (201 set, 200 replaced)
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project; it also needs `link_definition:read` (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Without link_definition:read it answers 403 before any lookup. The URL is an http or https address without a user name or password (422 naming /url). Answers 201 when the project had no URL of its own for the link, 200 when it replaced one; 409 for an archived project.
         */
        put: operations["putOrganizationsOrgProjectsProjectLinksLink"];
        post?: never;
        /**
         * Drops the project's own URL for a link: the template's applies again
         * @description Who may call it: a caller holding the permission `project:update`, or, for a user, a CAN_ACCESS grant with `update` on the project; it also needs `link_definition:read` (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; 404 when the project has no URL of its own for it.
         */
        delete: operations["deleteOrganizationsOrgProjectsProjectLinksLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/releases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project's releases, newest first
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Reads the analytics store: each release version once, by its newest complete batch (a batch whose component rows have not all arrived yet is skipped, as the GET of its components does; a release none of whose batches is complete is not listed yet). Answers 200 with a page of releases (release_version, batch_id, recorded_at, component_count), newest recorded_at first, and a Link header (rel="next") while more remain; a release recorded again moves to the top. 503 with Retry-After while the store is down. Readable by whoever may read the project; 404 for a missing project; 422 naming limit or cursor when either is not one the API takes.
         */
        get: operations["getOrganizationsOrgProjectsProjectReleases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/releases/{version}/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A release's components: the newest complete batch, each component once
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Reads the analytics store. A later batch replaces an earlier one; a batch whose component rows have not all arrived yet is skipped; duplicate deliveries change nothing. No batch yet: batch_id null and no components. 503 with Retry-After while the store is down. Readable by whoever may read the project. Answers 200 with the organization, project, release_version, batch_id, recorded_at and the components (name, version, purl); 404 for a missing project.
         */
        get: operations["getOrganizationsOrgProjectsProjectReleasesVersionComponents"];
        put?: never;
        /**
         * Records a release's components (one batch)
         * @description Who may call it: a caller holding the permission `release_components:create`; it also needs `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: project:read may be a CAN_ACCESS read grant on the project. Records one fact row per component (analytics stream release_components) and then the batch row (release_component_batches), which is published only after the stream acknowledged the fact rows. Readable with GET once the pipeline moved both (about one poll interval). Needs release_components:create and read of the project (as the GET). Answers 202 with the organization, project, release_version, the batch_id, how many components it holds and when it was recorded. 404 for a missing project; 422 naming the component (a name given twice, a purl that is not a package URL).
         */
        post: operations["postOrganizationsOrgProjectsProjectReleasesVersionComponents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The schema of the project's attributes: its organization's blueprint and its types' (allOf)
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Needs project:read or a CAN_ACCESS edge carrying read. Answers 200 with the JSON Schema that applies to the project's attributes: one blueprint's, all of them under allOf, or an object schema that takes anything when no blueprint applies. 404 for a missing project.
         */
        get: operations["getOrganizationsOrgProjectsProjectSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/score/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's score changes, newest first
         * @description Who may call it: a caller holding the permission `project:read`, or, for a user, a CAN_ACCESS grant with `read` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of score changes, newest first (score, previous_score, reason, requested_by, computed_at), and a Link header (rel="next") while more remain; 404 for a missing project. Reads score_history from the analytics store (a change shows up about one poll interval after it was computed; duplicates delivered twice are listed once). 503 with Retry-After while the store is down.
         */
        get: operations["getOrganizationsOrgProjectsProjectScoreHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/{project}/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Brings an archived project back into lists and searches
         * @description Who may call it: a caller holding the permission `project:delete`, or, for a user, a CAN_ACCESS grant with `delete` on the project (401 without a token, 403 without the permission; a user who may not read the project gets the 404 of a missing one; admin users pass; a narrowed token passes only what its scopes cover). Needs project:delete, or a CAN_ACCESS edge carrying delete. Answers the project, or 204 to a caller who may not read it. 409 when it is not archived.
         */
        post: operations["postOrganizationsOrgProjectsProjectUnarchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/projects/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update many projects of an organization from NDJSON or CSV (idempotent by slug)
         * @description Who may call it: a caller holding the permission `project:create`; it also needs `team:read` and `organization:read`; when the body names such a resource, it also needs `project_type:read`, `environment:read` and `link_definition:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: a row naming an existing project needs update on it (project:update or a CAN_ACCESS grant with update), as its PATCH does, and is refused alone otherwise (404, or 403 when the caller may read it); a row naming types, environments or links without the permission to name them is refused alone (403). The permissions are checked before the body is read. Takes application/x-ndjson (one object a line: slug, name, team, types, attributes, environments {<environment>: {url?}}, links {<definition>: url}) or text/csv (a header row; types separated by `;`, attributes a JSON object, attr.<name> columns as text, env.<environment>.url and link.<definition> columns), UTF-8, at most 50 MiB and 100,000 lines (413 before any row is written). Each row is created or updated through the same checks as POST and PATCH (blueprints, types, team); attributes of an existing project are merged (RFC 7396). Environments and links are set as their PUT routes set them: naming them needs environment:read or link_definition:read (403 for the row), each URL is an http(s) address without credentials, an unknown name is refused (422 naming /environments/<slug> or /links/<definition>); a value equal to the stored one is not written. Answers 200 with {created, updated, unchanged, refused_count, refused: [{line, slug, status, code, errors}]}: a refused row changes nothing and the others go on. A bad CSV header is a 422 for the whole import; 503 with Retry-After while two other imports run in the process.
         */
        post: operations["postOrganizationsOrgProjectsImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/teams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List teams of an organization
         * @description Who may call it: a caller holding the permission `team:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the organization's teams (id, slug, name, organization, timestamps) and a Link header (rel="next") while more remain.
         */
        get: operations["getOrganizationsOrgTeams"];
        put?: never;
        /**
         * Create a team of an organization
         * @description Who may call it: a caller holding the permission `team:create`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 201 with the new team: id, slug, name, organization and timestamps. 409 when the slug is taken in the organization; 422 naming the field.
         */
        post: operations["postOrganizationsOrgTeams"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/teams/{team}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one team of an organization
         * @description Who may call it: a caller holding the permission `team:read`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with the team: id, slug, name, organization and timestamps; 404 for an unknown team.
         */
        get: operations["getOrganizationsOrgTeamsTeam"];
        put?: never;
        post?: never;
        /**
         * Delete a team of an organization
         * @description Who may call it: a caller holding the permission `team:delete`; it also needs `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the team is gone. 404 for an unknown team; 409 `not_empty` while it still owns projects (move or delete them first).
         */
        delete: operations["deleteOrganizationsOrgTeamsTeam"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/teams/{team}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List members of a team
         * @description Who may call it: a caller holding the permission `team:read`; it also needs `user:read` and `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the team's members (email and display name) and a Link header (rel="next") while more remain; 404 for an unknown team.
         */
        get: operations["getOrganizationsOrgTeamsTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/organizations/{org}/teams/{team}/members/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a member of a team
         * @description Who may call it: a caller holding the permission `team:update`; it also needs `user:read` and `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the user is a member of the team (a second call changes nothing). 404 for an unknown team or user; 403 when the team gives its members grants the caller could not hand on.
         */
        put: operations["putOrganizationsOrgTeamsTeamMembersEmail"];
        post?: never;
        /**
         * Delete a member of a team
         * @description Who may call it: a caller holding the permission `team:update`; it also needs `user:read` and `organization:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Inside an organization the caller cannot see, the answer is 404. Answers 204; the user is no longer a member. 404 for an unknown team or user, or a user who is not a member.
         */
        delete: operations["deleteOrganizationsOrgTeamsTeamMembersEmail"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/permissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List permissions
         * @description Who may call it: a caller holding the permission `permission:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with every permission Keel knows: its name and what it allows.
         */
        get: operations["getPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers; reports the analytics stream (requests work while it is down)
         * @description Who may call it: anyone; no token is needed. Answers 200 `{status: "ready", stream}` once the database answers, with the analytics stream's adapter and state (up or down; requests still work while it is down). 503 `database_unavailable` when the database does not answer.
         */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List roles
         * @description Who may call it: a caller holding the permission `role:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of roles (slug, name, description, builtin, permissions, timestamps) and a Link header (rel="next") while more remain.
         */
        get: operations["getRoles"];
        put?: never;
        /**
         * Create a role
         * @description Who may call it: a caller holding the permission `role:create` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the caller must hold every permission it puts in the role. Answers 201 with the role: slug, name, description, builtin, permissions and timestamps. 409 when the slug is taken; 403 for permissions the caller does not hold; 422 `unknown_permission` naming the entry of permissions that is not one.
         */
        post: operations["postRoles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/roles/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one role
         * @description Who may call it: a caller holding the permission `role:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the role: slug, name, description, builtin, permissions and timestamps. 404 for an unknown slug.
         */
        get: operations["getRolesSlug"];
        put?: never;
        post?: never;
        /**
         * Delete a role
         * @description Who may call it: a caller holding the permission `role:delete` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the scheduler role and roles holding auth:delegate are the admins’ alone. Answers 204; the role is gone. 404 for an unknown slug; 409 `role_immutable` for a role seeded by Keel.
         */
        delete: operations["deleteRolesSlug"];
        options?: never;
        head?: never;
        /**
         * Change a role
         * @description Who may call it: a caller holding the permission `role:update` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the caller must hold every permission it adds; the scheduler role and roles holding auth:delegate are the admins’ alone. Answers 200 with the role, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchRolesSlug"];
        trace?: never;
    };
    "/scheduler/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The next occurrences of a trigger (cron, every or once_at) in a time zone, each flagged when a DST change shifts it (gap) or repeats its local time (repeat); nothing is stored
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: it reads and stores nothing. Answers 200 with at most `count` (1-100, default 10) occurrences after `after` (default now) of exactly one of `cron`, `every`, `once_at` in `timezone` (default UTC), each with its DST flag; `truncated` when the 200 ms computing budget ran out first. Nothing is stored. 422 names the parameter (none or two triggers, a bad expression, zone or interval, a once_at not after `after`).
         */
        get: operations["getSchedulerPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one run
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator, admins and tokens delegated by its creator; 404 for anyone else. Answers 200 with the run: schedule, kind, trigger, occurrence, start and end, duration, state, HTTP status, principal and actor, error, each attempt, next_attempt_at and who asked to cancel it. 404 for a run the caller cannot see.
         */
        get: operations["getSchedulerRunsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancels a running run, from any replica: its call is aborted (within a second) and the run ends cancelled, unless the call got its answer first. The creator of the schedule or an admin (a system run: admins); 409 when the run is not running
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it. Who may see a run may cancel it; an admin for a system run; a delegated token may not (403). Answers 202; the call in flight is aborted and the run ends cancelled. 409 when the run is not running; 404 for a run the caller cannot see.
         */
        post: operations["postSchedulerRunsIdCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your schedules; admins see all
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: it lists the caller’s own schedules; admins see all. Answers 200 with a page of the caller's schedules (every schedule for an admin), as one schedule reads, and a Link header (rel="next") while more remain.
         */
        get: operations["getSchedulerSchedules"];
        put?: never;
        /**
         * Creates a schedule: user (runs as you, through a consent) or system (admins; runs as the scheduler)
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: a user schedule is made by a user signed in as themselves (a service account or a delegated token gets 403); a system schedule by admins. Answers 201 with the schedule: slug, name, its trigger (cron, every or once_at) and timezone, target, state, retry, timeout, overlap, jitter, auto-pause, consent_id and the next occurrence (next_due_at, next_run_at). A user schedule records a consent for the scheduler to act as its creator. 409 when the slug is taken; 422 naming the member (the trigger, the timezone, target path or body, retry); 502 `consent_failed` when the consent could not be recorded.
         */
        post: operations["postSchedulerSchedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one schedule
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator, admins and tokens delegated by its creator; 404 for anyone else. Answers 200 with the schedule: its trigger, timezone, target, state (active, paused, completed), who paused it and why, consent_id and its next occurrence. 404 for a schedule the caller cannot see.
         */
        get: operations["getSchedulerSchedulesSlug"];
        put?: never;
        post?: never;
        /**
         * Deletes a schedule: no later firing; its runs stay readable by admins
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it. Answers 204; the schedule fires no more and its runs stay readable by admins. 404 for a schedule the caller cannot see; 409 for a built-in schedule (pause it instead).
         */
        delete: operations["deleteSchedulerSchedulesSlug"];
        options?: never;
        head?: never;
        /**
         * Changes a schedule (a user schedule: its creator only)
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator alone (a system schedule: admins); 403 for an admin on a user schedule and for a delegated token; 404 for anyone who may not see it. Answers 200 with the schedule as changed; a trigger member replaces the trigger. 404 for a schedule the caller cannot see; 403 when a user schedule is changed by anyone but its creator (pause or delete it instead); 422 naming the member as on creation.
         */
        patch: operations["patchSchedulerSchedulesSlug"];
        trace?: never;
    };
    "/scheduler/schedules/{slug}/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What firing the schedule would do, without calling its target: its next occurrences (DST flagged), whether its consent is active, whether the exchange succeeds, and whether the principal it runs as may call the target
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it. Answers 200 with the schedule's next `count` (1-100, default 5) occurrences, DST flagged, whether its consent is active, whether the token exchange succeeds, and whether the principal it runs as may call the target (POST /auth/can with the delegated token, or the scheduler's for a system job). No run is recorded and the target is not called; 404 for a schedule the caller cannot see.
         */
        post: operations["postSchedulerSchedulesSlugDryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules/{slug}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pauses a schedule
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it. Answers 200 with the schedule, paused (no next occurrence; paused_by names the caller); pausing a paused schedule changes nothing. 404 for a schedule the caller cannot see.
         */
        post: operations["postSchedulerSchedulesSlugPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules/{slug}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resumes a schedule from its next occurrence (nothing missed while paused fires)
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it. Answers 200 with the schedule, active again from its next occurrence after now (nothing missed while paused fires). 404 for a schedule the caller cannot see; 409 `schedule_completed` for a once_at schedule whose instant has passed.
         */
        post: operations["postSchedulerSchedulesSlugResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules/{slug}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fires the schedule now (a manual run); the answer is the run, still running. 429 with Retry-After while manual runs hold their share (a tenth) of the replica's calls in flight
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it. Answers 202 with the run just started (id, trigger manual, state running, occurrence and start time); follow it at GET /scheduler/runs/{id}. 404 for a schedule the caller cannot see; 429 with Retry-After while manual runs hold their share of the calls in flight.
         */
        post: operations["postSchedulerSchedulesSlugRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules/{slug}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A schedule's runs, newest first; narrowed by state, trigger and start time (from, to), the filters kept in the next page link
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: its creator, admins and tokens delegated by its creator; 404 for anyone else. Answers 200 with a page of the schedule's runs, newest first (state, trigger, times, duration, HTTP status, the principal it ran as, error and attempts), narrowed by state, trigger, from and to, with a Link header (rel="next") keeping the filters. 404 for a schedule the caller cannot see; 422 when `to` is not after `from`.
         */
        get: operations["getSchedulerSchedulesSlugRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scheduler/schedules/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a schedule's body would do, without creating it or calling its target: its next occurrences (DST flagged), its consent, the token exchange, and whether the principal it would run as may call the target
         * @description Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token). The route's own rules: whoever may create the schedule the body describes (a user schedule: a user signed in as themselves; a system schedule: admins); a delegated token gets 403. Answers 200 with the next `count` (1-100, default 5) occurrences of the body, DST flagged, and the checks a firing makes: the consent (none before creation), the token exchange, and POST /auth/can for the target with the token the job would call with (your own, for a user job). Nothing is stored and the target is not called; the same 422s as creating the schedule.
         */
        post: operations["postSchedulerSchedulesDryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scoring/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policies
         * @description Who may call it: a caller holding the permission `scoring_policy:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of scoring policies (as one reads) and a Link header (rel="next") while more remain.
         */
        get: operations["getScoringPolicies"];
        put?: never;
        /**
         * Create a policie
         * @description Who may call it: a caller holding the permission `scoring_policy:create` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the policy: slug, name, description, attribute, weight, enabled, its value or range score map, project_types, updated_by and timestamps; every project is queued for recompute. 409 when the slug is taken; 422 naming the field (not exactly one of value_score_map and range_score_map, a range whose max is not above its min, overlapping ranges).
         */
        post: operations["postScoringPolicies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scoring/policies/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one policie
         * @description Who may call it: a caller holding the permission `scoring_policy:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the policy: attribute, weight, enabled, value or range score map, project_types, updated_by and timestamps. 404 for an unknown slug.
         */
        get: operations["getScoringPoliciesSlug"];
        put?: never;
        post?: never;
        /**
         * Delete a policie
         * @description Who may call it: a caller holding the permission `scoring_policy:delete` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the policy is gone and every project is queued for recompute. 404 for an unknown slug.
         */
        delete: operations["deleteScoringPoliciesSlug"];
        options?: never;
        head?: never;
        /**
         * Change a policie
         * @description Who may call it: a caller holding the permission `scoring_policy:update` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the policy, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchScoringPoliciesSlug"];
        trace?: never;
    };
    "/scoring/rescore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Recomputes now: one project (organization + project), one organization, or everything
         * @description Who may call it: a caller holding the permission `scoring:rescore`; when the body names such a resource, it also needs `organization:read` and `project:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 `{rescored, changed}` once the scores are computed: one project (organization and project), every project of an organization, or every project (an empty body). 404 for an unknown organization or project; 422 naming organization when project comes without it.
         */
        post: operations["postScoringRescore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List service accounts
         * @description Who may call it: a caller holding the permission `service_account:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of service accounts (slug, display name, description, active, roles, timestamps) and a Link header (rel="next") while more remain.
         */
        get: operations["getServiceAccounts"];
        put?: never;
        /**
         * Create a service account
         * @description Who may call it: a caller holding the permission `service_account:create` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the new account: slug, display name, description, whether it is active, its roles and timestamps. 409 when the slug is taken; 422 naming the field.
         */
        post: operations["postServiceAccounts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/{name}/roles/{role}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a role
         * @description Who may call it: a caller holding the permission `role:assign`; it also needs `service_account:read` and `role:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the caller must hold every permission the role hands on. Answers 204; the account holds the role (a second call changes nothing). 404 for an unknown account or role; 403 for a role with permissions the caller does not hold.
         */
        put: operations["putServiceAccountsNameRolesRole"];
        post?: never;
        /**
         * Delete a role
         * @description Who may call it: a caller holding the permission `role:assign`; it also needs `service_account:read` and `role:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the account no longer holds the role. 404 for an unknown account or role, or a role the account does not hold.
         */
        delete: operations["deleteServiceAccountsNameRolesRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one service account
         * @description Who may call it: a caller holding the permission `service_account:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the account: slug, display name, description, active, roles and timestamps. 404 for an unknown slug.
         */
        get: operations["getServiceAccountsSlug"];
        put?: never;
        post?: never;
        /**
         * Delete a service account
         * @description Who may call it: a caller holding the permission `service_account:delete` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the scheduler account and accounts holding auth:delegate are the admins’ alone. Answers 204; the account, its client credentials and the tokens issued to it are gone. 404 for an unknown slug.
         */
        delete: operations["deleteServiceAccountsSlug"];
        options?: never;
        head?: never;
        /**
         * Change a service account
         * @description Who may call it: a caller holding the permission `service_account:update` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the scheduler account and accounts holding auth:delegate are the admins’ alone. Answers 200 with the account, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchServiceAccountsSlug"];
        trace?: never;
    };
    "/service-accounts/{slug}/client-credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List client credentials
         * @description Who may call it: a caller holding the permission `service_account:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the account's credentials: client_id, name, scopes, expires_at, revoked_at and created_at; never a secret. 404 for an unknown account.
         */
        get: operations["getServiceAccountsSlugClientCredentials"];
        put?: never;
        /**
         * Create a client credential
         * @description Who may call it: a caller holding the permission `service_account:update` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: admins alone mint a credential for an account holding a permission the caller does not hold. Answers 201 with the credential: client_id, client_secret (shown this once), name, scopes, expires_at and created_at. 404 for an unknown account; 403 when the account holds permissions the caller does not; 422 naming the field (a scope that is not a permission name or pattern, expires_in_days outside 1-3650).
         */
        post: operations["postServiceAccountsSlugClientCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/service-accounts/{slug}/client-credentials/{client_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a client credential
         * @description Who may call it: a caller holding the permission `service_account:update` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the credential is revoked and tokens minted with it are refused from then on (a second call changes nothing). 404 for an unknown account or a client_id that is not the account's.
         */
        delete: operations["deleteServiceAccountsSlugClientCredentialsClientId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users
         * @description Who may call it: a caller holding the permission `user:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with a page of users (email, display name, active, admin, has_password, roles, timestamps) and a Link header (rel="next") while more remain.
         */
        get: operations["getUsers"];
        put?: never;
        /**
         * Create a user
         * @description Who may call it: a caller holding the permission `user:create` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 201 with the new user: email, display name, whether it is active, an admin and has a password, its roles and timestamps; the password is never returned. 409 when the email is taken; 403 for creating an admin without being one; 422 naming the field (a password shorter than 12 characters or a common one).
         */
        post: operations["postUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one user
         * @description Who may call it: a caller holding the permission `user:read`, or the signed-in user for their own record (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 200 with the user: email, display name, active, admin, has_password, roles and timestamps. 404 for an unknown email.
         */
        get: operations["getUsersEmail"];
        put?: never;
        post?: never;
        /**
         * Delete a user
         * @description Who may call it: a caller holding the permission `user:delete` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: admins alone delete an admin. Answers 204; the user is gone and every token issued to it is revoked. 404 for an unknown email; 403 for deleting an admin without being one.
         */
        delete: operations["deleteUsersEmail"];
        options?: never;
        head?: never;
        /**
         * Change a user
         * @description Who may call it: a caller holding the permission `user:update`, or the signed-in user for their own record (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the signed-in user changes their own password only (sending current_password, with an unnarrowed token); admins alone set another user’s password or change an admin. Answers 200 with the user, or 204 when the caller may change it but not read it.
         */
        patch: operations["patchUsersEmail"];
        trace?: never;
    };
    "/users/{name}/roles/{role}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a role
         * @description Who may call it: a caller holding the permission `role:assign`; it also needs `user:read` and `role:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). The route's own rules: the caller must hold every permission the role hands on; admins alone assign admin. Answers 204; the user holds the role (again: a second call changes nothing). 404 for an unknown user or role; 403 for a role with permissions the caller does not hold.
         */
        put: operations["putUsersNameRolesRole"];
        post?: never;
        /**
         * Delete a role
         * @description Who may call it: a caller holding the permission `role:assign`; it also needs `user:read` and `role:read` (401 without a token, 403 without the permission; admin users pass; a narrowed token passes only what its scopes cover). Answers 204; the user no longer holds the role. 404 for an unknown user or role, or a role the user does not hold.
         */
        delete: operations["deleteUsersNameRolesRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{integration}/{webhook}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receives a delivery of an integration (signed, not bearer-authenticated)
         * @description Who may call it: anyone; no token is needed. The route's own rules: a delivery is authenticated by its signature under the webhook's secret, not by a token. Authenticated by the signature of the webhook's sender (its read answer lists the headers): `github` X-Hub-Signature-256 and X-GitHub-Delivery, `standard` webhook-id, webhook-timestamp and webhook-signature (within 5 minutes), `keel` X-Keel-Signature-256. The body must be a JSON document of at most 1 MiB. Answers 202 once the event is recorded (stream events, topic gateway); a delivery sent again with the same delivery id answers the same event id and is stored once. An unknown webhook and a missing or wrong signature get the same 401. 413 for a larger body or one whose events row would be larger than the stream takes per message (1 MiB), 400 for a signed body that is not JSON.
         */
        post: operations["postWebhooksIntegrationWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Problem
         * @description RFC 9457 problem details
         */
        "def-0": {
            code: string;
            detail: string;
            errors?: {
                detail: string;
                in?: string;
                keyword?: string;
                pointer: string;
            }[];
            instance?: string;
            status: number;
            title: string;
            type: string;
        };
        /** OAuthProviderRead */
        "def-1": {
            allowed_domains: string[];
            /** @description The redirect URI to register at the provider */
            callback_url: string;
            client_id: string | null;
            /** Format: date-time */
            created_at: string;
            enabled: boolean;
            /** @description Whether a client secret is stored; the secret itself is never returned */
            has_secret: boolean;
            /** @description provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider) */
            icon: "provider_a" | "provider_b" | "key";
            issuer_url: string | null;
            /** @description the name the login page shows, chosen by the admin */
            name: string;
            slug: string;
            /** @description provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider */
            type: "provider_a" | "provider_b" | "oidc";
            /** @description what the type calls, and what it checks */
            type_description: string;
            /** @description the login service of the type: Google, GitHub, OpenID Connect */
            type_display_name: string;
            /** Format: date-time */
            updated_at: string;
            updated_by: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getWellKnownJwksJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "kty": "OKP",
                     *           "crv": "Ed25519",
                     *           "kid": "k-2026-01",
                     *           "use": "sig",
                     *           "alg": "EdDSA",
                     *           "x": "<public key, base64url>"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        keys: {
                            [key: string]: unknown;
                        }[];
                    };
                };
            };
        };
    };
    getWellKnownOauthAuthorizationServer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 8414 authorization server metadata */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "issuer": "https://keel.example.com",
                     *       "token_endpoint": "https://keel.example.com/auth/token",
                     *       "jwks_uri": "https://keel.example.com/.well-known/jwks.json",
                     *       "grant_types_supported": [
                     *         "client_credentials",
                     *         "refresh_token",
                     *         "urn:ietf:params:oauth:grant-type:token-exchange"
                     *       ],
                     *       "token_endpoint_auth_methods_supported": [
                     *         "client_secret_basic",
                     *         "client_secret_post"
                     *       ],
                     *       "response_types_supported": [],
                     *       "token_exchange_subject_token_types_supported": [
                     *         "urn:ietf:params:oauth:token-type:access_token",
                     *         "urn:ietf:params:oauth:token-type:jwt"
                     *       ],
                     *       "service_documentation": "https://keel.example.com/docs"
                     *     }
                     */
                    "application/json": {
                        grant_types_supported: string[];
                        /** Format: uri */
                        issuer: string;
                        /** Format: uri */
                        jwks_uri: string;
                        response_types_supported: string[];
                        /** Format: uri */
                        service_documentation: string;
                        /** Format: uri */
                        token_endpoint: string;
                        token_endpoint_auth_methods_supported: string[];
                        token_exchange_subject_token_types_supported?: string[];
                    };
                };
            };
        };
    };
    getAdminEnvironmentsSlugPluginEdgesPluginLabel: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                label: string;
                plugin: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "plugin": "cloud-accounts",
                     *         "label": "MAPS_TO",
                     *         "source_id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *         "source_label": "Environment",
                     *         "target_id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *         "target_label": "CloudAccount",
                     *         "properties": {
                     *           "role": "primary"
                     *         },
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "entity": {
                     *           "id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *           "label": "CloudAccount",
                     *           "plugin": "cloud-accounts",
                     *           "properties": {
                     *             "provider": "aws",
                     *             "account_id": "acme-prod-1",
                     *             "name": "Acme production",
                     *             "regions": [
                     *               "eu-west-1"
                     *             ]
                     *           },
                     *           "created_at": "2026-01-31T09:30:00Z",
                     *           "updated_at": "2026-01-31T09:30:00Z"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the node at the other end of the edge */
                        entity: {
                            /** Format: date-time */
                            created_at: string;
                            id: string;
                            label: string;
                            plugin: string | null;
                            /** @description a JSON object: a plugin entity: its document; a first-class node: its slug and name */
                            properties: unknown;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the edge properties */
                        properties: unknown;
                        source_id: string;
                        source_label: string;
                        target_id: string;
                        target_label: string;
                    }[];
                };
            };
        };
    };
    getAdminOauthProviderTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "type": "provider_a",
                     *         "display_name": "Google",
                     *         "description": "Sign in with Google accounts; an allow-list of email domains limits who may",
                     *         "icon": "provider_a"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @description what the type calls, and what it checks */
                        description: string;
                        /** @description the login service of the type: Google, GitHub, OpenID Connect */
                        display_name: string;
                        /** @description provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider) */
                        icon: "provider_a" | "provider_b" | "key";
                        /** @description provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider */
                        type: "provider_a" | "provider_b" | "oidc";
                    }[];
                };
            };
        };
    };
    getAdminOauthProviders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "google",
                     *         "type": "provider_a",
                     *         "type_display_name": "Google",
                     *         "type_description": "Sign in with Google accounts",
                     *         "name": "Google",
                     *         "enabled": true,
                     *         "client_id": "1234-abcd.apps.googleusercontent.com",
                     *         "has_secret": true,
                     *         "issuer_url": null,
                     *         "allowed_domains": [
                     *           "acme.com"
                     *         ],
                     *         "icon": "provider_a",
                     *         "callback_url": "https://keel.example.com/auth/oauth/google/callback",
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["def-1"][];
                };
            };
        };
    };
    getAdminOauthProvidersSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "google",
                     *       "type": "provider_a",
                     *       "type_display_name": "Google",
                     *       "type_description": "Sign in with Google accounts",
                     *       "name": "Google",
                     *       "enabled": true,
                     *       "client_id": "1234-abcd.apps.googleusercontent.com",
                     *       "has_secret": true,
                     *       "issuer_url": null,
                     *       "allowed_domains": [
                     *         "acme.com"
                     *       ],
                     *       "icon": "provider_a",
                     *       "callback_url": "https://keel.example.com/auth/oauth/google/callback",
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        allowed_domains: string[];
                        /** @description The redirect URI to register at the provider */
                        callback_url: string;
                        client_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        enabled: boolean;
                        /** @description Whether a client secret is stored; the secret itself is never returned */
                        has_secret: boolean;
                        /** @description provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider) */
                        icon: "provider_a" | "provider_b" | "key";
                        issuer_url: string | null;
                        /** @description the name the login page shows, chosen by the admin */
                        name: string;
                        slug: string;
                        /** @description provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider */
                        type: "provider_a" | "provider_b" | "oidc";
                        /** @description what the type calls, and what it checks */
                        type_description: string;
                        /** @description the login service of the type: Google, GitHub, OpenID Connect */
                        type_display_name: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    putAdminOauthProvidersSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: "provider_a" | "provider_b" | "oidc";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "provider_a",
                 *       "name": "Google",
                 *       "enabled": true,
                 *       "client_id": "1234-abcd.apps.googleusercontent.com",
                 *       "client_secret": "<client secret>",
                 *       "allowed_domains": [
                 *         "acme.com"
                 *       ],
                 *       "icon": "provider_a"
                 *     }
                 */
                "application/json": {
                    /** @description provider_a only: email domains that may sign in */
                    allowed_domains?: string[];
                    client_id?: string | null;
                    client_secret?: string | null;
                    enabled: boolean;
                    /** @description provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider) */
                    icon?: "provider_a" | "provider_b" | "key";
                    issuer_url?: string | null;
                    name: string;
                    /** @description provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider */
                    type?: "provider_a" | "provider_b" | "oidc";
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "google",
                     *       "type": "provider_a",
                     *       "type_display_name": "Google",
                     *       "type_description": "Sign in with Google accounts",
                     *       "name": "Google",
                     *       "enabled": true,
                     *       "client_id": "1234-abcd.apps.googleusercontent.com",
                     *       "has_secret": true,
                     *       "issuer_url": null,
                     *       "allowed_domains": [
                     *         "acme.com"
                     *       ],
                     *       "icon": "provider_a",
                     *       "callback_url": "https://keel.example.com/auth/oauth/google/callback",
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        allowed_domains: string[];
                        /** @description The redirect URI to register at the provider */
                        callback_url: string;
                        client_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        enabled: boolean;
                        /** @description Whether a client secret is stored; the secret itself is never returned */
                        has_secret: boolean;
                        /** @description provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider) */
                        icon: "provider_a" | "provider_b" | "key";
                        issuer_url: string | null;
                        /** @description the name the login page shows, chosen by the admin */
                        name: string;
                        slug: string;
                        /** @description provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider */
                        type: "provider_a" | "provider_b" | "oidc";
                        /** @description what the type calls, and what it checks */
                        type_description: string;
                        /** @description the login service of the type: Google, GitHub, OpenID Connect */
                        type_display_name: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "google",
                     *       "type": "provider_a",
                     *       "type_display_name": "Google",
                     *       "type_description": "Sign in with Google accounts",
                     *       "name": "Google",
                     *       "enabled": true,
                     *       "client_id": "1234-abcd.apps.googleusercontent.com",
                     *       "has_secret": true,
                     *       "issuer_url": null,
                     *       "allowed_domains": [
                     *         "acme.com"
                     *       ],
                     *       "icon": "provider_a",
                     *       "callback_url": "https://keel.example.com/auth/oauth/google/callback",
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        allowed_domains: string[];
                        /** @description The redirect URI to register at the provider */
                        callback_url: string;
                        client_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        enabled: boolean;
                        /** @description Whether a client secret is stored; the secret itself is never returned */
                        has_secret: boolean;
                        /** @description provider_a: the Google logo; provider_b: the GitHub logo; key: a key (any OpenID Connect provider) */
                        icon: "provider_a" | "provider_b" | "key";
                        issuer_url: string | null;
                        /** @description the name the login page shows, chosen by the admin */
                        name: string;
                        slug: string;
                        /** @description provider_a: Google; provider_b: GitHub; oidc: any OpenID Connect provider */
                        type: "provider_a" | "provider_b" | "oidc";
                        /** @description what the type calls, and what it checks */
                        type_description: string;
                        /** @description the login service of the type: Google, GitHub, OpenID Connect */
                        type_display_name: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    deleteAdminOauthProvidersSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminPipeline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "measured_at": "2026-01-31T09:30:00Z",
                     *       "outbox": {
                     *         "depth": 3,
                     *         "lag_seconds": 0.4,
                     *         "published_total": 18204,
                     *         "publish_errors_total": 0
                     *       },
                     *       "sinks": [
                     *         {
                     *           "sink": "clickhouse",
                     *           "table": "events",
                     *           "lag": 0,
                     *           "rows_written_total": 18201,
                     *           "dead_lettered_total": 0,
                     *           "retries_total": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        measured_at: string;
                        outbox: {
                            /** @description rows not yet published */
                            depth: number | null;
                            /** @description age of the oldest waiting row */
                            lag_seconds: number | null;
                            publish_errors_total: number;
                            published_total: number;
                        };
                        sinks: {
                            dead_lettered_total: number;
                            /** @description stream head minus committed offset */
                            lag: number | null;
                            retries_total: number;
                            rows_written_total: number;
                            sink: string;
                            table: string;
                        }[];
                    };
                };
            };
        };
    };
    getAdminPlugins: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                /** @description case-insensitive substring of a top-level property the schema types as a string */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "cloud-accounts",
                     *         "name": "Cloud accounts",
                     *         "version": "1.0.0",
                     *         "description": "Cloud provider accounts and the environments that deploy into them.",
                     *         "vertex_labels": [
                     *           {
                     *             "name": "CloudAccount",
                     *             "display_name": "Cloud account",
                     *             "schema": {
                     *               "type": "object",
                     *               "required": [
                     *                 "provider",
                     *                 "account_id",
                     *                 "name"
                     *               ],
                     *               "additionalProperties": false,
                     *               "properties": {
                     *                 "provider": {
                     *                   "enum": [
                     *                     "aws",
                     *                     "gcp",
                     *                     "azure"
                     *                   ]
                     *                 },
                     *                 "account_id": {
                     *                   "type": "string",
                     *                   "pattern": "^[a-z0-9-]{3,64}$",
                     *                   "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                     *                 },
                     *                 "name": {
                     *                   "type": "string",
                     *                   "minLength": 1,
                     *                   "maxLength": 200
                     *                 },
                     *                 "regions": {
                     *                   "type": "array",
                     *                   "uniqueItems": true,
                     *                   "items": {
                     *                     "type": "string"
                     *                   }
                     *                 }
                     *               }
                     *             }
                     *           }
                     *         ],
                     *         "edge_labels": [
                     *           {
                     *             "source_label": "Environment",
                     *             "edge_label": "MAPS_TO",
                     *             "target_label": "CloudAccount",
                     *             "schema": {
                     *               "type": "object",
                     *               "additionalProperties": false,
                     *               "properties": {
                     *                 "role": {
                     *                   "enum": [
                     *                     "primary",
                     *                     "dr"
                     *                   ]
                     *                 }
                     *               }
                     *             }
                     *           }
                     *         ],
                     *         "revision": 1,
                     *         "permissions": [
                     *           "plugins:cloud-accounts:entities:CloudAccount:read",
                     *           "plugins:cloud-accounts:entities:CloudAccount:write",
                     *           "plugins:cloud-accounts:entities:MAPS_TO:read",
                     *           "plugins:cloud-accounts:entities:MAPS_TO:write"
                     *         ],
                     *         "installed_by": "ada@example.com",
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_labels: {
                            edge_label: string;
                            schema: unknown | null;
                            source_label: string;
                            target_label: string;
                        }[];
                        installed_by: string;
                        name: string;
                        /** @description the permissions derived from the labels */
                        permissions: string[];
                        /** @description grows by one with every change of the manifest */
                        revision: number;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        version: string;
                        vertex_labels: {
                            display_name: string;
                            name: string;
                            /** @description a JSON Schema, draft 2020-12 */
                            schema: unknown;
                        }[];
                    }[];
                };
            };
        };
    };
    postAdminPlugins: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "manifest": {
                 *         "slug": "cloud-accounts",
                 *         "name": "Cloud accounts",
                 *         "version": "1.0.0",
                 *         "description": "Cloud provider accounts and the environments that deploy into them.",
                 *         "vertex_labels": [
                 *           {
                 *             "name": "CloudAccount",
                 *             "display_name": "Cloud account",
                 *             "schema": {
                 *               "type": "object",
                 *               "required": [
                 *                 "provider",
                 *                 "account_id",
                 *                 "name"
                 *               ],
                 *               "additionalProperties": false,
                 *               "properties": {
                 *                 "provider": {
                 *                   "enum": [
                 *                     "aws",
                 *                     "gcp",
                 *                     "azure"
                 *                   ]
                 *                 },
                 *                 "account_id": {
                 *                   "type": "string",
                 *                   "pattern": "^[a-z0-9-]{3,64}$",
                 *                   "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                 *                 },
                 *                 "name": {
                 *                   "type": "string",
                 *                   "minLength": 1,
                 *                   "maxLength": 200
                 *                 },
                 *                 "regions": {
                 *                   "type": "array",
                 *                   "uniqueItems": true,
                 *                   "items": {
                 *                     "type": "string"
                 *                   }
                 *                 }
                 *               }
                 *             }
                 *           }
                 *         ],
                 *         "edge_labels": [
                 *           {
                 *             "source_label": "Environment",
                 *             "edge_label": "MAPS_TO",
                 *             "target_label": "CloudAccount",
                 *             "schema": {
                 *               "type": "object",
                 *               "additionalProperties": false,
                 *               "properties": {
                 *                 "role": {
                 *                   "enum": [
                 *                     "primary",
                 *                     "dr"
                 *                   ]
                 *                 }
                 *               }
                 *             }
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description the plugin manifest: a JSON object, or its YAML or JSON text (see docs/plugins.md) */
                    manifest: unknown;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "cloud-accounts",
                     *       "name": "Cloud accounts",
                     *       "version": "1.0.0",
                     *       "description": "Cloud provider accounts and the environments that deploy into them.",
                     *       "vertex_labels": [
                     *         {
                     *           "name": "CloudAccount",
                     *           "display_name": "Cloud account",
                     *           "schema": {
                     *             "type": "object",
                     *             "required": [
                     *               "provider",
                     *               "account_id",
                     *               "name"
                     *             ],
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "provider": {
                     *                 "enum": [
                     *                   "aws",
                     *                   "gcp",
                     *                   "azure"
                     *                 ]
                     *               },
                     *               "account_id": {
                     *                 "type": "string",
                     *                 "pattern": "^[a-z0-9-]{3,64}$",
                     *                 "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                     *               },
                     *               "name": {
                     *                 "type": "string",
                     *                 "minLength": 1,
                     *                 "maxLength": 200
                     *               },
                     *               "regions": {
                     *                 "type": "array",
                     *                 "uniqueItems": true,
                     *                 "items": {
                     *                   "type": "string"
                     *                 }
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "edge_labels": [
                     *         {
                     *           "source_label": "Environment",
                     *           "edge_label": "MAPS_TO",
                     *           "target_label": "CloudAccount",
                     *           "schema": {
                     *             "type": "object",
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "role": {
                     *                 "enum": [
                     *                   "primary",
                     *                   "dr"
                     *                 ]
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "revision": 1,
                     *       "permissions": [
                     *         "plugins:cloud-accounts:entities:CloudAccount:read",
                     *         "plugins:cloud-accounts:entities:CloudAccount:write",
                     *         "plugins:cloud-accounts:entities:MAPS_TO:read",
                     *         "plugins:cloud-accounts:entities:MAPS_TO:write"
                     *       ],
                     *       "installed_by": "ada@example.com",
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_labels: {
                            edge_label: string;
                            schema: unknown | null;
                            source_label: string;
                            target_label: string;
                        }[];
                        installed_by: string;
                        name: string;
                        /** @description the permissions derived from the labels */
                        permissions: string[];
                        /** @description grows by one with every change of the manifest */
                        revision: number;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        version: string;
                        vertex_labels: {
                            display_name: string;
                            name: string;
                            /** @description a JSON Schema, draft 2020-12 */
                            schema: unknown;
                        }[];
                    };
                };
            };
        };
    };
    getAdminPluginsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "cloud-accounts",
                     *       "name": "Cloud accounts",
                     *       "version": "1.0.0",
                     *       "description": "Cloud provider accounts and the environments that deploy into them.",
                     *       "vertex_labels": [
                     *         {
                     *           "name": "CloudAccount",
                     *           "display_name": "Cloud account",
                     *           "schema": {
                     *             "type": "object",
                     *             "required": [
                     *               "provider",
                     *               "account_id",
                     *               "name"
                     *             ],
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "provider": {
                     *                 "enum": [
                     *                   "aws",
                     *                   "gcp",
                     *                   "azure"
                     *                 ]
                     *               },
                     *               "account_id": {
                     *                 "type": "string",
                     *                 "pattern": "^[a-z0-9-]{3,64}$",
                     *                 "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                     *               },
                     *               "name": {
                     *                 "type": "string",
                     *                 "minLength": 1,
                     *                 "maxLength": 200
                     *               },
                     *               "regions": {
                     *                 "type": "array",
                     *                 "uniqueItems": true,
                     *                 "items": {
                     *                   "type": "string"
                     *                 }
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "edge_labels": [
                     *         {
                     *           "source_label": "Environment",
                     *           "edge_label": "MAPS_TO",
                     *           "target_label": "CloudAccount",
                     *           "schema": {
                     *             "type": "object",
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "role": {
                     *                 "enum": [
                     *                   "primary",
                     *                   "dr"
                     *                 ]
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "revision": 1,
                     *       "permissions": [
                     *         "plugins:cloud-accounts:entities:CloudAccount:read",
                     *         "plugins:cloud-accounts:entities:CloudAccount:write",
                     *         "plugins:cloud-accounts:entities:MAPS_TO:read",
                     *         "plugins:cloud-accounts:entities:MAPS_TO:write"
                     *       ],
                     *       "installed_by": "ada@example.com",
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_labels: {
                            edge_label: string;
                            schema: unknown | null;
                            source_label: string;
                            target_label: string;
                        }[];
                        installed_by: string;
                        name: string;
                        /** @description the permissions derived from the labels */
                        permissions: string[];
                        /** @description grows by one with every change of the manifest */
                        revision: number;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        version: string;
                        vertex_labels: {
                            display_name: string;
                            name: string;
                            /** @description a JSON Schema, draft 2020-12 */
                            schema: unknown;
                        }[];
                    };
                };
            };
        };
    };
    putAdminPluginsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "manifest": {
                 *         "slug": "cloud-accounts",
                 *         "name": "Cloud accounts",
                 *         "version": "1.0.0",
                 *         "description": "Cloud provider accounts and the environments that deploy into them.",
                 *         "vertex_labels": [
                 *           {
                 *             "name": "CloudAccount",
                 *             "display_name": "Cloud account",
                 *             "schema": {
                 *               "type": "object",
                 *               "required": [
                 *                 "provider",
                 *                 "account_id",
                 *                 "name"
                 *               ],
                 *               "additionalProperties": false,
                 *               "properties": {
                 *                 "provider": {
                 *                   "enum": [
                 *                     "aws",
                 *                     "gcp",
                 *                     "azure"
                 *                   ]
                 *                 },
                 *                 "account_id": {
                 *                   "type": "string",
                 *                   "pattern": "^[a-z0-9-]{3,64}$",
                 *                   "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                 *                 },
                 *                 "name": {
                 *                   "type": "string",
                 *                   "minLength": 1,
                 *                   "maxLength": 200
                 *                 },
                 *                 "regions": {
                 *                   "type": "array",
                 *                   "uniqueItems": true,
                 *                   "items": {
                 *                     "type": "string"
                 *                   }
                 *                 }
                 *               }
                 *             }
                 *           }
                 *         ],
                 *         "edge_labels": [
                 *           {
                 *             "source_label": "Environment",
                 *             "edge_label": "MAPS_TO",
                 *             "target_label": "CloudAccount",
                 *             "schema": {
                 *               "type": "object",
                 *               "additionalProperties": false,
                 *               "properties": {
                 *                 "role": {
                 *                   "enum": [
                 *                     "primary",
                 *                     "dr"
                 *                   ]
                 *                 }
                 *               }
                 *             }
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description the plugin manifest: a JSON object, or its YAML or JSON text (see docs/plugins.md) */
                    manifest: unknown;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "cloud-accounts",
                     *       "name": "Cloud accounts",
                     *       "version": "1.0.0",
                     *       "description": "Cloud provider accounts and the environments that deploy into them.",
                     *       "vertex_labels": [
                     *         {
                     *           "name": "CloudAccount",
                     *           "display_name": "Cloud account",
                     *           "schema": {
                     *             "type": "object",
                     *             "required": [
                     *               "provider",
                     *               "account_id",
                     *               "name"
                     *             ],
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "provider": {
                     *                 "enum": [
                     *                   "aws",
                     *                   "gcp",
                     *                   "azure"
                     *                 ]
                     *               },
                     *               "account_id": {
                     *                 "type": "string",
                     *                 "pattern": "^[a-z0-9-]{3,64}$",
                     *                 "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                     *               },
                     *               "name": {
                     *                 "type": "string",
                     *                 "minLength": 1,
                     *                 "maxLength": 200
                     *               },
                     *               "regions": {
                     *                 "type": "array",
                     *                 "uniqueItems": true,
                     *                 "items": {
                     *                   "type": "string"
                     *                 }
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "edge_labels": [
                     *         {
                     *           "source_label": "Environment",
                     *           "edge_label": "MAPS_TO",
                     *           "target_label": "CloudAccount",
                     *           "schema": {
                     *             "type": "object",
                     *             "additionalProperties": false,
                     *             "properties": {
                     *               "role": {
                     *                 "enum": [
                     *                   "primary",
                     *                   "dr"
                     *                 ]
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "revision": 1,
                     *       "permissions": [
                     *         "plugins:cloud-accounts:entities:CloudAccount:read",
                     *         "plugins:cloud-accounts:entities:CloudAccount:write",
                     *         "plugins:cloud-accounts:entities:MAPS_TO:read",
                     *         "plugins:cloud-accounts:entities:MAPS_TO:write"
                     *       ],
                     *       "installed_by": "ada@example.com",
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        edge_labels: {
                            edge_label: string;
                            schema: unknown | null;
                            source_label: string;
                            target_label: string;
                        }[];
                        installed_by: string;
                        name: string;
                        /** @description the permissions derived from the labels */
                        permissions: string[];
                        /** @description grows by one with every change of the manifest */
                        revision: number;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        version: string;
                        vertex_labels: {
                            display_name: string;
                            name: string;
                            /** @description a JSON Schema, draft 2020-12 */
                            schema: unknown;
                        }[];
                    };
                };
            };
        };
    };
    deleteAdminPluginsSlug: {
        parameters: {
            query?: {
                purge?: boolean;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminPluginsSlugEdgesLabel: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                source_id?: string;
                target_id?: string;
            };
            header?: never;
            path: {
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "plugin": "cloud-accounts",
                     *         "label": "MAPS_TO",
                     *         "source_id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *         "source_label": "Environment",
                     *         "target_id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *         "target_label": "CloudAccount",
                     *         "properties": {
                     *           "role": "primary"
                     *         },
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "source_name": "Production",
                     *         "target_name": null
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the edge properties */
                        properties: unknown;
                        source_id: string;
                        source_label: string;
                        /** @description the source end's name when it is an environment, project, team or organization; null for a plugin entity (read it by id) */
                        source_name: string | null;
                        target_id: string;
                        target_label: string;
                        /** @description the target end's name when it is an environment, project, team or organization; null for a plugin entity (read it by id) */
                        target_name: string | null;
                    }[];
                };
            };
        };
    };
    postAdminPluginsSlugEdgesLabel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source_id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                 *       "target_id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                 *       "properties": {
                 *         "role": "primary"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description validated against the edge label's JSON Schema */
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** Format: uuid */
                    source_id: string;
                    /** Format: uuid */
                    target_id: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plugin": "cloud-accounts",
                     *       "label": "MAPS_TO",
                     *       "source_id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *       "source_label": "Environment",
                     *       "target_id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *       "target_label": "CloudAccount",
                     *       "properties": {
                     *         "role": "primary"
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the edge properties */
                        properties: unknown;
                        source_id: string;
                        source_label: string;
                        target_id: string;
                        target_label: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "plugin": "cloud-accounts",
                     *       "label": "MAPS_TO",
                     *       "source_id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *       "source_label": "Environment",
                     *       "target_id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *       "target_label": "CloudAccount",
                     *       "properties": {
                     *         "role": "primary"
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the edge properties */
                        properties: unknown;
                        source_id: string;
                        source_label: string;
                        target_id: string;
                        target_label: string;
                    };
                };
            };
        };
    };
    getAdminPluginsSlugEdgesLabelSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description a JSON Schema, draft 2020-12 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "object",
                     *       "additionalProperties": false,
                     *       "properties": {
                     *         "role": {
                     *           "enum": [
                     *             "primary",
                     *             "dr"
                     *           ]
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
        };
    };
    deleteAdminPluginsSlugEdgesLabelSourceIdTargetId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
                slug: string;
                source_id: string;
                target_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAdminPluginsSlugEntitiesLabel: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                /** @description case-insensitive substring of a top-level property the schema types as a string */
                q?: string;
            };
            header?: never;
            path: {
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *         "plugin": "cloud-accounts",
                     *         "label": "CloudAccount",
                     *         "properties": {
                     *           "provider": "aws",
                     *           "account_id": "acme-prod-1",
                     *           "name": "Acme production",
                     *           "regions": [
                     *             "eu-west-1"
                     *           ]
                     *         },
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the entity's document, valid against the label's JSON Schema */
                        properties: unknown;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postAdminPluginsSlugEntitiesLabel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        /** @description the entity's document, validated against the label's JSON Schema */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider": "aws",
                 *       "account_id": "acme-prod-1",
                 *       "name": "Acme production",
                 *       "regions": [
                 *         "eu-west-1"
                 *       ]
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *       "plugin": "cloud-accounts",
                     *       "label": "CloudAccount",
                     *       "properties": {
                     *         "provider": "aws",
                     *         "account_id": "acme-prod-1",
                     *         "name": "Acme production",
                     *         "regions": [
                     *           "eu-west-1"
                     *         ]
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the entity's document, valid against the label's JSON Schema */
                        properties: unknown;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getAdminPluginsSlugEntitiesLabelSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description a JSON Schema, draft 2020-12 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "object",
                     *       "required": [
                     *         "provider",
                     *         "account_id",
                     *         "name"
                     *       ],
                     *       "additionalProperties": false,
                     *       "properties": {
                     *         "provider": {
                     *           "enum": [
                     *             "aws",
                     *             "gcp",
                     *             "azure"
                     *           ]
                     *         },
                     *         "account_id": {
                     *           "type": "string",
                     *           "pattern": "^[a-z0-9-]{3,64}$",
                     *           "x-expected": "3 to 64 lower-case letters, digits and hyphens"
                     *         },
                     *         "name": {
                     *           "type": "string",
                     *           "minLength": 1,
                     *           "maxLength": 200
                     *         },
                     *         "regions": {
                     *           "type": "array",
                     *           "uniqueItems": true,
                     *           "items": {
                     *             "type": "string"
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": unknown;
                };
            };
        };
    };
    getAdminPluginsSlugEntitiesLabelId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *       "plugin": "cloud-accounts",
                     *       "label": "CloudAccount",
                     *       "properties": {
                     *         "provider": "aws",
                     *         "account_id": "acme-prod-1",
                     *         "name": "Acme production",
                     *         "regions": [
                     *           "eu-west-1"
                     *         ]
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the entity's document, valid against the label's JSON Schema */
                        properties: unknown;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteAdminPluginsSlugEntitiesLabelId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchAdminPluginsSlugEntitiesLabelId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                label: string;
                slug: string;
            };
            cookie?: never;
        };
        /** @description a JSON Merge Patch of the document: null removes a member */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme production (EU)"
                 *     }
                 */
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e",
                     *       "plugin": "cloud-accounts",
                     *       "label": "CloudAccount",
                     *       "properties": {
                     *         "provider": "aws",
                     *         "account_id": "acme-prod-1",
                     *         "name": "Acme production (EU)",
                     *         "regions": [
                     *           "eu-west-1"
                     *         ]
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: uuid */
                        id: string;
                        label: string;
                        plugin: string;
                        /** @description a JSON object: the entity's document, valid against the label's JSON Schema */
                        properties: unknown;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getAdminWebhooks: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-94a5-76b7-8c23-d3e4f5061728",
                     *         "slug": "deploys",
                     *         "integration": "github",
                     *         "project": "acme/acme-web",
                     *         "has_secret": true,
                     *         "sender": "github",
                     *         "delivery_url": "https://keel.example.com/webhooks/github/deploys",
                     *         "delivery_headers": [
                     *           {
                     *             "name": "X-Hub-Signature-256",
                     *             "required": true,
                     *             "value": "sha256=<HMAC-SHA256 of the body, in hex>"
                     *           },
                     *           {
                     *             "name": "X-GitHub-Delivery",
                     *             "required": true,
                     *             "value": "<the delivery id>"
                     *           },
                     *           {
                     *             "name": "X-GitHub-Event",
                     *             "required": false,
                     *             "value": "<the event type>"
                     *           }
                     *         ],
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the headers the sender sends with each delivery */
                        delivery_headers: {
                            /** @description header name */
                            name: string;
                            required: boolean;
                            /** @description what the header holds */
                            value: string;
                        }[];
                        /** @description where the integration posts its deliveries */
                        delivery_url: string;
                        has_secret: boolean;
                        /**
                         * Format: uuid
                         * @description graph node id (webhook_id in the events it records)
                         */
                        id: string;
                        integration: string;
                        /** @description the linked project, left out for a caller that may not read it; null: none */
                        project?: string | null;
                        /**
                         * @description how deliveries are signed (docs/webhooks.md)
                         * @enum {unknown}
                         */
                        sender: "github" | "standard" | "keel";
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    }[];
                };
            };
        };
    };
    postAdminWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "deploys",
                 *       "integration": "github",
                 *       "secret": "<a shared secret>",
                 *       "sender": "github",
                 *       "project": "acme/acme-web"
                 *     }
                 */
                "application/json": {
                    integration: string;
                    project?: string | null;
                    /** @description write-only HMAC-SHA256 key the sender signs with; never returned. For sender `standard`: whsec_ followed by the base64 of 24 to 64 random bytes (Standard Webhooks) */
                    secret: string;
                    /**
                     * @description how the sender signs its deliveries: `github` (X-Hub-Signature-256, X-GitHub-Delivery, X-GitHub-Event), `standard` (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), `keel` (X-Keel-Signature-256; the default)
                     * @enum {unknown}
                     */
                    sender?: "github" | "standard" | "keel";
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-94a5-76b7-8c23-d3e4f5061728",
                     *       "slug": "deploys",
                     *       "integration": "github",
                     *       "project": "acme/acme-web",
                     *       "has_secret": true,
                     *       "sender": "github",
                     *       "delivery_url": "https://keel.example.com/webhooks/github/deploys",
                     *       "delivery_headers": [
                     *         {
                     *           "name": "X-Hub-Signature-256",
                     *           "required": true,
                     *           "value": "sha256=<HMAC-SHA256 of the body, in hex>"
                     *         },
                     *         {
                     *           "name": "X-GitHub-Delivery",
                     *           "required": true,
                     *           "value": "<the delivery id>"
                     *         },
                     *         {
                     *           "name": "X-GitHub-Event",
                     *           "required": false,
                     *           "value": "<the event type>"
                     *         }
                     *       ],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the headers the sender sends with each delivery */
                        delivery_headers: {
                            /** @description header name */
                            name: string;
                            required: boolean;
                            /** @description what the header holds */
                            value: string;
                        }[];
                        /** @description where the integration posts its deliveries */
                        delivery_url: string;
                        has_secret: boolean;
                        /**
                         * Format: uuid
                         * @description graph node id (webhook_id in the events it records)
                         */
                        id: string;
                        integration: string;
                        /** @description the linked project, left out for a caller that may not read it; null: none */
                        project?: string | null;
                        /**
                         * @description how deliveries are signed (docs/webhooks.md)
                         * @enum {unknown}
                         */
                        sender: "github" | "standard" | "keel";
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    getAdminWebhooksSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-94a5-76b7-8c23-d3e4f5061728",
                     *       "slug": "deploys",
                     *       "integration": "github",
                     *       "project": "acme/acme-web",
                     *       "has_secret": true,
                     *       "sender": "github",
                     *       "delivery_url": "https://keel.example.com/webhooks/github/deploys",
                     *       "delivery_headers": [
                     *         {
                     *           "name": "X-Hub-Signature-256",
                     *           "required": true,
                     *           "value": "sha256=<HMAC-SHA256 of the body, in hex>"
                     *         },
                     *         {
                     *           "name": "X-GitHub-Delivery",
                     *           "required": true,
                     *           "value": "<the delivery id>"
                     *         },
                     *         {
                     *           "name": "X-GitHub-Event",
                     *           "required": false,
                     *           "value": "<the event type>"
                     *         }
                     *       ],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the headers the sender sends with each delivery */
                        delivery_headers: {
                            /** @description header name */
                            name: string;
                            required: boolean;
                            /** @description what the header holds */
                            value: string;
                        }[];
                        /** @description where the integration posts its deliveries */
                        delivery_url: string;
                        has_secret: boolean;
                        /**
                         * Format: uuid
                         * @description graph node id (webhook_id in the events it records)
                         */
                        id: string;
                        integration: string;
                        /** @description the linked project, left out for a caller that may not read it; null: none */
                        project?: string | null;
                        /**
                         * @description how deliveries are signed (docs/webhooks.md)
                         * @enum {unknown}
                         */
                        sender: "github" | "standard" | "keel";
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    deleteAdminWebhooksSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchAdminWebhooksSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "secret": "<a new shared secret>"
                 *     }
                 */
                "application/json": {
                    integration?: string;
                    project?: string | null;
                    /** @description write-only HMAC-SHA256 key the sender signs with; never returned. For sender `standard`: whsec_ followed by the base64 of 24 to 64 random bytes (Standard Webhooks) */
                    secret?: string;
                    /**
                     * @description how the sender signs its deliveries: `github` (X-Hub-Signature-256, X-GitHub-Delivery, X-GitHub-Event), `standard` (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), `keel` (X-Keel-Signature-256; the default)
                     * @enum {unknown}
                     */
                    sender?: "github" | "standard" | "keel";
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-94a5-76b7-8c23-d3e4f5061728",
                     *       "slug": "deploys",
                     *       "integration": "github",
                     *       "project": "acme/acme-web",
                     *       "has_secret": true,
                     *       "sender": "github",
                     *       "delivery_url": "https://keel.example.com/webhooks/github/deploys",
                     *       "delivery_headers": [
                     *         {
                     *           "name": "X-Hub-Signature-256",
                     *           "required": true,
                     *           "value": "sha256=<HMAC-SHA256 of the body, in hex>"
                     *         },
                     *         {
                     *           "name": "X-GitHub-Delivery",
                     *           "required": true,
                     *           "value": "<the delivery id>"
                     *         },
                     *         {
                     *           "name": "X-GitHub-Event",
                     *           "required": false,
                     *           "value": "<the event type>"
                     *         }
                     *       ],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description the headers the sender sends with each delivery */
                        delivery_headers: {
                            /** @description header name */
                            name: string;
                            required: boolean;
                            /** @description what the header holds */
                            value: string;
                        }[];
                        /** @description where the integration posts its deliveries */
                        delivery_url: string;
                        has_secret: boolean;
                        /**
                         * Format: uuid
                         * @description graph node id (webhook_id in the events it records)
                         */
                        id: string;
                        integration: string;
                        /** @description the linked project, left out for a caller that may not read it; null: none */
                        project?: string | null;
                        /**
                         * @description how deliveries are signed (docs/webhooks.md)
                         * @enum {unknown}
                         */
                        sender: "github" | "standard" | "keel";
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAiProviderDrivers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "vendor_a",
                     *         "display_name": "Anthropic",
                     *         "description": "Anthropic's API (Claude models), called with the vendor's SDK",
                     *         "icon": "anthropic",
                     *         "default_base_url": "https://api.anthropic.com",
                     *         "supports_iam": false,
                     *         "requires_base_url": false,
                     *         "supports_discovery": true
                     *       }
                     *     ]
                     */
                    "application/json": {
                        default_base_url: string | null;
                        /** @description what the driver calls, with which SDK or API, and what it needs */
                        description: string;
                        /** @description the vendor or cloud the driver talks to, e.g. Anthropic */
                        display_name: string;
                        /** @description an icon name for the vendor's or cloud's logo, e.g. anthropic */
                        icon: string;
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        name: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        requires_base_url: boolean;
                        supports_discovery: boolean;
                        supports_iam: boolean;
                    }[];
                };
            };
        };
    };
    postApiScoringRecomputeAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "queued": 12,
                     *       "reason": "scheduled_recompute"
                     *     }
                     */
                    "application/json": {
                        /** @description projects queued now; those already pending are not */
                        queued: number;
                        /** @enum {string} */
                        reason: "scheduled_recompute";
                    };
                };
            };
        };
    };
    postAuthCan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "method": "POST",
                 *       "path": "/organizations/acme/projects"
                 *     }
                 */
                "application/json": {
                    /** @description the HTTP method of the call */
                    method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
                    /** @description the concrete path of the call, percent-encoded as it would be sent; a query string is ignored */
                    path: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "allowed": true,
                     *       "permission": "project:create",
                     *       "reason": "holds project:create"
                     *     }
                     */
                    "application/json": {
                        /** @description whether the route's permission check admits the caller */
                        allowed: boolean;
                        /** @description the global permission the route needs, or null when it needs none */
                        permission: string | null;
                        /** @description why, in plain words */
                        reason: string;
                    };
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "<access token: a JWT>",
                     *       "token_type": "Bearer",
                     *       "expires_in": 900,
                     *       "refresh_token": "<refresh token>"
                     *     }
                     */
                    "application/json": {
                        access_token: string;
                        expires_in: number;
                        issued_token_type?: string;
                        refresh_token?: string;
                        scope?: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                    };
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "principal_type": "user",
                     *       "principal_name": "ada@example.com",
                     *       "actor_name": null,
                     *       "auth_method": "password",
                     *       "is_admin": false,
                     *       "scopes": null,
                     *       "permissions": [
                     *         "organization:read",
                     *         "project:read",
                     *         "project:create"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        actor_name: string | null;
                        auth_method: string;
                        is_admin: boolean;
                        permissions: string[];
                        principal_name: string;
                        principal_type: "user" | "service_account";
                        scopes: string[] | null;
                    };
                };
            };
        };
    };
    getAuthOauthSlugAuthorize: {
        parameters: {
            query?: {
                redirect_to?: string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A redirect (Location header) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthOauthSlugCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description A redirect (Location header) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getAuthProviders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "google",
                     *         "type": "provider_a",
                     *         "type_display_name": "Google",
                     *         "name": "Google",
                     *         "icon": "provider_a",
                     *         "authorize_url": "https://keel.example.com/auth/oauth/google/authorize"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        authorize_url: string | null;
                        icon: string;
                        name: string;
                        slug: string;
                        type: string;
                        /** @description the login service: Google, GitHub, OpenID Connect, or Password */
                        type_display_name: string;
                    }[];
                };
            };
        };
    };
    postAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "<access token: a JWT>",
                     *       "token_type": "Bearer",
                     *       "expires_in": 900,
                     *       "refresh_token": "<refresh token>"
                     *     }
                     */
                    "application/json": {
                        access_token: string;
                        expires_in: number;
                        issued_token_type?: string;
                        refresh_token?: string;
                        scope?: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                    };
                };
            };
        };
    };
    deleteAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "deploy-bot-x7Kq2mPz4",
                 *       "client_secret": "<client secret>"
                 *     }
                 */
                "application/json": {
                    [key: string]: string | number | boolean;
                };
                /**
                 * @example {
                 *       "grant_type": "client_credentials",
                 *       "client_id": "deploy-bot-x7Kq2mPz4",
                 *       "client_secret": "<client secret>"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    [key: string]: string | number | boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: string;
                        error_description: string;
                    };
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "access_token": "<access token: a JWT>",
                     *       "token_type": "Bearer",
                     *       "expires_in": 900,
                     *       "scope": "project:read operations-log:write"
                     *     }
                     */
                    "application/json": {
                        access_token: string;
                        expires_in: number;
                        issued_token_type?: string;
                        refresh_token?: string;
                        scope?: string;
                        /** @enum {string} */
                        token_type: "Bearer";
                    };
                };
            };
            /** @description RFC 9457 problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
        };
    };
    getConnectorsConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sinks": [
                     *         {
                     *           "name": "events",
                     *           "stream": "keel-events",
                     *           "topics": [
                     *             "lifecycle",
                     *             "comments",
                     *             "gateway"
                     *           ],
                     *           "schema": "json",
                     *           "insert_format": "json_each_row",
                     *           "batch_length": 1000,
                     *           "poll_interval": "5s",
                     *           "consumer_group": "keel-analytics",
                     *           "table": "events",
                     *           "mode": "deduplicate",
                     *           "key": [
                     *             "event_id"
                     *           ],
                     *           "version": null,
                     *           "plugin_config": {
                     *             "transport": "clickhouse",
                     *             "url": "http://clickhouse.internal:8123",
                     *             "database": "keel",
                     *             "username": "keel",
                     *             "password": "<the ClickHouse password>"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        sinks: {
                            batch_length: number;
                            consumer_group: string;
                            /** @enum {string} */
                            insert_format: "json_each_row";
                            key: string[];
                            mode: "deduplicate" | "plain";
                            name: string;
                            plugin_config: {
                                database: string;
                                password: string | null;
                                transport: "clickhouse" | "chdb";
                                url: string | null;
                                username: string | null;
                            };
                            poll_interval: string;
                            /** @enum {string} */
                            schema: "json";
                            stream: string;
                            table: string;
                            topics: string[];
                            version: string | null;
                        }[];
                    };
                };
            };
        };
    };
    getConsents: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                user_email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *         "user_email": "ada@example.com",
                     *         "actor_sa": "scheduler",
                     *         "scope": "service-api:*",
                     *         "status": "active",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "expires_at": "2026-05-01T00:00:00Z",
                     *         "revoked_at": null
                     *       }
                     *     ]
                     */
                    "application/json": {
                        actor_sa: string;
                        /** Format: date-time */
                        created_at: string;
                        expires_at: string | null;
                        id: string;
                        revoked_at: string | null;
                        scope: string;
                        status: "active" | "expired" | "revoked";
                        user_email: string;
                    }[];
                };
            };
        };
    };
    postConsents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scope": "service-api:*",
                 *       "expires_at": "2026-05-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description must be in the future
                     */
                    expires_at?: string;
                    /**
                     * @description v1 knows one scope, service-api:* (the default)
                     * @enum {string}
                     */
                    scope?: "service-api:*";
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "user_email": "ada@example.com",
                     *       "actor_sa": "scheduler",
                     *       "scope": "service-api:*",
                     *       "status": "active",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "expires_at": "2026-05-01T00:00:00Z",
                     *       "revoked_at": null
                     *     }
                     */
                    "application/json": {
                        actor_sa: string;
                        /** Format: date-time */
                        created_at: string;
                        expires_at: string | null;
                        id: string;
                        revoked_at: string | null;
                        scope: string;
                        status: "active" | "expired" | "revoked";
                        user_email: string;
                    };
                };
            };
        };
    };
    getConsentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "user_email": "ada@example.com",
                     *       "actor_sa": "scheduler",
                     *       "scope": "service-api:*",
                     *       "status": "active",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "expires_at": "2026-05-01T00:00:00Z",
                     *       "revoked_at": null
                     *     }
                     */
                    "application/json": {
                        actor_sa: string;
                        /** Format: date-time */
                        created_at: string;
                        expires_at: string | null;
                        id: string;
                        revoked_at: string | null;
                        scope: string;
                        status: "active" | "expired" | "revoked";
                        user_email: string;
                    };
                };
            };
        };
    };
    deleteConsentsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getEnvironments: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *         "slug": "production",
                     *         "name": "Production",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postEnvironments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "production",
                 *       "name": "Production"
                 *     }
                 */
                "application/json": {
                    name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *       "slug": "production",
                     *       "name": "Production",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getEnvironmentsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *       "slug": "production",
                     *       "name": "Production",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteEnvironmentsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchEnvironmentsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Production (EU)"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d",
                     *       "slug": "production",
                     *       "name": "Production",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    getOrganizations: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a3-0000-7000-8000-00000000a001",
                     *         "slug": "acme",
                     *         "name": "Acme",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postOrganizations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "acme",
                 *       "name": "Acme"
                 *     }
                 */
                "application/json": {
                    name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a3-0000-7000-8000-00000000a001",
                     *       "slug": "acme",
                     *       "name": "Acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a3-0000-7000-8000-00000000a001",
                     *       "slug": "acme",
                     *       "name": "Acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchOrganizationsOrg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Corporation"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a3-0000-7000-8000-00000000a001",
                     *       "slug": "acme",
                     *       "name": "Acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrgAiModels: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                provider_id?: string;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-7283-7495-8a01-b1c2d3e4f506",
                     *         "organization": "acme",
                     *         "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *         "model_id": "claude-sonnet-4-5",
                     *         "slug": "claude-sonnet",
                     *         "name": "Claude Sonnet",
                     *         "kind": "chat",
                     *         "access_scope": "organization",
                     *         "team_slugs": [],
                     *         "deleted_team_slugs": [],
                     *         "context_window": 200000,
                     *         "max_output_tokens": 64000,
                     *         "default_temperature": 1,
                     *         "input_cost_per_mtok": "3.00",
                     *         "output_cost_per_mtok": "15.00",
                     *         "monthly_spend_cap": "500.00",
                     *         "enabled": true,
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        access_scope: "organization" | "restricted";
                        context_window: number | null;
                        /** Format: date-time */
                        created_at: string;
                        default_temperature: number | null;
                        /** @description Teams chosen for a restricted model that were deleted since. The model stays restricted: a deleted team never widens access. */
                        deleted_team_slugs: string[];
                        enabled: boolean;
                        id: string;
                        input_cost_per_mtok: string | null;
                        /** @enum {unknown} */
                        kind: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                        max_output_tokens: number | null;
                        model_id: string;
                        /** @description Advisory only: stored and shown, nothing enforces it. */
                        monthly_spend_cap: string | null;
                        name: string;
                        organization: string;
                        output_cost_per_mtok: string | null;
                        provider_id: string;
                        slug: string;
                        /** @description Teams that may use a restricted model */
                        team_slugs: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgAiModels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                 *       "model_id": "claude-sonnet-4-5",
                 *       "slug": "claude-sonnet",
                 *       "name": "Claude Sonnet"
                 *     }
                 */
                "application/json": {
                    /** @enum {unknown} */
                    access_scope?: "organization" | "restricted";
                    context_window?: number | null;
                    default_temperature?: number | null;
                    enabled?: boolean;
                    /** @description USD per one million input tokens; null = unknown or contract pricing; "0" = self-hosted. An exact decimal as a string (for example "3", "0.25"), never a float. */
                    input_cost_per_mtok?: string | null;
                    /** @enum {unknown} */
                    kind?: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                    max_output_tokens?: number | null;
                    /** @description The vendor's model id, unique per provider */
                    model_id: string;
                    /** @description Monthly spend cap in USD. Advisory only: stored and shown, nothing enforces it. An exact decimal as a string (for example "3", "0.25"), never a float. */
                    monthly_spend_cap?: string | null;
                    name?: string;
                    /** @description USD per one million output tokens; null = unknown or contract pricing; "0" = self-hosted. An exact decimal as a string (for example "3", "0.25"), never a float. */
                    output_cost_per_mtok?: string | null;
                    provider_id: string;
                    /** @description Stable alias, unique in the organization */
                    slug: string;
                    /** @description Teams of the organization allowed to use a restricted model (at least one) */
                    team_slugs?: string[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-7283-7495-8a01-b1c2d3e4f506",
                     *       "organization": "acme",
                     *       "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "model_id": "claude-sonnet-4-5",
                     *       "slug": "claude-sonnet",
                     *       "name": "Claude Sonnet",
                     *       "kind": "chat",
                     *       "access_scope": "organization",
                     *       "team_slugs": [],
                     *       "deleted_team_slugs": [],
                     *       "context_window": 200000,
                     *       "max_output_tokens": 64000,
                     *       "default_temperature": 1,
                     *       "input_cost_per_mtok": "3.00",
                     *       "output_cost_per_mtok": "15.00",
                     *       "monthly_spend_cap": "500.00",
                     *       "enabled": true,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        access_scope: "organization" | "restricted";
                        context_window: number | null;
                        /** Format: date-time */
                        created_at: string;
                        default_temperature: number | null;
                        /** @description Teams chosen for a restricted model that were deleted since. The model stays restricted: a deleted team never widens access. */
                        deleted_team_slugs: string[];
                        enabled: boolean;
                        id: string;
                        input_cost_per_mtok: string | null;
                        /** @enum {unknown} */
                        kind: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                        max_output_tokens: number | null;
                        model_id: string;
                        /** @description Advisory only: stored and shown, nothing enforces it. */
                        monthly_spend_cap: string | null;
                        name: string;
                        organization: string;
                        output_cost_per_mtok: string | null;
                        provider_id: string;
                        slug: string;
                        /** @description Teams that may use a restricted model */
                        team_slugs: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    getOrganizationsOrgAiModelsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-7283-7495-8a01-b1c2d3e4f506",
                     *       "organization": "acme",
                     *       "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "model_id": "claude-sonnet-4-5",
                     *       "slug": "claude-sonnet",
                     *       "name": "Claude Sonnet",
                     *       "kind": "chat",
                     *       "access_scope": "organization",
                     *       "team_slugs": [],
                     *       "deleted_team_slugs": [],
                     *       "context_window": 200000,
                     *       "max_output_tokens": 64000,
                     *       "default_temperature": 1,
                     *       "input_cost_per_mtok": "3.00",
                     *       "output_cost_per_mtok": "15.00",
                     *       "monthly_spend_cap": "500.00",
                     *       "enabled": true,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        access_scope: "organization" | "restricted";
                        context_window: number | null;
                        /** Format: date-time */
                        created_at: string;
                        default_temperature: number | null;
                        /** @description Teams chosen for a restricted model that were deleted since. The model stays restricted: a deleted team never widens access. */
                        deleted_team_slugs: string[];
                        enabled: boolean;
                        id: string;
                        input_cost_per_mtok: string | null;
                        /** @enum {unknown} */
                        kind: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                        max_output_tokens: number | null;
                        model_id: string;
                        /** @description Advisory only: stored and shown, nothing enforces it. */
                        monthly_spend_cap: string | null;
                        name: string;
                        organization: string;
                        output_cost_per_mtok: string | null;
                        provider_id: string;
                        slug: string;
                        /** @description Teams that may use a restricted model */
                        team_slugs: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgAiModelsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchOrganizationsOrgAiModelsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "monthly_spend_cap": "800.00"
                 *     }
                 */
                "application/json": {
                    /** @enum {unknown} */
                    access_scope?: "organization" | "restricted";
                    context_window?: number | null;
                    default_temperature?: number | null;
                    enabled?: boolean;
                    /** @description USD per one million input tokens; null = unknown or contract pricing; "0" = self-hosted. An exact decimal as a string (for example "3", "0.25"), never a float. */
                    input_cost_per_mtok?: string | null;
                    /** @enum {unknown} */
                    kind?: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                    max_output_tokens?: number | null;
                    /** @description Monthly spend cap in USD. Advisory only: stored and shown, nothing enforces it. An exact decimal as a string (for example "3", "0.25"), never a float. */
                    monthly_spend_cap?: string | null;
                    name?: string;
                    /** @description USD per one million output tokens; null = unknown or contract pricing; "0" = self-hosted. An exact decimal as a string (for example "3", "0.25"), never a float. */
                    output_cost_per_mtok?: string | null;
                    /** @description Stable alias, unique in the organization */
                    slug?: string;
                    /** @description Teams of the organization allowed to use a restricted model (at least one) */
                    team_slugs?: string[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-7283-7495-8a01-b1c2d3e4f506",
                     *       "organization": "acme",
                     *       "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "model_id": "claude-sonnet-4-5",
                     *       "slug": "claude-sonnet",
                     *       "name": "Claude Sonnet",
                     *       "kind": "chat",
                     *       "access_scope": "organization",
                     *       "team_slugs": [],
                     *       "deleted_team_slugs": [],
                     *       "context_window": 200000,
                     *       "max_output_tokens": 64000,
                     *       "default_temperature": 1,
                     *       "input_cost_per_mtok": "3.00",
                     *       "output_cost_per_mtok": "15.00",
                     *       "monthly_spend_cap": "800.00",
                     *       "enabled": true,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        access_scope: "organization" | "restricted";
                        context_window: number | null;
                        /** Format: date-time */
                        created_at: string;
                        default_temperature: number | null;
                        /** @description Teams chosen for a restricted model that were deleted since. The model stays restricted: a deleted team never widens access. */
                        deleted_team_slugs: string[];
                        enabled: boolean;
                        id: string;
                        input_cost_per_mtok: string | null;
                        /** @enum {unknown} */
                        kind: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                        max_output_tokens: number | null;
                        model_id: string;
                        /** @description Advisory only: stored and shown, nothing enforces it. */
                        monthly_spend_cap: string | null;
                        name: string;
                        organization: string;
                        output_cost_per_mtok: string | null;
                        provider_id: string;
                        slug: string;
                        /** @description Teams that may use a restricted model */
                        team_slugs: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    getOrganizationsOrgAiProviders: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *         "organization": "acme",
                     *         "driver": "vendor_a",
                     *         "driver_display_name": "Anthropic",
                     *         "name": "Anthropic",
                     *         "base_url": null,
                     *         "region": null,
                     *         "enabled": true,
                     *         "has_credentials": true,
                     *         "credential_hint": "...a1b2",
                     *         "credential_updated_at": "2026-01-31T09:30:00Z",
                     *         "auth_kind": "api_key",
                     *         "warnings": [],
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        auth_kind: "api_key" | "iam" | "none";
                        /** @description null: the driver's default applies */
                        base_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Last 4 characters of the key; absent when the key is shorter than 8 */
                        credential_hint?: string;
                        credential_updated_at: string | null;
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        /** @description the driver's display name (the vendor or cloud) */
                        driver_display_name: string;
                        enabled: boolean;
                        has_credentials: boolean;
                        id: string;
                        name: string;
                        organization: string;
                        region: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                        /** @description On create and on a change of base_url only: what will not work as configured (a base URL on a private network that discovery will refuse, naming the setting that allows it) */
                        warnings?: string[];
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgAiProviders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "driver": "vendor_a",
                 *       "name": "Anthropic",
                 *       "api_key": "<api-key>"
                 *     }
                 */
                "application/json": {
                    /** @description Write-only. Encrypted on receipt; never returned, echoed or logged. */
                    api_key?: string;
                    /** @description http or https, with a host and without user name, password, query or fragment */
                    base_url?: string | null;
                    /**
                     * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                     * @enum {unknown}
                     */
                    driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                    enabled?: boolean;
                    name: string;
                    region?: string | null;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "organization": "acme",
                     *       "driver": "vendor_a",
                     *       "driver_display_name": "Anthropic",
                     *       "name": "Anthropic",
                     *       "base_url": null,
                     *       "region": null,
                     *       "enabled": true,
                     *       "has_credentials": true,
                     *       "credential_hint": "...a1b2",
                     *       "credential_updated_at": "2026-01-31T09:30:00Z",
                     *       "auth_kind": "api_key",
                     *       "warnings": [],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        auth_kind: "api_key" | "iam" | "none";
                        /** @description null: the driver's default applies */
                        base_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Last 4 characters of the key; absent when the key is shorter than 8 */
                        credential_hint?: string;
                        credential_updated_at: string | null;
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        /** @description the driver's display name (the vendor or cloud) */
                        driver_display_name: string;
                        enabled: boolean;
                        has_credentials: boolean;
                        id: string;
                        name: string;
                        organization: string;
                        region: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                        /** @description On create and on a change of base_url only: what will not work as configured (a base URL on a private network that discovery will refuse, naming the setting that allows it) */
                        warnings?: string[];
                    };
                };
            };
        };
    };
    getOrganizationsOrgAiProvidersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "organization": "acme",
                     *       "driver": "vendor_a",
                     *       "driver_display_name": "Anthropic",
                     *       "name": "Anthropic",
                     *       "base_url": null,
                     *       "region": null,
                     *       "enabled": true,
                     *       "has_credentials": true,
                     *       "credential_hint": "...a1b2",
                     *       "credential_updated_at": "2026-01-31T09:30:00Z",
                     *       "auth_kind": "api_key",
                     *       "warnings": [],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        auth_kind: "api_key" | "iam" | "none";
                        /** @description null: the driver's default applies */
                        base_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Last 4 characters of the key; absent when the key is shorter than 8 */
                        credential_hint?: string;
                        credential_updated_at: string | null;
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        /** @description the driver's display name (the vendor or cloud) */
                        driver_display_name: string;
                        enabled: boolean;
                        has_credentials: boolean;
                        id: string;
                        name: string;
                        organization: string;
                        region: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                        /** @description On create and on a change of base_url only: what will not work as configured (a base URL on a private network that discovery will refuse, naming the setting that allows it) */
                        warnings?: string[];
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgAiProvidersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchOrganizationsOrgAiProvidersId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Anthropic (EU)",
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /** @description http or https, with a host and without user name, password, query or fragment */
                    base_url?: string | null;
                    enabled?: boolean;
                    name?: string;
                    region?: string | null;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "organization": "acme",
                     *       "driver": "vendor_a",
                     *       "driver_display_name": "Anthropic",
                     *       "name": "Anthropic (EU)",
                     *       "base_url": null,
                     *       "region": null,
                     *       "enabled": true,
                     *       "has_credentials": true,
                     *       "credential_hint": "...a1b2",
                     *       "credential_updated_at": "2026-01-31T09:30:00Z",
                     *       "auth_kind": "api_key",
                     *       "warnings": [],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        auth_kind: "api_key" | "iam" | "none";
                        /** @description null: the driver's default applies */
                        base_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Last 4 characters of the key; absent when the key is shorter than 8 */
                        credential_hint?: string;
                        credential_updated_at: string | null;
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        /** @description the driver's display name (the vendor or cloud) */
                        driver_display_name: string;
                        enabled: boolean;
                        has_credentials: boolean;
                        id: string;
                        name: string;
                        organization: string;
                        region: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                        /** @description On create and on a change of base_url only: what will not work as configured (a base URL on a private network that discovery will refuse, naming the setting that allows it) */
                        warnings?: string[];
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putOrganizationsOrgAiProvidersIdCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "api_key": "<api-key>"
                 *     }
                 */
                "application/json": {
                    /** @description Write-only. Encrypted on receipt; never returned, echoed or logged. */
                    api_key: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "organization": "acme",
                     *       "driver": "vendor_a",
                     *       "driver_display_name": "Anthropic",
                     *       "name": "Anthropic",
                     *       "base_url": null,
                     *       "region": null,
                     *       "enabled": true,
                     *       "has_credentials": true,
                     *       "credential_hint": "...c3d4",
                     *       "credential_updated_at": "2026-02-02T14:05:00Z",
                     *       "auth_kind": "api_key",
                     *       "warnings": [],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        auth_kind: "api_key" | "iam" | "none";
                        /** @description null: the driver's default applies */
                        base_url: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Last 4 characters of the key; absent when the key is shorter than 8 */
                        credential_hint?: string;
                        credential_updated_at: string | null;
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        /** @description the driver's display name (the vendor or cloud) */
                        driver_display_name: string;
                        enabled: boolean;
                        has_credentials: boolean;
                        id: string;
                        name: string;
                        organization: string;
                        region: string | null;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                        /** @description On create and on a change of base_url only: what will not work as configured (a base URL on a private network that discovery will refuse, naming the setting that allows it) */
                        warnings?: string[];
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteOrganizationsOrgAiProvidersIdCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postOrganizationsOrgAiProvidersIdDiscover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *       "driver": "vendor_a",
                     *       "truncated": false,
                     *       "models": [
                     *         {
                     *           "model_id": "claude-sonnet-4-5",
                     *           "display_name": "Claude Sonnet 4.5",
                     *           "context_window": 200000,
                     *           "max_output_tokens": 64000,
                     *           "already_imported": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI
                         * @enum {unknown}
                         */
                        driver: "vendor_a" | "vendor_b" | "vendor_b_compatible" | "cloud_a" | "cloud_b";
                        models: {
                            already_imported: boolean;
                            context_window?: number;
                            display_name: string;
                            max_output_tokens?: number;
                            model_id: string;
                        }[];
                        provider_id: string;
                        /** @description The provider reported more than 1000 models; the first 1000 are listed */
                        truncated: boolean;
                    };
                };
            };
        };
    };
    postOrganizationsOrgAiProvidersIdImportModels: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "models": [
                 *         {
                 *           "model_id": "claude-sonnet-4-5",
                 *           "slug": "claude-sonnet",
                 *           "name": "Claude Sonnet",
                 *           "kind": "chat"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    models: {
                        /** @enum {unknown} */
                        access_scope?: "organization" | "restricted";
                        context_window?: number | null;
                        default_temperature?: number | null;
                        enabled?: boolean;
                        /** @description USD per one million input tokens; null = unknown or contract pricing; "0" = self-hosted. An exact decimal as a string (for example "3", "0.25"), never a float. */
                        input_cost_per_mtok?: string | null;
                        /** @enum {unknown} */
                        kind?: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                        max_output_tokens?: number | null;
                        /** @description The vendor's model id, unique per provider */
                        model_id: string;
                        /** @description Monthly spend cap in USD. Advisory only: stored and shown, nothing enforces it. An exact decimal as a string (for example "3", "0.25"), never a float. */
                        monthly_spend_cap?: string | null;
                        name?: string;
                        /** @description USD per one million output tokens; null = unknown or contract pricing; "0" = self-hosted. An exact decimal as a string (for example "3", "0.25"), never a float. */
                        output_cost_per_mtok?: string | null;
                        /** @description Stable alias, unique in the organization */
                        slug?: string;
                        /** @description Teams of the organization allowed to use a restricted model (at least one) */
                        team_slugs?: string[];
                    }[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-7283-7495-8a01-b1c2d3e4f506",
                     *         "organization": "acme",
                     *         "provider_id": "0190f6a5-6172-7384-9f90-a0b1c2d3e4f5",
                     *         "model_id": "claude-sonnet-4-5",
                     *         "slug": "claude-sonnet",
                     *         "name": "Claude Sonnet",
                     *         "kind": "chat",
                     *         "access_scope": "organization",
                     *         "team_slugs": [],
                     *         "deleted_team_slugs": [],
                     *         "context_window": 200000,
                     *         "max_output_tokens": 64000,
                     *         "default_temperature": 1,
                     *         "input_cost_per_mtok": "3.00",
                     *         "output_cost_per_mtok": "15.00",
                     *         "monthly_spend_cap": "500.00",
                     *         "enabled": true,
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @enum {unknown} */
                        access_scope: "organization" | "restricted";
                        context_window: number | null;
                        /** Format: date-time */
                        created_at: string;
                        default_temperature: number | null;
                        /** @description Teams chosen for a restricted model that were deleted since. The model stays restricted: a deleted team never widens access. */
                        deleted_team_slugs: string[];
                        enabled: boolean;
                        id: string;
                        input_cost_per_mtok: string | null;
                        /** @enum {unknown} */
                        kind: "chat" | "embedding" | "image" | "audio" | "moderation" | "rerank" | "other";
                        max_output_tokens: number | null;
                        model_id: string;
                        /** @description Advisory only: stored and shown, nothing enforces it. */
                        monthly_spend_cap: string | null;
                        name: string;
                        organization: string;
                        output_cost_per_mtok: string | null;
                        provider_id: string;
                        slug: string;
                        /** @description Teams that may use a restricted model */
                        team_slugs: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    }[];
                };
            };
        };
    };
    getOrganizationsOrgBlueprints: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "services",
                     *         "name": "Services",
                     *         "organization": "acme",
                     *         "project_type": "service",
                     *         "schema": {
                     *           "type": "object",
                     *           "properties": {
                     *             "tier": {
                     *               "enum": [
                     *                 "gold",
                     *                 "silver",
                     *                 "bronze"
                     *               ]
                     *             },
                     *             "language": {
                     *               "type": "string"
                     *             }
                     *           },
                     *           "required": [
                     *             "tier"
                     *           ]
                     *         },
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        organization: string;
                        /** @description null: every project of the organization */
                        project_type: string | null;
                        /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                        schema: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgBlueprints: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "services",
                 *       "name": "Services",
                 *       "schema": {
                 *         "type": "object",
                 *         "properties": {
                 *           "tier": {
                 *             "enum": [
                 *               "gold",
                 *               "silver",
                 *               "bronze"
                 *             ]
                 *           },
                 *           "language": {
                 *             "type": "string"
                 *           }
                 *         },
                 *         "required": [
                 *           "tier"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    name: string;
                    project_type?: string | null;
                    /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                    schema: {
                        [key: string]: unknown;
                    };
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "services",
                     *       "name": "Services",
                     *       "organization": "acme",
                     *       "project_type": "service",
                     *       "schema": {
                     *         "type": "object",
                     *         "properties": {
                     *           "tier": {
                     *             "enum": [
                     *               "gold",
                     *               "silver",
                     *               "bronze"
                     *             ]
                     *           },
                     *           "language": {
                     *             "type": "string"
                     *           }
                     *         },
                     *         "required": [
                     *           "tier"
                     *         ]
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        organization: string;
                        /** @description null: every project of the organization */
                        project_type: string | null;
                        /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                        schema: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrgBlueprintsBlueprint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                blueprint: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "services",
                     *       "name": "Services",
                     *       "organization": "acme",
                     *       "project_type": "service",
                     *       "schema": {
                     *         "type": "object",
                     *         "properties": {
                     *           "tier": {
                     *             "enum": [
                     *               "gold",
                     *               "silver",
                     *               "bronze"
                     *             ]
                     *           },
                     *           "language": {
                     *             "type": "string"
                     *           }
                     *         },
                     *         "required": [
                     *           "tier"
                     *         ]
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        organization: string;
                        /** @description null: every project of the organization */
                        project_type: string | null;
                        /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                        schema: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    putOrganizationsOrgBlueprintsBlueprint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                blueprint: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Services",
                 *       "schema": {
                 *         "type": "object",
                 *         "properties": {
                 *           "tier": {
                 *             "enum": [
                 *               "gold",
                 *               "silver",
                 *               "bronze"
                 *             ]
                 *           }
                 *         },
                 *         "required": [
                 *           "tier"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                    schema: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "services",
                     *       "name": "Services",
                     *       "organization": "acme",
                     *       "project_type": "service",
                     *       "schema": {
                     *         "type": "object",
                     *         "properties": {
                     *           "tier": {
                     *             "enum": [
                     *               "gold",
                     *               "silver",
                     *               "bronze"
                     *             ]
                     *           },
                     *           "language": {
                     *             "type": "string"
                     *           }
                     *         },
                     *         "required": [
                     *           "tier"
                     *         ]
                     *       },
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        organization: string;
                        /** @description null: every project of the organization */
                        project_type: string | null;
                        /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                        schema: {
                            [key: string]: unknown;
                        };
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgBlueprintsBlueprint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                blueprint: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postOrganizationsOrgBlueprintsDryRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "schema": {
                 *         "type": "object",
                 *         "properties": {
                 *           "tier": {
                 *             "enum": [
                 *               "gold",
                 *               "silver",
                 *               "bronze"
                 *             ]
                 *           }
                 *         },
                 *         "required": [
                 *           "tier"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    project_type?: string | null;
                    /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
                    schema: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "checked": 12,
                     *       "misfit_count": 1,
                     *       "misfits": [
                     *         {
                     *           "project": "acme-web",
                     *           "errors": [
                     *             {
                     *               "pointer": "/tier",
                     *               "detail": "is required",
                     *               "keyword": "required"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description projects the schema would apply to (archived ones included) */
                        checked: number;
                        misfit_count: number;
                        /** @description the first 100 projects that do not fit, in id order */
                        misfits: {
                            errors: {
                                detail: string;
                                keyword?: string;
                                pointer: string;
                            }[];
                            project: string;
                        }[];
                    };
                };
            };
        };
    };
    getOrganizationsOrgEvents: {
        parameters: {
            query?: {
                /** @description only what this user or service account did, itself or on behalf of another */
                actor?: string;
                /** @description from the Link header of the previous page; opaque */
                cursor?: string;
                /** @description events per page (1 to 100) */
                limit?: number;
                /** @description events at or after (whole seconds) */
                since?: string;
                /** @description only events recorded on this topic */
                topic?: "gateway" | "lifecycle" | "comments";
                /** @description only events of this type (`project.created`), or of one subject (`project.*`) */
                type?: string;
                /** @description events before (whole seconds) */
                until?: string;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-b6c7-78d9-8e45-f5061728394a",
                     *         "type": "project.updated",
                     *         "topic": "lifecycle",
                     *         "summary": "ada@example.com updated project acme-web",
                     *         "subject": {
                     *           "type": "project",
                     *           "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e"
                     *         },
                     *         "organization": "acme",
                     *         "project": "acme-web",
                     *         "environment": null,
                     *         "by": "ada@example.com",
                     *         "principal": "ada@example.com",
                     *         "actor": null,
                     *         "occurred_at": "2026-01-31T09:30:00Z",
                     *         "details": {
                     *           "changed": [
                     *             "name"
                     *           ],
                     *           "previous_slug": "acme-web",
                     *           "changes": [
                     *             {
                     *               "field": "/name",
                     *               "old": "Acme web",
                     *               "new": "Acme web shop"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        actor: string | null;
                        /** @description who did it: the caller, or "<user> on behalf of <actor>" under delegation */
                        by: string;
                        /** @description facts about the event (the fields an update changed, a previous slug...); never a secret */
                        details: {
                            [key: string]: unknown;
                        };
                        environment: string | null;
                        /**
                         * Format: uuid
                         * @description the event id (for a webhook delivery, derived from the webhook and its delivery id)
                         */
                        id: string;
                        /** Format: date-time */
                        occurred_at: string;
                        /** @description slug of the organization, as recorded */
                        organization: string;
                        /** @description the user or service account who did it; `system` for Keel itself */
                        principal: string;
                        project: string | null;
                        /** @description what it happened to */
                        subject: {
                            /** @description the id of that thing */
                            id: string;
                            /** @description what it happened to: organization, team, project, comment, webhook... */
                            type: string;
                        };
                        /** @description one sentence: who did what to what */
                        summary: string;
                        /**
                         * @description where it was recorded: lifecycle, comments, gateway
                         * @enum {unknown}
                         */
                        topic: "gateway" | "lifecycle" | "comments";
                        /** @description what happened: `<subject>.<verb>`, e.g. `project.created` */
                        type: string;
                    }[];
                };
            };
        };
    };
    getOrganizationsOrgLinkDefinitions: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "repository",
                     *         "name": "Repository",
                     *         "url_template": "https://git.example.com/{org}/{project}",
                     *         "icon": "git",
                     *         "organization": "acme",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       },
                     *       {
                     *         "slug": "runbook",
                     *         "name": "Runbook",
                     *         "url_template": "https://wiki.example.com/{org}/{project}",
                     *         "icon": "book",
                     *         "organization": "acme",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        icon: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        url_template: string | null;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgLinkDefinitions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "runbook",
                 *       "name": "Runbook",
                 *       "url_template": "https://wiki.example.com/{org}/{project}",
                 *       "icon": "book"
                 *     }
                 */
                "application/json": {
                    /** @description the name of an icon the console shows by the link */
                    icon?: string | null;
                    name: string;
                    slug: string;
                    /** @description an http(s) URL with placeholders among {project}, {project_id}, {team}, {org}; null: projects give their own URL */
                    url_template?: string | null;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "runbook",
                     *       "name": "Runbook",
                     *       "url_template": "https://wiki.example.com/{org}/{project}",
                     *       "icon": "book",
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        icon: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        url_template: string | null;
                    };
                };
            };
        };
    };
    getOrganizationsOrgLinkDefinitionsLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "runbook",
                     *       "name": "Runbook",
                     *       "url_template": "https://wiki.example.com/{org}/{project}",
                     *       "icon": "book",
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        icon: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        url_template: string | null;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgLinkDefinitionsLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchOrganizationsOrgLinkDefinitionsLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url_template": "https://runbooks.example.com/{team}/{project}"
                 *     }
                 */
                "application/json": {
                    /** @description the name of an icon the console shows by the link */
                    icon?: string | null;
                    name?: string;
                    /** @description an http(s) URL with placeholders among {project}, {project_id}, {team}, {org}; null: projects give their own URL */
                    url_template?: string | null;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "runbook",
                     *       "name": "Runbook",
                     *       "url_template": "https://runbooks.example.com/{team}/{project}",
                     *       "icon": "book",
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        icon: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        url_template: string | null;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgOperationsLog: {
        parameters: {
            query?: {
                cursor?: string;
                environment?: string;
                limit?: number;
                project?: string;
                /** @description entries that occurred at or after (whole seconds) */
                since?: string;
                /** @description entries that occurred before (whole seconds) */
                until?: string;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-a5b6-77c8-9d34-e4f506172839",
                     *         "organization": "acme",
                     *         "project": "acme-web",
                     *         "environment": "production",
                     *         "entry_type": "Deployed",
                     *         "description": "Deployed 2.4.1 to production",
                     *         "version": "2.4.1",
                     *         "link": "https://ci.example.com/runs/42",
                     *         "ticket": "OPS-142",
                     *         "status": "completed",
                     *         "occurred_at": "2026-01-31T09:30:00Z",
                     *         "completed_at": "2026-01-31T09:30:00Z",
                     *         "recorded_by": "deploy-bot",
                     *         "recorded_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        completed_at: string | null;
                        description: string;
                        /**
                         * @description `Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments
                         * @enum {unknown}
                         */
                        entry_type: "Deployed" | "Rolled Back" | "Configured" | "Restarted" | "Scaled" | "Maintenance" | "Incident" | "Note";
                        environment: string;
                        /** Format: uuid */
                        id: string;
                        link: string | null;
                        /** Format: date-time */
                        occurred_at: string;
                        organization: string;
                        project: string;
                        /** Format: date-time */
                        recorded_at: string;
                        /** @description the caller; "<user> on behalf of <actor>" under delegation */
                        recorded_by: string;
                        /** @enum {unknown} */
                        status: "open" | "completed";
                        ticket: string | null;
                        version: string | null;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgOperationsLog: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "project": "acme-web",
                 *       "environment": "production",
                 *       "entry_type": "Deployed",
                 *       "description": "Deployed 2.4.1 to production",
                 *       "version": "2.4.1",
                 *       "link": "https://ci.example.com/runs/42"
                 *     }
                 */
                "application/json": {
                    description: string;
                    /**
                     * @description `Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments
                     * @enum {unknown}
                     */
                    entry_type: "Deployed" | "Rolled Back" | "Configured" | "Restarted" | "Scaled" | "Maintenance" | "Incident" | "Note";
                    /** @description slug of an environment */
                    environment: string;
                    /** Format: uri */
                    link?: string;
                    /**
                     * Format: date-time
                     * @description when it happened; default: now
                     */
                    occurred_at?: string;
                    /** @description slug of a project of the organization */
                    project: string;
                    /**
                     * @description `completed` (default): it happened; `open`: it is under way, complete it later with POST .../operations-log/{id}/complete
                     * @enum {unknown}
                     */
                    status?: "open" | "completed";
                    ticket?: string;
                    version?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-a5b6-77c8-9d34-e4f506172839",
                     *       "organization": "acme",
                     *       "project": "acme-web",
                     *       "environment": "production",
                     *       "entry_type": "Deployed",
                     *       "description": "Deployed 2.4.1 to production",
                     *       "version": "2.4.1",
                     *       "link": "https://ci.example.com/runs/42",
                     *       "ticket": "OPS-142",
                     *       "status": "completed",
                     *       "occurred_at": "2026-01-31T09:30:00Z",
                     *       "completed_at": "2026-01-31T09:30:00Z",
                     *       "recorded_by": "deploy-bot",
                     *       "recorded_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        completed_at: string | null;
                        description: string;
                        /**
                         * @description `Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments
                         * @enum {unknown}
                         */
                        entry_type: "Deployed" | "Rolled Back" | "Configured" | "Restarted" | "Scaled" | "Maintenance" | "Incident" | "Note";
                        environment: string;
                        /** Format: uuid */
                        id: string;
                        link: string | null;
                        /** Format: date-time */
                        occurred_at: string;
                        organization: string;
                        project: string;
                        /** Format: date-time */
                        recorded_at: string;
                        /** @description the caller; "<user> on behalf of <actor>" under delegation */
                        recorded_by: string;
                        /** @enum {unknown} */
                        status: "open" | "completed";
                        ticket: string | null;
                        version: string | null;
                    };
                };
            };
        };
    };
    getOrganizationsOrgOperationsLogId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-a5b6-77c8-9d34-e4f506172839",
                     *       "organization": "acme",
                     *       "project": "acme-web",
                     *       "environment": "production",
                     *       "entry_type": "Deployed",
                     *       "description": "Deployed 2.4.1 to production",
                     *       "version": "2.4.1",
                     *       "link": "https://ci.example.com/runs/42",
                     *       "ticket": "OPS-142",
                     *       "status": "completed",
                     *       "occurred_at": "2026-01-31T09:30:00Z",
                     *       "completed_at": "2026-01-31T09:30:00Z",
                     *       "recorded_by": "deploy-bot",
                     *       "recorded_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        completed_at: string | null;
                        description: string;
                        /**
                         * @description `Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments
                         * @enum {unknown}
                         */
                        entry_type: "Deployed" | "Rolled Back" | "Configured" | "Restarted" | "Scaled" | "Maintenance" | "Incident" | "Note";
                        environment: string;
                        /** Format: uuid */
                        id: string;
                        link: string | null;
                        /** Format: date-time */
                        occurred_at: string;
                        organization: string;
                        project: string;
                        /** Format: date-time */
                        recorded_at: string;
                        /** @description the caller; "<user> on behalf of <actor>" under delegation */
                        recorded_by: string;
                        /** @enum {unknown} */
                        status: "open" | "completed";
                        ticket: string | null;
                        version: string | null;
                    };
                };
            };
        };
    };
    postOrganizationsOrgOperationsLogIdComplete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "completed_at": "2026-02-02T14:05:00Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description default: now; not before occurred_at
                     */
                    completed_at?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-a5b6-77c8-9d34-e4f506172839",
                     *       "organization": "acme",
                     *       "project": "acme-web",
                     *       "environment": "production",
                     *       "entry_type": "Deployed",
                     *       "description": "Deployed 2.4.1 to production",
                     *       "version": "2.4.1",
                     *       "link": "https://ci.example.com/runs/42",
                     *       "ticket": "OPS-142",
                     *       "status": "completed",
                     *       "occurred_at": "2026-01-31T09:30:00Z",
                     *       "completed_at": "2026-01-31T09:30:00Z",
                     *       "recorded_by": "deploy-bot",
                     *       "recorded_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        completed_at: string | null;
                        description: string;
                        /**
                         * @description `Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments
                         * @enum {unknown}
                         */
                        entry_type: "Deployed" | "Rolled Back" | "Configured" | "Restarted" | "Scaled" | "Maintenance" | "Incident" | "Note";
                        environment: string;
                        /** Format: uuid */
                        id: string;
                        link: string | null;
                        /** Format: date-time */
                        occurred_at: string;
                        organization: string;
                        project: string;
                        /** Format: date-time */
                        recorded_at: string;
                        /** @description the caller; "<user> on behalf of <actor>" under delegation */
                        recorded_by: string;
                        /** @enum {unknown} */
                        status: "open" | "completed";
                        ticket: string | null;
                        version: string | null;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjectTypes: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "service",
                     *         "name": "Service",
                     *         "description": "A deployable service",
                     *         "deploys": true,
                     *         "organization": "acme",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description whether projects of this type deploy to environments */
                        deploys: boolean;
                        description: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgProjectTypes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "service",
                 *       "name": "Service",
                 *       "description": "A deployable service",
                 *       "deploys": true
                 *     }
                 */
                "application/json": {
                    deploys?: boolean;
                    description?: string | null;
                    name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "service",
                     *       "name": "Service",
                     *       "description": "A deployable service",
                     *       "deploys": true,
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description whether projects of this type deploy to environments */
                        deploys: boolean;
                        description: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrgProjectTypesType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "service",
                     *       "name": "Service",
                     *       "description": "A deployable service",
                     *       "deploys": true,
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description whether projects of this type deploy to environments */
                        deploys: boolean;
                        description: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgProjectTypesType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchOrganizationsOrgProjectTypesType: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "A service deployed to the production environment"
                 *     }
                 */
                "application/json": {
                    deploys?: boolean;
                    description?: string | null;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "service",
                     *       "name": "Service",
                     *       "description": "A deployable service",
                     *       "deploys": true,
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** @description whether projects of this type deploy to environments */
                        deploys: boolean;
                        description: string | null;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjects: {
        parameters: {
            query?: {
                /** @description false (default): live projects only; true: archived ones only; any: both */
                archived?: "false" | "true" | "any";
                cursor?: string;
                /** @description projects deployed to this environment */
                environment?: string;
                /** @description projects with this top-level attribute (repeat for several) */
                has?: string[];
                limit?: number;
                /** @description case-insensitive text of the slug, the name or an attribute value that is text */
                q?: string;
                /** @description score at most (inclusive) */
                score_max?: number;
                /** @description score at least (inclusive) */
                score_min?: number;
                team?: string;
                type?: string;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e",
                     *         "slug": "acme-web",
                     *         "name": "Acme web",
                     *         "organization": "acme",
                     *         "team": "platform",
                     *         "types": [
                     *           "service"
                     *         ],
                     *         "attributes": {
                     *           "tier": "gold",
                     *           "language": "typescript"
                     *         },
                     *         "archived": null,
                     *         "environments": [
                     *           {
                     *             "environment": "production",
                     *             "url": "https://shop.acme.com",
                     *             "version": "2.4.1",
                     *             "since": "2026-01-31T09:30:00Z"
                     *           },
                     *           {
                     *             "environment": "staging",
                     *             "url": "https://staging.shop.acme.com",
                     *             "version": "2.5.0-rc.1",
                     *             "since": "2026-02-02T14:05:00Z"
                     *           }
                     *         ],
                     *         "score": 82.5,
                     *         "previous_score": 70,
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-02-02T14:05:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @description who archived the project, when and why; null while it is live */
                        archived: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                            reason: string | null;
                        } | null;
                        /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description the environments it is deployed to, by slug: URL, version running there, since when */
                        environments: {
                            /** @description slug of the environment */
                            environment: string;
                            /** @description since when that version runs there */
                            since: string | null;
                            /** @description where the project answers there */
                            url: string | null;
                            /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                            version: string | null;
                        }[];
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        /** @description the organization's links resolved for the project, by slug; on the read of one project only (lists and write answers leave them out) */
                        links?: {
                            icon: string | null;
                            /** @description slug of the link definition */
                            link: string;
                            name: string;
                            /** @description true: the project's own URL */
                            overridden: boolean;
                            /** @description the project's own URL, or the definition's template expanded */
                            url: string;
                        }[];
                        name: string;
                        organization: string;
                        previous_score: number | null;
                        score: number | null;
                        slug: string;
                        team: string;
                        /** @description slugs of the organization's project types it is of */
                        types: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgProjects: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "acme-web",
                 *       "name": "Acme web",
                 *       "team": "platform",
                 *       "types": [
                 *         "service"
                 *       ],
                 *       "attributes": {
                 *         "tier": "gold",
                 *         "language": "typescript"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                    attributes?: {
                        [key: string]: unknown;
                    };
                    name: string;
                    slug: string;
                    team: string;
                    /** @description slugs of the organization's project types (naming them needs project_type:read) */
                    types?: string[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e",
                     *       "slug": "acme-web",
                     *       "name": "Acme web",
                     *       "organization": "acme",
                     *       "team": "platform",
                     *       "types": [
                     *         "service"
                     *       ],
                     *       "attributes": {
                     *         "tier": "gold",
                     *         "language": "typescript"
                     *       },
                     *       "archived": null,
                     *       "environments": [
                     *         {
                     *           "environment": "production",
                     *           "url": "https://shop.acme.com",
                     *           "version": "2.4.1",
                     *           "since": "2026-01-31T09:30:00Z"
                     *         },
                     *         {
                     *           "environment": "staging",
                     *           "url": "https://staging.shop.acme.com",
                     *           "version": "2.5.0-rc.1",
                     *           "since": "2026-02-02T14:05:00Z"
                     *         }
                     *       ],
                     *       "score": 82.5,
                     *       "previous_score": 70,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description who archived the project, when and why; null while it is live */
                        archived: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                            reason: string | null;
                        } | null;
                        /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description the environments it is deployed to, by slug: URL, version running there, since when */
                        environments: {
                            /** @description slug of the environment */
                            environment: string;
                            /** @description since when that version runs there */
                            since: string | null;
                            /** @description where the project answers there */
                            url: string | null;
                            /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                            version: string | null;
                        }[];
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        /** @description the organization's links resolved for the project, by slug; on the read of one project only (lists and write answers leave them out) */
                        links?: {
                            icon: string | null;
                            /** @description slug of the link definition */
                            link: string;
                            name: string;
                            /** @description true: the project's own URL */
                            overridden: boolean;
                            /** @description the project's own URL, or the definition's template expanded */
                            url: string;
                        }[];
                        name: string;
                        organization: string;
                        previous_score: number | null;
                        score: number | null;
                        slug: string;
                        team: string;
                        /** @description slugs of the organization's project types it is of */
                        types: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    getOrganizationsOrgProjectsProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e",
                     *       "slug": "acme-web",
                     *       "name": "Acme web",
                     *       "organization": "acme",
                     *       "team": "platform",
                     *       "types": [
                     *         "service"
                     *       ],
                     *       "attributes": {
                     *         "tier": "gold",
                     *         "language": "typescript"
                     *       },
                     *       "archived": null,
                     *       "environments": [
                     *         {
                     *           "environment": "production",
                     *           "url": "https://shop.acme.com",
                     *           "version": "2.4.1",
                     *           "since": "2026-01-31T09:30:00Z"
                     *         },
                     *         {
                     *           "environment": "staging",
                     *           "url": "https://staging.shop.acme.com",
                     *           "version": "2.5.0-rc.1",
                     *           "since": "2026-02-02T14:05:00Z"
                     *         }
                     *       ],
                     *       "score": 82.5,
                     *       "previous_score": 70,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z",
                     *       "links": [
                     *         {
                     *           "link": "repository",
                     *           "name": "Repository",
                     *           "icon": "git",
                     *           "url": "https://git.example.com/acme/acme-web",
                     *           "overridden": false
                     *         },
                     *         {
                     *           "link": "runbook",
                     *           "name": "Runbook",
                     *           "icon": "book",
                     *           "url": "https://wiki.example.com/acme/web-shop-runbook",
                     *           "overridden": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description who archived the project, when and why; null while it is live */
                        archived: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                            reason: string | null;
                        } | null;
                        /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description the environments it is deployed to, by slug: URL, version running there, since when */
                        environments: {
                            /** @description slug of the environment */
                            environment: string;
                            /** @description since when that version runs there */
                            since: string | null;
                            /** @description where the project answers there */
                            url: string | null;
                            /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                            version: string | null;
                        }[];
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        /** @description the organization's links resolved for the project, by slug; on the read of one project only (lists and write answers leave them out) */
                        links?: {
                            icon: string | null;
                            /** @description slug of the link definition */
                            link: string;
                            name: string;
                            /** @description true: the project's own URL */
                            overridden: boolean;
                            /** @description the project's own URL, or the definition's template expanded */
                            url: string;
                        }[];
                        name: string;
                        organization: string;
                        previous_score: number | null;
                        score: number | null;
                        slug: string;
                        team: string;
                        /** @description slugs of the organization's project types it is of */
                        types: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgProjectsProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchOrganizationsOrgProjectsProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme web shop",
                 *       "attributes": {
                 *         "tier": "gold",
                 *         "language": "typescript"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                    attributes?: {
                        [key: string]: unknown;
                    };
                    name?: string;
                    slug?: string;
                    team?: string;
                    /** @description slugs of the organization's project types (naming them needs project_type:read) */
                    types?: string[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e",
                     *       "slug": "acme-web",
                     *       "name": "Acme web",
                     *       "organization": "acme",
                     *       "team": "platform",
                     *       "types": [
                     *         "service"
                     *       ],
                     *       "attributes": {
                     *         "tier": "gold",
                     *         "language": "typescript"
                     *       },
                     *       "archived": null,
                     *       "environments": [
                     *         {
                     *           "environment": "production",
                     *           "url": "https://shop.acme.com",
                     *           "version": "2.4.1",
                     *           "since": "2026-01-31T09:30:00Z"
                     *         },
                     *         {
                     *           "environment": "staging",
                     *           "url": "https://staging.shop.acme.com",
                     *           "version": "2.5.0-rc.1",
                     *           "since": "2026-02-02T14:05:00Z"
                     *         }
                     *       ],
                     *       "score": 82.5,
                     *       "previous_score": 70,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description who archived the project, when and why; null while it is live */
                        archived: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                            reason: string | null;
                        } | null;
                        /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description the environments it is deployed to, by slug: URL, version running there, since when */
                        environments: {
                            /** @description slug of the environment */
                            environment: string;
                            /** @description since when that version runs there */
                            since: string | null;
                            /** @description where the project answers there */
                            url: string | null;
                            /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                            version: string | null;
                        }[];
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        /** @description the organization's links resolved for the project, by slug; on the read of one project only (lists and write answers leave them out) */
                        links?: {
                            icon: string | null;
                            /** @description slug of the link definition */
                            link: string;
                            name: string;
                            /** @description true: the project's own URL */
                            overridden: boolean;
                            /** @description the project's own URL, or the definition's template expanded */
                            url: string;
                        }[];
                        name: string;
                        organization: string;
                        previous_score: number | null;
                        score: number | null;
                        slug: string;
                        team: string;
                        /** @description slugs of the organization's project types it is of */
                        types: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjectsProjectAccess: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "email": "grace@example.com",
                     *         "actions": [
                     *           "read",
                     *           "update"
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": {
                        actions: string[];
                        email: string;
                    }[];
                };
            };
        };
    };
    putOrganizationsOrgProjectsProjectAccessEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "actions": [
                 *         "read",
                 *         "update"
                 *       ]
                 *     }
                 */
                "application/json": {
                    actions: ("read" | "update" | "delete")[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "grace@example.com",
                     *       "actions": [
                     *         "read",
                     *         "update"
                     *       ]
                     *     }
                     */
                    "application/json": {
                        actions: string[];
                        email: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgProjectsProjectAccessEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postOrganizationsOrgProjectsProjectArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Replaced by acme-shop"
                 *     }
                 */
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e",
                     *       "slug": "acme-web",
                     *       "name": "Acme web",
                     *       "organization": "acme",
                     *       "team": "platform",
                     *       "types": [
                     *         "service"
                     *       ],
                     *       "attributes": {
                     *         "tier": "gold",
                     *         "language": "typescript"
                     *       },
                     *       "archived": {
                     *         "at": "2026-02-02T14:05:00Z",
                     *         "by": "ada@example.com",
                     *         "reason": "Replaced by acme-shop"
                     *       },
                     *       "environments": [
                     *         {
                     *           "environment": "production",
                     *           "url": "https://shop.acme.com",
                     *           "version": "2.4.1",
                     *           "since": "2026-01-31T09:30:00Z"
                     *         },
                     *         {
                     *           "environment": "staging",
                     *           "url": "https://staging.shop.acme.com",
                     *           "version": "2.5.0-rc.1",
                     *           "since": "2026-02-02T14:05:00Z"
                     *         }
                     *       ],
                     *       "score": 82.5,
                     *       "previous_score": 70,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description who archived the project, when and why; null while it is live */
                        archived: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                            reason: string | null;
                        } | null;
                        /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description the environments it is deployed to, by slug: URL, version running there, since when */
                        environments: {
                            /** @description slug of the environment */
                            environment: string;
                            /** @description since when that version runs there */
                            since: string | null;
                            /** @description where the project answers there */
                            url: string | null;
                            /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                            version: string | null;
                        }[];
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        /** @description the organization's links resolved for the project, by slug; on the read of one project only (lists and write answers leave them out) */
                        links?: {
                            icon: string | null;
                            /** @description slug of the link definition */
                            link: string;
                            name: string;
                            /** @description true: the project's own URL */
                            overridden: boolean;
                            /** @description the project's own URL, or the definition's template expanded */
                            url: string;
                        }[];
                        name: string;
                        organization: string;
                        previous_score: number | null;
                        score: number | null;
                        slug: string;
                        team: string;
                        /** @description slugs of the organization's project types it is of */
                        types: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjectsProjectBlastRadius: {
        parameters: {
            query?: {
                depth?: number;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project": "acme-payments",
                     *       "depth": 2,
                     *       "truncated": false,
                     *       "dependents": [
                     *         {
                     *           "project": "acme-web",
                     *           "name": "Acme web",
                     *           "depth": 1
                     *         },
                     *         {
                     *           "project": "acme-mobile",
                     *           "name": "Acme mobile",
                     *           "depth": 2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        dependents: {
                            depth: number;
                            name: string;
                            project: string;
                        }[];
                        depth: number;
                        project: string;
                        truncated: boolean;
                    };
                };
            };
        };
    };
    getOrganizationsOrgProjectsProjectComments: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-8394-75a6-9b12-c2d3e4f50617",
                     *         "organization": "acme",
                     *         "project": "acme-web",
                     *         "body": "Deployed 2.4.1 to production.",
                     *         "author": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @description the caller; "<user> on behalf of <actor>" under delegation */
                        author: string;
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id
                         */
                        id: string;
                        organization: string;
                        project: string;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgProjectsProjectComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "body": "Deployed 2.4.1 to production."
                 *     }
                 */
                "application/json": {
                    body: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-8394-75a6-9b12-c2d3e4f50617",
                     *       "organization": "acme",
                     *       "project": "acme-web",
                     *       "body": "Deployed 2.4.1 to production.",
                     *       "author": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description the caller; "<user> on behalf of <actor>" under delegation */
                        author: string;
                        body: string;
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id
                         */
                        id: string;
                        organization: string;
                        project: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrgProjectsProjectDependencies: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "project": "acme-payments",
                     *         "name": "Acme payments",
                     *         "note": "Calls its payments API",
                     *         "created_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        note: string | null;
                        /** @description slug of the other project */
                        project: string;
                    }[];
                };
            };
        };
    };
    putOrganizationsOrgProjectsProjectDependenciesTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
                target: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "Calls its payments API"
                 *     }
                 */
                "application/json": {
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project": "acme-payments",
                     *       "name": "Acme payments",
                     *       "note": "Calls its payments API",
                     *       "created_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        note: string | null;
                        /** @description slug of the other project */
                        project: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "project": "acme-payments",
                     *       "name": "Acme payments",
                     *       "note": "Calls its payments API",
                     *       "created_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        note: string | null;
                        /** @description slug of the other project */
                        project: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgProjectsProjectDependenciesTarget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
                target: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjectsProjectDependents: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "project": "acme-web",
                     *         "name": "Acme web",
                     *         "note": "Calls its payments API",
                     *         "created_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        name: string;
                        note: string | null;
                        /** @description slug of the other project */
                        project: string;
                    }[];
                };
            };
        };
    };
    putOrganizationsOrgProjectsProjectEnvironmentsEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment: string;
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.acme.com"
                 *     }
                 */
                "application/json": {
                    url?: string | null;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "environment": "production",
                     *       "url": "https://shop.acme.com",
                     *       "version": "2.4.1",
                     *       "since": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description slug of the environment */
                        environment: string;
                        /** @description since when that version runs there */
                        since: string | null;
                        /** @description where the project answers there */
                        url: string | null;
                        /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                        version: string | null;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "environment": "production",
                     *       "url": "https://shop.acme.com",
                     *       "version": null,
                     *       "since": null
                     *     }
                     */
                    "application/json": {
                        /** @description slug of the environment */
                        environment: string;
                        /** @description since when that version runs there */
                        since: string | null;
                        /** @description where the project answers there */
                        url: string | null;
                        /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                        version: string | null;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgProjectsProjectEnvironmentsEnvironment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                environment: string;
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjectsProjectEvents: {
        parameters: {
            query?: {
                /** @description only what this user or service account did, itself or on behalf of another */
                actor?: string;
                /** @description from the Link header of the previous page; opaque */
                cursor?: string;
                /** @description events per page (1 to 100) */
                limit?: number;
                /** @description events at or after (whole seconds) */
                since?: string;
                /** @description only events recorded on this topic */
                topic?: "gateway" | "lifecycle" | "comments";
                /** @description only events of this type (`project.created`), or of one subject (`project.*`) */
                type?: string;
                /** @description events before (whole seconds) */
                until?: string;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-b6c7-78d9-8e45-f5061728394a",
                     *         "type": "project.updated",
                     *         "topic": "lifecycle",
                     *         "summary": "ada@example.com updated project acme-web",
                     *         "subject": {
                     *           "type": "project",
                     *           "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e"
                     *         },
                     *         "organization": "acme",
                     *         "project": "acme-web",
                     *         "environment": null,
                     *         "by": "ada@example.com",
                     *         "principal": "ada@example.com",
                     *         "actor": null,
                     *         "occurred_at": "2026-01-31T09:30:00Z",
                     *         "details": {
                     *           "changed": [
                     *             "name"
                     *           ],
                     *           "previous_slug": "acme-web",
                     *           "changes": [
                     *             {
                     *               "field": "/name",
                     *               "old": "Acme web",
                     *               "new": "Acme web shop"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": {
                        actor: string | null;
                        /** @description who did it: the caller, or "<user> on behalf of <actor>" under delegation */
                        by: string;
                        /** @description facts about the event (the fields an update changed, a previous slug...); never a secret */
                        details: {
                            [key: string]: unknown;
                        };
                        environment: string | null;
                        /**
                         * Format: uuid
                         * @description the event id (for a webhook delivery, derived from the webhook and its delivery id)
                         */
                        id: string;
                        /** Format: date-time */
                        occurred_at: string;
                        /** @description slug of the organization, as recorded */
                        organization: string;
                        /** @description the user or service account who did it; `system` for Keel itself */
                        principal: string;
                        project: string | null;
                        /** @description what it happened to */
                        subject: {
                            /** @description the id of that thing */
                            id: string;
                            /** @description what it happened to: organization, team, project, comment, webhook... */
                            type: string;
                        };
                        /** @description one sentence: who did what to what */
                        summary: string;
                        /**
                         * @description where it was recorded: lifecycle, comments, gateway
                         * @enum {unknown}
                         */
                        topic: "gateway" | "lifecycle" | "comments";
                        /** @description what happened: `<subject>.<verb>`, e.g. `project.created` */
                        type: string;
                    }[];
                };
            };
        };
    };
    putOrganizationsOrgProjectsProjectLinksLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://wiki.example.com/acme/web-shop-runbook"
                 *     }
                 */
                "application/json": {
                    url: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "link": "runbook",
                     *       "url": "https://wiki.example.com/acme/web-shop-runbook"
                     *     }
                     */
                    "application/json": {
                        /** @description slug of the link definition */
                        link: string;
                        url: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "link": "runbook",
                     *       "url": "https://wiki.example.com/acme/web-shop-runbook"
                     *     }
                     */
                    "application/json": {
                        /** @description slug of the link definition */
                        link: string;
                        url: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgProjectsProjectLinksLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                link: string;
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgProjectsProjectReleases: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "release_version": "2.4.1",
                     *         "batch_id": "0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c",
                     *         "recorded_at": "2026-01-31T09:30:00Z",
                     *         "component_count": 2
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description the newest complete batch of the release
                         */
                        batch_id: string;
                        component_count: number;
                        /** Format: date-time */
                        recorded_at: string;
                        release_version: string;
                    }[];
                };
            };
        };
    };
    getOrganizationsOrgProjectsProjectReleasesVersionComponents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
                /** @description the release version, e.g. 1.4.0 or 2026.01.3+build.7 */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "organization": "acme",
                     *       "project": "acme-web",
                     *       "release_version": "2.4.1",
                     *       "batch_id": "0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c",
                     *       "recorded_at": "2026-01-31T09:30:00Z",
                     *       "components": [
                     *         {
                     *           "name": "react",
                     *           "version": "18.3.1",
                     *           "purl": "pkg:npm/react@18.3.1"
                     *         },
                     *         {
                     *           "name": "fastify",
                     *           "version": "5.2.0",
                     *           "purl": "pkg:npm/fastify@5.2.0"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        batch_id: string | null;
                        components: {
                            name: string;
                            purl: string | null;
                            version: string;
                        }[];
                        organization: string;
                        project: string;
                        recorded_at: string | null;
                        release_version: string;
                    };
                };
            };
        };
    };
    postOrganizationsOrgProjectsProjectReleasesVersionComponents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
                /** @description the release version, e.g. 1.4.0 or 2026.01.3+build.7 */
                version: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "components": [
                 *         {
                 *           "name": "react",
                 *           "version": "18.3.1",
                 *           "purl": "pkg:npm/react@18.3.1"
                 *         },
                 *         {
                 *           "name": "fastify",
                 *           "version": "5.2.0",
                 *           "purl": "pkg:npm/fastify@5.2.0"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    components: {
                        /** @description unique within one request */
                        name: string;
                        /** @description Package URL */
                        purl?: string;
                        version: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "organization": "acme",
                     *       "project": "acme-web",
                     *       "release_version": "2.4.1",
                     *       "batch_id": "0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c",
                     *       "component_count": 2,
                     *       "recorded_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        batch_id: string;
                        component_count: number;
                        organization: string;
                        project: string;
                        /** Format: date-time */
                        recorded_at: string;
                        release_version: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrgProjectsProjectSchema: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description a JSON Schema (draft 2020-12) of type "object", for the attributes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "object",
                     *       "allOf": [
                     *         {
                     *           "type": "object",
                     *           "properties": {
                     *             "tier": {
                     *               "enum": [
                     *                 "gold",
                     *                 "silver",
                     *                 "bronze"
                     *               ]
                     *             },
                     *             "language": {
                     *               "type": "string"
                     *             }
                     *           },
                     *           "required": [
                     *             "tier"
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getOrganizationsOrgProjectsProjectScoreHistory: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "score": 82.5,
                     *         "previous_score": 70,
                     *         "reason": "policy_changed",
                     *         "requested_by": "ada@example.com",
                     *         "computed_at": "2026-02-02T14:05:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        computed_at: string;
                        previous_score: number | null;
                        reason: string;
                        requested_by: string;
                        score: number | null;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgProjectsProjectUnarchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                project: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e",
                     *       "slug": "acme-web",
                     *       "name": "Acme web",
                     *       "organization": "acme",
                     *       "team": "platform",
                     *       "types": [
                     *         "service"
                     *       ],
                     *       "attributes": {
                     *         "tier": "gold",
                     *         "language": "typescript"
                     *       },
                     *       "archived": null,
                     *       "environments": [
                     *         {
                     *           "environment": "production",
                     *           "url": "https://shop.acme.com",
                     *           "version": "2.4.1",
                     *           "since": "2026-01-31T09:30:00Z"
                     *         },
                     *         {
                     *           "environment": "staging",
                     *           "url": "https://staging.shop.acme.com",
                     *           "version": "2.5.0-rc.1",
                     *           "since": "2026-02-02T14:05:00Z"
                     *         }
                     *       ],
                     *       "score": 82.5,
                     *       "previous_score": 70,
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description who archived the project, when and why; null while it is live */
                        archived: {
                            /** Format: date-time */
                            at: string;
                            by: string;
                            reason: string | null;
                        } | null;
                        /** @description A JSON object of facts about the project (scoring policies read these); the schema of the organization's blueprints applies (GET .../projects/{project}/schema) */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** @description the environments it is deployed to, by slug: URL, version running there, since when */
                        environments: {
                            /** @description slug of the environment */
                            environment: string;
                            /** @description since when that version runs there */
                            since: string | null;
                            /** @description where the project answers there */
                            url: string | null;
                            /** @description the version running there: moved by Deployed and Rolled Back entries of the operations log */
                            version: string | null;
                        }[];
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        /** @description the organization's links resolved for the project, by slug; on the read of one project only (lists and write answers leave them out) */
                        links?: {
                            icon: string | null;
                            /** @description slug of the link definition */
                            link: string;
                            name: string;
                            /** @description true: the project's own URL */
                            overridden: boolean;
                            /** @description the project's own URL, or the definition's template expanded */
                            url: string;
                        }[];
                        name: string;
                        organization: string;
                        previous_score: number | null;
                        score: number | null;
                        slug: string;
                        team: string;
                        /** @description slugs of the organization's project types it is of */
                        types: string[];
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string | null;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postOrganizationsOrgProjectsImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        /** @description NDJSON: one object a line with slug, name, team, types (array), attributes (object), environments (object: {<environment slug>: {url?}}) and links (object: {<definition slug>: url}). CSV: a header row naming slug, name, team and optionally types (slugs separated by ;), attributes (a JSON object), attr.<name> columns (text), env.<environment>.url and link.<definition> columns (URLs). */
        requestBody: {
            content: {
                /**
                 * @example {"slug":"acme-web","name":"Acme web","team":"platform","types":["service"],"attributes":{"tier":"gold"},"environments":{"production":{"url":"https://shop.acme.example"}},"links":{"runbook":"https://wiki.acme.example/runbooks/acme-web"}}
                 *     {"slug":"acme-api","name":"Acme API","team":"platform"}
                 */
                "application/x-ndjson": string;
                /**
                 * @example {"slug":"acme-web","name":"Acme web","team":"platform","types":["service"],"attributes":{"tier":"gold"},"environments":{"production":{"url":"https://shop.acme.example"}},"links":{"runbook":"https://wiki.acme.example/runbooks/acme-web"}}
                 *     {"slug":"acme-api","name":"Acme API","team":"platform"}
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "created": 1,
                     *       "updated": 1,
                     *       "unchanged": 0,
                     *       "refused_count": 0,
                     *       "refused": []
                     *     }
                     */
                    "application/json": {
                        created: number;
                        /** @description the first 1000 refused rows, in line order */
                        refused: {
                            code: string;
                            /** @description pointers into the row, as into a POST body */
                            errors: {
                                detail: string;
                                pointer: string;
                            }[];
                            /** @description the line the row starts on (the CSV header is line 1) */
                            line: number;
                            slug: string | null;
                            /** @description what the single-project route would have answered */
                            status: number;
                        }[];
                        refused_count: number;
                        /** @description rows that matched the project as stored (nothing written) */
                        unchanged: number;
                        updated: number;
                    };
                };
            };
        };
    };
    getOrganizationsOrgTeams: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a3-0000-7000-8000-00000000a002",
                     *         "slug": "platform",
                     *         "name": "Platform team",
                     *         "organization": "acme",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postOrganizationsOrgTeams: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "platform",
                 *       "name": "Platform team"
                 *     }
                 */
                "application/json": {
                    name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a3-0000-7000-8000-00000000a002",
                     *       "slug": "platform",
                     *       "name": "Platform team",
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getOrganizationsOrgTeamsTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                team: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a3-0000-7000-8000-00000000a002",
                     *       "slug": "platform",
                     *       "name": "Platform team",
                     *       "organization": "acme",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /**
                         * Format: uuid
                         * @description graph node id (plugin edges name their ends by it)
                         */
                        id: string;
                        name: string;
                        organization: string;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteOrganizationsOrgTeamsTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org: string;
                team: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getOrganizationsOrgTeamsTeamMembers: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                org: string;
                team: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "email": "ada@example.com",
                     *         "display_name": "Ada Lovelace"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        display_name: string;
                        email: string;
                    }[];
                };
            };
        };
    };
    putOrganizationsOrgTeamsTeamMembersEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                org: string;
                team: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteOrganizationsOrgTeamsTeamMembersEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
                org: string;
                team: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "name": "project:read",
                     *         "description": "Read projects"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        description: string;
                        name: string;
                    }[];
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "stream": {
                     *         "adapter": "nats",
                     *         "state": "up"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        stream: {
                            adapter: string;
                            detail?: string;
                            state: "up" | "down";
                        };
                    };
                };
            };
        };
    };
    getRoles: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "release-manager",
                     *         "name": "Release manager",
                     *         "description": "Records deployments and rollbacks",
                     *         "builtin": false,
                     *         "permissions": [
                     *           "project:read",
                     *           "operations-log:write"
                     *         ],
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        builtin: boolean;
                        created_at: string;
                        description: string | null;
                        name: string;
                        permissions: string[];
                        slug: string;
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postRoles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "release-manager",
                 *       "name": "Release manager",
                 *       "description": "Records deployments and rollbacks",
                 *       "permissions": [
                 *         "project:read",
                 *         "operations-log:write"
                 *       ]
                 *     }
                 */
                "application/json": {
                    description?: string;
                    name: string;
                    permissions: string[];
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "release-manager",
                     *       "name": "Release manager",
                     *       "description": "Records deployments and rollbacks",
                     *       "builtin": false,
                     *       "permissions": [
                     *         "project:read",
                     *         "operations-log:write"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        builtin: boolean;
                        created_at: string;
                        description: string | null;
                        name: string;
                        permissions: string[];
                        slug: string;
                        updated_at: string;
                    };
                };
            };
        };
    };
    getRolesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "release-manager",
                     *       "name": "Release manager",
                     *       "description": "Records deployments and rollbacks",
                     *       "builtin": false,
                     *       "permissions": [
                     *         "project:read",
                     *         "operations-log:write"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        builtin: boolean;
                        created_at: string;
                        description: string | null;
                        name: string;
                        permissions: string[];
                        slug: string;
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteRolesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchRolesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "permissions": [
                 *         "project:read",
                 *         "project:update",
                 *         "operations-log:write"
                 *       ]
                 *     }
                 */
                "application/json": {
                    description?: string;
                    name?: string;
                    permissions?: string[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "release-manager",
                     *       "name": "Release manager",
                     *       "description": "Records deployments and rollbacks",
                     *       "builtin": false,
                     *       "permissions": [
                     *         "project:read",
                     *         "operations-log:write"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        builtin: boolean;
                        created_at: string;
                        description: string | null;
                        name: string;
                        permissions: string[];
                        slug: string;
                        updated_at: string;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getSchedulerPreview: {
        parameters: {
            query?: {
                /** @description occurrences after this instant (default now) */
                after?: string;
                count?: number;
                /** @description 5 fields: minute hour day-of-month month day-of-week */
                cron?: string;
                /** @description an ISO 8601 duration (weeks, days, hours, minutes, seconds; e.g. PT15M, P1D), 1 minute to 31 days: occurrences at the creation time + k intervals */
                every?: string;
                /** @description one instant (ISO 8601 with its offset), in the future; after its run the schedule is completed */
                once_at?: string;
                /** @description IANA time zone; default UTC */
                timezone?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "timezone": "Europe/Berlin",
                     *       "occurrences": [
                     *         {
                     *           "at": "2026-03-28T01:30:00.000Z",
                     *           "fires_at": "2026-03-28T01:30:00.000Z",
                     *           "local": "2026-03-28T02:30:00+01:00",
                     *           "dst": null,
                     *           "dst_note": null
                     *         },
                     *         {
                     *           "at": "2026-03-29T01:00:00.000Z",
                     *           "fires_at": "2026-03-29T01:00:00.000Z",
                     *           "local": "2026-03-29T03:00:00+02:00",
                     *           "dst": "gap",
                     *           "dst_note": "02:30 does not exist on 2026-03-29 in Europe/Berlin (clocks go forward); it runs at 03:00"
                     *         },
                     *         {
                     *           "at": "2026-03-30T00:30:00.000Z",
                     *           "fires_at": "2026-03-30T00:30:00.000Z",
                     *           "local": "2026-03-30T02:30:00+02:00",
                     *           "dst": null,
                     *           "dst_note": null
                     *         }
                     *       ],
                     *       "truncated": false
                     *     }
                     */
                    "application/json": {
                        occurrences: {
                            /** Format: date-time */
                            at: string;
                            /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                            dst: "gap" | "repeat" | null;
                            dst_note: string | null;
                            /**
                             * Format: date-time
                             * @description when it fires, its jitter included
                             */
                            fires_at: string;
                            /** @description the local time in the zone, with its offset */
                            local: string;
                        }[];
                        timezone: string;
                        /** @description the computing budget of one call ran out before count occurrences were found */
                        truncated: boolean;
                    };
                };
            };
        };
    };
    getSchedulerRunsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-c7d8-79ea-9f56-06172839a4b5",
                     *       "schedule_slug": "nightly-rescore",
                     *       "kind": "user",
                     *       "trigger": "schedule",
                     *       "occurrence_at": "2026-01-31T01:00:00Z",
                     *       "started_at": "2026-01-31T01:00:47Z",
                     *       "finished_at": "2026-01-31T01:00:48Z",
                     *       "duration_ms": 412,
                     *       "state": "succeeded",
                     *       "http_status": 200,
                     *       "principal_name": "ada@example.com",
                     *       "actor_name": "scheduler",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "error": null,
                     *       "attempts": [
                     *         {
                     *           "started_at": "2026-01-31T01:00:47Z",
                     *           "finished_at": "2026-01-31T01:00:48Z",
                     *           "http_status": 200,
                     *           "error": null
                     *         }
                     *       ],
                     *       "next_attempt_at": null,
                     *       "cancel_requested_at": null,
                     *       "cancelled_by": null,
                     *       "jittered_at": "2026-01-31T01:00:47Z"
                     *     }
                     */
                    "application/json": {
                        actor_name: string | null;
                        attempts: {
                            error: string | null;
                            /** Format: date-time */
                            finished_at: string;
                            http_status: number | null;
                            /** Format: date-time */
                            started_at: string;
                        }[];
                        /** @description when someone asked to cancel the run (POST /scheduler/runs/{id}/cancel) */
                        cancel_requested_at: string | null;
                        /** @description who asked to cancel it */
                        cancelled_by: string | null;
                        consent_id: string | null;
                        duration_ms: number | null;
                        error: string | null;
                        finished_at: string | null;
                        http_status: number | null;
                        id: string;
                        /** @description a scheduled run: when its occurrence was to fire, the jitter included (occurrence_at: when it was due) */
                        jittered_at: string | null;
                        kind: "user" | "system";
                        /** @description a running run waiting to retry: when its next attempt is due */
                        next_attempt_at: string | null;
                        /** Format: date-time */
                        occurrence_at: string;
                        principal_name: string | null;
                        schedule_slug: string;
                        /** Format: date-time */
                        started_at: string;
                        state: "running" | "succeeded" | "failed" | "skipped" | "cancelled";
                        trigger: "schedule" | "manual";
                    };
                };
            };
        };
    };
    postSchedulerRunsIdCancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-c7d8-79ea-9f56-06172839a4b5",
                     *       "schedule_slug": "nightly-rescore",
                     *       "kind": "user",
                     *       "trigger": "schedule",
                     *       "occurrence_at": "2026-01-31T01:00:00Z",
                     *       "started_at": "2026-01-31T01:00:47Z",
                     *       "finished_at": null,
                     *       "duration_ms": null,
                     *       "state": "running",
                     *       "http_status": 503,
                     *       "principal_name": "ada@example.com",
                     *       "actor_name": "scheduler",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "error": "HTTP 503: the service is unavailable",
                     *       "attempts": [
                     *         {
                     *           "started_at": "2026-01-31T01:00:47Z",
                     *           "finished_at": "2026-01-31T01:00:48Z",
                     *           "http_status": 503,
                     *           "error": "HTTP 503: the service is unavailable"
                     *         }
                     *       ],
                     *       "next_attempt_at": "2026-01-31T01:00:50Z",
                     *       "cancel_requested_at": "2026-01-31T01:00:49Z",
                     *       "cancelled_by": "ada@example.com",
                     *       "jittered_at": "2026-01-31T01:00:47Z"
                     *     }
                     */
                    "application/json": {
                        actor_name: string | null;
                        attempts: {
                            error: string | null;
                            /** Format: date-time */
                            finished_at: string;
                            http_status: number | null;
                            /** Format: date-time */
                            started_at: string;
                        }[];
                        /** @description when someone asked to cancel the run (POST /scheduler/runs/{id}/cancel) */
                        cancel_requested_at: string | null;
                        /** @description who asked to cancel it */
                        cancelled_by: string | null;
                        consent_id: string | null;
                        duration_ms: number | null;
                        error: string | null;
                        finished_at: string | null;
                        http_status: number | null;
                        id: string;
                        /** @description a scheduled run: when its occurrence was to fire, the jitter included (occurrence_at: when it was due) */
                        jittered_at: string | null;
                        kind: "user" | "system";
                        /** @description a running run waiting to retry: when its next attempt is due */
                        next_attempt_at: string | null;
                        /** Format: date-time */
                        occurrence_at: string;
                        principal_name: string | null;
                        schedule_slug: string;
                        /** Format: date-time */
                        started_at: string;
                        state: "running" | "succeeded" | "failed" | "skipped" | "cancelled";
                        trigger: "schedule" | "manual";
                    };
                };
            };
        };
    };
    getSchedulerSchedules: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "nightly-rescore",
                     *         "name": "Rescore every night",
                     *         "cron": "0 2 * * *",
                     *         "every": null,
                     *         "once_at": null,
                     *         "timezone": "Europe/Paris",
                     *         "enabled": true,
                     *         "state": "active",
                     *         "completed_at": null,
                     *         "kind": "user",
                     *         "target": {
                     *           "method": "POST",
                     *           "path": "/scoring/rescore",
                     *           "body": {
                     *             "organization": "acme"
                     *           }
                     *         },
                     *         "retry": {
                     *           "max_attempts": 8,
                     *           "initial_backoff": 2,
                     *           "max_backoff": 30
                     *         },
                     *         "timeout_seconds": null,
                     *         "overlap": "skip",
                     *         "queued_occurrence_at": null,
                     *         "created_by": "ada@example.com",
                     *         "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *         "jitter_seconds": 60,
                     *         "auto_pause_after": 10,
                     *         "paused_at": null,
                     *         "paused_by": null,
                     *         "paused_reason": null,
                     *         "next_run_at": "2026-02-01T01:00:47Z",
                     *         "next_due_at": "2026-02-01T01:00:00Z",
                     *         "next_due_dst": null,
                     *         "last_run_at": "2026-01-31T01:00:47Z",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        auto_pause_after: number;
                        completed_at: string | null;
                        consent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        /** @description the trigger, when it is a cron expression */
                        cron: string | null;
                        enabled: boolean;
                        /** @description the trigger, when it is an interval (canonical ISO 8601 duration) */
                        every: string | null;
                        jitter_seconds: number;
                        kind: "user" | "system";
                        last_run_at: string | null;
                        name: string;
                        /** @description when the next occurrence is due */
                        next_due_at: string | null;
                        /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                        next_due_dst: "gap" | "repeat" | null;
                        /** @description when the next occurrence fires (its jitter included) */
                        next_run_at: string | null;
                        /** @description the trigger, when it is one instant */
                        once_at: string | null;
                        /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                        overlap: "skip" | "allow" | "queue_one";
                        paused_at: string | null;
                        /** @description who paused it: a caller, or auto-pause */
                        paused_by: string | null;
                        /** @description why it paused itself (auto-pause); null when a caller paused it */
                        paused_reason: string | null;
                        /** @description queue_one: the occurrence waiting for the running run to end */
                        queued_occurrence_at: string | null;
                        retry: {
                            /** @description seconds */
                            initial_backoff: number;
                            max_attempts: number;
                            /** @description seconds */
                            max_backoff: number;
                        };
                        slug: string;
                        /** @description completed: a once_at schedule after its run (never due again) */
                        state: "active" | "paused" | "completed";
                        target: {
                            body?: unknown;
                            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                            path: string;
                        };
                        /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                        timeout_seconds: number | null;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target) */
                        warnings?: {
                            detail: string;
                            /** @description the member the warning is about (`/target`) */
                            pointer: string;
                        }[];
                    }[];
                };
            };
        };
    };
    postSchedulerSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "nightly-rescore",
                 *       "name": "Rescore every night",
                 *       "cron": "0 2 * * *",
                 *       "timezone": "Europe/Paris",
                 *       "target": {
                 *         "method": "POST",
                 *         "path": "/scoring/rescore",
                 *         "body": {
                 *           "organization": "acme"
                 *         }
                 *       },
                 *       "jitter_seconds": 60
                 *     }
                 */
                "application/json": {
                    /** @description the schedule pauses itself after this many consecutive scheduled runs failed, or were skipped for the same reason (consent revoked, exchange refused...); misfires and overlap skips do not count; 0: never (default 10) */
                    auto_pause_after?: number;
                    /** @description 5 fields: minute hour day-of-month month day-of-week */
                    cron?: string;
                    enabled?: boolean;
                    /** @description an ISO 8601 duration (weeks, days, hours, minutes, seconds; e.g. PT15M, P1D), 1 minute to 31 days: occurrences at the creation time + k intervals */
                    every?: string;
                    /** @description each occurrence fires up to this many seconds after it is due, by an offset fixed per schedule (derived from its id), never at or past the next occurrence (default 0) */
                    jitter_seconds?: number;
                    kind?: "user" | "system";
                    name?: string;
                    /**
                     * Format: date-time
                     * @description one instant (ISO 8601 with its offset), in the future; after its run the schedule is completed
                     */
                    once_at?: string;
                    /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                    overlap?: "skip" | "allow" | "queue_one";
                    /** @description Retries of a run on connection errors, timeouts, 429 (Retry-After honoured), 502, 503 and 504; never on another 4xx. Waits grow exponentially with jitter. Every attempt sends the run id as Idempotency-Key. The defaults ride out an API outage of 60 s. */
                    retry?: {
                        /** @description seconds before the second attempt; doubles after each (default 2) */
                        initial_backoff?: number;
                        /** @description attempts of one run at most, the first included (default 8; 1: no retry) */
                        max_attempts?: number;
                        /** @description the longest wait between two attempts, in seconds (default 30) */
                        max_backoff?: number;
                    };
                    slug: string;
                    target: {
                        /** @description JSON body (POST, PUT, PATCH only; at most 64 KiB) */
                        body?: unknown;
                        method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        /** @description a path on the Keel API, e.g. /api/scoring/recompute-all (no scheme, host, . or ..) */
                        path: string;
                    };
                    /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                    timeout_seconds?: number | null;
                    /** @description IANA time zone; default UTC */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "nightly-rescore",
                     *       "name": "Rescore every night",
                     *       "cron": "0 2 * * *",
                     *       "every": null,
                     *       "once_at": null,
                     *       "timezone": "Europe/Paris",
                     *       "enabled": true,
                     *       "state": "active",
                     *       "completed_at": null,
                     *       "kind": "user",
                     *       "target": {
                     *         "method": "POST",
                     *         "path": "/scoring/rescore",
                     *         "body": {
                     *           "organization": "acme"
                     *         }
                     *       },
                     *       "retry": {
                     *         "max_attempts": 8,
                     *         "initial_backoff": 2,
                     *         "max_backoff": 30
                     *       },
                     *       "timeout_seconds": null,
                     *       "overlap": "skip",
                     *       "queued_occurrence_at": null,
                     *       "created_by": "ada@example.com",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "jitter_seconds": 60,
                     *       "auto_pause_after": 10,
                     *       "paused_at": null,
                     *       "paused_by": null,
                     *       "paused_reason": null,
                     *       "next_run_at": "2026-02-01T01:00:47Z",
                     *       "next_due_at": "2026-02-01T01:00:00Z",
                     *       "next_due_dst": null,
                     *       "last_run_at": "2026-01-31T01:00:47Z",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        auto_pause_after: number;
                        completed_at: string | null;
                        consent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        /** @description the trigger, when it is a cron expression */
                        cron: string | null;
                        enabled: boolean;
                        /** @description the trigger, when it is an interval (canonical ISO 8601 duration) */
                        every: string | null;
                        jitter_seconds: number;
                        kind: "user" | "system";
                        last_run_at: string | null;
                        name: string;
                        /** @description when the next occurrence is due */
                        next_due_at: string | null;
                        /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                        next_due_dst: "gap" | "repeat" | null;
                        /** @description when the next occurrence fires (its jitter included) */
                        next_run_at: string | null;
                        /** @description the trigger, when it is one instant */
                        once_at: string | null;
                        /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                        overlap: "skip" | "allow" | "queue_one";
                        paused_at: string | null;
                        /** @description who paused it: a caller, or auto-pause */
                        paused_by: string | null;
                        /** @description why it paused itself (auto-pause); null when a caller paused it */
                        paused_reason: string | null;
                        /** @description queue_one: the occurrence waiting for the running run to end */
                        queued_occurrence_at: string | null;
                        retry: {
                            /** @description seconds */
                            initial_backoff: number;
                            max_attempts: number;
                            /** @description seconds */
                            max_backoff: number;
                        };
                        slug: string;
                        /** @description completed: a once_at schedule after its run (never due again) */
                        state: "active" | "paused" | "completed";
                        target: {
                            body?: unknown;
                            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                            path: string;
                        };
                        /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                        timeout_seconds: number | null;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target) */
                        warnings?: {
                            detail: string;
                            /** @description the member the warning is about (`/target`) */
                            pointer: string;
                        }[];
                    };
                };
            };
        };
    };
    getSchedulerSchedulesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "nightly-rescore",
                     *       "name": "Rescore every night",
                     *       "cron": "0 2 * * *",
                     *       "every": null,
                     *       "once_at": null,
                     *       "timezone": "Europe/Paris",
                     *       "enabled": true,
                     *       "state": "active",
                     *       "completed_at": null,
                     *       "kind": "user",
                     *       "target": {
                     *         "method": "POST",
                     *         "path": "/scoring/rescore",
                     *         "body": {
                     *           "organization": "acme"
                     *         }
                     *       },
                     *       "retry": {
                     *         "max_attempts": 8,
                     *         "initial_backoff": 2,
                     *         "max_backoff": 30
                     *       },
                     *       "timeout_seconds": null,
                     *       "overlap": "skip",
                     *       "queued_occurrence_at": null,
                     *       "created_by": "ada@example.com",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "jitter_seconds": 60,
                     *       "auto_pause_after": 10,
                     *       "paused_at": null,
                     *       "paused_by": null,
                     *       "paused_reason": null,
                     *       "next_run_at": "2026-02-01T01:00:47Z",
                     *       "next_due_at": "2026-02-01T01:00:00Z",
                     *       "next_due_dst": null,
                     *       "last_run_at": "2026-01-31T01:00:47Z",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        auto_pause_after: number;
                        completed_at: string | null;
                        consent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        /** @description the trigger, when it is a cron expression */
                        cron: string | null;
                        enabled: boolean;
                        /** @description the trigger, when it is an interval (canonical ISO 8601 duration) */
                        every: string | null;
                        jitter_seconds: number;
                        kind: "user" | "system";
                        last_run_at: string | null;
                        name: string;
                        /** @description when the next occurrence is due */
                        next_due_at: string | null;
                        /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                        next_due_dst: "gap" | "repeat" | null;
                        /** @description when the next occurrence fires (its jitter included) */
                        next_run_at: string | null;
                        /** @description the trigger, when it is one instant */
                        once_at: string | null;
                        /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                        overlap: "skip" | "allow" | "queue_one";
                        paused_at: string | null;
                        /** @description who paused it: a caller, or auto-pause */
                        paused_by: string | null;
                        /** @description why it paused itself (auto-pause); null when a caller paused it */
                        paused_reason: string | null;
                        /** @description queue_one: the occurrence waiting for the running run to end */
                        queued_occurrence_at: string | null;
                        retry: {
                            /** @description seconds */
                            initial_backoff: number;
                            max_attempts: number;
                            /** @description seconds */
                            max_backoff: number;
                        };
                        slug: string;
                        /** @description completed: a once_at schedule after its run (never due again) */
                        state: "active" | "paused" | "completed";
                        target: {
                            body?: unknown;
                            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                            path: string;
                        };
                        /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                        timeout_seconds: number | null;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target) */
                        warnings?: {
                            detail: string;
                            /** @description the member the warning is about (`/target`) */
                            pointer: string;
                        }[];
                    };
                };
            };
        };
    };
    deleteSchedulerSchedulesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchSchedulerSchedulesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "cron": "0 3 * * *"
                 *     }
                 */
                "application/json": {
                    /** @description the schedule pauses itself after this many consecutive scheduled runs failed, or were skipped for the same reason (consent revoked, exchange refused...); misfires and overlap skips do not count; 0: never (default 10) */
                    auto_pause_after?: number;
                    /** @description 5 fields: minute hour day-of-month month day-of-week */
                    cron?: string;
                    enabled?: boolean;
                    /** @description an ISO 8601 duration (weeks, days, hours, minutes, seconds; e.g. PT15M, P1D), 1 minute to 31 days: occurrences at the creation time + k intervals */
                    every?: string;
                    /** @description each occurrence fires up to this many seconds after it is due, by an offset fixed per schedule (derived from its id), never at or past the next occurrence (default 0) */
                    jitter_seconds?: number;
                    name?: string;
                    /**
                     * Format: date-time
                     * @description one instant (ISO 8601 with its offset), in the future; after its run the schedule is completed
                     */
                    once_at?: string;
                    /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                    overlap?: "skip" | "allow" | "queue_one";
                    /** @description Retries of a run on connection errors, timeouts, 429 (Retry-After honoured), 502, 503 and 504; never on another 4xx. Waits grow exponentially with jitter. Every attempt sends the run id as Idempotency-Key. The defaults ride out an API outage of 60 s. */
                    retry?: {
                        /** @description seconds before the second attempt; doubles after each (default 2) */
                        initial_backoff?: number;
                        /** @description attempts of one run at most, the first included (default 8; 1: no retry) */
                        max_attempts?: number;
                        /** @description the longest wait between two attempts, in seconds (default 30) */
                        max_backoff?: number;
                    };
                    target?: {
                        /** @description JSON body (POST, PUT, PATCH only; at most 64 KiB) */
                        body?: unknown;
                        method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        /** @description a path on the Keel API, e.g. /api/scoring/recompute-all (no scheme, host, . or ..) */
                        path: string;
                    };
                    /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                    timeout_seconds?: number | null;
                    /** @description IANA time zone; default UTC */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "nightly-rescore",
                     *       "name": "Rescore every night",
                     *       "cron": "0 3 * * *",
                     *       "every": null,
                     *       "once_at": null,
                     *       "timezone": "Europe/Paris",
                     *       "enabled": true,
                     *       "state": "active",
                     *       "completed_at": null,
                     *       "kind": "user",
                     *       "target": {
                     *         "method": "POST",
                     *         "path": "/scoring/rescore",
                     *         "body": {
                     *           "organization": "acme"
                     *         }
                     *       },
                     *       "retry": {
                     *         "max_attempts": 8,
                     *         "initial_backoff": 2,
                     *         "max_backoff": 30
                     *       },
                     *       "timeout_seconds": null,
                     *       "overlap": "skip",
                     *       "queued_occurrence_at": null,
                     *       "created_by": "ada@example.com",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "jitter_seconds": 60,
                     *       "auto_pause_after": 10,
                     *       "paused_at": null,
                     *       "paused_by": null,
                     *       "paused_reason": null,
                     *       "next_run_at": "2026-02-01T02:00:47Z",
                     *       "next_due_at": "2026-02-01T02:00:00Z",
                     *       "next_due_dst": null,
                     *       "last_run_at": "2026-01-31T01:00:47Z",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        auto_pause_after: number;
                        completed_at: string | null;
                        consent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        /** @description the trigger, when it is a cron expression */
                        cron: string | null;
                        enabled: boolean;
                        /** @description the trigger, when it is an interval (canonical ISO 8601 duration) */
                        every: string | null;
                        jitter_seconds: number;
                        kind: "user" | "system";
                        last_run_at: string | null;
                        name: string;
                        /** @description when the next occurrence is due */
                        next_due_at: string | null;
                        /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                        next_due_dst: "gap" | "repeat" | null;
                        /** @description when the next occurrence fires (its jitter included) */
                        next_run_at: string | null;
                        /** @description the trigger, when it is one instant */
                        once_at: string | null;
                        /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                        overlap: "skip" | "allow" | "queue_one";
                        paused_at: string | null;
                        /** @description who paused it: a caller, or auto-pause */
                        paused_by: string | null;
                        /** @description why it paused itself (auto-pause); null when a caller paused it */
                        paused_reason: string | null;
                        /** @description queue_one: the occurrence waiting for the running run to end */
                        queued_occurrence_at: string | null;
                        retry: {
                            /** @description seconds */
                            initial_backoff: number;
                            max_attempts: number;
                            /** @description seconds */
                            max_backoff: number;
                        };
                        slug: string;
                        /** @description completed: a once_at schedule after its run (never due again) */
                        state: "active" | "paused" | "completed";
                        target: {
                            body?: unknown;
                            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                            path: string;
                        };
                        /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                        timeout_seconds: number | null;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target) */
                        warnings?: {
                            detail: string;
                            /** @description the member the warning is about (`/target`) */
                            pointer: string;
                        }[];
                    };
                };
            };
        };
    };
    postSchedulerSchedulesSlugDryRun: {
        parameters: {
            query?: {
                count?: number;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "occurrences": [
                     *         {
                     *           "at": "2026-02-01T01:00:00.000Z",
                     *           "fires_at": "2026-02-01T01:00:47.000Z",
                     *           "local": "2026-02-01T02:00:00+01:00",
                     *           "dst": null,
                     *           "dst_note": null
                     *         },
                     *         {
                     *           "at": "2026-02-02T01:00:00.000Z",
                     *           "fires_at": "2026-02-02T01:00:47.000Z",
                     *           "local": "2026-02-02T02:00:00+01:00",
                     *           "dst": null,
                     *           "dst_note": null
                     *         }
                     *       ],
                     *       "truncated": false,
                     *       "consent": {
                     *         "status": "active",
                     *         "detail": "the consent is active"
                     *       },
                     *       "exchange": {
                     *         "ok": true,
                     *         "detail": "a delegated token for ada@example.com"
                     *       },
                     *       "permission": {
                     *         "allowed": true,
                     *         "permission": "scoring:rescore",
                     *         "reason": "holds scoring:rescore; when the body names such a resource, it also needs organization:read, project:read"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description a user job's consent, read as each firing reads it; not_needed for a system job */
                        consent: {
                            detail: string;
                            status: "active" | "revoked" | "expired" | "gone" | "not_checked" | "not_needed" | "recorded_on_creation";
                        };
                        /** @description the token the job would call with: a user job's delegated token, else the scheduler's */
                        exchange: {
                            detail: string;
                            /** @description null: not attempted */
                            ok: boolean | null;
                        };
                        occurrences: {
                            /** Format: date-time */
                            at: string;
                            /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                            dst: "gap" | "repeat" | null;
                            dst_note: string | null;
                            /**
                             * Format: date-time
                             * @description when it fires, its jitter included
                             */
                            fires_at: string;
                            /** @description the local time in the zone, with its offset */
                            local: string;
                        }[];
                        /** @description POST /auth/can for the target, with the token the job would call with */
                        permission: {
                            /** @description null: could not be asked */
                            allowed: boolean | null;
                            permission: string | null;
                            reason: string;
                        };
                        truncated: boolean;
                    };
                };
            };
        };
    };
    postSchedulerSchedulesSlugPause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "nightly-rescore",
                     *       "name": "Rescore every night",
                     *       "cron": "0 2 * * *",
                     *       "every": null,
                     *       "once_at": null,
                     *       "timezone": "Europe/Paris",
                     *       "enabled": false,
                     *       "state": "paused",
                     *       "completed_at": null,
                     *       "kind": "user",
                     *       "target": {
                     *         "method": "POST",
                     *         "path": "/scoring/rescore",
                     *         "body": {
                     *           "organization": "acme"
                     *         }
                     *       },
                     *       "retry": {
                     *         "max_attempts": 8,
                     *         "initial_backoff": 2,
                     *         "max_backoff": 30
                     *       },
                     *       "timeout_seconds": null,
                     *       "overlap": "skip",
                     *       "queued_occurrence_at": null,
                     *       "created_by": "ada@example.com",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "jitter_seconds": 60,
                     *       "auto_pause_after": 10,
                     *       "paused_at": "2026-02-02T14:05:00Z",
                     *       "paused_by": "ada@example.com",
                     *       "paused_reason": null,
                     *       "next_run_at": null,
                     *       "next_due_at": null,
                     *       "next_due_dst": null,
                     *       "last_run_at": "2026-01-31T01:00:47Z",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        auto_pause_after: number;
                        completed_at: string | null;
                        consent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        /** @description the trigger, when it is a cron expression */
                        cron: string | null;
                        enabled: boolean;
                        /** @description the trigger, when it is an interval (canonical ISO 8601 duration) */
                        every: string | null;
                        jitter_seconds: number;
                        kind: "user" | "system";
                        last_run_at: string | null;
                        name: string;
                        /** @description when the next occurrence is due */
                        next_due_at: string | null;
                        /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                        next_due_dst: "gap" | "repeat" | null;
                        /** @description when the next occurrence fires (its jitter included) */
                        next_run_at: string | null;
                        /** @description the trigger, when it is one instant */
                        once_at: string | null;
                        /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                        overlap: "skip" | "allow" | "queue_one";
                        paused_at: string | null;
                        /** @description who paused it: a caller, or auto-pause */
                        paused_by: string | null;
                        /** @description why it paused itself (auto-pause); null when a caller paused it */
                        paused_reason: string | null;
                        /** @description queue_one: the occurrence waiting for the running run to end */
                        queued_occurrence_at: string | null;
                        retry: {
                            /** @description seconds */
                            initial_backoff: number;
                            max_attempts: number;
                            /** @description seconds */
                            max_backoff: number;
                        };
                        slug: string;
                        /** @description completed: a once_at schedule after its run (never due again) */
                        state: "active" | "paused" | "completed";
                        target: {
                            body?: unknown;
                            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                            path: string;
                        };
                        /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                        timeout_seconds: number | null;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target) */
                        warnings?: {
                            detail: string;
                            /** @description the member the warning is about (`/target`) */
                            pointer: string;
                        }[];
                    };
                };
            };
        };
    };
    postSchedulerSchedulesSlugResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "nightly-rescore",
                     *       "name": "Rescore every night",
                     *       "cron": "0 2 * * *",
                     *       "every": null,
                     *       "once_at": null,
                     *       "timezone": "Europe/Paris",
                     *       "enabled": true,
                     *       "state": "active",
                     *       "completed_at": null,
                     *       "kind": "user",
                     *       "target": {
                     *         "method": "POST",
                     *         "path": "/scoring/rescore",
                     *         "body": {
                     *           "organization": "acme"
                     *         }
                     *       },
                     *       "retry": {
                     *         "max_attempts": 8,
                     *         "initial_backoff": 2,
                     *         "max_backoff": 30
                     *       },
                     *       "timeout_seconds": null,
                     *       "overlap": "skip",
                     *       "queued_occurrence_at": null,
                     *       "created_by": "ada@example.com",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "jitter_seconds": 60,
                     *       "auto_pause_after": 10,
                     *       "paused_at": null,
                     *       "paused_by": null,
                     *       "paused_reason": null,
                     *       "next_run_at": "2026-02-01T01:00:47Z",
                     *       "next_due_at": "2026-02-01T01:00:00Z",
                     *       "next_due_dst": null,
                     *       "last_run_at": "2026-01-31T01:00:47Z",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        auto_pause_after: number;
                        completed_at: string | null;
                        consent_id: string | null;
                        /** Format: date-time */
                        created_at: string;
                        created_by: string;
                        /** @description the trigger, when it is a cron expression */
                        cron: string | null;
                        enabled: boolean;
                        /** @description the trigger, when it is an interval (canonical ISO 8601 duration) */
                        every: string | null;
                        jitter_seconds: number;
                        kind: "user" | "system";
                        last_run_at: string | null;
                        name: string;
                        /** @description when the next occurrence is due */
                        next_due_at: string | null;
                        /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                        next_due_dst: "gap" | "repeat" | null;
                        /** @description when the next occurrence fires (its jitter included) */
                        next_run_at: string | null;
                        /** @description the trigger, when it is one instant */
                        once_at: string | null;
                        /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                        overlap: "skip" | "allow" | "queue_one";
                        paused_at: string | null;
                        /** @description who paused it: a caller, or auto-pause */
                        paused_by: string | null;
                        /** @description why it paused itself (auto-pause); null when a caller paused it */
                        paused_reason: string | null;
                        /** @description queue_one: the occurrence waiting for the running run to end */
                        queued_occurrence_at: string | null;
                        retry: {
                            /** @description seconds */
                            initial_backoff: number;
                            max_attempts: number;
                            /** @description seconds */
                            max_backoff: number;
                        };
                        slug: string;
                        /** @description completed: a once_at schedule after its run (never due again) */
                        state: "active" | "paused" | "completed";
                        target: {
                            body?: unknown;
                            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                            path: string;
                        };
                        /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                        timeout_seconds: number | null;
                        timezone: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target) */
                        warnings?: {
                            detail: string;
                            /** @description the member the warning is about (`/target`) */
                            pointer: string;
                        }[];
                    };
                };
            };
        };
    };
    postSchedulerSchedulesSlugRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0190f6a5-c7d8-79ea-9f56-06172839a4b5",
                     *       "schedule_slug": "nightly-rescore",
                     *       "kind": "user",
                     *       "trigger": "manual",
                     *       "occurrence_at": "2026-02-02T14:05:00Z",
                     *       "started_at": "2026-02-02T14:05:00Z",
                     *       "finished_at": null,
                     *       "duration_ms": null,
                     *       "state": "running",
                     *       "http_status": null,
                     *       "principal_name": "ada@example.com",
                     *       "actor_name": "scheduler",
                     *       "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *       "error": null,
                     *       "attempts": [],
                     *       "next_attempt_at": null,
                     *       "cancel_requested_at": null,
                     *       "cancelled_by": null,
                     *       "jittered_at": null
                     *     }
                     */
                    "application/json": {
                        actor_name: string | null;
                        attempts: {
                            error: string | null;
                            /** Format: date-time */
                            finished_at: string;
                            http_status: number | null;
                            /** Format: date-time */
                            started_at: string;
                        }[];
                        /** @description when someone asked to cancel the run (POST /scheduler/runs/{id}/cancel) */
                        cancel_requested_at: string | null;
                        /** @description who asked to cancel it */
                        cancelled_by: string | null;
                        consent_id: string | null;
                        duration_ms: number | null;
                        error: string | null;
                        finished_at: string | null;
                        http_status: number | null;
                        id: string;
                        /** @description a scheduled run: when its occurrence was to fire, the jitter included (occurrence_at: when it was due) */
                        jittered_at: string | null;
                        kind: "user" | "system";
                        /** @description a running run waiting to retry: when its next attempt is due */
                        next_attempt_at: string | null;
                        /** Format: date-time */
                        occurrence_at: string;
                        principal_name: string | null;
                        schedule_slug: string;
                        /** Format: date-time */
                        started_at: string;
                        state: "running" | "succeeded" | "failed" | "skipped" | "cancelled";
                        trigger: "schedule" | "manual";
                    };
                };
            };
        };
    };
    getSchedulerSchedulesSlugRuns: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description runs started at or after this instant */
                from?: string;
                limit?: number;
                state?: "running" | "succeeded" | "failed" | "skipped" | "cancelled";
                /** @description runs started before this instant */
                to?: string;
                trigger?: "schedule" | "manual";
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "0190f6a5-c7d8-79ea-9f56-06172839a4b5",
                     *         "schedule_slug": "nightly-rescore",
                     *         "kind": "user",
                     *         "trigger": "schedule",
                     *         "occurrence_at": "2026-01-31T01:00:00Z",
                     *         "started_at": "2026-01-31T01:00:47Z",
                     *         "finished_at": "2026-01-31T01:00:48Z",
                     *         "duration_ms": 412,
                     *         "state": "succeeded",
                     *         "http_status": 200,
                     *         "principal_name": "ada@example.com",
                     *         "actor_name": "scheduler",
                     *         "consent_id": "0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f",
                     *         "error": null,
                     *         "attempts": [
                     *           {
                     *             "started_at": "2026-01-31T01:00:47Z",
                     *             "finished_at": "2026-01-31T01:00:48Z",
                     *             "http_status": 200,
                     *             "error": null
                     *           }
                     *         ],
                     *         "next_attempt_at": null,
                     *         "cancel_requested_at": null,
                     *         "cancelled_by": null,
                     *         "jittered_at": "2026-01-31T01:00:47Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        actor_name: string | null;
                        attempts: {
                            error: string | null;
                            /** Format: date-time */
                            finished_at: string;
                            http_status: number | null;
                            /** Format: date-time */
                            started_at: string;
                        }[];
                        /** @description when someone asked to cancel the run (POST /scheduler/runs/{id}/cancel) */
                        cancel_requested_at: string | null;
                        /** @description who asked to cancel it */
                        cancelled_by: string | null;
                        consent_id: string | null;
                        duration_ms: number | null;
                        error: string | null;
                        finished_at: string | null;
                        http_status: number | null;
                        id: string;
                        /** @description a scheduled run: when its occurrence was to fire, the jitter included (occurrence_at: when it was due) */
                        jittered_at: string | null;
                        kind: "user" | "system";
                        /** @description a running run waiting to retry: when its next attempt is due */
                        next_attempt_at: string | null;
                        /** Format: date-time */
                        occurrence_at: string;
                        principal_name: string | null;
                        schedule_slug: string;
                        /** Format: date-time */
                        started_at: string;
                        state: "running" | "succeeded" | "failed" | "skipped" | "cancelled";
                        trigger: "schedule" | "manual";
                    }[];
                };
            };
        };
    };
    postSchedulerSchedulesDryRun: {
        parameters: {
            query?: {
                count?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "nightly-rescore",
                 *       "cron": "0 2 * * *",
                 *       "timezone": "Europe/Paris",
                 *       "target": {
                 *         "method": "POST",
                 *         "path": "/scoring/rescore",
                 *         "body": {
                 *           "organization": "acme"
                 *         }
                 *       },
                 *       "jitter_seconds": 60
                 *     }
                 */
                "application/json": {
                    /** @description the schedule pauses itself after this many consecutive scheduled runs failed, or were skipped for the same reason (consent revoked, exchange refused...); misfires and overlap skips do not count; 0: never (default 10) */
                    auto_pause_after?: number;
                    /** @description 5 fields: minute hour day-of-month month day-of-week */
                    cron?: string;
                    enabled?: boolean;
                    /** @description an ISO 8601 duration (weeks, days, hours, minutes, seconds; e.g. PT15M, P1D), 1 minute to 31 days: occurrences at the creation time + k intervals */
                    every?: string;
                    /** @description each occurrence fires up to this many seconds after it is due, by an offset fixed per schedule (derived from its id), never at or past the next occurrence (default 0) */
                    jitter_seconds?: number;
                    kind?: "user" | "system";
                    name?: string;
                    /**
                     * Format: date-time
                     * @description one instant (ISO 8601 with its offset), in the future; after its run the schedule is completed
                     */
                    once_at?: string;
                    /** @description an occurrence due while the previous run is still running: skip (default: recorded skipped with the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back at most, further ones are skipped); holds across replicas */
                    overlap?: "skip" | "allow" | "queue_one";
                    /** @description Retries of a run on connection errors, timeouts, 429 (Retry-After honoured), 502, 503 and 504; never on another 4xx. Waits grow exponentially with jitter. Every attempt sends the run id as Idempotency-Key. The defaults ride out an API outage of 60 s. */
                    retry?: {
                        /** @description seconds before the second attempt; doubles after each (default 2) */
                        initial_backoff?: number;
                        /** @description attempts of one run at most, the first included (default 8; 1: no retry) */
                        max_attempts?: number;
                        /** @description the longest wait between two attempts, in seconds (default 30) */
                        max_backoff?: number;
                    };
                    slug: string;
                    target: {
                        /** @description JSON body (POST, PUT, PATCH only; at most 64 KiB) */
                        body?: unknown;
                        method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                        /** @description a path on the Keel API, e.g. /api/scoring/recompute-all (no scheme, host, . or ..) */
                        path: string;
                    };
                    /** @description timeout of each call of the target, in seconds (at most 600); null: the global KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default) */
                    timeout_seconds?: number | null;
                    /** @description IANA time zone; default UTC */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "occurrences": [
                     *         {
                     *           "at": "2026-02-01T01:00:00.000Z",
                     *           "fires_at": "2026-02-01T01:00:47.000Z",
                     *           "local": "2026-02-01T02:00:00+01:00",
                     *           "dst": null,
                     *           "dst_note": null
                     *         },
                     *         {
                     *           "at": "2026-02-02T01:00:00.000Z",
                     *           "fires_at": "2026-02-02T01:00:47.000Z",
                     *           "local": "2026-02-02T02:00:00+01:00",
                     *           "dst": null,
                     *           "dst_note": null
                     *         }
                     *       ],
                     *       "truncated": false,
                     *       "consent": {
                     *         "status": "recorded_on_creation",
                     *         "detail": "a consent is recorded under your session when the schedule is created"
                     *       },
                     *       "exchange": {
                     *         "ok": null,
                     *         "detail": "not attempted: there is no consent before the schedule is created"
                     *       },
                     *       "permission": {
                     *         "allowed": true,
                     *         "permission": "scoring:rescore",
                     *         "reason": "holds scoring:rescore; when the body names such a resource, it also needs organization:read, project:read"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description a user job's consent, read as each firing reads it; not_needed for a system job */
                        consent: {
                            detail: string;
                            status: "active" | "revoked" | "expired" | "gone" | "not_checked" | "not_needed" | "recorded_on_creation";
                        };
                        /** @description the token the job would call with: a user job's delegated token, else the scheduler's */
                        exchange: {
                            detail: string;
                            /** @description null: not attempted */
                            ok: boolean | null;
                        };
                        occurrences: {
                            /** Format: date-time */
                            at: string;
                            /** @description gap: the local time does not exist that night (clocks go forward), it runs at the first valid time after; repeat: the local time happens twice (clocks go back), it runs once, at the first */
                            dst: "gap" | "repeat" | null;
                            dst_note: string | null;
                            /**
                             * Format: date-time
                             * @description when it fires, its jitter included
                             */
                            fires_at: string;
                            /** @description the local time in the zone, with its offset */
                            local: string;
                        }[];
                        /** @description POST /auth/can for the target, with the token the job would call with */
                        permission: {
                            /** @description null: could not be asked */
                            allowed: boolean | null;
                            permission: string | null;
                            reason: string;
                        };
                        truncated: boolean;
                    };
                };
            };
        };
    };
    getScoringPolicies: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "tier",
                     *         "name": "Service tier",
                     *         "description": "Gold services score higher",
                     *         "attribute": "tier",
                     *         "weight": 40,
                     *         "enabled": true,
                     *         "value_score_map": {
                     *           "gold": 100,
                     *           "silver": 60,
                     *           "bronze": 20
                     *         },
                     *         "range_score_map": null,
                     *         "project_types": [
                     *           "service"
                     *         ],
                     *         "updated_by": "ada@example.com",
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** @description a key of project attributes */
                        attribute: string;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        enabled: boolean;
                        name: string;
                        /** @description slugs of project types the policy applies to (a project of any of them); empty: every project */
                        project_types: string[];
                        range_score_map: {
                            max?: number | null;
                            min?: number | null;
                            score: number;
                        }[] | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        value_score_map: {
                            [key: string]: number;
                        } | null;
                        weight: number;
                    }[];
                };
            };
        };
    };
    postScoringPolicies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "tier",
                 *       "name": "Service tier",
                 *       "attribute": "tier",
                 *       "weight": 40,
                 *       "value_score_map": {
                 *         "gold": 100,
                 *         "silver": 60,
                 *         "bronze": 20
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description a key of project attributes */
                    attribute: string;
                    description?: string | null;
                    enabled?: boolean;
                    name?: string;
                    /** @description slugs of project types the policy applies to (a project of any of them); empty: every project */
                    project_types?: string[];
                    range_score_map?: {
                        max?: number | null;
                        min?: number | null;
                        score: number;
                    }[] | null;
                    slug: string;
                    value_score_map?: {
                        [key: string]: number;
                    } | null;
                    weight: number;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "tier",
                     *       "name": "Service tier",
                     *       "description": "Gold services score higher",
                     *       "attribute": "tier",
                     *       "weight": 40,
                     *       "enabled": true,
                     *       "value_score_map": {
                     *         "gold": 100,
                     *         "silver": 60,
                     *         "bronze": 20
                     *       },
                     *       "range_score_map": null,
                     *       "project_types": [
                     *         "service"
                     *       ],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description a key of project attributes */
                        attribute: string;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        enabled: boolean;
                        name: string;
                        /** @description slugs of project types the policy applies to (a project of any of them); empty: every project */
                        project_types: string[];
                        range_score_map: {
                            max?: number | null;
                            min?: number | null;
                            score: number;
                        }[] | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        value_score_map: {
                            [key: string]: number;
                        } | null;
                        weight: number;
                    };
                };
            };
        };
    };
    getScoringPoliciesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "tier",
                     *       "name": "Service tier",
                     *       "description": "Gold services score higher",
                     *       "attribute": "tier",
                     *       "weight": 40,
                     *       "enabled": true,
                     *       "value_score_map": {
                     *         "gold": 100,
                     *         "silver": 60,
                     *         "bronze": 20
                     *       },
                     *       "range_score_map": null,
                     *       "project_types": [
                     *         "service"
                     *       ],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description a key of project attributes */
                        attribute: string;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        enabled: boolean;
                        name: string;
                        /** @description slugs of project types the policy applies to (a project of any of them); empty: every project */
                        project_types: string[];
                        range_score_map: {
                            max?: number | null;
                            min?: number | null;
                            score: number;
                        }[] | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        value_score_map: {
                            [key: string]: number;
                        } | null;
                        weight: number;
                    };
                };
            };
        };
    };
    deleteScoringPoliciesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchScoringPoliciesSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "weight": 50
                 *     }
                 */
                "application/json": {
                    /** @description a key of project attributes */
                    attribute?: string;
                    description?: string | null;
                    enabled?: boolean;
                    name?: string;
                    /** @description slugs of project types the policy applies to (a project of any of them); empty: every project */
                    project_types?: string[];
                    range_score_map?: {
                        max?: number | null;
                        min?: number | null;
                        score: number;
                    }[] | null;
                    value_score_map?: {
                        [key: string]: number;
                    } | null;
                    weight?: number;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "tier",
                     *       "name": "Service tier",
                     *       "description": "Gold services score higher",
                     *       "attribute": "tier",
                     *       "weight": 50,
                     *       "enabled": true,
                     *       "value_score_map": {
                     *         "gold": 100,
                     *         "silver": 60,
                     *         "bronze": 20
                     *       },
                     *       "range_score_map": null,
                     *       "project_types": [
                     *         "service"
                     *       ],
                     *       "updated_by": "ada@example.com",
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** @description a key of project attributes */
                        attribute: string;
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        enabled: boolean;
                        name: string;
                        /** @description slugs of project types the policy applies to (a project of any of them); empty: every project */
                        project_types: string[];
                        range_score_map: {
                            max?: number | null;
                            min?: number | null;
                            score: number;
                        }[] | null;
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                        updated_by: string;
                        value_score_map: {
                            [key: string]: number;
                        } | null;
                        weight: number;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postScoringRescore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "organization": "acme",
                 *       "project": "acme-web"
                 *     }
                 */
                "application/json": {
                    /** @description naming one needs organization:read */
                    organization?: string;
                    /** @description needs organization; naming one needs project:read */
                    project?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rescored": 1,
                     *       "changed": 1
                     *     }
                     */
                    "application/json": {
                        changed: number;
                        rescored: number;
                    };
                };
            };
        };
    };
    getServiceAccounts: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "slug": "deploy-bot",
                     *         "display_name": "Deploy bot",
                     *         "description": "Records deployments from CI",
                     *         "is_active": true,
                     *         "roles": [
                     *           "release-manager"
                     *         ],
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        display_name: string;
                        is_active: boolean;
                        roles: string[];
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postServiceAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "deploy-bot",
                 *       "display_name": "Deploy bot",
                 *       "description": "Records deployments from CI"
                 *     }
                 */
                "application/json": {
                    description?: string;
                    display_name: string;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "deploy-bot",
                     *       "display_name": "Deploy bot",
                     *       "description": "Records deployments from CI",
                     *       "is_active": true,
                     *       "roles": [
                     *         "release-manager"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        display_name: string;
                        is_active: boolean;
                        roles: string[];
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    putServiceAccountsNameRolesRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description slug */
                name: string;
                role: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteServiceAccountsNameRolesRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description slug */
                name: string;
                role: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getServiceAccountsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "deploy-bot",
                     *       "display_name": "Deploy bot",
                     *       "description": "Records deployments from CI",
                     *       "is_active": true,
                     *       "roles": [
                     *         "release-manager"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        display_name: string;
                        is_active: boolean;
                        roles: string[];
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteServiceAccountsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchServiceAccountsSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "description": "Records deployments and rollbacks from CI"
                 *     }
                 */
                "application/json": {
                    description?: null | string;
                    display_name?: string;
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "slug": "deploy-bot",
                     *       "display_name": "Deploy bot",
                     *       "description": "Records deployments from CI",
                     *       "is_active": true,
                     *       "roles": [
                     *         "release-manager"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        description: string | null;
                        display_name: string;
                        is_active: boolean;
                        roles: string[];
                        slug: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getServiceAccountsSlugClientCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "client_id": "deploy-bot-x7Kq2mPz4",
                     *         "name": "CI deploys",
                     *         "scopes": [
                     *           "project:read",
                     *           "operations-log:write"
                     *         ],
                     *         "expires_at": "2026-05-01T09:30:00Z",
                     *         "revoked_at": null,
                     *         "created_at": "2026-01-31T09:30:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        client_id: string;
                        /** Format: date-time */
                        created_at: string;
                        expires_at: string | null;
                        name: string;
                        revoked_at: string | null;
                        scopes: string[];
                    }[];
                };
            };
        };
    };
    postServiceAccountsSlugClientCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI deploys",
                 *       "scopes": [
                 *         "project:read",
                 *         "operations-log:write"
                 *       ],
                 *       "expires_in_days": 90
                 *     }
                 */
                "application/json": {
                    expires_in_days?: number;
                    name: string;
                    scopes?: string[];
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "client_id": "deploy-bot-x7Kq2mPz4",
                     *       "client_secret": "<client secret: shown once, store it now>",
                     *       "name": "CI deploys",
                     *       "scopes": [
                     *         "project:read",
                     *         "operations-log:write"
                     *       ],
                     *       "expires_at": "2026-05-01T09:30:00Z",
                     *       "created_at": "2026-01-31T09:30:00Z"
                     *     }
                     */
                    "application/json": {
                        client_id: string;
                        /** @description Shown this once; store it now. */
                        client_secret: string;
                        /** Format: date-time */
                        created_at: string;
                        expires_at: string | null;
                        name: string;
                        scopes: string[];
                    };
                };
            };
        };
    };
    deleteServiceAccountsSlugClientCredentialsClientId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                client_id: string;
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "email": "ada@example.com",
                     *         "display_name": "Ada Lovelace",
                     *         "is_active": true,
                     *         "is_admin": false,
                     *         "has_password": true,
                     *         "roles": [
                     *           "member"
                     *         ],
                     *         "created_at": "2026-01-31T09:30:00Z",
                     *         "updated_at": "2026-02-02T14:05:00Z"
                     *       }
                     *     ]
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        display_name: string;
                        email: string;
                        has_password: boolean;
                        is_active: boolean;
                        is_admin: boolean;
                        roles: string[];
                        /** Format: date-time */
                        updated_at: string;
                    }[];
                };
            };
        };
    };
    postUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "display_name": "Ada Lovelace",
                 *       "password": "<a password of at least 12 characters>"
                 *     }
                 */
                "application/json": {
                    display_name?: string;
                    /** Format: email */
                    email: string;
                    is_active?: boolean;
                    is_admin?: boolean;
                    /** @description write-only; at least 12 characters and not a common password (docs/input-hardening.md) */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "display_name": "Ada Lovelace",
                     *       "is_active": true,
                     *       "is_admin": false,
                     *       "has_password": true,
                     *       "roles": [
                     *         "member"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        display_name: string;
                        email: string;
                        has_password: boolean;
                        is_active: boolean;
                        is_admin: boolean;
                        roles: string[];
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    getUsersEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "display_name": "Ada Lovelace",
                     *       "is_active": true,
                     *       "is_admin": false,
                     *       "has_password": true,
                     *       "roles": [
                     *         "member"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        display_name: string;
                        email: string;
                        has_password: boolean;
                        is_active: boolean;
                        is_admin: boolean;
                        roles: string[];
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
        };
    };
    deleteUsersEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    patchUsersEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Ada King",
                 *       "is_admin": false
                 *     }
                 */
                "application/json": {
                    /** @description write-only; only with password: required when a user (not an admin) changes their own password */
                    current_password?: string;
                    display_name?: string;
                    is_active?: boolean;
                    is_admin?: boolean;
                    /** @description write-only; at least 12 characters and not a common password (docs/input-hardening.md) */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "email": "ada@example.com",
                     *       "display_name": "Ada Lovelace",
                     *       "is_active": true,
                     *       "is_admin": false,
                     *       "has_password": true,
                     *       "roles": [
                     *         "member"
                     *       ],
                     *       "created_at": "2026-01-31T09:30:00Z",
                     *       "updated_at": "2026-02-02T14:05:00Z"
                     *     }
                     */
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        display_name: string;
                        email: string;
                        has_password: boolean;
                        is_active: boolean;
                        is_admin: boolean;
                        roles: string[];
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    putUsersNameRolesRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description email */
                name: string;
                role: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    deleteUsersNameRolesRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description email */
                name: string;
                role: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    postWebhooksIntegrationWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description standard: message id */
                "webhook-id"?: string;
                /** @description standard: space-separated v1,<base64 HMAC-SHA256> signatures */
                "webhook-signature"?: string;
                /** @description standard: unix seconds */
                "webhook-timestamp"?: string;
                /** @description github: delivery id */
                "x-github-delivery"?: string;
                /** @description github: event type */
                "x-github-event"?: string;
                /** @description github: sha256=<64 hex digits> */
                "x-hub-signature-256"?: string;
                /** @description keel: delivery id */
                "x-keel-delivery"?: string;
                /** @description keel: event type */
                "x-keel-event"?: string;
                /** @description keel: sha256=<64 hex digits> */
                "x-keel-signature-256"?: string;
            };
            path: {
                integration: string;
                webhook: string;
            };
            cookie?: never;
        };
        /** @description any JSON document, signed as sent */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "completed",
                 *       "workflow_run": {
                 *         "id": 42,
                 *         "conclusion": "success"
                 *       }
                 *     }
                 */
                "application/json": unknown;
            };
        };
        responses: {
            /** @description RFC 9457 problem details */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description RFC 9457 problem details */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["def-0"];
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "event_id": "0190f6a5-1c2d-7e3f-8a4b-5c6d7e8f9a0b"
                     *     }
                     */
                    "application/json": {
                        /** Format: uuid */
                        event_id: string;
                    };
                };
            };
        };
    };
}
