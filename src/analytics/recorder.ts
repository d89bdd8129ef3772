// The analytics recording port: call sites hand it rows of an analytics stream, inside the transaction
// of the change they describe. The PostgreSQL implementation writes them to an outbox table in that same
// transaction (DESIGN.md section 5), so a committed change never loses its row and a rolled-back one
// never publishes one. The relay (relay.ts) moves outbox rows to the stream.
import { Compile, type Validator } from 'typebox/compile';
import type { Queryable } from '../db/sql.js';
import { TOPOLOGY, sinks, type RowOf, type SinkStream, type TopicOf } from './topology.js';

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
export function postgresRecorder(): AnalyticsRecorder {
  return {
    async record(q, stream, topic, rows, headers = {}) {
      validateRecord(stream, topic, rows, headers);
      if (rows.length === 0) return;
      await q.query(
        `INSERT INTO analytics_outbox (stream, topic, row, headers)
         SELECT $1, $2, r, $4::jsonb FROM jsonb_array_elements($3::jsonb) AS r`,
        [stream, topic, JSON.stringify(rows), JSON.stringify(headers)],
      );
    },
  };
}
