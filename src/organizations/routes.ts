import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { NoContent, PageQuery, Slug, Timestamp, responses } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf } from '../kernel/route.js';
import type { organizationsService } from './service.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const OrgRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id (plugin edges name their ends by it)' }),
  slug: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const TeamRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id (plugin edges name their ends by it)' }),
  slug: Type.String(),
  name: Type.String(),
  organization: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const SlugName = Type.Object({ slug: Slug, name: Name }, { additionalProperties: false });
const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
const TeamParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  team: Type.String({ maxLength: 200 }),
});
const MemberParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  team: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
});
const tags = ['organizations'];

export function organizationRoutes(api: Api, orgs: ReturnType<typeof organizationsService>): void {
  api.post(
    '/organizations',
    { schema: { tags, body: SlugName, response: responses({ 201: OrgRead }) } },
    async (req, reply) => reply.code(201).send(await orgs.create(authOf(req), req.body)),
  );
  api.get(
    '/organizations',
    { schema: { tags, querystring: PageQuery, response: responses({ 200: Type.Array(OrgRead) }) } },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await orgs.list(authOf(req), page));
    },
  );
  api.get(
    '/organizations/:org',
    { schema: { tags, params: OrgParams, response: responses({ 200: OrgRead }) } },
    async (req) => orgs.get(authOf(req), req.params.org),
  );
  api.patch(
    '/organizations/:org',
    {
      schema: {
        tags,
        params: OrgParams,
        body: Type.Object(
          { slug: Type.Optional(Slug), name: Type.Optional(Name) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: responses({ 200: OrgRead }),
      },
    },
    async (req) => orgs.update(authOf(req), req.params.org, req.body),
  );
  api.delete(
    '/organizations/:org',
    { schema: { tags, params: OrgParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await orgs.remove(authOf(req), req.params.org);
      return reply.code(204).send(null);
    },
  );

  const teamTags = ['teams'];
  api.post(
    '/organizations/:org/teams',
    { schema: { tags: teamTags, params: OrgParams, body: SlugName, response: responses({ 201: TeamRead }) } },
    async (req, reply) => reply.code(201).send(await orgs.createTeam(authOf(req), req.params.org, req.body)),
  );
  api.get(
    '/organizations/:org/teams',
    {
      schema: {
        tags: teamTags,
        params: OrgParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(TeamRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await orgs.listTeams(authOf(req), req.params.org, page));
    },
  );
  api.get(
    '/organizations/:org/teams/:team',
    { schema: { tags: teamTags, params: TeamParams, response: responses({ 200: TeamRead }) } },
    async (req) => orgs.getTeam(authOf(req), req.params.org, req.params.team),
  );
  api.delete(
    '/organizations/:org/teams/:team',
    { schema: { tags: teamTags, params: TeamParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await orgs.removeTeam(authOf(req), req.params.org, req.params.team);
      return reply.code(204).send(null);
    },
  );
  api.get(
    '/organizations/:org/teams/:team/members',
    {
      schema: {
        tags: teamTags,
        params: TeamParams,
        querystring: PageQuery,
        response: responses({
          200: Type.Array(Type.Object({ email: Type.String(), display_name: Type.String() })),
        }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(
        req,
        reply,
        page,
        await orgs.listMembers(authOf(req), req.params.org, req.params.team, page),
      );
    },
  );
  for (const [method, member] of [
    ['put', true],
    ['delete', false],
  ] as const) {
    api[method](
      '/organizations/:org/teams/:team/members/:email',
      { schema: { tags: teamTags, params: MemberParams, response: responses({ 204: NoContent }) } },
      async (req, reply) => {
        await orgs.setMember(authOf(req), req.params.org, req.params.team, req.params.email, member);
        return reply.code(204).send(null);
      },
    );
  }
}
