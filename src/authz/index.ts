import type { Domain } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { rolesService } from './roles.service.js';
import { authzRoutes } from './routes.js';

export const authzDomain: Domain = {
  name: 'authz',
  permissions: [
    { name: 'permission:read', description: 'List permissions', defaultRoles: ['member'] },
    ...crudPermissions('role', 'roles'),
    { name: 'role:assign', description: 'Assign roles to users and service accounts' },
  ],
  routes: (api, core) => authzRoutes(api, rolesService(core)),
};

// What other domains may use of this one's store (everything else of it stays inside).
export { allPermissions, permissionKey, principalPermissions, principalRoles, roleBySlug } from './store.js';
