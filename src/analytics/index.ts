import type { Domain } from '../kernel/domain.js';
import { streamLogMigrations } from '../stream/postgres.js';
import { outboxRelay } from './relay.js';
import { analyticsMigrations, deadLetterMigrations, relayMigrations } from './store.js';

/** The analytics outbox and its relay to the stream (DESIGN.md section 5). */
export const analyticsDomain: Domain = {
  name: 'analytics',
  migrations: [...analyticsMigrations, ...relayMigrations, ...streamLogMigrations, ...deadLetterMigrations],
  background: [
    {
      name: 'analytics-outbox-relay',
      roles: ['api', 'worker'],
      start: async (core) => outboxRelay(core).start(),
    },
  ],
};
