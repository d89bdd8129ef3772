// events/lifecycle: organizations, teams, projects and environments created, updated and deleted.
// Services record the row (core.analytics.event) inside the transaction of the change, so a
// rolled-back change records nothing.
import { attribution, type AuthContext } from '../../kernel/context.js';
import type { EventRow } from './event.js';
import { eventRow, whoOf } from './event.js';

export type LifecycleSubject =
  'organization' | 'team' | 'project' | 'environment' | 'project_type' | 'blueprint' | 'link_definition';
export type LifecycleAction = 'created' | 'updated' | 'deleted' | 'archived' | 'unarchived';

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
  /** Slug of the environment, for `environment` changes. */
  environment?: string | undefined;
  /** Extra facts: the fields an update changed, a previous slug, a member added... */
  details?: Record<string, unknown> | undefined;
}

/** The `events` row of a lifecycle change. */
export function lifecycleEvent(ctx: AuthContext, change: LifecycleChange): EventRow {
  return eventRow({
    event_type: `${change.subject}.${change.action}`,
    source: 'lifecycle',
    who: whoOf(ctx),
    organization: change.organization,
    project: change.project,
    environment: change.environment,
    subject_id: change.id,
    summary: `${attribution(ctx)} ${change.action} ${change.subject} ${change.slug}`,
    metadata: { slug: change.slug, ...change.details },
  });
}

/** The names of the fields an update sets to a new value (what a lifecycle `updated` event lists). */
export function changedFields(before: Record<string, unknown>, patch: Record<string, unknown>): string[] {
  return Object.keys(patch)
    .filter((k) => k !== 'updated_by' && patch[k] !== undefined)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(patch[k]))
    .sort();
}
