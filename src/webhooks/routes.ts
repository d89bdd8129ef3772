import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { Slug, Timestamp, responses } from '../http/schemas.js';
import { slugRoutes } from '../kernel/slug-routes.js';
import { RawBody, type WebhookDelivery } from './delivery.js';
import { SENDERS } from './senders.js';
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
  sender: Type.Enum(SENDERS, { description: 'how deliveries are signed (docs/webhooks.md)' }),
  delivery_url: Type.String({ description: 'where the integration posts its deliveries' }),
  delivery_headers: Type.Array(
    Type.Object({
      name: Type.String({ description: 'header name' }),
      required: Type.Boolean(),
      value: Type.String({ description: 'what the header holds' }),
    }),
    { description: 'the headers the sender sends with each delivery' },
  ),
  updated_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const Secret = Type.String({
  minLength: 16,
  maxLength: 512,
  writeOnly: true,
  description:
    'write-only HMAC-SHA256 key the sender signs with; never returned. For sender `standard`: ' +
    'whsec_ followed by the base64 of 24 to 64 random bytes (Standard Webhooks)',
});
const SenderField = Type.Enum(SENDERS, {
  description:
    'how the sender signs its deliveries: `github` (X-Hub-Signature-256, X-GitHub-Delivery, ' +
    'X-GitHub-Event), `standard` (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), ' +
    '`keel` (X-Keel-Signature-256; the default)',
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
  {
    slug: Slug,
    integration: Slug,
    secret: Secret,
    sender: Type.Optional(SenderField),
    project: Type.Optional(ProjectRef),
  },
  { additionalProperties: false },
);
const WebhookPatch = Type.Object(
  {
    slug: Type.Optional(Slug),
    integration: Type.Optional(Slug),
    secret: Type.Optional(Secret),
    sender: Type.Optional(SenderField),
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
            "Authenticated by the signature of the webhook's sender (its read answer lists the headers): " +
            '`github` X-Hub-Signature-256 and X-GitHub-Delivery, `standard` webhook-id, webhook-timestamp ' +
            'and webhook-signature (within 5 minutes), `keel` X-Keel-Signature-256. The body must be a ' +
            'JSON document of at most 1 MiB. Answers 202 once the event is recorded (stream events, topic ' +
            'gateway); a delivery sent again with the same delivery id answers the same event id and is ' +
            'stored once. An unknown webhook and a missing or wrong signature get the same 401. 413 for a ' +
            'larger body or one whose events row would be larger than the stream takes per message ' +
            '(1 MiB), 400 for a signed body that is not JSON.',
          security: [],
          params: Type.Object({
            integration: Type.String({ maxLength: 200 }),
            webhook: Type.String({ maxLength: 200 }),
          }),
          headers: Type.Object({
            'x-keel-signature-256': Type.Optional(
              Type.String({ maxLength: 200, description: 'keel: sha256=<64 hex digits>' }),
            ),
            'x-keel-delivery': Type.Optional(
              Type.String({ maxLength: 200, description: 'keel: delivery id' }),
            ),
            'x-keel-event': Type.Optional(Type.String({ maxLength: 200, description: 'keel: event type' })),
            'x-hub-signature-256': Type.Optional(
              Type.String({ maxLength: 200, description: 'github: sha256=<64 hex digits>' }),
            ),
            'x-github-delivery': Type.Optional(
              Type.String({ maxLength: 200, description: 'github: delivery id' }),
            ),
            'x-github-event': Type.Optional(
              Type.String({ maxLength: 200, description: 'github: event type' }),
            ),
            'webhook-id': Type.Optional(Type.String({ maxLength: 200, description: 'standard: message id' })),
            'webhook-timestamp': Type.Optional(
              Type.String({ maxLength: 200, description: 'standard: unix seconds' }),
            ),
            'webhook-signature': Type.Optional(
              Type.String({
                maxLength: 2000,
                description: 'standard: space-separated v1,<base64 HMAC-SHA256> signatures',
              }),
            ),
          }),
          body: Type.Unknown({ description: 'any JSON document, signed as sent' }),
          response: responses({
            202: Type.Object({ event_id: Type.String({ format: 'uuid' }) }),
          }),
        },
      },
      async (req, reply) => {
        const raw = req.body instanceof RawBody ? req.body.bytes : Buffer.alloc(0);
        const result = await delivery.deliver(req.params.integration, req.params.webhook, raw, req.headers);
        return reply.code(202).send(result);
      },
    );
  });
}
