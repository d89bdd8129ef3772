// Comments are graph nodes linked COMMENT_ON their project; a project's comments go when it goes.
import type { Migration } from '../db/migrate.js';
import type { Queryable } from '../db/sql.js';
import { createNode, putEdge, type GraphNode } from '../graph/store.js';

export interface CommentProps {
  body: string;
  author: string;
  project_id: string;
  [k: string]: unknown;
}
export type CommentNode = GraphNode<CommentProps>;

export const COMMENT_ON = 'COMMENT_ON';

/**
 * The project trigger's delete, with $1 for OLD.id (migration 0511 installs it: a change here needs a
 * migration of its own, and test/db/cleanup-plans.test.ts fails until there is one). plpgsql caches a
 * generic plan for it, made on a just-installed database: with `label = 'Comment'` on the deleted rows,
 * that plan re-read every comment for each COMMENT_ON edge. Each edge's node is read by its key in a
 * LATERAL (OFFSET 0 keeps the label check there), and the comments are deleted by id.
 */
export const DELETE_PROJECT_COMMENTS = `DELETE FROM graph_nodes WHERE id = ANY(ARRAY(
          SELECT c.id FROM graph_edges e
           CROSS JOIN LATERAL (SELECT id, label FROM graph_nodes c WHERE c.id = e.src OFFSET 0) c
           WHERE e.dst = $1 AND e.label = 'COMMENT_ON' AND c.label = 'Comment'))`;

export const commentsMigrations: Migration[] = [
  {
    id: '0510_comments_follow_their_project',
    sql: `
      CREATE FUNCTION keel_delete_project_comments() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_nodes
         WHERE label = 'Comment'
           AND id IN (SELECT src FROM graph_edges WHERE dst = OLD.id AND label = 'COMMENT_ON');
        RETURN OLD;
      END $$;
      CREATE TRIGGER graph_nodes_project_comments BEFORE DELETE ON graph_nodes
        FOR EACH ROW WHEN (OLD.label = 'Project') EXECUTE FUNCTION keel_delete_project_comments();
    `,
  },
  {
    // The delete above, by key (DELETE_PROJECT_COMMENTS).
    id: '0511_comments_deleted_by_key',
    sql: `
      CREATE OR REPLACE FUNCTION keel_delete_project_comments() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM graph_nodes WHERE id = ANY(ARRAY(
          SELECT c.id FROM graph_edges e
           CROSS JOIN LATERAL (SELECT id, label FROM graph_nodes c WHERE c.id = e.src OFFSET 0) c
           WHERE e.dst = OLD.id AND e.label = 'COMMENT_ON' AND c.label = 'Comment'));
        RETURN OLD;
      END $$;
    `,
  },
];

export async function insertComment(q: Queryable, props: CommentProps): Promise<CommentNode> {
  const node = await createNode<CommentProps>(q, 'Comment', props);
  await putEdge(q, node.id, COMMENT_ON, props.project_id);
  return node;
}

const PAGE_COLS = `n.id, n.label, n.props, n.created_at, n.updated_at`;
// Two statements rather than one with "($2 IS NULL OR ...)": each has a generic plan bounded by the
// (dst, label, src) index of graph_edges.
const FIRST_PAGE = `SELECT ${PAGE_COLS} FROM graph_edges e JOIN graph_nodes n ON n.id = e.src
  WHERE e.dst = $1 AND e.label = '${COMMENT_ON}' ORDER BY e.src LIMIT $2`;
const NEXT_PAGE = `SELECT ${PAGE_COLS} FROM graph_edges e JOIN graph_nodes n ON n.id = e.src
  WHERE e.dst = $1 AND e.label = '${COMMENT_ON}' AND e.src > $3::uuid ORDER BY e.src LIMIT $2`;

/** One page of a project's comments, oldest first; `next` is the id to continue after. */
export async function listComments(
  q: Queryable,
  projectId: string,
  page: { after: string | undefined; limit: number },
): Promise<{ items: CommentNode[]; next: string | undefined }> {
  const rows =
    page.after === undefined
      ? await q.query<CommentNode & Record<string, unknown>>(FIRST_PAGE, [projectId, page.limit + 1])
      : await q.query<CommentNode & Record<string, unknown>>(NEXT_PAGE, [
          projectId,
          page.limit + 1,
          page.after,
        ]);
  if (rows.length <= page.limit) return { items: rows, next: undefined };
  const items = rows.slice(0, page.limit);
  return { items, next: items[items.length - 1]!.id };
}

export { FIRST_PAGE as COMMENTS_FIRST_PAGE, NEXT_PAGE as COMMENTS_NEXT_PAGE };
