// The token endpoint's contract (RFC 6749): what a grant receives and answers. Identity serves the
// endpoint and its own grants; other domains add grants (the token exchange) through Domain.grants.
import type { Core } from './core.js';

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

/**
 * Runs the check of what a grant's caller presents (a client secret, a subject_token, a refresh
 * token) under the sign-in throttle (throttle.ts, runIssued): each is a credential Keel issued, so the
 * check runs first and writes nothing; a failure (invalid_client, or invalid_grant before the caller
 * authenticated) is counted, and answered 429 once the failures are over a limit.
 */
export type Guard = <T>(check: () => Promise<T>) => Promise<T>;

/** One request to the token endpoint, as a grant sees it. */
export interface GrantRequest {
  /** The form's parameters (no prototype: `__proto__` is data like any other name). */
  params: GrantParams;
  /** The Authorization header, for client credentials sent with HTTP Basic. */
  authorization: string | undefined;
  /** Runs the check of what the caller presents; a failed check is counted. */
  guard: Guard;
}

/** What a grant may use of the core. */
export type GrantDeps = Pick<Core, 'sql' | 'settings' | 'identity' | 'authCache' | 'log'>;

/** A grant checks its caller's credentials through `guard`, before anything else it does. */
export type GrantHandler = (request: GrantRequest, core: GrantDeps) => Promise<TokenResponse>;

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

/** The service account and credential of a client id and secret; a failure is invalid_client. */
export async function authenticateClient(
  core: Pick<Core, 'identity'>,
  client: { clientId: string; secret: string },
) {
  const result = await core.identity.serviceAccounts.authenticateClient(client.clientId, client.secret);
  if ('error' in result) throw new OAuthError(401, 'invalid_client', 'client authentication failed');
  return result;
}
