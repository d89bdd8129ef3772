// The `events` row as the producers build it (SPEC 2.8: the fields a direct insert would use).
import { clickhouseTime, rowVersion } from '../topology/shapes.js';
import type { AuthContext } from '../../kernel/context.js';
import { uuidv7 } from '../../graph/ids.js';
import type { RowOf } from '../topology/topology.js';

export type EventRow = RowOf<'events'>;

export interface EventFields {
  /** `<subject>.<verb>`, e.g. `project.created`, `comment.created`, `webhook.received`. */
  event_type: string;
  source: EventRow['source'];
  /** Who did it: the principal and, under delegation, the service account acting for it. */
  who: { principal_name: string; actor_name: string | null };
  organization?: string | null | undefined;
  project?: string | null | undefined;
  environment?: string | null | undefined;
  /** The id of the node the event is about. */
  subject_id: string;
  summary: string;
  /** Facts about the event; never a secret. */
  metadata?: Record<string, unknown> | undefined;
}

/** The principal and actor of an authenticated request. */
export const whoOf = (ctx: AuthContext) => ({
  principal_name: ctx.principal.name,
  actor_name: ctx.actor?.name ?? null,
});

export function eventRow(f: EventFields, now = new Date()): EventRow {
  return {
    event_id: uuidv7(),
    event_type: f.event_type,
    source: f.source,
    organization: f.organization ?? '',
    project: f.project ?? null,
    environment: f.environment ?? null,
    subject_id: f.subject_id,
    principal_name: f.who.principal_name,
    actor_name: f.who.actor_name,
    summary: f.summary,
    metadata: JSON.stringify(f.metadata ?? {}),
    occurred_at: clickhouseTime(now),
    version: rowVersion(now),
  };
}
