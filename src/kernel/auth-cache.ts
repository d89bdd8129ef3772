// Caches what authenticating a request needs (principal, permissions, token status) so the hot path
// costs no query. Any change to identities, roles or tokens notifies every replica through
// PostgreSQL LISTEN/NOTIFY; the short TTL bounds staleness if a notification is ever missed.
import type { Notifications } from '../db/notifications.js';
import type { Tx } from '../db/sql.js';
import { TtlCache } from '../lib/ttl-cache.js';

const CHANNEL = 'keel_auth_changed';

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

  constructor(ttlMs = 5_000) {
    this.principals = new TtlCache(ttlMs, 20_000);
    this.tokens = new TtlCache(ttlMs, 100_000);
    this.credentials = new TtlCache(ttlMs, 20_000);
    this.consents = new TtlCache(ttlMs, 20_000);
  }

  clear(): void {
    this.principals.clear();
    this.tokens.clear();
    this.credentials.clear();
    this.consents.clear();
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
