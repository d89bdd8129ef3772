import { Type } from 'typebox';
import type { Api } from '../app/domain.js';
import { Timestamp, responses } from '../http/schemas.js';
import { authOf } from '../http/server.js';
import { ENTRY_TYPES } from './entries.js';
import type { OperationsLogService } from './service.js';

const EntryTypeSchema = Type.Enum(ENTRY_TYPES, {
  description: '`Maintenance`, `Incident` and `Note` go to topic maintenance, the others to deployments',
});
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Link = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 });

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
  occurred_at: Timestamp,
  recorded_by: Type.String({ description: 'the caller; "<user> on behalf of <actor>" under delegation' }),
  recorded_at: Timestamp,
});

export function operationsLogRoutes(api: Api, log: OperationsLogService): void {
  api.post(
    '/organizations/:org/operations-log',
    {
      schema: {
        tags: ['operations-log'],
        summary: 'Records a deployment, rollback, configuration change, restart or maintenance',
        description:
          'The entry goes to the analytics stream operations_log (nothing else is stored); its readers ' +
          'query the analytics database. Needs operations_log:create.',
        params: Type.Object({ org: Type.String({ maxLength: 200 }) }),
        body: EntryCreate,
        response: responses({ 201: EntryRead }),
      },
    },
    async (req, reply) => reply.code(201).send(await log.create(authOf(req), req.params.org, req.body)),
  );
}
