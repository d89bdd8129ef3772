// The analytics recording port: call sites hand it rows of an analytics stream, inside the transaction
// of the change they describe. The PostgreSQL implementation writes them to an outbox table in that same
// transaction (DESIGN.md section 5), so a committed change never loses its row and a rolled-back one
// never publishes one. The relay (relay.ts) moves outbox rows to the stream.
import { Compile, type Validator } from 'typebox/compile';
import type { Queryable } from '../../db/sql.js';
import { ID_HEADERS, MAX_MESSAGE_BYTES, messageBytes } from '../stream/port.js';
import { TOPOLOGY, sinks, type RowOf, type SinkStream, type TopicOf } from '../topology/topology.js';

export type Headers = Readonly<Record<string, string>>;

export interface AnalyticsRecorder {
  /** Records rows of `stream` on `topic` as part of the transaction `q` runs in. */
  record<S extends SinkStream>(
    q: Queryable,
    stream: S,
    topic: TopicOf<S>,
    rows: readonly RowOf<S>[],
    headers?: Headers,
  ): Promise<void>;
}

/**
 * A row that does not match its stream's type, or a topic or header the topology does not allow. A
 * programming error: it fails the producing request (a 500) rather than poisoning the stream.
 */
export class InvalidAnalyticsRow extends Error {
  constructor(
    readonly stream: string,
    detail: string,
  ) {
    super(`analytics stream ${stream}: ${detail}`);
    this.name = 'InvalidAnalyticsRow';
  }
}

/**
 * A row larger, as the relay publishes it, than the stream takes (MAX_MESSAGE_BYTES). Refused when it is
 * recorded: NATS would refuse it at every attempt. The producer decides what its caller hears (the
 * webhook gateway answers 413); a producer that cannot make one fails its request.
 */
export class AnalyticsRowTooLarge extends Error {
  constructor(
    readonly stream: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `analytics stream ${stream}: a row is ${bytes} bytes as published; the stream takes at most ${limit}`,
    );
    this.name = 'AnalyticsRowTooLarge';
  }
}

// Compiled once per process: validation is on the request path of every producer.
const validators = new Map<string, Validator>(sinks().map(([name, def]) => [name, Compile(def.row)]));

const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
// Header values travel in NATS headers, which are line-oriented: no control characters.
// eslint-disable-next-line no-control-regex
const HEADER_VALUE = /^[^\u0000-\u001f\u007f]{0,1024}$/;

/** Throws InvalidAnalyticsRow unless every row, the topic and the headers fit the topology. */
export function validateRecord(stream: string, topic: string, rows: readonly unknown[], headers: Headers) {
  const validator = validators.get(stream);
  if (!validator) throw new InvalidAnalyticsRow(stream, 'is not a stream with a sink');
  if (!(TOPOLOGY[stream as SinkStream].topics as readonly string[]).includes(topic)) {
    throw new InvalidAnalyticsRow(stream, `has no topic "${topic}"`);
  }
  for (const [name, value] of Object.entries(headers)) {
    // `Nats-*` headers steer the stream server (deduplication, expectations): never from a row.
    const reserved = /^nats-/i.test(name);
    if (reserved || !HEADER_NAME.test(name) || typeof value !== 'string' || !HEADER_VALUE.test(value)) {
      throw new InvalidAnalyticsRow(stream, `header "${name.slice(0, 64)}" is not a valid header`);
    }
  }
  rows.forEach((row, i) => {
    if (validator.Check(row)) return;
    // Paths and messages only: a row's values may be personal data and never reach a log.
    const errors = validator
      .Errors(row)
      .slice(0, 3)
      .map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new InvalidAnalyticsRow(stream, `row ${i}: ${errors.join('; ')}`);
  });
}

/** Writes rows to `analytics_outbox` with one statement, whatever their number. */
const INSERT = `
  INSERT INTO analytics_outbox (stream, topic, row, headers)
  SELECT $1, $2, r, $4::jsonb FROM jsonb_array_elements($3::jsonb) AS r`;

/**
 * The same, unless one row is larger than $5 bytes as the relay will publish it: PostgreSQL's text of
 * the jsonb (`row::text`), whose spacing and numbers JSON.stringify does not reproduce. Answers the size
 * of the largest. Measuring costs PostgreSQL a text of every row (+21% for a batch of 100 rows of 600
 * bytes, docs/analytics.md), so it runs only for batches whose bound (publishedBytesBound) is too large.
 */
const MEASURED_INSERT = `
  WITH measured AS (
    SELECT r, octet_length(r::text) AS bytes FROM jsonb_array_elements($3::jsonb) AS r),
  inserted AS (
    INSERT INTO analytics_outbox (stream, topic, row, headers)
    SELECT $1, $2, r, $4::jsonb FROM measured WHERE (SELECT max(bytes) FROM measured) <= $5)
  SELECT max(bytes)::int AS bytes FROM measured`;

/** A number JSON.stringify writes in exponent form (`1e+21`, `1e-7`); text in a string may match too. */
const EXPONENT = /\de[+-]/g;

/**
 * The most bytes PostgreSQL's text of a value (`::jsonb::text`) can take, from its JSON.stringify text;
 * for an array, a bound on each element too. PostgreSQL writes strings with the escapes JSON.stringify
 * uses, and adds a space after every `,` and `:` (at most one byte per byte of the text). A number keeps
 * its digits, except one in exponent form, which PostgreSQL writes out in full: at most 330 characters
 * for a double (`5e-324` is `0.` and 324 decimals), from at least 4 (`1e-7`). A first bound reads
 * nothing (3 bytes at most per UTF-16 unit); when it is not below the stream's limit, the text is read.
 */
export function publishedBytesBound(json: string): number {
  const unread = json.length * (2 * 3 + 330 / 4);
  if (unread <= MAX_MESSAGE_BYTES) return unread;
  return 2 * Buffer.byteLength(json) + 330 * (json.match(EXPONENT)?.length ?? 0);
}

export function postgresRecorder(): AnalyticsRecorder {
  return {
    async record(q, stream, topic, rows, headers = {}) {
      validateRecord(stream, topic, rows, headers);
      if (rows.length === 0) return;
      // Every row is one message with these headers and the ones the stream adds.
      const headerBytes = messageBytes(0, { ...headers, ...ID_HEADERS });
      const json = JSON.stringify(rows);
      const params = [stream, topic, json, JSON.stringify(headers)];
      // The bound of the whole batch bounds each row: most batches are far below the limit.
      if (publishedBytesBound(json) + headerBytes <= MAX_MESSAGE_BYTES) {
        await q.query(INSERT, params);
        return;
      }
      const largest = await q.one<{ bytes: number }>(MEASURED_INSERT, [
        ...params,
        MAX_MESSAGE_BYTES - headerBytes,
      ]);
      const bytes = largest!.bytes + headerBytes;
      if (bytes > MAX_MESSAGE_BYTES) throw new AnalyticsRowTooLarge(stream, bytes, MAX_MESSAGE_BYTES);
    },
  };
}
