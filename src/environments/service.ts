// Environments: global, first-class deployment targets (plugins anchor their edges on them).
import { changedFields, lifecycleEvent } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize } from '../authz/guard.js';
import type { Queryable, Tx } from '../db/sql.js';
import {
  changeKey,
  createNode,
  deleteNode,
  listNodes,
  nodeByKey,
  updateExisting,
  type GraphNode,
} from '../graph/store.js';
import { notFound } from '../http/errors.js';
import { PROJECT_PAGES } from '../projects/pages.js';
import type { Page } from '../http/pagination.js';
import { isoString } from '../lib/iso-string.js';

export interface EnvironmentProps {
  slug: string;
  name: string;
  updated_by?: string;
  [k: string]: unknown;
}

export type EnvironmentNode = GraphNode<EnvironmentProps>;

export const findEnvironment = (q: Queryable, slug: string) =>
  nodeByKey<EnvironmentProps>(q, 'Environment.slug', slug);

export async function mustFindEnvironment(q: Queryable, slug: string): Promise<EnvironmentNode> {
  const env = await findEnvironment(q, slug);
  if (!env) throw notFound(`environment ${slug}`);
  return env;
}

const read = (e: EnvironmentNode) => ({
  id: e.id,
  slug: e.props.slug,
  name: e.props.name,
  created_at: isoString(e.created_at),
  updated_at: isoString(e.updated_at),
});

export function environmentsService({
  sql,
  analytics,
  graphCache,
  pages,
}: Pick<Core, 'sql' | 'analytics' | 'graphCache' | 'pages'>) {
  /** A rename or deletion rewrites the projects deployed there (a trigger): their reads and pages go. */
  const projectsChange = (tx: Tx) => {
    graphCache.invalidate(tx);
    pages.invalidate(tx, PROJECT_PAGES);
  };
  return {
    async create(ctx: AuthContext, input: { slug: string; name: string }) {
      authorize(ctx, 'environment:create');
      return sql.tx(async (tx) => {
        const env = await createNode<EnvironmentProps>(
          tx,
          'Environment',
          { ...input, updated_by: attribution(ctx) },
          [
            {
              namespace: 'Environment.slug',
              key: input.slug,
              taken: `environment ${input.slug} already exists`,
            },
          ],
        );
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'environment',
            action: 'created',
            id: env.id,
            slug: env.props.slug,
            environment: env.props.slug,
          }),
        );
        return read(env);
      });
    },
    async list(ctx: AuthContext, page: Page) {
      authorize(ctx, 'environment:read');
      const r = await listNodes<EnvironmentProps>(sql, {
        label: 'Environment',
        after: page.after,
        limit: page.limit,
      });
      return { next: r.next, items: r.items.map(read) };
    },
    async get(ctx: AuthContext, slug: string) {
      authorize(ctx, 'environment:read');
      return read(await mustFindEnvironment(sql, slug));
    },
    async update(
      ctx: AuthContext,
      slug: string,
      input: { slug?: string | undefined; name?: string | undefined },
    ) {
      authorize(ctx, 'environment:update');
      return sql.tx(async (tx) => {
        const env = await mustFindEnvironment(tx, slug);
        if (input.slug !== undefined && input.slug !== slug) {
          projectsChange(tx);
          await changeKey(
            tx,
            env.id,
            'Environment.slug',
            input.slug,
            `environment ${input.slug} already exists`,
          );
        }
        const patch: Partial<EnvironmentProps> = { updated_by: attribution(ctx) };
        if (input.slug !== undefined) patch.slug = input.slug;
        if (input.name !== undefined) patch.name = input.name;
        const updated = await updateExisting<EnvironmentProps>(tx, env.id, patch);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'environment',
            action: 'updated',
            id: env.id,
            slug: updated.props.slug,
            environment: updated.props.slug,
            details: { changed: changedFields(env.props, patch), previous_slug: slug },
          }),
        );
        // A caller who may change environments but not read them gets no body (204).
        return hasPermission(ctx, 'environment:read') ? read(updated) : undefined;
      });
    },
    async remove(ctx: AuthContext, slug: string) {
      authorize(ctx, 'environment:delete');
      await sql.tx(async (tx) => {
        const env = await mustFindEnvironment(tx, slug);
        projectsChange(tx);
        await deleteNode(tx, env.id, 'Environment');
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'environment',
            action: 'deleted',
            id: env.id,
            slug,
            environment: slug,
          }),
        );
      });
    },
  };
}
