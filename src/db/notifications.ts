// One LISTEN connection per process, shared by every cache that PostgreSQL notifications invalidate.
import type pg from 'pg';
import type { Sql } from './sql.js';

type Handler = (payload: string) => void;

export class Notifications {
  private readonly handlers = new Map<string, Handler[]>();
  private client: pg.PoolClient | undefined;
  private stopped = false;
  /** Called when the connection drops: notifications may have been missed, so caches must clear. */
  private readonly onGap: Array<() => void> = [];

  constructor(private readonly sql: Sql) {}

  on(channel: string, handler: Handler, onGap?: () => void): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
    if (onGap) this.onGap.push(onGap);
  }

  async start(): Promise<void> {
    if (this.stopped) return;
    try {
      const client = await this.sql.pool.connect();
      this.client = client;
      client.on('notification', (msg) => {
        for (const h of this.handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      client.on('error', () => this.reconnect(client));
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch {
      if (this.client) this.reconnect(this.client);
      else setTimeout(() => void this.start(), 1000).unref();
    }
  }

  private reconnect(client: pg.PoolClient): void {
    if (this.client !== client) return;
    client.release(true);
    this.client = undefined;
    for (const gap of this.onGap) gap();
    setTimeout(() => void this.start(), 1000).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query('UNLISTEN *').catch(() => {});
      client.release();
    }
  }
}
