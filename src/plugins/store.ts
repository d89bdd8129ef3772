// SQL of the plugins domain. Plugins are `Plugin` nodes keyed `Plugin.slug`; their entities and edges
// live under namespaced graph labels (manifest.ts, storageLabel). No authorization here.
import type { Queryable } from '../db/sql.js';
import {
  createNode,
  nodeByKey,
  NODE_TEXT_COLS,
  type GraphNode,
  type GraphNodeText,
  type Props,
} from '../graph/store.js';
import { uuidv7 } from '../graph/ids.js';
import { permissionKey } from '../authz/index.js';
import type { ManifestProps } from './manifest-text.js';

/** The manifest members (manifest-text.ts): the manifest as installed, optional fields filled. */
export interface PluginProps extends ManifestProps {
  slug: string;
  name: string;
  version: string;
  /** Grows by one on every change of the manifest; writes check it (see insertEntity). */
  revision: number;
  installed_by: string;
  updated_by: string;
  [k: string]: unknown;
}

export type PluginNode = GraphNode<PluginProps>;

/** What a write needs to know about a plugin: which node, at which revision. */
export interface PluginHead {
  id: string;
  revision: number;
}

export const pluginKey = (slug: string) => ({ namespace: 'Plugin.slug', key: slug });
/** Labels are unique across plugins, case-insensitively: one key row per declared label. */
export const LABEL_NAMESPACE = 'PluginLabel.name';

export async function findPluginHead(q: Queryable, slug: string): Promise<PluginHead | undefined> {
  return q.one<{ id: string; revision: number }>(
    `SELECT n.id, (n.props->>'revision')::int AS revision
       FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
      WHERE k.namespace = 'Plugin.slug' AND k.key = $1`,
    [slug],
  );
}

export const findPlugin = (q: Queryable, slug: string) => nodeByKey<PluginProps>(q, 'Plugin.slug', slug);

export async function pluginById(q: Queryable, id: string): Promise<PluginNode | undefined> {
  return q.one<PluginNode & Props>(
    `SELECT id, label, props, created_at, updated_at FROM graph_nodes WHERE id = $1 AND label = 'Plugin'`,
    [id],
  );
}

/** The plugin row, locked against concurrent writes of its entities and edges until the transaction ends. */
export async function lockPlugin(q: Queryable, slug: string): Promise<PluginNode | undefined> {
  return q.one<PluginNode & Props>(
    `SELECT n.id, n.label, n.props, n.created_at, n.updated_at
       FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
      WHERE k.namespace = 'Plugin.slug' AND k.key = $1
        FOR UPDATE OF n`,
    [slug],
  );
}

/**
 * Claims the labels for the plugin (and releases the ones it no longer declares). Returns the labels
 * another plugin already holds, with that plugin's slug.
 */
export async function claimLabels(
  q: Queryable,
  pluginId: string,
  labels: readonly string[],
): Promise<{ label: string; owner: string }[]> {
  const keys = labels.map((l) => l.toLowerCase());
  await q.query(
    `DELETE FROM graph_keys WHERE namespace = $1 AND node_id = $2 AND NOT (key = ANY($3::text[]))`,
    [LABEL_NAMESPACE, pluginId, keys],
  );
  await q.query(
    `INSERT INTO graph_keys (namespace, key, node_id)
     SELECT $1, k, $2 FROM unnest($3::text[]) AS k
     ON CONFLICT (namespace, key) DO NOTHING`,
    [LABEL_NAMESPACE, pluginId, keys],
  );
  const taken = await q.query<{ key: string; owner: string }>(
    `SELECT k.key, p.props->>'slug' AS owner FROM graph_keys k JOIN graph_nodes p ON p.id = k.node_id
      WHERE k.namespace = $1 AND k.key = ANY($2::text[]) AND k.node_id <> $3`,
    [LABEL_NAMESPACE, keys, pluginId],
  );
  const owners = new Map(taken.map((t) => [t.key, t.owner]));
  return labels
    .filter((l) => owners.has(l.toLowerCase()))
    .map((l) => ({ label: l, owner: owners.get(l.toLowerCase())! }));
}

/** Which of these labels first-class nodes already carry (labels other domains have started using). */
export async function labelsInUse(q: Queryable, labels: readonly string[]): Promise<string[]> {
  const rows = await q.query<{ label: string }>(
    `SELECT l AS label FROM unnest($1::text[]) AS l
      WHERE EXISTS (SELECT 1 FROM graph_nodes n WHERE n.label = l)`,
    [labels],
  );
  return rows.map((r) => r.label);
}

export async function createPermissions(
  q: Queryable,
  defs: readonly { name: string; description: string }[],
): Promise<void> {
  for (const def of defs) {
    if (await nodeByKey(q, 'Permission.name', def.name)) continue;
    await createNode(q, 'Permission', { name: def.name, description: def.description }, [
      permissionKey(def.name),
    ]);
  }
}

/** Deletes permission nodes; role grants of them go with them. */
export async function deletePermissions(q: Queryable, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await q.query(
    `DELETE FROM graph_nodes WHERE label = 'Permission'
        AND id IN (SELECT node_id FROM graph_keys WHERE namespace = 'Permission.name' AND key = ANY($1::text[]))`,
    [names],
  );
}

export async function countNodes(q: Queryable, storage: string): Promise<number> {
  const row = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM graph_nodes WHERE label = $1', [
    storage,
  ]);
  return row?.n ?? 0;
}

export async function countEdges(q: Queryable, storage: string): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM graph_edges WHERE label = $1 AND starts_with(label, 'plugin:')`,
    [storage],
  );
  return row?.n ?? 0;
}

/** One batch of a label's nodes by id, for checking stored data against a new schema. */
export async function scanNodes(
  q: Queryable,
  storage: string,
  after: string | null,
  limit: number,
): Promise<{ id: string; props: Props }[]> {
  return after === null
    ? q.query<{ id: string; props: Props }>(
        `SELECT id, props FROM graph_nodes WHERE label = $1 ORDER BY id LIMIT $2`,
        [storage, limit],
      )
    : q.query<{ id: string; props: Props }>(
        `SELECT id, props FROM graph_nodes WHERE label = $1 AND id > $3::uuid ORDER BY id LIMIT $2`,
        [storage, limit, after],
      );
}

export interface StoredEdge {
  src: string;
  dst: string;
  src_label: string;
  dst_label: string;
  props: Props;
  created_at: Date;
}

/** A listed edge: with the names of its first-class ends (null for a plugin entity). */
export interface ListedEdge extends StoredEdge {
  src_name: string | null;
  dst_name: string | null;
}

/** The name of a first-class node (an Environment, Project, Team or Organization); null for another. */
const firstClassName = (n: string) =>
  `CASE WHEN ${n}.label IN ('Environment', 'Project', 'Team', 'Organization') THEN ${n}.props->>'name' END`;

/**
 * One batch of a label's edges in (src, dst) order, with the labels of both ends. Each filter has its
 * own statement and index: the label's edges (`graph_edges_plugin_label`), one source's (the primary
 * key) or one target's (`graph_edges_dst`); the cursor is a bound of that index on later pages.
 */
export async function scanEdges(
  q: Queryable,
  storage: string,
  after: { src: string; dst: string } | null,
  limit: number,
  filter: { src?: string | undefined; dst?: string | undefined } = {},
  projectAclUser: string | null = null,
): Promise<ListedEdge[]> {
  const params: unknown[] = [storage, limit];
  const where = ['e.label = $1', "starts_with(e.label, 'plugin:')"];
  if (projectAclUser !== null) {
    const user = `$${params.push(projectAclUser)}::uuid`;
    for (const n of ['s', 'd'])
      where.push(`(${n}.label <> 'Project' OR ${readableProject(user, `${n}.id`)})`);
  }
  if (filter.src !== undefined) {
    params.push(filter.src);
    where.push(`e.src = $${params.length}::uuid`);
  }
  if (filter.dst !== undefined) {
    params.push(filter.dst);
    where.push(`e.dst = $${params.length}::uuid`);
  }
  if (after) {
    params.push(after.src, after.dst);
    where.push(`(e.src, e.dst) > ($${params.length - 1}::uuid, $${params.length}::uuid)`);
  }
  return q.query<ListedEdge & Props>(
    `SELECT e.src, e.dst, s.label AS src_label, d.label AS dst_label, e.props, e.created_at,
            ${firstClassName('s')} AS src_name, ${firstClassName('d')} AS dst_name
       FROM graph_edges e JOIN graph_nodes s ON s.id = e.src JOIN graph_nodes d ON d.id = e.dst
      WHERE ${where.join(' AND ')}
      ORDER BY e.src, e.dst LIMIT $2`,
    params,
  );
}

/** Deletes every node and edge under these labels (uninstall with purge). Edges of deleted nodes cascade. */
export async function purgeLabels(q: Queryable, nodeLabels: string[], edgeLabels: string[]): Promise<void> {
  await q.query(`DELETE FROM graph_edges WHERE label = ANY($1::text[]) AND starts_with(label, 'plugin:')`, [
    edgeLabels,
  ]);
  await q.query('DELETE FROM graph_nodes WHERE label = ANY($1::text[])', [nodeLabels]);
}

/**
 * What an entity insert returns: everything but the document, which the caller has (reading it back
 * would have PostgreSQL render the jsonb and Node parse it again).
 */
const CREATED_COLS = 'id, label, created_at, updated_at';

/** A new entity's row, without its document. */
export type CreatedEntity = Omit<GraphNode, 'props'>;

/**
 * Inserts an entity only while the plugin is still at the revision whose schema validated it. The
 * KEY SHARE lock on the plugin row makes an upgrade (which locks it FOR UPDATE and then checks the
 * stored entities) wait for this insert, or this insert wait for the upgrade and then find the
 * revision changed: undefined, and the caller validates again against the new schema.
 */
export async function insertEntity(
  q: Queryable,
  head: PluginHead,
  storage: string,
  /** The stored document, as JSON text. */
  document: string,
  id = uuidv7(),
): Promise<CreatedEntity | undefined> {
  return q.one<CreatedEntity & Props>(
    `INSERT INTO graph_nodes (id, label, props)
     SELECT $1, $2, $3 FROM graph_nodes p
      WHERE p.id = $4 AND (p.props->>'revision')::int = $5
        FOR KEY SHARE OF p
     RETURNING ${CREATED_COLS}`,
    [id, storage, document, head.id, head.revision],
  );
}

/** One row of insertEntities: a new entity, and the plugin head whose schema validated it. */
export interface EntityRow {
  /** The new entity's id (uuidv7). */
  id: string;
  head: PluginHead;
  storage: string;
}

/**
 * Several entities of the plugin whose id is `plugin` (every row's head.id) in one statement
 * (entity-inserts.ts), each under the same condition and lock as insertEntity: a row whose plugin is
 * no longer at its revision is not inserted, and is missing from what this returns. `documents` is
 * the JSON array of the rows' stored documents, in the rows' order.
 *
 * The plugin row is read once, by its key, and joined to the rows by revision. Joined to the rows
 * directly, its generic plan (cached after five executions, test/support/plans.ts) hashed a scan of
 * the whole of graph_nodes when the statement was first run on a small table, and then every batch
 * read every entity stored since: 2 ms a batch of 25 rows after 5,000 rows, 5 ms after 20,000.
 */
export const INSERT_ENTITIES = `
  WITH p AS (SELECT (props->>'revision')::int AS revision FROM graph_nodes WHERE id = $1 FOR KEY SHARE)
  INSERT INTO graph_nodes (id, label, props)
  SELECT r.id, r.label, d.props
    FROM unnest($2::uuid[], $3::text[], $4::int[]) WITH ORDINALITY AS r(id, label, revision, i)
    JOIN jsonb_array_elements($5::jsonb) WITH ORDINALITY AS d(props, i) USING (i)
    JOIN p USING (revision)
  RETURNING ${CREATED_COLS}`;

export async function insertEntities(
  q: Queryable,
  plugin: string,
  rows: readonly EntityRow[],
  documents: string,
): Promise<CreatedEntity[]> {
  return q.query<CreatedEntity & Props>(INSERT_ENTITIES, [
    plugin,
    rows.map((r) => r.id),
    rows.map((r) => r.storage),
    rows.map((r) => r.head.revision),
    documents,
  ]);
}

/** The entity locked for an update, while the plugin is at `head.revision` (see insertEntity). */
export async function lockEntity(
  q: Queryable,
  head: PluginHead,
  storage: string,
  id: string,
): Promise<{ props: string } | undefined> {
  // The document as text: it is parsed where it is patched (document-pool.ts), off the event loop
  // when it is large.
  return q.one<{ props: string }>(
    `SELECT e.props::text AS props FROM graph_nodes e, graph_nodes p
      WHERE e.id = $1 AND e.label = $2 AND p.id = $3 AND (p.props->>'revision')::int = $4
        FOR UPDATE OF e FOR KEY SHARE OF p`,
    [id, storage, head.id, head.revision],
  );
}

/** Replaces an entity's document with `storedJson` (its stored form as JSON text): the row as text. */
export async function replaceEntityText(
  q: Queryable,
  id: string,
  storedJson: string,
): Promise<GraphNodeText | undefined> {
  return q.one<GraphNodeText & Props>(
    `UPDATE graph_nodes n SET props = $2::jsonb, updated_at = now() WHERE n.id = $1 RETURNING ${NODE_TEXT_COLS}`,
    [id, storedJson],
  );
}

/**
 * Creates the edge, or replaces its properties when it exists, if both ends exist with the declared
 * labels and the plugin is still at `head.revision` (see insertEntity). undefined otherwise.
 */
export async function putPluginEdge(
  q: Queryable,
  head: PluginHead,
  edge: { storage: string; src: string; srcLabel: string; dst: string; dstLabel: string },
  /** The properties' stored form as JSON text (document-codec.ts). */
  props: string,
): Promise<{ created: boolean; created_at: Date } | undefined> {
  return q.one<{ created: boolean; created_at: Date }>(
    `INSERT INTO graph_edges (src, label, dst, props)
     (SELECT s.id, $3, d.id, $4 FROM graph_nodes p, graph_nodes s, graph_nodes d
       WHERE p.id = $7 AND (p.props->>'revision')::int = $8
         AND s.id = $1 AND s.label = $5 AND d.id = $2 AND d.label = $6
         FOR KEY SHARE OF p)
     ON CONFLICT (src, label, dst) DO UPDATE SET props = EXCLUDED.props
     RETURNING (xmax = 0) AS created, created_at`,
    [edge.src, edge.dst, edge.storage, props, edge.srcLabel, edge.dstLabel, head.id, head.revision],
  );
}

export async function nodeLabel(q: Queryable, id: string): Promise<string | undefined> {
  return (await q.one<{ label: string }>('SELECT label FROM graph_nodes WHERE id = $1', [id]))?.label;
}

/** SQL: the user (a bound uuid) holds a CAN_ACCESS edge with `read` on the project `id`. */
const readableProject = (user: string, id: string) =>
  `EXISTS (SELECT 1 FROM graph_edges a WHERE a.src = ${user} AND a.label = 'CAN_ACCESS' AND a.dst = ${id} AND a.props->'actions' ? 'read')`;

export interface AnchoredEdge extends StoredEdge {
  other_id: string;
  other_label: string;
  other_props: Props;
  other_created_at: Date;
  other_updated_at: Date;
}

/**
 * Edges of one label that start or end at `anchor`, with the node at the other end, in (src, dst) order.
 * Read as two index walks (edges from the anchor along the primary key, edges to it along
 * `graph_edges_dst`), each bounded by the page and by the cursor, then merged.
 */
export async function anchoredEdges(
  q: Queryable,
  storage: string,
  anchor: string,
  after: { src: string; dst: string } | null,
  limit: number,
  /** Set when the other end is a Project: only those this user reads through CAN_ACCESS. */
  projectAclUser: string | null = null,
): Promise<AnchoredEdge[]> {
  const params: unknown[] = [storage, anchor, limit];
  let fromVisible = '';
  let toVisible = '';
  if (projectAclUser !== null) {
    const user = `$${params.push(projectAclUser)}::uuid`;
    fromVisible = `AND ${readableProject(user, 'e.dst')}`;
    toVisible = `AND ${readableProject(user, 'e.src')}`;
  }
  // (src, dst) > cursor, written for each walk so that it bounds that walk's index: uuids order as
  // their lowercase text does.
  let fromAnchor = '';
  let toAnchor = '';
  if (after) {
    const a = anchor.toLowerCase();
    if (a < after.src) fromAnchor = 'AND false';
    else if (a === after.src) fromAnchor = `AND e.dst > $${params.push(after.dst)}::uuid`;
    toAnchor = `AND e.src ${a > after.dst ? '>=' : '>'} $${params.push(after.src)}::uuid`;
  }
  return q.query<AnchoredEdge & Props>(
    `WITH page AS (
       (SELECT e.src, e.dst, e.props, e.created_at FROM graph_edges e
         WHERE e.src = $2 AND e.label = $1 AND starts_with(e.label, 'plugin:') ${fromAnchor} ${fromVisible}
         ORDER BY e.dst LIMIT $3)
       UNION ALL
       (SELECT e.src, e.dst, e.props, e.created_at FROM graph_edges e
         WHERE e.dst = $2 AND e.label = $1 AND starts_with(e.label, 'plugin:') AND e.src <> $2 ${toAnchor} ${toVisible}
         ORDER BY e.src LIMIT $3)
     )
     SELECT e.src, e.dst, s.label AS src_label, d.label AS dst_label, e.props, e.created_at,
            o.id AS other_id, o.label AS other_label, o.props AS other_props,
            o.created_at AS other_created_at, o.updated_at AS other_updated_at
       FROM page e
       JOIN graph_nodes s ON s.id = e.src
       JOIN graph_nodes d ON d.id = e.dst
       JOIN graph_nodes o ON o.id = CASE WHEN e.src = $2 THEN e.dst ELSE e.src END
      ORDER BY e.src, e.dst LIMIT $3`,
    params,
  );
}
