// System schedules that exist after every start-up (SPEC 4.3).
import type { Queryable } from '../db/sql.js';
import { uuidv7 } from '../graph/ids.js';
import { nextOccurrence } from './cron.js';
import { insertSchedule } from './store.js';

export const SCORE_RECOMPUTE_DAILY = 'score-recompute-daily';

/**
 * Creates `score-recompute-daily` unless a live schedule has that slug. One INSERT ... ON CONFLICT on the
 * live-slug index, so replicas starting together create it once; an admin's pause or edit is kept.
 */
export async function ensureSystemSchedules(q: Queryable, now: Date): Promise<boolean> {
  const created = await insertSchedule(q, {
    id: uuidv7(),
    slug: SCORE_RECOMPUTE_DAILY,
    name: 'Daily score recompute',
    cron: '0 6 * * *',
    timezone: 'UTC',
    enabled: true,
    kind: 'system',
    target_method: 'POST',
    target_path: '/api/scoring/recompute-all',
    target_body: undefined,
    created_by: 'system',
    consent_id: null,
    next_run_at: nextOccurrence('0 6 * * *', 'UTC', now),
  });
  return created !== undefined;
}
