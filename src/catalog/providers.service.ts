// AI providers of an organization: configuration, and an API key that is encrypted on receipt and
// never leaves the service again (responses carry has_credentials, the hint and auth_kind instead).
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import type { Queryable } from '../db/sql.js';
import { createNode, deleteNode, putEdge, updateExisting, updateNode } from '../graph/store.js';
import { AppError, conflict, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { validateBaseUrl } from '../outbound/guard.js';
import { privateTargetWarning } from '../outbound/private-target.js';
import { organizationOfPath } from '../organizations/service.js';
import type { OrganizationNode } from '../organizations/index.js';
import { driverOf, type Driver, type DriverName } from './drivers.js';
import {
  countModelsServedBy,
  findProvider,
  listProviders,
  type ProviderNode,
  type ProviderProps,
} from './store.js';

export type AuthKind = 'api_key' | 'iam' | 'none';

export interface ProviderRead {
  id: string;
  organization: string;
  driver: DriverName;
  /** What the driver is, in words a person recognises (the vendor or cloud: `Anthropic`, `OpenAI`...). */
  driver_display_name: string;
  name: string;
  base_url: string | null;
  region: string | null;
  enabled: boolean;
  has_credentials: boolean;
  credential_hint?: string;
  credential_updated_at: string | null;
  auth_kind: AuthKind;
  /** On create and on a change of base_url: what will not work as configured. */
  warnings?: string[];
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export function providerRead(p: ProviderNode, org: string): ProviderRead {
  const driver = driverOf(p.props.driver);
  const has = p.props.credentials_encrypted !== null;
  return {
    id: p.id,
    organization: org,
    driver: driver.name,
    driver_display_name: driver.display_name,
    name: p.props.name,
    base_url: p.props.base_url,
    region: p.props.region,
    enabled: p.props.enabled,
    has_credentials: has,
    ...(has && p.props.credential_hint ? { credential_hint: p.props.credential_hint } : {}),
    credential_updated_at: p.props.credential_updated_at,
    auth_kind: has ? 'api_key' : driver.supports_iam ? 'iam' : 'none',
    updated_by: p.props.updated_by ?? null,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

/** A write's answer: the provider, or undefined (204) for a caller who may change it but not read it. */
const answer = (ctx: AuthContext, p: ProviderNode, org: string): ProviderRead | undefined =>
  hasPermission(ctx, 'ai_model:read') ? providerRead(p, org) : undefined;

/** The provider in the organization, or 404 (another organization's provider is not found either). */
export async function mustFindProvider(
  q: Queryable,
  org: OrganizationNode,
  id: string,
  lock?: 'share' | 'update',
): Promise<ProviderNode> {
  const p = await findProvider(q, org.id, id, lock);
  if (!p) throw notFound(`AI provider ${id}`);
  return p;
}

/** base_url rules (SPEC 4.4 rule 2) plus: no query or fragment, required when the driver needs one. */
function checkBaseUrl(driver: Driver, raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) {
    if (driver.requires_base_url) throw invalid('/base_url', `is required for driver ${driver.name}`);
    return null;
  }
  const url = validateBaseUrl(raw, '/base_url');
  if (url.search || url.hash)
    throw invalid('/base_url', 'must not contain a query or a fragment', 'invalid_url');
  return url.toString().replace(/\/+$/, '');
}

/** What a masked hint looks like when a UI sends it back instead of a key. */
const MASKED = /\*{3,}/;

type Sealed = Pick<ProviderProps, 'credentials_encrypted' | 'credential_hint' | 'credential_updated_at'>;

/** Encrypts a key (503 when KEEL_CONFIG_ENCRYPTION_KEY is unset, before anything is written). */
function seal(secrets: Core['secrets'], apiKey: string): Sealed {
  if (MASKED.test(apiKey)) {
    throw invalid('/api_key', 'looks like a masked credential hint, not a key; send the full key');
  }
  const box = secrets.configBox();
  return {
    credentials_encrypted: box.seal(apiKey),
    credential_hint: apiKey.length >= 8 ? apiKey.slice(-4) : null,
    credential_updated_at: new Date().toISOString(),
  };
}

const NO_CREDENTIALS: Sealed = {
  credentials_encrypted: null,
  credential_hint: null,
  credential_updated_at: null,
};

export interface ProviderCreate {
  driver: DriverName;
  name: string;
  base_url?: string | null | undefined;
  region?: string | null | undefined;
  enabled?: boolean | undefined;
  api_key?: string | undefined;
}

export interface ProviderPatch {
  name?: string | undefined;
  base_url?: string | null | undefined;
  region?: string | null | undefined;
  enabled?: boolean | undefined;
}

type Deps = Pick<Core, 'sql' | 'secrets' | 'settings'>;

export function providersService({ sql, secrets, settings }: Deps) {
  /** The provider's answer, with a warning when its base URL is one discovery will refuse. */
  const warned = async <T extends ProviderRead | undefined>(read: T): Promise<T> => {
    if (!read) return read;
    const warning = await privateTargetWarning(read.base_url, settings.outbound.allowPrivateNetworks);
    return warning ? { ...read, warnings: [warning] } : read;
  };
  return {
    async create(ctx: AuthContext, orgSlug: string, input: ProviderCreate): Promise<ProviderRead> {
      authorize(ctx, 'ai_model:create');
      const driver = driverOf(input.driver);
      const baseUrl = checkBaseUrl(driver, input.base_url);
      const credentials = input.api_key !== undefined ? seal(secrets, input.api_key) : NO_CREDENTIALS;
      const created = await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const p = await createNode<ProviderProps>(tx, 'AIProvider', {
          driver: driver.name,
          name: input.name,
          base_url: baseUrl,
          region: input.region ?? null,
          enabled: input.enabled ?? true,
          organization_id: org.id,
          ...credentials,
          updated_by: attribution(ctx),
        });
        await putEdge(tx, p.id, 'BELONGS_TO', org.id);
        return providerRead(p, org.props.slug);
      });
      return warned(created);
    },

    async list(ctx: AuthContext, orgSlug: string, page: Page) {
      authorize(ctx, 'ai_model:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const rows = await listProviders(sql, org.id, page.after, page.limit + 1);
      const items = rows.slice(0, page.limit);
      return {
        items: items.map((p) => providerRead(p, org.props.slug)),
        next: rows.length > page.limit ? items[items.length - 1]!.id : undefined,
      };
    },

    async get(ctx: AuthContext, orgSlug: string, id: string): Promise<ProviderRead> {
      authorize(ctx, 'ai_model:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return providerRead(await mustFindProvider(sql, org, id), org.props.slug);
    },

    /** The provider as changed, or undefined for a caller who may change it but not read providers. */
    async update(
      ctx: AuthContext,
      orgSlug: string,
      id: string,
      input: ProviderPatch,
    ): Promise<ProviderRead | undefined> {
      authorize(ctx, 'ai_model:update');
      const updated = await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const p = await mustFindProvider(tx, org, id, 'update');
        const patch: Partial<ProviderProps> = { updated_by: attribution(ctx) };
        if (input.name !== undefined) patch.name = input.name;
        if (input.base_url !== undefined) {
          patch.base_url = checkBaseUrl(driverOf(p.props.driver), input.base_url);
          // Discovery sends the stored key to base_url: pointing a keyed provider anywhere else is a
          // credentials operation, or anyone with ai_model:update could have the key sent to them. The
          // whole URL counts, not only its origin: gateways serve many customers on one host, each
          // under a path of its own (an account id in the path).
          const effective = (url: string | null | undefined) => {
            const u = url ?? driverOf(p.props.driver).default_base_url;
            return u ? new URL(u).href : null;
          };
          const before = effective(p.props.base_url);
          const after = effective(patch.base_url);
          if (p.props.credentials_encrypted && before !== after) authorize(ctx, 'ai_model:credentials');
        }
        if (input.region !== undefined) patch.region = input.region;
        if (input.enabled !== undefined) patch.enabled = input.enabled;
        return answer(ctx, await updateExisting<ProviderProps>(tx, p.id, patch), org.props.slug);
      });
      return input.base_url !== undefined ? warned(updated) : updated;
    },

    /** 409 while models are served by it: models are never deleted as a side effect. */
    async remove(ctx: AuthContext, orgSlug: string, id: string): Promise<void> {
      authorize(ctx, 'ai_model:delete');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const p = await mustFindProvider(tx, org, id, 'update');
        const served = await countModelsServedBy(tx, p.id);
        if (served > 0) {
          throw conflict(
            `AI provider ${id} still serves ${served} model${served === 1 ? '' : 's'}; delete them first`,
            'provider_in_use',
          );
        }
        await deleteNode(tx, p.id, 'AIProvider');
      });
    },

    async putCredentials(
      ctx: AuthContext,
      orgSlug: string,
      id: string,
      apiKey: string,
    ): Promise<ProviderRead | undefined> {
      authorize(ctx, 'ai_model:credentials');
      const sealed = seal(secrets, apiKey);
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const p = await mustFindProvider(tx, org, id, 'update');
        const patch: Partial<ProviderProps> = { ...sealed, updated_by: attribution(ctx) };
        return answer(ctx, await updateExisting<ProviderProps>(tx, p.id, patch), org.props.slug);
      });
    },

    async deleteCredentials(ctx: AuthContext, orgSlug: string, id: string): Promise<void> {
      authorize(ctx, 'ai_model:credentials');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const p = await mustFindProvider(tx, org, id, 'update');
        // Idempotent: removing credentials that are not there leaves the same state.
        await updateNode<ProviderProps>(tx, p.id, { ...NO_CREDENTIALS, updated_by: attribution(ctx) });
      });
    },

    /** The stored key in the clear, for an outbound call; null when none is stored. */
    openCredentials(p: ProviderNode): string | null {
      if (p.props.credentials_encrypted === null) return null;
      const box = secrets.configBox();
      try {
        return box.open(p.props.credentials_encrypted);
      } catch {
        throw new AppError(
          409,
          'credentials_unreadable',
          `the stored credential of AI provider ${p.id} cannot be decrypted with the configured KEEL_CONFIG_ENCRYPTION_KEY; store the key again`,
        );
      }
    },
  };
}

export type ProvidersService = ReturnType<typeof providersService>;
