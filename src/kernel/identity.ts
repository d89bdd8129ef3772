// The identity contract: the records identity keeps and the services it lends the rest of the
// service through the core. Identity implements these; other domains see nothing else of it.
import type { JwtClaims } from '../crypto/jwt.js';
import type { Queryable } from '../db/sql.js';
import type { GraphNode } from '../graph/store.js';
import type { AuthCache, CachedPrincipal } from './auth-cache.js';
import type { AuthContext } from './context.js';
import type { ClientCredentialNode, ServiceAccountNode } from './service-account-records.js';

export type {
  ClientCredentialNode,
  ClientCredentialProps,
  ServiceAccountNode,
  ServiceAccountProps,
} from './service-account-records.js';
export interface UserProps {
  email: string;
  display_name: string;
  password_hash: string | null;
  is_active: boolean;
  is_admin: boolean;
  updated_by?: string;
  [k: string]: unknown;
}

export type UserNode = GraphNode<UserProps>;

export interface UserCreate {
  email: string;
  display_name?: string | undefined;
  password?: string | undefined;
  is_admin?: boolean | undefined;
  is_active?: boolean | undefined;
}

export interface CredentialRead {
  client_id: string;
  name: string;
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface CredentialInput {
  name: string;
  scopes?: string[] | undefined;
  expires_in_days?: number | undefined;
  /** Adopt an operator-supplied credential instead of generating one (setup-service-accounts). */
  client_id?: string;
  client_secret?: string;
}

export interface IssueRequest {
  /** Node id and name (email or slug) of the principal the token is ISSUED_TO. */
  principal: { id: string; name: string };
  authMethod: string;
  ttlSeconds: number;
  scope?: string | undefined;
  /** Further claims (act, azp). */
  claims?: Record<string, unknown>;
  /** Further edges from the metadata node (e.g. to the acting service account). */
  links?: { edge: string; dst: string }[];
  /**
   * The principal's valid-after (ms): the token is not dated before it, or its first use would refuse
   * it (issuing waits the millisecond or two; src/identity/revocation.ts, reachValidAfter).
   */
  validAfterMs?: number;
}

export interface IssuedToken {
  access_token: string;
  jti: string;
  expires_in: number;
}

export type RefreshOutcome = { issued: IssuedToken; refresh_token: string } | { error: string };

/**
 * Checks a delegated token's actor (token exchange). Registered by the delegation domain; without it,
 * tokens that carry `act` are refused.
 */
export type ActorVerifier = (claims: JwtClaims) => Promise<{ id: string; name: string }>;

/** The graph key that names a principal: a user by email (lower-cased), a service account by slug. */
export function principalKey(
  kind: 'user' | 'service_account',
  name: string,
): { namespace: string; key: string } {
  return kind === 'user'
    ? { namespace: 'User.email', key: name.toLowerCase() }
    : { namespace: 'ServiceAccount.slug', key: name };
}

/** A signed-in session: an access token and the first token of a refresh family. */
export interface SignInSession {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

export interface UsersPort {
  /** Reads without an authorization check: for start-up, the CLI and sign-in flows. */
  findByIdUnchecked(id: string): Promise<UserNode | undefined>;
  findByEmailUnchecked(email: string): Promise<UserNode | undefined>;
  /** Creates a user without an authorization check; `by` is the attribution written on it. */
  createUnchecked(input: UserCreate, by: string): Promise<UserNode>;
  /** Creates this admin when no user has the email; true when it did. */
  ensureAdmin(email: string, password: string): Promise<boolean>;
}

export interface ServiceAccountsPort {
  findUnchecked(slug: string): Promise<ServiceAccountNode | undefined>;
  createUnchecked(
    input: { slug: string; display_name: string; description?: string | undefined },
    by: string,
  ): Promise<ServiceAccountNode>;
  addCredentialUnchecked(
    sa: ServiceAccountNode,
    input: CredentialInput,
  ): Promise<CredentialRead & { client_secret: string }>;
  /** The account and credential of a client id and secret, or why they are refused. */
  authenticateClient(
    clientId: string,
    secret: string,
  ): Promise<{ sa: ServiceAccountNode; credential: ClientCredentialNode } | { error: string }>;
}

export interface TokensPort {
  /** Signs an access token and records its metadata in the transaction. */
  issue(q: Queryable, request: IssueRequest): Promise<IssuedToken>;
  /**
   * Signs an access token that a grant issues on its own (client credentials, token exchange) and
   * records its metadata in a statement of its own, committed without waiting for its WAL flush.
   */
  issueForGrant(request: IssueRequest): Promise<IssuedToken>;
  rotateRefresh(token: string): Promise<RefreshOutcome>;
  signIn(user: { id: string; email: string }, authMethod: string, checked?: UserNode): Promise<SignInSession>;
}

export interface AuthenticatorPort {
  /** The caller of a request: synchronous when everything it needs is cached. */
  authenticate(authorization: string | undefined): AuthContext | Promise<AuthContext>;
  loadPrincipal(kind: 'user' | 'service_account', name: string): Promise<CachedPrincipal | null>;
  /** Refuses a token issued before the principal's valid-after (throws 401). */
  checkIssuedAfter(claims: JwtClaims, principal: CachedPrincipal, what: string): void;
}

/**
 * What checks the actor of a delegated token (the delegation domain contributes it through
 * Domain.actorCheck): made once, when identity is built, from the authenticator it serves.
 */
export type ActorCheck = (deps: {
  authn: Pick<AuthenticatorPort, 'loadPrincipal' | 'checkIssuedAfter'>;
  sql: Queryable;
  authCache: AuthCache;
}) => ActorVerifier;

/** Identity services every domain may build on. */
export interface Identity {
  users: UsersPort;
  serviceAccounts: ServiceAccountsPort;
  tokens: TokensPort;
  authn: AuthenticatorPort;
}
