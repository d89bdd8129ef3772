import type { Domain } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { projectPagesMigration } from './pages.js';
import { projectRoutes } from './routes.js';
import { projectsService } from './service.js';

export const projectsDomain: Domain = {
  name: 'projects',
  migrations: [projectPagesMigration],
  permissions: [
    ...crudPermissions('project', 'projects'),
    { name: 'project:access', description: "Manage users' resource-level access (CAN_ACCESS) to projects" },
  ],
  routes: (api, core) => projectRoutes(api, projectsService(core), core.pages),
};

// What other domains may use of this one's store (everything else of it stays inside).
export { aclActions, findProject, findProjectBySlugs } from './store.js';
