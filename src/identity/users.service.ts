// Users: the people who sign in. Passwords are argon2id hashes that never leave this module.
import type { UserCreate, UserNode, UserProps } from '../kernel/identity.js';
import type { AuthCache } from '../kernel/auth-cache.js';
import {
  attribution,
  hasPermission,
  isAdminUser,
  isUnnarrowed,
  scopesAllow,
  type AuthContext,
} from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import { principalRoles } from '../authz/index.js';
import { decoyHash, hashPassword, verifyPassword } from '../crypto/passwords.js';
import { assertPasswordPolicy } from '../crypto/password-policy.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import type { Queryable, Sql } from '../db/sql.js';
import { VALID_AFTER, nextValidAfter, validAfterNow } from './revocation.js';
import { revokeRefreshTokensOf, revokeTokensIssuedTo } from './tokens.service.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  lockUser,
  patchUser,
  removeUser,
} from './users.store.js';
import { isoString } from '../lib/iso-string.js';

export interface UserRead {
  email: string;
  display_name: string;
  is_active: boolean;
  is_admin: boolean;
  has_password: boolean;
  roles: string[];
  created_at: string;
  updated_at: string;
}

export interface UserPatch {
  display_name?: string | undefined;
  is_active?: boolean | undefined;
  is_admin?: boolean | undefined;
  password?: string | undefined;
  current_password?: string | undefined;
}

async function toRead(q: Queryable, user: UserNode): Promise<UserRead> {
  return {
    email: user.props.email,
    display_name: user.props.display_name,
    is_active: user.props.is_active,
    is_admin: user.props.is_admin,
    has_password: user.props.password_hash !== null,
    roles: await principalRoles(q, user.id),
    created_at: isoString(user.created_at),
    updated_at: isoString(user.updated_at),
  };
}

type Deps = { sql: Sql; authCache: AuthCache };

const isSelf = (ctx: AuthContext, email: string) =>
  ctx.principal.kind === 'user' && ctx.principal.name.toLowerCase() === email.toLowerCase();

/** Your own record needs no user:read, but a token narrowed to other scopes does not read it either. */
const mayRead = (ctx: AuthContext, email: string) =>
  hasPermission(ctx, 'user:read') || (isSelf(ctx, email) && scopesAllow(ctx, 'user:read'));

/**
 * Only an admin changes or deletes an admin. Checked on the row as read (before a password is hashed)
 * and again on the row locked for the write: the user may have been made an admin meanwhile.
 */
function mustNotTouchAdmin(ctx: AuthContext, user: UserNode, verb: 'change' | 'delete'): void {
  if (user.props.is_admin && !isAdminUser(ctx)) throw forbidden(`only an admin can ${verb} an admin`);
}

export function usersService({ sql, authCache }: Deps) {
  /** Creates a user with no authorization check: bootstrap and the CLI. */
  async function createUnchecked(input: UserCreate, by: string): Promise<UserNode> {
    if (input.password !== undefined) assertPasswordPolicy(input.password);
    const props: UserProps = {
      email: input.email,
      display_name: input.display_name ?? input.email.split('@')[0]!,
      password_hash: input.password ? await hashPassword(input.password) : null,
      is_active: input.is_active ?? true,
      is_admin: input.is_admin ?? false,
      updated_by: by,
      // No token issued before the user exists opens it: one issued to an earlier user of the same
      // email (its sub) while that user was being deleted was never revoked.
      [VALID_AFTER]: validAfterNow(),
    };
    return sql.tx(async (tx) => {
      const user = await insertUser(tx, props);
      await authCache.invalidate(tx);
      return user;
    });
  }

  async function mustFind(email: string): Promise<UserNode> {
    const user = await findUserByEmail(sql, email);
    if (!user) throw notFound(`user ${email}`);
    return user;
  }

  return {
    createUnchecked,
    findByIdUnchecked: (id: string) => findUserById(sql, id),
    findByEmailUnchecked: (email: string) => findUserByEmail(sql, email),

    /**
     * Local password check. Every failure looks the same to the caller and costs the same time. The
     * user it returns carries the valid-after the check read, for the sign-in that follows to compare.
     */
    async verifyLogin(email: string, password: string): Promise<UserNode | null> {
      const user = await findUserByEmail(sql, email);
      const stored = user?.props.password_hash ?? (await decoyHash());
      const ok = await verifyPassword(stored, password);
      if (!ok || !user || !user.props.password_hash || !user.props.is_active) return null;
      return user;
    },

    /** Bootstrap: creates the admin user when no user has that email. Returns true when created. */
    async ensureAdmin(email: string, password: string): Promise<boolean> {
      if (await findUserByEmail(sql, email)) return false;
      try {
        await createUnchecked({ email, password, is_admin: true }, 'bootstrap');
        return true;
      } catch (err) {
        if (err instanceof Error && 'status' in err && err.status === 409) return false; // another replica won
        throw err;
      }
    },

    async create(ctx: AuthContext, input: UserCreate): Promise<UserRead> {
      authorize(ctx, 'user:create');
      if (input.is_admin && !isAdminUser(ctx)) throw forbidden('only an admin can create an admin');
      return toRead(sql, await createUnchecked(input, attribution(ctx)));
    },

    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, 'user:read');
      const result = await listUsers(sql, { after: page.after, limit: page.limit });
      return { next: result.next, items: await Promise.all(result.items.map((u) => toRead(sql, u))) };
    },

    async get(ctx: AuthContext, email: string): Promise<UserRead> {
      if (!mayRead(ctx, email)) authorize(ctx, 'user:read');
      return toRead(sql, await mustFind(email));
    },

    /** The user as updated, or undefined for a caller who may change it but not read it (204). */
    async update(ctx: AuthContext, email: string, input: UserPatch): Promise<UserRead | undefined> {
      const self = isSelf(ctx, email);
      const { current_password: current, ...change } = input;
      // current_password proves a change of password and nothing else: alone it would be a write (and a
      // reset of every replica's sign-in caches) that no permission and no throttle guards.
      if (current !== undefined && input.password === undefined) {
        throw invalid('/current_password', 'goes only with password (a change of your own password)');
      }
      // A job acting for its user (a delegated token) changes no password: its wrong guesses would count
      // against the scheduler's address, where the scheduler's own token requests come from.
      if (input.password !== undefined && ctx.actor) {
        throw forbidden('a delegated token (a job acting for its user) cannot change a password');
      }
      const ownPasswordOnly = self && Object.keys(change).every((k) => k === 'password');
      if (!ownPasswordOnly) authorize(ctx, 'user:update');
      if (input.is_admin !== undefined && !isAdminUser(ctx))
        throw forbidden('only an admin can change is_admin');
      const user = await mustFind(email);
      if (input.password !== undefined && !isAdminUser(ctx)) {
        // Setting someone else's password is signing in as them: admins only. Your own needs the old one.
        if (!self) throw forbidden("only an admin can set another user's password");
        // A new password opens an unnarrowed session: a narrowed (delegated) token must not reach one.
        if (!isUnnarrowed(ctx)) throw forbidden('a token narrowed by scopes cannot change a password');
        const ok =
          current !== undefined &&
          user.props.password_hash !== null &&
          (await verifyPassword(user.props.password_hash, current));
        if (!ok) throw forbidden('current_password is missing or wrong', 'current_password_mismatch');
      }
      // Otherwise a holder of user:update could set an admin's password and sign in as the admin.
      mustNotTouchAdmin(ctx, user, 'change');
      const patch: Partial<UserProps> = { updated_by: attribution(ctx) };
      if (input.display_name !== undefined) patch.display_name = input.display_name;
      if (input.is_active !== undefined) patch.is_active = input.is_active;
      if (input.is_admin !== undefined) patch.is_admin = input.is_admin;
      if (input.password !== undefined) {
        assertPasswordPolicy(input.password);
        patch.password_hash = await hashPassword(input.password);
      }
      const updated = await sql.tx(async (tx) => {
        // Locked before valid-after is chosen: a sign-in or refresh issuing tokens holds the row FOR
        // SHARE, so its tokens are older than the value set here and its refresh token is visible to
        // the revocation below.
        const locked = await lockUser(tx, user.id, 'FOR UPDATE');
        if (!locked) throw notFound(`user ${email}`);
        mustNotTouchAdmin(ctx, locked, 'change');
        // A new password, a deactivation or a reactivation ends every token issued before it.
        const ends =
          input.password !== undefined ||
          (input.is_active !== undefined && input.is_active !== locked.props.is_active);
        if (ends) patch[VALID_AFTER] = nextValidAfter(locked.props);
        const u = await patchUser(tx, user.id, patch);
        if (ends) await revokeRefreshTokensOf(tx, user.id);
        await authCache.invalidate(tx);
        return u!;
      });
      return mayRead(ctx, email) ? toRead(sql, updated) : undefined;
    },

    async remove(ctx: AuthContext, email: string): Promise<void> {
      authorize(ctx, 'user:delete');
      const user = await mustFind(email);
      mustNotTouchAdmin(ctx, user, 'delete');
      await sql.tx(async (tx) => {
        // Locked first, as a change is: a sign-in issuing tokens holds the row FOR SHARE, so its tokens
        // are written before the revocation below reads them.
        const locked = await lockUser(tx, user.id, 'FOR UPDATE');
        if (!locked) throw notFound(`user ${email}`);
        mustNotTouchAdmin(ctx, locked, 'delete');
        await revokeTokensIssuedTo(tx, user.id);
        await removeUser(tx, user.id);
        await authCache.invalidate(tx);
      });
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
