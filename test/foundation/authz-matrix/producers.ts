// Webhooks (webhooks:read/write, and project:read to name a project; deliveries are signed, not signed
// in), the operations log (operations_log:create, and read of the project and environment it names)
// and project comments (whoever may read the project).
import { createHmac } from 'node:crypto';
import { WRITE_WITHOUT_READ, adminCall, fixed, type RouteGroup } from './table.js';
import { ENV, ORG, P, PROJECT } from './foundation.js';

const SECRET = 'm-webhook-secret-0123456789';
const webhook = (slug: string) => ({ slug, integration: 'github', secret: SECRET });

export const producers: RouteGroup = {
  name: 'producers',
  setup: async () => {
    await adminCall('POST', '/admin/webhooks', webhook('m-hook'));
  },
  routes: [
    {
      method: 'POST',
      path: '/admin/webhooks',
      // Naming the project it delivers for needs project:read.
      perm: 'webhooks:write project:read',
      ok: 201,
      request: async (n) => ({
        url: '/admin/webhooks',
        body: { ...webhook(`m-hook-${n}`), project: `${ORG}/${PROJECT}` },
      }),
    },
    {
      method: 'GET',
      path: '/admin/webhooks',
      perm: 'webhooks:read',
      ok: 200,
      request: fixed('/admin/webhooks'),
    },
    {
      method: 'GET',
      path: '/admin/webhooks/{slug}',
      perm: 'webhooks:read',
      ok: 200,
      request: fixed('/admin/webhooks/m-hook'),
    },
    {
      method: 'PATCH',
      path: '/admin/webhooks/{slug}',
      perm: 'webhooks:write project:read',
      ok: 200,
      expect: WRITE_WITHOUT_READ,
      request: fixed('/admin/webhooks/m-hook', { integration: 'github', project: `${ORG}/${PROJECT}` }),
    },
    {
      method: 'DELETE',
      path: '/admin/webhooks/{slug}',
      perm: 'webhooks:write',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', '/admin/webhooks', webhook(`m-doomed-hook-${n}`));
        return { url: `/admin/webhooks/m-doomed-hook-${n}` };
      },
    },
    {
      // Authenticated by the body's signature under the webhook's secret, whoever sends it.
      method: 'POST',
      path: '/webhooks/{integration}/{webhook}',
      perm: 'public',
      ok: 202,
      request: async (n) => {
        const body = JSON.stringify({ delivery: n });
        const sig = createHmac('sha256', SECRET).update(body).digest('hex');
        return {
          url: '/webhooks/github/m-hook',
          body,
          headers: { 'content-type': 'application/json', 'x-keel-signature-256': `sha256=${sig}` },
        };
      },
    },
    {
      method: 'POST',
      path: '/organizations/{org}/operations-log',
      // The entry names a project and an environment: their read permissions too.
      perm: 'operations_log:create project:read environment:read organization:read',
      ok: 201,
      request: fixed(`/organizations/${ORG}/operations-log`, {
        project: PROJECT,
        environment: ENV,
        entry_type: 'Deployed',
        description: 'matrix',
      }),
    },
    {
      method: 'POST',
      path: '/organizations/{org}/projects/{project}/comments',
      perm: 'project:read',
      acl: 'read',
      ok: 201,
      request: fixed(`${P}/${PROJECT}/comments`, { body: 'hello' }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/comments',
      perm: 'project:read',
      acl: 'read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/comments`),
    },
  ],
};
