import { afterId, keysetPage } from '../db/keyset.js';
import type { Queryable } from '../db/sql.js';
import { nodeByKey, type GraphNode } from '../graph/store.js';

export interface OrganizationProps {
  slug: string;
  name: string;
  updated_by?: string;
  [k: string]: unknown;
}

export interface TeamProps {
  slug: string;
  name: string;
  organization_id: string;
  updated_by?: string;
  [k: string]: unknown;
}

export type OrganizationNode = GraphNode<OrganizationProps>;
export type TeamNode = GraphNode<TeamProps>;

export const orgKey = (slug: string) => ({ namespace: 'Organization.slug', key: slug });
/** Team slugs are unique within their organization. */
export const teamKey = (orgId: string, slug: string) => ({ namespace: 'Team.slug', key: `${orgId}/${slug}` });

export const findOrganization = (q: Queryable, slug: string) =>
  nodeByKey<OrganizationProps>(q, 'Organization.slug', slug);

export const findTeam = (q: Queryable, orgId: string, slug: string) => {
  const k = teamKey(orgId, slug);
  return nodeByKey<TeamProps>(q, k.namespace, k.key);
};

/** Ids of the teams a user is a member of. */
export async function teamIdsOfUser(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q.query<{ dst: string }>(
    `SELECT dst FROM graph_edges WHERE src = $1 AND label = 'MEMBER_OF'`,
    [userId],
  );
  return rows.map((r) => r.dst);
}

/** One page of a team's members by user id, along the team's MEMBER_OF edges (`graph_edges_dst`). */
export function teamMembers(
  q: Queryable,
  teamId: string,
  page: { limit: number; after: string | undefined },
) {
  return keysetPage<{ id: string; email: string; display_name: string }>(
    q,
    { limit: page.limit, after: page.after === undefined ? undefined : [page.after] },
    [teamId],
    (s) => `SELECT u.id, u.props->>'email' AS email, u.props->>'display_name' AS display_name
              FROM graph_edges m
              CROSS JOIN LATERAL (SELECT * FROM graph_nodes u WHERE u.id = m.src OFFSET 0) u
             WHERE m.dst = $1::uuid AND m.label = 'MEMBER_OF' ${afterId(s, 'm.src')} AND u.label = 'User'
             ORDER BY m.src LIMIT ${s.limit}`,
    (r) => r.id,
  );
}
