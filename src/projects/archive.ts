// Archiving: a retired project leaves the lists and searches (unless asked for) and keeps its slug,
// its history (comments, operations log, scores, activity) and its edges; only deleting it for good
// (DELETE, the global project:delete permission) removes them. Archiving and unarchiving take the
// project's delete right (global, or a CAN_ACCESS edge carrying `delete`).
import { Type } from 'typebox';
import { lifecycleEvent } from '../analytics/index.js';
import type { Migration } from '../db/migrate.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { attribution, type AuthContext } from '../kernel/context.js';
import { conflict } from '../http/errors.js';
import { NoContent, responses } from '../http/schemas.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import { dropProjectsOnCommit } from './pages.js';
import { ProjectRead } from './schemas.js';
import { authorizedProject, canOnProject } from './access.js';
import { changeDetails, fieldChange } from './changes.js';
import { projectRead, type ProjectRead as Read } from './service.js';
import { lockProject, setArchived } from './store.js';

export const projectArchiveMigration: Migration = {
  // The default list reads the live projects of an organization, an archived list the others: each a
  // range of its own index in id order, however many of the other kind there are.
  id: '0620_project_archive_indexes',
  sql: `
    CREATE INDEX graph_nodes_project_live ON graph_nodes ((props->>'organization_id'), id)
      WHERE label = 'Project' AND NOT (props ? 'archived');
    CREATE INDEX graph_nodes_project_archived ON graph_nodes ((props->>'organization_id'), id)
      WHERE label = 'Project' AND (props ? 'archived');
  `,
};

type Deps = Pick<Core, 'sql' | 'graphCache' | 'pages' | 'analytics'>;

export function archiveService({ sql, graphCache, pages, analytics }: Deps) {
  async function change(ctx: AuthContext, orgSlug: string, slug: string, reason: string | null | false) {
    return sql.tx(async (tx) => {
      const { org, project: found } = await authorizedProject(tx, ctx, orgSlug, slug, 'delete');
      const project = await lockProject(tx, found.id);
      const archiving = reason !== false;
      if (archiving && project.props.archived)
        throw conflict(`project ${slug} is already archived`, 'project_archived');
      if (!archiving && !project.props.archived)
        throw conflict(`project ${slug} is not archived`, 'project_not_archived');
      dropProjectsOnCommit({ graphCache, pages }, tx);
      const by = attribution(ctx);
      const archived = archiving ? { at: new Date().toISOString(), by, reason } : null;
      const updated = await setArchived(tx, project.id, archived, by);
      await analytics.event(
        tx,
        lifecycleEvent(ctx, {
          subject: 'project',
          action: archiving ? 'archived' : 'unarchived',
          id: project.id,
          slug,
          organization: org.props.slug,
          project: slug,
          details: changeDetails([fieldChange('/archived', project.props.archived ?? null, archived)]),
        }),
      );
      // A caller holding only a delete ACL gets no fields it may not read.
      if (!(await canOnProject(tx, ctx, updated, 'read'))) return null;
      return projectRead(updated, org.props.slug);
    });
  }
  return {
    archive: (
      ctx: AuthContext,
      orgSlug: string,
      slug: string,
      reason: string | undefined,
    ): Promise<Read | null> => change(ctx, orgSlug, slug, reason ?? null),
    unarchive: (ctx: AuthContext, orgSlug: string, slug: string): Promise<Read | null> =>
      change(ctx, orgSlug, slug, false),
  };
}

const Params = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
});
const tags = ['projects'];
const WHO =
  'Needs project:delete, or a CAN_ACCESS edge carrying delete. Answers the project, or 204 to a caller who may not read it.';

export function archiveRoutes(api: Api, archive: ReturnType<typeof archiveService>): void {
  api.post(
    '/organizations/:org/projects/:project/archive',
    {
      // An empty POST archives without a reason.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        tags,
        summary: 'Archives the project (who, when, why): it leaves lists and searches, its history stays',
        description: `${WHO} 409 when it is archived already.`,
        params: Params,
        body: Type.Object(
          { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })) },
          { additionalProperties: false },
        ),
        response: responses({ 200: ProjectRead, 204: NoContent }),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(
        reply,
        await archive.archive(authOf(req), req.params.org, req.params.project, req.body.reason),
      ),
  );
  api.post(
    '/organizations/:org/projects/:project/unarchive',
    {
      schema: {
        tags,
        summary: 'Brings an archived project back into lists and searches',
        description: `${WHO} 409 when it is not archived.`,
        params: Params,
        response: responses({ 200: ProjectRead, 204: NoContent }),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await archive.unarchive(authOf(req), req.params.org, req.params.project)),
  );
}
