import type { Domain } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { archiveRoutes, archiveService, projectArchiveMigration } from './archive.js';
import { BLUEPRINT_PERMISSIONS, blueprintRoutes, blueprintsService } from './blueprints.js';
import { dependenciesService, dependencyRoutes } from './dependencies.js';
import { deploymentRoutes, deploymentsService, projectDeploymentsMigration } from './deployments.js';
import { LINK_DEFINITION_PERMISSIONS, linkRoutes, linksService } from './links.js';
import { projectDependentsMigration, projectEntriesMigration } from './entries.js';
import { dependencyLogMigration, dependencyLogPruner } from './dependency-log.js';
import { DEPENDENCY_LOG_KEEP_MS } from './dependency-index.js';
import { projectFactsMigration } from './facts.js';
import { importRoutes, importService } from './import.js';
import { dependencyPagesMigration, linkDefinitionPagesMigration, projectPagesMigration } from './pages.js';
import { projectRoutes } from './routes.js';
import { projectsService } from './service.js';
import { PROJECT_TYPE_PERMISSIONS, projectTypeRoutes, projectTypesService } from './types.js';

export const projectsDomain: Domain = {
  name: 'projects',
  migrations: [
    projectPagesMigration,
    dependencyPagesMigration,
    linkDefinitionPagesMigration,
    projectArchiveMigration,
    projectFactsMigration,
    projectEntriesMigration,
    projectDependentsMigration,
    projectDeploymentsMigration,
    dependencyLogMigration,
  ],
  permissions: [
    ...crudPermissions('project', 'projects'),
    { name: 'project:access', description: "Manage users' resource-level access (CAN_ACCESS) to projects" },
    ...PROJECT_TYPE_PERMISSIONS,
    ...BLUEPRINT_PERMISSIONS,
    ...LINK_DEFINITION_PERMISSIONS,
  ],
  routes: async (api, core) => {
    projectRoutes(api, projectsService(core), core.pages);
    archiveRoutes(api, archiveService(core));
    projectTypeRoutes(api, projectTypesService(core));
    blueprintRoutes(api, blueprintsService(core));
    dependencyRoutes(api, dependenciesService(core), core.pages);
    deploymentRoutes(api, deploymentsService(core));
    linkRoutes(api, linksService(core));
    await importRoutes(api, importService(core));
  },
  background: [
    {
      name: 'dependency-log-prune',
      roles: ['api', 'worker'],
      start: async (core) => dependencyLogPruner(core, DEPENDENCY_LOG_KEEP_MS).start(),
    },
  ],
};

// What other domains may use of this one's store (everything else of it stays inside).
export { aclActions, aclActionsBySlugs, findProject, findProjectBySlugs } from './store.js';
export { dropProjectsOnCommit } from './pages.js';
export { deploymentsService, MOVES_VERSION } from './deployments.js';
