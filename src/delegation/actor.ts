// Checks the actor of a delegated token on every request (SPEC 2.3 rule 4, 5.5), and the consent it
// was issued under: a revoked or expired consent ends its tokens at once, on every replica. The jti's
// revocation is checked by the authenticator before this runs; everything here is served from caches.
import type { ActorVerifier } from '../kernel/identity.js';
import type { Queryable } from '../db/sql.js';
import type { JwtClaims } from '../crypto/jwt.js';
import { unauthorized } from '../http/errors.js';
import type { AuthCache, CachedConsent } from '../kernel/auth-cache.js';
import type { AuthenticatorPort } from '../kernel/identity.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { consentState, tokenLinks } from './store.js';
import { DELEGATE_PERMISSION } from './consents.service.js';
import { ISSUED_VIA, TOKEN_EXCHANGE_METHOD, UNDER_CONSENT } from './exchange.js';

const refuse = (why: string) => unauthorized(`delegated token refused: ${why}`, 'invalid_token');

/** Longest delegated-token lifetime (SPEC 8): a jti's links never change, so they are cached that long. */
const MAX_TOKEN_SECONDS = 900;

/** What a delegated token's metadata links to (null: no such link). */
interface Links {
  /** The account the token was issued through. */
  issuedVia: string | null;
  /** The consent that allowed it. */
  consent: string | null;
}

export function actorVerifier(
  authn: Pick<AuthenticatorPort, 'loadPrincipal' | 'checkIssuedAfter'>,
  q: Queryable,
  authCache: Pick<AuthCache, 'consents'>,
): ActorVerifier {
  // jti -> its links. issuedVia catches an account deleted and re-created under the same slug (its
  // edges go with it); the consent's state is read apart, as it changes.
  const links = new TtlCache<string, Links>(MAX_TOKEN_SECONDS * 1000, 100_000);
  async function linksOf(jti: string): Promise<Links> {
    const cached = links.get(jti);
    if (cached !== undefined) return cached;
    const rows = await tokenLinks(q, jti, [ISSUED_VIA, UNDER_CONSENT]);
    const found: Links = {
      issuedVia: rows.find((r) => r.label === ISSUED_VIA)?.dst ?? null,
      consent: rows.find((r) => r.label === UNDER_CONSENT)?.dst ?? null,
    };
    links.set(jti, found);
    return found;
  }

  /** The consent's state, from the auth cache (cleared on every replica when a consent is revoked). */
  function consentOf(id: string): Promise<CachedConsent | null> {
    return authCache.consents.load(id, async () => {
      const row = await consentState(q, id);
      if (!row) return null;
      return {
        revoked: row.revoked_at !== null,
        expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
      };
    });
  }

  return async (claims: JwtClaims) => {
    if (claims.auth_method !== TOKEN_EXCHANGE_METHOD) {
      throw refuse(`act and azp are only valid with auth_method ${TOKEN_EXCHANGE_METHOD}`);
    }
    const act: unknown = claims.act;
    const clientId =
      typeof act === 'object' && act !== null ? (act as { client_id?: unknown }).client_id : undefined;
    if (typeof clientId !== 'string' || clientId === '') throw refuse('act.client_id is missing');
    if (clientId !== claims.azp) throw refuse('act.client_id does not match azp');
    const sa = await authn.loadPrincipal('service_account', clientId);
    if (!sa) throw refuse(`service account ${clientId} does not exist`);
    if (!sa.isActive) throw refuse(`service account ${clientId} is inactive`);
    authn.checkIssuedAfter(claims, sa, `service account ${clientId}`);
    if (!sa.permissions.has(DELEGATE_PERMISSION))
      throw refuse(`service account ${clientId} no longer holds ${DELEGATE_PERMISSION}`);
    const { issuedVia, consent } = await linksOf(claims.jti);
    if (issuedVia !== sa.id) throw refuse(`the token was not issued through service account ${clientId}`);
    const state = consent === null ? null : await consentOf(consent);
    if (state === null) throw refuse('the consent it was issued under no longer exists');
    if (state.revoked) throw refuse('the consent it was issued under was revoked');
    if (state.expiresAtMs !== null && state.expiresAtMs <= Date.now()) {
      throw refuse('the consent it was issued under has expired');
    }
    return { id: sa.id, name: sa.name };
  };
}
