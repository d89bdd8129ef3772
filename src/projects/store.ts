import type { Queryable } from '../db/sql.js';
import { nodeByKey, type GraphNode } from '../graph/store.js';

export interface ProjectProps {
  slug: string;
  name: string;
  organization_id: string;
  team: string;
  attributes: Record<string, unknown>;
  score: number | null;
  previous_score: number | null;
  updated_by?: string;
  [k: string]: unknown;
}

export type ProjectNode = GraphNode<ProjectProps>;

/** Project slugs are unique within their organization. */
export const projectKey = (orgId: string, slug: string) => ({
  namespace: 'Project.slug',
  key: `${orgId}/${slug}`,
});

export const findProject = (q: Queryable, orgId: string, slug: string) => {
  const k = projectKey(orgId, slug);
  return nodeByKey<ProjectProps>(q, k.namespace, k.key);
};

/** Actions a CAN_ACCESS edge may carry, each standing for the permission `project:<action>`. */
export const ACL_ACTIONS = ['read', 'update', 'delete'] as const;
export type AclAction = (typeof ACL_ACTIONS)[number];

export async function aclActions(q: Queryable, userId: string, resourceId: string): Promise<string[]> {
  const row = await q.one<{ actions: string[] }>(
    `SELECT props->'actions' AS actions FROM graph_edges WHERE src = $1 AND label = 'CAN_ACCESS' AND dst = $2`,
    [userId, resourceId],
  );
  return row?.actions ?? [];
}

/** Ids of the projects in an organization on which the user holds `action` through CAN_ACCESS. */
export async function aclProjectIds(
  q: Queryable,
  userId: string,
  orgId: string,
  action: AclAction,
): Promise<string[]> {
  const rows = await q.query<{ dst: string }>(
    `SELECT e.dst FROM graph_edges e
       JOIN graph_edges b ON b.src = e.dst AND b.label = 'BELONGS_TO' AND b.dst = $2
      WHERE e.src = $1 AND e.label = 'CAN_ACCESS' AND e.props->'actions' ? $3`,
    [userId, orgId, action],
  );
  return rows.map((r) => r.dst);
}
