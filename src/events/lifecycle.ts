// events/lifecycle: organizations, teams, projects and environments created, updated and deleted.
// Services call this inside the transaction of the change, so a rolled-back change records nothing.
import { attribution, type AuthContext } from '../authz/context.js';
import type { Queryable } from '../db/sql.js';
import { recordRow } from './outbox.js';
import { eventRow } from './row.js';

export type LifecycleSubject = 'organization' | 'team' | 'project' | 'environment';
export type LifecycleAction = 'created' | 'updated' | 'deleted';

export interface LifecycleChange {
  subject: LifecycleSubject;
  action: LifecycleAction;
  /** Graph node id of the subject. */
  id: string;
  /** The subject's slug after the change (before it, for a deletion). */
  slug: string;
  /** Slug of the organization the subject belongs to (the organization itself for `organization`). */
  organization?: string | undefined;
  /** Slug of the project, for `project` changes. */
  project?: string | undefined;
  /** Extra facts: the fields an update changed, a previous slug, a member added... */
  details?: Record<string, unknown> | undefined;
}

export async function recordLifecycle(q: Queryable, ctx: AuthContext, change: LifecycleChange) {
  await recordRow(
    q,
    'events',
    'lifecycle',
    eventRow({
      event_type: `${change.subject}.${change.action}`,
      actor: attribution(ctx),
      organization: change.organization ?? null,
      project: change.project ?? null,
      metadata: { subject_id: change.id, slug: change.slug, ...change.details },
    }),
  );
}

/** The names of the fields an update sets to a new value (what a lifecycle `updated` event lists). */
export function changedFields(before: Record<string, unknown>, patch: Record<string, unknown>): string[] {
  return Object.keys(patch)
    .filter((k) => k !== 'updated_by' && patch[k] !== undefined)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(patch[k]))
    .sort();
}
