// Caches what authenticating a request needs (principal, permissions, token status) so the hot path
// costs no query. Any change to identities, roles or tokens notifies every replica through
// PostgreSQL LISTEN/NOTIFY; the short TTL bounds staleness if a notification is ever missed.
import type { Notifications } from '../db/notifications.js';
import type { Tx } from '../db/sql.js';
import { TtlCache } from '../lib/ttl-cache.js';
import type { ClientCredentialNode, ServiceAccountNode } from './service-account-records.js';

const CHANNEL = 'keel_auth_changed';

/** A client credential with the service account that owns it (none: the account is gone). */
export interface ClientOfCredential {
  credential: ClientCredentialNode;
  sa: ServiceAccountNode | undefined;
}

export interface CachedPrincipal {
  kind: 'user' | 'service_account';
  id: string;
  name: string;
  isAdmin: boolean;
  isActive: boolean;
  permissions: ReadonlySet<string>;
  /** Tokens issued before this instant (ms since the epoch) are refused; 0 when never set. */
  validAfterMs: number;
}

/** A consent as the check of a delegated token needs it (src/delegation/actor.ts). */
export interface CachedConsent {
  revoked: boolean;
  /** ms since the epoch; null: does not expire. */
  expiresAtMs: number | null;
}

export class AuthCache {
  readonly principals: TtlCache<string, CachedPrincipal | null>;
  /** jti -> revoked? */
  readonly tokens: TtlCache<string, boolean>;
  /** client_id -> id of the owning service account while the credential is usable, else null. */
  readonly credentials: TtlCache<string, string | null>;
  /**
   * consent id -> its state (null: no such consent). Revoking a consent invalidates the whole cache,
   * so every replica's delegated tokens under it are refused at their next request.
   */
  readonly consents: TtlCache<string, CachedConsent | null>;
  /**
   * client_id -> the credential (its secret's SHA-256, scopes, expiry, revocation) and its account, as
   * checking a client id and secret at /auth/token needs them. Only found credentials are kept.
   */
  readonly clients: TtlCache<string, ClientOfCredential | null>;

  constructor(ttlMs = 5_000) {
    this.principals = new TtlCache(ttlMs, 20_000);
    this.tokens = new TtlCache(ttlMs, 100_000);
    this.credentials = new TtlCache(ttlMs, 20_000);
    this.consents = new TtlCache(ttlMs, 20_000);
    this.clients = new TtlCache(ttlMs, 20_000);
  }

  /** Caches of other domains that hold what a change to identities, roles or tokens may end. */
  private readonly tracked: Array<{ clear(): void }> = [];

  /** Clears `cache` whenever this cache is cleared (here, and on a change on any replica). */
  track<C extends { clear(): void }>(cache: C): C {
    this.tracked.push(cache);
    return cache;
  }

  clear(): void {
    for (const cache of this.tracked) cache.clear();
    this.principals.clear();
    this.tokens.clear();
    this.credentials.clear();
    this.consents.clear();
    this.clients.clear();
  }

  /** Call inside a write transaction that changes anything authentication depends on. */
  async invalidate(tx: Tx): Promise<void> {
    await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, '']);
    tx.afterCommit(() => this.clear());
  }

  /** Clears on other replicas' changes (and whenever notifications may have been missed). */
  subscribe(notifications: Notifications): void {
    notifications.on(
      CHANNEL,
      () => this.clear(),
      () => this.clear(),
    );
  }
}
