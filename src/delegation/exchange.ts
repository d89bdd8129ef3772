// The RFC 8693 token-exchange grant of POST /auth/token (SPEC 4.1): the scheduler's service account
// obtains a short-lived token for a user who recorded a consent. Every check has its own RFC 6749
// error, in the order the checks run, and its error_description names the check that failed.
import type { Core } from '../kernel/core.js';
import { hasPermission, scopeCovers, type AuthContext } from '../kernel/context.js';
import { AppError } from '../http/errors.js';
import type { AuthCache } from '../kernel/auth-cache.js';
import { TtlCache } from '../lib/ttl-cache.js';
import {
  OAuthError,
  authenticateClient,
  clientCredentialsFrom,
  required,
  type GrantHandler,
} from '../kernel/grants.js';
import { DELEGATE_PERMISSION } from './consents.service.js';
import { activeConsents, type ConsentNode } from './store.js';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
/** The auth_method of delegated tokens, and of nothing else. */
export const TOKEN_EXCHANGE_METHOD = 'token_exchange';
/** Edge from a delegated token's metadata to the service account that acted. */
export const ISSUED_VIA = 'ISSUED_VIA';
/** Edge from a delegated token's metadata to the consent that allowed it. */
export const UNDER_CONSENT = 'UNDER_CONSENT';

/** RFC 6749 appendix A.4 scope-token characters. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

type ExchangeCore = Pick<Core, 'sql' | 'settings' | 'identity' | 'log' | 'authCache'>;

type ConsentLookup = Awaited<ReturnType<typeof activeConsents>>;

/**
 * A user's active consents for an account, with the requested scopes that are no scope of this API,
 * by (user, account, scopes): the scheduler exchanges for the same users and scope all day. Cleared
 * with the auth cache, which recording or revoking a consent, deleting a user, and every change to
 * roles, permissions and plugins clear on every replica (a revoked consent allows no exchange once the
 * revocation has committed); a consent's expiry is checked on each use. One cache per runtime.
 */
const consentCaches = new WeakMap<AuthCache, TtlCache<string, ConsentLookup>>();
function consentCache(authCache: AuthCache): TtlCache<string, ConsentLookup> {
  const cached = consentCaches.get(authCache);
  if (cached) return cached;
  const cache = authCache.track(new TtlCache<string, ConsentLookup>(5_000, 20_000));
  consentCaches.set(authCache, cache);
  return cache;
}

async function consentsFor(core: ExchangeCore, subject: string, actor: string, scopes: string[]) {
  const key = `${subject.toLowerCase()}\n${actor}\n${scopes.join(' ')}`;
  const found = await consentCache(core.authCache).load(key, () =>
    activeConsents(core.sql, subject, actor, scopes),
  );
  const now = Date.now();
  const consents = found.consents.filter(
    (c) => c.props.expires_at === null || Date.parse(c.props.expires_at) > now,
  );
  return { consents, unknownScopes: found.unknownScopes };
}

/**
 * The calling service account, from its client-credential JWT or from its client id and secret: the
 * grant's counted check (Guard). Its context's clientId is the credential whose secret it proved.
 */
async function authenticateCaller(
  params: Record<string, string | undefined>,
  core: ExchangeCore,
  client: { clientId: string; secret: string } | undefined,
): Promise<AuthContext> {
  const subjectToken = params.subject_token || undefined;
  if (subjectToken) {
    let ctx: AuthContext;
    try {
      ctx = await core.identity.authn.authenticate(`Bearer ${subjectToken}`);
    } catch (err) {
      if (err instanceof AppError && err.status === 401)
        throw new OAuthError(401, 'invalid_client', `subject_token is not valid: ${err.detail}`);
      throw err;
    }
    if (ctx.principal.kind !== 'service_account') {
      throw new OAuthError(
        401,
        'invalid_client',
        "subject_token must be a service account's client-credential token",
      );
    }
    return ctx;
  }
  if (!client) {
    throw new OAuthError(
      401,
      'invalid_client',
      'client authentication is required: subject_token, or client_id and client_secret',
    );
  }
  const result = await authenticateClient(core, client);
  const principal = await core.identity.authn.loadPrincipal('service_account', result.sa.props.slug);
  if (!principal?.isActive) throw new OAuthError(401, 'invalid_client', 'client authentication failed');
  const scopes = result.credential.props.scopes;
  const ctx: AuthContext = {
    principal: { kind: 'service_account', id: principal.id, name: principal.name, isAdmin: false },
    actor: null,
    authMethod: 'client_credentials',
    jti: '',
    scopes: scopes.length > 0 ? scopes : null,
    permissions: principal.permissions,
    clientId: result.credential.props.client_id,
  };
  return ctx;
}

/** The first consent covering every requested scope, given the scopes that are no scope of this API. */
function coveringConsent(
  consents: ConsentNode[],
  scopes: string[],
  unknownScopes: string[],
): { consent: ConsentNode } | { uncovered: string[] } {
  if (unknownScopes.length > 0) return { uncovered: unknownScopes };
  const consent = consents.find((c) =>
    scopes.every((s) => c.props.scope === s || scopeCovers(c.props.scope, s)),
  );
  return consent ? { consent } : { uncovered: scopes };
}

export const tokenExchangeGrant: GrantHandler = async ({ params, authorization, guard }, core) => {
  // 1. and 2.: who is calling, and may it delegate at all?
  const caller = await guard(async () => {
    const client = clientCredentialsFrom(params, authorization);
    if (client && params.subject_token) {
      throw new OAuthError(
        400,
        'invalid_request',
        'send either subject_token or client credentials, not both',
      );
    }
    return authenticateCaller(params, core, client);
  });
  const actor = caller.principal;
  if (!hasPermission(caller, DELEGATE_PERMISSION)) {
    throw new OAuthError(
      400,
      'unauthorized_client',
      `service account ${actor.name} does not hold ${DELEGATE_PERMISSION}`,
    );
  }
  // 3. the request itself
  const subject = required(params, 'requested_subject');
  const scopeParam = required(params, 'scope');
  if (params.requested_token_type && params.requested_token_type !== ACCESS_TOKEN_TYPE) {
    throw new OAuthError(400, 'invalid_request', `requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
  }
  if (
    params.subject_token &&
    params.subject_token_type &&
    ![ACCESS_TOKEN_TYPE, JWT_TOKEN_TYPE].includes(params.subject_token_type)
  ) {
    throw new OAuthError(
      400,
      'invalid_request',
      `subject_token_type must be ${ACCESS_TOKEN_TYPE} or ${JWT_TOKEN_TYPE}`,
    );
  }
  const scopes = [...new Set(scopeParam.split(' ').filter(Boolean))];
  if (scopes.length === 0 || !scopes.every((s) => SCOPE_TOKEN.test(s))) {
    throw new OAuthError(400, 'invalid_request', 'scope must be a space-separated list of scope tokens');
  }
  // 4. a consent of that user for this service account (the caller has authenticated: its refusals
  // from here on are not counted as failed sign-ins)
  // (with which requested scopes are no scope of this API, for check 6: one statement for both)
  const { consents, unknownScopes } = await consentsFor(core, subject, actor.name, scopes);
  if (consents.length === 0) {
    throw new OAuthError(
      400,
      'invalid_grant',
      `no active consent from ${subject} for ${actor.name} (none recorded, or revoked, or expired)`,
      true,
    );
  }
  // 5. the user
  const user = await core.identity.authn.loadPrincipal('user', subject);
  if (!user) throw new OAuthError(400, 'invalid_grant', `user ${subject} does not exist`, true);
  if (!user.isActive) throw new OAuthError(400, 'invalid_grant', `user ${subject} is inactive`, true);
  // 6. the scope
  const covering = coveringConsent(consents, scopes, unknownScopes);
  if ('uncovered' in covering) {
    throw new OAuthError(
      400,
      'invalid_scope',
      `scope not covered by the consent: ${covering.uncovered.join(' ')}`,
    );
  }
  const scope = scopes.join(' ');
  // One statement: the metadata node, its jti key and its three edges commit together.
  const issued = await core.identity.tokens.issueForGrant({
    principal: { id: user.id, name: user.name },
    validAfterMs: user.validAfterMs,
    authMethod: TOKEN_EXCHANGE_METHOD,
    ttlSeconds: core.settings.auth.delegatedTokenTtl,
    scope,
    // cid: the actor's client credential; revoking it ends the delegated token too.
    claims: {
      act: { client_id: actor.name },
      azp: actor.name,
      ...(caller.clientId !== undefined ? { cid: caller.clientId } : {}),
    },
    links: [
      { edge: ISSUED_VIA, dst: actor.id },
      { edge: UNDER_CONSENT, dst: covering.consent.id },
    ],
  });
  core.log.info(
    { user: user.name, actor: actor.name, consent: covering.consent.id, jti: issued.jti, scope },
    'delegated token issued',
  );
  return {
    access_token: issued.access_token,
    issued_token_type: ACCESS_TOKEN_TYPE,
    token_type: 'Bearer',
    expires_in: issued.expires_in,
    scope,
  };
};
