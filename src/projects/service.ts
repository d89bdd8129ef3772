// Projects: the catalog's units, owned by a team in an organization, readable through global
// permissions or, for users, through resource-level CAN_ACCESS edges.
import { changedFields, lifecycleEvent } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, mayUseAcl, type AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Queryable, Tx } from '../db/sql.js';
import {
  changeKey,
  createNode,
  deleteNode,
  nodeByKey,
  putEdge,
  removeEdge,
  updateExisting,
} from '../graph/store.js';
import { AppError, forbidden, notFound } from '../http/errors.js';
import type { CacheScope } from '../http/page-cache.js';
import type { Page } from '../http/pagination.js';
import { findUserByEmail } from '../identity/index.js';
import { organizationOfPath } from '../organizations/service.js';
import { findTeam, type OrganizationNode } from '../organizations/index.js';
import { listProjects, type FactFilter } from './list.js';
import { mergePatch } from './merge-patch.js';
import { dropProjectsOnCommit, PROJECT_PAGES } from './pages.js';
import { lockedType, typesOf } from './types.js';
import { archivedConflict, authorizedProject, canOnProject, refuseWithoutAclFallback } from './access.js';
import { blueprintOf, checkAttributes } from './blueprints.js';
import { changeDetails, fieldChanges, memberChanges } from './changes.js';
import { deploymentsRead } from './deployments.js';
import { linkDefinitionsOf, resolveLinks } from './links.js';
import {
  lockProject,
  projectGrants,
  projectKey,
  type Archived,
  type AclAction,
  type ProjectNode,
  type ProjectProps,
} from './store.js';
import { isoString } from '../lib/iso-string.js';

export interface ProjectRead {
  /** Graph node id. */
  id: string;
  slug: string;
  name: string;
  organization: string;
  team: string;
  types: string[];
  attributes: Record<string, unknown>;
  archived: Archived | null;
  environments: ReturnType<typeof deploymentsRead>;
  /** On the read of one project only (lists leave them out: one more read per page). */
  links?: ReturnType<typeof resolveLinks>;
  score: number | null;
  previous_score: number | null;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

export const projectRead = (p: ProjectNode, org: string): ProjectRead => ({
  id: p.id,
  slug: p.props.slug,
  name: p.props.name,
  organization: org,
  team: p.props.team,
  types: p.props.types ?? [],
  attributes: p.props.attributes,
  archived: p.props.archived ?? null,
  environments: deploymentsRead(p.props.deployments),
  score: p.props.score ?? null,
  previous_score: p.props.previous_score ?? null,
  updated_by: p.props.updated_by ?? null,
  created_at: isoString(p.created_at),
  updated_at: isoString(p.updated_at),
});

/**
 * Where a project write finds what it names: each a query by default; the bulk import (import.ts)
 * passes what it read once for a batch of rows. The checks around them stay the service's.
 */
export interface ProjectLookups {
  /** The organization of the path (organizationOfPath: its permission check included). */
  organization: typeof organizationOfPath;
  team: typeof findTeam;
  /** A type, share-locked for the transaction (lockedType). */
  type: typeof lockedType;
  blueprint: typeof blueprintOf;
}

const QUERIED: ProjectLookups = {
  organization: organizationOfPath,
  team: findTeam,
  type: lockedType,
  blueprint: blueprintOf,
};

/** The team a project write names; naming one needs `team:read` (authorizeNaming). */
async function teamOf(
  q: Queryable,
  ctx: AuthContext,
  org: OrganizationNode,
  slug: string,
  find: ProjectLookups['team'] = findTeam,
) {
  authorizeNaming(ctx, 'team:read', { pointer: '/team', in: 'body' }, 'a team');
  const team = await find(q, org.id, slug);
  if (!team) {
    throw new AppError(422, 'unknown_team', `team: no team ${slug} in ${org.props.slug}`, [
      { pointer: '/team', in: 'body', detail: `no team ${slug} in ${org.props.slug}` },
    ]);
  }
  return team;
}

/** What a list may be narrowed by (list.ts); absent: live projects, unfiltered. */
export interface ListFilter {
  archived?: boolean | 'any' | undefined;
  facts?: FactFilter[] | undefined;
  /** Slug of an environment the projects are deployed to. */
  environment?: string | undefined;
  score?: { min?: number | undefined; max?: number | undefined } | undefined;
  q?: string | undefined;
}

type Deps = Pick<Core, 'sql' | 'graphCache' | 'pages' | 'analytics'> & { lookups?: ProjectLookups };

export function projectsService({ sql, graphCache, pages, analytics, lookups = QUERIED }: Deps) {
  /** A committed change to projects or grants: this process's pages go at once (the trigger tells the rest). */
  const invalidate = (tx: Tx) => dropProjectsOnCommit({ graphCache, pages }, tx);

  /**
   * Which projects of an organization the caller lists: all with project:read, else (users) those
   * with a read ACL. The organization comes from the graph cache (no query on a hit). 403 for a caller
   * who may read no project, whatever the organization. A missing organization is 404 to a caller that
   * may read projects or organizations everywhere; to one that reads through ACLs only it lists as an
   * organization where it may read nothing (undefined here), so the list is no oracle for its slug.
   */
  async function listVisibility(ctx: AuthContext, orgSlug: string) {
    const all = hasPermission(ctx, 'project:read');
    if (!all && !mayUseAcl(ctx, 'project:read')) throw forbidden('missing permission project:read');
    const org = await graphCache.nodeByKey<OrganizationNode['props']>(sql, 'Organization.slug', orgSlug);
    if (!org && (all || hasPermission(ctx, 'organization:read'))) throw notFound(`organization ${orgSlug}`);
    return { org, acl: all ? undefined : { userId: ctx.principal.id, action: 'read' as AclAction } };
  }

  /** The read path: organization and project from the graph cache (no query on a hit). */
  async function readableProject(ctx: AuthContext, orgSlug: string, slug: string) {
    refuseWithoutAclFallback(ctx, 'read');
    const org = await graphCache.nodeByKey<OrganizationNode['props']>(sql, 'Organization.slug', orgSlug);
    if (!org) {
      if (hasPermission(ctx, 'project:read') || hasPermission(ctx, 'organization:read'))
        throw notFound(`organization ${orgSlug}`);
      throw notFound(`project ${slug}`);
    }
    const key = projectKey(org.id, slug);
    const project = await graphCache.nodeByKey<ProjectProps>(sql, key.namespace, key.key);
    if (!project) throw notFound(`project ${slug}`);
    // 404, not 403: whoever may not read a project cannot tell it from one that does not exist.
    if (!(await canOnProject(sql, ctx, project, 'read'))) throw notFound(`project ${slug}`);
    return { org, project };
  }

  return {
    async create(
      ctx: AuthContext,
      orgSlug: string,
      input: {
        slug: string;
        name: string;
        team: string;
        types?: string[] | undefined;
        attributes?: Record<string, unknown> | undefined;
      },
    ): Promise<ProjectRead> {
      authorize(ctx, 'project:create');
      return sql.tx(async (tx) => {
        pages.invalidate(tx, PROJECT_PAGES);
        const org = await lookups.organization(ctx, tx, orgSlug);
        const team = await teamOf(tx, ctx, org, input.team, lookups.team);
        const types = (await typesOf(tx, ctx, org, input.types ?? [], '/types', lookups.type)).map(
          (t) => t.props.slug,
        );
        await checkAttributes(tx, org.id, types, input.attributes ?? {}, '/attributes', lookups.blueprint);
        const p = await createNode<ProjectProps>(
          tx,
          'Project',
          {
            slug: input.slug,
            name: input.name,
            organization_id: org.id,
            team: input.team,
            types,
            attributes: input.attributes ?? {},
            score: null,
            previous_score: null,
            updated_by: attribution(ctx),
          },
          [
            {
              ...projectKey(org.id, input.slug),
              taken: `project ${input.slug} already exists in ${orgSlug}`,
            },
          ],
        );
        await putEdge(tx, p.id, 'BELONGS_TO', org.id);
        await putEdge(tx, p.id, 'OWNED_BY', team.id);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'project',
            action: 'created',
            id: p.id,
            slug: p.props.slug,
            organization: org.props.slug,
            project: p.props.slug,
            details: { team: input.team, types },
          }),
        );
        return projectRead(p, org.props.slug);
      });
    },

    /**
     * Who sees the same pages of an organization's projects: every holder of project:read alike, each
     * ACL user alone. Checked before a page is read or served from the cache.
     */
    async listScope(ctx: AuthContext, orgSlug: string): Promise<CacheScope> {
      const { org, acl } = await listVisibility(ctx, orgSlug);
      return {
        family: PROJECT_PAGES,
        visibility: `${org?.id ?? 'none'}|${acl ? `acl:${acl.userId}` : 'all'}`,
      };
    },

    /** Every project the caller may read: all with project:read, else (users) those with a read ACL. */
    async list(ctx: AuthContext, orgSlug: string, page: Page, filter: ListFilter = {}) {
      const { org, acl } = await listVisibility(ctx, orgSlug);
      if (!org) return { next: undefined, items: [] };
      const facts = [...(filter.facts ?? [])];
      if (filter.environment !== undefined) {
        const env = await nodeByKey(sql, 'Environment.slug', filter.environment);
        // No such environment: no project is deployed there.
        if (!env) return { next: undefined, items: [] };
        facts.push({ kind: 'environment', name: '', values: [env.id] });
      }
      const r = await listProjects(sql, {
        organization: org.id,
        after: page.after,
        limit: page.limit,
        acl,
        archived: filter.archived ?? false,
        facts,
        score: filter.score,
        q: filter.q,
      });
      return { next: r.next, items: r.items.map((p) => projectRead(p, org.props.slug)) };
    },

    /**
     * The read of one project, for the page cache: the caller is authorized now (404 for a project it
     * may not read), and the project is read only when the cache has no answer. Whoever may read it
     * sees the same bytes, so its scope is the project itself (one deleted and created again under
     * its slug is another entry). The read includes the organization's link definitions: a change to
     * one drops the family too (linkDefinitionPagesMigration).
     */
    async reader(ctx: AuthContext, orgSlug: string, slug: string) {
      const { org, project } = await readableProject(ctx, orgSlug, slug);
      // A literal with a method, as the entity reader's: a closure bound to a name is named on every
      // request under tsx (esbuild's keepNames; see PageCache.keep), and this runs on every cached read.
      return {
        scope: { family: PROJECT_PAGES, visibility: `project:${project.id}` } satisfies CacheScope,
        async read(): Promise<ProjectRead> {
          // Looked up again once the cache's build has begun: a node read before then may predate a
          // change whose announcement reached this process before the build began, and the build
          // would keep it. The graph cache is cleared before the family is dropped (the graph
          // trigger's name sorts first), so a node it still holds now is one whose drop is yet to
          // come. (A transaction by hand that announces the family before it changes a project is
          // bounded by the expiry.)
          const key = projectKey(org.id, slug);
          const current = await graphCache.nodeByKey<ProjectProps>(sql, key.namespace, key.key);
          if (current?.id !== project.id) throw notFound(`project ${slug}`);
          const links = resolveLinks(await linkDefinitionsOf(sql, org.id), current, org.props.slug);
          return { ...projectRead(current, org.props.slug), links };
        },
      };
    },

    async update(
      ctx: AuthContext,
      orgSlug: string,
      slug: string,
      input: {
        slug?: string | undefined;
        name?: string | undefined;
        team?: string | undefined;
        types?: string[] | undefined;
        attributes?: Record<string, unknown> | undefined;
      },
    ): Promise<ProjectRead | null> {
      return sql.tx(async (tx) => {
        const { org, project: found } = await authorizedProject(tx, ctx, orgSlug, slug, 'update');
        // Locked: two partial updates of the attributes each keep what the other wrote.
        const project = await lockProject(tx, found.id);
        if (project.props.archived) throw archivedConflict(slug);
        invalidate(tx);
        const patch: Partial<ProjectProps> = { updated_by: attribution(ctx) };
        if (input.name !== undefined) patch.name = input.name;
        if (input.types !== undefined)
          patch.types = (await typesOf(tx, ctx, org, input.types, '/types', lookups.type)).map(
            (t) => t.props.slug,
          );
        if (input.attributes !== undefined)
          patch.attributes = mergePatch(project.props.attributes ?? {}, input.attributes);
        if (input.types !== undefined || input.attributes !== undefined)
          await checkAttributes(
            tx,
            org.id,
            patch.types ?? project.props.types ?? [],
            patch.attributes ?? project.props.attributes ?? {},
            '/attributes',
            lookups.blueprint,
          );
        if (input.slug !== undefined && input.slug !== slug) {
          const k = projectKey(org.id, input.slug);
          await changeKey(
            tx,
            project.id,
            k.namespace,
            k.key,
            `project ${input.slug} already exists in ${orgSlug}`,
          );
          patch.slug = input.slug;
        }
        if (input.team !== undefined && input.team !== project.props.team) {
          const team = await teamOf(tx, ctx, org, input.team, lookups.team);
          await tx.query(`DELETE FROM graph_edges WHERE src = $1 AND label = 'OWNED_BY'`, [project.id]);
          await putEdge(tx, project.id, 'OWNED_BY', team.id);
          patch.team = input.team;
        }
        const updated = await updateExisting<ProjectProps>(tx, project.id, patch);
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'project',
            action: 'updated',
            id: project.id,
            slug: updated.props.slug,
            organization: org.props.slug,
            project: updated.props.slug,
            details: {
              changed: changedFields(project.props, patch),
              previous_slug: slug,
              ...changeDetails([
                ...fieldChanges(project.props, patch, ['slug', 'name', 'team', 'types']),
                ...(patch.attributes
                  ? memberChanges(project.props.attributes ?? {}, patch.attributes, '/attributes')
                  : []),
              ]),
            },
          }),
        );
        // A caller holding only an update ACL gets no fields it may not read.
        if (!(await canOnProject(tx, ctx, updated, 'read'))) return null;
        return projectRead(updated, org.props.slug);
      });
    },

    /**
     * Deletes the project for good, with its comments, edges and grants: the global project:delete
     * permission only (an administrator's), never an ACL, which archives at most (archive.ts).
     */
    async remove(ctx: AuthContext, orgSlug: string, slug: string): Promise<void> {
      authorize(ctx, 'project:delete');
      await sql.tx(async (tx) => {
        const { org, project } = await authorizedProject(tx, ctx, orgSlug, slug, 'delete');
        invalidate(tx);
        await deleteNode(tx, project.id, 'Project');
        await analytics.event(
          tx,
          lifecycleEvent(ctx, {
            subject: 'project',
            action: 'deleted',
            id: project.id,
            slug,
            organization: org.props.slug,
            project: slug,
          }),
        );
      });
    },

    // --- resource ACLs
    /** A project's CAN_ACCESS grants in user id order, read along the project's edges. */
    async listAccess(ctx: AuthContext, orgSlug: string, slug: string, page: Page) {
      authorize(ctx, 'project:access');
      // The grants name users: showing them needs user:read, as naming one does.
      authorizeNaming(ctx, 'user:read', { pointer: '/project', in: 'params' }, "a project's grantees");
      const { project } = await authorizedProject(sql, ctx, orgSlug, slug, 'read');
      const r = await projectGrants(sql, project.id, page);
      return { next: r.next, items: r.items.map((g) => ({ email: g.email, actions: g.actions })) };
    },

    async setAccess(
      ctx: AuthContext,
      orgSlug: string,
      slug: string,
      email: string,
      actions: AclAction[] | null,
    ) {
      authorize(ctx, 'project:access');
      authorizeNaming(ctx, 'user:read', { pointer: '/email', in: 'params' }, 'a user');
      return sql.tx(async (tx) => {
        pages.invalidate(tx, PROJECT_PAGES);
        // Only a caller that may read the project learns that it exists (404 otherwise).
        const { project } = await authorizedProject(tx, ctx, orgSlug, slug, 'read');
        // A caller never hands on what it may not do itself (as with roles): project:access alone
        // would otherwise let its holder grant itself read, update and delete on every project.
        const missing: AclAction[] = [];
        for (const action of actions ?? []) {
          if (!(await canOnProject(tx, ctx, project, action))) missing.push(action);
        }
        if (missing.length > 0) {
          throw forbidden(`you cannot grant access you do not have: ${missing.join(', ')} on ${slug}`);
        }
        const user = await findUserByEmail(tx, email);
        if (!user) throw notFound(`user ${email}`);
        if (actions)
          await putEdge(tx, user.id, 'CAN_ACCESS', project.id, { actions, granted_by: attribution(ctx) });
        else if (!(await removeEdge(tx, user.id, 'CAN_ACCESS', project.id)))
          throw notFound(`access of ${email} to ${slug}`);
        return { email: user.props.email, actions: actions ?? [] };
      });
    },
  };
}

export type ProjectsService = ReturnType<typeof projectsService>;

// Other domains reach these through the service.
export { authorizedProject, canOnProject } from './access.js';
