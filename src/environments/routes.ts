import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import {
  NoContent,
  PageQuery,
  Slug,
  SlugParams,
  Timestamp,
  responses,
  writeAnswers,
} from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import type { environmentsService } from './service.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const EnvRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id (plugin edges name their ends by it)' }),
  slug: Type.String(),
  name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const tags = ['environments'];

export function environmentRoutes(api: Api, envs: ReturnType<typeof environmentsService>): void {
  api.post(
    '/environments',
    {
      schema: {
        tags,
        body: Type.Object({ slug: Slug, name: Name }, { additionalProperties: false }),
        response: responses({ 201: EnvRead }),
      },
    },
    async (req, reply) => reply.code(201).send(await envs.create(authOf(req), req.body)),
  );
  api.get(
    '/environments',
    { schema: { tags, querystring: PageQuery, response: responses({ 200: Type.Array(EnvRead) }) } },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await envs.list(authOf(req), page));
    },
  );
  api.get(
    '/environments/:slug',
    { schema: { tags, params: SlugParams, response: responses({ 200: EnvRead }) } },
    async (req) => envs.get(authOf(req), req.params.slug),
  );
  api.patch(
    '/environments/:slug',
    {
      schema: {
        tags,
        params: SlugParams,
        body: Type.Object(
          { slug: Type.Optional(Slug), name: Type.Optional(Name) },
          { additionalProperties: false, minProperties: 1 },
        ),
        ...writeAnswers(EnvRead, 'environment'),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await envs.update(authOf(req), req.params.slug, req.body)),
  );
  api.delete(
    '/environments/:slug',
    { schema: { tags, params: SlugParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await envs.remove(authOf(req), req.params.slug);
      return reply.code(204).send(null);
    },
  );
}
