// operations_log/deployments and operations_log/maintenance: the row an entry becomes, its topic, and
// the entry a stored row shows as.
import {
  OPERATIONS_ENTRY_TYPES,
  clickhouseTime,
  isoTime,
  rowVersion,
  type Analytics,
  type OperationsEntryType,
  type OperationsLogRow,
} from '../analytics/index.js';
import type { Queryable } from '../db/sql.js';

/** The entry types and their topics come from the topology (`Maintenance`, `Incident`, `Note`: maintenance). */
export const ENTRY_TYPES = Object.keys(OPERATIONS_ENTRY_TYPES) as OperationsEntryType[];
export type EntryType = OperationsEntryType;
export const topicOf = (entryType: EntryType) => OPERATIONS_ENTRY_TYPES[entryType];

export const ENTRY_STATUSES = ['open', 'completed'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

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
  status: EntryStatus;
  occurred_at: string;
  /** Null while the entry is open. */
  completed_at: string | null;
  recorded_by: string;
  /** When the entry's current state was recorded (its row version). */
  recorded_at: string;
}

/** The ids of what an entry was recorded for (kept in its row, not shown). */
export type EntryIds = Pick<OperationsLogRow, 'organization_id' | 'project_id' | 'environment_id'>;

/** The row of an entry: an open entry has no completed_at; the newest row_version wins in the store. */
export function rowOf(entry: OperationsEntry, ids: EntryIds): OperationsLogRow {
  return {
    id: entry.id,
    organization: entry.organization,
    project: entry.project,
    environment: entry.environment,
    organization_id: ids.organization_id,
    project_id: ids.project_id,
    environment_id: ids.environment_id,
    entry_type: entry.entry_type,
    description: entry.description,
    version: entry.version,
    link: entry.link,
    ticket: entry.ticket,
    recorded_by: entry.recorded_by,
    occurred_at: clickhouseTime(entry.occurred_at),
    completed_at: entry.completed_at === null ? null : clickhouseTime(entry.completed_at),
    status: entry.status,
    row_version: rowVersion(new Date(entry.recorded_at)),
  };
}

const iso = (datetime: string) => new Date(isoTime(datetime)).toISOString();

/** The entry a row of the analytics store shows as. */
export function entryOf(row: OperationsLogRow): OperationsEntry {
  return {
    id: row.id,
    organization: row.organization,
    project: row.project,
    environment: row.environment,
    entry_type: row.entry_type,
    description: row.description,
    version: row.version,
    link: row.link,
    ticket: row.ticket,
    status: row.status,
    occurred_at: iso(row.occurred_at),
    completed_at: row.completed_at === null ? null : iso(row.completed_at),
    recorded_by: row.recorded_by,
    recorded_at: new Date(row.row_version).toISOString(),
  };
}

/** Records the entry's current state on the topic of its type, in the caller's transaction. */
export async function recordEntry(
  analytics: Analytics,
  q: Queryable,
  entry: OperationsEntry,
  ids: EntryIds,
): Promise<void> {
  await analytics.operationsEntry(q, topicOf(entry.entry_type), rowOf(entry, ids));
}
