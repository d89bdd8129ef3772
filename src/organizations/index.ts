import type { Domain } from '../app/domain.js';
import { crudPermissions } from '../authz/permissions.js';
import { organizationRoutes } from './routes.js';
import { organizationsService } from './service.js';

export const organizationsDomain: Domain = {
  name: 'organizations',
  permissions: [
    ...crudPermissions('organization', 'organizations'),
    ...crudPermissions('team', 'teams and their members'),
  ],
  routes: (api, core) => organizationRoutes(api, organizationsService(core)),
};
