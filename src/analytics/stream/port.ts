// The stream port (SPEC 6.1, 6.3): what Keel needs from a persistent message stream, and nothing more.
// Shaped after Apache Iggy's model (stream -> topic -> partition, consumer groups with offsets stored
// server side) so that an Iggy adapter is a drop-in beside the `nats` and `postgres` ones.

export type Headers = Readonly<Record<string, string>>;

/**
 * How long a stream keeps a message, on both adapters: a consumer group that stays behind longer than
 * this (its connector down for a week) goes on from the oldest message the stream still holds.
 */
export const STREAM_MAX_AGE_MS = 7 * 86_400_000;

/** How long a stream drops a re-publish of a message id it already holds (NATS `duplicate_window`). */
export const DUPLICATE_WINDOW_MS = 120_000;

/**
 * The largest message a stream takes, payload and headers together: a NATS server's default
 * max_payload. The recorder refuses a row that would not fit as the relay publishes it, on either
 * adapter, so an install can move from the `postgres` stream to NATS with rows of any producer.
 */
export const MAX_MESSAGE_BYTES = 1_048_576;

/** The message id and expected-last-id headers of the `nats` adapter hold outbox ids: UUIDs. */
const UUID_ROOM = '0'.repeat(36);
/** Room for the headers the `nats` adapter adds to a message (its id, and its predecessor's). */
export const ID_HEADERS: Headers = {
  'Nats-Msg-Id': UUID_ROOM,
  'Nats-Expected-Last-Msg-Id': UUID_ROOM,
};

/**
 * A message's size as NATS counts it against max_payload: the payload and the header block
 * (`NATS/1.0`, a line per header, a blank line).
 */
export function messageBytes(payloadBytes: number, headers: Headers): number {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return payloadBytes + Buffer.byteLength(`NATS/1.0\r\n${lines.join('')}\r\n`);
}

export interface OutgoingMessage {
  /** Unique per message and stable across retries: the stream drops a re-publish of the same id. */
  id: string;
  /** The row as JSON text (SPEC 6.3.1). */
  payload: string;
  headers: Headers;
}

export interface DeliveredMessage {
  /** Position in the stream; grows with publish (commit) order. */
  offset: number;
  topic: string;
  id: string;
  payload: string;
  headers: Record<string, string>;
}

/** SPEC 6.3.4, 7: a publish failed. `stored` messages of the batch (a prefix, in order) were stored. */
export class PublishError extends Error {
  constructor(
    message: string,
    readonly stored: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PublishError';
  }
}

/**
 * The message after the `stored` prefix is larger than the stream takes. Unlike other publish failures
 * it is permanent: a retry cannot store it, so the caller sets it aside instead of retrying it.
 */
export class MessageTooLarge extends PublishError {
  constructor(
    readonly messageId: string,
    readonly bytes: number,
    readonly limit: number,
    subject: string,
    stored: number,
  ) {
    super(
      `publishing to ${subject} failed: message ${messageId} is ${bytes} bytes, ` +
        `the stream takes at most ${limit} bytes per message (payload and headers)`,
      stored,
    );
    this.name = 'MessageTooLarge';
  }
}

/** The stream could not be reached at start-up; names the setting to look at. */
export class StreamUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamUnavailableError';
  }
}

export interface StreamState {
  adapter: 'nats' | 'postgres';
  state: 'up' | 'down';
  /** Why it is down; never holds credentials. */
  detail?: string;
}

export interface ConsumerGroupOptions {
  /** NATS: how long a delivered message may stay unacknowledged before it is delivered again. */
  ackWaitMs?: number;
}

export interface ConsumerGroup {
  /**
   * Up to `max` messages after the last one handed out, waiting at most `waitMs` for the first; the
   * wait ends as soon as one arrives (adapters are woken, not polled), or early when `signal` aborts.
   * Messages another member handed back (it closed) may come after ones with higher offsets, so a
   * batch is committed at its highest offset, not its last.
   */
  fetch(max: number, waitMs: number, signal?: AbortSignal): Promise<DeliveredMessage[]>;
  /** Stores the group's offset server side: every message up to `offset` was processed. */
  commit(offset: number): Promise<void>;
  /** The stream's last offset and the group's stored offset (lag = head - committed). */
  position(): Promise<{ head: number; committed: number }>;
  /** Leaves the group; messages handed out and not committed are delivered again to the group. */
  close(): Promise<void>;
}

export interface StreamPort {
  readonly adapter: 'nats' | 'postgres';
  /** Creates the stream and the topic unless they exist (SPEC 6.3.5); checked once per process. */
  ensureTopic(stream: string, topic: string): Promise<void>;
  /**
   * Publishes `messages` in order to partition 0 of the topic (SPEC 6.3.2), ensuring the topic first.
   * Resolves when every message is stored; otherwise throws PublishError, and no message after the
   * first one not stored was stored either, so a retry from there keeps the order.
   */
  publish(stream: string, topic: string, partition: 0, messages: readonly OutgoingMessage[]): Promise<void>;
  /** Joins consumer group `group` (named after the target table) on every topic of `stream`. */
  consumerGroup(stream: string, group: string, options?: ConsumerGroupOptions): Promise<ConsumerGroup>;
  state(): StreamState;
  close(): Promise<void>;
}
