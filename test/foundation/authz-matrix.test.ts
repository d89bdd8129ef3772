// Issue 2, section 7: the authorization matrix over every route of the foundation. For each route:
// anonymous 401; a user without the permission 403 (holding every other permission); a user with a
// role granting exactly it; an admin user; a service account with and without it; and, on project
// routes, CAN_ACCESS for a user (allowed) and for a service account (never). A refused request must
// change nothing. A last part checks that no malformed input on any route answers a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import {
  allPermissions,
  createRole,
  foundationDomains,
  nodeId,
  serviceAccount,
  userToken,
  type ServiceAccountFixture,
} from './fixtures.js';

const ORG = 'm-org';
const TEAM = 'm-team';
const PROJECT = 'm-proj';
const ENV = 'm-env';
const ROLE = 'm-role';
const TARGET = 'm-target@matrix.test';
const TARGET_SA = 'm-target-sa';
const LOGIN = { email: 'm-login@matrix.test', password: 'm-login-password-1' };
const P = `/organizations/${ORG}/projects`;

type Who =
  | 'anonymous'
  | 'user without roles'
  | 'user without the permission'
  | 'user with the permission'
  | 'admin user'
  | 'service account with the permission'
  | 'service account without the permission'
  | 'user with CAN_ACCESS'
  | 'service account with a CAN_ACCESS edge';

interface Req {
  url: string;
  body?: unknown;
  form?: Record<string, string>;
}

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the OpenAPI document writes it. */
  path: string;
  /** The permission it needs; 'authenticated': any principal; 'public': nobody needs to sign in. */
  perm: string;
  ok: number;
  /** The CAN_ACCESS action that also allows it (users only). */
  acl?: 'read' | 'update' | 'delete';
  /** Builds one request; called once per caller so that destructive routes act on a fresh target. */
  request(n: number, who: Who): Promise<Req>;
}

let app: TestApp;
let admin: string;
let targetSa: ServiceAccountFixture;
let counter = 0;

async function adminCall(method: string, url: string, body?: unknown): Promise<Res> {
  const res = await app.call(method, url, { token: admin, body });
  if (res.status >= 300) throw new Error(`fixture ${method} ${url}: ${res.status} ${res.text}`);
  return res;
}

/** Grants the CAN_ACCESS callers every action on a project (the service account's edge directly). */
async function grantAcl(project: string, who?: Who): Promise<void> {
  if (who === undefined || who === 'user with CAN_ACCESS') {
    await adminCall('PUT', `${P}/${project}/access/acl@matrix.test`, {
      actions: ['read', 'update', 'delete'],
    });
  }
  if (who === undefined || who === 'service account with a CAN_ACCESS edge') {
    const org = await nodeId(app, 'Organization.slug', ORG);
    await app.runtime.core.sql.query(
      `INSERT INTO graph_edges (src, label, dst, props) VALUES ($1, 'CAN_ACCESS', $2, $3) ON CONFLICT DO NOTHING`,
      [
        await nodeId(app, 'ServiceAccount.slug', 'm-acl-sa'),
        await nodeId(app, 'Project.slug', `${org}/${project}`),
        { actions: ['read', 'update', 'delete'] },
      ],
    );
  }
}

const fixed = (url: string, body?: unknown) => async (): Promise<Req> => ({
  url,
  ...(body !== undefined ? { body } : {}),
});

const ROUTES: Route[] = [
  // --- public
  { method: 'GET', path: '/health', perm: 'public', ok: 200, request: fixed('/health') },
  { method: 'GET', path: '/ready', perm: 'public', ok: 200, request: fixed('/ready') },
  { method: 'GET', path: '/openapi.json', perm: 'public', ok: 200, request: fixed('/openapi.json') },
  { method: 'GET', path: '/docs', perm: 'public', ok: 200, request: fixed('/docs/') },
  {
    method: 'GET',
    path: '/.well-known/jwks.json',
    perm: 'public',
    ok: 200,
    request: fixed('/.well-known/jwks.json'),
  },
  { method: 'POST', path: '/auth/login', perm: 'public', ok: 200, request: fixed('/auth/login', LOGIN) },
  {
    method: 'POST',
    path: '/auth/token',
    perm: 'public',
    ok: 200,
    request: async () => ({
      url: '/auth/token',
      form: {
        grant_type: 'client_credentials',
        client_id: targetSa.clientId,
        client_secret: targetSa.clientSecret,
      },
    }),
  },
  // --- any authenticated principal
  { method: 'GET', path: '/auth/me', perm: 'authenticated', ok: 200, request: fixed('/auth/me') },
  { method: 'POST', path: '/auth/logout', perm: 'authenticated', ok: 204, request: fixed('/auth/logout') },
  // --- users
  {
    method: 'POST',
    path: '/users',
    perm: 'user:create',
    ok: 201,
    request: async (n) => ({ url: '/users', body: { email: `new-${n}@matrix.test` } }),
  },
  { method: 'GET', path: '/users', perm: 'user:read', ok: 200, request: fixed('/users') },
  { method: 'GET', path: '/users/{email}', perm: 'user:read', ok: 200, request: fixed(`/users/${TARGET}`) },
  {
    method: 'PATCH',
    path: '/users/{email}',
    perm: 'user:update',
    ok: 200,
    request: async (n) => ({ url: `/users/${TARGET}`, body: { display_name: `Target ${n}` } }),
  },
  {
    method: 'DELETE',
    path: '/users/{email}',
    perm: 'user:delete',
    ok: 204,
    request: async (n) => {
      await adminCall('POST', '/users', { email: `doomed-${n}@matrix.test` });
      return { url: `/users/doomed-${n}@matrix.test` };
    },
  },
  // --- service accounts and credentials
  {
    method: 'POST',
    path: '/service-accounts',
    perm: 'service_account:create',
    ok: 201,
    request: async (n) => ({ url: '/service-accounts', body: { slug: `new-sa-${n}`, display_name: 'New' } }),
  },
  {
    method: 'GET',
    path: '/service-accounts',
    perm: 'service_account:read',
    ok: 200,
    request: fixed('/service-accounts'),
  },
  {
    method: 'GET',
    path: '/service-accounts/{slug}',
    perm: 'service_account:read',
    ok: 200,
    request: fixed(`/service-accounts/${TARGET_SA}`),
  },
  {
    method: 'PATCH',
    path: '/service-accounts/{slug}',
    perm: 'service_account:update',
    ok: 200,
    request: async (n) => ({ url: `/service-accounts/${TARGET_SA}`, body: { display_name: `SA ${n}` } }),
  },
  {
    method: 'DELETE',
    path: '/service-accounts/{slug}',
    perm: 'service_account:delete',
    ok: 204,
    request: async (n) => {
      await adminCall('POST', '/service-accounts', { slug: `doomed-sa-${n}`, display_name: 'Doomed' });
      return { url: `/service-accounts/doomed-sa-${n}` };
    },
  },
  {
    method: 'POST',
    path: '/service-accounts/{slug}/client-credentials',
    perm: 'service_account:update',
    ok: 201,
    request: async (n) => ({
      url: `/service-accounts/${TARGET_SA}/client-credentials`,
      body: { name: `c${n}` },
    }),
  },
  {
    method: 'GET',
    path: '/service-accounts/{slug}/client-credentials',
    perm: 'service_account:read',
    ok: 200,
    request: fixed(`/service-accounts/${TARGET_SA}/client-credentials`),
  },
  {
    method: 'DELETE',
    path: '/service-accounts/{slug}/client-credentials/{client_id}',
    perm: 'service_account:update',
    ok: 204,
    request: async (n) => {
      const cred = await adminCall('POST', `/service-accounts/${TARGET_SA}/client-credentials`, {
        name: `d${n}`,
      });
      return { url: `/service-accounts/${TARGET_SA}/client-credentials/${cred.body.client_id}` };
    },
  },
  // --- permissions, roles, assignments
  { method: 'GET', path: '/permissions', perm: 'permission:read', ok: 200, request: fixed('/permissions') },
  {
    method: 'POST',
    path: '/roles',
    perm: 'role:create',
    ok: 201,
    request: async (n) => ({
      url: '/roles',
      // Empty: a caller grants only what it holds (test/hardening/escalation.test.ts covers that rule).
      body: { slug: `new-role-${n}`, name: 'R', permissions: [] },
    }),
  },
  { method: 'GET', path: '/roles', perm: 'role:read', ok: 200, request: fixed('/roles') },
  { method: 'GET', path: '/roles/{slug}', perm: 'role:read', ok: 200, request: fixed(`/roles/${ROLE}`) },
  {
    method: 'PATCH',
    path: '/roles/{slug}',
    perm: 'role:update',
    ok: 200,
    request: async (n) => ({ url: `/roles/${ROLE}`, body: { name: `Role ${n}` } }),
  },
  {
    method: 'DELETE',
    path: '/roles/{slug}',
    perm: 'role:delete',
    ok: 204,
    request: async (n) => {
      await adminCall('POST', '/roles', { slug: `doomed-role-${n}`, name: 'D', permissions: [] });
      return { url: `/roles/doomed-role-${n}` };
    },
  },
  {
    method: 'PUT',
    path: '/users/{name}/roles/{role}',
    perm: 'role:assign',
    ok: 204,
    request: fixed(`/users/${TARGET}/roles/${ROLE}`),
  },
  {
    method: 'DELETE',
    path: '/users/{name}/roles/{role}',
    perm: 'role:assign',
    ok: 204,
    request: async () => {
      await adminCall('PUT', `/users/${TARGET}/roles/${ROLE}`);
      return { url: `/users/${TARGET}/roles/${ROLE}` };
    },
  },
  {
    method: 'PUT',
    path: '/service-accounts/{name}/roles/{role}',
    perm: 'role:assign',
    ok: 204,
    request: fixed(`/service-accounts/${TARGET_SA}/roles/${ROLE}`),
  },
  {
    method: 'DELETE',
    path: '/service-accounts/{name}/roles/{role}',
    perm: 'role:assign',
    ok: 204,
    request: async () => {
      await adminCall('PUT', `/service-accounts/${TARGET_SA}/roles/${ROLE}`);
      return { url: `/service-accounts/${TARGET_SA}/roles/${ROLE}` };
    },
  },
  // --- organizations and teams
  {
    method: 'POST',
    path: '/organizations',
    perm: 'organization:create',
    ok: 201,
    request: async (n) => ({ url: '/organizations', body: { slug: `new-org-${n}`, name: 'O' } }),
  },
  {
    method: 'GET',
    path: '/organizations',
    perm: 'organization:read',
    ok: 200,
    request: fixed('/organizations'),
  },
  {
    method: 'GET',
    path: '/organizations/{org}',
    perm: 'organization:read',
    ok: 200,
    request: fixed(`/organizations/${ORG}`),
  },
  {
    method: 'PATCH',
    path: '/organizations/{org}',
    perm: 'organization:update',
    ok: 200,
    request: async (n) => ({ url: `/organizations/${ORG}`, body: { name: `Org ${n}` } }),
  },
  {
    method: 'DELETE',
    path: '/organizations/{org}',
    perm: 'organization:delete',
    ok: 204,
    request: async (n) => {
      await adminCall('POST', '/organizations', { slug: `doomed-org-${n}`, name: 'D' });
      return { url: `/organizations/doomed-org-${n}` };
    },
  },
  {
    method: 'POST',
    path: '/organizations/{org}/teams',
    perm: 'team:create',
    ok: 201,
    request: async (n) => ({
      url: `/organizations/${ORG}/teams`,
      body: { slug: `new-team-${n}`, name: 'T' },
    }),
  },
  {
    method: 'GET',
    path: '/organizations/{org}/teams',
    perm: 'team:read',
    ok: 200,
    request: fixed(`/organizations/${ORG}/teams`),
  },
  {
    method: 'GET',
    path: '/organizations/{org}/teams/{team}',
    perm: 'team:read',
    ok: 200,
    request: fixed(`/organizations/${ORG}/teams/${TEAM}`),
  },
  {
    method: 'DELETE',
    path: '/organizations/{org}/teams/{team}',
    perm: 'team:delete',
    ok: 204,
    request: async (n) => {
      await adminCall('POST', `/organizations/${ORG}/teams`, { slug: `doomed-team-${n}`, name: 'D' });
      return { url: `/organizations/${ORG}/teams/doomed-team-${n}` };
    },
  },
  {
    method: 'GET',
    path: '/organizations/{org}/teams/{team}/members',
    perm: 'team:read',
    ok: 200,
    request: fixed(`/organizations/${ORG}/teams/${TEAM}/members`),
  },
  {
    method: 'PUT',
    path: '/organizations/{org}/teams/{team}/members/{email}',
    perm: 'team:update',
    ok: 204,
    request: fixed(`/organizations/${ORG}/teams/${TEAM}/members/${TARGET}`),
  },
  {
    method: 'DELETE',
    path: '/organizations/{org}/teams/{team}/members/{email}',
    perm: 'team:update',
    ok: 204,
    request: async () => {
      await adminCall('PUT', `/organizations/${ORG}/teams/${TEAM}/members/${TARGET}`);
      return { url: `/organizations/${ORG}/teams/${TEAM}/members/${TARGET}` };
    },
  },
  // --- projects and their ACLs
  {
    method: 'POST',
    path: '/organizations/{org}/projects',
    perm: 'project:create',
    ok: 201,
    request: async (n) => ({ url: P, body: { slug: `new-p-${n}`, name: 'P', team: TEAM } }),
  },
  {
    method: 'GET',
    path: '/organizations/{org}/projects',
    perm: 'project:read',
    ok: 200,
    acl: 'read',
    request: fixed(P),
  },
  {
    method: 'GET',
    path: '/organizations/{org}/projects/{project}',
    perm: 'project:read',
    ok: 200,
    acl: 'read',
    request: fixed(`${P}/${PROJECT}`),
  },
  {
    method: 'PATCH',
    path: '/organizations/{org}/projects/{project}',
    perm: 'project:update',
    ok: 200,
    acl: 'update',
    request: async (n) => ({ url: `${P}/${PROJECT}`, body: { name: `Project ${n}` } }),
  },
  {
    method: 'DELETE',
    path: '/organizations/{org}/projects/{project}',
    perm: 'project:delete',
    ok: 204,
    acl: 'delete',
    request: async (n, who) => {
      await adminCall('POST', P, { slug: `doomed-p-${n}`, name: 'D', team: TEAM });
      if (who === 'user with CAN_ACCESS' || who === 'service account with a CAN_ACCESS edge') {
        await grantAcl(`doomed-p-${n}`, who);
      }
      return { url: `${P}/doomed-p-${n}` };
    },
  },
  {
    method: 'GET',
    path: '/organizations/{org}/projects/{project}/access',
    perm: 'project:access',
    ok: 200,
    request: fixed(`${P}/${PROJECT}/access`),
  },
  {
    method: 'PUT',
    path: '/organizations/{org}/projects/{project}/access/{email}',
    perm: 'project:access',
    ok: 200,
    request: fixed(`${P}/${PROJECT}/access/${TARGET}`, { actions: ['read'] }),
  },
  {
    method: 'DELETE',
    path: '/organizations/{org}/projects/{project}/access/{email}',
    perm: 'project:access',
    ok: 204,
    request: async () => {
      await adminCall('PUT', `${P}/${PROJECT}/access/${TARGET}`, { actions: ['read'] });
      return { url: `${P}/${PROJECT}/access/${TARGET}` };
    },
  },
  // --- environments
  {
    method: 'POST',
    path: '/environments',
    perm: 'environment:create',
    ok: 201,
    request: async (n) => ({ url: '/environments', body: { slug: `new-env-${n}`, name: 'E' } }),
  },
  {
    method: 'GET',
    path: '/environments',
    perm: 'environment:read',
    ok: 200,
    request: fixed('/environments'),
  },
  {
    method: 'GET',
    path: '/environments/{slug}',
    perm: 'environment:read',
    ok: 200,
    request: fixed(`/environments/${ENV}`),
  },
  {
    method: 'PATCH',
    path: '/environments/{slug}',
    perm: 'environment:update',
    ok: 200,
    request: async (n) => ({ url: `/environments/${ENV}`, body: { name: `Env ${n}` } }),
  },
  {
    method: 'DELETE',
    path: '/environments/{slug}',
    perm: 'environment:delete',
    ok: 204,
    request: async (n) => {
      await adminCall('POST', '/environments', { slug: `doomed-env-${n}`, name: 'D' });
      return { url: `/environments/doomed-env-${n}` };
    },
  },
];

/** A caller: the token it uses, and how to get a fresh one (logout revokes the one it presents). */
interface Caller {
  token: string | undefined;
  mint(): Promise<string | undefined>;
}
const callers = new Map<string, Caller>();
const key = (who: Who, perm: string) => (who.includes('the permission') ? `${who}|${perm}` : who);

function userCaller(email: string, opts: { roles?: string[]; admin?: boolean } = {}) {
  return async (): Promise<Caller> => {
    const token = await userToken(app, email, opts);
    return { token, mint: () => userToken(app, email) };
  };
}
function saCaller(slug: string, roles: string[]) {
  return async (): Promise<Caller> => {
    const sa = await serviceAccount(app, slug, { roles });
    return { token: sa.token, mint: () => sa.mint() };
  };
}

const roleSlug = (prefix: string, perm: string) => `${prefix}-${perm.replace(/[:_]/g, '-')}`;
const PERMS = [...new Set(ROUTES.map((r) => r.perm).filter((p) => p.includes(':')))];

beforeAll(async () => {
  app = await startTestApp({ domains: foundationDomains() });
  admin = await app.adminToken();

  await adminCall('POST', '/organizations', { slug: ORG, name: 'Matrix' });
  await adminCall('POST', `/organizations/${ORG}/teams`, { slug: TEAM, name: 'Team' });
  await adminCall('POST', P, { slug: PROJECT, name: 'Project', team: TEAM });
  await adminCall('POST', '/environments', { slug: ENV, name: 'Env' });
  // Holds nothing, so that a caller holding only role:assign may hand it on.
  await createRole(app, ROLE, []);
  await app.user(TARGET, { password: 'm-target-password-1' });
  await app.user(LOGIN.email, { password: LOGIN.password });
  targetSa = await serviceAccount(app, TARGET_SA);

  const everything = await allPermissions(app);
  callers.set('anonymous', { token: undefined, mint: async () => undefined });
  callers.set('admin user', { token: admin, mint: () => userToken(app, 'admin@example.com') });
  callers.set('user without roles', await userCaller('none@matrix.test')());
  callers.set('user with CAN_ACCESS', await userCaller('acl@matrix.test')());
  callers.set('service account with a CAN_ACCESS edge', await saCaller('m-acl-sa', [])());
  await grantAcl(PROJECT);
  // Independent per permission, so built side by side (the suite must stay fast on two cores).
  await Promise.all(
    PERMS.map(async (perm) => {
      await createRole(app, roleSlug('only', perm), [perm]);
      await createRole(
        app,
        roleSlug('but', perm),
        everything.filter((p) => p !== perm),
      );
      const s = perm.replace(/[:_]/g, '-');
      callers.set(
        key('user with the permission', perm),
        await userCaller(`with-${s}@matrix.test`, { roles: [roleSlug('only', perm)] })(),
      );
      callers.set(
        key('user without the permission', perm),
        await userCaller(`without-${s}@matrix.test`, { roles: [roleSlug('but', perm)] })(),
      );
      callers.set(
        key('service account with the permission', perm),
        await saCaller(`with-${s}`, [roleSlug('only', perm)])(),
      );
      callers.set(
        key('service account without the permission', perm),
        await saCaller(`without-${s}`, [roleSlug('but', perm)])(),
      );
    }),
  );
}, 120_000);
afterAll(() => app.close());

interface Expectation {
  status: number;
  code?: string;
  /** Extra check of the body (list filtering). */
  body?: (body: Res['body']) => void;
}

const slugs = (body: Res['body']) => (body as { slug: string }[]).map((p) => p.slug);

/** May this caller read the matrix's project (global project:read, or a CAN_ACCESS read edge)? */
function readsProject(route: Route, who: Who): boolean {
  switch (who) {
    case 'admin user':
    case 'user with CAN_ACCESS':
      return true;
    case 'user with the permission':
    case 'service account with the permission':
      return route.perm === 'project:read';
    case 'user without the permission':
    case 'service account without the permission':
      return route.perm !== 'project:read';
    default:
      return false;
  }
}

/**
 * On a single project, a user that may not read it gets 404 (it cannot tell the project from a
 * missing one), and a PATCH by a caller that may update but not read answers 204 without the project.
 * A service account, which no ACL can serve, keeps its 403 for any slug (SPEC 5.6, 7).
 */
function expectationFor(route: Route, who: Who): Expectation | undefined {
  const want = baseExpectationFor(route, who);
  const single = route.acl !== undefined && route.path.endsWith('{project}');
  if (!want || !single || readsProject(route, who) || who === 'anonymous') return want;
  if (want.status === 403 && !who.startsWith('service account')) return { status: 404, code: 'not_found' };
  if (route.method === 'PATCH' && want.status === 200) return { status: 204 };
  return want;
}

function baseExpectationFor(route: Route, who: Who): Expectation | undefined {
  if (route.perm === 'public')
    return who === 'anonymous' || who === 'admin user' ? { status: route.ok } : undefined;
  if (who === 'anonymous') return { status: 401, code: 'unauthenticated' };
  if (route.perm === 'authenticated')
    return who.includes('the permission') ? undefined : { status: route.ok };
  const isList = route.method === 'GET' && route.path === '/organizations/{org}/projects';
  switch (who) {
    case 'user with the permission':
    case 'admin user':
    case 'service account with the permission':
      return { status: route.ok };
    case 'user with CAN_ACCESS':
      if (!route.acl) return { status: 403, code: 'forbidden' };
      return isList
        ? { status: 200, body: (b) => expect(slugs(b)).toEqual([PROJECT]) }
        : { status: route.ok };
    case 'user without roles':
    case 'user without the permission':
      // Users may hold CAN_ACCESS, so the project list answers with the projects they may read: none.
      return isList
        ? { status: 200, body: (b) => expect(b).toEqual([]) }
        : { status: 403, code: 'forbidden' };
    default:
      return { status: 403, code: 'forbidden' };
  }
}

const WHO: Who[] = [
  'anonymous',
  'user without roles',
  'user without the permission',
  'user with CAN_ACCESS',
  'service account without the permission',
  'service account with a CAN_ACCESS edge',
  'user with the permission',
  'admin user',
  'service account with the permission',
];

/** A digest of every stored node and edge except token bookkeeping, to prove refused calls write nothing. */
async function fingerprint(): Promise<string> {
  const row = await app.runtime.core.sql.one<{ nodes: string; edges: string }>(
    `SELECT
       (SELECT md5(coalesce(string_agg(id::text || props::text || updated_at::text, ',' ORDER BY id), ''))
          FROM graph_nodes WHERE label NOT IN ('TokenMetadata', 'RefreshToken')) AS nodes,
       (SELECT md5(coalesce(string_agg(e.src::text || e.label || e.dst::text || e.props::text, ',' ORDER BY e.src, e.label, e.dst), ''))
          FROM graph_edges e WHERE e.label <> 'ISSUED_TO') AS edges`,
  );
  return `${row!.nodes}/${row!.edges}`;
}

async function send(route: Route, req: Req, token: string | undefined): Promise<Res> {
  return app.call(route.method, req.url, {
    token,
    ...(req.body !== undefined ? { body: req.body } : {}),
    ...(req.form ? { form: req.form } : {}),
  });
}

describe('authorization matrix: every route, every kind of caller', () => {
  it('the matrix covers every route the foundation serves', () => {
    const doc = app.api.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'head' && m !== 'parameters')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    served.push('GET /openapi.json', 'GET /docs');
    expect(ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(served.sort());
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const plan = WHO.flatMap((who) => {
      const want = expectationFor(route, who);
      return want ? [{ who, want }] : [];
    });
    const mismatches: string[] = [];
    const prepare = async ({ who, want }: (typeof plan)[number]) => {
      const caller = callers.get(key(who, route.perm));
      if (!caller) throw new Error(`no caller ${who} for ${route.perm}`);
      const req = await route.request(++counter, who);
      const token = route.path === '/auth/logout' ? await caller.mint() : caller.token;
      return { who, want, req, token };
    };
    const check = async (p: Awaited<ReturnType<typeof prepare>>) => {
      const res = await send(route, p.req, p.token);
      if (res.status !== p.want.status) {
        mismatches.push(`${p.who}: expected ${p.want.status}, got ${res.status} ${res.text.slice(0, 200)}`);
        return;
      }
      if (p.want.code) {
        expect(res.headers['content-type'], p.who).toContain('application/problem+json');
        expect(res.body.code, p.who).toBe(p.want.code);
      }
      p.want.body?.(res.body);
    };

    // Refused calls first, their targets prepared beforehand: together they must change nothing.
    const refused = await Promise.all(plan.filter((p) => p.want.status >= 400).map(prepare));
    const before = await fingerprint();
    for (const p of refused) await check(p);
    expect(await fingerprint(), 'a refused request changed stored data').toBe(before);
    // Allowed calls each on a target prepared just before (deleting an assignment needs it present).
    const allowed = plan.filter((p) => p.want.status < 400);
    for (const p of allowed) await check(await prepare(p));
    expect(mismatches).toEqual([]);
    expect(allowed.length).toBeGreaterThan(0);
  });
});

describe('no malformed input answers a 500', () => {
  const BODIES: unknown[] = [
    [],
    'text',
    42,
    null,
    { a: { b: [1, { c: null }] } },
    { slug: 'é'.repeat(300), name: 'a\u0000b', email: 'x'.repeat(5000), permissions: [{}], actions: 'all' },
  ];
  // ('..' is left out: URL parsing on the client resolves it before the service sees the path.)
  const PARAMS = ['x'.repeat(300), '%00', '%ZZ', 'UPPER', '%F0%9F%92%A9', '%20', '-', 'a%2Fb'];
  const QUERIES = [
    '?limit=-1',
    '?limit=abc',
    '?cursor=%00',
    '?cursor=zzz',
    '?cursor=',
    '?unknown=1',
    '?limit=1&limit=2',
  ];

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const base = (await route.request(++counter, 'admin user')).url;
    const urls: string[] = [];
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[0]);
    for (const name of names) {
      for (const v of PARAMS) {
        // Replace one parameter of the template, keeping the others as the valid request has them.
        const segs = route.path.split('/');
        const baseSegs = base.split('?')[0]!.split('/');
        urls.push(segs.map((s, i) => (s === name ? v : baseSegs[i])).join('/'));
      }
    }
    if (route.method === 'GET') for (const q of QUERIES) urls.push(`${base.split('?')[0]}${q}`);
    const bodies = ['POST', 'PUT', 'PATCH'].includes(route.method) ? BODIES : [undefined];

    const failures: string[] = [];
    for (const url of [base, ...urls]) {
      for (const body of url === base ? bodies : [undefined]) {
        const token = route.path === '/auth/logout' ? await userToken(app, 'admin@example.com') : admin;
        const res = await app.call(route.method, url, {
          token,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        if (res.status >= 500)
          failures.push(`${url} ${JSON.stringify(body)?.slice(0, 60)}: ${res.status} ${res.text}`);
        else if (res.status >= 400 && route.path !== '/auth/token') {
          expect(res.headers['content-type'], `${url}`).toContain('application/problem+json');
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
