// The operations log (deployments, rollbacks, maintenance...): entries are written to the analytics
// stream only; their readers query the analytics store (docs/analytics-readers.md).
import { POLL_INTERVAL_MS, analyticsReader } from '../analytics/index.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import { findEnvironment } from '../environments/service.js';
import { isUuid, uuidv7 } from '../graph/ids.js';
import { getNode, type GraphNode } from '../graph/store.js';
import { AppError, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { organizationOfPath } from '../organizations/service.js';
import type { OrganizationNode } from '../organizations/index.js';
import { deploymentsService, findProject, MOVES_VERSION } from '../projects/index.js';
import { entryOf, recordEntry, type EntryStatus, type EntryType, type OperationsEntry } from './entries.js';
import { findEntryRow, listEntryRows, type EntryCursor, type Named } from './reader.js';

export const OPERATIONS_LOG_PERMISSION = 'operations_log:create';
export const OPERATIONS_LOG_READ_PERMISSION = 'operations_log:read';

export interface EntryInput {
  project: string;
  environment: string;
  entry_type: EntryType;
  description: string;
  version?: string | undefined;
  link?: string | undefined;
  ticket?: string | undefined;
  occurred_at?: string | undefined;
  status?: EntryStatus | undefined;
}

export interface ListQuery {
  project?: string | undefined;
  environment?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
}

/** Cursor of the list: `<occurred_at unix seconds>.<id>` of the last entry of the page. */
const CURSOR = /^(\d{1,11})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
export const isEntryCursor = (decoded: string) => parseCursor(decoded) !== undefined;
const cursorOf = (e: OperationsEntry) => `${Math.floor(Date.parse(e.occurred_at) / 1000)}.${e.id}`;
function parseCursor(decoded: string | undefined): EntryCursor | undefined {
  const m = decoded === undefined ? null : CURSOR.exec(decoded);
  return m && Number(m[1]) <= LAST_SECOND ? { occurredAt: Number(m[1]), id: m[2]! } : undefined;
}

/** The analytics store keeps whole seconds: what a reader will see later. */
const wholeSeconds = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

/**
 * The instants the analytics store can hold: ClickHouse's DateTime counts unsigned 32-bit seconds from
 * 1970 (to 2106-02-07T06:28:15Z); outside that range a value is stored as another date.
 */
const LAST_SECOND = 2 ** 32 - 1;
const RANGE = 'must be an RFC 3339 date-time from 1970 to 2106-02-07T06:28:15Z, without a leap second';

/** Unix seconds of an RFC 3339 date-time the store can hold; undefined for any other text. */
function storableSeconds(value: string): number | undefined {
  // A leap second (`23:59:60`) passes the format but not Date.parse (NaN).
  const s = Math.floor(Date.parse(value) / 1000);
  return Number.isFinite(s) && s >= 0 && s <= LAST_SECOND ? s : undefined;
}

/** A body's date-time, in whole seconds (ISO), or 422 naming the field. */
function bodyInstant(pointer: string, value: string): string {
  const s = storableSeconds(value);
  if (s === undefined) throw invalid(pointer, RANGE);
  return new Date(s * 1000).toISOString();
}

function queryInvalid(name: string, detail: string): AppError {
  return new AppError(422, 'validation_failed', `${name}: ${detail}`, [
    { pointer: `/${name}`, in: 'query', detail },
  ]);
}

/** Unix seconds of an RFC 3339 query parameter (the log keeps whole seconds: rounded down). */
function seconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const s = storableSeconds(value);
  if (s === undefined) throw queryInvalid(name, RANGE);
  return s;
}

/** What a read names: a node found (its id, slug and creation), or a slug that names none now. */
const named = (node: GraphNode<{ slug: string }> | undefined, slug?: string): Named => ({
  id: node?.id,
  slug: node?.props.slug ?? slug!,
  createdAt: node?.created_at,
});

/** A filter's slug as what it names now; a slug that names nothing filters by itself (older rows). */
async function namedBy(
  slug: string | undefined,
  find: (slug: string) => Promise<GraphNode<{ slug: string }> | undefined>,
): Promise<Named | undefined> {
  return slug === undefined ? undefined : named(await find(slug), slug);
}

export function operationsLogService(
  core: Pick<Core, 'sql' | 'settings' | 'log' | 'analytics' | 'graphCache' | 'pages'>,
) {
  const { sql } = core;
  const reader = analyticsReader(core);
  const deployments = deploymentsService(core);
  /** A completed Deployed or Rolled Back entry with a version moves its environment's version. */
  const movesVersion = (
    e: OperationsEntry,
  ): e is OperationsEntry & { version: string; completed_at: string } =>
    e.status === 'completed' &&
    e.version !== null &&
    e.completed_at !== null &&
    MOVES_VERSION.has(e.entry_type);

  /** The stored entry, or undefined; an id that is no UUID names no entry. */
  const findRow = (org: OrganizationNode, id: string) =>
    isUuid(id) ? findEntryRow(reader, named(org), id.toLowerCase()) : Promise.resolve(undefined);

  return {
    /**
     * Naming the project needs `project:read` and the environment `environment:read` (global
     * permissions: the log is organization-wide, its readers see every entry), checked before any
     * lookup: 403 for any value, so the write is no oracle for projects, environments or organizations.
     */
    async create(ctx: AuthContext, orgSlug: string, input: EntryInput): Promise<OperationsEntry> {
      authorize(ctx, OPERATIONS_LOG_PERMISSION);
      authorizeNaming(ctx, 'project:read', { pointer: '/project', in: 'body' }, 'a project');
      authorizeNaming(ctx, 'environment:read', { pointer: '/environment', in: 'body' }, 'an environment');
      if (input.description.trim() === '') throw invalid('/description', 'must not be blank');
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const project = await findProject(tx, org.id, input.project);
        if (!project)
          throw invalid('/project', `no project ${input.project} in ${orgSlug}`, 'unknown_project');
        const env = await findEnvironment(tx, input.environment);
        if (!env) throw invalid('/environment', `no environment ${input.environment}`, 'unknown_environment');
        const now = new Date().toISOString();
        const occurred = input.occurred_at
          ? bodyInstant('/occurred_at', input.occurred_at)
          : wholeSeconds(now);
        const status = input.status ?? 'completed';
        const entry: OperationsEntry = {
          id: uuidv7(),
          organization: org.props.slug,
          project: project.props.slug,
          environment: env.props.slug,
          entry_type: input.entry_type,
          description: input.description,
          version: input.version ?? null,
          link: input.link ?? null,
          ticket: input.ticket ?? null,
          status,
          occurred_at: occurred,
          // Something posted as done was completed when it happened.
          completed_at: status === 'completed' ? occurred : null,
          recorded_by: attribution(ctx),
          recorded_at: now,
        };
        await recordEntry(core.analytics, tx, entry, {
          organization_id: org.id,
          project_id: project.id,
          environment_id: env.id,
        });
        // The version running there moves with the entry, in its transaction.
        if (movesVersion(entry))
          await deployments.moveVersion(tx, ctx, org, project.id, env, {
            version: entry.version,
            at: entry.completed_at,
            entry: entry.id,
            entryType: entry.entry_type,
          });
        return entry;
      });
    },

    /** Entries of an organization, newest first (occurred_at, then id). */
    async list(ctx: AuthContext, orgSlug: string, query: ListQuery, page: Page) {
      authorize(ctx, OPERATIONS_LOG_READ_PERMISSION);
      const since = seconds('since', query.since);
      const until = seconds('until', query.until);
      if (since !== undefined && until !== undefined && since > until)
        throw queryInvalid('since', 'must not be after until');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const [project, environment] = await Promise.all([
        namedBy(query.project, (slug) => findProject(sql, org.id, slug)),
        namedBy(query.environment, (slug) => findEnvironment(sql, slug)),
      ]);
      const filter = {
        organization: named(org),
        project,
        environment,
        since,
        until,
      };
      const rows = await listEntryRows(reader, filter, parseCursor(page.after), page.limit + 1);
      const items = rows.slice(0, page.limit).map(entryOf);
      const next = rows.length > page.limit ? cursorOf(items[items.length - 1]!) : undefined;
      return { items, next };
    },

    async get(ctx: AuthContext, orgSlug: string, id: string): Promise<OperationsEntry> {
      authorize(ctx, OPERATIONS_LOG_READ_PERMISSION);
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const row = await findRow(org, id);
      if (!row) throw notFound(`operations-log entry ${id}`);
      return entryOf(row);
    },

    /**
     * Completes an open entry: records it again, same id, status completed, higher row_version. The
     * open row may not have reached the store yet (SPEC 6.3.8): one more lookup after one poll interval.
     * Answers the entry to a caller who may read the log or who recorded the open entry; anyone else
     * (operations_log:create alone) gets undefined, not another writer's entry.
     */
    async complete(
      ctx: AuthContext,
      orgSlug: string,
      id: string,
      input: { completed_at?: string | undefined },
    ): Promise<OperationsEntry | undefined> {
      authorize(ctx, OPERATIONS_LOG_PERMISSION);
      const org = await organizationOfPath(ctx, sql, orgSlug);
      let row = await findRow(org, id);
      if (!row && isUuid(id)) {
        await sleep(POLL_INTERVAL_MS);
        row = await findRow(org, id);
      }
      if (!row) throw notFound(`operations-log entry ${id}`);
      const open = entryOf(row);
      // What the entry holds is told only to those who may read it (or recorded it).
      const reads =
        hasPermission(ctx, OPERATIONS_LOG_READ_PERMISSION) || open.recorded_by === attribution(ctx);
      if (open.status === 'completed') {
        throw new AppError(409, 'entry_already_completed', `operations-log entry ${id} is already completed`);
      }
      const completedAt = input.completed_at ? bodyInstant('/completed_at', input.completed_at) : undefined;
      if (completedAt !== undefined && Date.parse(completedAt) < Date.parse(open.occurred_at))
        throw invalid(
          '/completed_at',
          `must not be before the entry occurred${reads ? ` (${open.occurred_at})` : ''}`,
        );
      const now = Date.now();
      const entry: OperationsEntry = {
        ...open,
        status: 'completed',
        completed_at:
          completedAt ?? wholeSeconds(new Date(Math.max(now, Date.parse(open.occurred_at))).toISOString()),
        // The newest row_version wins: strictly above the open row's, whatever the clocks say.
        recorded_at: new Date(Math.max(now, row.row_version + 1)).toISOString(),
      };
      await sql.tx(async (tx) => {
        // The ids of the open row (empty in a row older than them: it stays matched by its slugs).
        await recordEntry(core.analytics, tx, entry, {
          organization_id: row.organization_id,
          project_id: row.project_id,
          environment_id: row.environment_id,
        });
        // A deployment completed now moves the version, when its project and environment still exist.
        if (movesVersion(entry) && row.project_id !== '' && row.environment_id !== '') {
          const project = await getNode(tx, row.project_id, 'Project');
          const env = await getNode<{ slug: string }>(tx, row.environment_id, 'Environment');
          if (project && env)
            await deployments.moveVersion(tx, ctx, org, project.id, env, {
              version: entry.version,
              at: entry.completed_at,
              entry: entry.id,
              entryType: entry.entry_type,
            });
        }
      });
      return reads ? entry : undefined;
    },
  };
}

export type OperationsLogService = ReturnType<typeof operationsLogService>;
