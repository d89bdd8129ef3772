// Talking to login providers: the authorization URL, the code exchange and the profile, per type.
// `oidc` and `provider_a` are OpenID Connect (discovery, ID token checked against the issuer's JWKS);
// `provider_b` is OAuth 2.0 with a user API that returns the profile and the list of emails.
import * as oidc from 'openid-client';
import type { Settings } from '../config/settings.js';
import { AppError } from '../http/errors.js';
import {
  OutboundBlockedError,
  describeOutboundError,
  isLoopbackHost,
  type OutboundFetch,
} from '../outbound/guard.js';
import type { IssuerMetadata, ProviderDirectory } from './directory.js';
import { normalizeIssuer } from './service.js';
import type { ProviderType } from './store.js';

export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** What the provider issued; stored encrypted on the OAuthIdentity. */
export interface ProviderTokens {
  access_token: string;
  token_type: string;
  refresh_token: string | null;
  id_token: string | null;
  scope: string | null;
  expires_at: string | null;
}

export interface LoginChecks {
  state: string;
  nonce: string | null;
  codeVerifier: string;
}

export interface LoginClient {
  /** OpenID Connect flows carry a nonce. */
  readonly usesNonce: boolean;
  authorizationUrl(p: {
    redirectUri: string;
    state: string;
    nonce: string | null;
    codeChallenge: string;
  }): string;
  finish(callback: URL, checks: LoginChecks): Promise<{ profile: ProviderProfile; tokens: ProviderTokens }>;
}

export interface ClientConfig {
  slug: string;
  type: ProviderType;
  clientId: string;
  clientSecret: string;
  issuerUrl: string | null;
}

export interface ClientDeps {
  settings: Pick<Settings, 'auth'>;
  fetch: OutboundFetch;
  directory: ProviderDirectory;
}

const OIDC_SCOPE = 'openid email profile';
const PROVIDER_B_SCOPE = 'read:user user:email';
const TIMEOUT_SECONDS = 10;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
/** An OAuth error code as registered (RFC 6749 charset); anything else is not echoed. */
const errorCode = (v: unknown) =>
  typeof v === 'string' && /^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,64}$/.test(v) ? v : 'error';

const unavailable = (slug: string, detail: string) =>
  new AppError(502, 'oauth_provider_unavailable', `${slug}: ${detail}`);

const TRANSPORT_CODES = new Set([
  'OAUTH_TIMEOUT',
  'OAUTH_ABORT',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_PARSE_ERROR',
  'OAUTH_HTTP_REQUEST_FORBIDDEN',
  'OAUTH_REQUEST_PROTOCOL_FORBIDDEN',
]);

function isTransportError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof OutboundBlockedError) return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    if (e.name === 'TimeoutError') return true;
  }
  return false;
}

/** Maps whatever a provider exchange threw to a problem: never a provider body, never a token. */
export function providerFailure(slug: string, err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof oidc.AuthorizationResponseError) {
    return new AppError(
      401,
      'oauth_access_denied',
      `${slug} did not authorize the login (${errorCode(err.error)})`,
    );
  }
  if (err instanceof oidc.WWWAuthenticateChallengeError) {
    // e.g. a 401 invalid_client from the token endpoint, or a refused access token at userinfo.
    return new AppError(401, 'oauth_login_failed', `${slug} refused the request (HTTP ${err.status})`);
  }
  if (err instanceof oidc.ResponseBodyError) {
    return new AppError(
      401,
      'oauth_login_failed',
      `${slug} rejected the authorization code (${errorCode(err.error)}, HTTP ${err.status})`,
    );
  }
  const code = (err as { code?: unknown }).code;
  if (isTransportError(err) || (typeof code === 'string' && TRANSPORT_CODES.has(code))) {
    const cause = (err as { cause?: unknown }).cause;
    const status = cause instanceof Response ? `HTTP ${cause.status}` : undefined;
    return unavailable(slug, status ?? describeOutboundError(err));
  }
  if (err instanceof oidc.ClientError) {
    const inner = err.cause instanceof Error ? err.cause.message : err.message;
    return new AppError(
      401,
      'oauth_response_invalid',
      `the answer of ${slug} failed validation: ${inner.slice(0, 200)}`,
    );
  }
  // Anything else was thrown by the client library on the provider's answer, and its text may quote
  // it (a token the provider issued with a newline in it, refused as a header value): only its kind.
  return unavailable(slug, `the exchange failed (${err instanceof Error ? err.name : 'unknown error'})`);
}

async function issuerMetadata(slug: string, issuer: string, deps: ClientDeps): Promise<IssuerMetadata> {
  const cached = deps.directory.issuers.get(issuer);
  if (cached) return cached;
  let res: Response;
  try {
    res = await deps.fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { accept: 'application/json' },
    });
  } catch (err) {
    throw unavailable(slug, `discovery failed: ${describeOutboundError(err)}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw unavailable(slug, `discovery answered HTTP ${res.status}`);
  }
  let doc: unknown;
  try {
    doc = await res.json();
  } catch {
    throw unavailable(slug, 'the discovery document is not JSON');
  }
  if (
    !isRecord(doc) ||
    typeof doc.issuer !== 'string' ||
    typeof doc.authorization_endpoint !== 'string' ||
    typeof doc.token_endpoint !== 'string' ||
    typeof doc.jwks_uri !== 'string'
  ) {
    throw unavailable(
      slug,
      'the discovery document lacks issuer, authorization_endpoint, token_endpoint or jwks_uri',
    );
  }
  let same = false;
  try {
    same = normalizeIssuer(doc.issuer) === issuer;
  } catch {
    same = false;
  }
  if (!same) {
    throw new AppError(
      502,
      'oauth_issuer_mismatch',
      `${slug}: the discovery document at ${issuer} names a different issuer; check issuer_url`,
    );
  }
  const entry: IssuerMetadata = { metadata: doc as unknown as oidc.ServerMetadata, jwks: undefined };
  deps.directory.issuers.set(issuer, entry);
  return entry;
}

function configuration(
  metadata: oidc.ServerMetadata,
  p: ClientConfig,
  auth: oidc.ClientAuth,
  fetch: OutboundFetch,
): oidc.Configuration {
  const config = new oidc.Configuration(metadata, p.clientId, undefined, auth);
  config[oidc.customFetch] = (url, options) => fetch(url, options as RequestInit);
  config.timeout = TIMEOUT_SECONDS;
  // Cleartext http is accepted for loopback endpoints only (local providers, which the outbound guard
  // lets through only while private networks are allowed); a discovery document that names an http
  // endpoint elsewhere would have the client secret sent in the clear.
  const endpoints = [
    metadata.issuer,
    metadata.authorization_endpoint,
    metadata.token_endpoint,
    metadata.userinfo_endpoint,
  ];
  const insecure = endpoints.filter((u): u is string => !!u && u.startsWith('http:'));
  if (insecure.some((u) => !isLoopbackHost(new URL(u).hostname))) {
    throw new AppError(502, 'oauth_insecure_endpoint', 'the provider names an http (not https) endpoint');
  }
  if (insecure.length > 0) oidc.allowInsecureRequests(config);
  return config;
}

function tokenSet(res: oidc.TokenEndpointResponse): ProviderTokens {
  return {
    access_token: res.access_token,
    token_type: res.token_type,
    refresh_token: res.refresh_token ?? null,
    id_token: res.id_token ?? null,
    scope: res.scope ?? null,
    expires_at:
      typeof res.expires_in === 'number' ? new Date(Date.now() + res.expires_in * 1000).toISOString() : null,
  };
}

function authorizationUrl(
  config: oidc.Configuration,
  scope: string,
  p: { redirectUri: string; state: string; nonce: string | null; codeChallenge: string },
): string {
  return oidc.buildAuthorizationUrl(config, {
    response_type: 'code',
    redirect_uri: p.redirectUri,
    scope,
    state: p.state,
    ...(p.nonce ? { nonce: p.nonce } : {}),
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  }).href;
}

/** `oidc` (issuer from the provider) and `provider_a` (its vendor's issuer, a setting). */
async function openIdClient(p: ClientConfig, issuer: string, deps: ClientDeps): Promise<LoginClient> {
  const entry = await issuerMetadata(p.slug, issuer, deps);
  const methods = entry.metadata.token_endpoint_auth_methods_supported;
  const auth =
    !methods || methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(p.clientSecret)
      : oidc.ClientSecretPost(p.clientSecret);
  const config = configuration(entry.metadata, p, auth, deps.fetch);
  // Check the ID token's signature against the issuer's JWKS, not only its claims.
  oidc.enableNonRepudiationChecks(config);
  return {
    usesNonce: true,
    authorizationUrl: (a) => authorizationUrl(config, OIDC_SCOPE, a),
    async finish(callback, checks) {
      try {
        if (entry.jwks) oidc.setJwksCache(config, entry.jwks);
        const res = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce ?? undefined,
          idTokenExpected: true,
        });
        entry.jwks = oidc.getJwksCache(config) ?? entry.jwks;
        const claims = res.claims()!;
        let info: Record<string, unknown> = { ...claims };
        // Many providers put email claims in the userinfo answer rather than the ID token.
        if (typeof claims.email !== 'string' && entry.metadata.userinfo_endpoint) {
          info = { ...info, ...(await oidc.fetchUserInfo(config, res.access_token, claims.sub)) };
        }
        return {
          profile: {
            subject: claims.sub,
            email: str(info.email),
            emailVerified: info.email_verified === true || info.email_verified === 'true',
            name: str(info.name),
          },
          tokens: tokenSet(res),
        };
      } catch (err) {
        throw providerFailure(p.slug, err);
      }
    },
  };
}

/**
 * `provider_b`: OAuth 2.0 with fixed endpoints (settings) and a user API: GET {api}/user for the
 * profile and GET {api}/user/emails for the addresses; the primary one is used when it is verified.
 */
function userApiClient(p: ClientConfig, deps: ClientDeps): LoginClient {
  const { authorizeUrl, tokenUrl, apiUrl } = deps.settings.auth.providerB;
  const tokenHref = new URL(tokenUrl).href;
  // This vendor answers a refused code with HTTP 200 and an error body; make it the error it is.
  const fetch: OutboundFetch = async (url, init) => {
    const res = await deps.fetch(url, init);
    if (new URL(String(url)).href !== tokenHref || res.status !== 200) return res;
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => undefined);
    if (!isRecord(body) || typeof body.error !== 'string') return res;
    return new Response(await res.text(), { status: 400, headers: res.headers });
  };
  const metadata: oidc.ServerMetadata = {
    issuer: new URL(authorizeUrl).origin,
    authorization_endpoint: authorizeUrl,
    token_endpoint: tokenUrl,
  };
  const config = configuration(metadata, p, oidc.ClientSecretPost(p.clientSecret), fetch);

  async function userApi(path: string, accessToken: string): Promise<unknown> {
    let res: Response;
    try {
      res = await deps.fetch(`${apiUrl}${path}`, {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${accessToken}`,
          'user-agent': 'keel',
          'x-github-api-version': '2022-11-28',
        },
      });
    } catch (err) {
      throw unavailable(p.slug, `user API ${path}: ${describeOutboundError(err)}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw unavailable(p.slug, `user API ${path} answered HTTP ${res.status}`);
    }
    try {
      return await res.json();
    } catch {
      throw unavailable(p.slug, `user API ${path} did not answer JSON`);
    }
  }

  return {
    usesNonce: false,
    authorizationUrl: (a) => authorizationUrl(config, PROVIDER_B_SCOPE, a),
    async finish(callback, checks) {
      let res: oidc.TokenEndpointResponse;
      try {
        res = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
        });
      } catch (err) {
        throw providerFailure(p.slug, err);
      }
      const user = await userApi('/user', res.access_token);
      const emails = await userApi('/user/emails', res.access_token);
      const id = isRecord(user) ? user.id : undefined;
      if ((typeof id !== 'number' && typeof id !== 'string') || id === '' || !Array.isArray(emails)) {
        throw unavailable(p.slug, 'the user API answered an unexpected shape');
      }
      const primary = emails.find((e): e is Record<string, unknown> => isRecord(e) && e.primary === true);
      return {
        profile: {
          subject: String(id),
          email: str(primary?.email),
          emailVerified: primary?.verified === true,
          name: isRecord(user) ? (str(user.name) ?? str(user.login)) : null,
        },
        tokens: tokenSet(res),
      };
    },
  };
}

export async function loginClient(p: ClientConfig, deps: ClientDeps): Promise<LoginClient> {
  switch (p.type) {
    case 'provider_b':
      return userApiClient(p, deps);
    case 'provider_a':
      return openIdClient(p, normalizeIssuer(deps.settings.auth.providerA.issuer), deps);
    case 'oidc':
      return openIdClient(p, p.issuerUrl!, deps);
  }
}
