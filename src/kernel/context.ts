// The authentication context that travels from the HTTP layer into every service method.

export type PrincipalKind = 'user' | 'service_account';

export interface Principal {
  kind: PrincipalKind;
  /** Graph node id. */
  id: string;
  /** User email or service-account slug. */
  name: string;
  /** Admin bypass; only ever true for users. */
  isAdmin: boolean;
}

export interface AuthContext {
  principal: Principal;
  /** The service account acting on the principal's behalf (token exchange), else null. */
  actor: { id: string; name: string } | null;
  authMethod: string;
  jti: string;
  /** Scopes the token was narrowed to; null means not narrowed. */
  scopes: readonly string[] | null;
  /** Global permissions from the principal's roles. */
  permissions: ReadonlySet<string>;
  /** The client credential the token was minted with (directly or through an exchange), if any. */
  clientId?: string;
}

/** The permission that lets a service account act for users (token exchange). */
export const DELEGATE_PERMISSION = 'auth:delegate';

/** The scope that covers the whole service API (the v1 delegation scope). */
export const ALL_SCOPE = 'service-api:*';

/** Does one scope pattern cover a permission? `a:*` covers `a:b` and `a:b:c`; `service-api:*` covers all. */
export function scopeCovers(scope: string, permission: string): boolean {
  if (scope === ALL_SCOPE || scope === '*') return true;
  if (scope === permission) return true;
  return scope.endsWith(':*') && permission.startsWith(scope.slice(0, -1));
}

/** Do the token's scopes cover a permission (whatever the principal holds)? An unnarrowed token covers all. */
export function scopesAllow(ctx: AuthContext, permission: string): boolean {
  return ctx.scopes === null || ctx.scopes.some((s) => scopeCovers(s, permission));
}

/** Global check: admin users pass, otherwise the principal's roles decide; token scopes narrow both. */
export function hasPermission(ctx: AuthContext, permission: string): boolean {
  if (!scopesAllow(ctx, permission)) return false;
  if (ctx.principal.kind === 'user' && ctx.principal.isAdmin) return true;
  return ctx.permissions.has(permission);
}

/** Does the context hold every one of these permissions (so it may hand them on)? */
export function holdsAll(ctx: AuthContext, permissions: Iterable<string>): boolean {
  for (const p of permissions) if (!hasPermission(ctx, p)) return false;
  return true;
}

/** May this context use a resource-level ACL for `permission`? Users only (SPEC 2.3 rule 5). */
export function mayUseAcl(ctx: AuthContext, permission: string): boolean {
  return ctx.principal.kind === 'user' && scopesAllow(ctx, permission);
}

/** "who did it", for audit and requested-by fields: the user, on behalf of the actor when delegated. */
export function attribution(ctx: AuthContext): string {
  return ctx.actor ? `${ctx.principal.name} on behalf of ${ctx.actor.name}` : ctx.principal.name;
}

/**
 * The admin bypass. A token narrowed to some scopes is not an admin token even when its user is an
 * admin: only an unnarrowed token (or one narrowed to the whole API) carries admin powers.
 */
export function isAdminUser(ctx: AuthContext): boolean {
  return ctx.principal.kind === 'user' && ctx.principal.isAdmin && isUnnarrowed(ctx);
}

/** Does the token carry all of its principal's power: unnarrowed, or narrowed to the whole API? */
export function isUnnarrowed(ctx: AuthContext): boolean {
  return ctx.scopes === null || ctx.scopes.some((s) => s === ALL_SCOPE || s === '*');
}

/** The scheduler's service account and role (SPEC 2.4): only admins touch either. */
export const SCHEDULER_NAME = 'scheduler';
