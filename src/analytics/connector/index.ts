import type { Domain } from '../../kernel/domain.js';
import { connectorRoutes } from './routes.js';
import { fetchSinkConfig, startConnector } from './runtime.js';
import { sinkConfig } from './sinks.js';

/** The analytics connector: the sink configuration endpoint and the runtime that consumes it. */
export const connectorDomain: Domain = {
  name: 'connector',
  routes: (api, core) => connectorRoutes(api, core.settings),
  background: [
    {
      name: 'analytics-connector',
      roles: ['connector'],
      start: async (core, context) => {
        const { apiKey, configUrl } = core.settings.connector;
        // `keel serve` builds its sinks in process, from the settings GET /connectors/config reads; a
        // configured KEEL_CONNECTOR_CONFIG_URL, and `keel connector`, ask the endpoint over HTTP.
        const deps = { settings: core.settings, stream: core.stream, log: core.log };
        if (context?.role === 'serve' && !configUrl) {
          return startConnector({ ...deps, sinks: async () => sinkConfig(core.settings) });
        }
        if (!apiKey) throw new Error('KEEL_CONNECTOR_API_KEY is required to run the analytics connector');
        const url = configUrl ?? `${core.settings.publicUrl}/connectors/config`;
        return startConnector({ ...deps, sinks: () => fetchSinkConfig(url, apiKey) });
      },
    },
  ],
};
