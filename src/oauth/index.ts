import type { Domain } from '../kernel/domain.js';
import { ProviderDirectory } from './directory.js';
import { oauthLoginService } from './login.js';
import { oauthRoutes } from './routes.js';
import { rateLimit } from '../identity/throttle.js';
import { identityIssuer, oauthProvidersService } from './service.js';
import { findProvider, legacyIdentities, pendingLoginsMigration, rekeyIdentity } from './store.js';

export const oauthDomain: Domain = {
  name: 'oauth',
  migrations: [pendingLoginsMigration],
  permissions: [
    { name: 'oauth-providers:read', description: 'List and read OAuth login providers' },
    { name: 'oauth-providers:write', description: 'Create, replace and delete OAuth login providers' },
  ],
  // Links made before identities were keyed by issuer take the issuer their provider has at upgrade.
  seed: async (core) => {
    await core.sql.tx(async (tx) => {
      for (const legacy of await legacyIdentities(tx)) {
        const provider = await findProvider(tx, legacy.provider);
        if (!provider || (provider.props.type === 'oidc' && !provider.props.issuer_url)) continue;
        await rekeyIdentity(
          tx,
          legacy.node_id,
          identityIssuer(provider.props, core.settings.auth),
          legacy.subject,
        );
      }
    });
  },
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
