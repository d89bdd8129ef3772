// A page of one organization's nodes of a label (project types, blueprints), for a caller holding the
// label's read permission: the list every by-organization definition answers.
import { authorize } from '../authz/guard.js';
import type { Queryable } from '../db/sql.js';
import { listNodes, type GraphNode, type Props } from '../graph/store.js';
import type { Page } from '../http/pagination.js';
import type { AuthContext } from '../kernel/context.js';
import { organizationOfPath } from '../organizations/service.js';

export async function listOfOrganization<P extends Props, R>(
  sql: Queryable,
  ctx: AuthContext,
  orgSlug: string,
  page: Page,
  what: { label: string; permission: string },
  read: (node: GraphNode<P>, orgSlug: string) => R,
): Promise<{ next: string | undefined; items: R[] }> {
  authorize(ctx, what.permission);
  const org = await organizationOfPath(ctx, sql, orgSlug);
  const r = await listNodes<P>(sql, {
    label: what.label,
    organization: org.id,
    after: page.after,
    limit: page.limit,
  });
  return { next: r.next, items: r.items.map((n) => read(n, org.props.slug)) };
}
