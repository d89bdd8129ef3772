import type { Domain, TeamGrant } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { organizationRoutes } from './routes.js';
import { organizationsService } from './service.js';

/** `teamGrants`: what membership of a team gives in the other domains (adding a member hands it on). */
export const organizationsDomain = (teamGrants: readonly TeamGrant[]): Domain => ({
  name: 'organizations',
  permissions: [
    ...crudPermissions('organization', 'organizations'),
    ...crudPermissions('team', 'teams and their members'),
  ],
  routes: (api, core) => organizationRoutes(api, organizationsService({ ...core, teamGrants })),
});

// What other domains may use of this one's store (everything else of it stays inside).
export {
  type OrganizationNode,
  type OrganizationProps,
  findOrganization,
  findTeam,
  orgKey,
  teamKey,
} from './store.js';
