// The analytics store port: one ClickHouse dialect behind two transports (a server through
// @clickhouse/client, or the embedded engine chdb). Callers never see which one answers.

export type Row = Record<string, unknown>;

export interface AnalyticsStore {
  readonly transport: 'clickhouse' | 'chdb';
  /** The database every table lives in; SQL names tables as `<database>.<table>`. */
  readonly database: string;
  /** Inserts rows as one JSONEachRow batch; resolves once the store acknowledged the whole batch. */
  insert(table: string, rows: readonly Row[]): Promise<void>;
  /** Runs a SELECT and returns its rows (64-bit integers as numbers). */
  query<T extends Row = Row>(sql: string): Promise<T[]>;
  /** Runs a statement that returns nothing (DDL). */
  command(sql: string): Promise<void>;
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * `retriable`: the store could not take the request now (down, reset, timeout, too many parts); the
 * same request may succeed later. `content`: the store refused what was sent (a value that does not
 * parse or fit its column); sending it again fails again.
 */
export type StoreErrorKind = 'retriable' | 'content';

export class AnalyticsStoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    readonly code: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AnalyticsStoreError';
  }
}

// Server codes meaning "this data cannot go into this table", whatever the moment. Every other code,
// and every transport error, is treated as retriable: retrying a row forever is visible in the
// metrics, while dead-lettering a good row because of an unlisted code would hide it.
const CONTENT_CODES = new Set([
  6, // CANNOT_PARSE_TEXT
  16, // NO_SUCH_COLUMN_IN_TABLE
  26, // CANNOT_PARSE_QUOTED_STRING
  27, // CANNOT_PARSE_INPUT_ASSERTION_FAILED
  32, // ATTEMPT_TO_READ_AFTER_EOF
  38, // CANNOT_PARSE_DATE
  41, // CANNOT_PARSE_DATETIME
  53, // TYPE_MISMATCH
  69, // ARGUMENT_OUT_OF_BOUND
  70, // CANNOT_CONVERT_TYPE
  72, // CANNOT_PARSE_NUMBER
  117, // INCORRECT_DATA
  130, // CANNOT_READ_ARRAY_FROM_TEXT
  131, // TOO_LARGE_STRING_SIZE
  321, // VALUE_IS_OUT_OF_RANGE_OF_DATA_TYPE
  349, // CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN
  691, // UNKNOWN_ELEMENT_OF_ENUM
]);

/** Maps whatever a transport threw to an AnalyticsStoreError (the server's `Code: N` decides). */
export function classifyStoreError(err: unknown): AnalyticsStoreError {
  if (err instanceof AnalyticsStoreError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const m = /^Code: (\d+)/.exec(message.trimStart());
  const code = m ? Number(m[1]) : null;
  const kind: StoreErrorKind = code !== null && CONTENT_CODES.has(code) ? 'content' : 'retriable';
  return new AnalyticsStoreError(kind, code, firstLine(message), { cause: err });
}

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.length > 500 ? `${line.slice(0, 500)}...` : line;
}

/** One JSONEachRow payload: a JSON object per line. */
export function jsonEachRow(rows: readonly Row[]): string {
  let out = '';
  for (const r of rows) out += `${JSON.stringify(r)}\n`;
  return out;
}

export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split('\n')) if (line !== '') rows.push(JSON.parse(line) as T);
  return rows;
}
