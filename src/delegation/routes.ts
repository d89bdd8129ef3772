import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { ALL_SCOPE } from '../kernel/context.js';
import { NoContent, NullableTimestamp, PageQuery, Timestamp, responses } from '../http/schemas.js';
import { parsePage, sendPage } from '../http/pagination.js';
import { authOf } from '../kernel/route.js';
import type { ConsentsService } from './consents.service.js';

const ConsentRead = Type.Object({
  id: Type.String(),
  user_email: Type.String(),
  actor_sa: Type.String(),
  scope: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
  created_at: Timestamp,
  expires_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});
const ConsentCreate = Type.Object(
  {
    scope: Type.Optional(
      Type.Literal(ALL_SCOPE, { description: `v1 knows one scope, ${ALL_SCOPE} (the default)` }),
    ),
    expires_at: Type.Optional(Type.String({ format: 'date-time', description: 'must be in the future' })),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const tags = ['delegation'];

export function delegationRoutes(api: Api, consents: ConsentsService): void {
  api.post(
    '/consents',
    {
      schema: {
        tags,
        summary: 'Records that the scheduler may act on your behalf (only under your own session)',
        body: ConsentCreate,
        response: responses({ 201: ConsentRead }),
      },
      // Every field is optional: a POST without a body records the default consent.
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req, reply) => reply.code(201).send(await consents.create(authOf(req), req.body)),
  );
  api.get(
    '/consents',
    {
      schema: {
        tags,
        summary: "Your consents; admins see everyone's (optionally ?user_email=)",
        querystring: Type.Object(
          { ...PageQuery.properties, user_email: Type.Optional(Type.String({ maxLength: 254 })) },
          { additionalProperties: false },
        ),
        response: responses({ 200: Type.Array(ConsentRead) }),
      },
    },
    async (req, reply) => {
      const page = parsePage(req.query);
      return sendPage(req, reply, page, await consents.list(authOf(req), page, req.query.user_email));
    },
  );
  api.get(
    '/consents/:id',
    {
      schema: {
        tags,
        summary: 'One consent: its owner, an admin, or a service account holding auth:delegate',
        params: IdParams,
        response: responses({ 200: ConsentRead }),
      },
    },
    async (req) => consents.get(authOf(req), req.params.id),
  );
  api.delete(
    '/consents/:id',
    {
      schema: {
        tags,
        summary: 'Revokes a consent (owner or admin); it stays listed as revoked',
        params: IdParams,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await consents.revoke(authOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
