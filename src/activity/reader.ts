// Reads the `events` table of the analytics store (ReplacingMergeTree on event_id: every read uses
// FINAL, so a duplicate delivery never shows). An event never changes once recorded, so filtering
// before or after the merge FINAL performs gives the same rows on ClickHouse 18.16 and chdb.
//
// Events carry the slugs of their organization and project as recorded (no ids): a read takes the
// rows of the slug recorded since the organization (and project) now holding it was created, so whoever
// takes a freed slug later does not get the old rows (docs/analytics-readers.md, "Activity").
import { ident, lit, type AnalyticsReader } from '../analytics/index.js';

export interface EventListRow {
  event_id: string;
  event_type: string;
  source: string;
  organization: string;
  project: string | null;
  environment: string | null;
  subject_id: string;
  principal_name: string;
  actor_name: string | null;
  summary: string;
  metadata: string;
  occurred_at: string;
  [k: string]: unknown;
}

/** Something the events were recorded for: its slug and when what now holds the slug was created. */
export interface Holder {
  slug: string;
  createdAt: Date;
}

export interface ActivityFilter {
  organization: Holder;
  /** The project route: only this project's events. */
  project?: Holder | undefined;
  /** The organization route for a caller that may not read every project: organization-level only. */
  organizationLevelOnly?: boolean | undefined;
  /** Event-type families (`team`, `webhook`...) the caller may not see. */
  hiddenSubjects: readonly string[];
  topic?: string | undefined;
  /** An exact type, or `<subject>.*`. */
  type?: string | undefined;
  /** Who did it: the principal or, under delegation, the acting service account. */
  actor?: string | undefined;
  /** Unix seconds, inclusive. */
  since?: number | undefined;
  /** Unix seconds, exclusive. */
  until?: number | undefined;
}

/** Position in the list (newest first): the last event of the previous page. */
export interface EventCursor {
  occurredAt: number;
  id: string;
}

/** Slack for the clocks of Keel (occurred_at) and PostgreSQL (creation times). */
const CLOCK_SLACK_S = 60;

const COLUMNS = [
  'event_id',
  'event_type',
  'source',
  'organization',
  'project',
  'environment',
  'subject_id',
  'principal_name',
  'actor_name',
  'summary',
  // A gateway row holds the delivered document (up to 1 MiB): a page never reads it.
  "if(source = 'gateway', '{}', metadata) AS metadata",
  'occurred_at',
].join(', ');

/** `event_type` starts with `prefix` (ASCII: types are `[a-z0-9_.]`); plain on 18.16 and 26.x alike. */
const typeStarts = (prefix: string) => `substring(event_type, 1, ${lit(prefix.length)}) = ${lit(prefix)}`;

const since = (h: Holder) =>
  `occurred_at >= toDateTime(${lit(Math.max(0, Math.floor(new Date(h.createdAt).getTime() / 1000) - CLOCK_SLACK_S))})`;

/** Up to `limit` events, newest first (occurred_at, then event_id, descending). */
export function listEventRows(
  reader: AnalyticsReader,
  f: ActivityFilter,
  after: EventCursor | undefined,
  limit: number,
): Promise<EventListRow[]> {
  const where = [`organization = ${lit(f.organization.slug)}`, since(f.organization)];
  if (f.project) where.push(`project = ${lit(f.project.slug)}`, since(f.project));
  if (f.organizationLevelOnly) where.push('project IS NULL');
  for (const subject of f.hiddenSubjects) where.push(`NOT ${typeStarts(`${subject}.`)}`);
  if (f.topic !== undefined) where.push(`source = ${lit(f.topic)}`);
  if (f.type !== undefined) {
    where.push(f.type.endsWith('.*') ? typeStarts(f.type.slice(0, -1)) : `event_type = ${lit(f.type)}`);
  }
  if (f.actor !== undefined) where.push(`(principal_name = ${lit(f.actor)} OR actor_name = ${lit(f.actor)})`);
  if (f.since !== undefined) where.push(`occurred_at >= toDateTime(${lit(f.since)})`);
  if (f.until !== undefined) where.push(`occurred_at < toDateTime(${lit(f.until)})`);
  if (after) {
    const at = `toDateTime(${lit(after.occurredAt)})`;
    where.push(`(occurred_at < ${at} OR (occurred_at = ${at} AND event_id < ${lit(after.id)}))`);
  }
  return reader.query<EventListRow>(
    (db) =>
      `SELECT ${COLUMNS} FROM ${ident(db)}.events FINAL WHERE ${where.join(' AND ')} ` +
      `ORDER BY occurred_at DESC, event_id DESC LIMIT ${lit(limit)}`,
  );
}
