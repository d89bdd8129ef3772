// The foundation's routes (issue 2, section 7): public, authentication, users, service accounts,
// roles, organizations, teams, projects and their ACLs, environments.
import { createRole, nodeId, serviceAccount } from '../fixtures.js';
import { WRITE_WITHOUT_READ, adminCall, fixed, m, type RouteGroup, type Who } from './table.js';

export const ORG = 'm-org';
export const TEAM = 'm-team';
export const PROJECT = 'm-proj';
export const ENV = 'm-env';
const ROLE = 'm-role';
const TARGET = 'm-target@matrix.test';
const TARGET_SA = 'm-target-sa';
const LOGIN = { email: 'm-login@matrix.test', password: 'm-login-password-1' };
export const P = `/organizations/${ORG}/projects`;

/** Grants the CAN_ACCESS callers every action on a project (the service account's edge directly). */
export async function grantAcl(project: string, who?: Who): Promise<void> {
  if (who === undefined || who === 'user with CAN_ACCESS') {
    await adminCall('PUT', `${P}/${project}/access/acl@matrix.test`, {
      actions: ['read', 'update', 'delete'],
    });
  }
  if (who === undefined || who === 'service account with a CAN_ACCESS edge') {
    const org = await nodeId(m.app, 'Organization.slug', ORG);
    await m.app.runtime.core.sql.query(
      `INSERT INTO graph_edges (src, label, dst, props) VALUES ($1, 'CAN_ACCESS', $2, $3) ON CONFLICT DO NOTHING`,
      [
        await nodeId(m.app, 'ServiceAccount.slug', 'm-acl-sa'),
        await nodeId(m.app, 'Project.slug', `${org}/${project}`),
        { actions: ['read', 'update', 'delete'] },
      ],
    );
  }
}

export const foundation: RouteGroup = {
  name: 'foundation',
  setup: async () => {
    await adminCall('POST', '/organizations', { slug: ORG, name: 'Matrix' });
    await adminCall('POST', `/organizations/${ORG}/teams`, { slug: TEAM, name: 'Team' });
    await adminCall('POST', P, { slug: PROJECT, name: 'Project', team: TEAM });
    await adminCall('POST', '/environments', { slug: ENV, name: 'Env' });
    // Holds nothing, so that a caller holding only role:assign may hand it on.
    await createRole(m.app, ROLE, []);
    await m.app.user(TARGET, { password: 'm-target-password-1' });
    await m.app.user(LOGIN.email, { password: LOGIN.password });
    m.targetSa = await serviceAccount(m.app, TARGET_SA);
  },
  routes: [
    // --- public
    { method: 'GET', path: '/health', perm: 'public', ok: 200, request: fixed('/health') },
    {
      method: 'GET',
      path: '/.well-known/oauth-authorization-server',
      perm: 'public',
      ok: 200,
      request: fixed('/.well-known/oauth-authorization-server'),
    },
    { method: 'GET', path: '/ready', perm: 'public', ok: 200, request: fixed('/ready') },
    {
      method: 'GET',
      path: '/openapi.json',
      perm: 'public',
      ok: 200,
      carriesSecrets: 'no secret: the schemas of the request bodies name password and secret fields',
      request: fixed('/openapi.json'),
    },
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
          client_id: m.targetSa.clientId,
          client_secret: m.targetSa.clientSecret,
        },
      }),
    },
    // The console's session cookie: whoever holds the refresh token (here sent in the body), no sign-in.
    {
      method: 'POST',
      path: '/auth/session',
      perm: 'public',
      ok: 200,
      carriesSecrets: 'a new access token for the holder of the refresh token, by design',
      request: async () => {
        const login = await m.app.call('POST', '/auth/login', { body: LOGIN });
        return {
          url: '/auth/session',
          headers: { 'x-keel-csrf': '1' },
          body: { refresh_token: login.body.refresh_token },
        };
      },
    },
    {
      method: 'DELETE',
      path: '/auth/session',
      perm: 'public',
      ok: 204,
      request: async () => ({ url: '/auth/session', headers: { 'x-keel-csrf': '1' } }),
    },
    // --- any authenticated principal
    { method: 'GET', path: '/auth/me', perm: 'authenticated', ok: 200, request: fixed('/auth/me') },
    { method: 'POST', path: '/auth/logout', perm: 'authenticated', ok: 204, request: fixed('/auth/logout') },
    // Answers for its caller whether it may call a route; it calls nothing.
    {
      method: 'POST',
      path: '/auth/can',
      perm: 'authenticated',
      ok: 200,
      request: fixed('/auth/can', { method: 'PATCH', path: `${P}/${PROJECT}` }),
    },
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
      // Holding the update permission alone does not read what it changes.
      expect: WRITE_WITHOUT_READ,
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
      request: async (n) => ({
        url: '/service-accounts',
        body: { slug: `new-sa-${n}`, display_name: 'New' },
      }),
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
      // Holding the update permission alone does not read what it changes.
      expect: WRITE_WITHOUT_READ,
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
      // Holding the update permission alone does not read what it changes.
      expect: WRITE_WITHOUT_READ,
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
      perm: 'role:assign user:read role:read',
      ok: 204,
      request: fixed(`/users/${TARGET}/roles/${ROLE}`),
    },
    {
      method: 'DELETE',
      path: '/users/{name}/roles/{role}',
      perm: 'role:assign user:read role:read',
      ok: 204,
      request: async () => {
        await adminCall('PUT', `/users/${TARGET}/roles/${ROLE}`);
        return { url: `/users/${TARGET}/roles/${ROLE}` };
      },
    },
    {
      method: 'PUT',
      path: '/service-accounts/{name}/roles/{role}',
      perm: 'role:assign service_account:read role:read',
      ok: 204,
      request: fixed(`/service-accounts/${TARGET_SA}/roles/${ROLE}`),
    },
    {
      method: 'DELETE',
      path: '/service-accounts/{name}/roles/{role}',
      perm: 'role:assign service_account:read role:read',
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
      perm: 'organization:update organization:read',
      ok: 200,
      request: async (n) => ({ url: `/organizations/${ORG}`, body: { name: `Org ${n}` } }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}',
      perm: 'organization:delete organization:read',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', '/organizations', { slug: `doomed-org-${n}`, name: 'D' });
        return { url: `/organizations/doomed-org-${n}` };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/teams',
      perm: 'team:create organization:read',
      ok: 201,
      request: async (n) => ({
        url: `/organizations/${ORG}/teams`,
        body: { slug: `new-team-${n}`, name: 'T' },
      }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/teams',
      perm: 'team:read organization:read',
      ok: 200,
      request: fixed(`/organizations/${ORG}/teams`),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/teams/{team}',
      perm: 'team:read organization:read',
      ok: 200,
      request: fixed(`/organizations/${ORG}/teams/${TEAM}`),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/teams/{team}',
      perm: 'team:delete organization:read',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', `/organizations/${ORG}/teams`, { slug: `doomed-team-${n}`, name: 'D' });
        return { url: `/organizations/${ORG}/teams/doomed-team-${n}` };
      },
    },
    {
      method: 'GET',
      path: '/organizations/{org}/teams/{team}/members',
      perm: 'team:read user:read organization:read',
      ok: 200,
      request: fixed(`/organizations/${ORG}/teams/${TEAM}/members`),
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/teams/{team}/members/{email}',
      perm: 'team:update user:read organization:read',
      ok: 204,
      request: fixed(`/organizations/${ORG}/teams/${TEAM}/members/${TARGET}`),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/teams/{team}/members/{email}',
      perm: 'team:update user:read organization:read',
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
      // A project names its team, and choosing one needs team:read.
      perm: 'project:create team:read organization:read',
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
      // Deleting for good: the global permission only (a CAN_ACCESS edge archives at most).
      perm: 'project:delete',
      ok: 204,
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
      perm: 'project:access user:read project:read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/access`),
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/projects/{project}/access/{email}',
      // Granting read takes read: a caller never hands on what it may not do itself.
      perm: 'project:access user:read project:read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/access/${TARGET}`, { actions: ['read'] }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/projects/{project}/access/{email}',
      perm: 'project:access user:read project:read',
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
      // Holding the update permission alone does not read what it changes.
      expect: WRITE_WITHOUT_READ,
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
  ],
};
