// Entity creations gathered into shared statements (group commit). PostgreSQL spends most of a one-row
// insert on the statement and the commit, not the row: on two cores, 16 clients sending the entity
// insert one row at a time committed about 6,500 rows/s, the same insert of 8 rows per statement about
// 22,000 (docs/plugins.md, "Entity creations share statements"). So one insert statement per plugin is
// in flight at a time, and the creations that arrive meanwhile go together in the next one. A creation
// that finds no statement in flight goes at once: no timer, nothing added to a lone request's latency.
// Each caller still gets its answer only after its own row has committed; the next statement is sent
// before the callers of the last one are answered.
import type { Sql } from '../db/sql.js';
import { uuidv7 } from '../graph/ids.js';
import {
  insertEntities,
  insertEntity,
  type CreatedEntity,
  type EntityRow,
  type PluginHead,
} from './store.js';

/** Rows in one statement, and (roughly) bytes of their documents: a batch stays an ordinary statement. */
const MAX_ROWS = 64;
const MAX_BYTES = 1024 * 1024;

interface Pending extends EntityRow {
  /** The stored document as JSON text (document-codec.ts, storedJson). */
  json: string;
  resolve(node: CreatedEntity | undefined): void;
  reject(err: unknown): void;
}

/** One plugin's creations waiting for its statement in flight to end. */
interface Queue {
  rows: Pending[];
  running: boolean;
}

export interface EntityInserter {
  /**
   * Inserts one entity, its stored document given as JSON text, while the plugin is at
   * `head.revision` (as insertEntity): the stored row without its document, or undefined when the
   * plugin moved on (the caller validates again against the new revision).
   */
  insert(head: PluginHead, storage: string, json: string): Promise<CreatedEntity | undefined>;
}

/**
 * One insert statement in flight per plugin (its rows lock the plugin's row: an upgrade holding it
 * delays that plugin's creations alone, as it would without batching).
 */
export function entityInserter(sql: Sql): EntityInserter {
  const queues = new Map<string, Queue>();

  /** The next batch: the oldest waiting rows, up to MAX_ROWS and about MAX_BYTES of documents. */
  function take(queue: Pending[]): Pending[] {
    const batch = queue.splice(0, MAX_ROWS);
    if (batch.length === 1) return batch;
    let bytes = 0;
    for (let i = 0; i < batch.length; i++) {
      const row = batch[i]!;
      bytes += row.json.length;
      if (bytes > MAX_BYTES && i > 0) {
        queue.unshift(...batch.splice(i));
        break;
      }
    }
    return batch;
  }

  /**
   * Runs a batch's statement and returns how to answer its callers, which pump does once the next
   * batch is on its way: answering 25 callers (their responses serialized and written) keeps the event
   * loop about half a millisecond, during which PostgreSQL would otherwise wait for its next statement.
   */
  async function store(plugin: string, batch: Pending[]): Promise<() => void> {
    if (batch.length > 1) {
      try {
        const stored = await insertEntities(sql, plugin, batch, `[${batch.map((r) => r.json).join(',')}]`);
        const byId = new Map(stored.map((n) => [n.id, n]));
        return () => {
          for (const row of batch) row.resolve(byId.get(row.id));
        };
      } catch {
        // One row PostgreSQL refuses fails the whole statement, and none of it is stored: every row goes
        // again on its own, so each caller gets the answer (or the error) its own row gets.
      }
    }
    // One row alone: the statement a creation ran before batching.
    const results = await Promise.allSettled(
      batch.map((row) => insertEntity(sql, row.head, row.storage, row.json, row.id)),
    );
    return () =>
      results.forEach((r, i) =>
        r.status === 'fulfilled' ? batch[i]!.resolve(r.value) : batch[i]!.reject(r.reason),
      );
  }

  function pump(plugin: string, queue: Queue): void {
    if (queue.running) return;
    if (queue.rows.length === 0) {
      queues.delete(plugin);
      return;
    }
    queue.running = true;
    const batch = take(queue.rows);
    void store(plugin, batch)
      .catch((err: unknown) => () => batch.forEach((row) => row.reject(err)))
      .then((answer) => {
        queue.running = false;
        pump(plugin, queue);
        answer();
      });
  }

  return {
    insert(head, storage, json) {
      return new Promise((resolve, reject) => {
        let queue = queues.get(head.id);
        if (!queue) queues.set(head.id, (queue = { rows: [], running: false }));
        queue.rows.push({ id: uuidv7(), head, storage, json, resolve, reject });
        pump(head.id, queue);
      });
    },
  };
}
