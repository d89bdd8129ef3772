import type { Domain } from '../app/domain.js';
import { streamLogMigrations } from '../stream/postgres.js';
import { analyticsMigrations } from './store.js';

/** The analytics outbox and its relay to the stream (DESIGN.md section 5). */
export const analyticsDomain: Domain = {
  name: 'analytics',
  migrations: [...analyticsMigrations, ...streamLogMigrations],
};
