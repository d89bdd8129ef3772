import { afterId, keysetPage } from '../db/keyset.js';
import type { Queryable } from '../db/sql.js';
import { nodeByKey, NodeGoneError, type GraphNode } from '../graph/store.js';
import type { OrganizationNode } from '../organizations/index.js';

export interface ProjectProps {
  slug: string;
  name: string;
  organization_id: string;
  team: string;
  attributes: Record<string, unknown>;
  score: number | null;
  previous_score: number | null;
  updated_by?: string;
  /** Slugs of the organization's project types the project is of (src/projects/types.ts). */
  types?: string[];
  /** Set while the project is archived (src/projects/archive.ts); absent otherwise. */
  archived?: Archived;
  [k: string]: unknown;
}

/** Who archived a project, when and why. */
export interface Archived {
  at: string;
  by: string;
  reason: string | null;
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

/** The organization (its columns prefixed `o_`) and the project by their slugs: every project route's lookup. */
export const PROJECT_BY_SLUGS = `
  SELECT o.id AS o_id, o.label AS o_label, o.props AS o_props, o.created_at AS o_created_at,
         o.updated_at AS o_updated_at, p.id, p.label, p.props, p.created_at, p.updated_at
    FROM graph_keys ok
    JOIN graph_nodes o ON o.id = ok.node_id
    JOIN graph_keys pk ON pk.namespace = 'Project.slug' AND pk.key = ok.node_id::text || '/' || $2
    JOIN graph_nodes p ON p.id = pk.node_id
   WHERE ok.namespace = 'Organization.slug' AND ok.key = $1`;

/** The organization and the project by their slugs, in one query. */
export async function findProjectBySlugs(
  q: Queryable,
  orgSlug: string,
  slug: string,
): Promise<{ org: OrganizationNode; project: ProjectNode } | undefined> {
  const row = await q.one<BothRows>(PROJECT_BY_SLUGS, [orgSlug, slug]);
  if (!row) return undefined;
  return {
    org: {
      id: row.o_id,
      label: row.o_label,
      props: row.o_props,
      created_at: row.o_created_at,
      updated_at: row.o_updated_at,
    },
    project: {
      id: row.id,
      label: row.label,
      props: row.props,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
  };
}

/** The row of findProjectBySlugs: the organization's columns prefixed `o_`, then the project's. */
interface BothRows {
  o_id: string;
  o_label: string;
  o_props: OrganizationNode['props'];
  o_created_at: Date;
  o_updated_at: Date;
  id: string;
  label: string;
  props: ProjectProps;
  created_at: Date;
  updated_at: Date;
  [k: string]: unknown;
}

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

/**
 * One page of a project's CAN_ACCESS grants by user id, along the project's edges (`graph_edges_dst`
 * orders one target's edges by `src`), each user read by its primary key.
 */
export function projectGrants(
  q: Queryable,
  projectId: string,
  page: { limit: number; after: string | undefined },
) {
  return keysetPage<{ id: string; email: string; actions: string[] }>(
    q,
    { limit: page.limit, after: page.after === undefined ? undefined : [page.after] },
    [projectId],
    (s) => `SELECT e.src AS id, u.props->>'email' AS email, e.props->'actions' AS actions
              FROM graph_edges e
              CROSS JOIN LATERAL (SELECT * FROM graph_nodes u WHERE u.id = e.src OFFSET 0) u
             WHERE e.dst = $1::uuid AND e.label = 'CAN_ACCESS' ${afterId(s, 'e.src')}
             ORDER BY e.src LIMIT ${s.limit}`,
    (r) => r.id,
  );
}

/** The project, its row locked until the transaction ends (the read of a read-modify-write). */
export async function lockProject(q: Queryable, id: string): Promise<ProjectNode> {
  const row = await q.one<ProjectNode & Record<string, unknown>>(
    `SELECT id, label, props, created_at, updated_at FROM graph_nodes WHERE id = $1 AND label = 'Project' FOR UPDATE`,
    [id],
  );
  if (!row) throw new NodeGoneError();
  return row;
}

/**
 * Sets or clears (null) the project's `archived` member, and who changed it last. The member is
 * absent, not null, while a project is live: the list indexes test for its presence.
 */
export async function setArchived(
  q: Queryable,
  id: string,
  archived: Archived | null,
  updatedBy: string,
): Promise<ProjectNode> {
  const row = await q.one<ProjectNode & Record<string, unknown>>(
    `UPDATE graph_nodes
        SET props = CASE WHEN $2::jsonb IS NULL THEN props - 'archived'
                         ELSE props || jsonb_build_object('archived', $2::jsonb) END
                    || jsonb_build_object('updated_by', $3::text),
            updated_at = now()
      WHERE id = $1 AND label = 'Project'
      RETURNING id, label, props, created_at, updated_at`,
    [id, archived === null ? null : JSON.stringify(archived), updatedBy],
  );
  if (!row) throw new NodeGoneError();
  return row;
}

/**
 * The CAN_ACCESS actions a user holds on the project `orgSlug/slug`, in one query whether or not the
 * project exists (none when it does not), so that asking costs the same either way (POST /auth/can).
 */
export async function aclActionsBySlugs(
  q: Queryable,
  userId: string,
  orgSlug: string,
  slug: string,
): Promise<string[]> {
  const row = await q.one<{ actions: string[] | null }>(
    `SELECT e.props->'actions' AS actions
       FROM graph_keys ok
       JOIN graph_keys pk ON pk.namespace = 'Project.slug' AND pk.key = ok.node_id::text || '/' || $3
       JOIN graph_edges e ON e.src = $1 AND e.label = 'CAN_ACCESS' AND e.dst = pk.node_id
      WHERE ok.namespace = 'Organization.slug' AND ok.key = $2`,
    [userId, orgSlug, slug],
  );
  return row?.actions ?? [];
}
