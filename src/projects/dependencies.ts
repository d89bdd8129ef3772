// Dependencies: project -> project DEPENDS_ON edges (graph_edges, with an optional note), within one
// organization. Outbound and inbound lists are keyset pages along the edge indexes; the blast radius
// (the projects that depend on one, transitively) is one recursive query bounded by depth and count,
// which tolerates cycles (docs/catalog.md, "Dependencies").
import { Type } from 'typebox';
import { lifecycleEvent } from '../analytics/index.js';
import { afterId, keysetPage } from '../db/keyset.js';
import type { Queryable } from '../db/sql.js';
import { getEdge, putEdge, removeEdge } from '../graph/store.js';
import { AppError, notFound, unavailableFor } from '../http/errors.js';
import { sendCached, type CacheScope, type PageCache } from '../http/page-cache.js';
import { parsePage, sendPage, type Page } from '../http/pagination.js';
import { NoContent, PageQuery, Timestamp, responses } from '../http/schemas.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { authOf } from '../kernel/route.js';
import { createSlots } from '../lib/slots.js';
import { dependencyIndex } from './dependency-index.js';
import { archivedConflict, authorizedProject, canOnProject } from './access.js';
import { changeDetails, fieldChange } from './changes.js';
import { PROJECT_PAGES } from './pages.js';
import { findProject } from './store.js';

export const DEPENDS_ON = 'DEPENDS_ON';
/** The blast radius: at most this deep, and this many projects in one answer. */
export const MAX_DEPTH = 10;
export const MAX_RADIUS = 5000;
/** Blast radius walks waiting for a slot, at most, in one process (beyond: 503, try again). */
const WALKS_WAITING = 200;
/** Every caller allowed a blast radius (the global project:read) sees the same answer for a URL. */
const RADIUS_SCOPE: CacheScope = { family: PROJECT_PAGES, visibility: 'blast-radius' };

interface Dependency {
  project: string;
  name: string;
  note: string | null;
  created_at: string;
}

/** One page of a project's dependencies (`out`) or dependents (`in`), by the other project's id. */
function dependencyPage(
  q: Queryable,
  direction: 'out' | 'in',
  projectId: string,
  aclUser: string | undefined,
  page: Page,
) {
  const [self, other] = direction === 'out' ? ['src', 'dst'] : ['dst', 'src'];
  // An ACL reader sees the projects it may read only (a probe of the CAN_ACCESS primary key each).
  const acl = aclUser
    ? `AND EXISTS (SELECT 1 FROM graph_edges a WHERE a.src = $2::uuid AND a.label = 'CAN_ACCESS'
                     AND a.dst = e.${other} AND a.props->'actions' ? 'read')`
    : '';
  return keysetPage<{ id: string; slug: string; name: string; note: string | null; created_at: Date }>(
    q,
    { limit: page.limit, after: page.after === undefined ? undefined : [page.after] },
    aclUser ? [projectId, aclUser] : [projectId],
    (
      s,
    ) => `SELECT n.id, n.props->>'slug' AS slug, n.props->>'name' AS name, e.props->>'note' AS note, e.created_at
              FROM graph_edges e
             CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = e.${other} OFFSET 0) n
             WHERE e.${self} = $1::uuid AND e.label = '${DEPENDS_ON}' ${afterId(s, `e.${other}`)} ${acl}
             ORDER BY e.${other} LIMIT ${s.limit}`,
    (r) => r.id,
  );
}

/**
 * The projects that depend on `projectId`, transitively, each at its least depth, nearest first: a
 * recursive walk of project_dependents (src/projects/entries.ts), at most `depth` steps. Each step
 * reads one project's dependents, with the entry each is listed by, from one range of that table's
 * primary key (an index-only scan; OFFSET 0 keeps it a lookup by key: on a small graph's statistics
 * the cached plan otherwise scanned the table at each step). A project reached again (a cycle, or two
 * paths) adds a row per depth at most, so the work is bounded by depth times the edges reached; a row
 * is kept at its least depth only. The answer holds `limit` + 1 ($3) dependents at most: the one past
 * the limit tells a truncated answer, and blastRadiusBody leaves it out.
 *
 * It answers one row: `truncated`, and `dependents`, the answer's list as JSON text (`{"project",
 * "name", "depth"}` each, compact, in order), which the route sends as it is. Built row by row in Node
 * (a row object per dependent, then serialized), a radius of 856 projects cost about 2.5 ms of the
 * event loop, which every other request waited behind. A dependent without an entry (a name too long
 * for the index) is built from its row. Read from each project's row and JSON, the names were two
 * thirds of the walk's PostgreSQL time on the bench's graph; from a table of entries by project, one
 * lookup each, a third (docs/scale.md).
 */
export const BLAST_RADIUS = `
  WITH RECURSIVE r(id, depth, entry) AS (
    SELECT $1::uuid, 0, NULL::text
    UNION
    SELECT d.dependent_id, r.depth + 1, d.entry FROM r
     CROSS JOIN LATERAL (SELECT dependent_id, entry FROM project_dependents d WHERE d.project_id = r.id OFFSET 0) d
     WHERE r.depth < $2::int
  )
  SELECT count(*) > $3::int AS truncated,
         '[' || coalesce(string_agg('{' || coalesce(f.entry, (SELECT project_entry(g.props) FROM graph_nodes g WHERE g.id = f.id)) ||
                                    ',"depth":' || f.depth || '}', ',' ORDER BY f.depth, f.id), '') || ']' AS dependents
    FROM (SELECT id, depth, entry FROM r
           WHERE id <> $1::uuid AND NOT EXISTS (SELECT 1 FROM r nearer WHERE nearer.id = r.id AND nearer.depth < r.depth)
           ORDER BY depth, id LIMIT $3::int + 1) f`;

/** Where the last entry of a list of BLAST_RADIUS begins: no entry holds `,{"project":` (JSON escapes `"` in a string). */
const LAST_ENTRY = ',{"project":';

/**
 * The blast radius answer of `slug` (docs/catalog.md), as the JSON text the route sends: the walk's
 * list goes out as PostgreSQL wrote it, less the entry past the limit when there is one.
 */
export async function blastRadiusBody(
  q: Queryable,
  project: { id: string; slug: string },
  depth: number,
  limit: number,
): Promise<string> {
  const row = await q.one<{ truncated: boolean; dependents: string }>(BLAST_RADIUS, [
    project.id,
    depth,
    limit,
  ]);
  return radiusBody(project.slug, depth, row!);
}

/** The answer around a walk's list (BLAST_RADIUS's, or the dependency index's, which has its shape). */
export function radiusBody(
  slug: string,
  depth: number,
  walked: { truncated: boolean; dependents: string },
): string {
  const { truncated } = walked;
  let dependents = walked.dependents;
  // One more than the limit came back: the last goes (the limit is at least 1, so the list holds two).
  if (truncated) dependents = `${dependents.slice(0, dependents.lastIndexOf(LAST_ENTRY))}]`;
  return `{"project":${JSON.stringify(slug)},"depth":${depth},"truncated":${truncated},"dependents":${dependents}}`;
}

const paramInvalid = (name: string, detail: string) =>
  new AppError(422, 'validation_failed', `${name}: ${detail}`, [
    { pointer: `/${name}`, in: 'params', detail },
  ]);

/** Too many walks waiting in this process: the client may ask again in a second. */
export const walksBusy = (): AppError =>
  unavailableFor(1, 'busy', 'too many blast radius walks are waiting in this process; try again in a second');

type Deps = Pick<Core, 'sql' | 'analytics' | 'pages' | 'settings'>;

export function dependenciesService({ sql, analytics, pages, settings }: Deps) {
  // A walk's cost in PostgreSQL grows with the graph: a few at a time, each at full speed
  // (src/lib/slots.ts); so do the loads of the dependency index, which share the slots.
  const walks = createSlots(settings.databaseWalkSlots, WALKS_WAITING, walksBusy);
  // Walks in memory where the organization's graph fits (dependency-index.ts); the others in PostgreSQL.
  const index = dependencyIndex(sql, settings.dependencyIndexEdges, walks);
  const aclUserOf = (ctx: AuthContext) => (hasPermission(ctx, 'project:read') ? undefined : ctx.principal.id);

  /** The target a write names: a project of the organization the caller may read, not the source. */
  async function targetOf(q: Queryable, ctx: AuthContext, orgId: string, source: string, slug: string) {
    if (slug === source) throw paramInvalid('target', 'a project does not depend on itself');
    const target = await findProject(q, orgId, slug);
    if (!target || !(await canOnProject(q, ctx, target, 'read'))) throw notFound(`project ${slug}`);
    return target;
  }

  return {
    async list(ctx: AuthContext, orgSlug: string, slug: string, direction: 'out' | 'in', page: Page) {
      const { project } = await authorizedProject(sql, ctx, orgSlug, slug, 'read');
      const r = await dependencyPage(sql, direction, project.id, aclUserOf(ctx), page);
      return {
        next: r.next,
        items: r.items.map((d): Dependency => ({
          project: d.slug,
          name: d.name,
          note: d.note,
          created_at: new Date(d.created_at).toISOString(),
        })),
      };
    },

    /** Creates or replaces the dependency of `slug` on `targetSlug` (true: created). */
    async put(ctx: AuthContext, orgSlug: string, slug: string, targetSlug: string, note: string | null) {
      return sql.tx(async (tx) => {
        const { org, project } = await authorizedProject(tx, ctx, orgSlug, slug, 'update');
        if (project.props.archived) throw archivedConflict(slug);
        const target = await targetOf(tx, ctx, org.id, slug, targetSlug);
        const before = await getEdge<{ note: string | null }>(tx, project.id, DEPENDS_ON, target.id);
        const created = await putEdge(tx, project.id, DEPENDS_ON, target.id, {
          note,
          created_by: attribution(ctx),
        });
        pages.invalidate(tx, PROJECT_PAGES);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'project',
            action: 'updated',
            id: project.id,
            slug,
            organization: org.props.slug,
            project: slug,
            details: changeDetails([
              fieldChange(
                `/dependencies/${targetSlug}`,
                before ? { note: before.props.note ?? null } : null,
                { note },
              ),
            ]),
          }),
        );
        return {
          created,
          dependency: {
            project: targetSlug,
            name: target.props.name,
            note,
            created_at: new Date().toISOString(),
          },
        };
      });
    },

    async remove(ctx: AuthContext, orgSlug: string, slug: string, targetSlug: string) {
      await sql.tx(async (tx) => {
        const { org, project } = await authorizedProject(tx, ctx, orgSlug, slug, 'update');
        const target = await targetOf(tx, ctx, org.id, slug, targetSlug);
        const before = await getEdge<{ note: string | null }>(tx, project.id, DEPENDS_ON, target.id);
        if (!before || !(await removeEdge(tx, project.id, DEPENDS_ON, target.id)))
          throw notFound(`dependency of ${slug} on ${targetSlug}`);
        pages.invalidate(tx, PROJECT_PAGES);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'project',
            action: 'updated',
            id: project.id,
            slug,
            organization: org.props.slug,
            project: slug,
            details: changeDetails([
              fieldChange(`/dependencies/${targetSlug}`, { note: before.props.note ?? null }, null),
            ]),
          }),
        );
      });
    },

    /**
     * The blast radius names projects across the organization: it takes the global project:read (an
     * ACL on the project alone would show projects its holder may not read). So every caller allowed
     * sees the same answer for the same URL: it is served from the page cache (RADIUS_SCOPE), which
     * any change to a project or a dependency drops. Checked before an answer is read or served.
     */
    async mayReadRadius(ctx: AuthContext, orgSlug: string, slug: string): Promise<void> {
      if (hasPermission(ctx, 'project:read')) return;
      await authorizedProject(sql, ctx, orgSlug, slug, 'read');
      throw new AppError(403, 'forbidden', 'the blast radius needs the permission project:read');
    },

    /** The blast radius of a project, for a caller that mayReadRadius. */
    async blastRadius(ctx: AuthContext, orgSlug: string, slug: string, depth: number, limit: number) {
      const { org, project } = await authorizedProject(sql, ctx, orgSlug, slug, 'read');
      const walked = await index.walk(org.id, project.id, depth, limit);
      if (walked) return radiusBody(slug, depth, walked);
      return walks.run(() => blastRadiusBody(sql, { id: project.id, slug }, depth, limit));
    },
  };
}

const DependencyRead = Type.Object({
  project: Type.String({ description: 'slug of the other project' }),
  name: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
});
const Params = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
});
const TargetParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
  target: Type.String({ maxLength: 200 }),
});
const tags = ['dependencies'];

export function dependencyRoutes(
  api: Api,
  deps: ReturnType<typeof dependenciesService>,
  pages: PageCache,
): void {
  const base = '/organizations/:org/projects/:project';
  for (const [path, direction, summary] of [
    ['dependencies', 'out', 'The projects this project depends on, in their id order'],
    ['dependents', 'in', 'The projects that depend on this project, in their id order'],
  ] as const)
    api.get(
      `${base}/${path}`,
      {
        schema: {
          tags,
          summary,
          description:
            'Needs read on the project (project:read or a CAN_ACCESS edge); an ACL reader sees the projects it may read only. ' +
            'Answers 200 with a page of the other projects (slug, name, the note and when it was recorded) and a ' +
            'Link header (rel="next") while more remain; 404 for a missing project.',
          params: Params,
          querystring: PageQuery,
          response: responses({ 200: Type.Array(DependencyRead) }),
        },
      },
      async (req, reply) => {
        const page = parsePage(req.query);
        return sendPage(
          req,
          reply,
          page,
          await deps.list(authOf(req), req.params.org, req.params.project, direction, page),
        );
      },
    );
  api.put(
    `${base}/dependencies/:target`,
    {
      schema: {
        tags,
        summary: 'Records that the project depends on the target project (201 created, 200 replaced)',
        description:
          'Needs update on the project (project:update or a CAN_ACCESS edge) and read on the target. A project does not depend on itself (422). ' +
          'Answers 201 with the new dependency, or 200 with its note replaced: the target slug, name, note and ' +
          'created_at. 404 for a missing project or target; 409 `project_archived` for an archived project.',
        params: TargetParams,
        body: Type.Object(
          { note: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])) },
          { additionalProperties: false },
        ),
        response: responses({ 200: DependencyRead, 201: DependencyRead }),
      },
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req, reply) => {
      const r = await deps.put(
        authOf(req),
        req.params.org,
        req.params.project,
        req.params.target,
        req.body.note ?? null,
      );
      return reply.code(r.created ? 201 : 200).send(r.dependency);
    },
  );
  api.delete(
    `${base}/dependencies/:target`,
    { schema: { tags, params: TargetParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await deps.remove(authOf(req), req.params.org, req.params.project, req.params.target);
      return reply.code(204).send(null);
    },
  );
  api.get(
    `${base}/blast-radius`,
    {
      schema: {
        tags,
        summary: 'The projects that depend on this one, transitively, nearest first',
        description: `Answers 200 with the project, the depth searched and its dependents (slug, name, depth), each at its least depth; cycles are tolerated. Needs project:read (global). depth at most ${MAX_DEPTH}, limit at most ${MAX_RADIUS}; truncated says more were found. Walked in the process's memory where the organization's graph fits (KEEL_DEPENDENCY_INDEX_EDGES), as fresh as a walk in the database; otherwise in PostgreSQL, where walks take turns (KEEL_DATABASE_WALK_SLOTS at once per process): 503 busy, with Retry-After, when too many are waiting.`,
        params: Params,
        querystring: Type.Object(
          {
            depth: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DEPTH, default: 5 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RADIUS, default: 1000 })),
          },
          { additionalProperties: false },
        ),
        response: responses({
          200: Type.Object({
            project: Type.String(),
            depth: Type.Integer(),
            truncated: Type.Boolean(),
            dependents: Type.Array(
              Type.Object({ project: Type.String(), name: Type.String(), depth: Type.Integer() }),
            ),
          }),
        }),
      },
    },
    async (req, reply) => {
      const ctx = authOf(req);
      const { org, project } = req.params;
      await deps.mayReadRadius(ctx, org, project);
      // The body is built by PostgreSQL and blastRadiusBody, in the 200 schema's shape
      // (test/catalog-model/dependencies.test.ts checks it against that schema).
      return sendCached(req, reply, pages, RADIUS_SCOPE, async () => ({
        body: await deps.blastRadius(ctx, org, project, req.query.depth ?? 5, req.query.limit ?? 1000),
        link: undefined,
      }));
    },
  );
}
