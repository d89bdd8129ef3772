// How long a pooled connection's statement may wait for its answer (KEEL_DATABASE_QUERY_TIMEOUT_MS),
// kept by one watchdog per pool rather than by node-postgres's `query_timeout`.
//
// pg's query_timeout starts a timer for every query, whose closure holds the query (and through it the
// rows of its answer) and replaces its callback with another closure. Measured in `keel api` (node
// --trace-gc, a project list read afresh by 16 clients, 2026-11-29): with it on, every scavenge
// promoted about 5 MB to the old generation (7-9 ms each, a full collection every two seconds, 11% of
// the process's time in the collector); with it off, nothing was promoted (scavenges of 1 ms) and the
// list served 21% more requests. Which reference inside Node's timers kept the rows that long was not
// traced. The watchdog allocates nothing per query: every tick it looks at each connection's
// statement in flight, and fails one it has seen in flight for the whole bound (docs/architecture.md,
// "Garbage collection").
import type pg from 'pg';

/** What the watchdog reads and does on a connection: node-postgres's own fields. */
interface Connection {
  _getActiveQuery(): object | null | undefined;
  connection: { stream: { destroy(): void } };
  once(event: 'end', listener: () => void): unknown;
}

interface ActiveQuery {
  callback?: ((err: Error) => void) | undefined;
}

/** The message pg's own timeout fails a query with (src/db/unavailable.ts reads it as a 503). */
export const READ_TIMEOUT_MESSAGE = 'Query read timeout';

export class AnswerDeadline {
  private readonly connections = new Set<Connection>();
  /** When the watchdog first saw each statement in flight. */
  private readonly seen = new WeakMap<object, number>();
  private readonly timer: NodeJS.Timeout;
  /** How often it looks: a tenth of the bound, between 20 ms and 1 s. */
  readonly everyMs: number;

  constructor(readonly timeoutMs: number) {
    this.everyMs = Math.min(1000, Math.max(20, Math.floor(timeoutMs / 10)));
    this.timer = setInterval(() => this.check(Date.now()), this.everyMs).unref();
  }

  /** Watches a connection of the pool for as long as it is open. */
  watch(client: pg.Client): void {
    const c = client as unknown as Connection;
    this.connections.add(c);
    c.once('end', () => this.connections.delete(c));
  }

  /**
   * Fails each statement seen in flight for `timeoutMs` or more, as pg's timeout does (the caller gets
   * READ_TIMEOUT_MESSAGE), and closes its connection: a late answer must not reach anyone, and the
   * pool replaces the connection. A statement is failed between timeoutMs and timeoutMs plus two ticks
   * after it was sent.
   */
  check(now: number): void {
    for (const c of this.connections) {
      const query = c._getActiveQuery();
      if (!query) continue;
      const since = this.seen.get(query);
      if (since === undefined) this.seen.set(query, now);
      else if (now - since >= this.timeoutMs) this.expire(c, query as ActiveQuery);
    }
  }

  private expire(c: Connection, query: ActiveQuery): void {
    this.connections.delete(c);
    const callback = query.callback;
    query.callback = () => {};
    callback?.(new Error(READ_TIMEOUT_MESSAGE));
    c.connection.stream.destroy();
  }

  close(): void {
    clearInterval(this.timer);
  }
}
