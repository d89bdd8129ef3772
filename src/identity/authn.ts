// Bearer token -> AuthContext. Runs on every authenticated request, so every lookup is cached.
import type { ActorCheck, ActorVerifier } from '../kernel/identity.js';
import type { Sql } from '../db/sql.js';
import type { AuthContext } from '../kernel/context.js';
import { principalPermissions } from '../authz/index.js';
import { InvalidTokenError, type JwtClaims, type JwtSigner } from '../crypto/jwt.js';
import { bearerToken, unauthorized } from '../http/errors.js';
import type { AuthCache, CachedPrincipal } from '../kernel/auth-cache.js';
import { findCredential, findServiceAccount, ownerOfCredential } from './service-accounts.store.js';
import { issuedAtMs, validAfterOf } from './revocation.js';
import type { TokensService } from './tokens.service.js';
import { findUserByEmail } from './users.store.js';

const principalKey = (kind: 'user' | 'service_account', name: string) => `${kind}:${name.toLowerCase()}`;

/** Tokens minted by token exchange (or carrying an actor) are checked against their actor too. */
const isDelegated = (claims: JwtClaims) =>
  claims.act !== undefined || claims.azp !== undefined || claims.auth_method === 'token_exchange';

type Deps = {
  sql: Sql;
  jwt: JwtSigner;
  authCache: AuthCache;
  tokens: TokensService;
  actorCheck?: ActorCheck;
};

export function authenticator({ sql, jwt, authCache, tokens, actorCheck }: Deps) {
  /** Set once the authenticator exists: the actor check reads principals through it. */
  const actor: { verify?: ActorVerifier | undefined } = {};

  async function loadPrincipal(
    kind: 'user' | 'service_account',
    name: string,
  ): Promise<CachedPrincipal | null> {
    return authCache.principals.load(principalKey(kind, name), () => readPrincipal(kind, name));
  }

  async function readPrincipal(
    kind: 'user' | 'service_account',
    name: string,
  ): Promise<CachedPrincipal | null> {
    let value: CachedPrincipal | null = null;
    if (kind === 'user') {
      const u = await findUserByEmail(sql, name);
      if (u) {
        value = {
          kind,
          id: u.id,
          name: u.props.email,
          isAdmin: u.props.is_admin,
          isActive: u.props.is_active,
          permissions: new Set(await principalPermissions(sql, u.id)),
          validAfterMs: validAfterOf(u.props),
        };
      }
    } else {
      const sa = await findServiceAccount(sql, name);
      if (sa) {
        value = {
          kind,
          id: sa.id,
          name: sa.props.slug,
          isAdmin: false,
          isActive: sa.props.is_active,
          permissions: new Set(await principalPermissions(sql, sa.id)),
          validAfterMs: validAfterOf(sa.props),
        };
      }
    }
    return value;
  }

  /** The account owning a client credential while the credential is usable (not revoked or expired). */
  async function credentialOwner(clientId: string): Promise<string | null> {
    return authCache.credentials.load(clientId, async () => {
      const cred = await findCredential(sql, clientId);
      if (!cred || cred.props.revoked_at) return null;
      if (cred.props.expires_at && Date.parse(cred.props.expires_at) <= Date.now()) return null;
      return (await ownerOfCredential(sql, cred.id))?.id ?? null;
    });
  }

  /** Refuses a token issued before its principal's credentials last changed. */
  function checkIssuedAfter(claims: JwtClaims, principal: CachedPrincipal, what: string): void {
    if (principal.validAfterMs > 0 && issuedAtMs(claims.jti) < principal.validAfterMs) {
      throw unauthorized(
        `the token was issued before ${what}'s password, status or credentials changed; sign in again`,
        'invalid_token',
      );
    }
  }

  function verifiedClaims(authorization: string | undefined): JwtClaims {
    const token = bearerToken(authorization);
    try {
      return jwt.verify(token);
    } catch (err) {
      if (err instanceof InvalidTokenError)
        throw unauthorized(`invalid token: ${err.message}`, 'invalid_token');
      throw err;
    }
  }

  async function verifyActor(claims: JwtClaims): Promise<AuthContext['actor']> {
    if (!actor.verify) throw unauthorized('delegated tokens are not accepted', 'invalid_token');
    return actor.verify(claims);
  }

  function contextOf(
    claims: JwtClaims,
    kind: 'user' | 'service_account',
    revoked: boolean,
    principal: CachedPrincipal | null,
    clientId: string | undefined,
    credentialOwnerId: string | null,
  ): AuthContext {
    if (revoked) throw unauthorized('the token was revoked', 'invalid_token');
    if (!principal || !principal.isActive)
      throw unauthorized('the principal is unknown or inactive', 'invalid_token');
    checkIssuedAfter(claims, principal, 'the principal');
    // Minted with a client credential (directly, or exchanged through one): it lives as long as that.
    if (clientId !== undefined && credentialOwnerId === null)
      throw unauthorized('the client credential of this token was revoked or has expired', 'invalid_token');
    return {
      principal: { kind, id: principal.id, name: principal.name, isAdmin: principal.isAdmin },
      actor: null,
      authMethod: claims.auth_method,
      jti: claims.jti,
      scopes: typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : null,
      permissions: principal.permissions,
      ...(clientId !== undefined ? { clientId } : {}),
    };
  }

  const authn = {
    loadPrincipal,
    checkIssuedAfter,
    credentialOwner,

    /**
     * The caller of a request. Synchronous when everything it needs is cached (the common case: no
     * promise, no tick), a promise when something has to be read.
     */
    authenticate(authorization: string | undefined): AuthContext | Promise<AuthContext> {
      const claims = verifiedClaims(authorization);
      const kind = claims.auth_method === 'client_credentials' ? 'service_account' : 'user';
      const clientId = typeof claims.cid === 'string' ? claims.cid : undefined;
      const revoked = tokens.cachedRevocation(claims.jti);
      const principal = authCache.principals.get(principalKey(kind, claims.sub));
      const owner = clientId === undefined ? null : authCache.credentials.get(clientId);
      if (revoked !== undefined && principal !== undefined && owner !== undefined && !isDelegated(claims)) {
        return contextOf(claims, kind, revoked, principal, clientId, owner);
      }
      return (async () => {
        const context = contextOf(
          claims,
          kind,
          await tokens.isRevoked(claims.jti),
          await loadPrincipal(kind, claims.sub),
          clientId,
          clientId === undefined ? null : await credentialOwner(clientId),
        );
        return isDelegated(claims) ? { ...context, actor: await verifyActor(claims) } : context;
      })();
    },
  };
  actor.verify = actorCheck?.({ authn, sql, authCache });
  return authn;
}

export type Authenticator = ReturnType<typeof authenticator>;
