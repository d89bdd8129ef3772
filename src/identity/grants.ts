// The token endpoint's own grants (RFC 6749): client credentials and refresh tokens.
import {
  OAuthError,
  authenticateClient,
  clientCredentialsFrom,
  required,
  type GrantHandler,
} from '../kernel/grants.js';
import { validAfterOf } from './revocation.js';

const clientCredentialsGrant: GrantHandler = async ({ params, authorization, guard }, core) => {
  const result = await guard(async () => {
    const client = clientCredentialsFrom(params, authorization);
    if (!client) throw new OAuthError(401, 'invalid_client', 'client_id and client_secret are required');
    return authenticateClient(core, client);
  });
  const requested = params.scope?.split(' ').filter(Boolean) ?? [];
  const allowed = result.credential.props.scopes;
  if (allowed.length > 0) {
    const outside = requested.filter((s) => !allowed.includes(s));
    if (outside.length > 0)
      throw new OAuthError(400, 'invalid_scope', `scope not allowed: ${outside.join(' ')}`);
  }
  const scopes = requested.length > 0 ? requested : allowed;
  const scope = scopes.length > 0 ? scopes.join(' ') : undefined;
  // One statement (tokens.issue): no transaction around it.
  const issued = await core.identity.tokens.issueForGrant({
    principal: { id: result.sa.id, name: result.sa.props.slug },
    validAfterMs: validAfterOf(result.sa.props),
    authMethod: 'client_credentials',
    ttlSeconds: core.settings.auth.accessTokenTtl,
    scope,
    // Names the credential, so revoking it ends this token on every replica.
    claims: { cid: result.credential.props.client_id },
  });
  return {
    access_token: issued.access_token,
    token_type: 'Bearer',
    expires_in: issued.expires_in,
    ...(scope ? { scope } : {}),
  };
};

const refreshTokenGrant: GrantHandler = async ({ params, guard }, core) => {
  const token = required(params, 'refresh_token');
  // Checks the user (active, valid-after) and issues both tokens under the user's row lock: the
  // refresh token is the credential, so all of it is the guarded check.
  const rotated = await guard(async () => {
    const r = await core.identity.tokens.rotateRefresh(token);
    if ('error' in r) throw new OAuthError(400, 'invalid_grant', r.error);
    return r;
  });
  const { issued } = rotated;
  return {
    access_token: issued.access_token,
    token_type: 'Bearer',
    expires_in: issued.expires_in,
    refresh_token: rotated.refresh_token,
  };
};

export const coreGrants: Readonly<Record<string, GrantHandler>> = {
  client_credentials: clientCredentialsGrant,
  refresh_token: refreshTokenGrant,
};

/**
 * The grants by name, in a Map: a `grant_type` sent by a client is looked up as data, so
 * `constructor`, `__proto__` or `toString` are unknown grants, never a member of Object.prototype.
 */
export function grantTable(
  ...sources: Readonly<Record<string, GrantHandler>>[]
): ReadonlyMap<string, GrantHandler> {
  const table = new Map<string, GrantHandler>();
  for (const source of sources) for (const [name, grant] of Object.entries(source)) table.set(name, grant);
  return table;
}
