import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { Timestamp, responses } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf } from '../kernel/route.js';
import { EVENT_SOURCES } from '../analytics/index.js';
import { isEventCursor, type ActivityService } from './service.js';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

const ActivityItem = Type.Object({
  id: Type.String({
    format: 'uuid',
    description: 'the event id (for a webhook delivery, derived from the webhook and its delivery id)',
  }),
  type: Type.String({ description: 'what happened: `<subject>.<verb>`, e.g. `project.created`' }),
  topic: Type.Enum(EVENT_SOURCES, { description: 'where it was recorded: lifecycle, comments, gateway' }),
  summary: Type.String({ description: 'one sentence: who did what to what' }),
  subject: Type.Object(
    {
      type: Type.String({
        description: 'what it happened to: organization, team, project, comment, webhook...',
      }),
      id: Type.String({ description: 'the id of that thing' }),
    },
    { description: 'what it happened to' },
  ),
  organization: Type.String({ description: 'slug of the organization, as recorded' }),
  project: Nullable(Type.String({ description: 'slug of the project, as recorded; null: none' })),
  environment: Nullable(Type.String({ description: 'slug of the environment, as recorded; null: none' })),
  by: Type.String({
    description: 'who did it: the caller, or "<user> on behalf of <actor>" under delegation',
  }),
  principal: Type.String({ description: 'the user or service account who did it; `system` for Keel itself' }),
  actor: Nullable(
    Type.String({ description: 'the service account acting on behalf of `principal`; null: none' }),
  ),
  occurred_at: Timestamp,
  details: Type.Record(Type.String(), Type.Unknown(), {
    description: 'facts about the event (the fields an update changed, a previous slug...); never a secret',
  }),
});

const SlugParam = Type.String({ maxLength: 200 });
const ListQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'events per page (1 to 100)' }),
    ),
    cursor: Type.Optional(
      Type.String({ maxLength: 200, description: 'from the Link header of the previous page; opaque' }),
    ),
    topic: Type.Optional(Type.Enum(EVENT_SOURCES, { description: 'only events recorded on this topic' })),
    type: Type.Optional(
      Type.String({
        pattern: '^[a-z0-9_]+(\\.[a-z0-9_]+)*(\\.\\*)?$',
        maxLength: 128,
        'x-expected':
          'an event type: dot-separated words of lower-case letters, digits and underscores (project.created), or a subject and .* (project.*)',
        description: 'only events of this type (`project.created`), or of one subject (`project.*`)',
      }),
    ),
    actor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'only what this user or service account did, itself or on behalf of another',
      }),
    ),
    since: Type.Optional(
      Type.String({ format: 'date-time', description: 'events at or after (whole seconds)' }),
    ),
    until: Type.Optional(Type.String({ format: 'date-time', description: 'events before (whole seconds)' })),
  },
  { additionalProperties: false },
);
const tags = ['activity'];
const NOTE =
  'Newest first, keyset pages (Link rel="next"). Read from the analytics store, duplicates collapsed; ' +
  'an event shows up there about one poll interval after it was recorded. 503 with Retry-After while ' +
  'the store is down. Team events need team:read, webhook deliveries webhooks:read.';

export function activityRoutes(api: Api, activity: ActivityService): void {
  api.get(
    '/organizations/:org/events',
    {
      schema: {
        tags,
        summary: "The organization's activity: what happened, to what, by whom, when",
        description:
          'Answers 200 with a page of events: id, type, topic, a one-sentence summary, its subject, ' +
          'organization, project, environment, principal and actor, details and when it happened. ' +
          `${NOTE} Needs organization:read (403 before any lookup; 404 for an unknown organization). ` +
          "Events of the organization's projects are listed to holders of project:read only; a user " +
          'reading a project through its access list reads its activity on the project route.',
        params: Type.Object({ org: SlugParam }),
        querystring: ListQuery,
        response: responses({ 200: Type.Array(ActivityItem) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query, isEventCursor);
      return sendPage(
        req,
        reply,
        page,
        await activity.organization(authOf(req), req.params.org, req.query, page),
      );
    },
  );
  api.get(
    '/organizations/:org/projects/:project/events',
    {
      schema: {
        tags,
        summary: "A project's activity: what happened, to what, by whom, when",
        description:
          "Answers 200 with a page of the project's events (as the organization's list has them). " +
          `${NOTE} Needs read of the project (project:read, or a CAN_ACCESS read edge); anyone else gets ` +
          'the 404 of a missing project.',
        params: Type.Object({ org: SlugParam, project: SlugParam }),
        querystring: ListQuery,
        response: responses({ 200: Type.Array(ActivityItem) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query, isEventCursor);
      return sendPage(
        req,
        reply,
        page,
        await activity.project(authOf(req), req.params.org, req.params.project, req.query, page),
      );
    },
  );
}
