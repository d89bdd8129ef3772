import type { Domain } from '../app/domain.js';
import { connectorRoutes } from './routes.js';

/** The analytics connector: the sink configuration endpoint (and, in its role, the runtime). */
export const connectorDomain: Domain = {
  name: 'connector',
  routes: (api, core) => connectorRoutes(api, core.settings),
};
