// Consents: a user's record that the scheduler may act on their behalf (SPEC 2.1, 4.2, 5.4).
import type { Core } from '../kernel/core.js';
import {
  ALL_SCOPE,
  DELEGATE_PERMISSION,
  SCHEDULER_NAME,
  attribution,
  hasPermission,
  isAdminUser,
  type AuthContext,
} from '../kernel/context.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { findUserByEmail } from '../identity/index.js';
import { findConsent, insertConsent, listConsents, revokeConsent, type ConsentNode } from './store.js';

/** The acting service account of every v1 consent. */
export const SCHEDULER_SA = SCHEDULER_NAME;
export { DELEGATE_PERMISSION } from '../kernel/context.js';

export interface ConsentRead {
  id: string;
  user_email: string;
  actor_sa: string;
  scope: string;
  status: 'active' | 'expired' | 'revoked';
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
}

export function consentStatus(c: ConsentNode, now = Date.now()): ConsentRead['status'] {
  if (c.props.revoked_at) return 'revoked';
  if (c.props.expires_at && Date.parse(c.props.expires_at) <= now) return 'expired';
  return 'active';
}

const consentRead = (c: ConsentNode): ConsentRead => ({
  id: c.id,
  user_email: c.props.user_email,
  actor_sa: c.props.actor_sa,
  scope: c.props.scope,
  status: consentStatus(c),
  created_at: c.created_at.toISOString(),
  expires_at: c.props.expires_at,
  revoked_at: c.props.revoked_at,
});

/** A user signed in as themselves: not a service account, not a delegated token, not a narrowed token. */
function isOwnSession(ctx: AuthContext): boolean {
  return (
    ctx.principal.kind === 'user' &&
    ctx.actor === null &&
    ctx.authMethod !== 'token_exchange' &&
    (ctx.scopes === null || ctx.scopes.includes(ALL_SCOPE))
  );
}

const isOwner = (ctx: AuthContext, c: ConsentNode) =>
  ctx.principal.kind === 'user' && ctx.principal.name.toLowerCase() === c.props.user_email.toLowerCase();

/** Owner, admin, or a service account that may delegate (the scheduler re-checks consents by id). */
const mayRead = (ctx: AuthContext, c: ConsentNode) =>
  isOwner(ctx, c) ||
  isAdminUser(ctx) ||
  (ctx.principal.kind === 'service_account' && hasPermission(ctx, DELEGATE_PERMISSION));

type Deps = Pick<Core, 'sql' | 'log' | 'authCache'>;

export function consentsService({ sql, log, authCache }: Deps) {
  async function readable(ctx: AuthContext, id: string): Promise<ConsentNode> {
    const c = await findConsent(sql, id);
    if (!c || !mayRead(ctx, c)) throw notFound(`consent ${id}`);
    return c;
  }

  return {
    async create(
      ctx: AuthContext,
      input: { scope?: string | undefined; expires_at?: string | undefined },
    ): Promise<ConsentRead> {
      if (!isOwnSession(ctx)) {
        throw forbidden(
          'a consent can only be recorded by a user signed in as themselves (not by a service account or a delegated token)',
        );
      }
      let expiresAt: string | null = null;
      if (input.expires_at !== undefined) {
        const t = Date.parse(input.expires_at);
        if (!(t > Date.now())) throw invalid('/expires_at', 'must be in the future');
        expiresAt = new Date(t).toISOString();
      }
      const consent = await sql.tx(async (tx) => {
        const user = await findUserByEmail(tx, ctx.principal.name);
        if (!user) throw notFound(`user ${ctx.principal.name}`);
        const created = await insertConsent(tx, user.id, {
          user_email: user.props.email,
          actor_sa: SCHEDULER_SA,
          scope: input.scope ?? ALL_SCOPE,
          expires_at: expiresAt,
          revoked_at: null,
          updated_by: attribution(ctx),
        });
        // Token exchanges read a user's consents from a cache cleared with the auth cache, everywhere.
        await authCache.invalidate(tx);
        return created;
      });
      log.info({ consent: consent.id, user: consent.props.user_email }, 'consent recorded');
      return consentRead(consent);
    },

    /** The caller's own consents; admins see every consent, optionally one user's. */
    async list(ctx: AuthContext, page: Page, userEmail?: string) {
      if (!isAdminUser(ctx)) {
        if (ctx.principal.kind !== 'user') throw forbidden('only users have consents; read one by id');
        if (userEmail !== undefined && userEmail.toLowerCase() !== ctx.principal.name.toLowerCase()) {
          throw forbidden("only an admin can list other users' consents");
        }
      }
      const r = await listConsents(sql, page, isAdminUser(ctx) ? userEmail : ctx.principal.name);
      return { next: r.next, items: r.items.map(consentRead) };
    },

    async get(ctx: AuthContext, id: string): Promise<ConsentRead> {
      return consentRead(await readable(ctx, id));
    },

    /**
     * Revokes (owner or admin); the consent stays, listed as revoked. Revoking twice changes nothing.
     * The tokens issued under it end with it: the auth cache, which holds the consent's state for the
     * check of delegated tokens (actor.ts), is cleared on every replica when the revocation commits.
     */
    async revoke(ctx: AuthContext, id: string): Promise<void> {
      const c = await readable(ctx, id);
      if (!isOwner(ctx, c) && !isAdminUser(ctx)) throw forbidden('only the owner or an admin can revoke');
      if (c.props.revoked_at) return;
      await sql.tx(async (tx) => {
        await revokeConsent(tx, c.id, new Date().toISOString());
        // No exchange on any replica finds it active once this commits (the exchange's consent cache).
        await authCache.invalidate(tx);
      });
      log.info({ consent: c.id, by: attribution(ctx) }, 'consent revoked');
    },
  };
}

export type ConsentsService = ReturnType<typeof consentsService>;
