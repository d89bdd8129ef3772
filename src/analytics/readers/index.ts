// The analytics readers' store in each run mode (docs/analytics-readers.md).
import type { Domain } from '../../kernel/domain.js';
import { closeReaderStore, useEmbeddedStore } from './reader.js';

export const analyticsReadersDomain: Domain = {
  name: 'analytics-readers',
  // The routes that read live in their own domains; this closes the reader's connection with the API.
  routes: (api, core) => {
    api.addHook('onClose', async () => closeReaderStore(core.settings));
  },
  background: [
    {
      // No role: `keel serve` only, where the connector writes to the embedded engine of this process.
      name: 'analytics-readers-embedded-store',
      roles: [],
      start: async (core) => {
        try {
          return useEmbeddedStore(core.settings);
        } catch (err) {
          // The engine refused (another data directory in this process): readers answer 503, the
          // rest of the service runs.
          core.log.error({ err: (err as Error).message }, 'analytics readers: no embedded store');
          return { stop: async () => {} };
        }
      },
    },
  ],
};
