// POST /auth/token's work (RFC 6749 section 3.2): picks the grant, and runs the check of what its
// caller presents as a counted attempt of the sign-in throttle. The route turns OAuthErrors into answers.
import type { GrantDeps, GrantHandler, Guard, TokenResponse } from '../kernel/grants.js';
import { OAuthError, clientCredentialsFrom } from '../kernel/grants.js';
import type { SignInThrottle } from './throttle.js';

export function tokenEndpoint(
  core: GrantDeps,
  grants: ReadonlyMap<string, GrantHandler>,
  throttle: SignInThrottle,
) {
  return async function token(
    body: Readonly<Record<string, string | number | boolean>>,
    authorization: string | undefined,
    clientAddress: string,
  ): Promise<TokenResponse> {
    // No prototype: a parameter named __proto__ or constructor is data like any other.
    const params: Record<string, string | undefined> = Object.create(null);
    for (const [k, v] of Object.entries(body)) params[k] = String(v);
    // Failed grants count against the client they name (if any) and the address they come from.
    const presented = (() => {
      try {
        return clientCredentialsFrom(params, authorization)?.clientId;
      } catch {
        return undefined;
      }
    })();
    const client = presented ?? params.client_id;
    const attempt = {
      account: client === undefined ? undefined : `client:${client}`,
      address: clientAddress,
    };
    const grantType = params.grant_type;
    if (!grantType) throw new OAuthError(400, 'invalid_request', 'grant_type is required');
    const grant = grants.get(grantType);
    if (!grant)
      throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
    // The grant runs the check of what its caller presents through the throttle (Guard): each is a
    // credential Keel issued, so only a failed check is counted.
    const guard: Guard = (check) =>
      throttle.runIssued(attempt, {
        check,
        failed: (err) =>
          err instanceof OAuthError &&
          !err.afterAuthentication &&
          (err.error === 'invalid_client' || err.error === 'invalid_grant'),
      });
    return grant({ params, authorization, guard }, core);
  };
}
