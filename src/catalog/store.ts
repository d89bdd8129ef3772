// AI providers and models in the graph. Every lookup matches the node id and the BELONGS_TO edge to
// the organization, so an id under another organization is not found. No authorization here.
import type { Queryable } from '../db/sql.js';
import type { GraphNode } from '../graph/store.js';
import { isUuid } from '../graph/ids.js';
import { teamKey } from '../organizations/index.js';
import type { DriverName } from './drivers.js';

export interface ProviderProps {
  driver: DriverName;
  name: string;
  /** null: the driver's default base URL applies. */
  base_url: string | null;
  region: string | null;
  enabled: boolean;
  organization_id: string;
  /** SecretBox ciphertext (KEEL_CONFIG_ENCRYPTION_KEY); never leaves the service. */
  credentials_encrypted: string | null;
  /** Last four characters of the key, kept in the clear at write time; null for keys under 8 characters. */
  credential_hint: string | null;
  credential_updated_at: string | null;
  updated_by?: string;
  [k: string]: unknown;
}

export const MODEL_KINDS = ['chat', 'embedding', 'image', 'audio', 'moderation', 'rerank', 'other'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];
export type AccessScope = 'organization' | 'restricted';

/** A team a restricted model was allowed for, as it was when the admin chose it. */
export interface AllowedTeam {
  id: string;
  slug: string;
}

export interface ModelProps {
  provider_id: string;
  organization_id: string;
  model_id: string;
  slug: string;
  name: string;
  kind: ModelKind;
  access_scope: AccessScope;
  /**
   * The teams chosen for a restricted model. Kept on the node because the ALLOWED_FOR edge goes with a
   * deleted team: the model stays restricted (never silently widened) and shows which teams are gone.
   */
  teams: AllowedTeam[];
  context_window: number | null;
  max_output_tokens: number | null;
  default_temperature: number | null;
  /** Exact decimals as strings, USD per one million tokens; null = unknown or contract pricing. */
  input_cost_per_mtok: string | null;
  output_cost_per_mtok: string | null;
  /** Advisory only: stored and shown, nothing enforces it. */
  monthly_spend_cap: string | null;
  enabled: boolean;
  updated_by?: string;
  [k: string]: unknown;
}

export type ProviderNode = GraphNode<ProviderProps>;
export type ModelNode = GraphNode<ModelProps>;
/** A model with the ids of the teams it still has ALLOWED_FOR edges to. */
export type ModelRow = ModelNode & { live_team_ids: string[] };

/** Model slugs are unique per organization. */
export const modelSlugKey = (orgId: string, slug: string) => ({
  namespace: 'AIModel.slug',
  key: `${orgId}/${slug}`,
});
/** Vendor model ids are unique per provider. */
export const modelIdKey = (providerId: string, modelId: string) => ({
  namespace: 'AIModel.model_id',
  key: `${providerId}/${modelId}`,
});

const COLS = 'n.id, n.label, n.props, n.created_at, n.updated_at';
const IN_ORG = `EXISTS (SELECT 1 FROM graph_edges b WHERE b.src = n.id AND b.label = 'BELONGS_TO' AND b.dst = $2)`;
const LIVE_TEAMS = `coalesce((SELECT array_agg(a.dst::text ORDER BY a.dst) FROM graph_edges a
                      WHERE a.src = n.id AND a.label = 'ALLOWED_FOR'), '{}') AS live_team_ids`;

/**
 * The provider with this id in this organization. `lock` takes a row lock so that deleting a provider
 * and creating a model on it serialize (the delete then sees the new SERVED_BY edge, or the create
 * finds no provider).
 */
export async function findProvider(
  q: Queryable,
  orgId: string,
  id: string,
  lock?: 'share' | 'update',
): Promise<ProviderNode | undefined> {
  if (!isUuid(id)) return undefined;
  const suffix = lock === 'update' ? ' FOR UPDATE OF n' : lock === 'share' ? ' FOR SHARE OF n' : '';
  return q.one<ProviderNode & Record<string, unknown>>(
    `SELECT ${COLS} FROM graph_nodes n WHERE n.id = $1 AND n.label = 'AIProvider' AND ${IN_ORG}${suffix}`,
    [id, orgId],
  );
}

// Lists read `graph_nodes_org_label_id` from the cursor; the first page and later ones are separate
// statements so that a cached plan always bounds the index scan (docs/api-conventions.md, "Lists").
const ORG_LIST = `n.props->>'organization_id' = $1::text`;

/** Adds the cursor as the last parameter on later pages: `AND <column> > $n`, nothing on the first. */
function afterCursor(params: unknown[], after: string | undefined, column: string): string {
  if (after === undefined) return '';
  params.push(after);
  return `AND ${column} > $${params.length}::uuid`;
}

export async function listProviders(
  q: Queryable,
  orgId: string,
  after: string | undefined,
  limit: number,
): Promise<ProviderNode[]> {
  const params: unknown[] = [orgId, limit];
  return q.query<ProviderNode & Record<string, unknown>>(
    `SELECT ${COLS} FROM graph_nodes n
      WHERE n.label = 'AIProvider' AND ${ORG_LIST} ${afterCursor(params, after, 'n.id')}
      ORDER BY n.id LIMIT $2`,
    params,
  );
}

export async function countModelsServedBy(q: Queryable, providerId: string): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM graph_edges WHERE dst = $1 AND label = 'SERVED_BY'`,
    [providerId],
  );
  return row?.n ?? 0;
}

/**
 * Vendor model ids already imported for a provider. Takes $1 (provider id).
 *
 * Each model is read by primary key, per SERVED_BY edge (`OFFSET 0` keeps the lookup per edge, the
 * label tested after it): as a plain join, the generic plan (test/support/plans.ts) made while
 * graph_nodes was small read every AIModel node through the label index for each edge.
 */
export const IMPORTED_MODEL_IDS = `
  SELECT n.props->>'model_id' AS model_id
    FROM graph_edges e
   CROSS JOIN LATERAL (SELECT props, label FROM graph_nodes n WHERE n.id = e.src OFFSET 0) n
   WHERE e.dst = $1 AND e.label = 'SERVED_BY' AND n.label = 'AIModel'`;

export async function importedModelIds(q: Queryable, providerId: string): Promise<Set<string>> {
  const rows = await q.query<{ model_id: string }>(IMPORTED_MODEL_IDS, [providerId]);
  return new Set(rows.map((r) => r.model_id));
}

/**
 * Who may see which models. `all`: every model of the organization. Otherwise models with access
 * scope `organization`, plus restricted ones allowed for a team that `userId` is a member of.
 */
export type ModelVisibility = { all: true } | { all: false; userId: string | null };

function visibilityClause(v: ModelVisibility, params: unknown[]): string {
  if (v.all) return 'TRUE';
  if (v.userId === null) return `n.props->>'access_scope' = 'organization'`;
  params.push(v.userId);
  return `(n.props->>'access_scope' = 'organization' OR EXISTS (
            SELECT 1 FROM graph_edges a
              JOIN graph_edges m ON m.dst = a.dst AND m.label = 'MEMBER_OF' AND m.src = $${params.length}::uuid
             WHERE a.src = n.id AND a.label = 'ALLOWED_FOR'))`;
}

export async function findModel(
  q: Queryable,
  orgId: string,
  id: string,
  visibility: ModelVisibility,
): Promise<ModelRow | undefined> {
  if (!isUuid(id)) return undefined;
  const params: unknown[] = [id, orgId];
  const visible = visibilityClause(visibility, params);
  return q.one<ModelRow & Record<string, unknown>>(
    `SELECT ${COLS}, ${LIVE_TEAMS} FROM graph_nodes n
      WHERE n.id = $1 AND n.label = 'AIModel' AND ${IN_ORG} AND ${visible}`,
    params,
  );
}

export async function listModels(
  q: Queryable,
  query: {
    orgId: string;
    visibility: ModelVisibility;
    providerId: string | undefined;
    after: string | undefined;
    limit: number;
  },
): Promise<ModelRow[]> {
  const params: unknown[] = [query.orgId, query.limit];
  if (query.providerId !== undefined) params.push(query.providerId);
  const visible = visibilityClause(query.visibility, params);
  // One provider's models are read along its SERVED_BY edges (graph_edges_dst), in model id order.
  const text =
    query.providerId === undefined
      ? `SELECT ${COLS}, ${LIVE_TEAMS} FROM graph_nodes n
          WHERE n.label = 'AIModel' AND ${ORG_LIST} AND ${visible} ${afterCursor(params, query.after, 'n.id')}
          ORDER BY n.id LIMIT $2`
      : `SELECT ${COLS}, ${LIVE_TEAMS} FROM graph_edges s
          CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = s.src OFFSET 0) n
          WHERE s.dst = $3::uuid AND s.label = 'SERVED_BY' AND n.label = 'AIModel' AND ${ORG_LIST}
            AND ${visible} ${afterCursor(params, query.after, 's.src')}
          ORDER BY s.src LIMIT $2`;
  return q.query<ModelRow & Record<string, unknown>>(text, params);
}

/**
 * Each slug's key is probed as (namespace, key) in a LATERAL and the teams are read by id: the generic
 * plan cached on a just-installed database walked every `Team.slug` key (graph_keys_pkey on the
 * namespace alone, the slugs as a filter). The lock is still taken above the sort, in id order, so
 * concurrent callers cannot deadlock.
 */
export const LOCK_TEAMS = `SELECT n.props->>'slug' AS slug, n.id FROM graph_nodes n
      WHERE n.id = ANY(ARRAY(
              SELECT k.node_id FROM unnest($2::text[]) AS s(key)
               CROSS JOIN LATERAL (SELECT node_id FROM graph_keys k
                                    WHERE k.namespace = $1 AND k.key = s.key OFFSET 0) k))
      ORDER BY n.id FOR KEY SHARE OF n`;

/** Ids of the organization's teams with these slugs, locked against deletion until commit. */
export async function lockTeams(q: Queryable, orgId: string, slugs: string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await q.query<{ slug: string; id: string }>(LOCK_TEAMS, [
    teamKey(orgId, '').namespace,
    slugs.map((s) => teamKey(orgId, s).key),
  ]);
  return new Map(rows.map((r) => [r.slug, r.id]));
}
