// The connector's sink configuration (docs/analytics-store.md): opened by the connector key header
// alone; a bearer token does not open it.
import type { RouteGroup } from './table.js';

export const CONNECTOR_KEY = 'm-connector-key-0123456789abcdef0123456789';

export const connector: RouteGroup = {
  name: 'connector',
  routes: [
    {
      method: 'GET',
      path: '/connectors/config',
      perm: 'public',
      ok: 200,
      carriesSecrets: 'the sink configuration holds the analytics database credentials (SPEC 4.7)',
      request: async () => ({
        url: '/connectors/config',
        headers: { 'x-keel-connector-key': CONNECTOR_KEY },
      }),
    },
  ],
};
