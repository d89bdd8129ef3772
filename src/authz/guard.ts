import { forbidden } from '../http/errors.js';
import { hasPermission, type AuthContext } from './context.js';

/** First line of a service method: throws 403 unless the context holds the permission. */
export function authorize(ctx: AuthContext, permission: string): void {
  if (!hasPermission(ctx, permission)) {
    throw forbidden(`missing permission ${permission}`);
  }
}
