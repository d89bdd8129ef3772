// How each kind of sender signs a delivery (docs/webhooks.md). A webhook names its sender when it is
// registered; the delivery route checks the delivery by that sender's rules:
// - github: X-Hub-Signature-256 `sha256=<hex HMAC-SHA256 of the body>` under the secret as text,
//   X-GitHub-Delivery the delivery id, X-GitHub-Event its type;
// - standard (Standard Webhooks 1.0): `webhook-signature` holds space-separated `v1,<base64 HMAC-SHA256
//   of "<webhook-id>.<webhook-timestamp>.<body>">` under the base64-decoded `whsec_` secret, the
//   timestamp within five minutes of the server's clock;
// - keel: X-Keel-Signature-256 like GitHub's, and optionally X-Keel-Delivery and X-Keel-Event.
// Every check runs one HMAC over the body and compares in constant time, whether or not it can pass.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SENDERS = ['github', 'standard', 'keel'] as const;
export type Sender = (typeof SENDERS)[number];

/** Seconds a Standard Webhooks timestamp may differ from the server's clock. */
export const TIMESTAMP_TOLERANCE_S = 5 * 60;
/** Signatures of a `webhook-signature` header looked at (a rotation sends two or three). */
const MAX_SIGNATURES = 16;
/** A delivery id: visible ASCII, as GitHub's GUIDs and Svix's `msg_...` ids are. */
const DELIVERY_ID = /^[\x21-\x7e]{1,200}$/;
const EVENT_NAME = /^[\x21-\x7e]{1,100}$/;
const HEX_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;
const WHSEC = /^whsec_([A-Za-z0-9+/]+={0,2})$/;
/** The key of a webhook that does not exist: random per process, held by nobody. */
const UNKNOWN_KEY = randomBytes(32);

export interface HeaderDoc {
  name: string;
  required: boolean;
  value: string;
}

/** The headers a sender sends, as the webhook's read answer lists them. */
export const SENDER_HEADERS: Record<Sender, HeaderDoc[]> = {
  github: [
    {
      name: 'X-Hub-Signature-256',
      required: true,
      value: 'sha256=<hex HMAC-SHA256 of the raw body under the secret>',
    },
    {
      name: 'X-GitHub-Delivery',
      required: true,
      value: 'the delivery id; a delivery sent again with it records no second event',
    },
    { name: 'X-GitHub-Event', required: false, value: 'the event type, e.g. push' },
  ],
  standard: [
    {
      name: 'webhook-id',
      required: true,
      value: 'the message id; a message sent again with it records no second event',
    },
    {
      name: 'webhook-timestamp',
      required: true,
      value: 'unix seconds, within 5 minutes of the server clock',
    },
    {
      name: 'webhook-signature',
      required: true,
      value:
        'v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" under the base64-decoded ' +
        'whsec_ secret>; several space-separated signatures accepted (secret rotation)',
    },
  ],
  keel: [
    {
      name: 'X-Keel-Signature-256',
      required: true,
      value: 'sha256=<hex HMAC-SHA256 of the raw body under the secret>',
    },
    {
      name: 'X-Keel-Delivery',
      required: false,
      value: 'a delivery id; a delivery sent again with it records no second event',
    },
    { name: 'X-Keel-Event', required: false, value: 'the event type' },
  ],
};

/** The headers of a delivery the senders use (lower-case names; a repeated header's first value). */
export type DeliveryHeaders = Record<string, string | string[] | undefined>;

export interface Checked {
  /** The signature (and, for Standard Webhooks, the timestamp's format) holds. */
  signed: boolean;
  /** Standard Webhooks: signed, but the timestamp is more than the tolerance away from now. */
  expired: boolean;
  deliveryId: string | undefined;
  event: string | undefined;
}

const header = (h: DeliveryHeaders, name: string): string | undefined => {
  const v = h[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v[0] : undefined;
};
const matching = (re: RegExp, v: string | undefined) => (v !== undefined && re.test(v) ? v : undefined);

/** The HMAC key of a Standard Webhooks secret (`whsec_` + base64 of 24 to 64 bytes), or undefined. */
export function standardKey(secret: string): Buffer | undefined {
  const m = WHSEC.exec(secret);
  if (!m) return undefined;
  const key = Buffer.from(m[1]!, 'base64');
  return key.length >= 24 &&
    key.length <= 64 &&
    key.toString('base64').replace(/=+$/, '') === m[1]!.replace(/=+$/, '')
    ? key
    : undefined;
}

/** Why a secret cannot serve a sender, or undefined when it can. */
export function secretProblem(sender: Sender, secret: string): string | undefined {
  if (sender === 'standard' && !standardKey(secret))
    return 'a Standard Webhooks secret: whsec_ followed by the base64 of 24 to 64 random bytes';
  return undefined;
}

/** `sha256=<hex>` (GitHub, Keel): one HMAC over the body, compared in constant time. */
function hexSigned(key: Buffer | string, body: Buffer, given: string | undefined): boolean {
  const m = given === undefined ? null : HEX_SIGNATURE.exec(given.trim());
  const expected = createHmac('sha256', key).update(body).digest();
  const presented = m ? Buffer.from(m[1]!, 'hex') : Buffer.alloc(32);
  return timingSafeEqual(presented, expected) && m !== null;
}

/** Standard Webhooks: any `v1,` signature of the header matching, each compared in constant time. */
function standardSigned(key: Buffer, id: string, timestamp: string, body: Buffer, given: string | undefined) {
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  let ok = false;
  for (const candidate of (given ?? '').split(' ').slice(0, MAX_SIGNATURES)) {
    const [version, signature] = candidate.split(',', 2);
    if (version !== 'v1' || signature === undefined || !BASE64_SIGNATURE.test(signature)) continue;
    if (timingSafeEqual(Buffer.from(signature, 'base64'), expected)) ok = true;
  }
  return ok;
}

/**
 * Checks a delivery by its sender's rules. `secret` undefined (no such webhook) runs the same work
 * under a key nobody holds, so an unknown webhook costs what a wrong signature costs.
 */
export function checkDelivery(
  sender: Sender,
  secret: string | undefined,
  body: Buffer,
  h: DeliveryHeaders,
  nowMs = Date.now(),
): Checked {
  const known = secret !== undefined;
  switch (sender) {
    case 'github':
    case 'keel': {
      const [sig, id, ev] =
        sender === 'github'
          ? ['x-hub-signature-256', 'x-github-delivery', 'x-github-event']
          : ['x-keel-signature-256', 'x-keel-delivery', 'x-keel-event'];
      const deliveryId = matching(DELIVERY_ID, header(h, id));
      const signed = hexSigned(secret ?? UNKNOWN_KEY, body, header(h, sig)) && known;
      // GitHub always names its delivery: without an id a replay could not be told apart.
      const complete = sender === 'keel' || deliveryId !== undefined;
      return {
        signed: signed && complete,
        expired: false,
        deliveryId,
        event: matching(EVENT_NAME, header(h, ev)),
      };
    }
    case 'standard': {
      const id = matching(DELIVERY_ID, header(h, 'webhook-id'));
      const timestamp = header(h, 'webhook-timestamp');
      const key = (secret === undefined ? undefined : standardKey(secret)) ?? UNKNOWN_KEY;
      const signed =
        standardSigned(key, id ?? '', timestamp ?? '', body, header(h, 'webhook-signature')) &&
        known &&
        key !== UNKNOWN_KEY &&
        id !== undefined &&
        timestamp !== undefined &&
        /^\d{1,12}$/.test(timestamp);
      const expired =
        signed && Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > TIMESTAMP_TOLERANCE_S;
      return { signed, expired, deliveryId: id, event: undefined };
    }
  }
}

/** The sender an unknown webhook's delivery looks like, so its check does the work that sender's would. */
export function senderOfHeaders(h: DeliveryHeaders): Sender {
  if (h['webhook-signature'] !== undefined) return 'standard';
  if (h['x-hub-signature-256'] !== undefined) return 'github';
  return 'keel';
}
