import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { NoContent, NullableTimestamp, PageQuery, Timestamp, responses } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf, updatedOrNoContent } from '../kernel/route.js';
import { ENTRY_STATUSES, ENTRY_TYPES } from './entries.js';
import { isEntryCursor, type OperationsLogService } from './service.js';

const EntryTypeSchema = Type.Enum(ENTRY_TYPES, {
  description: '`Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments',
});
const StatusSchema = Type.Enum(ENTRY_STATUSES);
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Link = Type.String({
  format: 'uri',
  pattern: '^https?://',
  maxLength: 2048,
  'x-expected': 'an http or https URL like https://ci.example.com/runs/42',
});
const SlugFilter = Type.String({ minLength: 1, maxLength: 63 });

const EntryCreate = Type.Object(
  {
    project: Type.String({
      minLength: 1,
      maxLength: 63,
      description: 'slug of a project of the organization',
    }),
    environment: Type.String({ minLength: 1, maxLength: 63, description: 'slug of an environment' }),
    entry_type: EntryTypeSchema,
    description: Text(4000),
    version: Type.Optional(Text(200)),
    link: Type.Optional(Link),
    ticket: Type.Optional(Text(200)),
    occurred_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'when it happened; default: now' }),
    ),
    status: Type.Optional(
      Type.Enum(ENTRY_STATUSES, {
        description:
          '`completed` (default): it happened; `open`: it is under way, complete it later with ' +
          'POST .../operations-log/{id}/complete',
      }),
    ),
  },
  { additionalProperties: false },
);
const Nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);
const EntryRead = Type.Object({
  id: Type.String({ format: 'uuid' }),
  organization: Type.String(),
  project: Type.String(),
  environment: Type.String(),
  entry_type: EntryTypeSchema,
  description: Type.String(),
  version: Nullable(Type.String()),
  link: Nullable(Type.String()),
  ticket: Nullable(Type.String()),
  status: StatusSchema,
  occurred_at: Timestamp,
  completed_at: NullableTimestamp,
  recorded_by: Type.String({ description: 'the caller; "<user> on behalf of <actor>" under delegation' }),
  recorded_at: Timestamp,
});
const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
const EntryParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  id: Type.String({ maxLength: 200 }),
});
const ListQuery = Type.Object(
  {
    ...PageQuery.properties,
    project: Type.Optional(SlugFilter),
    environment: Type.Optional(SlugFilter),
    since: Type.Optional(
      Type.String({ format: 'date-time', description: 'entries that occurred at or after (whole seconds)' }),
    ),
    until: Type.Optional(
      Type.String({ format: 'date-time', description: 'entries that occurred before (whole seconds)' }),
    ),
  },
  { additionalProperties: false },
);
const CompleteBody = Type.Object(
  {
    completed_at: Type.Optional(
      Type.String({ format: 'date-time', description: 'default: now; not before occurred_at' }),
    ),
  },
  { additionalProperties: false },
);
const tags = ['operations-log'];
const READ_NOTE =
  'Reads the analytics store (deduplicated: the latest state of each entry); an entry shows up there ' +
  'about one poll interval after it was recorded. 503 with Retry-After while the store is down. ' +
  'Needs operations_log:read.';

export function operationsLogRoutes(api: Api, log: OperationsLogService): void {
  api.post(
    '/organizations/:org/operations-log',
    {
      schema: {
        tags,
        summary: 'Records a deployment, rollback, configuration change, restart or maintenance',
        description:
          'The entry goes to the analytics stream operations_log (nothing else is stored); its readers ' +
          'query the analytics database. Needs operations_log:create, and project:read and ' +
          'environment:read to name the project and environment (403 before any lookup otherwise). ' +
          'Answers 201 with the entry: id, organization, project, environment, entry_type, description, ' +
          'version, link, ticket, status, occurred_at, completed_at, recorded_by and recorded_at. 422 ' +
          'naming the field: `unknown_project`, `unknown_environment`, a blank description.',
        params: OrgParams,
        body: EntryCreate,
        response: responses({ 201: EntryRead }),
      },
    },
    async (req, reply) => reply.code(201).send(await log.create(authOf(req), req.params.org, req.body)),
  );
  api.get(
    '/organizations/:org/operations-log',
    {
      schema: {
        tags,
        summary: "The organization's operations log, newest first",
        description:
          'Answers 200 with a page of entries, newest first, narrowed by project, environment, since and ' +
          'until, and a Link header (rel="next") while more remain; 422 when since is after until. ' +
          READ_NOTE,
        params: OrgParams,
        querystring: ListQuery,
        response: responses({ 200: Type.Array(EntryRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query, isEntryCursor);
      return sendPage(req, reply, page, await log.list(authOf(req), req.params.org, req.query, page));
    },
  );
  api.get(
    '/organizations/:org/operations-log/:id',
    {
      schema: {
        tags,
        summary: 'One entry of the operations log',
        description:
          'Answers 200 with the entry in its latest state (status, completed_at...); 404 for an id the ' +
          'store does not hold. ' +
          READ_NOTE,
        params: EntryParams,
        response: responses({ 200: EntryRead }),
      },
    },
    async (req) => log.get(authOf(req), req.params.org, req.params.id),
  );
  api.post(
    '/organizations/:org/operations-log/:id/complete',
    {
      // An empty POST completes now.
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        tags,
        summary: 'Completes an open entry',
        description:
          'Records the entry again with status completed (same id, higher row version). When the open ' +
          'entry is not in the analytics store yet, looks once more after one poll interval (250 ms); ' +
          'still not found: 404. Already completed: 409. Needs operations_log:create. Answers 200 with ' +
          'the entry to a caller holding operations_log:read or who recorded the open entry, else 204.',
        params: EntryParams,
        body: CompleteBody,
        response: responses({ 200: EntryRead, 204: NoContent }),
      },
    },
    async (req, reply) =>
      updatedOrNoContent(reply, await log.complete(authOf(req), req.params.org, req.params.id, req.body)),
  );
}
