// Scoring (docs/scoring.md): policies under scoring_policy:*, the scheduled trigger, the manual
// rescore (with read of the organization and project it names), and a project's score history
// (whoever may read the project).
import { WRITE_WITHOUT_READ, adminCall, fixed, type RouteGroup } from './table.js';
import { ORG, P, PROJECT } from './foundation.js';

const policy = (slug: string) => ({ slug, attribute: 'tier', weight: 1, value_score_map: { gold: 100 } });

export const scoring: RouteGroup = {
  name: 'scoring',
  setup: async () => {
    await adminCall('POST', '/scoring/policies', policy('m-policy'));
  },
  routes: [
    {
      method: 'POST',
      path: '/scoring/policies',
      perm: 'scoring_policy:create',
      ok: 201,
      request: async (n) => ({ url: '/scoring/policies', body: policy(`m-policy-${n}`) }),
    },
    {
      method: 'GET',
      path: '/scoring/policies',
      perm: 'scoring_policy:read',
      ok: 200,
      request: fixed('/scoring/policies'),
    },
    {
      method: 'GET',
      path: '/scoring/policies/{slug}',
      perm: 'scoring_policy:read',
      ok: 200,
      request: fixed('/scoring/policies/m-policy'),
    },
    {
      method: 'PATCH',
      path: '/scoring/policies/{slug}',
      perm: 'scoring_policy:update',
      ok: 200,
      expect: WRITE_WITHOUT_READ,
      request: async (n) => ({ url: '/scoring/policies/m-policy', body: { weight: 1 + (n % 5) } }),
    },
    {
      method: 'DELETE',
      path: '/scoring/policies/{slug}',
      perm: 'scoring_policy:delete',
      ok: 204,
      request: async (n) => {
        await adminCall('POST', '/scoring/policies', policy(`m-doomed-policy-${n}`));
        return { url: `/scoring/policies/m-doomed-policy-${n}` };
      },
    },
    {
      method: 'POST',
      path: '/api/scoring/recompute-all',
      perm: 'scoring:recompute',
      ok: 202,
      // scoring:trigger-scheduled is enough too, and the "without" callers hold it.
      expect: { 'user without the permission': 202, 'service account without the permission': 202 },
      request: fixed('/api/scoring/recompute-all'),
    },
    {
      method: 'POST',
      path: '/scoring/rescore',
      // The body names an organization and a project: their read permissions too.
      perm: 'scoring:rescore organization:read project:read',
      ok: 200,
      request: fixed('/scoring/rescore', { organization: ORG, project: PROJECT }),
    },
    {
      method: 'GET',
      path: '/organizations/{org}/projects/{project}/score/history',
      perm: 'project:read',
      acl: 'read',
      ok: 200,
      request: fixed(`${P}/${PROJECT}/score/history`),
    },
  ],
};
