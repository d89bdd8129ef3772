// Administration of OAuth login providers (SPEC 2.5, 4.6): upsert with a write-only secret, reads
// that only say whether a secret is stored.
import { PROVIDER_TYPE_INFO, type ProviderTypeInfo } from './types.js';
import net from 'node:net';
import type { Core } from '../kernel/core.js';
import { attribution, isAdminUser, type AuthContext } from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import { KeyConflictError } from '../graph/store.js';
import { AppError, forbidden, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { isLoopbackHost, isPrivateAddress, validateBaseUrl } from '../outbound/guard.js';
import type { ProviderDirectory } from './directory.js';
import {
  deleteProvider,
  findProvider,
  insertProvider,
  listProviders,
  replaceProvider,
  type OAuthProviderNode,
  type OAuthProviderProps,
  type ProviderIcon,
  type ProviderType,
} from './store.js';

export interface OAuthProviderRead {
  slug: string;
  type: ProviderType;
  /** The login service of the type (`Google`, `GitHub`, `OpenID Connect`). */
  type_display_name: string;
  type_description: string;
  name: string;
  enabled: boolean;
  client_id: string | null;
  has_secret: boolean;
  issuer_url: string | null;
  allowed_domains: string[];
  icon: ProviderIcon;
  callback_url: string;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface OAuthProviderPut {
  type?: ProviderType | undefined;
  name: string;
  enabled: boolean;
  client_id?: string | null | undefined;
  /** Write-only: a string sets it, null clears it, absent keeps the stored one. */
  client_secret?: string | null | undefined;
  issuer_url?: string | null | undefined;
  allowed_domains?: string[] | undefined;
  icon?: ProviderIcon | undefined;
}

/** In v1 a slug names its type; later slugs of type `oidc` will name their type in the body. */
const TYPE_OF_SLUG: Record<string, ProviderType> = {
  provider_a: 'provider_a',
  provider_b: 'provider_b',
  oidc: 'oidc',
};
const DEFAULT_ICON: Record<ProviderType, ProviderIcon> = {
  provider_a: 'provider_a',
  provider_b: 'provider_b',
  oidc: 'key',
};

export const callbackUrl = (publicUrl: string, slug: string) => `${publicUrl}/auth/oauth/${slug}/callback`;

export function providerRead(node: OAuthProviderNode, publicUrl: string): OAuthProviderRead {
  const p = node.props;
  return {
    slug: p.slug,
    type: p.type,
    type_display_name: PROVIDER_TYPE_INFO[p.type].display_name,
    type_description: PROVIDER_TYPE_INFO[p.type].description,
    name: p.name,
    enabled: p.enabled,
    client_id: p.client_id,
    has_secret: p.client_secret_encrypted !== null,
    issuer_url: p.issuer_url,
    allowed_domains: p.allowed_domains,
    icon: p.icon,
    callback_url: callbackUrl(publicUrl, p.slug),
    updated_by: p.updated_by ?? null,
    created_at: node.created_at.toISOString(),
    updated_at: node.updated_at.toISOString(),
  };
}

/** Issuers compare as scheme://host[:port]/path without trailing slashes (URL lower-cases the host). */
export function normalizeIssuer(raw: string | URL): string {
  const u = new URL(raw);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

/**
 * The issuer whose subjects a provider's logins assert, as identity links record it: the configured
 * issuer of an `oidc` provider; for a vendor type, its issuer or endpoints from the settings, so that
 * pointing either somewhere else never reaches the links made before.
 */
export function identityIssuer(
  p: Pick<OAuthProviderProps, 'type' | 'issuer_url'>,
  auth: Pick<Core['settings']['auth'], 'providerA' | 'providerB'>,
): string {
  switch (p.type) {
    case 'oidc':
      if (!p.issuer_url) throw new Error('an oidc provider without an issuer');
      return p.issuer_url;
    case 'provider_a':
      return normalizeIssuer(auth.providerA.issuer);
    case 'provider_b': {
      const { authorizeUrl, tokenUrl, apiUrl } = auth.providerB;
      return ['provider_b', authorizeUrl, tokenUrl, apiUrl].map((u) => u.replace(/\/+$/, '')).join(' ');
    }
  }
}

/** The issuer rules: https, no userinfo/query/fragment; http and private addresses only when allowed. */
export function checkIssuerUrl(raw: string, allowPrivateNetworks: boolean): string {
  const url = validateBaseUrl(raw, '/issuer_url');
  if (url.search || url.hash)
    throw invalid('/issuer_url', 'must not have a query or a fragment', 'invalid_url');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.protocol === 'http:' && !(allowPrivateNetworks && isLoopbackHost(host))) {
    throw invalid(
      '/issuer_url',
      'must use https (http is accepted only for a loopback issuer while private networks are allowed)',
      'invalid_url',
    );
  }
  if (!allowPrivateNetworks && (isLoopbackHost(host) || (net.isIP(host) !== 0 && isPrivateAddress(host)))) {
    throw invalid(
      '/issuer_url',
      'is a loopback or private address, which outbound calls may not reach',
      'invalid_url',
    );
  }
  return normalizeIssuer(url);
}

/** A value an admin UI shows in place of a stored secret; saving it back would destroy the secret. */
export function looksLikeMask(value: string): boolean {
  return /[*•●]{3,}/.test(value) || /^[<[(]?redacted[>\])]?$/i.test(value.trim());
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

function checkDomains(type: ProviderType, domains: string[]): string[] {
  const clean = [...new Set(domains.map((d) => d.trim().toLowerCase()))];
  clean.forEach((d, i) => {
    if (!DOMAIN.test(d)) throw invalid(`/allowed_domains/${i}`, 'is not a domain name (e.g. example.com)');
  });
  if (type !== 'provider_a' && clean.length > 0) {
    throw invalid('/allowed_domains', 'applies to provider_a only; leave it empty for this type');
  }
  return clean;
}

/** The stored fields a PUT decides by itself (the secret is decided against the stored one). */
type ProviderDocument = Pick<
  OAuthProviderProps,
  'slug' | 'type' | 'name' | 'enabled' | 'client_id' | 'issuer_url' | 'allowed_domains' | 'icon'
>;

/**
 * Whoever configures a login provider decides who signs in as whom: admins only, whatever roles hold
 * the permission.
 */
function mayWrite(ctx: AuthContext): void {
  authorize(ctx, 'oauth-providers:write');
  if (!isAdminUser(ctx)) throw forbidden('only an admin can configure login providers');
}

type Deps = Pick<Core, 'sql' | 'secrets' | 'settings'>;

export function oauthProvidersService({ sql, secrets, settings }: Deps, directory: ProviderDirectory) {
  const read = (n: OAuthProviderNode) => providerRead(n, settings.publicUrl);

  function validated(slug: string, input: OAuthProviderPut): ProviderDocument {
    const type = TYPE_OF_SLUG[slug];
    if (!type) {
      const detail = `must be one of ${Object.keys(TYPE_OF_SLUG).join(', ')}`;
      throw new AppError(422, 'validation_failed', `slug: ${detail}`, [
        { pointer: '/slug', in: 'params', detail },
      ]);
    }
    if (input.type !== undefined && input.type !== type) {
      throw invalid('/type', `provider ${slug} has type ${type}`);
    }
    if (typeof input.client_secret === 'string' && looksLikeMask(input.client_secret)) {
      throw invalid(
        '/client_secret',
        'looks like a masked value; send the real secret, or leave the field out to keep the stored one',
      );
    }
    let issuer: string | null = null;
    if (type === 'oidc') {
      if (!input.issuer_url) throw invalid('/issuer_url', 'is required for an oidc provider');
      issuer = checkIssuerUrl(input.issuer_url, settings.outbound.allowPrivateNetworks);
    } else if (input.issuer_url) {
      throw invalid('/issuer_url', `applies to oidc providers only; ${type} uses its vendor's issuer`);
    }
    const domains = checkDomains(type, input.allowed_domains ?? []);
    if (input.enabled && type === 'provider_a' && domains.length === 0) {
      throw invalid('/allowed_domains', 'an enabled provider_a needs at least one allowed email domain');
    }
    return {
      slug,
      type,
      name: input.name.trim(),
      enabled: input.enabled,
      client_id: input.client_id ?? null,
      issuer_url: issuer,
      allowed_domains: domains,
      icon: input.icon ?? DEFAULT_ICON[type],
    };
  }

  async function upsert(ctx: AuthContext, slug: string, input: OAuthProviderPut) {
    const doc = validated(slug, input);
    // Encrypt before touching the database: without the key this throws and nothing is stored.
    const sealed =
      typeof input.client_secret === 'string' ? secrets.authBox().seal(input.client_secret) : null;
    return sql.tx(async (tx) => {
      const existing = await findProvider(tx, slug);
      // A stored secret belongs to the issuer it was issued by: a new issuer without a new secret clears it.
      const sameIssuer = existing?.props.issuer_url === doc.issuer_url;
      const secret =
        input.client_secret === undefined
          ? sameIssuer
            ? (existing?.props.client_secret_encrypted ?? null)
            : null
          : sealed;
      if (doc.enabled && !doc.client_id) throw invalid('/client_id', 'an enabled provider needs a client id');
      if (doc.enabled && !secret)
        throw invalid('/client_secret', 'an enabled provider needs a client secret');
      const props: OAuthProviderProps = {
        ...doc,
        client_secret_encrypted: secret,
        updated_by: attribution(ctx),
      };
      const node = existing ? await replaceProvider(tx, existing.id, props) : await insertProvider(tx, props);
      tx.afterCommit(() => directory.invalidate(slug));
      return { created: !existing, provider: read(node!) };
    });
  }

  return {
    /** The provider types, named for people (what each calls), configured or not. */
    types(ctx: AuthContext): ProviderTypeInfo[] {
      authorize(ctx, 'oauth-providers:read');
      return Object.values(PROVIDER_TYPE_INFO);
    },

    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, 'oauth-providers:read');
      const r = await listProviders(sql, { after: page.after, limit: page.limit });
      return { next: r.next, items: r.items.map(read) };
    },

    async get(ctx: AuthContext, slug: string): Promise<OAuthProviderRead> {
      authorize(ctx, 'oauth-providers:read');
      const node = await findProvider(sql, slug);
      if (!node) throw notFound(`OAuth provider ${slug}`);
      return read(node);
    },

    /** Creates or replaces the provider; `created` says which. */
    async put(ctx: AuthContext, slug: string, input: OAuthProviderPut) {
      mayWrite(ctx);
      try {
        return await upsert(ctx, slug, input);
      } catch (err) {
        // Two first writes raced: the other one created it, so this one replaces it.
        if (err instanceof KeyConflictError) return upsert(ctx, slug, input);
        throw err;
      }
    },

    async remove(ctx: AuthContext, slug: string): Promise<void> {
      mayWrite(ctx);
      await sql.tx(async (tx) => {
        const node = await findProvider(tx, slug);
        if (!node) throw notFound(`OAuth provider ${slug}`);
        await deleteProvider(tx, node.id);
        tx.afterCommit(() => directory.invalidate(slug));
      });
    },
  };
}

export type OAuthProvidersService = ReturnType<typeof oauthProvidersService>;

/** 404 for a provider that does not exist, is disabled, or was deleted: it cannot be used. */
export const providerUnavailable = (slug: string) =>
  new AppError(404, 'oauth_provider_not_found', `no enabled login provider ${slug}`);
