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
