import type { Domain } from '../app/domain.js';
import { ProviderDirectory } from './directory.js';
import { oauthLoginService } from './login.js';
import { oauthRoutes } from './routes.js';
import { rateLimit } from '../identity/throttle.js';
import { oauthProvidersService } from './service.js';
import { pendingLoginsMigration } from './store.js';

export const oauthDomain: Domain = {
  name: 'oauth',
  migrations: [pendingLoginsMigration],
  permissions: [
    { name: 'oauth-providers:read', description: 'List and read OAuth login providers' },
    { name: 'oauth-providers:write', description: 'Create, replace and delete OAuth login providers' },
  ],
  routes: async (api, core) => {
    // One directory (cache) per API instance: writes here invalidate it, reads share it.
    const directory = new ProviderDirectory(core.sql, core.settings.auth.providerCacheSeconds);
    await oauthRoutes(
      api,
      oauthProvidersService(core, directory),
      oauthLoginService(core, directory),
      rateLimit(core.sql, core.settings.throttle.oauthStartsPerMinute, 60),
    );
  },
};
