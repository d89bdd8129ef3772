// The property graph on PostgreSQL: nodes, unique keys and edges. Typed repositories build on this.
import type { Queryable } from '../db/sql.js';
import { PgCode, pgCode } from '../db/sql.js';
import { afterId, keysetPage } from '../db/keyset.js';
import { uuidv7 } from './ids.js';

export type Props = Record<string, unknown>;

export interface GraphNode<P extends Props = Props> {
  id: string;
  label: string;
  props: P;
  created_at: Date;
  updated_at: Date;
}

/**
 * A node as text, for a reader that sends it on: its document as PostgreSQL's JSON text of the jsonb
 * (unparsed) and its times as ISO 8601 text in UTC to the millisecond, what `Date.toISOString` writes
 * of the same value (both truncate the microseconds).
 */
export interface GraphNodeText {
  id: string;
  label: string;
  props: string;
  created_at: string;
  updated_at: string;
}

const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** The columns of a GraphNodeText, of `graph_nodes n` (the bench's raw baseline reads them too). */
export const NODE_TEXT_COLS =
  `n.id, n.label, n.props::text AS props, ${isoText('n.created_at')} AS created_at, ` +
  `${isoText('n.updated_at')} AS updated_at`;

export interface GraphEdge<P extends Props = Props> {
  src: string;
  label: string;
  dst: string;
  props: P;
  created_at: Date;
}

/**
 * A unique key: `namespace` names the rule (`User.email`), `key` the value (scoped values carry their
 * scope). `taken` is how a conflict on it reads to a caller ("environment prod already exists"): the
 * KeyConflictError carries it to the one mapper of errors, which answers 409 with it.
 */
export interface UniqueKey {
  namespace: string;
  key: string;
  taken?: string;
}

/** Raised when a write would break a uniqueness rule; `namespace` says which, `taken` in words. */
export class KeyConflictError extends Error {
  constructor(
    readonly namespace: string,
    readonly taken?: string,
  ) {
    super(`unique key conflict in ${namespace}`);
    this.name = 'KeyConflictError';
  }
}

function translate(err: unknown, keys: readonly UniqueKey[] = []): never {
  if (pgCode(err) === PgCode.uniqueViolation) {
    const detail = String((err as { detail?: unknown }).detail ?? '');
    const namespace = /\(namespace, key\)=\(([^,]+),/.exec(detail)?.[1] ?? 'unknown';
    throw new KeyConflictError(namespace, keys.find((k) => k.namespace === namespace)?.taken);
  }
  throw err;
}

const NODE_COLS = 'id, label, props, created_at, updated_at';

export async function createNode<P extends Props>(
  q: Queryable,
  label: string,
  props: P,
  keys: UniqueKey[] = [],
): Promise<GraphNode<P>> {
  const id = uuidv7();
  try {
    const rows = await q.query<GraphNode<P> & Props>(
      `WITH n AS (
         INSERT INTO graph_nodes (id, label, props) VALUES ($1, $2, $3) RETURNING ${NODE_COLS}
       ), k AS (
         INSERT INTO graph_keys (namespace, key, node_id)
         SELECT ns, k, $1 FROM unnest($4::text[], $5::text[]) AS t(ns, k)
       )
       SELECT * FROM n`,
      [id, label, props, keys.map((k) => k.namespace), keys.map((k) => k.key)],
    );
    return rows[0]!;
  } catch (err) {
    return translate(err, keys);
  }
}

// The statements of the hottest reads, built once: a statement's text is the key of its prepared
// name (src/db/sql.ts), and a text built anew on each call is hashed anew (0.6 µs a call).
const GET_NODE = `SELECT ${NODE_COLS} FROM graph_nodes WHERE id = $1 AND label = $2`;
/** getNodeText's statement (the bench's raw baseline runs it too). */
export const GET_NODE_TEXT = `SELECT ${NODE_TEXT_COLS} FROM graph_nodes n WHERE n.id = $1 AND n.label = $2`;

export async function getNode<P extends Props>(
  q: Queryable,
  id: string,
  label: string,
): Promise<GraphNode<P> | undefined> {
  return q.one<GraphNode<P> & Props>(GET_NODE, [id, label]);
}

/** getNode with the document as JSON text (GraphNodeText). */
export async function getNodeText(
  q: Queryable,
  id: string,
  label: string,
): Promise<GraphNodeText | undefined> {
  return q.one<GraphNodeText & Props>(GET_NODE_TEXT, [id, label]);
}

export async function nodeByKey<P extends Props>(
  q: Queryable,
  namespace: string,
  key: string,
): Promise<GraphNode<P> | undefined> {
  return q.one<GraphNode<P> & Props>(
    `SELECT n.id, n.label, n.props, n.created_at, n.updated_at
       FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
      WHERE k.namespace = $1 AND k.key = $2`,
    [namespace, key],
  );
}

/** Shallow-merges `patch` into the node's props (a `null` value is stored as null). */
export async function updateNode<P extends Props>(
  q: Queryable,
  id: string,
  patch: Partial<P>,
): Promise<GraphNode<P> | undefined> {
  return q.one<GraphNode<P> & Props>(
    `UPDATE graph_nodes SET props = props || $2::jsonb, updated_at = now() WHERE id = $1 RETURNING ${NODE_COLS}`,
    [id, patch],
  );
}

/** The node, its row locked until the transaction ends: the read of a read-modify-write of its props. */
export async function lockNode<P extends Props>(
  q: Queryable,
  id: string,
  mode: 'FOR UPDATE' | 'FOR SHARE' = 'FOR UPDATE',
): Promise<GraphNode<P> | undefined> {
  return q.one<GraphNode<P> & Props>(`SELECT ${NODE_COLS} FROM graph_nodes WHERE id = $1 ${mode}`, [id]);
}

/**
 * updateNode for a node the caller found earlier in its transaction without locking it: a delete that
 * committed meanwhile is a NodeGoneError (answered 409 concurrent_change), not a missing result.
 */
export async function updateExisting<P extends Props>(
  q: Queryable,
  id: string,
  patch: Partial<P>,
): Promise<GraphNode<P>> {
  const updated = await updateNode<P>(q, id, patch);
  if (!updated) throw new NodeGoneError();
  return updated;
}

/** Replaces all props (used where a schema validated the whole new document). */
export async function replaceProps<P extends Props>(
  q: Queryable,
  id: string,
  props: P,
): Promise<GraphNode<P> | undefined> {
  return q.one<GraphNode<P> & Props>(
    `UPDATE graph_nodes SET props = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING ${NODE_COLS}`,
    [id, props],
  );
}

/**
 * The node's other keys in the namespace ($1 namespace, $2 node, $3 the key kept), read along
 * graph_keys_node and deleted by primary key. With the conditions on the deleted rows, the generic plan
 * cached on a just-installed database ANDed graph_keys_node with graph_keys_pkey on the namespace alone:
 * a walk of every key of the namespace. A key's node_id never changes (changeKey's upsert only
 * rewrites the same node_id), so this deletes the same rows.
 */
export const DROP_OTHER_KEYS = `DELETE FROM graph_keys g
  USING (SELECT namespace, key FROM graph_keys WHERE node_id = $2 OFFSET 0) k
  WHERE g.namespace = k.namespace AND g.key = k.key AND k.namespace = $1 AND k.key <> $3`;

/**
 * Moves a unique key to a new value (a rename). Throws KeyConflictError when the new value is taken,
 * carrying `taken` (how that reads to a caller).
 */
export async function changeKey(
  q: Queryable,
  nodeId: string,
  namespace: string,
  key: string,
  taken?: string,
): Promise<void> {
  try {
    await q.query(
      `INSERT INTO graph_keys (namespace, key, node_id) VALUES ($1, $2, $3)
       ON CONFLICT (namespace, key) DO UPDATE SET node_id = EXCLUDED.node_id WHERE graph_keys.node_id = EXCLUDED.node_id`,
      [namespace, key, nodeId],
    );
    const owner = await q.one<{ node_id: string }>(
      'SELECT node_id FROM graph_keys WHERE namespace = $1 AND key = $2',
      [namespace, key],
    );
    if (owner?.node_id !== nodeId) throw new KeyConflictError(namespace, taken);
    await q.query(DROP_OTHER_KEYS, [namespace, nodeId, key]);
  } catch (err) {
    if (err instanceof KeyConflictError) throw err;
    translate(err, [{ namespace, key, ...(taken === undefined ? {} : { taken }) }]);
  }
}

/** Deletes a node; its keys and edges go with it. */
export async function deleteNode(q: Queryable, id: string, label: string): Promise<boolean> {
  const rows = await q.query('DELETE FROM graph_nodes WHERE id = $1 AND label = $2 RETURNING id', [
    id,
    label,
  ]);
  return rows.length > 0;
}

/** Raised when a write names a node that no longer exists (deleted by a concurrent request). */
export class NodeGoneError extends Error {
  constructor() {
    super('a node this write refers to was deleted meanwhile');
    this.name = 'NodeGoneError';
  }
}

/** Creates the edge, or updates its props when it exists. Returns true when it was created. */
export async function putEdge(
  q: Queryable,
  src: string,
  label: string,
  dst: string,
  props: Props = {},
): Promise<boolean> {
  try {
    const row = await q.one<{ created: boolean }>(
      `INSERT INTO graph_edges (src, label, dst, props) VALUES ($1, $2, $3, $4)
       ON CONFLICT (src, label, dst) DO UPDATE SET props = EXCLUDED.props
       RETURNING (xmax = 0) AS created`,
      [src, label, dst, props],
    );
    return row?.created ?? false;
  } catch (err) {
    if (pgCode(err) === PgCode.foreignKeyViolation) throw new NodeGoneError();
    throw err;
  }
}

export async function removeEdge(q: Queryable, src: string, label: string, dst: string): Promise<boolean> {
  const rows = await q.query(
    'DELETE FROM graph_edges WHERE src = $1 AND label = $2 AND dst = $3 RETURNING src',
    [src, label, dst],
  );
  return rows.length > 0;
}

export async function getEdge<P extends Props>(
  q: Queryable,
  src: string,
  label: string,
  dst: string,
): Promise<GraphEdge<P> | undefined> {
  return q.one<GraphEdge<P> & Props>(
    'SELECT src, label, dst, props, created_at FROM graph_edges WHERE src = $1 AND label = $2 AND dst = $3',
    [src, label, dst],
  );
}

// Each neighbour is read by its key (OFFSET 0 keeps the lookup per edge): on statistics of a small
// graph, the cached plan of a join merged the edges with a walk of every node in id order.
const NEIGHBORS = {
  out: `SELECT n.id, n.label, n.props, n.created_at, n.updated_at
          FROM graph_edges e
         CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = e.dst OFFSET 0) n
         WHERE e.src = $1 AND e.label = $2 AND ($3::text IS NULL OR n.label = $3)
         ORDER BY n.id`,
  in: `SELECT n.id, n.label, n.props, n.created_at, n.updated_at
         FROM graph_edges e
        CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = e.src OFFSET 0) n
        WHERE e.dst = $1 AND e.label = $2 AND ($3::text IS NULL OR n.label = $3)
        ORDER BY n.id`,
};

function neighbors<P extends Props>(direction: keyof typeof NEIGHBORS) {
  return (q: Queryable, nodeId: string, edge: string, label?: string): Promise<GraphNode<P>[]> =>
    q.query<GraphNode<P> & Props>(NEIGHBORS[direction], [nodeId, edge, label ?? null]);
}

/** The nodes that `src` points to with `edge` (optionally only those with `label`). */
export const outNeighbors = <P extends Props>(q: Queryable, src: string, edge: string, label?: string) =>
  neighbors<P>('out')(q, src, edge, label);

/** The nodes that point to `dst` with `edge` (optionally only those with `label`). */
export const inNeighbors = <P extends Props>(q: Queryable, dst: string, edge: string, label?: string) =>
  neighbors<P>('in')(q, dst, edge, label);

export interface ListQuery {
  label: string;
  /** Keyset cursor: only nodes with a greater id. */
  after?: string | undefined;
  limit: number;
  /** Only nodes of this organization (their `organization_id` prop, indexed with label and id). */
  organization?: string | undefined;
  /**
   * Only nodes on which `userId` holds a CAN_ACCESS edge carrying `action`. The page is read along the
   * user's edges in id order, so its cost follows the page, not the number of grants.
   */
  acl?: { userId: string; action: string } | undefined;
  /** Case-insensitive substring match on any of these top-level string props. */
  search?: { fields: string[]; text: string } | undefined;
}

/** A page of results; `next` is the id to continue after when more exist. */
export interface ListResult<T> {
  items: T[];
  next: string | undefined;
}

/**
 * One page of nodes by id order: at most `limit` nodes, and where the next page starts. Every
 * combination of filters is its own static statement bounded by an index (`graph_nodes_label_id`,
 * `graph_nodes_org_label_id` or the CAN_ACCESS edges' primary key), whatever plan PostgreSQL caches.
 * A search filters rows on that index walk: its cost grows with the rows it skips.
 */
export function listNodes<P extends Props>(
  q: Queryable,
  query: ListQuery,
): Promise<ListResult<GraphNode<P>>> {
  return nodePage<GraphNode<P>>(q, query, 'n.id, n.label, n.props, n.created_at, n.updated_at');
}

/** listNodes with each document as JSON text (GraphNodeText). */
export function listNodeTexts(q: Queryable, query: ListQuery): Promise<ListResult<GraphNodeText>> {
  return nodePage<GraphNodeText>(q, query, NODE_TEXT_COLS);
}

async function nodePage<T extends { id: string }>(
  q: Queryable,
  query: ListQuery,
  cols: string,
): Promise<ListResult<T>> {
  const params: unknown[] = [query.label];
  const where: string[] = ['n.label = $1'];
  if (query.organization !== undefined) {
    params.push(query.organization);
    where.push(`n.props->>'organization_id' = $${params.length}`);
  }
  if (query.search && query.search.fields.length > 0) {
    params.push(query.search.fields, `%${query.search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const f = params.length - 1;
    where.push(`EXISTS (SELECT 1 FROM unnest($${f}::text[]) AS fld WHERE n.props->>fld ILIKE $${f + 1})`);
  }
  if (query.acl) {
    params.push(query.acl.userId, query.acl.action);
    const u = params.length - 1;
    return keysetPage<T & Props>(
      q,
      { limit: query.limit, after: query.after === undefined ? undefined : [query.after] },
      params,
      // OFFSET 0 keeps the node lookup per edge (by primary key): a plan costed on stale statistics
      // otherwise walked every project of the organization for each page.
      (s) => `SELECT ${cols} FROM graph_edges a
                CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = a.dst OFFSET 0) n
               WHERE a.src = $${u}::uuid AND a.label = 'CAN_ACCESS' ${afterId(s, 'a.dst')}
                 AND a.props->'actions' ? $${u + 1} AND ${where.join(' AND ')}
               ORDER BY a.dst LIMIT ${s.limit}`,
      (r) => r.id,
    );
  }
  return keysetPage<T & Props>(
    q,
    { limit: query.limit, after: query.after === undefined ? undefined : [query.after] },
    params,
    (s) => `SELECT ${cols} FROM graph_nodes n
             WHERE ${where.join(' AND ')} ${afterId(s, 'n.id')} ORDER BY n.id LIMIT ${s.limit}`,
    (r) => r.id,
  );
}
