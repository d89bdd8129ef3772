// operations_log/deployments and operations_log/maintenance: the row an entry becomes, and its topic.
import type { Queryable } from '../db/sql.js';
import { recordRow, type OperationsTopic } from '../events/outbox.js';

export const ENTRY_TYPES = [
  'Deployed',
  'Rolled Back',
  'Configured',
  'Restarted',
  'Scaled',
  'Maintenance',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** Maintenance windows go to their own topic; everything that changes what runs is a deployment. */
export const topicOf = (entryType: EntryType): OperationsTopic =>
  entryType === 'Maintenance' ? 'maintenance' : 'deployments';

export interface OperationsEntry {
  id: string;
  organization: string;
  project: string;
  environment: string;
  entry_type: EntryType;
  description: string;
  version: string | null;
  link: string | null;
  ticket: string | null;
  occurred_at: string;
  recorded_by: string;
  recorded_at: string;
}

export async function recordEntry(q: Queryable, entry: OperationsEntry): Promise<void> {
  await recordRow(q, 'operations_log', topicOf(entry.entry_type), { ...entry });
}
