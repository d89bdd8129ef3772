// Service accounts and their client credentials (SPEC 2.4). Secrets are shown once, stored hashed.
import type {
  ClientCredentialNode,
  CredentialInput,
  CredentialRead,
  ServiceAccountNode,
} from '../kernel/identity.js';
import type { AuthCache } from '../kernel/auth-cache.js';
import {
  DELEGATE_PERMISSION,
  SCHEDULER_NAME,
  attribution,
  hasPermission,
  holdsAll,
  isAdminUser,
  type AuthContext,
} from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import { VALID_AFTER, validAfterNow } from './revocation.js';
import { principalPermissions, principalRoles } from '../authz/index.js';
import { randomToken, safeEqual, sha256 } from '../crypto/tokens.js';
import { putEdge, updateNode } from '../graph/store.js';
import { forbidden, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import type { Queryable, Sql } from '../db/sql.js';
import { revokeTokensIssuedTo } from './tokens.service.js';
import {
  credentialsOf,
  findCredential,
  findServiceAccount,
  insertCredential,
  insertServiceAccount,
  listServiceAccounts,
  ownerOfCredential,
  patchServiceAccount,
  removeServiceAccount,
} from './service-accounts.store.js';

export interface ServiceAccountRead {
  slug: string;
  display_name: string;
  description: string | null;
  is_active: boolean;
  roles: string[];
  created_at: string;
  updated_at: string;
}

async function toRead(q: Queryable, sa: ServiceAccountNode): Promise<ServiceAccountRead> {
  return {
    slug: sa.props.slug,
    display_name: sa.props.display_name,
    description: sa.props.description,
    is_active: sa.props.is_active,
    roles: await principalRoles(q, sa.id),
    created_at: sa.created_at.toISOString(),
    updated_at: sa.updated_at.toISOString(),
  };
}

function credentialRead(c: ClientCredentialNode): CredentialRead {
  return {
    client_id: c.props.client_id,
    name: c.props.name,
    scopes: c.props.scopes,
    expires_at: c.props.expires_at,
    revoked_at: c.props.revoked_at,
    created_at: c.created_at.toISOString(),
  };
}

type Deps = { sql: Sql; authCache: AuthCache };

export function serviceAccountsService({ sql, authCache }: Deps) {
  async function mustFind(q: Queryable, slug: string): Promise<ServiceAccountNode> {
    const sa = await findServiceAccount(q, slug);
    if (!sa) throw notFound(`service account ${slug}`);
    return sa;
  }

  async function createUnchecked(
    input: { slug: string; display_name: string; description?: string | undefined },
    by: string,
  ): Promise<ServiceAccountNode> {
    return insertServiceAccount(sql, {
      slug: input.slug,
      display_name: input.display_name,
      description: input.description ?? null,
      is_active: true,
      updated_by: by,
    });
  }

  async function addCredentialUnchecked(
    sa: ServiceAccountNode,
    input: CredentialInput,
  ): Promise<CredentialRead & { client_secret: string }> {
    const clientId = input.client_id ?? `${sa.props.slug}-${randomToken(9)}`;
    const secret = input.client_secret ?? randomToken(32);
    const expiresAt = input.expires_in_days
      ? new Date(Date.now() + input.expires_in_days * 86_400_000).toISOString()
      : null;
    const cred = await sql.tx(async (tx) => {
      const c = await insertCredential(tx, {
        client_id: clientId,
        name: input.name,
        secret_hash: sha256(secret),
        scopes: input.scopes ?? [],
        expires_at: expiresAt,
        revoked_at: null,
      });
      await putEdge(tx, sa.id, 'HAS_CREDENTIAL', c.id);
      return c;
    });
    return { ...credentialRead(cred), client_secret: secret };
  }

  /**
   * An account holding auth:delegate can act for every consenting user, admins included: only an admin
   * may change it, give it credentials or delete it.
   */
  async function mustFindManageable(ctx: AuthContext, slug: string): Promise<ServiceAccountNode> {
    const sa = await mustFind(sql, slug);
    if (isAdminUser(ctx)) return sa;
    if ((await principalPermissions(sql, sa.id)).includes(DELEGATE_PERMISSION)) {
      throw forbidden(
        `only an admin can manage ${slug}: it may act on behalf of users (${DELEGATE_PERMISSION})`,
      );
    }
    // Even when an operator withdrew auth:delegate from its role, the scheduler's account stays the admins'.
    if (sa.props.slug === SCHEDULER_NAME) throw forbidden(`only an admin can manage ${SCHEDULER_NAME}`);
    return sa;
  }

  return {
    createUnchecked,
    addCredentialUnchecked,
    findUnchecked: (slug: string) => findServiceAccount(sql, slug),
    credentialsUnchecked: async (slug: string) =>
      (await credentialsOf(sql, (await mustFind(sql, slug)).id)).map(credentialRead),

    async create(
      ctx: AuthContext,
      input: { slug: string; display_name: string; description?: string | undefined },
    ) {
      authorize(ctx, 'service_account:create');
      return toRead(sql, await createUnchecked(input, attribution(ctx)));
    },

    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, 'service_account:read');
      const result = await listServiceAccounts(sql, page.after, page.limit);
      return { next: result.next, items: await Promise.all(result.items.map((s) => toRead(sql, s))) };
    },

    async get(ctx: AuthContext, slug: string) {
      authorize(ctx, 'service_account:read');
      return toRead(sql, await mustFind(sql, slug));
    },

    async update(
      ctx: AuthContext,
      slug: string,
      input: {
        display_name?: string | undefined;
        description?: string | null | undefined;
        is_active?: boolean | undefined;
      },
    ) {
      authorize(ctx, 'service_account:update');
      const sa = await mustFindManageable(ctx, slug);
      const updated = await sql.tx(async (tx) => {
        const patch: Record<string, unknown> = { updated_by: attribution(ctx) };
        for (const k of ['display_name', 'description', 'is_active'] as const) {
          if (input[k] !== undefined) patch[k] = input[k];
        }
        if (input.is_active !== undefined && input.is_active !== sa.props.is_active) {
          patch[VALID_AFTER] = validAfterNow();
        }
        const s = await patchServiceAccount(tx, sa.id, patch);
        await authCache.invalidate(tx);
        return s!;
      });
      // A caller who may change service accounts but not read them gets no body (204).
      return hasPermission(ctx, 'service_account:read') ? toRead(sql, updated) : undefined;
    },

    async remove(ctx: AuthContext, slug: string) {
      authorize(ctx, 'service_account:delete');
      const sa = await mustFindManageable(ctx, slug);
      await sql.tx(async (tx) => {
        // Credentials are owned by the account: delete them with it.
        await tx.query(
          `DELETE FROM graph_nodes WHERE id IN (SELECT dst FROM graph_edges WHERE src = $1 AND label = 'HAS_CREDENTIAL')`,
          [sa.id],
        );
        await revokeTokensIssuedTo(tx, sa.id);
        await removeServiceAccount(tx, sa.id);
        await authCache.invalidate(tx);
      });
    },

    async addCredential(ctx: AuthContext, slug: string, input: CredentialInput) {
      authorize(ctx, 'service_account:update');
      const { client_id: _id, client_secret: _secret, ...safe } = input;
      const sa = await mustFindManageable(ctx, slug);
      // A credential is the account's power in the caller's hands: no more than the caller holds.
      if (!isAdminUser(ctx) && !holdsAll(ctx, await principalPermissions(sql, sa.id))) {
        throw forbidden(`only an admin can give credentials to ${slug}: it holds permissions you do not`);
      }
      return addCredentialUnchecked(sa, safe);
    },

    async listCredentials(ctx: AuthContext, slug: string) {
      authorize(ctx, 'service_account:read');
      return (await credentialsOf(sql, (await mustFind(sql, slug)).id)).map(credentialRead);
    },

    async revokeCredential(ctx: AuthContext, slug: string, clientId: string) {
      authorize(ctx, 'service_account:update');
      const sa = await mustFindManageable(ctx, slug);
      const cred = await findCredential(sql, clientId);
      const owner = cred && (await ownerOfCredential(sql, cred.id));
      if (!cred || owner?.id !== sa.id) throw notFound(`client credential ${clientId}`);
      if (cred.props.revoked_at) return;
      await sql.tx(async (tx) => {
        await updateNode(tx, cred.id, { revoked_at: new Date().toISOString() });
        // Tokens minted with it (and exchanged through them) carry its client id: refuse them everywhere.
        await authCache.invalidate(tx);
      });
    },

    /**
     * Authenticates a client id and secret. Returns the account and credential, or a reason it failed;
     * the caller answers every failure the same way (invalid_client).
     */
    async authenticateClient(
      clientId: string,
      secret: string,
    ): Promise<{ sa: ServiceAccountNode; credential: ClientCredentialNode } | { error: string }> {
      // From the auth cache, which every change to accounts and credentials clears on every replica
      // (a revocation, a deactivation, a deletion): no query on the common path. A client id that is
      // not found is read again on its next use.
      const found = await authCache.clients.load(
        clientId,
        async () => {
          const credential = await findCredential(sql, clientId);
          return credential ? { credential, sa: await ownerOfCredential(sql, credential.id) } : null;
        },
        (c) => c !== null,
      );
      const cred = found?.credential;
      // Fixed-length digests compared in constant time (docs/security.md, "Client secrets").
      if (!cred || !safeEqual(cred.props.secret_hash, sha256(secret)))
        return { error: 'unknown client or wrong secret' };
      if (cred.props.revoked_at) return { error: 'the credential is revoked' };
      if (cred.props.expires_at && Date.parse(cred.props.expires_at) <= Date.now()) {
        return { error: 'the credential has expired' };
      }
      const sa = found.sa;
      if (!sa || !sa.props.is_active) return { error: 'the service account is inactive' };
      return { sa, credential: cred };
    },
  };
}

export type ServiceAccountsService = ReturnType<typeof serviceAccountsService>;
