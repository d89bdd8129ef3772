// Who calls the scheduler's API. A Keel access token is checked against the API's published keys (JWKS);
// who it belongs to, whether that principal is an admin and whether the token is still live (not
// revoked, principal active) comes from the API's own GET /auth/me, cached briefly per token.
import { createHash } from 'node:crypto';
import { AppError, bearerToken, unauthorized } from '../http/errors.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { InvalidJwtError, KeelApiError, type KeelClient, type Me } from './keel-client.js';

export interface Caller {
  kind: 'user' | 'service_account';
  /** User email or service-account slug. */
  name: string;
  isAdmin: boolean;
  /** A delegated (token-exchange) token: a service account acting for the user. */
  delegated: boolean;
  /** Kept for the length of the request only: passed through to POST /consents, never stored. */
  token: string;
}

/** How long a token's identity is trusted without asking the API again (a revocation lags this much). */
const ME_TTL_MS = 30_000;

const unavailable = (detail: string) => new AppError(503, 'keel_api_unavailable', detail);

export function callerVerifier(client: Pick<KeelClient, 'verifyJwt' | 'me'>) {
  const identities = new TtlCache<string, Me>(ME_TTL_MS, 50_000);

  return async function verify(authorization: string | undefined): Promise<Caller> {
    const token = bearerToken(authorization);
    let claims;
    try {
      claims = await client.verifyJwt(token);
    } catch (err) {
      if (err instanceof InvalidJwtError)
        throw unauthorized(`invalid token: ${err.message}`, 'invalid_token');
      throw unavailable('the Keel API did not serve its signing keys');
    }
    const key = createHash('sha256').update(token).digest('base64url');
    let me: Me;
    try {
      me = await identities.load(key, () => client.me(token));
    } catch (err) {
      if (err instanceof KeelApiError && err.status === 401) {
        throw unauthorized('the token was revoked or its principal is inactive', 'invalid_token');
      }
      throw unavailable('the Keel API could not confirm the token');
    }
    return {
      kind: me.principal_type,
      name: me.principal_name,
      isAdmin: me.is_admin,
      delegated: me.actor_name !== null || claims.auth_method === 'token_exchange',
      token,
    };
  };
}

export type CallerVerifier = ReturnType<typeof callerVerifier>;
