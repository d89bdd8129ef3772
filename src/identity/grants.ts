// The OAuth 2.0 token endpoint's grants (RFC 6749). Other domains add grants (token exchange).
import type { Core } from '../app/core.js';

/** An RFC 6749 section 5.2 error; the token endpoint answers these and nothing else. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unauthorized_client'
      | 'unsupported_grant_type'
      | 'invalid_scope',
    readonly description: string,
    /**
     * A refusal of a client that has authenticated (a token exchange for a user without a consent, or
     * inactive): no guess of a secret, so the sign-in throttle does not count it. Counted, the
     * scheduler's refused exchanges would lock it out of every grant at its address.
     */
    readonly afterAuthentication = false,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope?: string;
  refresh_token?: string;
  issued_token_type?: string;
}

export type GrantParams = Readonly<Record<string, string | undefined>>;
export type GrantHandler = (params: GrantParams, core: Core) => Promise<TokenResponse>;

export function required(params: GrantParams, name: string): string {
  const v = params[name];
  if (v === undefined || v === '') throw new OAuthError(400, 'invalid_request', `${name} is required`);
  return v;
}

/** client_id + client_secret from the body or from HTTP Basic (RFC 6749 2.3.1). */
export function clientCredentialsFrom(
  params: GrantParams,
  authorization: string | undefined,
): { clientId: string; secret: string } | undefined {
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i > 0) {
      try {
        return {
          clientId: decodeURIComponent(decoded.slice(0, i)),
          secret: decodeURIComponent(decoded.slice(i + 1)),
        };
      } catch {
        throw new OAuthError(401, 'invalid_client', 'the HTTP Basic credentials are not correctly encoded');
      }
    }
  }
  if (params.client_id && params.client_secret)
    return { clientId: params.client_id, secret: params.client_secret };
  return undefined;
}

const clientCredentialsGrant: GrantHandler = async (params, core) => {
  const client = clientCredentialsFrom(params, params.__authorization);
  if (!client) throw new OAuthError(401, 'invalid_client', 'client_id and client_secret are required');
  const result = await core.identity.serviceAccounts.authenticateClient(client.clientId, client.secret);
  if ('error' in result) throw new OAuthError(401, 'invalid_client', 'client authentication failed');
  const requested = params.scope?.split(' ').filter(Boolean) ?? [];
  const allowed = result.credential.props.scopes;
  if (allowed.length > 0) {
    const outside = requested.filter((s) => !allowed.includes(s));
    if (outside.length > 0)
      throw new OAuthError(400, 'invalid_scope', `scope not allowed: ${outside.join(' ')}`);
  }
  const scopes = requested.length > 0 ? requested : allowed;
  const scope = scopes.length > 0 ? scopes.join(' ') : undefined;
  const issued = await core.sql.tx((tx) =>
    core.identity.tokens.issue(tx, {
      principal: { id: result.sa.id, name: result.sa.props.slug },
      authMethod: 'client_credentials',
      ttlSeconds: core.settings.auth.accessTokenTtl,
      scope,
      // Names the credential, so revoking it ends this token on every replica.
      claims: { cid: result.credential.props.client_id },
    }),
  );
  return {
    access_token: issued.access_token,
    token_type: 'Bearer',
    expires_in: issued.expires_in,
    ...(scope ? { scope } : {}),
  };
};

const refreshTokenGrant: GrantHandler = async (params, core) => {
  const token = required(params, 'refresh_token');
  // Checks the user (active, valid-after) and issues both tokens under the user's row lock.
  const rotated = await core.identity.tokens.rotateRefresh(token);
  if ('error' in rotated) throw new OAuthError(400, 'invalid_grant', rotated.error);
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
