// The activity reader: the `events` table of the analytics store, per organization and per project.
import type { Domain } from '../kernel/domain.js';
import { activityRoutes } from './routes.js';
import { activityService } from './service.js';

export const activityDomain: Domain = {
  name: 'activity',
  routes: (api, core) => activityRoutes(api, activityService(core)),
};
