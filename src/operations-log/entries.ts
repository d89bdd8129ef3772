// operations_log/deployments and operations_log/maintenance: the row an entry becomes, and its topic.
import {
  OPERATIONS_ENTRY_TYPES,
  clickhouseTime,
  rowVersion,
  type OperationsEntryType,
} from '../analytics/rows.js';
import type { Queryable } from '../db/sql.js';
import { recordOperationsEntry } from '../events/outbox.js';

/** The entry types and their topics come from the topology (`Maintenance`, `Incident`, `Note`: maintenance). */
export const ENTRY_TYPES = Object.keys(OPERATIONS_ENTRY_TYPES) as OperationsEntryType[];
export type EntryType = OperationsEntryType;
export const topicOf = (entryType: EntryType) => OPERATIONS_ENTRY_TYPES[entryType];

/** An entry as the API shows it (ISO-8601 timestamps). */
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

/**
 * Entries posted here record something that happened, so they are recorded complete; opening an entry
 * and completing it later (SPEC 6.3.8) belongs to the operations-log readers and writers to come.
 */
export async function recordEntry(q: Queryable, entry: OperationsEntry): Promise<void> {
  const occurred = clickhouseTime(entry.occurred_at);
  await recordOperationsEntry(q, topicOf(entry.entry_type), {
    id: entry.id,
    organization: entry.organization,
    project: entry.project,
    environment: entry.environment,
    entry_type: entry.entry_type,
    description: entry.description,
    version: entry.version,
    link: entry.link,
    ticket: entry.ticket,
    recorded_by: entry.recorded_by,
    occurred_at: occurred,
    completed_at: occurred,
    status: 'completed',
    row_version: rowVersion(new Date(entry.recorded_at)),
  });
}
