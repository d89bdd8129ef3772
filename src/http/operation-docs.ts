// The documentation of every operation in /openapi.json that its route does not document itself:
// a summary, a description of what it answers and, where it takes a body, an example. Who may call
// it is not written here: the description opens with the sentence made from the route's declared
// permission (src/http/route-permissions.ts), so the two cannot disagree. Keyed by "METHOD /path" as the document writes paths ({param}); applied to each route as
// it is registered (src/app/api.ts). test/http/operation-docs.test.ts fails when an operation has
// no summary, description or tag, and when an entry here names no operation, so a new route is
// documented here or in its own schema.

export interface OperationDoc {
  summary?: string;
  description?: string;
  /** An example request body. */
  example?: unknown;
}

export const OPERATION_DOCS: Readonly<Record<string, OperationDoc>> = {
  'GET /health': {
    description: 'Answers 200 `{status: "ok"}` while the process runs; it reads nothing else.',
  },
  'GET /ready': {
    description:
      'Answers 200 `{status: "ready", stream}` once the database answers, with the analytics stream\'s adapter and state (up or down; requests still work while it is down). 503 `database_unavailable` when the database does not answer.',
  },
  'POST /users': {
    summary: 'Create a user',
    description:
      'Answers 201 with the new user: email, display name, whether it is active, an admin and has a password, its roles and timestamps; the password is never returned. 409 when the email is taken; 403 for creating an admin without being one; 422 naming the field (a password shorter than 12 characters or a common one).',
  },
  'GET /users': {
    summary: 'List users',
    description:
      'Answers 200 with a page of users (email, display name, active, admin, has_password, roles, timestamps) and a Link header (rel="next") while more remain.',
  },
  'GET /users/{email}': {
    summary: 'Read one user',
    description:
      'Answers 200 with the user: email, display name, active, admin, has_password, roles and timestamps. 404 for an unknown email.',
  },
  'PATCH /users/{email}': {
    summary: 'Change a user',
    description:
      "Answers 200 with the user, or 204 when the caller may change it but not read it. A new password or a change of is_active ends every token issued to the user before it. 404 for an unknown email; 403 `current_password_mismatch` when a user changing their own password sends a missing or wrong current_password (counted as a failed sign-in, 429 with Retry-After when throttled); 403 for changing is_admin, another user's password or an admin without being an admin; 422 naming the field (current_password without password, a weak password).",
  },
  'DELETE /users/{email}': {
    summary: 'Delete a user',
    description:
      'Answers 204; the user is gone and every token issued to it is revoked. 404 for an unknown email; 403 for deleting an admin without being one.',
  },
  'POST /service-accounts': {
    summary: 'Create a service account',
    description:
      'Answers 201 with the new account: slug, display name, description, whether it is active, its roles and timestamps. 409 when the slug is taken; 422 naming the field.',
  },
  'GET /service-accounts': {
    summary: 'List service accounts',
    description:
      'Answers 200 with a page of service accounts (slug, display name, description, active, roles, timestamps) and a Link header (rel="next") while more remain.',
  },
  'GET /service-accounts/{slug}': {
    summary: 'Read one service account',
    description:
      'Answers 200 with the account: slug, display name, description, active, roles and timestamps. 404 for an unknown slug.',
  },
  'PATCH /service-accounts/{slug}': {
    summary: 'Change a service account',
    description:
      'Answers 200 with the account, or 204 when the caller may change it but not read it. Deactivating or reactivating it ends the tokens issued to it before. 404 for an unknown slug; 422 naming the field.',
  },
  'DELETE /service-accounts/{slug}': {
    summary: 'Delete a service account',
    description:
      'Answers 204; the account, its client credentials and the tokens issued to it are gone. 404 for an unknown slug.',
  },
  'POST /service-accounts/{slug}/client-credentials': {
    summary: 'Create a client credential',
    description:
      'Answers 201 with the credential: client_id, client_secret (shown this once), name, scopes, expires_at and created_at. 404 for an unknown account; 403 when the account holds permissions the caller does not; 422 naming the field (a scope that is not a permission name or pattern, expires_in_days outside 1-3650).',
  },
  'GET /service-accounts/{slug}/client-credentials': {
    summary: 'List client credentials',
    description:
      "Answers 200 with the account's credentials: client_id, name, scopes, expires_at, revoked_at and created_at; never a secret. 404 for an unknown account.",
  },
  'DELETE /service-accounts/{slug}/client-credentials/{client_id}': {
    summary: 'Delete a client credential',
    description:
      "Answers 204; the credential is revoked and tokens minted with it are refused from then on (a second call changes nothing). 404 for an unknown account or a client_id that is not the account's.",
  },
  'POST /auth/login': {
    summary: 'Sign in with an email and password',
    description:
      'Exchanges a local password for an access token (JWT, short-lived) and a refresh token. Wrong credentials answer 401 with `WWW-Authenticate`; failures are throttled per account and address (429 with Retry-After). 404 `local_login_disabled` when local password login is off.',
    example: { email: 'ada@example.com', password: 'correct horse battery staple' },
  },
  'POST /auth/token': {
    description:
      "Answers 200 with access_token, token_type Bearer, expires_in and, per grant, scope, refresh_token or issued_token_type; never cached. Errors answer in RFC 6749's form `{error, error_description}`: 400 (invalid_request, invalid_grant...), 401 invalid_client with `WWW-Authenticate: Basic`; 429 problem+json with Retry-After when sign-ins are throttled.",
  },
  'GET /auth/me': {
    summary: 'Who am I',
    description:
      'Answers the caller: principal, the actor under delegation, how it signed in, whether it is an admin, its scopes and the permissions it holds.',
  },
  'GET /.well-known/jwks.json': {
    summary: 'The public keys that verify Keel tokens (JWKS)',
    description:
      'Cacheable for 5 minutes. Answers the JSON Web Key Set of the Ed25519 keys that sign access tokens.',
  },
  'GET /.well-known/oauth-authorization-server': {
    summary: 'OAuth authorization server metadata (RFC 8414)',
    description:
      'Cacheable for 5 minutes. Answers the issuer, the token endpoint, the grants it serves (client_credentials, refresh_token, token exchange), its client authentication methods and the JWKS URI.',
  },
  'GET /permissions': {
    summary: 'List permissions',
    description: 'Answers 200 with every permission Keel knows: its name and what it allows.',
  },
  'POST /roles': {
    summary: 'Create a role',
    description:
      'Answers 201 with the role: slug, name, description, builtin, permissions and timestamps. 409 when the slug is taken; 403 for permissions the caller does not hold; 422 `unknown_permission` naming the entry of permissions that is not one.',
  },
  'GET /roles': {
    summary: 'List roles',
    description:
      'Answers 200 with a page of roles (slug, name, description, builtin, permissions, timestamps) and a Link header (rel="next") while more remain.',
  },
  'GET /roles/{slug}': {
    summary: 'Read one role',
    description:
      'Answers 200 with the role: slug, name, description, builtin, permissions and timestamps. 404 for an unknown slug.',
  },
  'PATCH /roles/{slug}': {
    summary: 'Change a role',
    description:
      'Answers 200 with the role, or 204 when the caller may change it but not read it. 404 for an unknown slug; 409 `role_immutable` for the permissions of the admin role; 403 for granting permissions the caller does not hold; 422 `unknown_permission` naming the entry.',
  },
  'DELETE /roles/{slug}': {
    summary: 'Delete a role',
    description:
      'Answers 204; the role is gone. 404 for an unknown slug; 409 `role_immutable` for a role seeded by Keel.',
  },
  'PUT /users/{name}/roles/{role}': {
    summary: 'Set a role',
    description:
      'Answers 204; the user holds the role (again: a second call changes nothing). 404 for an unknown user or role; 403 for a role with permissions the caller does not hold.',
  },
  'DELETE /users/{name}/roles/{role}': {
    summary: 'Delete a role',
    description:
      'Answers 204; the user no longer holds the role. 404 for an unknown user or role, or a role the user does not hold.',
  },
  'PUT /service-accounts/{name}/roles/{role}': {
    summary: 'Set a role',
    description:
      'Answers 204; the account holds the role (a second call changes nothing). 404 for an unknown account or role; 403 for a role with permissions the caller does not hold.',
  },
  'DELETE /service-accounts/{name}/roles/{role}': {
    summary: 'Delete a role',
    description:
      'Answers 204; the account no longer holds the role. 404 for an unknown account or role, or a role the account does not hold.',
  },
  'POST /organizations': {
    summary: 'Create a organization',
    description:
      'Answers 201 with the new organization: id, slug, name and timestamps. 409 when the slug is taken; 422 naming the field.',
    example: { slug: 'acme', name: 'Acme' },
  },
  'GET /organizations': {
    summary: 'List organizations',
    description:
      'Answers 200 with a page of organizations (id, slug, name, timestamps) and a Link header (rel="next") while more remain.',
  },
  'GET /organizations/{org}': {
    summary: 'Read one organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the organization: id, slug, name and timestamps; 404 for an unknown slug.',
  },
  'PATCH /organizations/{org}': {
    summary: 'Change a organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the organization as changed (slug and name). 409 when the new slug is taken; 422 naming the field.',
  },
  'DELETE /organizations/{org}': {
    summary: 'Delete a organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the organization is gone. 409 `not_empty` while it still has teams, projects, AI providers or models.',
  },
  'POST /organizations/{org}/teams': {
    summary: 'Create a team of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201 with the new team: id, slug, name, organization and timestamps. 409 when the slug is taken in the organization; 422 naming the field.',
  },
  'GET /organizations/{org}/teams': {
    summary: 'List teams of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the organization\'s teams (id, slug, name, organization, timestamps) and a Link header (rel="next") while more remain.',
  },
  'GET /organizations/{org}/teams/{team}': {
    summary: 'Read one team of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the team: id, slug, name, organization and timestamps; 404 for an unknown team.',
  },
  'DELETE /organizations/{org}/teams/{team}': {
    summary: 'Delete a team of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the team is gone. 404 for an unknown team; 409 `not_empty` while it still owns projects (move or delete them first).',
  },
  'GET /organizations/{org}/teams/{team}/members': {
    summary: 'List members of a team',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the team\'s members (email and display name) and a Link header (rel="next") while more remain; 404 for an unknown team.',
  },
  'PUT /organizations/{org}/teams/{team}/members/{email}': {
    summary: 'Set a member of a team',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the user is a member of the team (a second call changes nothing). 404 for an unknown team or user; 403 when the team gives its members grants the caller could not hand on.',
  },
  'DELETE /organizations/{org}/teams/{team}/members/{email}': {
    summary: 'Delete a member of a team',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the user is no longer a member. 404 for an unknown team or user, or a user who is not a member.',
  },
  'POST /organizations/{org}/projects': {
    summary: 'Create a project of an organization',
    description:
      "Inside an organization the caller cannot see, the answer is 404. Answers 201 with the new project: id, slug, name, organization, team, types, attributes, archived, environments, score and timestamps. 409 when the slug is taken; 422 `unknown_team` naming team, 422 naming the type that is not the organization's, 422 `validation_failed` naming each attribute that does not fit the blueprints.",
  },
  'POST /organizations/{org}/projects/import': {
    summary: 'Create or update many projects of an organization from NDJSON or CSV (idempotent by slug)',
    description:
      'The permissions are checked before the body is read. Takes application/x-ndjson (one object a line: slug, name, team, types, attributes, environments {<environment>: {url?}}, links {<definition>: url}) or text/csv (a header row; types separated by `;`, attributes a JSON object, attr.<name> columns as text, env.<environment>.url and link.<definition> columns), UTF-8, at most 50 MiB and 100,000 lines (413 before any row is written). ' +
      'Each row is created or updated through the same checks as POST and PATCH (blueprints, types, team); attributes of an existing project are merged (RFC 7396). ' +
      'Environments and links are set as their PUT routes set them: naming them needs environment:read or link_definition:read (403 for the row), each URL is an http(s) address without credentials, an unknown name is refused (422 naming /environments/<slug> or /links/<definition>); a value equal to the stored one is not written. ' +
      'Answers 200 with {created, updated, unchanged, refused_count, refused: [{line, slug, status, code, errors}]}: a refused row changes nothing and the others go on. ' +
      'A bad CSV header is a 422 for the whole import; 503 with Retry-After while two other imports run in the process.',
  },
  'GET /organizations/{org}/projects': {
    summary: 'List projects of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of projects (as one project reads, without links) and a Link header (rel="next") while more remain; `q`, `archived`, `team`, `type`, `environment`, `has`, `score_min` and `score_max` narrow it.',
  },
  'GET /organizations/{org}/projects/{project}': {
    summary: 'Read one project of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the project: id, slug, name, organization, team, types, attributes, archived, environments (URL, version, since), links, score, previous_score and timestamps. A project the caller may not read answers 404, as a missing one does.',
  },
  'PATCH /organizations/{org}/projects/{project}': {
    summary: 'Change a project of an organization',
    description:
      'Answers 200 with the project, or 204 when the caller may update but not read it (an update-only ACL). Inside an organization the caller cannot see, the answer is 404. Attributes are merged into the stored ones (RFC 7396: null removes one). 404 for a missing project or one the caller may not read; 409 `project_archived` for an archived project (unarchive it first); 409 when the new slug is taken; 422 as on creation (`unknown_team`, a type, `validation_failed` naming the attribute).',
  },
  'DELETE /organizations/{org}/projects/{project}': {
    summary: 'Delete a project of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the project is gone with its comments, edges and grants. 404 for a missing project.',
  },
  'GET /organizations/{org}/projects/{project}/access': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the project\'s grants, in user id order: each user\'s email and the actions (read, update, delete) it may take; a Link header (rel="next") while more remain. 404 for a missing project.',
  },
  'PUT /organizations/{org}/projects/{project}/access/{email}': {
    description:
      "Inside an organization the caller cannot see, the answer is 404. Answers 200 with the grant as stored: the user's email and its actions. 404 for a missing project or user; 403 for actions the caller does not have on the project; 422 naming actions (one or more of read, update, delete).",
  },
  'DELETE /organizations/{org}/projects/{project}/access/{email}': {
    summary: 'Delete a access of a project',
    description:
      "Inside an organization the caller cannot see, the answer is 404. Answers 204; the user's grant on the project is gone. 404 for a missing project or user, or a user without a grant.",
  },
  'POST /environments': {
    summary: 'Create a environment',
    description:
      'Answers 201 with the new environment: id, slug, name and timestamps. 409 when the slug is taken; 422 naming the field.',
  },
  'GET /environments': {
    summary: 'List environments',
    description:
      'Answers 200 with a page of environments (id, slug, name, timestamps) and a Link header (rel="next") while more remain.',
  },
  'GET /environments/{slug}': {
    summary: 'Read one environment',
    description: 'Answers 200 with the environment: id, slug, name and timestamps; 404 for an unknown slug.',
  },
  'PATCH /environments/{slug}': {
    summary: 'Change a environment',
    description:
      'Answers 200 with the environment, or 204 when the caller may change it but not read it. 404 for an unknown slug; 409 when the new slug is taken; 422 naming the field.',
  },
  'DELETE /environments/{slug}': {
    summary: 'Delete a environment',
    description: 'Answers 204; the environment is gone. 404 for an unknown slug.',
  },
  'GET /admin/oauth-providers': {
    summary: 'List oauth providers',
    description:
      'Answers 200 with a page of login providers (slug, type and its display name, name, enabled, client_id, has_secret, issuer_url, allowed_domains, icon, the callback URL to register at the provider, timestamps; never the secret) and a Link header (rel="next") while more remain.',
  },
  'GET /admin/oauth-providers/{slug}': {
    summary: 'Read one oauth provider',
    description:
      'Answers 200 with the provider: type, name, enabled, client_id, has_secret, issuer_url, allowed_domains, icon and callback_url; never the secret. 404 for a provider not configured.',
  },
  'PUT /admin/oauth-providers/{slug}': {
    description:
      "Answers 201 with the provider when it is new, 200 when it replaced the stored one (a client_secret given replaces the stored one, null clears it, absent keeps it; it is never returned). 422 naming the field: a slug other than provider_a, provider_b or oidc, a type other than the slug's, issuer_url missing for oidc or given for another type, an enabled provider without client_id or client_secret, an enabled provider_a without an allowed domain.",
  },
  'DELETE /admin/oauth-providers/{slug}': {
    summary: 'Delete a oauth provider',
    description:
      'Answers 204; the provider is gone and no longer offered at sign-in. 404 for a provider not configured.',
  },
  'GET /auth/oauth/{slug}/authorize': {
    description:
      "Answers 302 to the provider's consent screen, with a state bound to this browser; 404 for a provider that is unknown or disabled.",
  },
  'GET /auth/oauth/{slug}/callback': {
    description:
      'Answers 302 to the frontend with Keel tokens in the fragment once the provider vouches for the user; 400 problem+json for a login not started in this browser or a state that does not match.',
  },
  'POST /auth/can': {
    summary: 'May I call this route?',
    description:
      "Answers 200 `{allowed, permission, reason}` for the caller's own token (a user's, a service account's or a delegated one): whether the route's declared permission (its `x-keel-permission`) admits it, without calling the route. The path is matched as the router matches it (a query string is ignored); a path no route takes is `allowed: false`, its reason saying which methods the path takes, if any. On a project's routes a user's CAN_ACCESS grant counts, and a project the caller may not read gets the answer of a missing one. `allowed: true` does not say the target exists, and a route's own rules (in its description) may still refuse. 422 naming `method` or `path` for a question that is not one.",
    example: { method: 'POST', path: '/organizations/acme/projects' },
  },
  'GET /auth/providers': {
    description:
      'Answers 200 with the login methods on offer: each enabled provider (slug, type and its display name, name, icon, authorize URL), then local password login when it is on.',
  },
  'GET /admin/plugins': {
    summary: 'List plugins',
    description:
      'Answers 200 with a page of installed plugins (slug, name, version, description, revision, vertex and edge labels with their schemas, the permissions derived from them, who installed and last changed it), narrowed by `q`, with a Link header (rel="next") while more remain.',
  },
  'POST /admin/plugins': {
    description:
      'Answers 201 with the installed plugin: slug, name, version, revision, its vertex and edge labels with their JSON Schemas and the permissions derived from them. 409 `plugin_exists` when the slug is installed; 422 `invalid_manifest` naming the member of the manifest at fault.',
  },
  'GET /admin/plugins/{slug}': {
    summary: 'Read one plugin',
    description:
      "Answers 200 with the plugin: its manifest's labels and schemas, revision, permissions and who installed and changed it. 404 for an unknown plugin.",
  },
  'PUT /admin/plugins/{slug}': {
    description:
      "Answers 200 with the upgraded plugin, its revision one higher. 404 for an unknown plugin; 409 `incompatible_upgrade` listing the stored entities or edges the new manifest would no longer accept; 422 `invalid_manifest` naming the member (a manifest slug other than the path's).",
  },
  'DELETE /admin/plugins/{slug}': {
    description:
      'Answers 204; the plugin is uninstalled (with its entities and edges under `purge=true`). 404 for an unknown plugin; 409 `plugin_not_empty` counting the entities and edges it still holds.',
  },
  'GET /admin/plugins/{slug}/entities/{label}': {
    summary: 'Read one entitie',
    description:
      'Answers 200 with a page of the label\'s entities (id, plugin, label, properties, timestamps), narrowed by `q` (a substring of a top-level string property), with a Link header (rel="next") while more remain. 404 for an unknown plugin or label.',
  },
  'POST /admin/plugins/{slug}/entities/{label}': {
    summary: 'Entities',
    description:
      "Answers 201 with the entity: its id, plugin, label, the document as stored in properties, and timestamps. 404 for an unknown plugin or label; 422 naming each place where the document does not fit the label's JSON Schema.",
  },
  'GET /admin/plugins/{slug}/entities/{label}/{id}': {
    summary: 'Read one entitie',
    description:
      'Answers 200 with the entity: id, plugin, label, properties and timestamps. 404 for an unknown plugin, label or entity.',
  },
  'PATCH /admin/plugins/{slug}/entities/{label}/{id}': {
    description:
      'Answers 200 with the entity, its document merged with the patch (null removes a member) and validated again. 404 for an unknown plugin, label or entity; 422 naming where the merged document does not fit the schema.',
  },
  'DELETE /admin/plugins/{slug}/entities/{label}/{id}': {
    summary: 'Delete a entitie',
    description: 'Answers 204; the entity is gone. 404 for an unknown plugin, label or entity.',
  },
  'GET /admin/plugins/{slug}/edges/{label}': {
    summary: "List a label's edges, each end with its name",
    description:
      "Answers 200 with a page of the label's edges (source and target id and label, properties, created_at), narrowed by `source_id` and `target_id`, with a Link header (rel=\"next\") while more remain. Each edge names its ends that are first-class nodes: `source_name` and `target_name` are the environment's, project's, team's or organization's name, null for a plugin entity (read it by id with GET /admin/plugins/{slug}/entities/{label}/{id}). An edge with an end its caller may not read (a project outside its CAN_ACCESS grants) is left out. 404 for an unknown plugin or label.",
  },
  'POST /admin/plugins/{slug}/edges/{label}': {
    description:
      'Answers 201 with the new edge, or 200 with the existing one, its properties replaced: plugin, label, source and target id and label, properties and created_at. 404 for an unknown plugin or label; 422 `invalid_edge_end` naming source_id or target_id when there is no such node (or the caller may not read it), 422 naming where the properties do not fit the schema.',
  },
  'DELETE /admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}': {
    summary: 'Delete a edge',
    description: 'Answers 204; the edge is gone. 404 for an unknown plugin or label, or no such edge.',
  },
  'GET /admin/plugins/{slug}/entities/{label}/_schema': {
    description:
      "Answers 200 with the entity label's JSON Schema (draft 2020-12). 404 for an unknown plugin or label.",
  },
  'GET /admin/plugins/{slug}/edges/{label}/_schema': {
    description:
      "Answers 200 with the JSON Schema of the edge label's properties. 404 for an unknown plugin or label.",
  },
  'GET /admin/environments/{slug}/plugin-edges/{plugin}/{label}': {
    description:
      'Answers 200 with a page of the plugin\'s edges of that label that start or end at the environment, each with the entity at the other end (id, label, plugin, properties, timestamps), and a Link header (rel="next") while more remain. 404 for an unknown environment, plugin or label, or a label without an Environment end.',
  },
  'POST /consents': {
    description:
      'Answers 201 with the consent: id, user_email, actor_sa (the scheduler), scope, status active, created_at, expires_at and revoked_at. 422 naming expires_at when it is not in the future.',
  },
  'GET /consents': {
    description:
      'Answers 200 with a page of the caller\'s consents (every user\'s for an admin, optionally narrowed by `user_email`), each with its status (active, expired, revoked), and a Link header (rel="next") while more remain. 403 for a service account (read one by id instead).',
  },
  'GET /consents/{id}': {
    description:
      'Answers 200 with the consent: user_email, actor_sa, scope, status and its times. 404 for a consent the caller may not read.',
  },
  'DELETE /consents/{id}': {
    description:
      'Answers 204; the consent is revoked (it stays listed as revoked) and the delegated tokens issued under it end with it. 404 for a consent the caller may not read; 403 for a caller who may read it but not revoke it (a service account holding auth:delegate).',
  },
  'POST /scoring/policies': {
    summary: 'Create a policie',
    description:
      'Answers 201 with the policy: slug, name, description, attribute, weight, enabled, its value or range score map, project_types, updated_by and timestamps; every project is queued for recompute. 409 when the slug is taken; 422 naming the field (not exactly one of value_score_map and range_score_map, a range whose max is not above its min, overlapping ranges).',
  },
  'GET /scoring/policies': {
    summary: 'List policies',
    description:
      'Answers 200 with a page of scoring policies (as one reads) and a Link header (rel="next") while more remain.',
  },
  'GET /scoring/policies/{slug}': {
    summary: 'Read one policie',
    description:
      'Answers 200 with the policy: attribute, weight, enabled, value or range score map, project_types, updated_by and timestamps. 404 for an unknown slug.',
  },
  'PATCH /scoring/policies/{slug}': {
    summary: 'Change a policie',
    description:
      'Answers 200 with the policy, or 204 when the caller may change it but not read it. Every project is queued for recompute. 404 for an unknown slug; 422 naming the field as on creation.',
  },
  'DELETE /scoring/policies/{slug}': {
    summary: 'Delete a policie',
    description:
      'Answers 204; the policy is gone and every project is queued for recompute. 404 for an unknown slug.',
  },
  'POST /api/scoring/recompute-all': {
    description:
      'Answers 202 `{queued, reason: "scheduled_recompute"}`: how many projects were queued now (those already pending are not counted); the scores change as the worker gets to them.',
  },
  'POST /scoring/rescore': {
    description:
      'Answers 200 `{rescored, changed}` once the scores are computed: one project (organization and project), every project of an organization, or every project (an empty body). 404 for an unknown organization or project; 422 naming organization when project comes without it.',
  },
  'GET /ai-provider-drivers': {
    description:
      'Answers 200 with the supported drivers: name, display name, description, icon, default base URL, and whether each supports IAM, requires a base URL and supports discovery.',
  },
  'POST /organizations/{org}/ai-providers': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201 with the provider: id, organization, driver, name, base_url, region, enabled, has_credentials, a hint of the key, auth_kind and timestamps; the api_key is encrypted on receipt and never returned. 422 naming the field (base_url missing for a driver that needs one or carrying a query or fragment, an api_key that looks like a masked hint).',
  },
  'GET /organizations/{org}/ai-providers': {
    summary: 'List ai providers of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the organization\'s AI providers (as one reads, never a key) and a Link header (rel="next") while more remain.',
  },
  'GET /organizations/{org}/ai-providers/{id}': {
    summary: 'Read one ai provider of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the provider: driver, name, base_url, region, enabled, has_credentials, credential hint and its date, auth_kind, warnings and timestamps. 404 for an unknown provider.',
  },
  'PATCH /organizations/{org}/ai-providers/{id}': {
    summary: 'Change a ai provider of an organization',
    description:
      'Answers 200 with the provider, or 204 when the caller may change it but not read it. Inside an organization the caller cannot see, the answer is 404. 404 for an unknown provider; 422 naming the field as on creation.',
  },
  'DELETE /organizations/{org}/ai-providers/{id}': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the provider is gone. 404 for an unknown provider; 409 `provider_in_use` while it still serves models (delete them first).',
  },
  'DELETE /organizations/{org}/ai-providers/{id}/credentials': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the stored API key is gone. 404 for an unknown provider.',
  },
  'POST /organizations/{org}/ai-providers/{id}/import-models': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201 with the models created from the selection of discovered ones, all or nothing. 404 for an unknown provider; 422 naming the entry (`model_not_discovered` for a model id the provider does not report, a model id selected twice, a slug missing), 422 `discovery_not_supported`, `base_url_missing` or `credentials_missing` for a provider that cannot be asked; 409 naming the entry whose slug or model id is taken; 502 when the provider does not answer.',
  },
  'POST /organizations/{org}/ai-models': {
    summary: 'Create a ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201 with the model: id, organization, provider_id, model_id, slug, name, kind, access_scope and team_slugs, token limits, default temperature, costs, monthly spend cap, enabled and timestamps. 409 when the slug is taken in the organization or the model id for the provider; 422 `unknown_team` naming the team, 422 for a restricted model without teams or teams on a model that is not restricted.',
  },
  'GET /organizations/{org}/ai-models/{id}': {
    summary: 'Read one ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the model: provider, model_id, slug, name, kind, access scope and teams, limits, costs, spend cap, enabled and timestamps. 404 for an unknown model.',
  },
  'PATCH /organizations/{org}/ai-models/{id}': {
    summary: 'Change a ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with the model as changed. 404 for an unknown model; 409 when the new slug is taken; 422 naming the field as on creation.',
  },
  'DELETE /organizations/{org}/ai-models/{id}': {
    summary: 'Delete a ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; the model is gone from the catalog. 404 for an unknown model.',
  },
  'POST /organizations/{org}/projects/{project}/comments': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201 with the comment: id, organization, project, body, author ("<user> on behalf of <actor>" under delegation) and created_at. 404 for a missing project or one the caller may not read; 422 naming body (blank, or longer than 10,000 characters).',
  },
  'GET /organizations/{org}/projects/{project}/comments': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200 with a page of the project\'s comments, oldest first (id, body, author, created_at), and a Link header (rel="next") while more remain. 404 for a missing project or one the caller may not read.',
  },
  'POST /admin/webhooks': {
    description:
      'Answers 201 with the webhook: id, slug, integration, project, sender, has_secret, the delivery URL and the headers the sender sends; never the secret. 409 when the slug is taken; 422 naming the field (`unknown_project` for project, a secret that looks masked or does not fit the sender).',
  },
  'GET /admin/webhooks': {
    summary: 'List webhooks',
    description:
      'Answers 200 with a page of webhooks (as one reads; the linked project left out for a caller that may not read it) and a Link header (rel="next") while more remain.',
  },
  'GET /admin/webhooks/{slug}': {
    summary: 'Read one webhook',
    description:
      'Answers 200 with the webhook: id, slug, integration, project, sender, has_secret, delivery URL and headers, updated_by and timestamps; never the secret. 404 for an unknown slug.',
  },
  'DELETE /admin/webhooks/{slug}': {
    summary: 'Delete a webhook',
    description: 'Answers 204; the webhook is gone. 404 for an unknown slug.',
  },
  'POST /scheduler/schedules': {
    description:
      'Answers 201 with the schedule: slug, name, its trigger (cron, every or once_at) and timezone, target, state, retry, timeout, overlap, jitter, auto-pause, consent_id and the next occurrence (next_due_at, next_run_at). A user schedule records a consent for the scheduler to act as its creator. 409 when the slug is taken; 422 naming the member (the trigger, the timezone, target path or body, retry); 502 `consent_failed` when the consent could not be recorded.',
  },
  'GET /scheduler/schedules': {
    description:
      'Answers 200 with a page of the caller\'s schedules (every schedule for an admin), as one schedule reads, and a Link header (rel="next") while more remain.',
  },
  'GET /scheduler/schedules/{slug}': {
    summary: 'Read one schedule',
    description:
      'Answers 200 with the schedule: its trigger, timezone, target, state (active, paused, completed), who paused it and why, consent_id and its next occurrence. 404 for a schedule the caller cannot see.',
  },
  'PATCH /scheduler/schedules/{slug}': {
    description:
      'Answers 200 with the schedule as changed; a trigger member replaces the trigger. 404 for a schedule the caller cannot see; 403 when a user schedule is changed by anyone but its creator (pause or delete it instead); 422 naming the member as on creation.',
  },
  'DELETE /scheduler/schedules/{slug}': {
    description:
      'Answers 204; the schedule fires no more and its runs stay readable by admins. 404 for a schedule the caller cannot see; 409 for a built-in schedule (pause it instead).',
  },
  'POST /scheduler/schedules/{slug}/run': {
    description:
      'Answers 202 with the run just started (id, trigger manual, state running, occurrence and start time); follow it at GET /scheduler/runs/{id}. 404 for a schedule the caller cannot see; 429 with Retry-After while manual runs hold their share of the calls in flight.',
  },
  'POST /scheduler/schedules/{slug}/pause': {
    description:
      'Answers 200 with the schedule, paused (no next occurrence; paused_by names the caller); pausing a paused schedule changes nothing. 404 for a schedule the caller cannot see.',
  },
  'POST /scheduler/schedules/{slug}/resume': {
    description:
      'Answers 200 with the schedule, active again from its next occurrence after now (nothing missed while paused fires). 404 for a schedule the caller cannot see; 409 `schedule_completed` for a once_at schedule whose instant has passed.',
  },
  'GET /scheduler/schedules/{slug}/runs': {
    description:
      'Answers 200 with a page of the schedule\'s runs, newest first (state, trigger, times, duration, HTTP status, the principal it ran as, error and attempts), narrowed by state, trigger, from and to, with a Link header (rel="next") keeping the filters. 404 for a schedule the caller cannot see; 422 when `to` is not after `from`.',
  },
  'GET /scheduler/runs/{id}': {
    summary: 'Read one run',
    description:
      'Answers 200 with the run: schedule, kind, trigger, occurrence, start and end, duration, state, HTTP status, principal and actor, error, each attempt, next_attempt_at and who asked to cancel it. 404 for a run the caller cannot see.',
  },
  'GET /admin/pipeline': {
    description:
      "Answers 200 with the analytics pipeline's figures as this process's /metrics has them: measured_at, the outbox (rows waiting, age of the oldest, published and failed totals) and each sink (its table, lag, rows written, dead-lettered and retried).",
  },
  'POST /organizations/{org}/project-types': {
    summary: 'Create a project type',
    description:
      'Answers 201 with the type; 409 when its slug is taken; 404 for an organization the caller cannot see.',
  },
  'GET /organizations/{org}/project-types': {
    summary: 'List project types',
    description: "Answers 200 with a keyset page of the organization's types.",
  },
  'GET /organizations/{org}/project-types/{type}': {
    summary: 'Read one project type',
    description: 'Answers 200, or 404 when the organization or the type does not exist.',
  },
  'PATCH /organizations/{org}/project-types/{type}': {
    summary: 'Change a project type',
  },
  'DELETE /organizations/{org}/project-types/{type}': {
    summary: 'Delete a project type',
  },
  'GET /organizations/{org}/blueprints': {
    summary: 'List blueprints',
    description: "Answers 200 with the organization's blueprints.",
  },
  'GET /organizations/{org}/blueprints/{blueprint}': {
    summary: 'Read one blueprint',
    description: 'Answers 200, or 404.',
  },
  'PUT /organizations/{org}/blueprints/{blueprint}': {
    description:
      'Answers 200 with the blueprint; 422 naming the pointer for a schema the validator does not take.',
  },
  'DELETE /organizations/{org}/blueprints/{blueprint}': {
    summary: 'Delete a blueprint',
    description: 'Answers 204; the projects it covered keep their attributes.',
  },
  'DELETE /organizations/{org}/projects/{project}/dependencies/{target}': {
    summary: 'Remove a dependency',
    description: 'Answers 204, or 404 when there is no such dependency.',
  },
  'GET /scheduler/preview': {
    description:
      'Answers 200 with at most `count` (1-100, default 10) occurrences after `after` (default now) of exactly one of `cron`, `every`, `once_at` in `timezone` (default UTC), each with its DST flag; `truncated` when the 200 ms computing budget ran out first. Nothing is stored. 422 names the parameter (none or two triggers, a bad expression, zone or interval, a once_at not after `after`).',
  },
  'POST /scheduler/schedules/dry-run': {
    description:
      'Answers 200 with the next `count` (1-100, default 5) occurrences of the body, DST flagged, and the checks a firing makes: the consent (none before creation), the token exchange, and POST /auth/can for the target with the token the job would call with (your own, for a user job). Nothing is stored and the target is not called; the same 422s as creating the schedule.',
  },
  'POST /scheduler/schedules/{slug}/dry-run': {
    description:
      "Answers 200 with the schedule's next `count` (1-100, default 5) occurrences, DST flagged, whether its consent is active, whether the token exchange succeeds, and whether the principal it runs as may call the target (POST /auth/can with the delegated token, or the scheduler's for a system job). No run is recorded and the target is not called; 404 for a schedule the caller cannot see.",
  },
  'POST /scheduler/runs/{id}/cancel': {
    description:
      'Who may see a run may cancel it; an admin for a system run; a delegated token may not (403). Answers 202; the call in flight is aborted and the run ends cancelled. 409 when the run is not running; 404 for a run the caller cannot see.',
  },
};
