// Errors that say the database cannot be reached right now (a restart, a partition, a full connection
// table), as opposed to errors of the statement itself. A request that fails with one may be retried
// later, so the API answers 503 with Retry-After instead of 500 (docs/deployment.md, "Faults").

/** SQLSTATEs of a server going away or refusing connections, and Node's socket errors. */
const CODES = new Set([
  '57P01', // admin_shutdown: a fast shutdown or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: the statement ran past statement_timeout (KEEL_DATABASE_STATEMENT_TIMEOUT_MS)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** What node-postgres and pg-pool throw when a connection breaks or cannot be had in time. */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/, // KEEL_DATABASE_QUERY_TIMEOUT_MS: no answer in time
  /^Client was closed and is not queryable$/,
];

export function databaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = 'code' in err ? String((err as { code: unknown }).code) : '';
  if (CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
  const message = err instanceof Error ? err.message : '';
  return MESSAGES.some((m) => m.test(message));
}
