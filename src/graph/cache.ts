// Read-through cache of hot lookups by unique key (organizations and projects by slug). A trigger on
// graph_nodes notifies every replica when a node of a cached label changes or goes; writers in this
// process also clear it on commit. Misses are never cached, so a new node is visible at once.
import type { Notifications } from '../db/notifications.js';
import type { Queryable, Tx } from '../db/sql.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { nodeByKey, type GraphNode, type Props } from './store.js';

export const GRAPH_CHANNEL = 'keel_graph_changed';
/** Labels whose changes the trigger announces (see the 0003 migration). */
export const CACHED_LABELS = ['Organization', 'Project'] as const;

export class GraphCache {
  private readonly nodes = new TtlCache<string, GraphNode>(5_000, 50_000);

  subscribe(notifications: Notifications): void {
    notifications.on(
      GRAPH_CHANNEL,
      () => this.nodes.clear(),
      () => this.nodes.clear(),
    );
  }

  /** Like nodeByKey, for reads outside transactions. */
  async nodeByKey<P extends Props>(
    q: Queryable,
    namespace: string,
    key: string,
  ): Promise<GraphNode<P> | undefined> {
    const node = await this.nodes.load(
      `${namespace}\u0000${key}`,
      async () => (await nodeByKey<P>(q, namespace, key)) as GraphNode | undefined as GraphNode,
      (n) => n !== undefined, // misses are never cached
    );
    return node as GraphNode<P> | undefined;
  }

  /** Call in a transaction that changes a cached node, so this process sees its own write at once. */
  invalidate(tx: Tx): void {
    tx.afterCommit(() => this.nodes.clear());
  }

  clear(): void {
    this.nodes.clear();
  }
}

export const graphCacheMigration = {
  id: '0003_graph_change_notifications',
  sql: `
    CREATE FUNCTION graph_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('${GRAPH_CHANNEL}', OLD.label);
      RETURN NULL;
    END $$;
    CREATE TRIGGER graph_nodes_changed AFTER UPDATE OR DELETE ON graph_nodes
      FOR EACH ROW WHEN (OLD.label IN (${CACHED_LABELS.map((l) => `'${l}'`).join(', ')}))
      EXECUTE FUNCTION graph_notify_change();
  `,
};
