// Who may call each route (route-permission.ts), keyed by "METHOD /path" as /openapi.json writes it.
// Set on each route as it is registered (src/app/api.ts): a route may instead declare its own in its
// `config.permission`, and a public route (`config.public`) with no entry is open to anyone. The
// authorization matrix (test/foundation/authz-matrix.test.ts) checks every entry against what the
// route answers each kind of caller; the services keep their own checks (docs/authorization.md).
import { adminsOnly, anyone, needs, signedIn, type RoutePermission } from './route-permission.js';

const ORG = 'organization:read';
const SCHEDULE_READ = 'its creator, admins and tokens delegated by its creator; 404 for anyone else';
const SCHEDULE_CHANGE =
  'its creator and admins (a system schedule: admins); a delegated token 403; 404 for anyone who may not see it';
const PLUGIN_READ = 'plugins:{slug}:entities:{label}:read';
const PLUGIN_WRITE = 'plugins:{slug}:entities:{label}:write';
const EDGE_ENDS =
  'it also needs read of both end labels (environment:read, team:read, a plugin label\u2019s read...)';

export const ROUTE_PERMISSIONS: Readonly<Record<string, RoutePermission>> = {
  // --- public
  'GET /health': anyone(),
  'GET /ready': anyone(),
  'GET /openapi.json': anyone(),
  'GET /docs': anyone(),
  'GET /.well-known/jwks.json': anyone(),
  'GET /.well-known/oauth-authorization-server': anyone(),
  'POST /auth/login': anyone(),
  'POST /auth/token': anyone('the client authenticates with its client credential or the token it exchanges'),
  'POST /auth/session': anyone('whoever holds the refresh token the session cookie carries'),
  'DELETE /auth/session': anyone(),
  'GET /auth/providers': anyone(),
  'GET /auth/oauth/{slug}/authorize': anyone(),
  'GET /auth/oauth/{slug}/callback': anyone(),
  'POST /webhooks/{integration}/{webhook}': anyone(
    "a delivery is authenticated by its signature under the webhook's secret, not by a token",
  ),
  'GET /connectors/config': anyone(
    'opened by the connector key header alone; a bearer token does not open it',
  ),
  // --- any signed-in caller
  'GET /auth/me': signedIn(),
  'POST /auth/logout': signedIn(),
  'POST /auth/can': signedIn('it answers for the caller alone'),
  'GET /ai-provider-drivers': signedIn(),
  'POST /consents': signedIn('users consent for themselves; a service account or a delegated token gets 403'),
  'GET /consents': signedIn(
    "users list their own consents, admins everyone's; a service account that is not an admin gets 403",
  ),
  'GET /consents/{id}': signedIn(
    'its owner, admins and service accounts holding auth:delegate; 404 for anyone else',
  ),
  'DELETE /consents/{id}': signedIn('its owner and admins; 404 for anyone else'),
  'POST /scheduler/schedules': signedIn(
    'a user schedule is made by a user signed in as themselves (a service account or a delegated token gets 403); a system schedule by admins',
  ),
  'GET /scheduler/schedules': signedIn('it lists the caller\u2019s own schedules; admins see all'),
  'GET /scheduler/schedules/{slug}': signedIn(SCHEDULE_READ),
  'PATCH /scheduler/schedules/{slug}': signedIn(
    'its creator alone (a system schedule: admins); 403 for an admin on a user schedule and for a delegated token; 404 for anyone who may not see it',
  ),
  'DELETE /scheduler/schedules/{slug}': signedIn(SCHEDULE_CHANGE),
  'POST /scheduler/schedules/{slug}/run': signedIn(SCHEDULE_CHANGE),
  'POST /scheduler/schedules/{slug}/pause': signedIn(SCHEDULE_CHANGE),
  'POST /scheduler/schedules/{slug}/resume': signedIn(SCHEDULE_CHANGE),
  'GET /scheduler/schedules/{slug}/runs': signedIn(SCHEDULE_READ),
  'GET /scheduler/runs/{id}': signedIn(SCHEDULE_READ),
  'POST /scheduler/runs/{id}/cancel': signedIn(SCHEDULE_CHANGE),
  'GET /scheduler/preview': signedIn('it reads and stores nothing'),
  'POST /scheduler/schedules/dry-run': signedIn(
    'whoever may create the schedule the body describes (a user schedule: a user signed in as themselves; a system schedule: admins); a delegated token gets 403',
  ),
  'POST /scheduler/schedules/{slug}/dry-run': signedIn(SCHEDULE_CHANGE),
  // --- admins alone
  'GET /admin/pipeline': adminsOnly(null),
  'GET /admin/oauth-provider-types': needs('oauth-providers:read'),
  'GET /admin/oauth-providers': needs('oauth-providers:read'),
  'GET /admin/oauth-providers/{slug}': needs('oauth-providers:read'),
  'PUT /admin/oauth-providers/{slug}': adminsOnly('oauth-providers:write'),
  'DELETE /admin/oauth-providers/{slug}': adminsOnly('oauth-providers:write'),
  // --- users
  'POST /users': needs('user:create'),
  'GET /users': needs('user:read'),
  'GET /users/{email}': needs('user:read', { self: true }),
  'PATCH /users/{email}': needs('user:update', {
    self: true,
    rule: 'the signed-in user changes their own password only (sending current_password, with an unnarrowed token); admins alone set another user\u2019s password or change an admin',
  }),
  'DELETE /users/{email}': needs('user:delete', { rule: 'admins alone delete an admin' }),
  // --- service accounts and credentials
  'POST /service-accounts': needs('service_account:create'),
  'GET /service-accounts': needs('service_account:read'),
  'GET /service-accounts/{slug}': needs('service_account:read'),
  'PATCH /service-accounts/{slug}': needs('service_account:update', {
    rule: 'the scheduler account and accounts holding auth:delegate are the admins\u2019 alone',
  }),
  'DELETE /service-accounts/{slug}': needs('service_account:delete', {
    rule: 'the scheduler account and accounts holding auth:delegate are the admins\u2019 alone',
  }),
  'POST /service-accounts/{slug}/client-credentials': needs('service_account:update', {
    rule: 'admins alone mint a credential for an account holding a permission the caller does not hold',
  }),
  'GET /service-accounts/{slug}/client-credentials': needs('service_account:read'),
  'DELETE /service-accounts/{slug}/client-credentials/{client_id}': needs('service_account:update'),
  // --- permissions, roles, assignments
  'GET /permissions': needs('permission:read'),
  'POST /roles': needs('role:create', { rule: 'the caller must hold every permission it puts in the role' }),
  'GET /roles': needs('role:read'),
  'GET /roles/{slug}': needs('role:read'),
  'PATCH /roles/{slug}': needs('role:update', {
    rule: 'the caller must hold every permission it adds; the scheduler role and roles holding auth:delegate are the admins\u2019 alone',
  }),
  'DELETE /roles/{slug}': needs('role:delete', {
    rule: 'the scheduler role and roles holding auth:delegate are the admins\u2019 alone',
  }),
  'PUT /users/{name}/roles/{role}': needs('role:assign', {
    also: ['user:read', 'role:read'],
    rule: 'the caller must hold every permission the role hands on; admins alone assign admin',
  }),
  'DELETE /users/{name}/roles/{role}': needs('role:assign', { also: ['user:read', 'role:read'] }),
  'PUT /service-accounts/{name}/roles/{role}': needs('role:assign', {
    also: ['service_account:read', 'role:read'],
    rule: 'the caller must hold every permission the role hands on',
  }),
  'DELETE /service-accounts/{name}/roles/{role}': needs('role:assign', {
    also: ['service_account:read', 'role:read'],
  }),
  // --- organizations and teams
  'POST /organizations': needs('organization:create'),
  'GET /organizations': needs('organization:read'),
  'GET /organizations/{org}': needs('organization:read'),
  'PATCH /organizations/{org}': needs('organization:update', { also: [ORG] }),
  'DELETE /organizations/{org}': needs('organization:delete', { also: [ORG] }),
  'POST /organizations/{org}/teams': needs('team:create', { also: [ORG] }),
  'GET /organizations/{org}/teams': needs('team:read', { also: [ORG] }),
  'GET /organizations/{org}/teams/{team}': needs('team:read', { also: [ORG] }),
  'DELETE /organizations/{org}/teams/{team}': needs('team:delete', { also: [ORG] }),
  'GET /organizations/{org}/teams/{team}/members': needs('team:read', { also: ['user:read', ORG] }),
  'PUT /organizations/{org}/teams/{team}/members/{email}': needs('team:update', { also: ['user:read', ORG] }),
  'DELETE /organizations/{org}/teams/{team}/members/{email}': needs('team:update', {
    also: ['user:read', ORG],
  }),
  // --- projects and their grants
  'POST /organizations/{org}/projects': needs('project:create', { also: ['team:read', ORG] }),
  'POST /organizations/{org}/projects/import': needs('project:create', {
    also: ['team:read', ORG],
    naming: ['project_type:read', 'environment:read', 'link_definition:read'],
    rule:
      'a row naming an existing project needs update on it (project:update or a CAN_ACCESS grant with update), ' +
      'as its PATCH does, and is refused alone otherwise (404, or 403 when the caller may read it); ' +
      'a row naming types, environments or links without the permission to name them is refused alone (403)',
  }),
  'GET /organizations/{org}/projects': needs('project:read', {
    project_access: 'read',
    rule: 'a user without project:read lists the projects its CAN_ACCESS grants let it read',
  }),
  'GET /organizations/{org}/projects/{project}': needs('project:read', { project_access: 'read' }),
  'PATCH /organizations/{org}/projects/{project}': needs('project:update', { project_access: 'update' }),
  'DELETE /organizations/{org}/projects/{project}': needs('project:delete', {
    rule: 'deleting for good takes the global permission: a CAN_ACCESS grant archives at most',
  }),
  'POST /organizations/{org}/projects/{project}/archive': needs('project:delete', {
    project_access: 'delete',
  }),
  'POST /organizations/{org}/projects/{project}/unarchive': needs('project:delete', {
    project_access: 'delete',
  }),
  'GET /organizations/{org}/projects/{project}/access': needs('project:access', {
    also: ['user:read', 'project:read'],
  }),
  'PUT /organizations/{org}/projects/{project}/access/{email}': needs('project:access', {
    also: ['user:read', 'project:read'],
    rule: 'each action granted must be one the caller may do on the project',
  }),
  'DELETE /organizations/{org}/projects/{project}/access/{email}': needs('project:access', {
    also: ['user:read', 'project:read'],
  }),
  'GET /organizations/{org}/projects/{project}/schema': needs('project:read', { project_access: 'read' }),
  'GET /organizations/{org}/projects/{project}/dependencies': needs('project:read', {
    project_access: 'read',
  }),
  'GET /organizations/{org}/projects/{project}/dependents': needs('project:read', { project_access: 'read' }),
  'GET /organizations/{org}/projects/{project}/blast-radius': needs('project:read', {
    rule: 'it names projects across the organization, so a CAN_ACCESS grant does not open it',
  }),
  'PUT /organizations/{org}/projects/{project}/dependencies/{target}': needs('project:update', {
    project_access: 'update',
    also: ['project:read'],
    rule: 'project:read (or a CAN_ACCESS read grant) is needed on the target it names',
  }),
  'DELETE /organizations/{org}/projects/{project}/dependencies/{target}': needs('project:update', {
    project_access: 'update',
    also: ['project:read'],
    rule: 'project:read (or a CAN_ACCESS read grant) is needed on the target it names',
  }),
  'GET /organizations/{org}/projects/{project}/events': needs('project:read', { project_access: 'read' }),
  'GET /organizations/{org}/projects/{project}/comments': needs('project:read', { project_access: 'read' }),
  'POST /organizations/{org}/projects/{project}/comments': needs('project:read', { project_access: 'read' }),
  'GET /organizations/{org}/projects/{project}/score/history': needs('project:read', {
    project_access: 'read',
  }),
  'GET /organizations/{org}/projects/{project}/releases': needs('project:read', { project_access: 'read' }),
  'GET /organizations/{org}/projects/{project}/releases/{version}/components': needs('project:read', {
    project_access: 'read',
  }),
  'POST /organizations/{org}/projects/{project}/releases/{version}/components': needs(
    'release_components:create',
    { also: ['project:read'], rule: 'project:read may be a CAN_ACCESS read grant on the project' },
  ),
  // --- deployments and links of a project
  'PUT /organizations/{org}/projects/{project}/environments/{environment}': needs('project:update', {
    project_access: 'update',
    also: ['environment:read'],
  }),
  'DELETE /organizations/{org}/projects/{project}/environments/{environment}': needs('project:update', {
    project_access: 'update',
    also: ['environment:read'],
  }),
  'PUT /organizations/{org}/projects/{project}/links/{link}': needs('project:update', {
    project_access: 'update',
    also: ['link_definition:read'],
  }),
  'DELETE /organizations/{org}/projects/{project}/links/{link}': needs('project:update', {
    project_access: 'update',
    also: ['link_definition:read'],
  }),
  // --- project types, link definitions and blueprints
  'POST /organizations/{org}/project-types': needs('project_type:create', { also: [ORG] }),
  'GET /organizations/{org}/project-types': needs('project_type:read', { also: [ORG] }),
  'GET /organizations/{org}/project-types/{type}': needs('project_type:read', { also: [ORG] }),
  'PATCH /organizations/{org}/project-types/{type}': needs('project_type:update', { also: [ORG] }),
  'DELETE /organizations/{org}/project-types/{type}': needs('project_type:delete', { also: [ORG] }),
  'POST /organizations/{org}/link-definitions': needs('link_definition:create', { also: [ORG] }),
  'GET /organizations/{org}/link-definitions': needs('link_definition:read', { also: [ORG] }),
  'GET /organizations/{org}/link-definitions/{link}': needs('link_definition:read', { also: [ORG] }),
  'PATCH /organizations/{org}/link-definitions/{link}': needs('link_definition:update', { also: [ORG] }),
  'DELETE /organizations/{org}/link-definitions/{link}': needs('link_definition:delete', { also: [ORG] }),
  'POST /organizations/{org}/blueprints': needs('blueprint:create', { also: [ORG] }),
  'GET /organizations/{org}/blueprints': needs('blueprint:read', { also: [ORG] }),
  'GET /organizations/{org}/blueprints/{blueprint}': needs('blueprint:read', { also: [ORG] }),
  'PUT /organizations/{org}/blueprints/{blueprint}': needs('blueprint:update', { also: [ORG] }),
  'DELETE /organizations/{org}/blueprints/{blueprint}': needs('blueprint:delete', { also: [ORG] }),
  'POST /organizations/{org}/blueprints/dry-run': needs('blueprint:read', { also: [ORG] }),
  // --- activity and the operations log
  'GET /organizations/{org}/events': needs('organization:read'),
  'POST /organizations/{org}/operations-log': needs('operations_log:create', {
    also: ['project:read', 'environment:read', ORG],
  }),
  'GET /organizations/{org}/operations-log': needs('operations_log:read', { also: [ORG] }),
  'GET /organizations/{org}/operations-log/{id}': needs('operations_log:read', { also: [ORG] }),
  'POST /organizations/{org}/operations-log/{id}/complete': needs('operations_log:create', { also: [ORG] }),
  // --- environments
  'POST /environments': needs('environment:create'),
  'GET /environments': needs('environment:read'),
  'GET /environments/{slug}': needs('environment:read'),
  'PATCH /environments/{slug}': needs('environment:update'),
  'DELETE /environments/{slug}': needs('environment:delete'),
  // --- the AI catalog
  'POST /organizations/{org}/ai-providers': needs('ai_model:create', { also: [ORG] }),
  'GET /organizations/{org}/ai-providers': needs('ai_model:read', { also: [ORG] }),
  'GET /organizations/{org}/ai-providers/{id}': needs('ai_model:read', { also: [ORG] }),
  'PATCH /organizations/{org}/ai-providers/{id}': needs('ai_model:update', { also: [ORG] }),
  'DELETE /organizations/{org}/ai-providers/{id}': needs('ai_model:delete', { also: [ORG] }),
  'PUT /organizations/{org}/ai-providers/{id}/credentials': needs('ai_model:credentials', { also: [ORG] }),
  'DELETE /organizations/{org}/ai-providers/{id}/credentials': needs('ai_model:credentials', {
    also: [ORG],
  }),
  'POST /organizations/{org}/ai-providers/{id}/discover': needs('ai_model:create', {
    also: [ORG, 'ai_model:read'],
  }),
  'POST /organizations/{org}/ai-providers/{id}/import-models': needs('ai_model:create', {
    also: [ORG, 'ai_model:read'],
  }),
  'POST /organizations/{org}/ai-models': needs('ai_model:create', {
    also: [ORG, 'ai_model:read'],
    naming: ['team:read'],
  }),
  'GET /organizations/{org}/ai-models': needs('ai_model:read', {
    alternatives: ['ai_model:update'],
    also: [ORG],
    rule: 'without ai_model:read or ai_model:update, a model restricted to teams shows only to their members',
  }),
  'GET /organizations/{org}/ai-models/{id}': needs('ai_model:read', {
    alternatives: ['ai_model:update'],
    also: [ORG],
  }),
  'PATCH /organizations/{org}/ai-models/{id}': needs('ai_model:update', {
    also: [ORG],
    naming: ['team:read'],
  }),
  'DELETE /organizations/{org}/ai-models/{id}': needs('ai_model:delete', { also: [ORG] }),
  // --- scoring
  'POST /scoring/policies': needs('scoring_policy:create'),
  'GET /scoring/policies': needs('scoring_policy:read'),
  'GET /scoring/policies/{slug}': needs('scoring_policy:read'),
  'PATCH /scoring/policies/{slug}': needs('scoring_policy:update'),
  'DELETE /scoring/policies/{slug}': needs('scoring_policy:delete'),
  'POST /api/scoring/recompute-all': needs('scoring:recompute', {
    alternatives: ['scoring:trigger-scheduled'],
  }),
  'POST /scoring/rescore': needs('scoring:rescore', { naming: [ORG, 'project:read'] }),
  // --- webhooks
  'POST /admin/webhooks': needs('webhooks:write', { naming: ['project:read'] }),
  'GET /admin/webhooks': needs('webhooks:read'),
  'GET /admin/webhooks/{slug}': needs('webhooks:read'),
  'PATCH /admin/webhooks/{slug}': needs('webhooks:write', { naming: ['project:read'] }),
  'DELETE /admin/webhooks/{slug}': needs('webhooks:write'),
  // --- plugins
  'POST /admin/plugins': needs('admin:plugins:manage'),
  'GET /admin/plugins': needs('admin:plugins:read'),
  'GET /admin/plugins/{slug}': needs('admin:plugins:read'),
  'PUT /admin/plugins/{slug}': needs('admin:plugins:manage'),
  'DELETE /admin/plugins/{slug}': needs('admin:plugins:manage'),
  'GET /admin/plugins/{slug}/entities/{label}': needs(PLUGIN_READ),
  'POST /admin/plugins/{slug}/entities/{label}': needs(PLUGIN_WRITE),
  'GET /admin/plugins/{slug}/entities/{label}/{id}': needs(PLUGIN_READ),
  'PATCH /admin/plugins/{slug}/entities/{label}/{id}': needs(PLUGIN_WRITE),
  'DELETE /admin/plugins/{slug}/entities/{label}/{id}': needs(PLUGIN_WRITE),
  'GET /admin/plugins/{slug}/entities/{label}/_schema': needs(PLUGIN_READ),
  'GET /admin/plugins/{slug}/edges/{label}': needs(PLUGIN_READ, { rule: EDGE_ENDS }),
  'POST /admin/plugins/{slug}/edges/{label}': needs(PLUGIN_WRITE, { rule: EDGE_ENDS }),
  'DELETE /admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}': needs(PLUGIN_WRITE, {
    rule: EDGE_ENDS,
  }),
  'GET /admin/plugins/{slug}/edges/{label}/_schema': needs(PLUGIN_READ, { rule: EDGE_ENDS }),
  'GET /admin/environments/{slug}/plugin-edges/{plugin}/{label}': needs(
    'plugins:{plugin}:entities:{label}:read',
    {
      rule: EDGE_ENDS,
    },
  ),
};
