// Roles, permissions and assignments in the graph.
import type { Queryable } from '../db/sql.js';
import { createNode, nodeByKey, putEdge, type GraphNode } from '../graph/store.js';
import { principalKey } from '../kernel/identity.js';
import { SEEDED_ROLES, type PermissionDef, type RoleSeed } from '../kernel/permissions.js';

export interface RoleProps {
  slug: string;
  name: string;
  description?: string;
  builtin?: boolean;
  /** The admin role: every permission, present and future. */
  grants_all?: boolean;
  [k: string]: unknown;
}

/** A role that Keel seeds (besides admin and member), e.g. the scheduler's. */

export const roleKey = (slug: string) => ({ namespace: 'Role.slug', key: slug });
export const permissionKey = (name: string) => ({ namespace: 'Permission.name', key: name });

export async function roleBySlug(q: Queryable, slug: string): Promise<GraphNode<RoleProps> | undefined> {
  return nodeByKey<RoleProps>(q, 'Role.slug', slug);
}

/** Names of the permissions a role grants (all of them for a grants_all role). */
export async function rolePermissions(q: Queryable, role: GraphNode<RoleProps>): Promise<string[]> {
  const rows = role.props.grants_all
    ? await q.query<{ name: string }>(
        `SELECT props->>'name' AS name FROM graph_nodes WHERE label = 'Permission' ORDER BY 1`,
      )
    : await q.query<{ name: string }>(
        `SELECT p.props->>'name' AS name FROM graph_edges g JOIN graph_nodes p ON p.id = g.dst
          WHERE g.src = $1 AND g.label = 'GRANTS' ORDER BY 1`,
        [role.id],
      );
  return rows.map((r) => r.name);
}

/**
 * Global permissions of a principal through its roles: every permission if one of its roles grants
 * all, plus those its roles' GRANTS edges reach. Takes $1 (principal id).
 *
 * Written so that its generic plan (cached after five executions, test/support/plans.ts) reads only the
 * principal's edges, by key, whatever the size of the tables when it was made. Joined to the Permission
 * nodes and tested against GRANTS with EXISTS, the plan made on a small table hashed a scan of every
 * GRANTS edge. Each GRANTS edge's node is read by primary key (`OFFSET 0` keeps the lookup per edge);
 * the Permission nodes are read whole, once, only when a role grants all.
 */
export const PRINCIPAL_PERMISSIONS = `
  SELECT p.props->>'name' AS name FROM graph_nodes p
   WHERE p.label = 'Permission'
     AND EXISTS (SELECT 1 FROM graph_edges hr JOIN graph_nodes r ON r.id = hr.dst
                  WHERE hr.src = $1 AND hr.label = 'HAS_ROLE'
                    AND coalesce((r.props->>'grants_all')::boolean, false))
  UNION
  SELECT p.props->>'name' FROM graph_edges hr
    JOIN graph_edges g ON g.src = hr.dst AND g.label = 'GRANTS'
   CROSS JOIN LATERAL (SELECT props, label FROM graph_nodes p WHERE p.id = g.dst OFFSET 0) p
   WHERE hr.src = $1 AND hr.label = 'HAS_ROLE' AND p.label = 'Permission'`;

export async function principalPermissions(q: Queryable, principalId: string): Promise<string[]> {
  const rows = await q.query<{ name: string }>(PRINCIPAL_PERMISSIONS, [principalId]);
  return rows.map((r) => r.name);
}

/**
 * Does an account that may act as others hold this role: the scheduler service account, or any account
 * one of whose roles grants `delegatePermission` by name (the admin role, which grants all without
 * edges, does not count: its holders are admins, whose power a role edit cannot change).
 */
export async function roleHeldByDelegator(
  q: Queryable,
  roleId: string,
  schedulerSlug: string,
  delegatePermission: string,
): Promise<boolean> {
  const row = await q.one<{ held: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM graph_edges h JOIN graph_nodes a ON a.id = h.src
        WHERE h.dst = $1 AND h.label = 'HAS_ROLE'
          AND ((a.label = 'ServiceAccount' AND a.props->>'slug' = $2)
            OR EXISTS (SELECT 1 FROM graph_edges r
                         JOIN graph_edges g ON g.src = r.dst AND g.label = 'GRANTS'
                         JOIN graph_nodes p ON p.id = g.dst
                        WHERE r.src = a.id AND r.label = 'HAS_ROLE' AND p.props->>'name' = $3))
     ) AS held`,
    [roleId, schedulerSlug, delegatePermission],
  );
  return row!.held;
}

/** Slugs of the roles assigned to a principal. */
export async function principalRoles(q: Queryable, principalId: string): Promise<string[]> {
  const rows = await q.query<{ slug: string }>(
    `SELECT r.props->>'slug' AS slug FROM graph_edges e JOIN graph_nodes r ON r.id = e.dst
      WHERE e.src = $1 AND e.label = 'HAS_ROLE' ORDER BY 1`,
    [principalId],
  );
  return rows.map((r) => r.slug);
}

/**
 * Idempotent seed (callers serialize it across replicas): creates missing permissions and the seeded
 * roles. A permission gets its default role grants only when it is created here, so an operator's
 * later narrowing of a role is kept.
 */
export async function seedPermissions(
  q: Queryable,
  defs: readonly PermissionDef[],
  roles: readonly RoleSeed[] = [],
): Promise<string[]> {
  const seededRoles: RoleSeed[] = [
    ...Object.entries(SEEDED_ROLES).map(([slug, r]) => ({ slug, ...r, grantsAll: slug === 'admin' })),
    ...roles,
  ];
  for (const role of seededRoles) {
    if (await roleBySlug(q, role.slug)) continue;
    await createNode(
      q,
      'Role',
      {
        slug: role.slug,
        name: role.name,
        description: role.description,
        builtin: true,
        grants_all: !!role.grantsAll,
      },
      [roleKey(role.slug)],
    );
  }
  const created: string[] = [];
  for (const def of defs) {
    const existing = await nodeByKey(q, 'Permission.name', def.name);
    if (existing) continue;
    const perm = await createNode(q, 'Permission', { name: def.name, description: def.description }, [
      permissionKey(def.name),
    ]);
    created.push(def.name);
    for (const roleSlug of def.defaultRoles ?? []) {
      const role = await roleBySlug(q, roleSlug);
      if (role) await putEdge(q, role.id, 'GRANTS', perm.id);
    }
  }
  return created;
}

/** A user (by email) or service account (by slug), as the graph keys them. */
export function principalByName(q: Queryable, kind: 'user' | 'service_account', name: string) {
  const { namespace, key } = principalKey(kind, name);
  return nodeByKey(q, namespace, key);
}

/** The role grants exactly these permissions (by node id) afterwards. */
export async function replaceGrants(q: Queryable, roleId: string, permissionIds: readonly string[]) {
  await q.query(
    `DELETE FROM graph_edges WHERE src = $1 AND label = 'GRANTS' AND NOT (dst = ANY($2::uuid[]))`,
    [roleId, permissionIds],
  );
  for (const id of permissionIds) await putEdge(q, roleId, 'GRANTS', id);
}

/** Every permission, by name. */
export async function allPermissions(q: Queryable): Promise<{ name: string; description: string }[]> {
  const rows = await q.query<{ props: { name: string; description: string } }>(
    `SELECT props FROM graph_nodes WHERE label = 'Permission' ORDER BY props->>'name'`,
  );
  return rows.map((r) => ({ name: r.props.name, description: r.props.description }));
}
