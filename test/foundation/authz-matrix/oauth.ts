// Login providers (docs/oauth-login.md): reading needs oauth-providers:read; configuring is for admins
// alone, whatever permission another caller holds. The login paths are public.
import { adminCall, fixed, type RouteGroup, type Who } from './table.js';

/** oauth-providers:write is not enough: only an admin configures login providers. */
const adminOnly: Partial<Record<Who, number>> = {
  'user with the permission': 403,
  'service account with the permission': 403,
  'delegated token': 403,
};
const providerB = {
  name: 'B',
  enabled: true,
  client_id: 'm-client',
  client_secret: 'm-client-secret-123456',
};

export const oauth: RouteGroup = {
  name: 'oauth',
  setup: async () => {
    await adminCall('PUT', '/admin/oauth-providers/provider_b', providerB);
  },
  routes: [
    {
      method: 'GET',
      path: '/admin/oauth-provider-types',
      perm: 'oauth-providers:read',
      ok: 200,
      request: fixed('/admin/oauth-provider-types'),
    },
    {
      method: 'GET',
      path: '/admin/oauth-providers',
      perm: 'oauth-providers:read',
      ok: 200,
      request: fixed('/admin/oauth-providers'),
    },
    {
      method: 'GET',
      path: '/admin/oauth-providers/{slug}',
      perm: 'oauth-providers:read',
      ok: 200,
      request: fixed('/admin/oauth-providers/provider_b'),
    },
    {
      method: 'PUT',
      path: '/admin/oauth-providers/{slug}',
      perm: 'oauth-providers:write',
      ok: 200,
      expect: adminOnly,
      request: fixed('/admin/oauth-providers/provider_b', {
        name: 'B',
        enabled: true,
        client_id: 'm-client',
      }),
    },
    {
      method: 'DELETE',
      path: '/admin/oauth-providers/{slug}',
      perm: 'oauth-providers:write',
      ok: 204,
      expect: adminOnly,
      request: async () => {
        await adminCall('PUT', '/admin/oauth-providers/provider_a', { name: 'A', enabled: false });
        return { url: '/admin/oauth-providers/provider_a' };
      },
    },
    { method: 'GET', path: '/auth/providers', perm: 'public', ok: 200, request: fixed('/auth/providers') },
    {
      method: 'GET',
      path: '/auth/oauth/{slug}/authorize',
      perm: 'public',
      ok: 302,
      request: fixed('/auth/oauth/provider_b/authorize'),
    },
    {
      method: 'GET',
      path: '/auth/oauth/{slug}/callback',
      perm: 'public',
      // A completed login needs the provider's consent screen (test/oauth/); without a login started
      // in this browser, the answer is the same 400 problem for anyone.
      ok: 400,
      request: fixed('/auth/oauth/provider_b/callback?code=x&state=unknown'),
    },
  ],
};
