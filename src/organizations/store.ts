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

/**
 * Which of these edge labels (things a team's membership gives) point at the team, leaving out a
 * team the user is already a member of: what adding a member would hand on.
 */
export async function grantsOfTeamWithheldFrom(
  q: Queryable,
  teamId: string,
  edgeLabels: readonly string[],
  userId: string | null,
): Promise<string[]> {
  const rows = await q.query<{ label: string }>(
    `SELECT DISTINCT e.label FROM graph_edges e WHERE e.dst = $1 AND e.label = ANY($2::text[])
        AND NOT EXISTS (SELECT 1 FROM graph_edges m WHERE m.src = $3 AND m.label = 'MEMBER_OF' AND m.dst = $1)`,
    [teamId, edgeLabels, userId],
  );
  return rows.map((r) => r.label);
}

/** Whether anything (team, project, AI provider or model) still belongs to the organization. */
export async function organizationHoldsAnything(q: Queryable, orgId: string): Promise<boolean> {
  return !!(await q.one(`SELECT 1 FROM graph_edges WHERE dst = $1 AND label = 'BELONGS_TO' LIMIT 1`, [
    orgId,
  ]));
}

/** Locks the team's row until the transaction ends. */
export async function lockTeam(q: Queryable, teamId: string): Promise<void> {
  await q.query('SELECT 1 FROM graph_nodes WHERE id = $1 FOR UPDATE', [teamId]);
}

/** Whether the team still owns a project. */
export async function teamOwnsProjects(q: Queryable, teamId: string): Promise<boolean> {
  return !!(await q.one(`SELECT 1 FROM graph_edges WHERE dst = $1 AND label = 'OWNED_BY' LIMIT 1`, [teamId]));
}
