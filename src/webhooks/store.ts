// Registered webhooks: graph nodes keyed by slug, optionally linked DELIVERS_TO a project. No authorization here.
import type { Queryable } from '../db/sql.js';
import type { Migration } from '../db/migrate.js';
import { changeKey, createNode, deleteNode, putEdge, replaceProps, type GraphNode } from '../graph/store.js';
import { SENDERS, type Sender } from './senders.js';

export interface WebhookProps {
  slug: string;
  integration: string;
  /** SecretBox ciphertext (KEEL_AUTH_ENCRYPTION_KEY); never leaves the service. */
  secret_encrypted: string;
  /** How deliveries are signed (senders.ts); webhooks registered before senders existed: `keel`. */
  sender?: Sender;
  updated_by: string;
  [k: string]: unknown;
}
export type WebhookNode = GraphNode<WebhookProps>;

/** A webhook with the current slugs of the project it delivers to (null when it has none). */
export interface WebhookRow extends WebhookNode {
  project_id: string | null;
  org_slug: string | null;
  project_slug: string | null;
}

export const DELIVERS_TO = 'DELIVERS_TO';

export const senderOf = (props: WebhookProps): Sender =>
  SENDERS.includes(props.sender as Sender) ? (props.sender as Sender) : 'keel';

/** Webhooks registered before senders existed were signed with X-Keel-Signature-256: say so. */
export const webhookMigrations: Migration[] = [
  {
    id: '0720_webhook_senders',
    sql: `UPDATE graph_nodes SET props = props || '{"sender": "keel"}'::jsonb
           WHERE label = 'Webhook' AND NOT props ? 'sender'`,
  },
];
const KEY = 'Webhook.slug';

// Each webhook's edge is looked up by its key: as a plain join, the plan cached on a small table
// scanned every edge (scale.md, "Generic plans made while a table is small").
const SELECT = `SELECT n.id, n.label, n.props, n.created_at, n.updated_at,
       p.id AS project_id, o.props->>'slug' AS org_slug, p.props->>'slug' AS project_slug
  FROM graph_nodes n
  LEFT JOIN LATERAL (
       SELECT d.dst FROM graph_edges d WHERE d.src = n.id AND d.label = 'DELIVERS_TO' OFFSET 0) d ON true
  LEFT JOIN graph_nodes p ON p.id = d.dst
  LEFT JOIN graph_nodes o ON o.id = (p.props->>'organization_id')::uuid`;

export const BY_SLUG = `${SELECT} JOIN graph_keys k ON k.node_id = n.id WHERE k.namespace = '${KEY}' AND k.key = $1`;
// Separate statements for the first and later pages: each has a generic plan bounded by (label, id).
export const FIRST_PAGE = `${SELECT} WHERE n.label = 'Webhook' ORDER BY n.id LIMIT $1`;
export const NEXT_PAGE = `${SELECT} WHERE n.label = 'Webhook' AND n.id > $2::uuid ORDER BY n.id LIMIT $1`;

type Row = WebhookRow & Record<string, unknown>;

export const findWebhook = (q: Queryable, slug: string) => q.one<Row>(BY_SLUG, [slug]);

export async function listWebhooks(q: Queryable, page: { after: string | undefined; limit: number }) {
  const rows =
    page.after === undefined
      ? await q.query<Row>(FIRST_PAGE, [page.limit + 1])
      : await q.query<Row>(NEXT_PAGE, [page.limit + 1, page.after]);
  if (rows.length <= page.limit) return { items: rows, next: undefined };
  const items = rows.slice(0, page.limit);
  return { items, next: items[items.length - 1]!.id };
}

export async function insertWebhook(q: Queryable, props: WebhookProps, projectId: string | null) {
  const node = await createNode(q, 'Webhook', props, [
    { namespace: KEY, key: props.slug, taken: `webhook ${props.slug} already exists` },
  ]);
  if (projectId) await putEdge(q, node.id, DELIVERS_TO, projectId);
  return node.id;
}

/** Replaces the props; `projectId` undefined keeps the link, null removes it. */
export async function replaceWebhook(
  q: Queryable,
  before: WebhookNode,
  props: WebhookProps,
  projectId: string | null | undefined,
): Promise<void> {
  const id = before.id;
  if (props.slug !== before.props.slug)
    await changeKey(q, id, KEY, props.slug, `webhook ${props.slug} already exists`);
  await replaceProps(q, id, props);
  if (projectId === undefined) return;
  await q.query(`DELETE FROM graph_edges WHERE src = $1 AND label = '${DELIVERS_TO}'`, [id]);
  if (projectId) await putEdge(q, id, DELIVERS_TO, projectId);
}

export const deleteWebhook = (q: Queryable, id: string) => deleteNode(q, id, 'Webhook');

export { FIRST_PAGE as WEBHOOKS_FIRST_PAGE, NEXT_PAGE as WEBHOOKS_NEXT_PAGE };
