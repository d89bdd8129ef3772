// AI models of an organization: served by one of its providers, visible to the whole organization or
// restricted to teams. Holders of ai_model:update (and admins) see every model; other readers see the
// organization-wide ones and the restricted ones allowed for a team they belong to.
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import type { Queryable, Tx } from '../db/sql.js';
import {
  KeyConflictError,
  changeKey,
  createNode,
  deleteNode,
  putEdge,
  updateExisting,
} from '../graph/store.js';
import { AppError, conflict, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { authorizeOrganizationPath, organizationOfPath } from '../organizations/service.js';
import { orgKey, type OrganizationNode, type OrganizationProps } from '../organizations/index.js';
import type { CachedModel, ListPage, ModelListCache } from './cache.js';
import { modelRead, type ModelRead, type ModelValues } from './model-read.js';
import { mustFindProvider } from './providers.service.js';
import {
  findModel,
  lockTeams,
  modelIdKey,
  modelSlugKey,
  type AccessScope,
  type AllowedTeam,
  type ModelNode,
  type ModelProps,
  type ModelRow,
  type ModelVisibility,
  type ProviderNode,
} from './store.js';

/** The read check of every model read path; it also says which models the caller may see. */
function visibilityOf(ctx: AuthContext): ModelVisibility {
  if (hasPermission(ctx, 'ai_model:update')) return { all: true };
  authorize(ctx, 'ai_model:read');
  return { all: false, userId: ctx.principal.kind === 'user' ? ctx.principal.id : null };
}

/** What a write may set: the settings (null clears a nullable one) and the teams of a restricted model. */
type ModelFields = {
  [K in Exclude<keyof ModelValues, 'model_id' | 'slug'>]?: ModelValues[K] | undefined;
} & { team_slugs?: string[] | undefined };

/** Fields a model is created with (POST /ai-models, and each item of an import). */
export type ModelInput = ModelFields & { model_id: string; slug: string };

export type ModelPatch = ModelFields & { slug?: string | undefined };

/**
 * Resolves team slugs of the organization; an unknown one is 422 naming its position, and naming
 * teams needs `team:read` (authorizeNaming). The teams are locked against deletion until commit, so an
 * ALLOWED_FOR edge never points at a team deleted meanwhile.
 */
async function resolveTeams(
  q: Queryable,
  ctx: AuthContext,
  org: OrganizationNode,
  slugs: string[],
  pointer: string,
): Promise<AllowedTeam[]> {
  authorizeNaming(ctx, 'team:read', { pointer, in: 'body' }, 'teams');
  const found = await lockTeams(q, org.id, slugs);
  return slugs.map((slug, i) => {
    const id = found.get(slug);
    if (id === undefined) {
      const detail = `no team ${slug} in ${org.props.slug}`;
      throw new AppError(422, 'unknown_team', `${pointer.slice(1)}/${i}: ${detail}`, [
        { pointer: `${pointer}/${i}`, in: 'body', detail },
      ]);
    }
    return { id, slug };
  });
}

/** The access rule of SPEC 3: restricted needs at least one team; an organization-wide model has none. */
function checkScope(scope: AccessScope, teamSlugs: string[] | undefined, pointer: string): void {
  if (scope === 'restricted' && (teamSlugs === undefined || teamSlugs.length === 0)) {
    throw invalid(pointer, 'a restricted model needs at least one team');
  }
  if (scope === 'organization' && teamSlugs !== undefined && teamSlugs.length > 0) {
    throw invalid(pointer, 'only a restricted model is limited to teams; set access_scope to restricted');
  }
}

async function allowFor(tx: Tx, modelId: string, teams: AllowedTeam[]): Promise<void> {
  await tx.query(`DELETE FROM graph_edges WHERE src = $1 AND label = 'ALLOWED_FOR'`, [modelId]);
  for (const t of teams) await putEdge(tx, modelId, 'ALLOWED_FOR', t.id);
}

function keyConflict(err: unknown, input: { slug?: string | undefined; model_id?: string }): never {
  if (err instanceof KeyConflictError) {
    if (err.namespace === 'AIModel.slug')
      throw conflict(`a model with slug ${input.slug} already exists in this organization`);
    throw conflict(`model ${input.model_id} is already in the catalog for this provider`);
  }
  throw err;
}

/**
 * Creates one model inside the caller's transaction: node with its two scoped keys (race-safe through
 * graph_keys), BELONGS_TO, SERVED_BY and ALLOWED_FOR edges. `pointer` prefixes field errors.
 */
export async function createModel(
  tx: Tx,
  ctx: AuthContext,
  org: OrganizationNode,
  provider: ProviderNode,
  input: ModelInput,
  pointer = '',
): Promise<ModelRow> {
  const scope = input.access_scope ?? 'organization';
  checkScope(scope, input.team_slugs, `${pointer}/team_slugs`);
  const teams =
    scope === 'restricted'
      ? await resolveTeams(tx, ctx, org, input.team_slugs!, `${pointer}/team_slugs`)
      : [];
  let node: ModelNode;
  try {
    node = await createNode<ModelProps>(
      tx,
      'AIModel',
      {
        provider_id: provider.id,
        organization_id: org.id,
        model_id: input.model_id,
        slug: input.slug,
        name: input.name ?? input.model_id,
        kind: input.kind ?? 'chat',
        access_scope: scope,
        teams,
        context_window: input.context_window ?? null,
        max_output_tokens: input.max_output_tokens ?? null,
        default_temperature: input.default_temperature ?? null,
        input_cost_per_mtok: input.input_cost_per_mtok ?? null,
        output_cost_per_mtok: input.output_cost_per_mtok ?? null,
        monthly_spend_cap: input.monthly_spend_cap ?? null,
        enabled: input.enabled ?? true,
        updated_by: attribution(ctx),
      },
      [modelSlugKey(org.id, input.slug), modelIdKey(provider.id, input.model_id)],
    );
  } catch (err) {
    keyConflict(err, input);
  }
  await putEdge(tx, node.id, 'BELONGS_TO', org.id);
  await putEdge(tx, node.id, 'SERVED_BY', provider.id);
  await allowFor(tx, node.id, teams);
  return { ...node, live_team_ids: teams.map((t) => t.id) };
}

/** Index of the first model with an id greater than `after` (models are sorted by id). */
function firstAfter(models: readonly CachedModel[], after: string | undefined): number {
  if (after === undefined) return 0;
  let lo = 0;
  let hi = models.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (models[mid]!.id <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const NULLABLE_FIELDS = [
  'context_window',
  'max_output_tokens',
  'default_temperature',
  'input_cost_per_mtok',
  'output_cost_per_mtok',
  'monthly_spend_cap',
] as const;

type Deps = Pick<Core, 'sql' | 'graphCache'> & { cache: ModelListCache };

export function modelsService({ sql, graphCache, cache }: Deps) {
  async function mustFindModel(q: Queryable, org: OrganizationNode, id: string, v: ModelVisibility) {
    const m = await findModel(q, org.id, id, v);
    if (!m) throw notFound(`AI model ${id}`);
    return m;
  }

  return {
    async create(
      ctx: AuthContext,
      orgSlug: string,
      input: ModelInput & { provider_id: string },
    ): Promise<ModelRead> {
      authorize(ctx, 'ai_model:create');
      authorizeNaming(ctx, 'ai_model:read', { pointer: '/provider_id', in: 'body' }, 'an AI provider');
      return sql.tx(async (tx) => {
        cache.invalidate(tx);
        const org = await organizationOfPath(ctx, tx, orgSlug);
        // A share lock: a concurrent provider delete waits for this model (and then refuses with 409).
        const provider = await mustFindProvider(tx, org, input.provider_id, 'share');
        return modelRead(await createModel(tx, ctx, org, provider, input), org.props.slug);
      });
    },

    /**
     * One page of the models the caller may see, as a JSON body built from the per-process list cache
     * (the caller's teams and the catalog version are read on every request, so nothing is stale).
     */
    async list(ctx: AuthContext, orgSlug: string, page: Page, providerParam?: string): Promise<ListPage> {
      const visibility = visibilityOf(ctx);
      authorizeOrganizationPath(ctx);
      const org = await graphCache.nodeByKey<OrganizationProps>(sql, orgKey(orgSlug).namespace, orgSlug);
      if (!org) throw notFound(`organization ${orgSlug}`);
      // The stored id, whatever spelling (upper-case hex) the caller used.
      const providerId =
        providerParam === undefined ? undefined : (await mustFindProvider(sql, org, providerParam)).id;
      const { version, teams } = await cache.probe(sql, org.id, visibility.all ? null : visibility.userId);
      const snapshot = await cache.models(sql, { id: org.id, slug: org.props.slug }, version);
      const mine = teams.filter((t) => snapshot.teamIds.has(t)).sort();
      const key = `${visibility.all ? '*' : mine.join(',')}|${providerId ?? ''}|${page.after ?? ''}|${page.limit}`;
      return snapshot.page(key, () => {
        const teamSet = new Set(mine);
        const { models } = snapshot;
        const items: string[] = [];
        let last: string | undefined;
        let next: string | undefined;
        for (let i = firstAfter(models, page.after); i < models.length; i++) {
          const m = models[i]!;
          if (providerId !== undefined && m.providerId !== providerId) continue;
          if (!visibility.all && m.scope !== 'organization' && !m.teams.some((t) => teamSet.has(t))) continue;
          if (items.length === page.limit) {
            next = last;
            break;
          }
          items.push(m.json);
          last = m.id;
        }
        return { body: Buffer.from(`[${items.join(',')}]`), next };
      });
    },

    /** A model the caller may not see is 404, like one that does not exist. */
    async get(ctx: AuthContext, orgSlug: string, id: string): Promise<ModelRead> {
      const visibility = visibilityOf(ctx);
      const org = await organizationOfPath(ctx, sql, orgSlug);
      return modelRead(await mustFindModel(sql, org, id, visibility), org.props.slug);
    },

    async update(ctx: AuthContext, orgSlug: string, id: string, input: ModelPatch): Promise<ModelRead> {
      authorize(ctx, 'ai_model:update');
      try {
        return await sql.tx(async (tx) => {
          cache.invalidate(tx);
          const org = await organizationOfPath(ctx, tx, orgSlug);
          const m = await mustFindModel(tx, org, id, { all: true });
          const patch: Partial<ModelProps> = { updated_by: attribution(ctx) };
          if (input.name !== undefined) patch.name = input.name;
          if (input.kind !== undefined) patch.kind = input.kind;
          if (input.enabled !== undefined) patch.enabled = input.enabled;
          for (const f of NULLABLE_FIELDS) {
            if (input[f] !== undefined) (patch as Record<string, unknown>)[f] = input[f];
          }
          if (input.slug !== undefined && input.slug !== m.props.slug) {
            const k = modelSlugKey(org.id, input.slug);
            await changeKey(tx, m.id, k.namespace, k.key);
            patch.slug = input.slug;
          }
          let live = m.live_team_ids;
          const scope = input.access_scope ?? m.props.access_scope;
          const scopeChanged = scope !== m.props.access_scope;
          if (scope === 'organization') {
            checkScope(scope, input.team_slugs, '/team_slugs');
            if (scopeChanged) {
              await allowFor(tx, m.id, []);
              patch.teams = [];
              live = [];
            }
          } else if (input.team_slugs !== undefined || scopeChanged) {
            // Switching to restricted, or replacing the teams: the new list must name at least one.
            checkScope(scope, input.team_slugs, '/team_slugs');
            const teams = await resolveTeams(tx, ctx, org, input.team_slugs!, '/team_slugs');
            await allowFor(tx, m.id, teams);
            patch.teams = teams;
            live = teams.map((t) => t.id);
          }
          patch.access_scope = scope;
          const updated = await updateExisting<ModelProps>(tx, m.id, patch);
          return modelRead({ ...updated, live_team_ids: live }, org.props.slug);
        });
      } catch (err) {
        keyConflict(err, input);
      }
    },

    async remove(ctx: AuthContext, orgSlug: string, id: string): Promise<void> {
      authorize(ctx, 'ai_model:delete');
      await sql.tx(async (tx) => {
        cache.invalidate(tx);
        const org = await organizationOfPath(ctx, tx, orgSlug);
        const m = await mustFindModel(tx, org, id, { all: true });
        await deleteNode(tx, m.id, 'AIModel');
      });
    },
  };
}

export type ModelsService = ReturnType<typeof modelsService>;
