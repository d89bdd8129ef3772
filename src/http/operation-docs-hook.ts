// Applies OPERATION_DOCS to each route as it is registered, names its operationId, and declares the
// tags /openapi.json groups operations by (in the order /docs shows them: signing in first).
import type { RouteOptions } from 'fastify';
import { anyone, callerSentence, type RoutePermission } from './route-permission.js';
import { ROUTE_PERMISSIONS } from './route-permissions.js';
import { OPERATION_DOCS } from './operation-docs.js';

/** The areas, in the order /docs lists them. */
export const TAGS = [
  { name: 'auth', description: 'Signing in: password login, the OAuth token endpoint, OAuth login, keys' },
  { name: 'users', description: 'User accounts' },
  { name: 'service accounts', description: 'Service accounts and their client credentials' },
  { name: 'authorization', description: 'Permissions, roles and role assignments' },
  { name: 'organizations', description: 'Organizations' },
  { name: 'teams', description: 'Teams of an organization and their members' },
  { name: 'projects', description: 'Projects and who may access them' },
  { name: 'project types', description: 'The kinds of project an organization has' },
  { name: 'blueprints', description: "The JSON Schemas of projects' attributes, per organization and type" },
  { name: 'dependencies', description: 'Projects that depend on other projects, and the blast radius' },
  { name: 'deployments', description: 'The environments a project runs in: URL, version, since when' },
  { name: 'links', description: "Link definitions of an organization, and projects' own link URLs" },
  { name: 'activity', description: 'What happened in an organization or a project, by whom and when' },
  { name: 'environments', description: 'Environments' },
  { name: 'delegation', description: 'Consents that let the scheduler act on your behalf' },
  { name: 'scheduler', description: 'Schedules that call the API on a cron' },
  { name: 'scoring', description: 'Scoring policies, recomputes and score history' },
  { name: 'ai-catalog', description: 'AI providers, their drivers and models' },
  { name: 'plugins', description: 'Plugin manifests' },
  { name: 'plugin entities', description: 'Entities and edges of installed plugins' },
  { name: 'comments', description: 'Comments on projects' },
  { name: 'webhooks', description: 'Webhooks and their deliveries' },
  { name: 'operations-log', description: 'Deployments, rollbacks and other operations' },
  { name: 'releases', description: 'Release components' },
  { name: 'oauth providers', description: 'OAuth login providers (admins)' },
  { name: 'analytics', description: 'The analytics connector' },
  { name: 'ops', description: 'Health, readiness and the pipeline' },
];

/** `/users/:email` as /openapi.json writes it: `/users/{email}`. */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** `GET /organizations/{org}/projects` -> `getOrganizationsOrgProjects`. */
export function operationId(method: string, path: string): string {
  const words = path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
  return method.toLowerCase() + words.join('');
}

type Schema = Record<string, unknown>;

/**
 * Who may call the route: its own `config.permission`, else its entry in ROUTE_PERMISSIONS (a HEAD
 * route: its GET's), else, for a public route, anyone. Set on the route's config.
 */
function declarePermission(route: RouteOptions, method: string, path: string): RoutePermission | undefined {
  const config = (route.config ?? {}) as { permission?: RoutePermission; public?: boolean };
  const permission =
    config.permission ??
    ROUTE_PERMISSIONS[`${method === 'HEAD' ? 'GET' : method} ${path}`] ??
    (config.public ? anyone() : undefined);
  if (permission) route.config = { ...config, permission } as RouteOptions['config'];
  return permission;
}

/**
 * What the operation answers, from its response schema, when its own words do not say it: "Answers
 * 200, 204; errors are problem+json."
 */
function withAnswers(said: string | undefined, response: Schema | undefined): string | undefined {
  if (said !== undefined && /\banswer/i.test(said)) return said;
  const codes = Object.keys(response ?? {}).filter((c) => /^[23]\d\d$/.test(c));
  if (codes.length === 0) return said;
  return [said, `Answers ${codes.join(', ')}; errors are problem+json.`].filter(Boolean).join(' ');
}

/**
 * Documents the route (summary, description, example, operationId; `x-keel-permission` and the
 * description's opening sentence from who may call it) and answers who may call it.
 */
export function documentRoute(route: RouteOptions): RoutePermission | undefined {
  const method = [route.method].flat()[0]!.toUpperCase();
  const path = openapiPath(route.url);
  const permission = declarePermission(route, method, path);
  const schema = route.schema as Schema | undefined;
  if (!schema || schema.hide || method === 'HEAD') return permission;
  const doc = OPERATION_DOCS[`${method} ${path}`];
  const out: Schema = { ...schema, operationId: schema.operationId ?? operationId(method, path) };
  if (doc?.summary && !schema.summary) out.summary = doc.summary;
  const said = withAnswers(
    (schema.description as string | undefined) ?? doc?.description,
    schema.response as Schema | undefined,
  );
  if (permission) {
    out['x-keel-permission'] = permission;
    out.description = [callerSentence(permission), said].filter(Boolean).join(' ');
  } else if (said) out.description = said;
  if (doc?.example !== undefined && schema.body && typeof schema.body === 'object') {
    out.body = { ...(schema.body as Schema), examples: [doc.example] };
  }
  route.schema = out;
  return permission;
}
