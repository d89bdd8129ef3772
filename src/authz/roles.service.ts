// Roles: named sets of permissions, assigned to users and service accounts.
import type { Core } from '../kernel/core.js';
import {
  DELEGATE_PERMISSION,
  SCHEDULER_NAME,
  attribution,
  hasPermission,
  isAdminUser,
  type AuthContext,
} from '../kernel/context.js';
import { authorize, authorizeNaming } from './guard.js';
import {
  createNode,
  deleteNode,
  listNodes,
  nodeByKey,
  putEdge,
  removeEdge,
  updateExisting,
} from '../graph/store.js';
import { AppError, conflict, forbidden, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import type { Queryable } from '../db/sql.js';
import {
  allPermissions,
  principalByName,
  principalPermissions,
  replaceGrants,
  roleBySlug,
  roleHeldByDelegator,
  roleKey,
  rolePermissions,
  type RoleProps,
} from './store.js';
import type { GraphNode } from '../graph/store.js';

export interface RoleRead {
  slug: string;
  name: string;
  description: string | null;
  builtin: boolean;
  permissions: string[];
  created_at: string;
  updated_at: string;
}

async function toRead(q: Queryable, role: GraphNode<RoleProps>): Promise<RoleRead> {
  return {
    slug: role.props.slug,
    name: role.props.name,
    description: role.props.description ?? null,
    builtin: role.props.builtin ?? false,
    permissions: await rolePermissions(q, role),
    created_at: role.created_at.toISOString(),
    updated_at: role.updated_at.toISOString(),
  };
}

/** A caller never hands on a permission it does not hold itself. */
function mayGrant(ctx: AuthContext, permissions: readonly string[]): void {
  const missing = permissions.filter((p) => !hasPermission(ctx, p));
  if (missing.length > 0) {
    throw forbidden(`you cannot grant permissions you do not hold: ${missing.join(', ')}`);
  }
}

type Deps = Pick<Core, 'sql' | 'authCache'>;

export function rolesService({ sql, authCache }: Deps) {
  async function mustFind(q: Queryable, slug: string) {
    const role = await roleBySlug(q, slug);
    if (!role) throw notFound(`role ${slug}`);
    return role;
  }

  /** Permission node ids for names; unknown names are a 422 naming the index. */
  async function permissionIds(q: Queryable, names: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const p = await nodeByKey(q, 'Permission.name', name);
      if (!p) {
        const detail = `is not a permission: ${name} (GET /permissions lists them)`;
        throw new AppError(422, 'unknown_permission', `permissions/${i}: ${detail}`, [
          { pointer: `/permissions/${i}`, in: 'body', detail },
        ]);
      }
      ids.push(p.id);
    }
    return ids;
  }

  async function setGrants(q: Queryable, roleId: string, names: readonly string[]) {
    const ids = await permissionIds(q, names);
    await replaceGrants(q, roleId, ids);
  }

  async function principalNode(q: Queryable, kind: 'user' | 'service_account', name: string) {
    const node = await principalByName(q, kind, name);
    if (!node) throw notFound(kind === 'user' ? `user ${name}` : `service account ${name}`);
    return node;
  }

  /** The scheduler's role and any role holding auth:delegate are the admins' alone. */
  async function mustBeManageable(ctx: AuthContext, q: Queryable, role: GraphNode<RoleProps>) {
    if (isAdminUser(ctx)) return;
    if (role.props.slug === SCHEDULER_NAME)
      throw forbidden(`only an admin can change the ${SCHEDULER_NAME} role or its holders`);
    if ((await rolePermissions(q, role)).includes(DELEGATE_PERMISSION))
      throw forbidden(`only an admin can change a role holding ${DELEGATE_PERMISSION}`);
  }

  /**
   * Editing or deleting a role changes what its holders may do: a role held by an account that may act
   * as others (the scheduler account, whose system jobs run with its roles) is the admins' alone, as
   * that account's role assignments are. Assigning such a role to someone else changes nothing for it.
   */
  async function mustNotReshapeDelegator(ctx: AuthContext, q: Queryable, role: GraphNode<RoleProps>) {
    if (isAdminUser(ctx)) return;
    if (await roleHeldByDelegator(q, role.id, SCHEDULER_NAME, DELEGATE_PERMISSION)) {
      throw forbidden(`only an admin can change a role held by an account holding ${DELEGATE_PERMISSION}`);
    }
  }

  return {
    async listPermissions(ctx: AuthContext) {
      authorize(ctx, 'permission:read');
      return allPermissions(sql);
    },

    async create(
      ctx: AuthContext,
      input: { slug: string; name: string; description?: string | undefined; permissions: string[] },
    ) {
      authorize(ctx, 'role:create');
      if (!isAdminUser(ctx) && input.permissions.includes(DELEGATE_PERMISSION)) {
        throw forbidden(`only an admin can grant ${DELEGATE_PERMISSION}`);
      }
      mayGrant(ctx, input.permissions);
      const role = await sql.tx(async (tx) => {
        const r = await createNode<RoleProps>(
          tx,
          'Role',
          {
            slug: input.slug,
            name: input.name,
            description: input.description ?? '',
            builtin: false,
            updated_by: attribution(ctx),
          },
          [{ ...roleKey(input.slug), taken: `role ${input.slug} already exists` }],
        );
        await setGrants(tx, r.id, input.permissions);
        return r;
      });
      return toRead(sql, role);
    },

    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, 'role:read');
      const result = await listNodes<RoleProps>(sql, { label: 'Role', after: page.after, limit: page.limit });
      return { next: result.next, items: await Promise.all(result.items.map((r) => toRead(sql, r))) };
    },

    async get(ctx: AuthContext, slug: string) {
      authorize(ctx, 'role:read');
      return toRead(sql, await mustFind(sql, slug));
    },

    async update(
      ctx: AuthContext,
      slug: string,
      input: {
        name?: string | undefined;
        description?: string | undefined;
        permissions?: string[] | undefined;
      },
    ) {
      authorize(ctx, 'role:update');
      const updated = await sql.tx(async (tx) => {
        const role = await mustFind(tx, slug);
        if (role.props.grants_all && input.permissions) {
          throw conflict(
            'the admin role holds every permission; its permissions cannot be edited',
            'role_immutable',
          );
        }
        await mustBeManageable(ctx, tx, role);
        await mustNotReshapeDelegator(ctx, tx, role);
        if (!isAdminUser(ctx) && input.permissions) {
          const before = await rolePermissions(tx, role);
          if (before.includes(DELEGATE_PERMISSION) !== input.permissions.includes(DELEGATE_PERMISSION)) {
            throw forbidden(`only an admin can grant or withdraw ${DELEGATE_PERMISSION}`);
          }
          mayGrant(
            ctx,
            input.permissions.filter((p) => !before.includes(p)),
          );
        }
        const patch: Partial<RoleProps> = { updated_by: attribution(ctx) };
        if (input.name !== undefined) patch.name = input.name;
        if (input.description !== undefined) patch.description = input.description;
        const r = await updateExisting<RoleProps>(tx, role.id, patch);
        if (input.permissions) await setGrants(tx, role.id, input.permissions);
        await authCache.invalidate(tx);
        return r;
      });
      // A caller who may change roles but not read them gets no body (204).
      return hasPermission(ctx, 'role:read') ? toRead(sql, updated) : undefined;
    },

    async remove(ctx: AuthContext, slug: string) {
      authorize(ctx, 'role:delete');
      await sql.tx(async (tx) => {
        const role = await mustFind(tx, slug);
        await mustBeManageable(ctx, tx, role);
        await mustNotReshapeDelegator(ctx, tx, role);
        if (role.props.builtin)
          throw conflict(`role ${slug} is seeded by Keel and cannot be deleted`, 'role_immutable');
        await deleteNode(tx, role.id, 'Role');
        await authCache.invalidate(tx);
      });
    },

    async assign(
      ctx: AuthContext,
      kind: 'user' | 'service_account',
      name: string,
      roleSlug: string,
      on: boolean,
    ) {
      authorize(ctx, 'role:assign');
      const account = kind === 'user' ? 'user' : 'service_account';
      authorizeNaming(
        ctx,
        `${account}:read`,
        { pointer: '/name', in: 'params' },
        `a ${account.replace('_', ' ')}`,
      );
      authorizeNaming(ctx, 'role:read', { pointer: '/role', in: 'params' }, 'a role');
      await sql.tx(async (tx) => {
        const principal = await principalNode(tx, kind, name);
        const role = await mustFind(tx, roleSlug);
        if (role.props.grants_all && !isAdminUser(ctx))
          throw forbidden('only an admin can assign the admin role');
        if (!isAdminUser(ctx) && (await rolePermissions(tx, role)).includes(DELEGATE_PERMISSION)) {
          throw forbidden(`only an admin can assign or remove a role holding ${DELEGATE_PERMISSION}`);
        }
        if (!isAdminUser(ctx) && kind === 'service_account' && principal.props['slug'] === SCHEDULER_NAME) {
          throw forbidden(`only an admin can change the roles of the ${SCHEDULER_NAME} service account`);
        }
        // An account that may act as others (any account, not only the scheduler) is the admins' alone.
        if (
          !isAdminUser(ctx) &&
          (await principalPermissions(tx, principal.id)).includes(DELEGATE_PERMISSION)
        ) {
          throw forbidden(`only an admin can change the roles of an account holding ${DELEGATE_PERMISSION}`);
        }
        await mustBeManageable(ctx, tx, role);
        // Removing a role takes power away; only adding one hands it on.
        if (on) mayGrant(ctx, await rolePermissions(tx, role));
        if (on) await putEdge(tx, principal.id, 'HAS_ROLE', role.id);
        else if (!(await removeEdge(tx, principal.id, 'HAS_ROLE', role.id))) {
          throw notFound(`role ${roleSlug} on ${name}`);
        }
        await authCache.invalidate(tx);
      });
    },
  };
}
