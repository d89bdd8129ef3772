import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { Slug, Timestamp, responses } from '../http/schemas.js';
import { slugRoutes } from '../kernel/slug-routes.js';
import { RawBody, SIGNATURE_HEADER, type WebhookDelivery } from './delivery.js';
import type { WebhooksService } from './service.js';

const MAX_BODY = 1024 * 1024;

const WebhookRead = Type.Object({
  id: Type.String({ format: 'uuid', description: 'graph node id (webhook_id in the events it records)' }),
  slug: Type.String(),
  integration: Type.String(),
  project: Type.Optional(
    Type.Union([Type.String({ description: '<organization>/<project>' }), Type.Null()], {
      description: 'the linked project, left out for a caller that may not read it; null: none',
    }),
  ),
  has_secret: Type.Boolean(),
  delivery_url: Type.String({ description: 'where the integration posts its deliveries' }),
  updated_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const Secret = Type.String({
  minLength: 16,
  maxLength: 512,
  writeOnly: true,
  description: 'write-only HMAC-SHA256 key the sender signs with; never returned',
});
const ProjectRef = Type.Union([
  Type.String({
    pattern: '^[^/]+/[^/]+$',
    maxLength: 200,
    'x-expected': 'an organization and a project like acme/web',
    description: '<organization>/<project>; naming one needs project:read',
  }),
  Type.Null(),
]);
const WebhookCreate = Type.Object(
  { slug: Slug, integration: Slug, secret: Secret, project: Type.Optional(ProjectRef) },
  { additionalProperties: false },
);
const WebhookPatch = Type.Object(
  {
    slug: Type.Optional(Slug),
    integration: Type.Optional(Slug),
    secret: Type.Optional(Secret),
    project: Type.Optional(ProjectRef),
  },
  { additionalProperties: false, minProperties: 1 },
);
const tags = ['webhooks'];

export async function webhookRoutes(api: Api, hooks: WebhooksService, delivery: WebhookDelivery) {
  slugRoutes(
    api,
    {
      path: '/admin/webhooks',
      tags,
      noun: 'webhook',
      read: WebhookRead,
      create: WebhookCreate,
      patch: WebhookPatch,
      summaries: {
        create: 'Registers a webhook (webhooks:write)',
        update: 'Changes a webhook; a secret given replaces the stored one',
      },
    },
    hooks,
  );

  // The delivery route reads the raw bytes (the signature covers them exactly as sent), whatever the
  // content type, so it lives in a scope of its own with a single catch-all body parser.
  await api.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, body, done) =>
      done(null, new RawBody(body as Buffer)),
    );
    scope.post(
      '/webhooks/:integration/:webhook',
      {
        config: { public: true },
        bodyLimit: MAX_BODY,
        schema: {
          tags,
          summary: 'Receives a delivery of an integration (signed, not bearer-authenticated)',
          description:
            `Authenticated by ${SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body under the ` +
            "webhook's secret>. The body must be a JSON document of at most 1 MiB. Answers 202 once the " +
            'event is recorded (stream events, topic gateway). 401 for a missing or wrong signature, ' +
            '404 for an unknown webhook, 413 for a larger body or one whose events row would be larger ' +
            'than the stream takes per message (1 MiB), 400 for a body that is not JSON.',
          security: [],
          params: Type.Object({
            integration: Type.String({ maxLength: 200 }),
            webhook: Type.String({ maxLength: 200 }),
          }),
          headers: Type.Object({
            [SIGNATURE_HEADER]: Type.Optional(Type.String({ description: 'sha256=<64 hex digits>' })),
          }),
          body: Type.Unknown({ description: 'any JSON document, signed as sent' }),
          response: responses({
            202: Type.Object({ event_id: Type.String({ format: 'uuid' }) }),
          }),
        },
      },
      async (req, reply) => {
        const raw = req.body instanceof RawBody ? req.body.bytes : Buffer.alloc(0);
        const signature = req.headers[SIGNATURE_HEADER];
        const result = await delivery.deliver(
          req.params.integration,
          req.params.webhook,
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(202).send(result);
      },
    );
  });
}
