import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { NoContent, PageQuery, Slug, responses } from '../http/schemas.js';
import { sendCached, serialized, type PageCache } from '../http/page-cache.js';
import { pageResponse, parsePage, sendPage } from '../http/pagination.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import type { ProjectsService } from './service.js';
import { archivedOf, factFilters, ProjectListQuery, scoreRange } from './filters.js';
import { Attributes, ProjectRead } from './schemas.js';
import { ACL_ACTIONS } from './store.js';

export { ProjectRead };

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Types = Type.Array(Type.String({ minLength: 1, maxLength: 63 }), {
  maxItems: 20,
  uniqueItems: true,
  description: "slugs of the organization's project types (naming them needs project_type:read)",
});
const ProjectCreate = Type.Object(
  {
    slug: Slug,
    name: Name,
    team: Type.String({ minLength: 1, maxLength: 63 }),
    types: Type.Optional(Types),
    attributes: Type.Optional(Attributes),
  },
  { additionalProperties: false },
);
const ProjectPatch = Type.Object(
  {
    slug: Type.Optional(Slug),
    name: Type.Optional(Name),
    team: Type.Optional(Type.String({ minLength: 1, maxLength: 63 })),
    types: Type.Optional(Types),
    attributes: Type.Optional(Attributes),
  },
  { additionalProperties: false, minProperties: 1 },
);
const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
const ProjectParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
});
const AccessParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
});
const Actions = Type.Array(Type.Union(ACL_ACTIONS.map((a) => Type.Literal(a))), {
  minItems: 1,
  uniqueItems: true,
});
const Access = Type.Object({ email: Type.String(), actions: Type.Array(Type.String()) });
const tags = ['projects'];

export function projectRoutes(api: Api, projects: ProjectsService, pages: PageCache): void {
  api.post(
    '/organizations/:org/projects',
    { schema: { tags, params: OrgParams, body: ProjectCreate, response: responses({ 201: ProjectRead }) } },
    async (req, reply) => reply.code(201).send(await projects.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    '/organizations/:org/projects',
    {
      schema: {
        tags,
        params: OrgParams,
        querystring: ProjectListQuery,
        response: responses({ 200: Type.Array(ProjectRead) }),
      },
    },
    async (req, reply) => {
      const ctx = authOf(req);
      const scope = await projects.listScope(ctx, req.params.org);
      // The cursor is decoded only when the page is read (a cached page was read with a valid one).
      return sendCached(req, reply, pages, scope, async () => {
        const page = parsePage(req.query);
        return serialized(
          reply,
          pageResponse(
            req,
            page,
            await projects.list(ctx, req.params.org, page, {
              q: req.query.q,
              archived: archivedOf(req.query.archived),
              facts: factFilters(req.query as ProjectListQuery),
              environment: req.query.environment,
              score: scoreRange(req.query as ProjectListQuery),
            }),
          ),
        );
      });
    },
  );
  api.get(
    '/organizations/:org/projects/:project',
    { schema: { tags, params: ProjectParams, response: responses({ 200: ProjectRead }) } },
    async (req, reply) => {
      const project = await projects.reader(authOf(req), req.params.org, req.params.project);
      return sendCached(req, reply, pages, project.scope, async () =>
        serialized(reply, { payload: await project.read() }),
      );
    },
  );
  api.patch(
    '/organizations/:org/projects/:project',
    {
      schema: {
        tags,
        params: ProjectParams,
        body: ProjectPatch,
        description:
          'Answers 200 with the project, or 204 when the caller may update but not read it (an update-only ACL). ' +
          'Attributes are merged into the stored ones (RFC 7396: null removes one). 404 for a missing project ' +
          'or one the caller may not read; 409 `project_archived` for an archived project (unarchive it ' +
          'first); 409 when the new slug is taken; 422 as on creation (`unknown_team`, a type, ' +
          '`validation_failed` naming the attribute).',
        response: responses({ 200: ProjectRead, 204: NoContent }),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(
        reply,
        await projects.update(authOf(req), req.params.org, req.params.project, req.body),
      ),
  );
  api.delete(
    '/organizations/:org/projects/:project',
    {
      schema: {
        tags,
        summary: 'Deletes the project for good, with its comments, edges and grants',
        description:
          "Needs the global project:delete permission (an administrator's); a CAN_ACCESS edge carrying " +
          'delete archives the project at most (POST .../archive). Answers 204; the project is gone with ' +
          'its comments, edges and grants. 404 for a missing project.',
        params: ProjectParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await projects.remove(authOf(req), req.params.org, req.params.project);
      return reply.code(204).send(null);
    },
  );
  api.get(
    '/organizations/:org/projects/:project/access',
    {
      schema: {
        tags,
        summary: "The project's CAN_ACCESS grants, in user id order",
        params: ProjectParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(Access) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      const grants = await projects.listAccess(authOf(req), req.params.org, req.params.project, page);
      return sendPage(req, reply, page, grants);
    },
  );
  api.put(
    '/organizations/:org/projects/:project/access/:email',
    {
      schema: {
        tags,
        summary: "Creates or replaces a user's CAN_ACCESS edge on the project",
        params: AccessParams,
        body: Type.Object({ actions: Actions }, { additionalProperties: false }),
        response: responses({ 200: Access }),
      },
    },
    async (req) =>
      projects.setAccess(authOf(req), req.params.org, req.params.project, req.params.email, req.body.actions),
  );
  api.delete(
    '/organizations/:org/projects/:project/access/:email',
    { schema: { tags, params: AccessParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await projects.setAccess(authOf(req), req.params.org, req.params.project, req.params.email, null);
      return reply.code(204).send(null);
    },
  );
}
