// Discovery (the connection test) and import of discovered models. Outbound calls happen outside any
// transaction; import writes all selected models in one transaction or none.
import type { Core } from '../kernel/core.js';
import type { AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import { AppError } from '../http/errors.js';
import { organizationOfPath } from '../organizations/service.js';
import type { OrganizationNode } from '../organizations/index.js';
import type { ModelListCache } from './cache.js';
import { driverOf } from './drivers.js';
import { DiscoveryError, discoverModels, type DiscoveredModel } from './discovery.js';
import { modelRead, type ModelRead } from './model-read.js';
import { createModel, type ModelInput } from './models.service.js';
import { mustFindProvider, type ProvidersService } from './providers.service.js';
import { importedModelIds, type ProviderNode } from './store.js';

export interface DiscoverRead {
  provider_id: string;
  driver: string;
  truncated: boolean;
  models: Array<DiscoveredModel & { already_imported: boolean }>;
}

/** One selected model of an import; slug defaults to one derived from the vendor id. */
export type ImportItem = Omit<ModelInput, 'slug'> & { slug?: string | undefined };

/** A slug from a vendor model id: lower case, other characters become '-', at most 63 characters. */
/**
 * Discovery and import name a provider in their path and answer with what it reports: that needs
 * `ai_model:read` (which reads providers), checked before the lookup (authorizeNaming).
 */
function authorizeProviderPath(ctx: AuthContext): void {
  authorizeNaming(ctx, 'ai_model:read', { pointer: '/id', in: 'params' }, 'an AI provider');
}

export function slugFromModelId(modelId: string): string {
  return modelId
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, 63)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
}

type Deps = Pick<Core, 'sql' | 'settings' | 'log'> & {
  providers: ProvidersService;
  cache: ModelListCache;
  timeoutMs: number;
};

export function discoveryService({ sql, settings, log, providers, cache, timeoutMs }: Deps) {
  async function run(org: OrganizationNode, provider: ProviderNode) {
    const driver = driverOf(provider.props.driver);
    if (!driver.supports_discovery) {
      throw new AppError(
        422,
        'discovery_not_supported',
        `discovery is not supported for driver ${driver.name}: add its models by id with POST /organizations/${org.props.slug}/ai-providers/${provider.id}/import-models`,
      );
    }
    const baseUrl = provider.props.base_url ?? driver.default_base_url;
    if (baseUrl === null) {
      throw new AppError(
        422,
        'base_url_missing',
        `AI provider ${provider.id} has no base_url; set one with PATCH /organizations/${org.props.slug}/ai-providers/${provider.id}`,
      );
    }
    const apiKey = providers.openCredentials(provider);
    if (apiKey === null && driver.name !== 'vendor_b_compatible') {
      throw new AppError(
        422,
        'credentials_missing',
        `AI provider ${provider.id} has no API key; store one with PUT /organizations/${org.props.slug}/ai-providers/${provider.id}/credentials`,
      );
    }
    try {
      return await discoverModels(
        { driver, baseUrl, apiKey },
        { allowPrivateNetworks: settings.outbound.allowPrivateNetworks, timeoutMs },
      );
    } catch (err) {
      if (!(err instanceof DiscoveryError)) throw err;
      const detail = `${driver.name}: ${err.reason}`;
      log.warn(
        { provider_id: provider.id, driver: driver.name, reason: err.reason },
        'AI provider discovery failed',
      );
      throw new AppError(502, 'discovery_failed', detail);
    }
  }

  return {
    /** Calls the provider with the stored credential; writes nothing. */
    async discover(ctx: AuthContext, orgSlug: string, id: string): Promise<DiscoverRead> {
      authorize(ctx, 'ai_model:create');
      authorizeProviderPath(ctx);
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const provider = await mustFindProvider(sql, org, id);
      const result = await run(org, provider);
      const imported = await importedModelIds(sql, provider.id);
      return {
        provider_id: provider.id,
        driver: provider.props.driver,
        truncated: result.truncated,
        models: result.models.map((m) => ({ ...m, already_imported: imported.has(m.model_id) })),
      };
    },

    /**
     * Discovers again (so context sizes come from the provider, not the caller), checks that every
     * selected model is reported, then creates them all in one transaction.
     */
    async importModels(
      ctx: AuthContext,
      orgSlug: string,
      id: string,
      items: ImportItem[],
    ): Promise<ModelRead[]> {
      authorize(ctx, 'ai_model:create');
      authorizeProviderPath(ctx);
      const seen = new Map<string, number>();
      for (const [i, item] of items.entries()) {
        if (seen.has(item.model_id)) {
          throw new AppError(422, 'validation_failed', `models/${i}/model_id: is selected twice`, [
            { pointer: `/models/${i}/model_id`, in: 'body', detail: 'is selected twice' },
          ]);
        }
        seen.set(item.model_id, i);
      }
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const found = await mustFindProvider(sql, org, id);
      const discovered = new Map((await run(org, found)).models.map((m) => [m.model_id, m]));
      const inputs: ModelInput[] = items.map((item, i) => {
        const d = discovered.get(item.model_id);
        if (!d) {
          throw new AppError(
            422,
            'model_not_discovered',
            `models/${i}/model_id: ${item.model_id} is not reported by the provider`,
            [{ pointer: `/models/${i}/model_id`, in: 'body', detail: 'is not reported by the provider' }],
          );
        }
        const slug = item.slug ?? slugFromModelId(item.model_id);
        if (!slug) {
          throw new AppError(422, 'validation_failed', `models/${i}/slug: is required for this model id`, [
            { pointer: `/models/${i}/slug`, in: 'body', detail: 'is required for this model id' },
          ]);
        }
        return {
          ...item,
          slug,
          name: item.name ?? d.display_name,
          context_window:
            item.context_window !== undefined ? item.context_window : (d.context_window ?? null),
          max_output_tokens:
            item.max_output_tokens !== undefined ? item.max_output_tokens : (d.max_output_tokens ?? null),
        };
      });
      return sql.tx(async (tx) => {
        cache.invalidate(tx);
        // The provider may have gone while we were asking it; lock it against deletion until commit.
        const provider = await mustFindProvider(tx, org, id, 'share');
        const created: ModelRead[] = [];
        for (const [i, input] of inputs.entries()) {
          try {
            created.push(
              modelRead(await createModel(tx, ctx, org, provider, input, `/models/${i}`), org.props.slug),
            );
          } catch (err) {
            if (err instanceof AppError && err.status === 409) {
              throw new AppError(409, 'conflict', `models/${i} (${input.model_id}): ${err.detail}`);
            }
            throw err;
          }
        }
        return created;
      });
    },
  };
}

export type DiscoveryService = ReturnType<typeof discoveryService>;
