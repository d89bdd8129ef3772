// Checks the actor of a delegated token on every request (SPEC 2.3 rule 4, 5.5). The jti's revocation
// is checked by the authenticator before this runs; everything here is served from caches.
import type { ActorVerifier } from '../kernel/identity.js';
import type { Queryable } from '../db/sql.js';
import type { JwtClaims } from '../crypto/jwt.js';
import { unauthorized } from '../http/errors.js';
import type { Authenticator } from '../identity/authn.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { DELEGATE_PERMISSION } from './consents.service.js';
import { ISSUED_VIA, TOKEN_EXCHANGE_METHOD } from './exchange.js';

const refuse = (why: string) => unauthorized(`delegated token refused: ${why}`, 'invalid_token');

/** Longest delegated-token lifetime (SPEC 8): a jti's link never changes, so it is cached that long. */
const MAX_TOKEN_SECONDS = 900;

export function actorVerifier(
  authn: Pick<Authenticator, 'loadPrincipal' | 'checkIssuedAfter'>,
  q: Queryable,
): ActorVerifier {
  // jti -> id of the account the token was issued through (null: no such link, e.g. the account was
  // deleted and its edges with it). Catches an account deleted and re-created under the same slug.
  const issuedVia = new TtlCache<string, string | null>(MAX_TOKEN_SECONDS * 1000, 100_000);
  async function issuedViaOf(jti: string): Promise<string | null> {
    const cached = issuedVia.get(jti);
    if (cached !== undefined) return cached;
    const row = await q.one<{ dst: string }>(
      `SELECT e.dst FROM graph_keys k JOIN graph_edges e ON e.src = k.node_id AND e.label = $2
        WHERE k.namespace = 'TokenMetadata.jti' AND k.key = $1`,
      [jti, ISSUED_VIA],
    );
    const id = row?.dst ?? null;
    issuedVia.set(jti, id);
    return id;
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
    if ((await issuedViaOf(claims.jti)) !== sa.id)
      throw refuse(`the token was not issued through service account ${clientId}`);
    return { id: sa.id, name: sa.name };
  };
}
