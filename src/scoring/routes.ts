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
import { isHistoryCursor } from './history.js';
import type { ScoringService } from './service.js';

const ScoreValue = Type.Number({ minimum: 0, maximum: 100 });
const Bound = Type.Union([Type.Number(), Type.Null()]);
const Range = Type.Object(
  {
    min: Type.Optional(Bound),
    max: Type.Optional(Bound),
    score: ScoreValue,
  },
  { additionalProperties: false, description: 'min inclusive, max exclusive; an absent bound is open' },
);
const ValueMap = Type.Record(Type.String(), ScoreValue, {
  maxProperties: 1000,
  description: 'attribute value (as a string) -> score',
});
const RangeMap = Type.Array(Range, { minItems: 1, maxItems: 100, description: 'non-overlapping ranges' });
const Fields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  description: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  attribute: Type.String({ minLength: 1, maxLength: 200, description: 'a key of project attributes' }),
  weight: Type.Number({ minimum: 0, maximum: 100 }),
  enabled: Type.Boolean(),
  value_score_map: Type.Union([ValueMap, Type.Null()]),
  range_score_map: Type.Union([RangeMap, Type.Null()]),
};
const PolicyRead = Type.Object({
  slug: Type.String(),
  ...Fields,
  updated_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const PolicyCreate = Type.Object(
  {
    slug: Slug,
    name: Type.Optional(Fields.name),
    description: Type.Optional(Fields.description),
    attribute: Fields.attribute,
    weight: Fields.weight,
    enabled: Type.Optional(Fields.enabled),
    value_score_map: Type.Optional(Fields.value_score_map),
    range_score_map: Type.Optional(Fields.range_score_map),
  },
  { additionalProperties: false },
);
const PolicyPatch = Type.Object(
  {
    name: Type.Optional(Fields.name),
    description: Type.Optional(Fields.description),
    attribute: Type.Optional(Fields.attribute),
    weight: Type.Optional(Fields.weight),
    enabled: Type.Optional(Fields.enabled),
    value_score_map: Type.Optional(Fields.value_score_map),
    range_score_map: Type.Optional(Fields.range_score_map),
  },
  { additionalProperties: false, minProperties: 1 },
);
const ProjectParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
});
const HistoryEntry = Type.Object({
  score: Type.Union([Type.Number(), Type.Null()]),
  previous_score: Type.Union([Type.Number(), Type.Null()]),
  reason: Type.String(),
  requested_by: Type.String(),
  computed_at: Timestamp,
});
const tags = ['scoring'];

export function scoringRoutes(api: Api, scoring: ScoringService): void {
  api.post(
    '/scoring/policies',
    { schema: { tags, body: PolicyCreate, response: responses({ 201: PolicyRead }) } },
    async (req, reply) => reply.code(201).send(await scoring.createPolicy(authOf(req), req.body)),
  );
  api.get(
    '/scoring/policies',
    { schema: { tags, querystring: PageQuery, response: responses({ 200: Type.Array(PolicyRead) }) } },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await scoring.listPolicies(authOf(req), page));
    },
  );
  api.get(
    '/scoring/policies/:slug',
    { schema: { tags, params: SlugParams, response: responses({ 200: PolicyRead }) } },
    async (req) => scoring.getPolicy(authOf(req), req.params.slug),
  );
  api.patch(
    '/scoring/policies/:slug',
    {
      schema: {
        tags,
        params: SlugParams,
        body: PolicyPatch,
        ...writeAnswers(PolicyRead, 'policy'),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await scoring.updatePolicy(authOf(req), req.params.slug, req.body)),
  );
  api.delete(
    '/scoring/policies/:slug',
    { schema: { tags, params: SlugParams, response: responses({ 204: NoContent }) } },
    async (req, reply) => {
      await scoring.deletePolicy(authOf(req), req.params.slug);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/api/scoring/recompute-all',
    {
      schema: {
        tags,
        summary:
          'Queues every project for recompute (reason scheduled_recompute); needs scoring:recompute or scoring:trigger-scheduled',
        response: responses({
          202: Type.Object({
            queued: Type.Integer({ description: 'projects queued now; those already pending are not' }),
            reason: Type.Literal('scheduled_recompute'),
          }),
        }),
      },
    },
    async (req, reply) => reply.code(202).send(await scoring.recomputeAll(authOf(req))),
  );
  api.post(
    '/scoring/rescore',
    {
      // An empty POST means "everything".
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        tags,
        summary: 'Recomputes now: one project (organization + project), one organization, or everything',
        body: Type.Object(
          {
            organization: Type.Optional(
              Type.String({ maxLength: 200, description: 'naming one needs organization:read' }),
            ),
            project: Type.Optional(
              Type.String({
                maxLength: 200,
                description: 'needs organization; naming one needs project:read',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: responses({
          200: Type.Object({ rescored: Type.Integer(), changed: Type.Integer() }),
        }),
      },
    },
    async (req) => scoring.rescore(authOf(req), req.body),
  );
  api.get(
    '/organizations/:org/projects/:project/score/history',
    {
      schema: {
        tags,
        summary: "The project's score changes, newest first",
        description:
          'Reads score_history from the analytics store (a change shows up about one poll interval after ' +
          'it was computed; duplicates delivered twice are listed once). 503 with Retry-After while the ' +
          'store is down.',
        params: ProjectParams,
        querystring: PageQuery,
        response: responses({ 200: Type.Array(HistoryEntry) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query, isHistoryCursor);
      const result = await scoring.history(authOf(req), req.params.org, req.params.project, page);
      return sendPage(req, reply, page, result);
    },
  );
}
