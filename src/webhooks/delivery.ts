// events/gateway: a delivery to POST /webhooks/{integration}/{webhook}. The sender proves it holds the
// webhook's secret with an HMAC-SHA256 of the raw body; a verified delivery becomes one `events` row on
// topic `gateway` (SPEC 6.3.3), recorded in a transaction of its own before the 202 is sent.
import { AnalyticsRowTooLarge, MAX_MESSAGE_BYTES, eventRow } from '../analytics/index.js';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Core } from '../kernel/core.js';
import { AppError, badRequest, notFound, unauthorized } from '../http/errors.js';
import { parseJsonBody } from '../http/json-body.js';
import { findWebhook } from './store.js';

export const SIGNATURE_HEADER = 'x-keel-signature-256';
const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

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

/** Constant-time: the comparison takes as long whatever the given digest, and both sides are 32 bytes. */
export function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  const m = header === undefined ? null : SIGNATURE.exec(header.trim());
  const given = m ? Buffer.from(m[1]!, 'hex') : Buffer.alloc(32);
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(given, expected) && m !== null;
}

const refused = () =>
  unauthorized(
    `missing or wrong ${SIGNATURE_HEADER} (sha256=<hex HMAC-SHA256 of the raw body>)`,
    'invalid_signature',
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

export function webhookDelivery({ sql, secrets, analytics }: Pick<Core, 'sql' | 'secrets' | 'analytics'>) {
  return {
    async deliver(integration: string, slug: string, body: Buffer, signature: string | undefined) {
      const hook = await findWebhook(sql, slug);
      if (!hook || hook.props.integration !== integration)
        throw notFound(`webhook ${deliveryName(integration, slug)}`);
      let secret: string;
      try {
        secret = secrets.authBox().open(hook.props.secret_encrypted);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(
          503,
          'webhook_secret_unreadable',
          'the secret of this webhook cannot be read with the configured KEEL_AUTH_ENCRYPTION_KEY; set it again',
        );
      }
      if (!signatureMatches(secret, body, signature)) throw refused();
      const payload = parseJson(body);
      const name = deliveryName(integration, slug);
      // The metadata field holds at most 1 MiB of text: a longer document cannot be recorded at all.
      if (JSON.stringify(payload).length > MAX_RECORDED_JSON) throw tooLarge();
      const row = eventRow({
        event_type: 'webhook.received',
        source: 'gateway',
        // The sender proved it holds the webhook's secret: the webhook is who did it.
        who: { principal_name: `webhook:${name}`, actor_name: null },
        organization: hook.org_slug,
        project: hook.project_slug,
        subject_id: hook.id,
        summary: `delivery to webhook ${name}`,
        metadata: { webhook_id: hook.id, integration, webhook: slug, payload },
      });
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
