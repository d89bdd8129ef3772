import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { PageQuery, Timestamp, responses } from '../http/schemas.js';
import { authOf } from '../kernel/route.js';
import type { CommentsService } from './service.js';

const CommentRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id' }),
  organization: Type.String(),
  project: Type.String(),
  body: Type.String(),
  author: Type.String({ description: 'the caller; "<user> on behalf of <actor>" under delegation' }),
  created_at: Timestamp,
});
const Params = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
});
const tags = ['comments'];

export function commentRoutes(api: Api, comments: CommentsService): void {
  api.post(
    '/organizations/:org/projects/:project/comments',
    {
      schema: {
        tags,
        summary: 'Comments on a project (needs read access to the project)',
        params: Params,
        body: Type.Object(
          { body: Type.String({ minLength: 1, maxLength: 10_000 }) },
          { additionalProperties: false },
        ),
        response: responses({ 201: CommentRead }),
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(await comments.create(authOf(req), req.params.org, req.params.project, req.body.body)),
  );
  api.get(
    '/organizations/:org/projects/:project/comments',
    {
      schema: {
        tags,
        summary: "A project's comments, oldest first (needs read access to the project)",
        params: Params,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(CommentRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(
        req,
        reply,
        page,
        await comments.list(authOf(req), req.params.org, req.params.project, page),
      );
    },
  );
}
