// Blueprints: the JSON Schema of an organization's project attributes, one for every project of the
// organization and one per project type at most. A project's attributes must fit every blueprint that
// applies to it (the organization's and those of its types), checked by the plugin entities' validator
// (linear time, work-bounded: src/json-schema/json-schema.ts) on every create, change and import; a 422
// names every failing pointer. A new or changed blueprint never rewrites stored attributes: its dry
// run lists the projects that do not fit.
import { Type } from 'typebox';
import { lifecycleEvent } from '../analytics/index.js';
import { authorize } from '../authz/guard.js';
import type { Queryable } from '../db/sql.js';
import { createNode, deleteNode, nodeByKey, replaceProps, type GraphNode } from '../graph/store.js';
import { AppError, notFound, type FieldError } from '../http/errors.js';
import { parsePage, sendPage, type Page } from '../http/pagination.js';
import { NoContent, PageQuery, Slug, Timestamp, responses } from '../http/schemas.js';
import { attribution, type AuthContext } from '../kernel/context.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { authOf } from '../kernel/route.js';
import { organizationOfPath } from '../organizations/service.js';
import { listOfOrganization } from './org-nodes.js';
import type { OrganizationNode } from '../organizations/index.js';
import {
  DRAFT_2020_12,
  WORK_LIMIT_KEYWORD,
  compileLabelSchema,
  documentErrors,
  newSchemaCompiler,
  type LabelValidate,
} from '../json-schema/json-schema.js';
import { authorizedProject } from './access.js';
import { scopeKey } from './blueprint-scope.js';
import { changeDetails, fieldChanges } from './changes.js';
import { findProjectType } from './types.js';

export const BLUEPRINT_PERMISSIONS = crudPermissions(
  'blueprint',
  "blueprints (the schemas of projects' attributes)",
);

export interface BlueprintProps {
  slug: string;
  name: string;
  /** The type whose projects it applies to; null: every project of the organization. */
  project_type: string | null;
  schema: Record<string, unknown>;
  organization_id: string;
  updated_by?: string;
  [k: string]: unknown;
}
export type BlueprintNode = GraphNode<BlueprintProps>;

const slugKey = (orgId: string, slug: string) => ({ namespace: 'Blueprint.slug', key: `${orgId}/${slug}` });

/** Compiled validators by blueprint id and version (its updated_at), a few hundred at most. */
const compiled = new Map<string, LabelValidate>();
const MAX_COMPILED = 500;

function validatorOf(b: BlueprintNode): LabelValidate {
  const key = `${b.id}@${new Date(b.updated_at).getTime()}`;
  let v = compiled.get(key);
  if (!v) {
    const c = compileLabelSchema(newSchemaCompiler(), b.props.schema);
    // Stored schemas compiled when they were written; a failure here is a bug, not bad input.
    if (c.problems) throw new Error(`blueprint ${b.props.slug} does not compile`);
    v = c.validate;
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, v);
  }
  return v;
}

/** The blueprints that apply to a project of these types: the organization's first, then by type. */
/** The blueprint of one scope of an organization (null: every project), if there is one. */
export function blueprintOf(q: Queryable, orgId: string, scope: string | null) {
  const k = scopeKey(orgId, scope);
  return nodeByKey<BlueprintProps>(q, k.namespace, k.key);
}

export async function blueprintsFor(
  q: Queryable,
  orgId: string,
  types: readonly string[],
  find: typeof blueprintOf = blueprintOf,
): Promise<BlueprintNode[]> {
  const out: BlueprintNode[] = [];
  for (const scope of [null, ...types]) {
    const b = await find(q, orgId, scope);
    if (b) out.push(b);
  }
  return out;
}

/** Every way the attributes do not fit the blueprints (pointers under `prefix`), at most 20. */
export function misfits(
  blueprints: readonly BlueprintNode[],
  attributes: unknown,
  prefix = '/attributes',
): FieldError[] {
  const errors: FieldError[] = [];
  for (const b of blueprints) {
    const validate = validatorOf(b);
    if (!validate(attributes)) errors.push(...documentErrors(validate.errors, prefix));
  }
  return errors.slice(0, 20);
}

/** 422 unless the attributes fit every blueprint that applies (each failing pointer named). */
export async function checkAttributes(
  q: Queryable,
  orgId: string,
  types: readonly string[],
  attributes: Record<string, unknown>,
  prefix = '/attributes',
  find: typeof blueprintOf = blueprintOf,
): Promise<void> {
  const errors = misfits(await blueprintsFor(q, orgId, types, find), attributes, prefix);
  if (errors.length === 0) return;
  const first = errors[0]!;
  throw new AppError(
    422,
    first.keyword === WORK_LIMIT_KEYWORD ? 'validation_too_costly' : 'validation_failed',
    `${first.pointer.slice(1)}: ${first.detail}`,
    errors,
  );
}

/** The schema that applies to a project of these types: one blueprint's, or all of them (allOf). */
export function combinedSchema(blueprints: readonly BlueprintNode[]): Record<string, unknown> {
  if (blueprints.length === 1) return blueprints[0]!.props.schema;
  return {
    $schema: DRAFT_2020_12,
    type: 'object',
    ...(blueprints.length > 0 ? { allOf: blueprints.map((b) => b.props.schema) } : {}),
  };
}

/** A schema from a request: compiles, or 422 naming each problem under `/schema`. */
function compileOr422(schema: unknown) {
  const c = compileLabelSchema(newSchemaCompiler(), schema);
  if (!c.problems) return c.validate;
  const errors = c.problems.map((p) => ({
    pointer: `/schema${p.pointer}`,
    in: 'body' as const,
    detail: p.detail,
  }));
  throw new AppError(422, 'invalid_schema', `${errors[0]!.pointer.slice(1)}: ${errors[0]!.detail}`, errors);
}

const read = (b: BlueprintNode, org: string) => ({
  slug: b.props.slug,
  name: b.props.name,
  organization: org,
  project_type: b.props.project_type,
  schema: b.props.schema,
  created_at: b.created_at.toISOString(),
  updated_at: b.updated_at.toISOString(),
});

/** Projects a dry run checks per statement, and the misfits it lists at most. */
const DRY_RUN_BATCH = 500;
const DRY_RUN_LISTED = 100;

type Deps = Pick<Core, 'sql' | 'analytics'>;

export function blueprintsService({ sql, analytics }: Deps) {
  async function mustFind(q: Queryable, org: OrganizationNode, slug: string) {
    const k = slugKey(org.id, slug);
    const b = await nodeByKey<BlueprintProps>(q, k.namespace, k.key);
    if (!b) throw notFound(`blueprint ${slug}`);
    return b;
  }
  const event = (
    ctx: AuthContext,
    org: OrganizationNode,
    action: 'created' | 'updated' | 'deleted',
    b: BlueprintNode,
    details?: Record<string, unknown>,
  ) =>
    lifecycleEvent(ctx, {
      subject: 'blueprint',
      action,
      id: b.id,
      slug: b.props.slug,
      organization: org.props.slug,
      details,
    });

  return {
    async projectSchema(ctx: AuthContext, orgSlug: string, slug: string) {
      const { org, project } = await authorizedProject(sql, ctx, orgSlug, slug, 'read');
      return combinedSchema(await blueprintsFor(sql, org.id, project.props.types ?? []));
    },
    async create(
      ctx: AuthContext,
      orgSlug: string,
      input: {
        slug: string;
        name: string;
        project_type?: string | null | undefined;
        schema: Record<string, unknown>;
      },
    ) {
      authorize(ctx, 'blueprint:create');
      compileOr422(input.schema);
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const type = input.project_type ?? null;
        if (type !== null && !(await findProjectType(tx, org.id, type)))
          throw new AppError(
            422,
            'unknown_project_type',
            `project_type: no project type ${type} in ${orgSlug}`,
            [{ pointer: '/project_type', in: 'body', detail: `no project type ${type} in ${orgSlug}` }],
          );
        const b = await createNode<BlueprintProps>(
          tx,
          'Blueprint',
          {
            slug: input.slug,
            name: input.name,
            project_type: type,
            schema: input.schema,
            organization_id: org.id,
            updated_by: attribution(ctx),
          },
          [
            { ...slugKey(org.id, input.slug), taken: `blueprint ${input.slug} already exists in ${orgSlug}` },
            {
              ...scopeKey(org.id, type),
              taken:
                type === null
                  ? `${orgSlug} has a blueprint for all its projects already`
                  : `project type ${type} has a blueprint already`,
            },
          ],
        );
        await analytics.event(tx, event(ctx, org, 'created', b));
        return read(b, org.props.slug);
      });
    },
    list(ctx: AuthContext, orgSlug: string, page: Page) {
      return listOfOrganization<BlueprintProps, ReturnType<typeof read>>(
        sql,
        ctx,
        orgSlug,
        page,
        { label: 'Blueprint', permission: 'blueprint:read' },
        read,
      );
    },
    async get(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'blueprint:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return read(await mustFind(sql, org, slug), org.props.slug);
    },
    /** Replaces the name and schema (the type it applies to stays); stored attributes are not touched. */
    async replace(
      ctx: AuthContext,
      orgSlug: string,
      slug: string,
      input: { name?: string | undefined; schema: Record<string, unknown> },
    ) {
      authorize(ctx, 'blueprint:update');
      compileOr422(input.schema);
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const b = await mustFind(tx, org, slug);
        const props = {
          ...b.props,
          name: input.name ?? b.props.name,
          schema: input.schema,
          updated_by: attribution(ctx),
        };
        const updated = (await replaceProps<BlueprintProps>(tx, b.id, props))!;
        await analytics.event(
          tx,
          event(
            ctx,
            org,
            'updated',
            updated,
            changeDetails(fieldChanges(b.props, props, ['name', 'schema'])),
          ),
        );
        return read(updated, org.props.slug);
      });
    },
    async remove(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'blueprint:delete');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const b = await mustFind(tx, org, slug);
        await deleteNode(tx, b.id, 'Blueprint');
        await analytics.event(tx, event(ctx, org, 'deleted', b));
      });
    },
    /**
     * The projects (archived ones included) a schema would not fit, for the projects it would apply to
     * (the organization's, or one type's): checks every one, lists the first DRY_RUN_LISTED with their
     * problems. Changes nothing.
     */
    async dryRun(
      ctx: AuthContext,
      orgSlug: string,
      input: { project_type?: string | null | undefined; schema: Record<string, unknown> },
    ) {
      authorize(ctx, 'blueprint:read');
      const validate = compileOr422(input.schema);
      const org = await organizationOfPath(ctx, sql, orgSlug);
      const type = input.project_type ?? null;
      let checked = 0;
      let count = 0;
      const listed: { project: string; errors: FieldError[] }[] = [];
      for (let after = '00000000-0000-0000-0000-000000000000'; ;) {
        const rows = await projectsInScope(sql, org.id, type, after);
        for (const r of rows) {
          checked++;
          if (validate(r.attributes)) continue;
          count++;
          if (listed.length < DRY_RUN_LISTED)
            listed.push({ project: r.slug, errors: documentErrors(validate.errors, '/attributes') });
        }
        if (rows.length < DRY_RUN_BATCH) break;
        after = rows[rows.length - 1]!.id;
      }
      return { checked, misfit_count: count, misfits: listed };
    },
  };
}

/** One batch of the projects a blueprint's scope covers, in id order after `after` (facts or the org index). */
function projectsInScope(q: Queryable, orgId: string, type: string | null, after: string) {
  return type === null
    ? q.query<{ id: string; slug: string; attributes: unknown }>(
        `SELECT n.id, n.props->>'slug' AS slug, n.props->'attributes' AS attributes FROM graph_nodes n
          WHERE n.label = 'Project' AND n.props->>'organization_id' = $1 AND n.id > $2::uuid
          ORDER BY n.id LIMIT ${DRY_RUN_BATCH}`,
        [orgId, after],
      )
    : q.query<{ id: string; slug: string; attributes: unknown }>(
        `SELECT n.id, n.props->>'slug' AS slug, n.props->'attributes' AS attributes FROM project_facts f
           CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = f.project_id OFFSET 0) n
          WHERE f.organization_id = $1::uuid AND f.archived = ANY('{false,true}') AND f.kind = 'type' AND f.name = ''
            AND f.value = $2 AND f.project_id > $3::uuid
          ORDER BY f.project_id LIMIT ${DRY_RUN_BATCH}`,
        [orgId, type, after],
      );
}

/** Is a type the scope of a blueprint? (A type with a blueprint is not deleted: types.ts.) */

const SchemaBody = Type.Record(Type.String(), Type.Unknown(), {
  description: 'a JSON Schema (draft 2020-12) of type "object", for the attributes',
});
const BlueprintRead = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  organization: Type.String(),
  project_type: Type.Union([Type.String(), Type.Null()], {
    description: 'null: every project of the organization',
  }),
  schema: SchemaBody,
  created_at: Timestamp,
  updated_at: Timestamp,
});
const DryRunRead = Type.Object({
  checked: Type.Integer({ description: 'projects the schema would apply to (archived ones included)' }),
  misfit_count: Type.Integer(),
  misfits: Type.Array(
    Type.Object({
      project: Type.String(),
      errors: Type.Array(
        Type.Object({ pointer: Type.String(), detail: Type.String(), keyword: Type.Optional(Type.String()) }),
      ),
    }),
    { description: 'the first 100 projects that do not fit, in id order' },
  ),
});
const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
const Params = Type.Object({
  org: Type.String({ maxLength: 200 }),
  blueprint: Type.String({ maxLength: 200 }),
});
const ProjectType = Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 63 }), Type.Null()]));
const tags = ['blueprints'];

export function blueprintRoutes(api: Api, blueprints: ReturnType<typeof blueprintsService>): void {
  const base = '/organizations/:org/blueprints';
  api.get(
    '/organizations/:org/projects/:project/schema',
    {
      schema: {
        tags,
        summary:
          "The schema of the project's attributes: its organization's blueprint and its types' (allOf)",
        description:
          'Needs project:read or a CAN_ACCESS edge carrying read. Answers 200 with the JSON Schema that applies to ' +
          "the project's attributes: one blueprint's, all of them under allOf, or an object schema that takes " +
          'anything when no blueprint applies. 404 for a missing project.',
        params: Type.Object({
          org: Type.String({ maxLength: 200 }),
          project: Type.String({ maxLength: 200 }),
        }),
        response: responses({ 200: SchemaBody }),
      },
    },
    async (req) => blueprints.projectSchema(authOf(req), req.params.org, req.params.project),
  );
  api.post(
    base,
    {
      schema: {
        tags,
        summary: "Creates a blueprint: the schema of the organization's (or one project type's) attributes",
        description:
          'Answers 201 with the blueprint: slug, name, organization, project_type (null: every project) and schema. ' +
          '409 when the organization (or the type) has one already. Stored attributes are not checked: see the dry run. ' +
          '422 `unknown_project_type` naming project_type; 422 `invalid_schema` naming each pointer of a schema the validator does not take.',
        params: OrgParams,
        body: Type.Object(
          {
            slug: Slug,
            name: Type.String({ minLength: 1, maxLength: 200 }),
            project_type: ProjectType,
            schema: SchemaBody,
          },
          { additionalProperties: false },
        ),
        response: responses({ 201: BlueprintRead }),
      },
    },
    async (req, reply) =>
      reply.code(201).send(await blueprints.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    base,
    {
      schema: {
        tags,
        params: OrgParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(BlueprintRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await blueprints.list(authOf(req), req.params.org, page));
    },
  );
  api.post(
    `${base}/dry-run`,
    {
      schema: {
        tags,
        summary: 'Which projects a schema would not fit (changes nothing)',
        description:
          "Checks every project the schema would apply to: the organization's, or those of project_type. Needs blueprint:read. " +
          'Answers 200 with how many projects were checked (archived ones included), how many do not fit, and ' +
          'the first 100 of those with the pointer and detail of each error. Nothing is stored.',
        params: OrgParams,
        body: Type.Object({ project_type: ProjectType, schema: SchemaBody }, { additionalProperties: false }),
        response: responses({ 200: DryRunRead }),
      },
    },
    async (req) => blueprints.dryRun(authOf(req), req.params.org, req.body),
  );
  api.get(
    `${base}/:blueprint`,
    { schema: { tags, params: Params, response: responses({ 200: BlueprintRead }) } },
    async (req) => blueprints.get(authOf(req), req.params.org, req.params.blueprint),
  );
  api.put(
    `${base}/:blueprint`,
    {
      schema: {
        tags,
        summary: 'Replaces the schema (and name); stored attributes are never rewritten',
        params: Params,
        body: Type.Object(
          { name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), schema: SchemaBody },
          { additionalProperties: false },
        ),
        response: responses({ 200: BlueprintRead }),
      },
    },
    async (req) => blueprints.replace(authOf(req), req.params.org, req.params.blueprint, req.body),
  );
  api.delete(
    `${base}/:blueprint`,
    { schema: { tags, params: Params, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await blueprints.remove(authOf(req), req.params.org, req.params.blueprint);
      return reply.code(204).send(null);
    },
  );
}
