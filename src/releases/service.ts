// Release components (SPEC 6.3.7-8): the components of a release version are recorded as fact rows
// (release_components) closed by one batch row (release_component_batches). Readers show the newest
// complete batch, its components listed once each. docs/analytics-readers.md.
import { analyticsReader, clickhouseTime, isoTime, type RowOf } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import type { AuthContext } from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import { uuidv7 } from '../graph/ids.js';
import { invalid } from '../http/errors.js';
import { authorizedProject } from '../projects/service.js';
import type { Page } from '../http/pagination.js';
import { latestComplete, listReleases, type ReleaseCursor } from './reader.js';

export const RELEASE_COMPONENTS_PERMISSION = 'release_components:create';

export interface ComponentInput {
  name: string;
  version: string;
  purl?: string | undefined;
}

const iso = (datetime: string) => new Date(isoTime(datetime)).toISOString();

/** Cursor of the list: `<recorded_at unix seconds>.<batch_id>` of the last release of the page. */
const CURSOR = /^(\d{1,11})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The store's DateTime holds unsigned 32-bit seconds. */
const LAST_SECOND = 2 ** 32 - 1;
function parseCursor(decoded: string | undefined): ReleaseCursor | undefined {
  const m = decoded === undefined ? null : CURSOR.exec(decoded);
  return m && Number(m[1]) <= LAST_SECOND ? { recordedAt: Number(m[1]), batchId: m[2]! } : undefined;
}
export const isReleaseCursor = (decoded: string) => parseCursor(decoded) !== undefined;

export function releasesService(core: Pick<Core, 'sql' | 'settings' | 'log' | 'analytics'>) {
  const { sql, analytics } = core;
  const reader = analyticsReader(core);

  return {
    /**
     * Records the fact rows, then the batch row, in one transaction. The relay publishes outbox rows
     * in id order and each publish call waits for the stream's acknowledgement of all its messages
     * before the next starts, so the batch row reaches the stream only after every fact row was
     * acknowledged (SPEC 6.3.8); test/readers/release-components.test.ts proves it.
     */
    async record(
      ctx: AuthContext,
      orgSlug: string,
      projectSlug: string,
      releaseVersion: string,
      components: readonly ComponentInput[],
    ) {
      authorize(ctx, RELEASE_COMPONENTS_PERMISSION);
      const seen = new Map<string, number>();
      components.forEach((c, i) => {
        const first = seen.get(c.name);
        if (first !== undefined)
          throw invalid(
            `/components/${i}/name`,
            `${c.name} is already component ${first}`,
            'duplicate_component',
          );
        seen.set(c.name, i);
      });
      return sql.tx(async (tx) => {
        // Recording names the project: the read rule of the GET, so the write is no oracle either (a
        // user that may not read it gets the 404 of a missing project, a service account 403).
        const { org, project } = await authorizedProject(tx, ctx, orgSlug, projectSlug, 'read');
        const batchId = uuidv7();
        const recordedAt = clickhouseTime();
        const common = {
          batch_id: batchId,
          project_id: project.id,
          organization: org.props.slug,
          project: project.props.slug,
          environment: null,
          release_version: releaseVersion,
          recorded_at: recordedAt,
        };
        const facts: RowOf<'release_components'>[] = components.map((c) => ({
          ...common,
          component: c.name,
          component_version: c.version,
          purl: c.purl ?? null,
        }));
        await analytics.record(tx, 'release_components', 'releases', facts);
        await analytics.record(tx, 'release_component_batches', 'releases', [
          { ...common, component_count: facts.length },
        ]);
        return {
          batch_id: batchId,
          organization: common.organization,
          project: common.project,
          release_version: releaseVersion,
          component_count: facts.length,
          recorded_at: iso(recordedAt),
        };
      });
    },

    /** The project's releases, newest first, each by its newest complete batch. */
    async list(ctx: AuthContext, orgSlug: string, projectSlug: string, page: Page) {
      const { project } = await authorizedProject(sql, ctx, orgSlug, projectSlug, 'read');
      const rows = await listReleases(reader, project.id, parseCursor(page.after), page.limit + 1);
      const items = rows.slice(0, page.limit).map((r) => ({
        release_version: r.release_version,
        batch_id: r.batch_id,
        recorded_at: iso(r.recorded_at),
        component_count: Number(r.component_count),
      }));
      const last = rows.length > page.limit ? items[items.length - 1] : undefined;
      const next = last && `${Math.floor(Date.parse(last.recorded_at) / 1000)}.${last.batch_id}`;
      return { items, next };
    },

    /** The newest complete batch of the release; no batch yet: `batch_id` null and no components. */
    async read(ctx: AuthContext, orgSlug: string, projectSlug: string, releaseVersion: string) {
      const { org, project } = await authorizedProject(sql, ctx, orgSlug, projectSlug, 'read');
      const key = {
        organization: org.props.slug,
        project: project.props.slug,
        release_version: releaseVersion,
      };
      const latest = await latestComplete(reader, { projectId: project.id, releaseVersion });
      return {
        ...key,
        batch_id: latest?.batch.batch_id ?? null,
        recorded_at: latest ? iso(latest.batch.recorded_at) : null,
        components: (latest?.components ?? []).map((c) => ({
          name: c.component,
          version: c.component_version,
          purl: c.purl,
        })),
      };
    },
  };
}

export type ReleasesService = ReturnType<typeof releasesService>;
