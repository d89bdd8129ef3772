// Scores of projects (SPEC 1.2, 4.3): policies, the recompute trigger and queue, score history.
import type { Domain } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { SCHEDULER_ROLE } from '../delegation/setup.js';
import { scoringRoutes } from './routes.js';
import { RESCORE_PERMISSION, TRIGGER_PERMISSIONS, scoringService } from './service.js';
import { scoringMigrations } from './store.js';
import { scoringWorker } from './worker.js';

export const scoringDomain: Domain = {
  name: 'scoring',
  migrations: scoringMigrations,
  permissions: [
    ...crudPermissions('scoring_policy', 'scoring policies'),
    ...TRIGGER_PERMISSIONS.map((name) => ({
      name,
      description: 'Queue every project for score recompute (POST /api/scoring/recompute-all)',
      defaultRoles: [SCHEDULER_ROLE],
    })),
    { name: RESCORE_PERMISSION, description: 'Recompute scores immediately (POST /scoring/rescore)' },
  ],
  routes: (api, core) => scoringRoutes(api, scoringService(core)),
  background: [
    {
      name: 'scoring-recompute',
      roles: ['worker'],
      start: async (core) => scoringWorker(core).start(),
    },
  ],
};
