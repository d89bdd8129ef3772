import type { Domain } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { environmentRoutes } from './routes.js';
import { environmentsService } from './service.js';

export const environmentsDomain: Domain = {
  name: 'environments',
  permissions: crudPermissions('environment', 'environments'),
  routes: (api, core) => environmentRoutes(api, environmentsService(core)),
};
