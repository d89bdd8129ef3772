// events/gateway: a delivery to POST /webhooks/{integration}/{webhook}. The sender proves it holds the
// webhook's secret by the rules of the webhook's sender (senders.ts); a verified delivery becomes one
// `events` row on topic `gateway` (SPEC 6.3.3), recorded in a transaction of its own before the 202.
// The row's event id derives from the webhook and the delivery id, so a delivery sent again is the
// same event, which the deduplicating `events` table keeps once (docs/webhooks.md).
import { AnalyticsRowTooLarge, MAX_MESSAGE_BYTES, eventRow } from '../analytics/index.js';
import { createHash, createHmac } from 'node:crypto';
import type { Core } from '../kernel/core.js';
import { AppError, badRequest, unauthorized } from '../http/errors.js';
import { parseJsonBody } from '../http/json-body.js';
import { checkDelivery, senderOfHeaders, type DeliveryHeaders, type Sender } from './senders.js';
import { findWebhook, senderOf } from './store.js';

export const SIGNATURE_HEADER = 'x-keel-signature-256';

/** The raw request body. A class with a private field, so that generic walkers of request bodies see no members. */
export class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** `sha256=<hex>` of the body under the secret: what a sender puts in X-Keel-Signature-256. */
export const sign = (secret: string, body: Buffer | string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/**
 * The one answer to a delivery nobody can be shown to have signed: an unknown webhook, a webhook under
 * another integration, a missing or wrong signature or delivery id. The same status and body for each,
 * so the route tells an anonymous caller nothing about which webhooks exist.
 */
const refused = () =>
  unauthorized(
    'no webhook at this address accepts this delivery: the address, the signature or a required header ' +
      "is wrong (the webhook's read answer lists the headers its sender must send)",
    'invalid_signature',
  );

const expired = () =>
  unauthorized(
    'webhook-timestamp is more than 5 minutes away from the server clock: sign with the current time',
    'delivery_expired',
  );

/** Room the events row leaves for the delivered document inside its metadata (1 MiB of JSON text in all). */
const MAX_RECORDED_JSON = 1_048_576 - 1024;

/**
 * The events row goes to the stream as one message, which holds the document as JSON text escaped
 * once more (every `"` becomes `\"`): a body well under 1 MiB can make a row the stream refuses.
 */
const tooLarge = () =>
  new AppError(
    413,
    'payload_too_large',
    `the document is too large to record: its events row, with the document as escaped JSON text, ` +
      `would exceed the ${MAX_MESSAGE_BYTES} bytes the stream takes per message`,
  );

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The delivered document: UTF-8, then the API's own JSON parsing (depth cap, numbers in range). */
function parseJson(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest('invalid_json', 'the body is not a JSON document (UTF-8)');
  }
  return parseJsonBody(text);
}

/** The UUIDv5 namespace of webhook deliveries (RFC 9562 section 5.5). */
const DELIVERY_NAMESPACE = Buffer.from('5b0c1e3a7d0e4f6b9a8e2c4d6f8a0b1c', 'hex');

/** The event id of a delivery: UUIDv5 of the webhook's id and the delivery id. */
export function deliveryEventId(webhookId: string, deliveryId: string): string {
  const h = createHash('sha1').update(DELIVERY_NAMESPACE).update(`${webhookId}\n${deliveryId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Standard Webhooks puts the type in the document (`{"type": ..., "data": ...}`). */
function typeInDocument(payload: unknown): string | undefined {
  const t = (payload as { type?: unknown } | null)?.type;
  return typeof t === 'string' && /^[\x21-\x7e]{1,100}$/.test(t) ? t : undefined;
}

export function webhookDelivery({ sql, secrets, analytics }: Pick<Core, 'sql' | 'secrets' | 'analytics'>) {
  /** The webhook's secret; undefined when it cannot be read (checked like an unknown webhook's). */
  const secretOf = (sealed: string): string => {
    try {
      return secrets.authBox().open(sealed);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(
        503,
        'webhook_secret_unreadable',
        'the secret of this webhook cannot be read with the configured KEEL_AUTH_ENCRYPTION_KEY; set it again',
      );
    }
  };

  return {
    async deliver(integration: string, slug: string, body: Buffer, headers: DeliveryHeaders) {
      const found = await findWebhook(sql, slug);
      const hook = found && found.props.integration === integration ? found : undefined;
      const sender: Sender = hook ? senderOf(hook.props) : senderOfHeaders(headers);
      // The same HMAC work whether the webhook exists or not.
      const checked = checkDelivery(
        sender,
        hook ? secretOf(hook.props.secret_encrypted) : undefined,
        body,
        headers,
      );
      if (!hook || !checked.signed) throw refused();
      if (checked.expired) throw expired();
      const payload = parseJson(body);
      const name = deliveryName(integration, slug);
      // The metadata field holds at most 1 MiB of text: a longer document cannot be recorded at all.
      if (JSON.stringify(payload).length > MAX_RECORDED_JSON) throw tooLarge();
      const event = checked.event ?? (sender === 'standard' ? typeInDocument(payload) : undefined);
      const row = eventRow({
        event_type: 'webhook.received',
        source: 'gateway',
        // The sender proved it holds the webhook's secret: the webhook is who did it.
        who: { principal_name: `webhook:${name}`, actor_name: null },
        organization: hook.org_slug,
        project: hook.project_slug,
        subject_id: hook.id,
        summary: `${event === undefined ? '' : `${event} `}delivery to webhook ${name}`,
        // The delivered document last: readers that skip it find the facts first.
        metadata: {
          webhook_id: hook.id,
          integration,
          webhook: slug,
          sender,
          delivery_id: checked.deliveryId ?? null,
          event: event ?? null,
          payload,
        },
      });
      if (checked.deliveryId !== undefined) row.event_id = deliveryEventId(hook.id, checked.deliveryId);
      try {
        // The recorder measures the row as it will be published and stores nothing over the limit.
        await sql.tx((tx) => analytics.event(tx, row, { webhook: slug, integration }));
      } catch (err) {
        throw err instanceof AnalyticsRowTooLarge ? tooLarge() : err;
      }
      return { event_id: row.event_id };
    },
  };
}

export const deliveryName = (integration: string, slug: string) => `${integration}/${slug}`;

export type WebhookDelivery = ReturnType<typeof webhookDelivery>;
