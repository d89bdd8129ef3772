import { AppError, forbidden, type FieldError } from '../http/errors.js';
import { hasPermission, type AuthContext } from '../kernel/context.js';

/** First line of a service method: throws 403 unless the context holds the permission. */
export function authorize(ctx: AuthContext, permission: string): void {
  if (!hasPermission(ctx, permission)) {
    throw forbidden(`missing permission ${permission}`);
  }
}

/**
 * A write that names another resource (a team, a user, a role) needs that resource's read permission,
 * checked before the lookup: 403 for any value, existing or not, so the write is no oracle for what its
 * caller may not read (docs/authorization.md). `field` says where the name is.
 */
export function authorizeNaming(
  ctx: AuthContext,
  permission: string,
  field: Pick<FieldError, 'pointer' | 'in'>,
  what: string,
): void {
  if (hasPermission(ctx, permission)) return;
  const detail = `naming ${what} needs the permission ${permission}`;
  throw new AppError(403, 'forbidden', `${field.pointer.slice(1)}: ${detail}`, [{ ...field, detail }]);
}
