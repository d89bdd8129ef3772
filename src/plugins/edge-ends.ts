// Which nodes a caller may see at the ends of plugin edges, or name as an end. An edge never shows,
// and never anchors on, a node its caller may not read: such a node answers as one that does not exist.
import { hasPermission, mayUseAcl, type AuthContext } from '../kernel/context.js';
import type { Queryable } from '../db/sql.js';
import { forbidden } from '../http/errors.js';
import { aclActions } from '../projects/index.js';
import { permissionName, type ANCHOR_LABELS, type CompiledEdgeLabel, type EndLabel } from './manifest.js';

/** The permission that reads every node of a first-class end label. */
const ANCHOR_READ: Readonly<Record<(typeof ANCHOR_LABELS)[number], string>> = {
  Environment: 'environment:read',
  Project: 'project:read',
  Team: 'team:read',
  Organization: 'organization:read',
};

/** How a caller that passed `authorizeEnds` reaches the ends of a label's edges. */
export interface EndAccess {
  /**
   * The user whose CAN_ACCESS `read` edges decide which projects it sees, when it may not read every
   * project (null: it reads every node of both end labels).
   */
  projectAclUser: string | null;
}

/**
 * Global part of the check, before any lookup (403 whatever the ids): the caller must be able to read
 * the nodes of both end labels. A plugin label is read with its derived read permission, or its write
 * permission (a writer already reads the entities it patches); a first-class label with its read
 * permission. A user without `project:read` passes for a Project end, and sees only the projects its
 * CAN_ACCESS edges let it read (`projectAclUser`); no ACL serves a service account.
 */
export function authorizeEnds(ctx: AuthContext, slug: string, e: CompiledEdgeLabel): EndAccess {
  let projectAclUser: string | null = null;
  for (const end of [e.source, e.target]) {
    if (end.plugin) {
      const read = permissionName(slug, end.label, 'read');
      if (!hasPermission(ctx, read) && !hasPermission(ctx, permissionName(slug, end.label, 'write')))
        throw forbidden(`missing permission ${read}`);
      continue;
    }
    const read = ANCHOR_READ[end.label as keyof typeof ANCHOR_READ];
    if (hasPermission(ctx, read)) continue;
    if (end.label === 'Project' && mayUseAcl(ctx, read)) projectAclUser = ctx.principal.id;
    else throw forbidden(`missing permission ${read}`);
  }
  return { projectAclUser };
}

/** May the caller see the node `id` at this end? Only Project ends under an ACL need a lookup. */
export async function mayReadEnd(q: Queryable, access: EndAccess, end: EndLabel, id: string) {
  if (end.plugin || end.label !== 'Project' || access.projectAclUser === null) return true;
  return (await aclActions(q, access.projectAclUser, id)).includes('read');
}
