// Issue 6: the public login listing reads providers through the per-process cache, so it should cost
// about what an unauthenticated route without a database query costs.
import type { Scenario } from '../lib.js';

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'GET /auth/providers (3 providers stored, cached reads)',
    goal: { minRatio: 0.5, maxP99Ms: 20 },
    async prepare(ctx) {
      const secret = 'bench-client-secret-value';
      await ctx.api(
        'PUT',
        '/admin/oauth-providers/provider_b',
        { name: 'Code host', enabled: true, client_id: 'bench', client_secret: secret },
        ctx.adminToken,
      );
      await ctx.api(
        'PUT',
        '/admin/oauth-providers/provider_a',
        {
          name: 'Workspace',
          enabled: true,
          client_id: 'bench',
          client_secret: secret,
          allowed_domains: ['example.com'],
        },
        ctx.adminToken,
      );
      await ctx.api(
        'PUT',
        '/admin/oauth-providers/oidc',
        { name: 'SSO', enabled: false, issuer_url: 'https://login.example.com' },
        ctx.adminToken,
      );
      return { path: '/auth/providers' };
    },
  },
];
