import type { Domain } from '../app/domain.js';
import { analyticsMigrations } from './store.js';

/** The analytics outbox; the relay and the connector (DESIGN.md section 5) build on it. */
export const analyticsDomain: Domain = { name: 'analytics', migrations: analyticsMigrations };
