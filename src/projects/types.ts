// Project types: what kind of thing a project is (service, library, data pipeline...), per
// organization. A project is of one or more; lists filter by type; blueprints and scoring policies may
// apply to a type only. A type's slug is fixed once made (projects and policies name it); a type that
// projects still are of is not deleted (409).
import { Type } from 'typebox';
import { changedFields, lifecycleEvent } from '../analytics/index.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Queryable } from '../db/sql.js';
import { createNode, deleteNode, nodeByKey, updateExisting, type GraphNode } from '../graph/store.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { parsePage, sendPage, type Page } from '../http/pagination.js';
import { NoContent, PageQuery, Slug, Timestamp, responses } from '../http/schemas.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import { organizationOfPath } from '../organizations/service.js';
import { listOfOrganization } from './org-nodes.js';
import type { OrganizationNode } from '../organizations/index.js';
import { typeHasBlueprint } from './blueprint-scope.js';
import { changeDetails, fieldChanges } from './changes.js';
import { isoString } from '../lib/iso-string.js';

export const PROJECT_TYPE_PERMISSIONS = crudPermissions('project_type', 'project types');

export interface ProjectTypeProps {
  slug: string;
  name: string;
  description: string | null;
  /** Whether projects of this type deploy (have environments). */
  deploys: boolean;
  organization_id: string;
  updated_by?: string;
  [k: string]: unknown;
}
export type ProjectTypeNode = GraphNode<ProjectTypeProps>;

export const typeKey = (orgId: string, slug: string) => ({
  namespace: 'ProjectType.slug',
  key: `${orgId}/${slug}`,
});

export const findProjectType = (q: Queryable, orgId: string, slug: string) => {
  const k = typeKey(orgId, slug);
  return nodeByKey<ProjectTypeProps>(q, k.namespace, k.key);
};

/**
 * A type of the organization, share-locked for the transaction (a delete of the type waits for the
 * write that names it, then finds the type in use: 409); undefined when there is none.
 */
export async function lockedType(
  q: Queryable,
  orgId: string,
  slug: string,
): Promise<ProjectTypeNode | undefined> {
  const t = await findProjectType(q, orgId, slug);
  return t && (await q.one('SELECT id FROM graph_nodes WHERE id = $1 FOR SHARE', [t.id])) ? t : undefined;
}

/** Is any project (live or archived) of this type? Two probes of project_facts' primary key. */
async function typeInUse(q: Queryable, orgId: string, slug: string): Promise<boolean> {
  const row = await q.one(
    `SELECT 1 AS used FROM project_facts
      WHERE organization_id = $1 AND archived = ANY('{false,true}') AND kind = 'type' AND name = '' AND value = $2
      LIMIT 1`,
    [orgId, slug],
  );
  return row !== undefined;
}

/**
 * The types a project write names (`pointer` is the field): each must be a type of the organization,
 * and naming them needs project_type:read. Answers the slugs, unique, in the order given.
 */
export async function typesOf(
  q: Queryable,
  ctx: AuthContext,
  org: OrganizationNode,
  slugs: readonly string[],
  pointer = '/types',
  find: typeof lockedType = lockedType,
): Promise<ProjectTypeNode[]> {
  if (slugs.length === 0) return [];
  authorizeNaming(ctx, 'project_type:read', { pointer, in: 'body' }, 'a project type');
  const found: ProjectTypeNode[] = [];
  const errors = [];
  for (const [i, slug] of slugs.entries()) {
    const t = await find(q, org.id, slug);
    if (t) found.push(t);
    else
      errors.push({
        pointer: `${pointer}/${i}`,
        in: 'body' as const,
        detail: `no project type ${slug} in ${org.props.slug}`,
      });
  }
  if (errors.length > 0)
    throw new AppError(
      422,
      'unknown_project_type',
      `${errors[0]!.pointer.slice(1)}: ${errors[0]!.detail}`,
      errors,
    );
  return found;
}

const read = (t: ProjectTypeNode, org: string) => ({
  slug: t.props.slug,
  name: t.props.name,
  description: t.props.description,
  deploys: t.props.deploys,
  organization: org,
  created_at: isoString(t.created_at),
  updated_at: isoString(t.updated_at),
});

async function mustFind(q: Queryable, org: OrganizationNode, slug: string) {
  const t = await findProjectType(q, org.id, slug);
  if (!t) throw notFound(`project type ${slug}`);
  return t;
}

type Deps = Pick<Core, 'sql' | 'analytics'>;
interface TypeInput {
  slug: string;
  name: string;
  description?: string | null | undefined;
  deploys?: boolean | undefined;
}
interface TypePatch {
  name?: string | undefined;
  description?: string | null | undefined;
  deploys?: boolean | undefined;
}

export function projectTypesService({ sql, analytics }: Deps) {
  const event = (
    ctx: AuthContext,
    org: OrganizationNode,
    action: 'created' | 'updated' | 'deleted',
    t: ProjectTypeNode,
    details?: Record<string, unknown>,
  ) =>
    lifecycleEvent(ctx, {
      subject: 'project_type',
      action,
      id: t.id,
      slug: t.props.slug,
      organization: org.props.slug,
      details,
    });
  return {
    async create(ctx: AuthContext, orgSlug: string, input: TypeInput) {
      authorize(ctx, 'project_type:create');
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const t = await createNode<ProjectTypeProps>(
          tx,
          'ProjectType',
          {
            slug: input.slug,
            name: input.name,
            description: input.description ?? null,
            deploys: input.deploys ?? true,
            organization_id: org.id,
            updated_by: attribution(ctx),
          },
          [
            {
              ...typeKey(org.id, input.slug),
              taken: `project type ${input.slug} already exists in ${orgSlug}`,
            },
          ],
        );
        await analytics.event(tx, event(ctx, org, 'created', t));
        return read(t, org.props.slug);
      });
    },
    list(ctx: AuthContext, orgSlug: string, page: Page) {
      return listOfOrganization<ProjectTypeProps, ReturnType<typeof read>>(
        sql,
        ctx,
        orgSlug,
        page,
        { label: 'ProjectType', permission: 'project_type:read' },
        read,
      );
    },
    async get(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'project_type:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return read(await mustFind(sql, org, slug), org.props.slug);
    },
    async update(ctx: AuthContext, orgSlug: string, slug: string, input: TypePatch) {
      authorize(ctx, 'project_type:update');
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const t = await mustFind(tx, org, slug);
        const patch: Partial<ProjectTypeProps> = { updated_by: attribution(ctx) };
        if (input.name !== undefined) patch.name = input.name;
        if (input.description !== undefined) patch.description = input.description;
        if (input.deploys !== undefined) patch.deploys = input.deploys;
        const updated = await updateExisting<ProjectTypeProps>(tx, t.id, patch);
        const changes = fieldChanges(t.props, patch, changedFields(t.props, patch));
        await analytics.event(tx, event(ctx, org, 'updated', updated, changeDetails(changes)));
        return hasPermission(ctx, 'project_type:read') ? read(updated, org.props.slug) : undefined;
      });
    },
    async remove(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'project_type:delete');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const t = await mustFind(tx, org, slug);
        // Locked: a project written meanwhile with this type waits for the delete and then fails.
        await tx.query('SELECT id FROM graph_nodes WHERE id = $1 FOR UPDATE', [t.id]);
        if (await typeHasBlueprint(tx, org.id, slug))
          throw conflict(`project type ${slug} has a blueprint: delete it first`, 'type_has_blueprint');
        if (await typeInUse(tx, org.id, slug))
          throw conflict(`project type ${slug} still has projects: change their types first`, 'type_in_use');
        await deleteNode(tx, t.id, 'ProjectType');
        await analytics.event(tx, event(ctx, org, 'deleted', t));
      });
    },
  };
}

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);
const TypeRead = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  deploys: Type.Boolean({ description: 'whether projects of this type deploy to environments' }),
  organization: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
const TypeParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  type: Type.String({ maxLength: 200 }),
});
const tags = ['project types'];

export function projectTypeRoutes(api: Api, types: ReturnType<typeof projectTypesService>): void {
  const base = '/organizations/:org/project-types';
  api.post(
    base,
    {
      schema: {
        tags,
        summary: 'Creates a project type of the organization (needs project_type:create)',
        params: OrgParams,
        body: Type.Object(
          {
            slug: Slug,
            name: Name,
            description: Type.Optional(Description),
            deploys: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: responses({ 201: TypeRead }),
      },
    },
    async (req, reply) => reply.code(201).send(await types.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    base,
    {
      schema: {
        tags,
        params: OrgParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(TypeRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await types.list(authOf(req), req.params.org, page));
    },
  );
  api.get(
    `${base}/:type`,
    { schema: { tags, params: TypeParams, response: responses({ 200: TypeRead }) } },
    async (req) => types.get(authOf(req), req.params.org, req.params.type),
  );
  api.patch(
    `${base}/:type`,
    {
      schema: {
        tags,
        description:
          'Answers 200 with the type as changed (its name, description, deploys); 204 to a caller who ' +
          'may not read types. The slug stays (projects and policies name it). 404 for an unknown type.',
        params: TypeParams,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            description: Type.Optional(Description),
            deploys: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: responses({ 200: TypeRead, 204: NoContent }),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await types.update(authOf(req), req.params.org, req.params.type, req.body)),
  );
  api.delete(
    `${base}/:type`,
    {
      schema: {
        tags,
        description:
          'Answers 204; the type is gone. 404 for an unknown type; 409 `type_in_use` while a project ' +
          '(archived ones included) is of this type, 409 `type_has_blueprint` while a blueprint covers it.',
        params: TypeParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await types.remove(authOf(req), req.params.org, req.params.type);
      return reply.code(204).send(null);
    },
  );
}
