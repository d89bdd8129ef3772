// Comments on projects. Whoever may read a project may read its comments and comment on it (global
// project:read, or for users a CAN_ACCESS edge with `read`); see docs/producers.md.
import { eventRow, whoOf } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, mayUseAcl, type AuthContext } from '../kernel/context.js';
import type { Queryable } from '../db/sql.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { canOnProject } from '../projects/service.js';
import { findProjectBySlugs } from '../projects/index.js';
import { insertComment, listComments, type CommentNode } from './store.js';
import { isoString } from '../lib/iso-string.js';

export interface CommentRead {
  id: string;
  organization: string;
  project: string;
  body: string;
  author: string;
  created_at: string;
}

const commentRead = (c: CommentNode, org: string, project: string): CommentRead => ({
  id: c.id,
  organization: org,
  project,
  body: c.props.body,
  author: c.props.author,
  created_at: isoString(c.created_at),
});

/**
 * As for the project itself (docs/authorization.md): a caller no ACL can serve (a service account) is
 * refused by its global permission before any lookup; a user that may not read the project gets the
 * 404 of a project that does not exist, so comments are no oracle of project slugs.
 */
async function readableProject(q: Queryable, ctx: AuthContext, orgSlug: string, slug: string) {
  if (!mayUseAcl(ctx, 'project:read') && !hasPermission(ctx, 'project:read'))
    throw forbidden('missing permission project:read');
  const found = await findProjectBySlugs(q, orgSlug, slug);
  if (!found || !(await canOnProject(q, ctx, found.project, 'read')))
    throw notFound(`project ${slug} in organization ${orgSlug}`);
  return found;
}

export function commentsService({ sql, analytics }: Pick<Core, 'sql' | 'analytics'>) {
  return {
    async create(ctx: AuthContext, orgSlug: string, slug: string, body: string): Promise<CommentRead> {
      if (body.trim() === '') throw invalid('/body', 'must not be blank');
      return sql.tx(async (tx) => {
        const { org, project } = await readableProject(tx, ctx, orgSlug, slug);
        const author = attribution(ctx);
        const comment = await insertComment(tx, { body, author, project_id: project.id });
        // events/comments: the body stays in the graph; the event says who commented where.
        await analytics.event(
          tx,
          eventRow({
            event_type: 'comment.created',
            source: 'comments',
            who: whoOf(ctx),
            organization: org.props.slug,
            project: project.props.slug,
            subject_id: comment.id,
            summary: `${author} commented on project ${project.props.slug}`,
            metadata: { project_id: project.id, body_length: body.length },
          }),
        );
        return commentRead(comment, org.props.slug, project.props.slug);
      });
    },

    async list(ctx: AuthContext, orgSlug: string, slug: string, page: Page) {
      const { org, project } = await readableProject(sql, ctx, orgSlug, slug);
      const r = await listComments(sql, project.id, page);
      return { next: r.next, items: r.items.map((c) => commentRead(c, org.props.slug, project.props.slug)) };
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
