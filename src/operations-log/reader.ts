// Reads the operations_log table of the analytics store. It deduplicates (ReplacingMergeTree on id,
// newest row_version wins), so every read uses FINAL. Filters touch only columns a rewrite of an entry
// never changes (the organization, project and environment and their ids, occurred_at, id), so
// filtering before or after the merge FINAL performs gives the same rows on ClickHouse 18.16 and
// chdb's 26.x.
//
// Entries are selected by the ids of what they were recorded for, not by slugs, which move with a
// rename and can be taken again. A row recorded before the ids existed has them empty ('') and is
// matched by its slugs, as it always was, but only when it was recorded after the organization,
// project or environment now holding the slug was created (its id, a UUIDv7, tells when): one that
// takes a freed slug later does not get the old entries.
import { ident, lit, type AnalyticsReader, type OperationsLogRow } from '../analytics/index.js';
import { uuidv7Floor } from '../graph/ids.js';

const COLUMNS = [
  'id',
  'organization',
  'project',
  'environment',
  'organization_id',
  'project_id',
  'environment_id',
  'entry_type',
  'description',
  'version',
  'link',
  'ticket',
  'recorded_by',
  'occurred_at',
  'completed_at',
  'status',
  'row_version',
].join(', ');

/** What an entry was recorded for: its id and creation, when there is one (an unknown slug has none). */
export interface Named {
  id: string | undefined;
  slug: string;
  createdAt?: Date | undefined;
}

/** Slack for the clocks of Keel (entry ids) and PostgreSQL (creation times). */
const CLOCK_SLACK_MS = 60_000;

export interface EntryFilter {
  organization: Named;
  project?: Named | undefined;
  environment?: Named | undefined;
  /** Unix seconds, inclusive. */
  since?: number | undefined;
  /** Unix seconds, exclusive. */
  until?: number | undefined;
}

/** Position in the list (newest first): the last entry of the previous page. */
export interface EntryCursor {
  occurredAt: number;
  id: string;
}

const table = (db: string) => `${ident(db)}.operations_log FINAL`;

/** Rows recorded for `n`: by its id, or by its slug for rows older than the ids. */
const recordedFor = (column: 'organization' | 'project' | 'environment', n: Named) => {
  const since = n.createdAt && ` AND id >= ${lit(uuidv7Floor(n.createdAt.getTime() - CLOCK_SLACK_MS))}`;
  const legacy = `(${column}_id = '' AND ${column} = ${lit(n.slug)}${since ?? ''})`;
  return n.id === undefined ? legacy : `(${column}_id = ${lit(n.id)} OR ${legacy})`;
};

export async function findEntryRow(
  reader: AnalyticsReader,
  organization: Named,
  id: string,
): Promise<OperationsLogRow | undefined> {
  const rows = await reader.query<OperationsLogRow>(
    (db) =>
      `SELECT ${COLUMNS} FROM ${table(db)} ` +
      `WHERE ${recordedFor('organization', organization)} AND id = ${lit(id)} LIMIT 1`,
  );
  return rows[0];
}

/** Up to `limit` entries, newest first (occurred_at, then id, descending). */
export function listEntryRows(
  reader: AnalyticsReader,
  filter: EntryFilter,
  after: EntryCursor | undefined,
  limit: number,
): Promise<OperationsLogRow[]> {
  const where = [recordedFor('organization', filter.organization)];
  if (filter.project !== undefined) where.push(recordedFor('project', filter.project));
  if (filter.environment !== undefined) where.push(recordedFor('environment', filter.environment));
  if (filter.since !== undefined) where.push(`occurred_at >= toDateTime(${lit(filter.since)})`);
  if (filter.until !== undefined) where.push(`occurred_at < toDateTime(${lit(filter.until)})`);
  if (after) {
    const at = `toDateTime(${lit(after.occurredAt)})`;
    where.push(`(occurred_at < ${at} OR (occurred_at = ${at} AND id < ${lit(after.id)}))`);
  }
  return reader.query<OperationsLogRow>(
    (db) =>
      `SELECT ${COLUMNS} FROM ${table(db)} WHERE ${where.join(' AND ')} ` +
      `ORDER BY occurred_at DESC, id DESC LIMIT ${lit(limit)}`,
  );
}
