// Scoring: policies, the recompute trigger (SPEC 4.3), the admin rescore and a project's score history.
import { analyticsReader } from '../analytics/index.js';
import type { Core } from '../kernel/core.js';
import { attribution, hasPermission, type AuthContext } from '../kernel/context.js';
import { authorize, authorizeNaming } from '../authz/guard.js';
import { createNode, deleteNode, listNodes, lockNode, updateExisting } from '../graph/store.js';
import { forbidden, invalid, notFound } from '../http/errors.js';
import type { Page } from '../http/pagination.js';
import { mustFindOrganization } from '../organizations/service.js';
import { authorizedProject } from '../projects/service.js';
import { dropProjectsOnCommit, findProject } from '../projects/index.js';
import { validateRule, type ScoreRange } from './policy.js';
import { scoreHistory } from './history.js';
import { recompute, type RecomputeItem } from './recompute.js';
import {
  enqueue,
  findPolicy,
  policyKey,
  projectIdsPage,
  type PolicyNode,
  type PolicyProps,
} from './store.js';

/** Either name of the scoring trigger permission (SPEC 2.4) allows POST /api/scoring/recompute-all. */
export const TRIGGER_PERMISSIONS = ['scoring:recompute', 'scoring:trigger-scheduled'] as const;
export const RESCORE_PERMISSION = 'scoring:rescore';
export const SCHEDULED_REASON = 'scheduled_recompute' as const;

export interface PolicyInput {
  name?: string | undefined;
  description?: string | null | undefined;
  attribute?: string | undefined;
  weight?: number | undefined;
  enabled?: boolean | undefined;
  value_score_map?: Record<string, number> | null | undefined;
  range_score_map?: ScoreRange[] | null | undefined;
  project_types?: string[] | undefined;
}

export const policyRead = (p: PolicyNode) => ({
  slug: p.props.slug,
  name: p.props.name,
  description: p.props.description,
  attribute: p.props.attribute,
  weight: p.props.weight,
  enabled: p.props.enabled,
  value_score_map: p.props.value_score_map,
  range_score_map: p.props.range_score_map,
  project_types: p.props.project_types ?? [],
  updated_by: p.props.updated_by,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});

/** Applies a create or patch body onto stored props; giving one map removes the other. */
function applyInput(base: Partial<PolicyProps>, input: PolicyInput): Partial<PolicyProps> {
  const next: Partial<PolicyProps> = { ...base };
  for (const k of ['name', 'description', 'attribute', 'weight', 'enabled', 'project_types'] as const) {
    if (input[k] !== undefined) (next as Record<string, unknown>)[k] = input[k];
  }
  const values = input.value_score_map;
  const ranges = input.range_score_map;
  if (values !== undefined && ranges !== undefined) {
    next.value_score_map = values;
    next.range_score_map = ranges;
  } else if (values !== undefined) {
    next.value_score_map = values;
    if (values !== null) next.range_score_map = null;
  } else if (ranges !== undefined) {
    next.range_score_map = ranges;
    if (ranges !== null) next.value_score_map = null;
  }
  return next;
}

type Deps = Pick<Core, 'sql' | 'settings' | 'graphCache' | 'pages' | 'log' | 'analytics'>;

export function scoringService(core: Deps) {
  const { sql, settings, analytics } = core;
  const reader = analyticsReader(core);
  const recomputeNow = (items: RecomputeItem[]) =>
    sql.tx((tx) => {
      // The caller reads its scores next.
      dropProjectsOnCommit(core, tx);
      return recompute(tx, analytics, items);
    });

  /** Policy changes move every score: queue all projects (debounced like the daily trigger). */
  const requeueAll = (q: Parameters<typeof enqueue>[0], ctx: AuthContext) =>
    enqueue(q, {
      projectIds: 'all',
      reason: 'policy_changed',
      requestedBy: attribution(ctx),
      delaySeconds: settings.scoring.debounceSeconds,
    });

  async function mustFindPolicy(slug: string): Promise<PolicyNode> {
    const p = await findPolicy(sql, slug);
    if (!p) throw notFound(`scoring policy ${slug}`);
    return p;
  }

  return {
    async createPolicy(ctx: AuthContext, input: PolicyInput & { slug: string }) {
      authorize(ctx, 'scoring_policy:create');
      const props = applyInput(
        {
          slug: input.slug,
          name: input.slug,
          description: null,
          enabled: true,
          value_score_map: null,
          range_score_map: null,
        },
        input,
      ) as PolicyProps;
      props.updated_by = attribution(ctx);
      validateRule(props);
      return sql.tx(async (tx) => {
        const node = await createNode<PolicyProps>(tx, 'ScoringPolicy', props, [
          { ...policyKey(input.slug), taken: `scoring policy ${input.slug} already exists` },
        ]);
        await requeueAll(tx, ctx);
        return policyRead(node);
      });
    },

    async listPolicies(ctx: AuthContext, page: Page) {
      authorize(ctx, 'scoring_policy:read');
      const r = await listNodes<PolicyProps>(sql, {
        label: 'ScoringPolicy',
        after: page.after,
        limit: page.limit,
      });
      return { next: r.next, items: r.items.map(policyRead) };
    },

    async getPolicy(ctx: AuthContext, slug: string) {
      authorize(ctx, 'scoring_policy:read');
      return policyRead(await mustFindPolicy(slug));
    },

    async updatePolicy(ctx: AuthContext, slug: string, input: PolicyInput) {
      authorize(ctx, 'scoring_policy:update');
      return sql.tx(async (tx) => {
        // The whole policy is written back: read it locked, or a concurrent PATCH's change is lost.
        const found = await findPolicy(tx, slug);
        const current = found && (await lockNode<PolicyProps>(tx, found.id));
        if (!current) throw notFound(`scoring policy ${slug}`);
        const next = applyInput(current.props, input) as PolicyProps;
        next.updated_by = attribution(ctx);
        validateRule(next);
        const updated = await updateExisting<PolicyProps>(tx, current.id, next);
        await requeueAll(tx, ctx);
        // A caller who may change policies but not read them gets no body (204).
        return hasPermission(ctx, 'scoring_policy:read') ? policyRead(updated) : undefined;
      });
    },

    async deletePolicy(ctx: AuthContext, slug: string) {
      authorize(ctx, 'scoring_policy:delete');
      const current = await mustFindPolicy(slug);
      await sql.tx(async (tx) => {
        if (!(await deleteNode(tx, current.id, 'ScoringPolicy'))) throw notFound(`scoring policy ${slug}`);
        await requeueAll(tx, ctx);
      });
    },

    /** SPEC 4.3: queue every project with reason scheduled_recompute (debounced per project). */
    async recomputeAll(ctx: AuthContext) {
      if (!TRIGGER_PERMISSIONS.some((p) => hasPermission(ctx, p))) {
        throw forbidden(`missing permission ${TRIGGER_PERMISSIONS.join(' or ')}`);
      }
      const queued = await sql.tx((tx) =>
        enqueue(tx, {
          projectIds: 'all',
          reason: SCHEDULED_REASON,
          requestedBy: attribution(ctx),
          delaySeconds: settings.scoring.debounceSeconds,
        }),
      );
      return { queued, reason: SCHEDULED_REASON };
    },

    /**
     * Recomputes now, without the queue: one project, one organization's, or all. Naming an
     * organization needs `organization:read` and a project `project:read`, checked before any lookup
     * (403 for any slug), so the rescore is no oracle for what its caller may not read.
     */
    async rescore(
      ctx: AuthContext,
      input: { organization?: string | undefined; project?: string | undefined },
    ) {
      authorize(ctx, RESCORE_PERMISSION);
      if (input.organization !== undefined)
        authorizeNaming(
          ctx,
          'organization:read',
          { pointer: '/organization', in: 'body' },
          'an organization',
        );
      if (input.project !== undefined)
        authorizeNaming(ctx, 'project:read', { pointer: '/project', in: 'body' }, 'a project');
      const by = attribution(ctx);
      const item = (projectId: string) => ({ projectId, reason: 'manual_rescore', requestedBy: by });
      if (input.project !== undefined && input.organization === undefined) {
        throw invalid(
          '/organization',
          'is required with project (project slugs are unique per organization)',
        );
      }
      const org =
        input.organization !== undefined ? await mustFindOrganization(sql, input.organization) : null;
      if (org && input.project !== undefined) {
        const project = await findProject(sql, org.id, input.project);
        if (!project) throw notFound(`project ${input.project}`);
        const r = await recomputeNow([item(project.id)]);
        return { rescored: r.recomputed, changed: r.changed };
      }
      let rescored = 0;
      let changed = 0;
      for (let after: string | null = null; ;) {
        const ids = await projectIdsPage(sql, after, 500, org?.id ?? null);
        if (ids.length === 0) break;
        const r = await recomputeNow(ids.map(item));
        rescored += r.recomputed;
        changed += r.changed;
        after = ids[ids.length - 1]!;
      }
      return { rescored, changed };
    },

    /**
     * The project's score changes, newest first; readable by whoever may read the project. As for the
     * project itself, a caller that may not read it gets the 404 of a project that does not exist.
     */
    async history(ctx: AuthContext, orgSlug: string, slug: string, page: Page) {
      const { project } = await authorizedProject(sql, ctx, orgSlug, slug, 'read');
      return scoreHistory(reader, project.id, page.after, page.limit);
    },
  };
}

export type ScoringService = ReturnType<typeof scoringService>;
