// The analytics readers' store in each run mode (docs/analytics-readers.md).
import type { Domain } from '../app/domain.js';
import { closeReaderStore, useEmbeddedStore } from './store.js';

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
      start: async (core) => useEmbeddedStore(core.settings),
    },
  ],
};
