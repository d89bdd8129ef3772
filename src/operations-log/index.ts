// The operations log (SPEC 6.2 stream operations_log, topics deployments and maintenance).
import type { Domain } from '../kernel/domain.js';
import { operationsLogRoutes } from './routes.js';
import {
  OPERATIONS_LOG_PERMISSION,
  OPERATIONS_LOG_READ_PERMISSION,
  operationsLogService,
} from './service.js';

export const operationsLogDomain: Domain = {
  name: 'operations-log',
  permissions: [
    {
      name: OPERATIONS_LOG_PERMISSION,
      description:
        'Record entries of the operations log (deployments, rollbacks, maintenance...) and complete open ones',
    },
    {
      name: OPERATIONS_LOG_READ_PERMISSION,
      description: 'List and read entries of the operations log',
      defaultRoles: ['member'],
    },
  ],
  routes: (api, core) => operationsLogRoutes(api, operationsLogService(core)),
};
