// "May this caller call METHOD PATH?" without calling it (POST /auth/can, docs/authorization.md):
// the path is matched with the router table of the 405 answers, and the route's declared permission
// (route-permission.ts) is evaluated for the caller's token as the route's own checks would. The
// answer tells no more than calling the route would: nothing is looked up but the caller's own
// CAN_ACCESS grant on the path's project, and the refusal reads the same whether or not it exists.
import type { Queryable } from '../db/sql.js';
import type { AllowedMethods, MatchedRoute } from '../http/allowed-methods.js';
import { hasPermission, isAdminUser, mayUseAcl, scopesAllow, type AuthContext } from '../kernel/context.js';
import { aclActionsBySlugs } from '../projects/index.js';
import type { RoutePermission } from '../http/route-permission.js';

export interface CanAnswer {
  allowed: boolean;
  /** The global permission the route needs (its parameters filled in), or null when it needs none. */
  permission: string | null;
  reason: string;
}

/** The HTTP methods a question may name. */
export const CAN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** `plugins:{slug}:entities:{label}:read` with the path's parameters filled in. */
const filled = (template: string, params: Record<string, string>) =>
  template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => params[name] ?? '');

const further = (p: RoutePermission) => (p.rule ? `; the route applies its own rules too: ${p.rule}` : '');

/** Answers for a path no route of that method takes (the 405 and 404 of calling it). */
export function unrouted(table: AllowedMethods, method: string, path: string): CanAnswer {
  const takes = table.of(path);
  const reason = takes
    ? `${path} does not take ${method}; it takes ${takes.join(', ')}`
    : `no route for ${method} ${path}`;
  return { allowed: false, permission: null, reason };
}

/** Evaluates a matched route's declared permission for the caller. */
export async function canCall(q: Queryable, ctx: AuthContext, route: MatchedRoute): Promise<CanAnswer> {
  const p = route.permission;
  if (!p) return { allowed: false, permission: null, reason: 'the route declares no permission' };
  const permission = p.permission === null ? null : filled(p.permission, route.params);
  switch (p.callers) {
    case 'anyone':
      return { allowed: true, permission, reason: `public: no token is needed${further(p)}` };
    case 'signed_in':
      return { allowed: true, permission, reason: `any signed-in caller may call it${further(p)}` };
    case 'admins':
      return isAdminUser(ctx)
        ? { allowed: true, permission, reason: 'an admin user' }
        : {
            allowed: false,
            permission,
            reason: 'admin users alone may call it, with a token not narrowed below the whole API',
          };
    case 'permission':
      return byPermission(q, ctx, p, permission!, route.params);
  }
}

async function byPermission(
  q: Queryable,
  ctx: AuthContext,
  p: RoutePermission,
  permission: string,
  params: Record<string, string>,
): Promise<CanAnswer> {
  const refuse = (reason: string): CanAnswer => ({ allowed: false, permission, reason });
  const action = p.project_access;
  const project = params.project !== undefined && params.org !== undefined;
  // A caller that may hold a CAN_ACCESS grant on the path's project: looked up once, only when needed.
  let grants: Promise<string[]> | undefined;
  const grantsOnProject = () =>
    (grants ??= aclActionsBySlugs(q, ctx.principal.id, params.org!, params.project!));
  const byGrant = async (a: string) =>
    project && mayUseAcl(ctx, `project:${a}`) && (await grantsOnProject()).includes(a);

  let via: string | undefined;
  const held = [permission, ...(p.alternatives ?? [])].find((x) => hasPermission(ctx, x));
  if (held) via = `holds ${held}`;
  else if (p.self && isSelf(ctx, params.email) && scopesAllow(ctx, permission)) via = 'your own record';
  else if (action && !project && params.org !== undefined && mayUseAcl(ctx, `project:${action}`))
    via = `lists the projects your CAN_ACCESS grants let you ${action}`;

  // What the route needs besides: it refuses whatever the target.
  const missing: string[] = [];
  for (const also of (p.also ?? []).map((a) => filled(a, params))) {
    if (hasPermission(ctx, also)) continue;
    if (
      also === 'project:read' &&
      mayUseAcl(ctx, also) &&
      project &&
      !missing.length &&
      (await byGrant('read'))
    )
      continue;
    missing.push(also);
  }
  if (!via && !missing.length && action && (await byGrant(action)))
    via = `a CAN_ACCESS grant with ${action} on the project`;

  if (!via || missing.length) {
    // The same words whether or not the project exists, and whether or not the caller may read it.
    const main = via
      ? []
      : [
          [permission, ...(p.alternatives ?? [])].join(' or ') +
            (action && mayUseAcl(ctx, `project:${action}`)
              ? ` (or a CAN_ACCESS grant with ${action} on the project)`
              : ''),
        ];
    return refuse(`missing permission ${[...main, ...missing].join(', ')}`);
  }
  const naming = p.naming?.length
    ? `; when the body names such a resource, it also needs ${p.naming.join(', ')}`
    : '';
  return { allowed: true, permission, reason: `${via}${naming}${further(p)}` };
}

const isSelf = (ctx: AuthContext, email: string | undefined) =>
  email !== undefined &&
  ctx.principal.kind === 'user' &&
  ctx.principal.name.toLowerCase() === email.toLowerCase();
