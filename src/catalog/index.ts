import type { Domain } from '../kernel/domain.js';
import { ModelListCache, catalogVersionsMigration } from './cache.js';
import { DISCOVERY_TIMEOUT_MS } from './discovery.js';
import { discoveryService } from './discovery.service.js';
import { modelsService } from './models.service.js';
import { providersService } from './providers.service.js';
import { catalogRoutes } from './routes.js';

export interface CatalogOptions {
  /** Per-call limit of discovery requests; SPEC 8 fixes it at 10 s (tests shorten it). */
  discoveryTimeoutMs?: number;
}

/** The per-organization AI model catalog (SPEC 2.6, 4.4). */
export function createCatalogDomain(options: CatalogOptions = {}): Domain {
  return {
    name: 'catalog',
    migrations: [catalogVersionsMigration],
    // A restricted model is seen by the members of its teams (ALLOWED_FOR model -> team).
    teamGrants: [{ edgeLabel: 'ALLOWED_FOR', seesAll: 'ai_model:update', what: 'restricted AI models' }],
    permissions: [
      {
        name: 'ai_model:read',
        description: 'List and read AI providers and the AI models visible to the caller',
        defaultRoles: ['member'],
      },
      {
        name: 'ai_model:create',
        description: 'Configure AI providers, discover and import or create models',
      },
      { name: 'ai_model:update', description: 'Update AI providers and models; see every model' },
      { name: 'ai_model:delete', description: 'Delete AI providers and models' },
      { name: 'ai_model:credentials', description: 'Store and remove AI provider API keys' },
    ],
    routes: (api, core) => {
      const providers = providersService(core);
      const cache = new ModelListCache();
      catalogRoutes(api, {
        providers,
        models: modelsService({ ...core, cache }),
        discovery: discoveryService({
          ...core,
          providers,
          cache,
          timeoutMs: options.discoveryTimeoutMs ?? DISCOVERY_TIMEOUT_MS,
        }),
      });
    },
  };
}

export const catalogDomain = createCatalogDomain();
