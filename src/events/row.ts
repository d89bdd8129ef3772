// The `events` row as the producers build it (SPEC 2.8: the fields a direct insert would use).
import { uuidv7 } from '../graph/ids.js';

export interface EventFields {
  /** `<subject>.<verb>`, e.g. `project.created`, `comment.created`, `webhook.received`. */
  event_type: string;
  /** Who did it: a user, a service account, or "<user> on behalf of <actor>" under delegation. */
  actor: string;
  organization?: string | null;
  project?: string | null;
  /** Facts about the event; never a secret. */
  metadata?: Record<string, unknown>;
}

export function eventRow(f: EventFields, now = new Date()): Record<string, unknown> {
  return {
    event_id: uuidv7(),
    event_type: f.event_type,
    occurred_at: now.toISOString(),
    organization: f.organization ?? '',
    project: f.project ?? '',
    actor: f.actor,
    metadata: JSON.stringify(f.metadata ?? {}),
  };
}
