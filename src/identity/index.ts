import type { Domain } from '../app/domain.js';
import { crudPermissions } from '../authz/permissions.js';
import { coreGrants, grantTable, type GrantHandler } from './grants.js';
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
