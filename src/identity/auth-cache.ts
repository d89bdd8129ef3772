// Caches what authenticating a request needs (principal, permissions, token status) so the hot path
// costs no query. Any change to identities, roles or tokens notifies every replica through
// PostgreSQL LISTEN/NOTIFY; the short TTL bounds staleness if a notification is ever missed.
import type pg from 'pg';
import type { Sql, Tx } from '../db/sql.js';
import { TtlCache } from '../lib/ttl-cache.js';

const CHANNEL = 'keel_auth_changed';

export interface CachedPrincipal {
  kind: 'user' | 'service_account';
  id: string;
  name: string;
  isAdmin: boolean;
  isActive: boolean;
  permissions: ReadonlySet<string>;
}

export class AuthCache {
  readonly principals: TtlCache<string, CachedPrincipal | null>;
  /** jti -> revoked? */
  readonly tokens: TtlCache<string, boolean>;

  constructor(ttlMs = 5_000) {
    this.principals = new TtlCache(ttlMs, 20_000);
    this.tokens = new TtlCache(ttlMs, 100_000);
  }

  clear(): void {
    this.principals.clear();
    this.tokens.clear();
  }

  /** Call inside a write transaction that changes anything authentication depends on. */
  async invalidate(tx: Tx): Promise<void> {
    await tx.query('SELECT pg_notify($1, $2)', [CHANNEL, '']);
    tx.afterCommit(() => this.clear());
  }

  /** Listens for other replicas' changes; reconnects when the connection drops. */
  async listen(sql: Sql): Promise<{ stop(): Promise<void> }> {
    let stopped = false;
    let client: pg.PoolClient | undefined;
    const connect = async (): Promise<void> => {
      if (stopped) return;
      try {
        client = await sql.pool.connect();
        client.on('notification', () => this.clear());
        client.on('error', () => {
          if (stopped) return; // released by stop(); the server closing it now is expected
          client?.release(true);
          client = undefined;
          this.clear();
          setTimeout(() => void connect(), 1000).unref();
        });
        await client.query(`LISTEN ${CHANNEL}`);
      } catch {
        client?.release(true);
        client = undefined;
        setTimeout(() => void connect(), 1000).unref();
      }
    };
    await connect();
    return {
      stop: async () => {
        stopped = true;
        const c = client;
        client = undefined;
        if (c) {
          await c.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
          c.release();
        }
      },
    };
  }
}
