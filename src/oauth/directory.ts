// What the login paths know about providers, cached per process for KEEL_AUTH_PROVIDER_CACHE_SECONDS
// (30 s by default). A write on this process invalidates at once; other replicas see it when their
// entries expire, which bounds how long an edit takes to reach them.
import type { Sql } from '../db/sql.js';
import { TtlCache } from '../lib/ttl-cache.js';
import type { ExportedJWKSCache, ServerMetadata } from 'openid-client';
import { allProviders, findProvider, type OAuthProviderNode } from './store.js';

/** An issuer's discovery document, and the JWKS fetched for it so far. */
export interface IssuerMetadata {
  metadata: ServerMetadata;
  jwks: ExportedJWKSCache | undefined;
}

export class ProviderDirectory {
  private readonly bySlug: TtlCache<string, OAuthProviderNode | null>;
  private readonly all: TtlCache<'all', OAuthProviderNode[]>;
  /** Discovery documents by issuer, on the same clock as the provider entries. */
  readonly issuers: TtlCache<string, IssuerMetadata>;

  constructor(
    private readonly sql: Sql,
    readonly ttlSeconds: number,
  ) {
    this.bySlug = new TtlCache(ttlSeconds * 1000, 1000);
    this.all = new TtlCache(ttlSeconds * 1000, 1);
    this.issuers = new TtlCache(ttlSeconds * 1000, 1000);
  }

  async get(slug: string): Promise<OAuthProviderNode | undefined> {
    return (
      (await this.bySlug.load(slug, async () => (await findProvider(this.sql, slug)) ?? null)) ?? undefined
    );
  }

  async list(): Promise<OAuthProviderNode[]> {
    return this.all.load('all', () => allProviders(this.sql));
  }

  /** Called after a write to a provider commits on this process. */
  invalidate(slug: string): void {
    this.bySlug.delete(slug);
    this.all.clear();
    this.issuers.clear();
  }
}
