// The documentation of every operation in /openapi.json that its route does not document itself:
// a summary, a description of what it answers and, where it takes a body, an example. Who may call
// it is not written here: the description opens with the sentence made from the route's declared
// permission (src/authz/route-permissions.ts), so the two cannot disagree. Keyed by "METHOD /path" as the document writes paths ({param}); applied to each route as
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
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /ready': {
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /users': {
    summary: 'Create a user',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /users': {
    summary: 'List users',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /users/{email}': {
    summary: 'Read one user',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /users/{email}': {
    summary: 'Change a user',
    description:
      'Answers 200 with the user, or 204 when the caller may change it but not read it. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /users/{email}': {
    summary: 'Delete a user',
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /service-accounts': {
    summary: 'Create a service account',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /service-accounts': {
    summary: 'List service accounts',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /service-accounts/{slug}': {
    summary: 'Read one service account',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /service-accounts/{slug}': {
    summary: 'Change a service account',
    description:
      'Answers 200 with the account, or 204 when the caller may change it but not read it. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /service-accounts/{slug}': {
    summary: 'Delete a service account',
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /service-accounts/{slug}/client-credentials': {
    summary: 'Create a client credential',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /service-accounts/{slug}/client-credentials': {
    summary: 'List client credentials',
    description: 'Answers 200; errors are problem+json.',
  },
  'DELETE /service-accounts/{slug}/client-credentials/{client_id}': {
    summary: 'Delete a client credential',
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /auth/login': {
    summary: 'Sign in with an email and password',
    description:
      'Exchanges a local password for an access token (JWT, short-lived) and a refresh token. Wrong credentials answer 401 with `WWW-Authenticate`; failures are throttled per account and address (429 with Retry-After). 404 `local_login_disabled` when local password login is off.',
    example: { email: 'ada@example.com', password: 'correct horse battery staple' },
  },
  'POST /auth/token': {
    description: 'Answers 200; errors are problem+json.',
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
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /roles': {
    summary: 'Create a role',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /roles': {
    summary: 'List roles',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /roles/{slug}': {
    summary: 'Read one role',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /roles/{slug}': {
    summary: 'Change a role',
    description:
      'Answers 200 with the role, or 204 when the caller may change it but not read it. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /roles/{slug}': {
    summary: 'Delete a role',
    description: 'Answers 204; errors are problem+json.',
  },
  'PUT /users/{name}/roles/{role}': {
    summary: 'Set a role',
    description: 'Answers 204; errors are problem+json.',
  },
  'DELETE /users/{name}/roles/{role}': {
    summary: 'Delete a role',
    description: 'Answers 204; errors are problem+json.',
  },
  'PUT /service-accounts/{name}/roles/{role}': {
    summary: 'Set a role',
    description: 'Answers 204; errors are problem+json.',
  },
  'DELETE /service-accounts/{name}/roles/{role}': {
    summary: 'Delete a role',
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /organizations': {
    summary: 'Create a organization',
    description: 'Answers 201; errors are problem+json.',
    example: { slug: 'acme', name: 'Acme' },
  },
  'GET /organizations': {
    summary: 'List organizations',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /organizations/{org}': {
    summary: 'Read one organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'PATCH /organizations/{org}': {
    summary: 'Change a organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'DELETE /organizations/{org}': {
    summary: 'Delete a organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'POST /organizations/{org}/teams': {
    summary: 'Create a team of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.',
  },
  'GET /organizations/{org}/teams': {
    summary: 'List teams of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'GET /organizations/{org}/teams/{team}': {
    summary: 'Read one team of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'DELETE /organizations/{org}/teams/{team}': {
    summary: 'Delete a team of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'GET /organizations/{org}/teams/{team}/members': {
    summary: 'List members of a team',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'PUT /organizations/{org}/teams/{team}/members/{email}': {
    summary: 'Set a member of a team',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'DELETE /organizations/{org}/teams/{team}/members/{email}': {
    summary: 'Delete a member of a team',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'POST /organizations/{org}/projects': {
    summary: 'Create a project of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.',
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
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'GET /organizations/{org}/projects/{project}': {
    summary: 'Read one project of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'PATCH /organizations/{org}/projects/{project}': {
    summary: 'Change a project of an organization',
    description:
      'Answers 200 with the project, or 204 when the caller may update but not read it (an update-only ACL). Inside an organization the caller cannot see, the answer is 404. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /organizations/{org}/projects/{project}': {
    summary: 'Delete a project of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'GET /organizations/{org}/projects/{project}/access': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'PUT /organizations/{org}/projects/{project}/access/{email}': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'DELETE /organizations/{org}/projects/{project}/access/{email}': {
    summary: 'Delete a access of a project',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'POST /environments': {
    summary: 'Create a environment',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /environments': {
    summary: 'List environments',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /environments/{slug}': {
    summary: 'Read one environment',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /environments/{slug}': {
    summary: 'Change a environment',
    description:
      'Answers 200 with the environment, or 204 when the caller may change it but not read it. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /environments/{slug}': {
    summary: 'Delete a environment',
    description: 'Answers 204; errors are problem+json.',
  },
  'GET /admin/oauth-providers': {
    summary: 'List oauth providers',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /admin/oauth-providers/{slug}': {
    summary: 'Read one oauth provider',
    description: 'Answers 200; errors are problem+json.',
  },
  'PUT /admin/oauth-providers/{slug}': {
    description: 'Answers 200, 201; errors are problem+json.',
  },
  'DELETE /admin/oauth-providers/{slug}': {
    summary: 'Delete a oauth provider',
    description: 'Answers 204; errors are problem+json.',
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
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /admin/plugins': {
    summary: 'List plugins',
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /admin/plugins': {
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /admin/plugins/{slug}': {
    summary: 'Read one plugin',
    description: 'Answers 200; errors are problem+json.',
  },
  'PUT /admin/plugins/{slug}': {
    description: 'Answers 200; errors are problem+json.',
  },
  'DELETE /admin/plugins/{slug}': {
    description: 'Answers 204; errors are problem+json.',
  },
  'GET /admin/plugins/{slug}/entities/{label}': {
    summary: 'Read one entitie',
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /admin/plugins/{slug}/entities/{label}': {
    summary: 'Entities',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /admin/plugins/{slug}/entities/{label}/{id}': {
    summary: 'Read one entitie',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /admin/plugins/{slug}/entities/{label}/{id}': {
    description: 'Answers 200; errors are problem+json.',
  },
  'DELETE /admin/plugins/{slug}/entities/{label}/{id}': {
    summary: 'Delete a entitie',
    description: 'Answers 204; errors are problem+json.',
  },
  'GET /admin/plugins/{slug}/edges/{label}': {
    summary: 'Read one edge',
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /admin/plugins/{slug}/edges/{label}': {
    description: 'Answers 200, 201; errors are problem+json.',
  },
  'DELETE /admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}': {
    summary: 'Delete a edge',
    description: 'Answers 204; errors are problem+json.',
  },
  'GET /admin/plugins/{slug}/entities/{label}/_schema': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /admin/plugins/{slug}/edges/{label}/_schema': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /admin/environments/{slug}/plugin-edges/{plugin}/{label}': {
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /consents': {
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /consents': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /consents/{id}': {
    description: 'Answers 200; errors are problem+json.',
  },
  'DELETE /consents/{id}': {
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /scoring/policies': {
    summary: 'Create a policie',
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /scoring/policies': {
    summary: 'List policies',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /scoring/policies/{slug}': {
    summary: 'Read one policie',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /scoring/policies/{slug}': {
    summary: 'Change a policie',
    description:
      'Answers 200 with the policy, or 204 when the caller may change it but not read it. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /scoring/policies/{slug}': {
    summary: 'Delete a policie',
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /api/scoring/recompute-all': {
    description: 'Answers 202; errors are problem+json.',
  },
  'POST /scoring/rescore': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /ai-provider-drivers': {
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /organizations/{org}/ai-providers': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.',
  },
  'GET /organizations/{org}/ai-providers': {
    summary: 'List ai providers of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'GET /organizations/{org}/ai-providers/{id}': {
    summary: 'Read one ai provider of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'PATCH /organizations/{org}/ai-providers/{id}': {
    summary: 'Change a ai provider of an organization',
    description:
      'Answers 200 with the provider, or 204 when the caller may change it but not read it. Inside an organization the caller cannot see, the answer is 404. Answers 200, 204; errors are problem+json.',
  },
  'DELETE /organizations/{org}/ai-providers/{id}': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'DELETE /organizations/{org}/ai-providers/{id}/credentials': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'POST /organizations/{org}/ai-providers/{id}/import-models': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.',
  },
  'POST /organizations/{org}/ai-models': {
    summary: 'Create a ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.',
  },
  'GET /organizations/{org}/ai-models/{id}': {
    summary: 'Read one ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'PATCH /organizations/{org}/ai-models/{id}': {
    summary: 'Change a ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'DELETE /organizations/{org}/ai-models/{id}': {
    summary: 'Delete a ai model of an organization',
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.',
  },
  'POST /organizations/{org}/projects/{project}/comments': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.',
  },
  'GET /organizations/{org}/projects/{project}/comments': {
    description:
      'Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.',
  },
  'POST /admin/webhooks': {
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /admin/webhooks': {
    summary: 'List webhooks',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /admin/webhooks/{slug}': {
    summary: 'Read one webhook',
    description: 'Answers 200; errors are problem+json.',
  },
  'DELETE /admin/webhooks/{slug}': {
    summary: 'Delete a webhook',
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /scheduler/schedules': {
    description: 'Answers 201; errors are problem+json.',
  },
  'GET /scheduler/schedules': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /scheduler/schedules/{slug}': {
    summary: 'Read one schedule',
    description: 'Answers 200; errors are problem+json.',
  },
  'PATCH /scheduler/schedules/{slug}': {
    description: 'Answers 200; errors are problem+json.',
  },
  'DELETE /scheduler/schedules/{slug}': {
    description: 'Answers 204; errors are problem+json.',
  },
  'POST /scheduler/schedules/{slug}/run': {
    description: 'Answers 202; errors are problem+json.',
  },
  'POST /scheduler/schedules/{slug}/pause': {
    description: 'Answers 200; errors are problem+json.',
  },
  'POST /scheduler/schedules/{slug}/resume': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /scheduler/schedules/{slug}/runs': {
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /scheduler/runs/{id}': {
    summary: 'Read one run',
    description: 'Answers 200; errors are problem+json.',
  },
  'GET /admin/pipeline': {
    description: 'Answers 200; errors are problem+json.',
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
