// One LISTEN connection per process, shared by every cache that PostgreSQL notifications invalidate.
// It is a connection of its own, outside the pool, so it never takes a pooled connection from queries.
// An idle connection whose peer vanished (a network cut) would never notice: it is pinged, each ping
// bounded, and replaced when a ping gets no answer in time (docs/deployment.md, "A database cut off by
// the network").
import pg from 'pg';
import { clientOptions, type SqlTimeouts } from './sql.js';

/** How often the connection is pinged, and how long a ping may take without a query timeout set. */
const PING_MS = 5000;

type Handler = (payload: string) => void;

export class Notifications {
  private readonly handlers = new Map<string, Handler[]>();
  private client: pg.Client | undefined;
  private stopped = false;
  /** Called when the connection drops: notifications may have been missed, so caches must clear. */
  private readonly onGap: Array<() => void> = [];

  constructor(
    private readonly connectionString: string,
    private readonly timeouts?: Partial<SqlTimeouts>,
  ) {}

  on(channel: string, handler: Handler, onGap?: () => void): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
    if (onGap) this.onGap.push(onGap);
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client(clientOptions(this.connectionString, this.timeouts));
    this.client = client;
    client.on('notification', (msg) => {
      for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      this.reconnect(client);
      return;
    }
    this.watch(client);
  }

  /** Pings `client` while it is the connection; one that fails or gets no answer in time is replaced. */
  private watch(client: pg.Client): void {
    const timeout = this.timeouts?.queryTimeoutMs || PING_MS;
    let pinging = false;
    const timer = setInterval(() => {
      if (this.client !== client) {
        clearInterval(timer);
        return;
      }
      if (pinging) return;
      pinging = true;
      client
        .query({ text: 'SELECT 1', query_timeout: timeout } as pg.QueryConfig)
        .then(
          () => undefined,
          () => this.reconnect(client),
        )
        .finally(() => (pinging = false));
    }, PING_MS);
    timer.unref();
  }

  private reconnect(client: pg.Client): void {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    client.end().catch(() => {});
    for (const gap of this.onGap) gap();
    setTimeout(() => void this.start(), 1000).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
