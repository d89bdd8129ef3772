// The activity reader: what happened in an organization or a project, newest first, read from the
// `events` table of the analytics store (docs/analytics-readers.md, "Activity").
import { analyticsReader, isoTime } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import { hasPermission, type AuthContext } from '../kernel/context.js';
import { AppError } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { organizationOfPath } from '../organizations/service.js';
import { authorizedProject } from '../projects/service.js';
import { listEventRows, type ActivityFilter, type EventCursor, type EventListRow } from './reader.js';

export interface ActivityQuery {
  topic?: string | undefined;
  type?: string | undefined;
  actor?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

export interface ActivityItem {
  id: string;
  type: string;
  topic: string;
  summary: string;
  subject: { type: string; id: string };
  organization: string;
  project: string | null;
  environment: string | null;
  by: string;
  principal: string;
  actor: string | null;
  occurred_at: string;
  details: Record<string, unknown>;
}

/**
 * Event families shown only to a caller holding their read permission (the events say who changed
 * which team, which webhook received what): the same permission that reads the thing itself.
 */
const FAMILY_PERMISSIONS: ReadonlyArray<[subject: string, permission: string]> = [
  ['team', 'team:read'],
  ['webhook', 'webhooks:read'],
];

/** ClickHouse's DateTime holds unsigned 32-bit seconds from 1970. */
const LAST_SECOND = 2 ** 32 - 1;
const RANGE = 'must be an RFC 3339 date-time from 1970 to 2106-02-07T06:28:15Z, without a leap second';

/** The cursor: `<occurred_at unix seconds>.<event id>` of the last event of a page (base64url on the wire). */
const CURSOR = /^(\d{1,10})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
function parseCursor(decoded: string | undefined): EventCursor | undefined {
  const m = decoded === undefined ? null : CURSOR.exec(decoded);
  return m && Number(m[1]) <= LAST_SECOND ? { occurredAt: Number(m[1]), id: m[2]! } : undefined;
}
export const isEventCursor = (decoded: string) => parseCursor(decoded) !== undefined;
const cursorOf = (e: ActivityItem) => `${Math.floor(Date.parse(e.occurred_at) / 1000)}.${e.id}`;

function queryInvalid(name: string, detail: string): AppError {
  return new AppError(422, 'validation_failed', `${name}: ${detail}`, [
    { pointer: `/${name}`, in: 'query', detail },
  ]);
}

/** Unix seconds of a query date-time (the store keeps whole seconds: rounded down), or 422. */
function seconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = Math.floor(Date.parse(value) / 1000);
  if (!Number.isFinite(s) || s < 0 || s > LAST_SECOND) throw queryInvalid(name, RANGE);
  return s;
}

function details(metadata: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(metadata);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function itemOf(r: EventListRow): ActivityItem {
  return {
    id: r.event_id,
    type: r.event_type,
    topic: r.source,
    summary: r.summary,
    subject: { type: r.event_type.split('.', 1)[0]!, id: r.subject_id },
    organization: r.organization,
    project: r.project,
    environment: r.environment,
    by: r.actor_name ? `${r.principal_name} on behalf of ${r.actor_name}` : r.principal_name,
    principal: r.principal_name,
    actor: r.actor_name,
    occurred_at: new Date(isoTime(r.occurred_at)).toISOString(),
    details: details(r.metadata),
  };
}

export function activityService(core: Pick<Core, 'sql' | 'settings' | 'log'>) {
  const { sql } = core;
  const reader = analyticsReader(core);

  /** The filters of the query string, checked before anything is looked up. */
  function filters(ctx: AuthContext, query: ActivityQuery) {
    const since = seconds('since', query.since);
    const until = seconds('until', query.until);
    if (since !== undefined && until !== undefined && since > until)
      throw queryInvalid('since', 'must not be after until');
    return {
      topic: query.topic,
      type: query.type,
      actor: query.actor,
      since,
      until,
      hiddenSubjects: FAMILY_PERMISSIONS.filter(([, p]) => !hasPermission(ctx, p)).map(([s]) => s),
    };
  }

  async function page(filter: ActivityFilter, page: Page) {
    const rows = await listEventRows(reader, filter, parseCursor(page.after), page.limit + 1);
    const items = rows.slice(0, page.limit).map(itemOf);
    const next = rows.length > page.limit ? cursorOf(items[items.length - 1]!) : undefined;
    return { items, next };
  }

  return {
    /**
     * The organization's activity, for whoever may read the organization (organization:read, checked
     * before the lookup; 404 for an unknown slug). A project's events show only to a caller that may
     * read every project (project:read); a user reading some projects through CAN_ACCESS reads their
     * activity on the project route.
     */
    async organization(ctx: AuthContext, orgSlug: string, query: ActivityQuery, p: Page) {
      const f = filters(ctx, query);
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return page(
        {
          ...f,
          organization: { slug: org.props.slug, createdAt: org.created_at },
          organizationLevelOnly: !hasPermission(ctx, 'project:read'),
        },
        p,
      );
    },

    /** A project's activity, for whoever may read the project (404 as for a missing one otherwise). */
    async project(ctx: AuthContext, orgSlug: string, projectSlug: string, query: ActivityQuery, p: Page) {
      const f = filters(ctx, query);
      const { org, project } = await authorizedProject(sql, ctx, orgSlug, projectSlug, 'read');
      return page(
        {
          ...f,
          organization: { slug: org.props.slug, createdAt: org.created_at },
          project: { slug: project.props.slug, createdAt: project.created_at },
        },
        p,
      );
    },
  };
}

export type ActivityService = ReturnType<typeof activityService>;
