import type { Domain } from '../../kernel/domain.js';
import { connectorRoutes } from './routes.js';
import { startConnector } from './runtime.js';

/** The analytics connector: the sink configuration endpoint and the runtime that consumes it. */
export const connectorDomain: Domain = {
  name: 'connector',
  routes: (api, core) => connectorRoutes(api, core.settings),
  background: [
    {
      name: 'analytics-connector',
      roles: ['connector'],
      start: (core, context) =>
        startConnector({
          settings: core.settings,
          stream: core.stream,
          log: core.log,
          // `serve` asks its own process; `keel connector` alone asks the public URL unless configured.
          configUrl: `${context?.apiUrl ?? core.settings.publicUrl}/connectors/config`,
        }),
    },
  ],
};
