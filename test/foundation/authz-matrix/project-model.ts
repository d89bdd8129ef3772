// The project model's routes (issue 40): archiving, project types, blueprints, links, deployments,
// dependencies, bulk import.
import { ENV, ORG, P, PROJECT, TEAM, grantAcl } from './foundation.js';
import { WRITE_WITHOUT_READ, adminCall, fixed, type Route, type RouteGroup, type Who } from './table.js';

const TYPES = `/organizations/${ORG}/project-types`;
const TYPE = 'm-type';
const BLUEPRINTS = `/organizations/${ORG}/blueprints`;
const BLUEPRINT = 'm-blueprint';
const OPEN_SCHEMA = { type: 'object' };
const DEP_TARGET = 'm-dep-target';
const LINKS = `/organizations/${ORG}/link-definitions`;
const LINK = 'm-link';

/**
 * Naming an environment (environment:read) or a link definition (link_definition:read) is checked
 * before any lookup: 403 to a caller without it (the CAN_ACCESS user, one without roles) whatever the
 * project, so no oracle of what exists.
 */
const NAMES_DEFINITION: Route['expect'] = {
  'user with CAN_ACCESS': { status: 403, code: 'forbidden' },
  'user without roles': { status: 403, code: 'forbidden' },
};

const forAcl = (who: Who) =>
  who === 'user with CAN_ACCESS' || who === 'service account with a CAN_ACCESS edge';

/** A fresh project for a destructive request, with the CAN_ACCESS edges of the caller that needs one. */
async function freshProject(prefix: string, n: number, who: Who): Promise<string> {
  const slug = `${prefix}-${n}`;
  await adminCall('POST', P, { slug, name: slug, team: TEAM });
  if (forAcl(who)) await grantAcl(slug, who);
  return slug;
}

export const projectModel: RouteGroup = {
  name: 'project model',
  setup: async () => {
    await adminCall('POST', TYPES, { slug: TYPE, name: 'Type' });
    await adminCall('POST', BLUEPRINTS, {
      slug: BLUEPRINT,
      name: 'B',
      project_type: TYPE,
      schema: OPEN_SCHEMA,
    });
    await adminCall('POST', P, { slug: DEP_TARGET, name: 'Target', team: TEAM });
    await adminCall('POST', LINKS, {
      slug: LINK,
      name: 'Link',
      url_template: 'https://x.example.com/{project}',
    });
  },
  routes: [
    {
      method: 'POST',
      path: '/organizations/{org}/link-definitions',
      perm: 'link_definition:create organization:read',
      ok: 201,
      request: async (n) => ({
        url: LINKS,
        body: { slug: `new-link-${n}`, name: 'L', url_template: 'https://x.example.com/{org}/{project}' },
      }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/link-definitions',
      perm: 'link_definition:read organization:read',
      ok: 200,
      request: fixed(LINKS),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/link-definitions/{link}',
      perm: 'link_definition:read organization:read',
      ok: 200,
      request: fixed(`${LINKS}/${LINK}`),
    },
    {
      method: 'PATCH',
      path: '/organizations/{org}/link-definitions/{link}',
      perm: 'link_definition:update organization:read',
      ok: 200,
      expect: WRITE_WITHOUT_READ,
      request: async (n) => ({ url: `${LINKS}/${LINK}`, body: { name: `Link ${n}` } }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/link-definitions/{link}',
      perm: 'link_definition:delete organization:read',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', LINKS, { slug: `doomed-link-${n}`, name: 'D' });
        return { url: `${LINKS}/doomed-link-${n}` };
      },
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/projects/{project}/links/{link}',
      perm: 'project:update link_definition:read',
      ok: 201,
      acl: 'update',
      expect: NAMES_DEFINITION,
      request: async (n, who) => ({
        url: `${P}/${await freshProject('link', n, who)}/links/${LINK}`,
        body: { url: 'https://own.example.com' },
      }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/projects/{project}/links/{link}',
      perm: 'project:update link_definition:read',
      ok: 204,
      acl: 'update',
      expect: NAMES_DEFINITION,
      request: async (n, who) => {
        const slug = await freshProject('unlink', n, who);
        await adminCall('PUT', `${P}/${slug}/links/${LINK}`, { url: 'https://own.example.com' });
        return { url: `${P}/${slug}/links/${LINK}` };
      },
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/projects/{project}/environments/{environment}',
      perm: 'project:update environment:read',
      ok: 201,
      acl: 'update',
      expect: NAMES_DEFINITION,
      request: async (n, who) => ({
        url: `${P}/${await freshProject('deploy', n, who)}/environments/${ENV}`,
        body: { url: 'https://deploy.example.com' },
      }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/projects/{project}/environments/{environment}',
      perm: 'project:update environment:read',
      ok: 204,
      acl: 'update',
      expect: NAMES_DEFINITION,
      request: async (n, who) => {
        const slug = await freshProject('undeploy', n, who);
        await adminCall('PUT', `${P}/${slug}/environments/${ENV}`, {});
        return { url: `${P}/${slug}/environments/${ENV}` };
      },
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/dependencies',
      perm: 'project:read',
      ok: 200,
      acl: 'read',
      request: fixed(`${P}/${PROJECT}/dependencies`),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/dependents',
      perm: 'project:read',
      ok: 200,
      acl: 'read',
      request: fixed(`${P}/${PROJECT}/dependents`),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/blast-radius',
      // Names projects across the organization: the global permission only (a CAN_ACCESS reader: 403).
      perm: 'project:read',
      ok: 200,
      acl: 'read',
      expect: { 'user with CAN_ACCESS': { status: 403, code: 'forbidden' } },
      request: fixed(`${P}/${PROJECT}/blast-radius`),
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/projects/{project}/dependencies/{target}',
      // Naming the target needs read on it.
      perm: 'project:update project:read',
      ok: 201,
      acl: 'update',
      request: async (n, who) => {
        // The CAN_ACCESS callers may read the target they name.
        if (forAcl(who)) await grantAcl(DEP_TARGET, who);
        return {
          url: `${P}/${await freshProject('dep', n, who)}/dependencies/${DEP_TARGET}`,
          body: { note: 'n' },
        };
      },
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/projects/{project}/dependencies/{target}',
      perm: 'project:update project:read',
      ok: 204,
      acl: 'update',
      request: async (n, who) => {
        if (forAcl(who)) await grantAcl(DEP_TARGET, who);
        const slug = await freshProject('undep', n, who);
        await adminCall('PUT', `${P}/${slug}/dependencies/${DEP_TARGET}`, {});
        return { url: `${P}/${slug}/dependencies/${DEP_TARGET}` };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/blueprints',
      perm: 'blueprint:create organization:read',
      ok: 201,
      request: async (n) => {
        await adminCall('POST', TYPES, { slug: `bp-type-${n}`, name: 'T' });
        return {
          url: BLUEPRINTS,
          body: { slug: `new-bp-${n}`, name: 'B', project_type: `bp-type-${n}`, schema: OPEN_SCHEMA },
        };
      },
    },
    {
      method: 'GET',
      path: '/organizations/{org}/blueprints',
      perm: 'blueprint:read organization:read',
      ok: 200,
      request: fixed(BLUEPRINTS),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/blueprints/{blueprint}',
      perm: 'blueprint:read organization:read',
      ok: 200,
      request: fixed(`${BLUEPRINTS}/${BLUEPRINT}`),
    },
    {
      method: 'PUT',
      path: '/organizations/{org}/blueprints/{blueprint}',
      perm: 'blueprint:update organization:read',
      ok: 200,
      request: fixed(`${BLUEPRINTS}/${BLUEPRINT}`, { schema: OPEN_SCHEMA }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/blueprints/{blueprint}',
      perm: 'blueprint:delete organization:read',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', TYPES, { slug: `doomed-bp-type-${n}`, name: 'T' });
        await adminCall('POST', BLUEPRINTS, {
          slug: `doomed-bp-${n}`,
          name: 'B',
          project_type: `doomed-bp-type-${n}`,
          schema: OPEN_SCHEMA,
        });
        return { url: `${BLUEPRINTS}/doomed-bp-${n}` };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/blueprints/dry-run',
      perm: 'blueprint:read organization:read',
      ok: 200,
      request: fixed(`${BLUEPRINTS}/dry-run`, { schema: OPEN_SCHEMA }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/schema',
      perm: 'project:read',
      ok: 200,
      acl: 'read',
      request: fixed(`${P}/${PROJECT}/schema`),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/project-types',
      perm: 'project_type:create organization:read',
      ok: 201,
      request: async (n) => ({ url: TYPES, body: { slug: `new-type-${n}`, name: 'T' } }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/project-types',
      perm: 'project_type:read organization:read',
      ok: 200,
      request: fixed(TYPES),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/project-types/{type}',
      perm: 'project_type:read organization:read',
      ok: 200,
      request: fixed(`${TYPES}/${TYPE}`),
    },
    {
      method: 'PATCH',
      path: '/organizations/{org}/project-types/{type}',
      perm: 'project_type:update organization:read',
      ok: 200,
      expect: WRITE_WITHOUT_READ,
      request: async (n) => ({ url: `${TYPES}/${TYPE}`, body: { description: `changed ${n}` } }),
    },
    {
      method: 'DELETE',
      path: '/organizations/{org}/project-types/{type}',
      perm: 'project_type:delete organization:read',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', TYPES, { slug: `doomed-type-${n}`, name: 'D' });
        return { url: `${TYPES}/doomed-type-${n}` };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/projects/import',
      // Every row names its team: team:read is checked before the body is read, with project:create.
      perm: 'project:create team:read organization:read',
      ok: 200,
      request: async (n) => ({
        url: `${P}/import`,
        body: `${JSON.stringify({ slug: `imported-${n}`, name: 'I', team: TEAM })}\n`,
        headers: { 'content-type': 'application/x-ndjson' },
      }),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/projects/{project}/archive',
      perm: 'project:delete',
      ok: 200,
      acl: 'delete',
      expect: WRITE_WITHOUT_READ,
      request: async (n, who) => ({
        url: `${P}/${await freshProject('arch', n, who)}/archive`,
        body: { reason: 'retired' },
      }),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/projects/{project}/unarchive',
      perm: 'project:delete',
      ok: 200,
      acl: 'delete',
      expect: WRITE_WITHOUT_READ,
      request: async (n, who) => {
        const slug = await freshProject('unarch', n, who);
        await adminCall('POST', `${P}/${slug}/archive`, {});
        return { url: `${P}/${slug}/unarchive` };
      },
    },
  ],
};
