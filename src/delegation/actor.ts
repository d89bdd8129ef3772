// Checks the actor of a delegated token on every request (SPEC 2.3 rule 4, 5.5). The jti's revocation
// is checked by the authenticator before this runs; everything here is served from the auth cache.
import type { JwtClaims } from '../crypto/jwt.js';
import { unauthorized } from '../http/errors.js';
import type { ActorVerifier, Authenticator } from '../identity/authn.js';
import { DELEGATE_PERMISSION } from './consents.service.js';
import { TOKEN_EXCHANGE_METHOD } from './exchange.js';

const refuse = (why: string) => unauthorized(`delegated token refused: ${why}`, 'invalid_token');

export function actorVerifier(authn: Pick<Authenticator, 'loadPrincipal'>): ActorVerifier {
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
    if (!sa.permissions.has(DELEGATE_PERMISSION))
      throw refuse(`service account ${clientId} no longer holds ${DELEGATE_PERMISSION}`);
    return { id: sa.id, name: sa.name };
  };
}
