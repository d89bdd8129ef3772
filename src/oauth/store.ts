// OAuth login providers, the provider identities linked to users, and pending logins. No authorization here.
import type { Queryable } from '../db/sql.js';
import {
  createNode,
  deleteNode,
  listNodes,
  nodeByKey,
  putEdge,
  replaceProps,
  type GraphNode,
  type ListQuery,
} from '../graph/store.js';

/** The slugs v1 accepts. Everything else keys on the slug and dispatches on the type, so more OIDC slugs can come. */
export const PROVIDER_SLUGS = ['provider_a', 'provider_b', 'oidc'] as const;
export const PROVIDER_TYPES = ['provider_a', 'provider_b', 'oidc'] as const;
export const PROVIDER_ICONS = ['provider_a', 'provider_b', 'key'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export type ProviderIcon = (typeof PROVIDER_ICONS)[number];

export interface OAuthProviderProps {
  slug: string;
  type: ProviderType;
  name: string;
  enabled: boolean;
  client_id: string | null;
  /** SecretBox ciphertext (KEEL_AUTH_ENCRYPTION_KEY); never leaves the service. */
  client_secret_encrypted: string | null;
  issuer_url: string | null;
  allowed_domains: string[];
  icon: ProviderIcon;
  updated_by: string;
  [k: string]: unknown;
}

export type OAuthProviderNode = GraphNode<OAuthProviderProps>;

export const providerKey = (slug: string) => ({ namespace: 'OAuthProvider.slug', key: slug });

export const findProvider = (q: Queryable, slug: string) =>
  nodeByKey<OAuthProviderProps>(q, 'OAuthProvider.slug', slug);

/** One page in creation order (the admin list). */
export const listProviders = (q: Queryable, page: Omit<ListQuery, 'label'>) =>
  listNodes<OAuthProviderProps>(q, { ...page, label: 'OAuthProvider' });

/** Every provider, by slug (the login page; a handful at most). */
export const allProviders = (q: Queryable) =>
  q.query<OAuthProviderNode & Record<string, unknown>>(
    `SELECT id, label, props, created_at, updated_at FROM graph_nodes
      WHERE label = 'OAuthProvider' ORDER BY props->>'slug'`,
  );

export const insertProvider = (q: Queryable, props: OAuthProviderProps) =>
  createNode(q, 'OAuthProvider', props, [providerKey(props.slug)]);

export const replaceProvider = (q: Queryable, id: string, props: OAuthProviderProps) =>
  replaceProps(q, id, props);

export const deleteProvider = (q: Queryable, id: string) => deleteNode(q, id, 'OAuthProvider');

// --- identities: (OAuthIdentity)-[:IDENTIFIES]->(User), one per issuer and subject

export interface OAuthIdentityProps {
  /** The provider slug that made the link (informational: the key is the issuer). */
  provider: string;
  /** The issuer the provider had when the link was made (see identityIssuer). */
  issuer: string;
  subject: string;
  email: string | null;
  /** SecretBox ciphertext of the provider's token set (JSON). */
  tokens_encrypted: string;
  last_login_at: string;
  [k: string]: unknown;
}

/**
 * Links are keyed by issuer and subject: a subject means something only at the issuer that asserted
 * it, so repointing a provider at another issuer never reaches the old links.
 */
export const IDENTITY_NAMESPACE = 'OAuthIdentity.issuer_subject';
export const identityKey = (issuer: string, subject: string) => ({
  namespace: IDENTITY_NAMESPACE,
  key: `${issuer}\n${subject}`,
});

/** The identity and the user it identifies (none when the user was deleted). */
export async function findIdentity(
  q: Queryable,
  issuer: string,
  subject: string,
): Promise<{ identity: GraphNode<OAuthIdentityProps>; userId: string | null } | undefined> {
  const k = identityKey(issuer, subject);
  const identity = await nodeByKey<OAuthIdentityProps>(q, k.namespace, k.key);
  if (!identity) return undefined;
  const edge = await q.one<{ dst: string }>(
    `SELECT dst FROM graph_edges WHERE src = $1 AND label = 'IDENTIFIES' LIMIT 1`,
    [identity.id],
  );
  return { identity, userId: edge?.dst ?? null };
}

/** Creates or refreshes the identity and points it at `userId` (and only there). */
export async function saveIdentity(q: Queryable, userId: string, props: OAuthIdentityProps): Promise<void> {
  const k = identityKey(props.issuer, props.subject);
  const existing = await nodeByKey<OAuthIdentityProps>(q, k.namespace, k.key);
  let id: string;
  if (existing) {
    id = existing.id;
    await replaceProps(q, id, props);
    await q.query(`DELETE FROM graph_edges WHERE src = $1 AND label = 'IDENTIFIES' AND dst <> $2`, [
      id,
      userId,
    ]);
  } else {
    id = (await createNode(q, 'OAuthIdentity', props, [k])).id;
  }
  await putEdge(q, id, 'IDENTIFIES', userId);
}

/** Links made before they were keyed by issuer: provider slug and subject only. */
export const legacyIdentities = (q: Queryable) =>
  q.query<{ node_id: string; provider: string; subject: string }>(
    `SELECT k.node_id, n.props->>'provider' AS provider, n.props->>'subject' AS subject
       FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
      WHERE k.namespace = 'OAuthIdentity.subject'`,
  );

/**
 * The link's legacy key, read along graph_keys_node and deleted by primary key: with both conditions on
 * the deleted rows, the generic plan cached on a just-installed database ANDed graph_keys_node with
 * graph_keys_pkey on the whole `OAuthIdentity.subject` namespace (as changeKey did, graph/store.ts).
 */
export const DROP_LEGACY_KEY = `DELETE FROM graph_keys g
  USING (SELECT namespace, key FROM graph_keys WHERE node_id = $1 OFFSET 0) k
  WHERE g.namespace = k.namespace AND g.key = k.key AND k.namespace = 'OAuthIdentity.subject'`;

/** Re-keys a legacy link under the issuer its provider has now (once, at upgrade). */
export async function rekeyIdentity(q: Queryable, nodeId: string, issuer: string, subject: string) {
  const k = identityKey(issuer, subject);
  await q.query(DROP_LEGACY_KEY, [nodeId]);
  await q.query(
    `INSERT INTO graph_keys (namespace, key, node_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [k.namespace, k.key, nodeId],
  );
  await q.query(
    `UPDATE graph_nodes SET props = props || jsonb_build_object('issuer', $2::text) WHERE id = $1`,
    [nodeId, issuer],
  );
}

// --- pending logins: what the callback must check, keyed by a hash of the state

export const pendingLoginsMigration = {
  id: '0006_oauth_pending_logins',
  sql: `
    CREATE TABLE oauth_pending_logins (
      state_hash text PRIMARY KEY,
      slug text NOT NULL,
      nonce text,
      code_verifier text NOT NULL,
      redirect_to text,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX oauth_pending_logins_expiry ON oauth_pending_logins (expires_at);
  `,
};

export interface PendingLogin {
  slug: string;
  nonce: string | null;
  code_verifier: string;
  redirect_to: string | null;
  expired: boolean;
  [k: string]: unknown;
}

export async function insertPendingLogin(
  q: Queryable,
  row: {
    stateHash: string;
    slug: string;
    nonce: string | null;
    codeVerifier: string;
    redirectTo: string | null;
    ttlSeconds: number;
  },
): Promise<void> {
  await q.query(`DELETE FROM oauth_pending_logins WHERE expires_at < now()`);
  await q.query(
    `INSERT INTO oauth_pending_logins (state_hash, slug, nonce, code_verifier, redirect_to, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
    [row.stateHash, row.slug, row.nonce, row.codeVerifier, row.redirectTo, row.ttlSeconds],
  );
}

/** Consumes a pending login: whatever happens next, the same state never works twice. */
export async function takePendingLogin(q: Queryable, stateHash: string): Promise<PendingLogin | undefined> {
  return q.one<PendingLogin>(
    `DELETE FROM oauth_pending_logins WHERE state_hash = $1
     RETURNING slug, nonce, code_verifier, redirect_to, expires_at <= now() AS expired`,
    [stateHash],
  );
}
