import type { Core } from '../kernel/core.js';
import type { Domain } from '../kernel/domain.js';
import type { ActorCheck, Identity } from '../kernel/identity.js';
import { authenticator } from './authn.js';
import { serviceAccountsService } from './service-accounts.service.js';
import { tokensService } from './tokens.service.js';
import { usersService } from './users.service.js';
import { crudPermissions } from '../kernel/permissions.js';
import type { GrantHandler } from '../kernel/grants.js';
import { coreGrants, grantTable } from './grants.js';
import { identityRoutes } from './routes.js';
import { throttleMigration, throttlePendingMigration } from './throttle.store.js';

export function identityDomain(extraGrants: Readonly<Record<string, GrantHandler>> = {}): Domain {
  return {
    name: 'identity',
    migrations: [
      {
        id: '0002_identity_refresh_family',
        sql: `CREATE INDEX graph_nodes_refresh_family ON graph_nodes ((props->>'family')) WHERE label = 'RefreshToken'`,
      },
      throttleMigration,
      throttlePendingMigration,
      {
        id: '0002_identity_refresh_user',
        sql: `CREATE INDEX graph_nodes_refresh_user ON graph_nodes ((props->>'user_id')) WHERE label = 'RefreshToken'`,
      },
    ],
    permissions: [
      ...crudPermissions('user', 'users'),
      ...crudPermissions('service_account', 'service accounts'),
    ],
    routes: (api, core) => identityRoutes(api, core, grantTable(coreGrants, extraGrants)),
  };
}

/** The identity services the core lends every domain (the identity contract of the kernel). */
export function identityServices(
  deps: Pick<Core, 'sql' | 'jwt' | 'authCache' | 'settings'> & { actorCheck?: ActorCheck | undefined },
): Identity {
  const tokens = tokensService(deps);
  return {
    users: usersService(deps),
    serviceAccounts: serviceAccountsService(deps),
    tokens,
    authn: authenticator({ ...deps, tokens }),
  };
}

// What other domains may use of this one's store (everything else of it stays inside).
export { credentialsOf, findCredential, ownerOfCredential } from './service-accounts.store.js';
export { findUserByEmail } from './users.store.js';
