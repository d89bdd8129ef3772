// The documentation of every operation in /openapi.json that its route does not document itself:
// a summary, a description (who may call it and what it answers) and, where it takes a body, an
// example. Keyed by "METHOD /path" as the document writes paths ({param}); applied to each route as
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
    description: 'Public: no token is needed. Answers 200; errors are problem+json.',
  },
  'GET /ready': {
    description: 'Public: no token is needed. Answers 200; errors are problem+json.',
  },
  'POST /users': {
    summary: 'Create a user',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /users': {
    summary: 'List users',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /users/{email}': {
    summary: 'Read one user',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /users/{email}': {
    summary: 'Change a user',
    description:
      "Answers 200 with the user, or 204 when the caller may change it but not read it. Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 204; errors are problem+json.",
  },
  'DELETE /users/{email}': {
    summary: 'Delete a user',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /service-accounts': {
    summary: 'Create a service account',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /service-accounts': {
    summary: 'List service accounts',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /service-accounts/{slug}': {
    summary: 'Read one service account',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /service-accounts/{slug}': {
    summary: 'Change a service account',
    description:
      "Answers 200 with the account, or 204 when the caller may change it but not read it. Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 204; errors are problem+json.",
  },
  'DELETE /service-accounts/{slug}': {
    summary: 'Delete a service account',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /service-accounts/{slug}/client-credentials': {
    summary: 'Create a client credential',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /service-accounts/{slug}/client-credentials': {
    summary: 'List client credentials',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'DELETE /service-accounts/{slug}/client-credentials/{client_id}': {
    summary: 'Delete a client credential',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /auth/login': {
    summary: 'Sign in with an email and password',
    description:
      'Public. Exchanges a local password for an access token (JWT, short-lived) and a refresh token. Wrong credentials answer 401 with `WWW-Authenticate`; failures are throttled per account and address (429 with Retry-After). 404 `local_login_disabled` when local password login is off.',
    example: { email: 'ada@example.com', password: 'correct horse battery staple' },
  },
  'POST /auth/token': {
    description: 'Public: no token is needed. Answers 200; errors are problem+json.',
  },
  'GET /auth/me': {
    summary: 'Who am I',
    description:
      'Any valid bearer token. Answers the caller: principal, the actor under delegation, how it signed in, whether it is an admin, its scopes and the permissions it holds.',
  },
  'GET /.well-known/jwks.json': {
    summary: 'The public keys that verify Keel tokens (JWKS)',
    description:
      'Public, cacheable for 5 minutes. Answers the JSON Web Key Set of the Ed25519 keys that sign access tokens.',
  },
  'GET /.well-known/oauth-authorization-server': {
    summary: 'OAuth authorization server metadata (RFC 8414)',
    description:
      'Public, cacheable for 5 minutes. Answers the issuer, the token endpoint, the grants it serves (client_credentials, refresh_token, token exchange), its client authentication methods and the JWKS URI.',
  },
  'GET /permissions': {
    summary: 'List permissions',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /roles': {
    summary: 'Create a role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /roles': {
    summary: 'List roles',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /roles/{slug}': {
    summary: 'Read one role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /roles/{slug}': {
    summary: 'Change a role',
    description:
      "Answers 200 with the role, or 204 when the caller may change it but not read it. Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 204; errors are problem+json.",
  },
  'DELETE /roles/{slug}': {
    summary: 'Delete a role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'PUT /users/{name}/roles/{role}': {
    summary: 'Set a role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'DELETE /users/{name}/roles/{role}': {
    summary: 'Delete a role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'PUT /service-accounts/{name}/roles/{role}': {
    summary: 'Set a role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'DELETE /service-accounts/{name}/roles/{role}': {
    summary: 'Delete a role',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /organizations': {
    summary: 'Create a organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
    example: { slug: 'acme', name: 'Acme' },
  },
  'GET /organizations': {
    summary: 'List organizations',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /organizations/{org}': {
    summary: 'Read one organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'PATCH /organizations/{org}': {
    summary: 'Change a organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'DELETE /organizations/{org}': {
    summary: 'Delete a organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'POST /organizations/{org}/teams': {
    summary: 'Create a team of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.",
  },
  'GET /organizations/{org}/teams': {
    summary: 'List teams of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'GET /organizations/{org}/teams/{team}': {
    summary: 'Read one team of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'DELETE /organizations/{org}/teams/{team}': {
    summary: 'Delete a team of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'GET /organizations/{org}/teams/{team}/members': {
    summary: 'List members of a team',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'PUT /organizations/{org}/teams/{team}/members/{email}': {
    summary: 'Set a member of a team',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'DELETE /organizations/{org}/teams/{team}/members/{email}': {
    summary: 'Delete a member of a team',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'POST /organizations/{org}/projects': {
    summary: 'Create a project of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.",
  },
  'GET /organizations/{org}/projects': {
    summary: 'List projects of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'GET /organizations/{org}/projects/{project}': {
    summary: 'Read one project of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'PATCH /organizations/{org}/projects/{project}': {
    summary: 'Change a project of an organization',
    description:
      "Answers 200 with the project, or 204 when the caller may update but not read it (an update-only ACL). Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200, 204; errors are problem+json.",
  },
  'DELETE /organizations/{org}/projects/{project}': {
    summary: 'Delete a project of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'GET /organizations/{org}/projects/{project}/access': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'PUT /organizations/{org}/projects/{project}/access/{email}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'DELETE /organizations/{org}/projects/{project}/access/{email}': {
    summary: 'Delete a access of a project',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'POST /environments': {
    summary: 'Create a environment',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /environments': {
    summary: 'List environments',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /environments/{slug}': {
    summary: 'Read one environment',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /environments/{slug}': {
    summary: 'Change a environment',
    description:
      "Answers 200 with the environment, or 204 when the caller may change it but not read it. Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 204; errors are problem+json.",
  },
  'DELETE /environments/{slug}': {
    summary: 'Delete a environment',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'GET /admin/oauth-providers': {
    summary: 'List oauth providers',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /admin/oauth-providers/{slug}': {
    summary: 'Read one oauth provider',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PUT /admin/oauth-providers/{slug}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 201; errors are problem+json.",
  },
  'DELETE /admin/oauth-providers/{slug}': {
    summary: 'Delete a oauth provider',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'GET /auth/providers': {
    description: 'Public: no token is needed. Answers 200; errors are problem+json.',
  },
  'GET /auth/oauth/{slug}/authorize': {
    description: 'Public: no token is needed.',
  },
  'GET /auth/oauth/{slug}/callback': {
    description: 'Public: no token is needed.',
  },
  'GET /admin/plugins': {
    summary: 'List plugins',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /admin/plugins': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /admin/plugins/{slug}': {
    summary: 'Read one plugin',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PUT /admin/plugins/{slug}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'DELETE /admin/plugins/{slug}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'GET /admin/plugins/{slug}/entities/{label}': {
    summary: 'Read one entitie',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /admin/plugins/{slug}/entities/{label}': {
    summary: 'Entities',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /admin/plugins/{slug}/entities/{label}/{id}': {
    summary: 'Read one entitie',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /admin/plugins/{slug}/entities/{label}/{id}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'DELETE /admin/plugins/{slug}/entities/{label}/{id}': {
    summary: 'Delete a entitie',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'GET /admin/plugins/{slug}/edges/{label}': {
    summary: 'Read one edge',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /admin/plugins/{slug}/edges/{label}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 201; errors are problem+json.",
  },
  'DELETE /admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}': {
    summary: 'Delete a edge',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'GET /admin/plugins/{slug}/entities/{label}/_schema': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /admin/plugins/{slug}/edges/{label}/_schema': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /admin/environments/{slug}/plugin-edges/{plugin}/{label}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /consents': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /consents': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /consents/{id}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'DELETE /consents/{id}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /scoring/policies': {
    summary: 'Create a policie',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /scoring/policies': {
    summary: 'List policies',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /scoring/policies/{slug}': {
    summary: 'Read one policie',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /scoring/policies/{slug}': {
    summary: 'Change a policie',
    description:
      "Answers 200 with the policy, or 204 when the caller may change it but not read it. Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200, 204; errors are problem+json.",
  },
  'DELETE /scoring/policies/{slug}': {
    summary: 'Delete a policie',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /api/scoring/recompute-all': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 202; errors are problem+json.",
  },
  'POST /scoring/rescore': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /ai-provider-drivers': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /organizations/{org}/ai-providers': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.",
  },
  'GET /organizations/{org}/ai-providers': {
    summary: 'List ai providers of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'GET /organizations/{org}/ai-providers/{id}': {
    summary: 'Read one ai provider of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'PATCH /organizations/{org}/ai-providers/{id}': {
    summary: 'Change a ai provider of an organization',
    description:
      "Answers 200 with the provider, or 204 when the caller may change it but not read it. Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200, 204; errors are problem+json.",
  },
  'DELETE /organizations/{org}/ai-providers/{id}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'DELETE /organizations/{org}/ai-providers/{id}/credentials': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'POST /organizations/{org}/ai-providers/{id}/import-models': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.",
  },
  'POST /organizations/{org}/ai-models': {
    summary: 'Create a ai model of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.",
  },
  'GET /organizations/{org}/ai-models/{id}': {
    summary: 'Read one ai model of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'PATCH /organizations/{org}/ai-models/{id}': {
    summary: 'Change a ai model of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'DELETE /organizations/{org}/ai-models/{id}': {
    summary: 'Delete a ai model of an organization',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 204; errors are problem+json.",
  },
  'POST /organizations/{org}/projects/{project}/comments': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 201; errors are problem+json.",
  },
  'GET /organizations/{org}/projects/{project}/comments': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Inside an organization the caller cannot see, the answer is 404. Answers 200; errors are problem+json.",
  },
  'POST /admin/webhooks': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /admin/webhooks': {
    summary: 'List webhooks',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /admin/webhooks/{slug}': {
    summary: 'Read one webhook',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'DELETE /admin/webhooks/{slug}': {
    summary: 'Delete a webhook',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /scheduler/schedules': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 201; errors are problem+json.",
  },
  'GET /scheduler/schedules': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /scheduler/schedules/{slug}': {
    summary: 'Read one schedule',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'PATCH /scheduler/schedules/{slug}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'DELETE /scheduler/schedules/{slug}': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 204; errors are problem+json.",
  },
  'POST /scheduler/schedules/{slug}/run': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 202; errors are problem+json.",
  },
  'POST /scheduler/schedules/{slug}/pause': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /scheduler/schedules/{slug}/resume': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /scheduler/schedules/{slug}/runs': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /scheduler/runs/{id}': {
    summary: 'Read one run',
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'GET /admin/pipeline': {
    description:
      "Needs a bearer token; the service checks the caller's permission for this operation first (401 without a token, 403 without the permission). Answers 200; errors are problem+json.",
  },
  'POST /organizations/{org}/project-types': {
    summary: 'Create a project type',
    description:
      'Needs a bearer token (401 without one). Needs project_type:create (403 without it). Answers 201 with the type; 409 when its slug is taken; 404 for an organization the caller cannot see.',
  },
  'GET /organizations/{org}/project-types': {
    summary: 'List project types',
    description:
      "Needs a bearer token (401 without one). Needs project_type:read (members hold it). Answers 200 with a keyset page of the organization's types.",
  },
  'GET /organizations/{org}/project-types/{type}': {
    summary: 'Read one project type',
    description:
      'Needs a bearer token (401 without one). Needs project_type:read. Answers 200, or 404 when the organization or the type does not exist.',
  },
  'PATCH /organizations/{org}/project-types/{type}': {
    summary: 'Change a project type',
  },
  'DELETE /organizations/{org}/project-types/{type}': {
    summary: 'Delete a project type',
  },
  'GET /organizations/{org}/blueprints': {
    summary: 'List blueprints',
    description:
      "Needs a bearer token (401 without one). Needs blueprint:read (members hold it). Answers 200 with the organization's blueprints.",
  },
  'GET /organizations/{org}/blueprints/{blueprint}': {
    summary: 'Read one blueprint',
    description: 'Needs a bearer token (401 without one). Needs blueprint:read. Answers 200, or 404.',
  },
  'PUT /organizations/{org}/blueprints/{blueprint}': {
    description:
      'Needs a bearer token (401 without one). Needs blueprint:update. Answers 200 with the blueprint; 422 naming the pointer for a schema the validator does not take.',
  },
  'DELETE /organizations/{org}/blueprints/{blueprint}': {
    summary: 'Delete a blueprint',
    description:
      'Needs a bearer token (401 without one). Needs blueprint:delete. Answers 204; the projects it covered keep their attributes.',
  },
  'DELETE /organizations/{org}/projects/{project}/dependencies/{target}': {
    summary: 'Remove a dependency',
    description:
      'Needs a bearer token (401 without one). Needs update access to the project. Answers 204, or 404 when there is no such dependency.',
  },
  'GET /scheduler/preview': {
    description:
      'Needs a bearer token (401 without one); any signed-in caller may call it: it reads and stores nothing. Answers 200 with at most `count` (1-100, default 10) occurrences after `after` (default now) of exactly one of `cron`, `every`, `once_at` in `timezone` (default UTC), each with its DST flag; `truncated` when the 200 ms computing budget ran out first. 422 names the parameter (none or two triggers, a bad expression, zone or interval, a once_at not after `after`).',
  },
  'POST /scheduler/runs/{id}/cancel': {
    description:
      'Needs a bearer token (401 without one). Who may see a run may cancel it; an admin for a system run; a delegated token may not (403). Answers 202; the call in flight is aborted and the run ends cancelled. 409 when the run is not running; 404 for a run the caller cannot see.',
  },
};
