// System schedules that exist after every start-up (SPEC 4.3), under slugs nobody else may take.
import type { Queryable } from '../db/sql.js';
import { uuidv7 } from '../graph/ids.js';
import { nextOccurrence } from './cron.js';
import { insertSchedule, type NewSchedule } from './store.js';

export const SCORE_RECOMPUTE_DAILY = 'score-recompute-daily';

/** Who a built-in schedule is created by; no API caller has this name as a user (it has no `@`). */
export const SYSTEM_CREATOR = 'system';

/** Slugs a future built-in schedule takes; reserved now so that none is in use when it comes. */
export const RESERVED_PREFIX = 'keel-';

/** The built-in schedules, as start-up creates them. */
function builtIns(now: Date): (NewSchedule & { slug: string })[] {
  return [
    {
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
      created_by: SYSTEM_CREATOR,
      consent_id: null,
      next_run_at: nextOccurrence('0 6 * * *', 'UTC', now),
    },
  ];
}

const BUILT_IN_SLUGS: readonly string[] = [SCORE_RECOMPUTE_DAILY];

/**
 * Whether a slug belongs to Keel's built-in schedules: one of theirs, or under the reserved prefix.
 * No schedule is created under it through the API (422), and a built-in one is paused, not deleted.
 */
export function isSystemSlug(slug: string): boolean {
  const s = slug.toLowerCase();
  return BUILT_IN_SLUGS.includes(s) || s.startsWith(RESERVED_PREFIX);
}

/**
 * Creates each built-in schedule unless it is live. One INSERT ... ON CONFLICT on the live-slug index, so
 * replicas starting together create it once; an admin's pause or edit is kept. A live schedule under a
 * built-in slug that start-up did not create (taken while it was deleted, before slugs were reserved)
 * is deleted first, so the built-in one comes back. Returns the slugs created and those taken back.
 */
export async function ensureSystemSchedules(
  q: Queryable,
  now: Date,
): Promise<{ created: string[]; reclaimed: string[] }> {
  const result = { created: [] as string[], reclaimed: [] as string[] };
  for (const s of builtIns(now)) {
    const taken = await q.query<{ slug: string; created_by: string }>(
      `UPDATE scheduler.schedules SET deleted_at = now(), enabled = false, next_run_at = NULL, updated_at = now()
        WHERE slug = $1 AND deleted_at IS NULL AND NOT (kind = 'system' AND created_by = $2)
        RETURNING slug, created_by`,
      [s.slug, SYSTEM_CREATOR],
    );
    if (taken.length > 0) result.reclaimed.push(s.slug);
    if (await insertSchedule(q, s)) result.created.push(s.slug);
  }
  return result;
}
