// The one SQL layer: a pg pool, bound parameters only, transactions with retry on serialization failures.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { AnswerDeadline } from './answer-deadline.js';
import { installRowDecoding } from './row-decoding.js';
import { parseTimestamptz } from './timestamps.js';
import { databaseUnavailable } from './unavailable.js';

// int8 and numeric come back as strings by default; timestamps as Date. Keep both behaviours explicit.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, parseTimestamptz);
installRowDecoding();

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  one<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T | undefined>;
}

export interface Tx extends Queryable {
  /** Runs `fn` once the transaction has committed (cache invalidation, notifications to this process). */
  afterCommit(fn: () => void): void;
}

export interface Sql extends Queryable {
  tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Every statement is prepared once per connection under a name derived from its text: the SQL here is
 * static (parameters are always bound), so the set of names is bounded and parse/plan work is saved.
 * Statements without parameters are sent as simple queries (a migration's text holds several).
 *
 * The query is built from its text and values and named afterwards: given a config object, pg copies
 * it through its property descriptors on every query (1.8 µs a query, against 0.1 µs this way; pg
 * 8.23, utils.cloneQueryConfig; brianc/node-postgres#3743 would remove that copy).
 */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size < 5000) names.set(text, name);
  }
  return name;
}

type Done = (err: Error | undefined, result: pg.QueryResult) => void;

function statement(text: string, values: readonly unknown[] | undefined, done?: Done): pg.Query {
  const bound = values !== undefined && values.length > 0;
  const query = new pg.Query(text, bound ? (values as unknown[]) : undefined, done);
  if (bound) (query as pg.Query & { name: string }).name = nameOf(text);
  return query;
}

function queryable(run: (text: string, params?: readonly unknown[]) => Promise<pg.QueryResult>): Queryable {
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      return (await run(text, params)).rows as T[];
    },
    async one<T extends Row>(text: string, params?: readonly unknown[]) {
      return (await run(text, params)).rows[0] as T | undefined;
    },
  };
}

/** Statements on one connection (a transaction's), prepared and named as every statement here is. */
export function onConnection(client: pg.ClientBase): Queryable {
  return queryable(
    (text, params) =>
      new Promise((resolve, reject) => {
        client.query(statement(text, params, (err, res) => (err ? reject(err) : resolve(res))));
      }),
  );
}

/**
 * pg-pool listens for a client's errors only once it connected: a connection cut during its handshake
 * (a database restart, pg_terminate_backend) emits an error nobody hears, which crashes the process.
 * This client always has a listener; the error still reaches the connect or query that was waiting.
 */
class GuardedClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

/**
 * Work that must come before the first statement made on one pool in an async context (a request):
 * inside its first transaction, so that it commits or rolls back with the transaction's change; or,
 * for a statement outside any transaction, on its own just before it. src/idempotency takes the
 * Idempotency-Key this way. A transaction that rolls back gives the work back: the next statement runs
 * it again. `hook` is cleared once taken (and by its owner when done).
 *
 * In a transaction, the work's statement travels with BEGIN in one round trip (a simple query of two
 * statements, so its values are written as literals by `literal`, which quotes them for this
 * connection); `inTx` then gets its rows, inside the transaction. A statement sent that way is parsed
 * and planned on every call; with `prepared` (a `PREPARE name(types) AS ...` command), it is prepared
 * once per connection, before its first BEGIN, and `begin` sends `EXECUTE name(...)` (parsed in a few
 * microseconds: PostgreSQL keeps the plan).
 */
export interface FirstStatement {
  hook:
    | {
        prepared?: { name: string; command: string };
        begin(literal: (value: string) => string): string;
        inTx(tx: Tx, rows: Row[]): Promise<void>;
        alone(): Promise<void>;
        committed(): void;
        rolledBack(): void;
      }
    | undefined;
}
const firstStatements = new AsyncLocalStorage<{ sql: Sql; slot: FirstStatement }>();
/** The slots whose context is open: begun by withFirstStatement and not yet ended. */
const openSlots = new WeakSet<FirstStatement>();
let openCount = 0;

/** The statements each connection has prepared (PREPARE lasts as long as the session, whatever rolls back). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

async function ensurePrepared(client: pg.PoolClient, p: { name: string; command: string }): Promise<void> {
  let names = preparedOn.get(client);
  if (names?.has(p.name)) return;
  await client.query(p.command);
  if (!names) preparedOn.set(client, (names = new Set()));
  names.add(p.name);
}

/**
 * Runs `fn` (and everything it starts) with `slot`'s work due before the first statement on `sql`,
 * until endFirstStatement(slot).
 */
export function withFirstStatement<T>(sql: Sql, slot: FirstStatement, fn: () => T): T {
  if (!openSlots.has(slot)) {
    openSlots.add(slot);
    openCount++;
  }
  return firstStatements.run({ sql, slot }, fn);
}

/**
 * Ends `slot`'s context: its work, if not taken yet, is dropped. The context is carried by an
 * AsyncLocalStorage, which on Node 20 and 22 tracks every promise the process makes (async hooks)
 * from its first use on, for every request, those that never open a context included (2-11% more of
 * the server's CPU per GET, docs/api-conventions.md). So it is switched off whenever no context is
 * open, and on again by the next withFirstStatement (the two cost about 3 µs together on Node 20, paid
 * only by a keyed request that finds no other in flight). Node 24 carries it in the async context
 * frame, at no cost per promise.
 */
export function endFirstStatement(slot: FirstStatement): void {
  slot.hook = undefined;
  if (!openSlots.delete(slot)) return;
  if (--openCount === 0) firstStatements.disable();
}

/** How many first-statement contexts are open (for tests). */
export const openFirstStatements = (): number => openCount;

/**
 * How long a caller waits for a connection (a new one, or a free one when the pool is full) unless
 * told otherwise: past it the pool gives up with an error the API turns into a 503, where a database
 * cut off by the network would otherwise hold the request until the kernel gives up on the connection
 * (minutes).
 */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * Bounds of a pool's calls (settings.databaseTimeouts; docs/deployment.md, "A database cut off by the
 * network"). `statementTimeoutMs`: PostgreSQL cancels a statement that runs longer (its
 * statement_timeout). `queryTimeoutMs`: the client stops waiting for an answer, fails the call and
 * discards the connection, whose peer may have vanished: a statement sent before a network cut is
 * otherwise waited on until TCP gives up (15 minutes on Linux). A pool keeps it with a watchdog
 * (answer-deadline.ts) that fails the call up to a fifth of the bound late. `connectTimeoutMs`: as
 * CONNECT_TIMEOUT_MS. 0: no bound.
 */
export interface SqlTimeouts {
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  connectTimeoutMs: number;
}

/** TCP keepalive's first probe after this much silence on a connection. */
const KEEPALIVE_IDLE_MS = 10_000;

/** Options of a pg.Client with `timeouts` (for connections of their own, outside a pool). */
export function clientOptions(connectionString: string, timeouts?: Partial<SqlTimeouts>): pg.ClientConfig {
  return {
    connectionString,
    connectionTimeoutMillis: timeouts?.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // TCP keepalive, so a connection to a host that vanished is found dead instead of waited on.
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    ...(timeouts?.statementTimeoutMs ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
    ...(timeouts?.queryTimeoutMs ? { query_timeout: timeouts.queryTimeoutMs } : {}),
  };
}

/**
 * A pool of `max` connections. Without `timeouts`, calls wait for their answer however long it takes
 * (migrations, tests); the service's pool is bounded (src/app/boot.ts).
 */
export function createSql(connectionString: string, max = 10, timeouts?: SqlTimeouts): Sql {
  // The bound on waiting for an answer is kept by one watchdog for the pool (answer-deadline.ts), not by
  // pg's timer per query.
  const { query_timeout: _perQuery, ...options } = clientOptions(connectionString, timeouts);
  const deadline = timeouts?.queryTimeoutMs ? new AnswerDeadline(timeouts.queryTimeoutMs) : undefined;
  const pool = new pg.Pool({ ...options, max, idleTimeoutMillis: 30_000, Client: GuardedClient });
  if (deadline) pool.on('connect', (client) => deadline.watch(client));
  // An idle client that errors (server restart) must not crash the process; the pool drops it.
  pool.on('error', () => {});
  /** The work due before this pool's first statement in the current context, taken (once). */
  const takeFirst = () => {
    const scope = firstStatements.getStore();
    if (scope?.sql !== self || scope.slot.hook === undefined) return undefined;
    const hook = scope.slot.hook;
    scope.slot.hook = undefined;
    return { hook, slot: scope.slot };
  };
  // pg-pool answers a query object it runs for us with its own promise, and releases the client with
  // the query's error: a client whose call failed is discarded (a timed-out one's socket destroyed).
  const base = queryable(async (text, params) => {
    const first = takeFirst();
    if (first) await first.hook.alone();
    return pool.query(statement(text, params)) as unknown as Promise<pg.QueryResult>;
  });
  const self: Sql = {
    ...base,
    pool,
    async tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      const after: Array<() => void> = [];
      let first: ReturnType<typeof takeFirst>;
      /** Set when the connection must not go back to the pool (it broke, or its state is unknown). */
      let broken: Error | undefined;
      try {
        first = takeFirst();
        let firstRows: Row[] = [];
        if (first) {
          if (first.hook.prepared) await ensurePrepared(client, first.hook.prepared);
          const results = (await client.query(
            `BEGIN; ${first.hook.begin((value) => client.escapeLiteral(value))}`,
          )) as unknown as pg.QueryResult[];
          firstRows = results[1]?.rows ?? [];
        } else await client.query('BEGIN');
        const tx: Tx = { ...onConnection(client), afterCommit: (f) => void after.push(f) };
        if (first) await first.hook.inTx(tx, firstRows);
        const result = await fn(tx);
        await client.query('COMMIT');
        first?.hook.committed();
        for (const f of after) f();
        return result;
      } catch (err) {
        // A connection that timed out or broke still has its statement outstanding (or none at all): a
        // ROLLBACK would wait behind it, for the same timeout again. It is discarded instead, and the
        // server rolls the transaction back when the connection closes.
        if (databaseUnavailable(err)) broken = err as Error;
        else {
          await client.query('ROLLBACK').catch((rollbackErr: Error) => {
            broken = rollbackErr;
          });
        }
        if (first) {
          first.hook.rolledBack();
          first.slot.hook ??= first.hook;
        }
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => {
      deadline?.close();
      return pool.end();
    },
  };
  return self;
}

/** PostgreSQL error codes the services translate into API errors. */
export const PgCode = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  serializationFailure: '40001',
} as const;

export function pgCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : undefined;
}

/** SQL expression for the current time as an ISO-8601 UTC string, the format props store timestamps in. */
export const NOW_ISO = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
