// Consent nodes (SPEC 2.1). A consent is looked up by its user's email, so a token exchange costs one
// indexed query; the GIVEN_BY edge ties it to the user node in the graph.
import { NOW_ISO, type Queryable } from '../db/sql.js';
import { createNode, getNode, putEdge, updateNode, type GraphNode } from '../graph/store.js';
import { isUuid } from '../graph/ids.js';
import { afterId, keysetPage } from '../db/keyset.js';
import { ALL_SCOPE } from '../kernel/context.js';

export interface ConsentProps {
  user_email: string;
  actor_sa: string;
  scope: string;
  expires_at: string | null;
  revoked_at: string | null;
  [k: string]: unknown;
}

export type ConsentNode = GraphNode<ConsentProps>;

/**
 * The user trigger's revocation, with $1 for OLD.id (migration 0005_delegation_revoke_by_key installs
 * it: a change here needs a migration of its own, and test/db/cleanup-plans.test.ts fails until there
 * is one). plpgsql caches a generic plan for it, made on a just-installed database: joined to the edges
 * with `c.label = 'Consent'` on the updated rows, that plan read every consent on each user deletion.
 * Each GIVEN_BY edge's node is read by its key in a LATERAL, and the consents are updated by id.
 */
export const REVOKE_CONSENTS_OF_USER = `UPDATE graph_nodes c
           SET props = c.props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
         WHERE c.id = ANY(ARRAY(
                 SELECT n.id FROM graph_edges g
                  CROSS JOIN LATERAL (SELECT id, label FROM graph_nodes n WHERE n.id = g.src OFFSET 0) n
                  WHERE g.dst = $1 AND g.label = 'GIVEN_BY' AND n.label = 'Consent'))
           AND c.props->>'revoked_at' IS NULL`;

export const consentMigrations = [
  {
    id: '0003_delegation_consents',
    sql: `CREATE INDEX graph_nodes_consent_user ON graph_nodes (lower(props->>'user_email'), id) WHERE label = 'Consent'`,
  },
  {
    id: '0004_delegation_revoke_on_user_delete',
    sql: `
      -- A consent belongs to the user who gave it: deleting that user revokes it, whoever deletes, so a
      -- user re-created later with the same email inherits nothing.
      CREATE FUNCTION delegation_revoke_consents_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE graph_nodes c
           SET props = c.props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
          FROM graph_edges g
         WHERE g.dst = OLD.id AND g.label = 'GIVEN_BY' AND c.id = g.src
           AND c.label = 'Consent' AND c.props->>'revoked_at' IS NULL;
        RETURN OLD;
      END $$;
      CREATE TRIGGER delegation_user_deleted BEFORE DELETE ON graph_nodes
        FOR EACH ROW WHEN (OLD.label = 'User') EXECUTE FUNCTION delegation_revoke_consents_of_user();
    `,
  },
  {
    // The revocation above, by key (REVOKE_CONSENTS_OF_USER).
    id: '0005_delegation_revoke_by_key',
    sql: `
      CREATE OR REPLACE FUNCTION delegation_revoke_consents_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE graph_nodes c
           SET props = c.props || jsonb_build_object('revoked_at', ${NOW_ISO}), updated_at = now()
         WHERE c.id = ANY(ARRAY(
                 SELECT n.id FROM graph_edges g
                  CROSS JOIN LATERAL (SELECT id, label FROM graph_nodes n WHERE n.id = g.src OFFSET 0) n
                  WHERE g.dst = OLD.id AND g.label = 'GIVEN_BY' AND n.label = 'Consent'))
           AND c.props->>'revoked_at' IS NULL;
        RETURN OLD;
      END $$;
    `,
  },
];

const COLS = 'id, label, props, created_at, updated_at';

export async function insertConsent(q: Queryable, userId: string, props: ConsentProps): Promise<ConsentNode> {
  const consent = await createNode<ConsentProps>(q, 'Consent', props);
  await putEdge(q, consent.id, 'GIVEN_BY', userId);
  return consent;
}

export async function findConsent(q: Queryable, id: string): Promise<ConsentNode | undefined> {
  return isUuid(id) ? getNode<ConsentProps>(q, id, 'Consent') : undefined;
}

export async function revokeConsent(q: Queryable, id: string, at: string): Promise<ConsentNode | undefined> {
  return updateNode<ConsentProps>(q, id, { revoked_at: at });
}

/** One page of consents by id, optionally only those of one user (read along `graph_nodes_consent_user`). */
export async function listConsents(
  q: Queryable,
  page: { after: string | undefined; limit: number },
  userEmail?: string,
): Promise<{ items: ConsentNode[]; next: string | undefined }> {
  const cursor = { limit: page.limit, after: page.after === undefined ? undefined : [page.after] };
  if (userEmail === undefined) {
    return keysetPage<ConsentNode & Record<string, unknown>>(
      q,
      cursor,
      [],
      (s) => `SELECT ${COLS} FROM graph_nodes n
               WHERE n.label = 'Consent' ${afterId(s, 'n.id')} ORDER BY n.id LIMIT ${s.limit}`,
      (r) => r.id,
    );
  }
  return keysetPage<ConsentNode & Record<string, unknown>>(
    q,
    cursor,
    [userEmail],
    (s) => `SELECT ${COLS} FROM graph_nodes n
             WHERE n.label = 'Consent' AND lower(n.props->>'user_email') = lower($1) ${afterId(s, 'n.id')}
             ORDER BY n.id LIMIT ${s.limit}`,
    (r) => r.id,
  );
}

/**
 * Consents of (user $1, actor $2) that are neither revoked nor expired, oldest first; each row also
 * carries `unknown_scopes`: those of the scopes $3 that are no scope of this API (not `service-api:*`,
 * not the name of a permission, not a `resource:*` pattern matching one). One statement for what a
 * token exchange asks the database before it issues.
 */
export const ACTIVE_CONSENTS = `
  WITH unknown AS MATERIALIZED (
    SELECT coalesce(array_agg(s ORDER BY o), '{}') AS scopes
      FROM unnest($3::text[]) WITH ORDINALITY AS t(s, o)
     WHERE s <> '${ALL_SCOPE}' AND NOT EXISTS (
             SELECT 1 FROM graph_keys WHERE namespace = 'Permission.name'
                AND (key = s OR (s LIKE '%:*' AND length(s) > 2 AND starts_with(key, left(s, -1))))))
  SELECT n.id, n.label, n.props, n.created_at, n.updated_at, unknown.scopes AS unknown_scopes
    FROM graph_nodes n, unknown
   WHERE n.label = 'Consent' AND lower(n.props->>'user_email') = lower($1)
     AND n.props->>'actor_sa' = $2
     AND n.props->>'revoked_at' IS NULL
     AND (n.props->>'expires_at' IS NULL OR (n.props->>'expires_at')::timestamptz > now())
   ORDER BY n.id`;

export async function activeConsents(
  q: Queryable,
  userEmail: string,
  actor: string,
  scopes: readonly string[],
): Promise<{ consents: ConsentNode[]; unknownScopes: string[] }> {
  const rows = await q.query<ConsentNode & { unknown_scopes: string[] } & Record<string, unknown>>(
    ACTIVE_CONSENTS,
    [userEmail, actor, scopes],
  );
  return {
    consents: rows.map(({ unknown_scopes: _, ...consent }) => consent),
    unknownScopes: rows[0]?.unknown_scopes ?? [],
  };
}

/** The edges of these two labels from the metadata of the token `jti` (what it was issued via and under). */
export function tokenLinks(
  q: Queryable,
  jti: string,
  labels: readonly [string, string],
): Promise<{ label: string; dst: string }[]> {
  return q.query<{ label: string; dst: string }>(
    `SELECT e.label, e.dst FROM graph_keys k JOIN graph_edges e ON e.src = k.node_id AND e.label IN ($2, $3)
      WHERE k.namespace = 'TokenMetadata.jti' AND k.key = $1`,
    [jti, ...labels],
  );
}

/** A consent's revocation and expiry, as stored; undefined when there is no such consent. */
export function consentState(
  q: Queryable,
  id: string,
): Promise<{ revoked_at: string | null; expires_at: string | null } | undefined> {
  return q.one<{ revoked_at: string | null; expires_at: string | null }>(
    `SELECT props->>'revoked_at' AS revoked_at, props->>'expires_at' AS expires_at
       FROM graph_nodes WHERE id = $1 AND label = 'Consent'`,
    [id],
  );
}
