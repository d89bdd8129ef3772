// Links: an organization's link definitions (a name, a URL template whose placeholders come from a
// closed list, an icon), resolved for every project in the read of the project; a project may hold
// its own URL for a definition in place of the template's (props.links, by definition slug). Every
// URL is checked like every admin-supplied address (docs/catalog.md, "Links").
import { Type } from 'typebox';
import { lifecycleEvent } from '../analytics/index.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Queryable, Tx } from '../db/sql.js';
import { createNode, deleteNode, nodeByKey, replaceProps, type GraphNode } from '../graph/store.js';
import { AppError, conflict, notFound } from '../http/errors.js';
import { parsePage, sendPage, type Page } from '../http/pagination.js';
import { NoContent, PageQuery, Slug, Timestamp, responses } from '../http/schemas.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { crudPermissions } from '../kernel/permissions.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import type { OrganizationNode } from '../organizations/index.js';
import { organizationOfPath } from '../organizations/service.js';
import { validateBaseUrl } from '../outbound/guard.js';
import { projectToUpdate } from './access.js';
import { changeDetails, fieldChange, fieldChanges } from './changes.js';
import { listOfOrganization } from './org-nodes.js';
import { dropProjectsOnCommit } from './pages.js';
import { LinkRead } from './schemas.js';
import { type ProjectNode } from './store.js';

export const LINK_DEFINITION_PERMISSIONS = crudPermissions('link_definition', 'link definitions');

/** At most this many definitions per organization: the read of a project resolves them all. */
export const MAX_LINK_DEFINITIONS = 100;

/** The placeholders a template may hold, and what each stands for in a project's read. */
export const PLACEHOLDERS = {
  project: (p: ProjectNode) => p.props.slug,
  project_id: (p: ProjectNode) => p.id,
  team: (p: ProjectNode) => p.props.team,
  org: (_p: ProjectNode, org: string) => org,
} as const;
type Placeholder = keyof typeof PLACEHOLDERS;
const PLACEHOLDER_LIST = Object.keys(PLACEHOLDERS)
  .map((k) => `{${k}}`)
  .join(', ');

export interface LinkDefinitionProps {
  slug: string;
  name: string;
  url_template: string | null;
  icon: string | null;
  organization_id: string;
  updated_by?: string;
  [k: string]: unknown;
}
type LinkDefinitionNode = GraphNode<LinkDefinitionProps>;

export const definitionKey = (orgId: string, slug: string) => ({
  namespace: 'LinkDefinition.slug',
  key: `${orgId}/${slug}`,
});

const templateInvalid = (detail: string) =>
  new AppError(422, 'validation_failed', `url_template: ${detail}`, [
    { pointer: '/url_template', in: 'body', detail },
  ]);

/** Expands a template; every value is encoded as a URL component. */
function expand(template: string, value: (name: Placeholder) => string): string {
  return template.replace(/\{([^{}]*)\}/g, (_m, name: string) =>
    encodeURIComponent(value(name as Placeholder)),
  );
}

/**
 * A template's rules: its placeholders from the closed list (422 naming the first unknown one), no
 * stray brace, and its expansion an http(s) address without credentials (validateBaseUrl).
 */
export function checkTemplate(template: string): void {
  for (const [, name] of template.matchAll(/\{([^{}]*)\}/g))
    if (!(name! in PLACEHOLDERS))
      throw templateInvalid(`unknown placeholder {${name}}: use ${PLACEHOLDER_LIST}`);
  if (/[{}]/.test(template.replace(/\{([^{}]*)\}/g, '')))
    throw templateInvalid(`an unmatched brace: placeholders are written {name} (${PLACEHOLDER_LIST})`);
  // Sample values of each placeholder's kind: a slug, a uuid.
  const sample = expand(template, (name) =>
    name === 'project_id' ? '0190a000-0000-7000-8000-000000000000' : `sample-${name}`,
  );
  validateBaseUrl(sample, '/url_template');
}

/** The organization's definitions, in creation order (graph_nodes_org_label_id). */
export function linkDefinitionsOf(q: Queryable, orgId: string): Promise<LinkDefinitionNode[]> {
  return q.query<LinkDefinitionNode & Record<string, unknown>>(
    `SELECT id, label, props, created_at, updated_at FROM graph_nodes
      WHERE label = 'LinkDefinition' AND props->>'organization_id' = $1
      ORDER BY id LIMIT ${MAX_LINK_DEFINITIONS}`,
    [orgId],
  );
}

/** A project's links: each definition with the project's own URL, or its template expanded; by slug. */
export function resolveLinks(defs: LinkDefinitionNode[], project: ProjectNode, orgSlug: string) {
  const own = (project.props.links as Record<string, string> | undefined) ?? {};
  return defs
    .map((d) => {
      const mine = own[d.props.slug];
      const url =
        mine ??
        (d.props.url_template === null
          ? null
          : expand(d.props.url_template, (name) => PLACEHOLDERS[name](project, orgSlug)));
      return {
        link: d.props.slug,
        name: d.props.name,
        icon: d.props.icon,
        url,
        overridden: mine !== undefined,
      };
    })
    .filter((l): l is typeof l & { url: string } => l.url !== null)
    .sort((a, b) => (a.link < b.link ? -1 : a.link > b.link ? 1 : 0));
}

const read = (d: LinkDefinitionNode, org: string) => ({
  slug: d.props.slug,
  name: d.props.name,
  url_template: d.props.url_template,
  icon: d.props.icon,
  organization: org,
  created_at: d.created_at.toISOString(),
  updated_at: d.updated_at.toISOString(),
});

async function mustFind(q: Queryable, org: OrganizationNode, slug: string) {
  const k = definitionKey(org.id, slug);
  const d = await nodeByKey<LinkDefinitionProps>(q, k.namespace, k.key);
  if (!d) throw notFound(`link definition ${slug}`);
  return d;
}

/** Sets (or, with null, removes) a project's own URL for a definition; the row is locked by the caller. */
async function writeProjectLink(
  q: Queryable,
  projectId: string,
  slug: string,
  url: string | null,
  by: string,
) {
  await q.query(
    `UPDATE graph_nodes
        SET props = CASE WHEN $3::text IS NULL THEN props #- ARRAY['links', $2::text]
                         ELSE jsonb_set(props, '{links}', coalesce(props->'links', '{}') || jsonb_build_object($2::text, $3::text))
                    END || jsonb_build_object('updated_by', $4::text),
            updated_at = now()
      WHERE id = $1 AND label = 'Project'`,
    [projectId, slug, url, by],
  );
}

interface DefinitionInput {
  slug: string;
  name: string;
  url_template?: string | null | undefined;
  icon?: string | null | undefined;
}
type DefinitionPatch = Partial<Omit<DefinitionInput, 'slug'>>;

type Deps = Pick<Core, 'sql' | 'graphCache' | 'pages' | 'analytics'>;

export function linksService({ sql, graphCache, pages, analytics }: Deps) {
  const invalidate = (tx: Tx) => dropProjectsOnCommit({ graphCache, pages }, tx);
  const event = (
    ctx: AuthContext,
    org: OrganizationNode,
    action: 'created' | 'updated' | 'deleted',
    d: LinkDefinitionNode,
    details?: Record<string, unknown>,
  ) =>
    lifecycleEvent(ctx, {
      subject: 'link_definition',
      action,
      id: d.id,
      slug: d.props.slug,
      organization: org.props.slug,
      details,
    });

  /** The project (locked, live) and the definition a write of its links names. */
  async function target(tx: Tx, ctx: AuthContext, orgSlug: string, slug: string, link: string) {
    authorizeNaming(ctx, 'link_definition:read', { pointer: '/link', in: 'params' }, 'a link definition');
    const { org, project } = await projectToUpdate(tx, ctx, orgSlug, slug);
    const definition = await mustFind(tx, org, link);
    return { org, project, definition };
  }
  const projectEvent = (
    ctx: AuthContext,
    org: OrganizationNode,
    p: ProjectNode,
    link: string,
    old: unknown,
    next: unknown,
  ) =>
    lifecycleEvent(ctx, {
      subject: 'project',
      action: 'updated',
      id: p.id,
      slug: p.props.slug,
      organization: org.props.slug,
      project: p.props.slug,
      details: { changed: ['links'], ...changeDetails([fieldChange(`/links/${link}`, old, next)]) },
    });

  return {
    async create(ctx: AuthContext, orgSlug: string, input: DefinitionInput) {
      authorize(ctx, 'link_definition:create');
      if (input.url_template) checkTemplate(input.url_template);
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        // Serialized per organization, so the cap holds under concurrent creates.
        await tx.query('SELECT id FROM graph_nodes WHERE id = $1 FOR UPDATE', [org.id]);
        if ((await linkDefinitionsOf(tx, org.id)).length >= MAX_LINK_DEFINITIONS)
          throw conflict(
            `${orgSlug} has ${MAX_LINK_DEFINITIONS} link definitions already: delete one first`,
            'too_many_link_definitions',
          );
        const d = await createNode<LinkDefinitionProps>(
          tx,
          'LinkDefinition',
          {
            slug: input.slug,
            name: input.name,
            url_template: input.url_template ?? null,
            icon: input.icon ?? null,
            organization_id: org.id,
            updated_by: attribution(ctx),
          },
          [
            {
              ...definitionKey(org.id, input.slug),
              taken: `link definition ${input.slug} already exists in ${orgSlug}`,
            },
          ],
        );
        invalidate(tx);
        await analytics.event(tx, event(ctx, org, 'created', d));
        return read(d, org.props.slug);
      });
    },
    list(ctx: AuthContext, orgSlug: string, page: Page) {
      return listOfOrganization<LinkDefinitionProps, ReturnType<typeof read>>(
        sql,
        ctx,
        orgSlug,
        page,
        { label: 'LinkDefinition', permission: 'link_definition:read' },
        read,
      );
    },
    async get(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'link_definition:read');
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return read(await mustFind(sql, org, slug), org.props.slug);
    },
    async update(ctx: AuthContext, orgSlug: string, slug: string, input: DefinitionPatch) {
      authorize(ctx, 'link_definition:update');
      if (input.url_template) checkTemplate(input.url_template);
      return sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const d = await mustFind(tx, org, slug);
        const next: LinkDefinitionProps = { ...d.props, updated_by: attribution(ctx) };
        if (input.name !== undefined) next.name = input.name;
        if (input.url_template !== undefined) next.url_template = input.url_template;
        if (input.icon !== undefined) next.icon = input.icon;
        const updated = (await replaceProps<LinkDefinitionProps>(tx, d.id, next))!;
        invalidate(tx);
        const changes = fieldChanges(d.props, next, ['name', 'url_template', 'icon']);
        await analytics.event(tx, event(ctx, org, 'updated', updated, changeDetails(changes)));
        return hasPermission(ctx, 'link_definition:read') ? read(updated, org.props.slug) : undefined;
      });
    },
    /** Deletes the definition and every project's own URL for it (a definition made again starts clean). */
    async remove(ctx: AuthContext, orgSlug: string, slug: string) {
      authorize(ctx, 'link_definition:delete');
      await sql.tx(async (tx) => {
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const d = await mustFind(tx, org, slug);
        await deleteNode(tx, d.id, 'LinkDefinition');
        await tx.query(
          `UPDATE graph_nodes SET props = props #- ARRAY['links', $2::text]
            WHERE label = 'Project' AND props->>'organization_id' = $1 AND props->'links' ? $2::text`,
          [org.id, slug],
        );
        invalidate(tx);
        await analytics.event(tx, event(ctx, org, 'deleted', d));
      });
    },

    /** Sets the project's own URL for a definition (true: it had none). */
    async putProjectLink(ctx: AuthContext, orgSlug: string, slug: string, link: string, url: string) {
      validateBaseUrl(url, '/url');
      return sql.tx(async (tx) => {
        const { org, project, definition } = await target(tx, ctx, orgSlug, slug, link);
        const own = (project.props.links as Record<string, string> | undefined) ?? {};
        const before = own[definition.props.slug] ?? null;
        invalidate(tx);
        await writeProjectLink(tx, project.id, definition.props.slug, url, attribution(ctx));
        if (before !== url) await analytics.event(tx, projectEvent(ctx, org, project, link, before, url));
        return { created: before === null, link: { link: definition.props.slug, url } };
      });
    },

    async removeProjectLink(ctx: AuthContext, orgSlug: string, slug: string, link: string) {
      await sql.tx(async (tx) => {
        const { org, project, definition } = await target(tx, ctx, orgSlug, slug, link);
        const own = (project.props.links as Record<string, string> | undefined) ?? {};
        const before = own[definition.props.slug];
        if (before === undefined) throw notFound(`a URL of project ${slug} for link ${link}`);
        invalidate(tx);
        await writeProjectLink(tx, project.id, definition.props.slug, null, attribution(ctx));
        await analytics.event(tx, projectEvent(ctx, org, project, link, before, null));
      });
    },
  };
}

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Template = Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()], {
  description: `an http(s) URL with placeholders among ${PLACEHOLDER_LIST}; null: projects give their own URL`,
});
const Icon = Type.Union(
  [
    Type.String({
      pattern: '^[a-z0-9](?:[a-z0-9-]{0,62})$',
      maxLength: 63,
      'x-expected': 'an icon name: lower-case letters, digits and hyphens, at most 63 characters',
    }),
    Type.Null(),
  ],
  { description: 'the name of an icon the console shows by the link' },
);
const DefinitionRead = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  url_template: Type.Union([Type.String(), Type.Null()]),
  icon: Type.Union([Type.String(), Type.Null()]),
  organization: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
const DefinitionParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  link: Type.String({ maxLength: 200 }),
});
const ProjectLinkParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
  link: Type.String({ maxLength: 200 }),
});
const ProjectLinkRead = Type.Object({
  link: Type.String({ description: 'slug of the link definition' }),
  url: Type.String(),
});
const tags = ['links'];

export function linkRoutes(api: Api, links: ReturnType<typeof linksService>): void {
  const base = '/organizations/:org/link-definitions';
  api.post(
    base,
    {
      schema: {
        tags,
        summary: 'Creates a link definition of the organization',
        description:
          `The template's placeholders come from ${PLACEHOLDER_LIST} ` +
          '(422 naming an unknown one); expanded, it must be an http or https address without a user ' +
          `name or password. Answers 201 with the definition; 409 when the slug is taken, or the organization ` +
          `has ${MAX_LINK_DEFINITIONS} already.`,
        params: OrgParams,
        body: Type.Object(
          { slug: Slug, name: Name, url_template: Type.Optional(Template), icon: Type.Optional(Icon) },
          { additionalProperties: false },
        ),
        response: responses({ 201: DefinitionRead }),
      },
    },
    async (req, reply) => reply.code(201).send(await links.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    base,
    {
      schema: {
        tags,
        summary: "The organization's link definitions, in creation order",
        description: 'Members hold link_definition:read. Answers 200 with a keyset page of definitions.',
        params: OrgParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(DefinitionRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await links.list(authOf(req), req.params.org, page));
    },
  );
  api.get(
    `${base}/:link`,
    {
      schema: {
        tags,
        summary: 'One link definition',
        description:
          'Answers 200 with the definition; 404 when the organization or the definition does not exist.',
        params: DefinitionParams,
        response: responses({ 200: DefinitionRead }),
      },
    },
    async (req) => links.get(authOf(req), req.params.org, req.params.link),
  );
  api.patch(
    `${base}/:link`,
    {
      schema: {
        tags,
        summary: 'Changes a link definition (its slug stays)',
        description:
          'The template is checked as on creation. Answers the definition, ' +
          'or 204 to a caller who may not read definitions.',
        params: DefinitionParams,
        body: Type.Object(
          { name: Type.Optional(Name), url_template: Type.Optional(Template), icon: Type.Optional(Icon) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: responses({ 200: DefinitionRead, 204: NoContent }),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await links.update(authOf(req), req.params.org, req.params.link, req.body)),
  );
  api.delete(
    `${base}/:link`,
    {
      schema: {
        tags,
        summary: 'Deletes a link definition, and the URLs projects gave for it',
        description: 'Answers 204; 404 when there is no such definition.',
        params: DefinitionParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await links.remove(authOf(req), req.params.org, req.params.link);
      return reply.code(204).send(null);
    },
  );

  const projectLink = '/organizations/:org/projects/:project/links/:link';
  api.put(
    projectLink,
    {
      schema: {
        tags,
        summary: "Sets the project's own URL for a link, in place of the template's (201 set, 200 replaced)",
        description:
          'Without link_definition:read it answers 403 before any lookup. The URL is an http or https ' +
          'address without a user name or password (422 naming /url). Answers 201 when the project had no ' +
          'URL of its own for the link, 200 when it replaced one; 409 for an archived project.',
        params: ProjectLinkParams,
        body: Type.Object(
          { url: Type.String({ minLength: 1, maxLength: 2048 }) },
          { additionalProperties: false },
        ),
        response: responses({ 200: ProjectLinkRead, 201: ProjectLinkRead }),
      },
    },
    async (req, reply) => {
      const r = await links.putProjectLink(
        authOf(req),
        req.params.org,
        req.params.project,
        req.params.link,
        req.body.url,
      );
      return reply.code(r.created ? 201 : 200).send(r.link);
    },
  );
  api.delete(
    projectLink,
    {
      schema: {
        tags,
        summary: "Drops the project's own URL for a link: the template's applies again",
        description: 'Answers 204; 404 when the project has no URL of its own for it.',
        params: ProjectLinkParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await links.removeProjectLink(authOf(req), req.params.org, req.params.project, req.params.link);
      return reply.code(204).send(null);
    },
  );
}

export { LinkRead };
