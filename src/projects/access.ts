// Who may do what to a project: global project permissions first, then, for users, CAN_ACCESS edges;
// and the lookups of a project route that answer 403 or 404 without telling a caller what exists.
import { hasPermission, mayUseAcl, type AuthContext } from '../kernel/context.js';
import type { Queryable } from '../db/sql.js';
import { conflict, forbidden, notFound } from '../http/errors.js';
import { findOrganization } from '../organizations/index.js';
import { aclActions, findProjectBySlugs, lockProject, type AclAction, type ProjectNode } from './store.js';

/**
 * May the context do `action` on this project? Global `project:<action>` first; then, for users
 * only, a CAN_ACCESS edge carrying the action.
 */
export async function canOnProject(
  q: Queryable,
  ctx: AuthContext,
  project: Pick<ProjectNode, 'id'>,
  action: AclAction,
): Promise<boolean> {
  const permission = `project:${action}`;
  if (hasPermission(ctx, permission)) return true;
  if (!mayUseAcl(ctx, permission)) return false;
  return (await aclActions(q, ctx.principal.id, project.id)).includes(action);
}

/**
 * A caller no ACL can serve (a service account acting as itself: SPEC 2.3 rule 5) is refused by its
 * global permissions alone, before any lookup: 403 whatever the slugs, as SPEC 5.6 and 7 require for
 * a system job, and no oracle of what exists. Callers that may hold ACLs get 404 instead (below).
 */
export function refuseWithoutAclFallback(ctx: AuthContext, action: AclAction): void {
  const permission = `project:${action}`;
  if (!mayUseAcl(ctx, permission) && !hasPermission(ctx, permission))
    throw forbidden(`missing permission ${permission}`);
}

export async function authorizedProject(
  q: Queryable,
  ctx: AuthContext,
  orgSlug: string,
  slug: string,
  action: AclAction,
) {
  refuseWithoutAclFallback(ctx, action);
  // Both in one statement; only when it finds nothing, which of the two is missing (and may be said).
  const found = await findProjectBySlugs(q, orgSlug, slug);
  if (!found) {
    await findOrganizationHidden(q, ctx, orgSlug, slug);
    throw notFound(`project ${slug}`);
  }
  await mayOnProject(q, ctx, found.project, slug, action);
  return found;
}

/**
 * The project an update of its own record writes: as authorizedProject (403 or 404), then locked, so
 * concurrent writes of its props each keep what the other wrote, and live (409 when archived).
 */
export async function projectToUpdate(tx: Queryable, ctx: AuthContext, orgSlug: string, slug: string) {
  const { org, project: found } = await authorizedProject(tx, ctx, orgSlug, slug, 'update');
  const project = await lockProject(tx, found.id);
  if (project.props.archived) throw archivedConflict(slug);
  return { org, project };
}

/**
 * 403 or 404, as authorizedProject answers, unless the context may do `action` on a project found
 * already (the bulk import reads its rows' projects once per batch).
 */
export async function mayOnProject(
  q: Queryable,
  ctx: AuthContext,
  project: ProjectNode,
  slug: string,
  action: AclAction,
): Promise<void> {
  refuseWithoutAclFallback(ctx, action);
  if (!(await canOnProject(q, ctx, project, action))) {
    // Only a caller that may read the project learns that it exists.
    if (action !== 'read' && (await canOnProject(q, ctx, project, 'read')))
      throw forbidden(`missing permission project:${action} on ${slug}`);
    throw notFound(`project ${slug}`);
  }
}

/**
 * The organization of a project route. A caller that may not read projects everywhere (it may hold
 * ACLs on some) gets the same 404 for a missing organization as for a project it may not read, so
 * project routes are no oracle for organization slugs.
 */
async function findOrganizationHidden(q: Queryable, ctx: AuthContext, orgSlug: string, slug: string) {
  const org = await findOrganization(q, orgSlug);
  if (org) return org;
  if (hasPermission(ctx, 'project:read') || hasPermission(ctx, 'organization:read'))
    throw notFound(`organization ${orgSlug}`);
  throw notFound(`project ${slug}`);
}

/** A change to an archived project: 409 naming what to do first. */

/** A write refused because the project is archived (409 `project_archived`). */
export const archivedConflict = (slug: string) =>
  conflict(`project ${slug} is archived: unarchive it first`, 'project_archived');
