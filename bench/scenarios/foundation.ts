// Issue 2: authentication and a resource read, against the GET /health baseline.
import type { Scenario } from '../lib.js';

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'GET /auth/me (member)',
    goal: { minRatio: 0.5, maxP99Ms: 20 },
    async prepare(ctx) {
      const token = await ctx.user('bench-me@example.com', ['member']);
      return { path: '/auth/me', headers: { authorization: `Bearer ${token}` } };
    },
  },
  {
    kind: 'http',
    name: 'GET /organizations/{org}/projects/{project} (member)',
    goal: { minRatio: 0.25, maxP99Ms: 20 },
    async prepare(ctx) {
      await ctx.api('POST', '/organizations', { slug: 'bench', name: 'Bench' }, ctx.adminToken);
      await ctx.api('POST', '/organizations/bench/teams', { slug: 'core', name: 'Core' }, ctx.adminToken);
      for (let i = 0; i < 50; i++) {
        await ctx.api(
          'POST',
          '/organizations/bench/projects',
          { slug: `p${i}`, name: `P${i}`, team: 'core' },
          ctx.adminToken,
        );
      }
      const token = await ctx.user('bench-reader@example.com', ['member']);
      return { path: '/organizations/bench/projects/p25', headers: { authorization: `Bearer ${token}` } };
    },
  },
];
