import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { PageQuery, Slug, Timestamp, responses } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf } from '../kernel/route.js';
import { slugRoutes } from '../kernel/slug-routes.js';
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
  project_types: Type.Array(Slug, {
    maxItems: 50,
    uniqueItems: true,
    description:
      'slugs of project types the policy applies to (a project of any of them); empty: every project',
  }),
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
    project_types: Type.Optional(Fields.project_types),
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
    project_types: Type.Optional(Fields.project_types),
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
  slugRoutes(
    api,
    {
      path: '/scoring/policies',
      tags,
      noun: 'policy',
      read: PolicyRead,
      create: PolicyCreate,
      patch: PolicyPatch,
    },
    {
      create: scoring.createPolicy,
      list: scoring.listPolicies,
      get: scoring.getPolicy,
      update: scoring.updatePolicy,
      remove: scoring.deletePolicy,
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
          'Answers 200 with a page of score changes, newest first (score, previous_score, reason, ' +
          'requested_by, computed_at), and a Link header (rel="next") while more remain; 404 for a missing project. ' +
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
