// The project model's routes (issue 40): archiving, project types, blueprints, links, deployments,
// dependencies, bulk import.
import { ORG, P, TEAM, grantAcl } from './foundation.js';
import { WRITE_WITHOUT_READ, adminCall, fixed, type RouteGroup, type Who } from './table.js';

const TYPES = `/organizations/${ORG}/project-types`;
const TYPE = 'm-type';

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
  },
  routes: [
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
