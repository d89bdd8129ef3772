// Where a project runs: the environments it is deployed to, each with its URL and the version running
// there since when. Kept in the project's document (`deployments`, by environment id), so the project
// read and its list pages show them without another query; a `Deployed` or `Rolled Back` entry of the
// operations log moves the version in the transaction that records the entry (moveVersion). Triggers
// keep the `environment` facts the list filters read, and follow an environment's rename or deletion
// (docs/catalog.md, "Where a project runs").
import { Type } from 'typebox';
import { lifecycleEvent } from '../analytics/index.js';
import { authorizeNaming } from '../authz/guard.js';
import type { Migration } from '../db/migrate.js';
import type { Queryable, Tx } from '../db/sql.js';
import { nodeByKey, NodeGoneError, type GraphNode } from '../graph/store.js';
import { notFound } from '../http/errors.js';
import { NoContent, responses } from '../http/schemas.js';
import { attribution, type AuthContext } from '../kernel/context.js';
import type { Core } from '../kernel/core.js';
import type { Api } from '../kernel/domain.js';
import { authOf } from '../kernel/route.js';
import type { OrganizationNode } from '../organizations/index.js';
import { validateBaseUrl } from '../outbound/guard.js';
import { projectToUpdate } from './access.js';
import { changeDetails, fieldChange, type FieldChange } from './changes.js';
import { dropProjectsOnCommit } from './pages.js';
import { DeploymentRead } from './schemas.js';
import { lockProject, type ProjectNode } from './store.js';

/** One environment of a project, as stored under `deployments.<environment id>`. */
export interface Deployment {
  /** The environment's slug (triggers follow a rename). */
  environment: string;
  url: string | null;
  version: string | null;
  /** When the version started running there (the log entry's completion); null before any. */
  since: string | null;
  /** The operations-log entry that set the version. */
  entry?: string | null;
}

export type Deployments = Record<string, Deployment>;

/** The entry types that move the version of the environment they name. */
export const MOVES_VERSION: ReadonlySet<string> = new Set(['Deployed', 'Rolled Back']);

export const projectDeploymentsMigration: Migration = {
  id: '0630_project_deployments',
  sql: `
    -- The projects deployed to an environment (whatever their organization): what a rename or a
    -- deletion of the environment rewrites.
    CREATE INDEX project_facts_environment ON project_facts (value, project_id) WHERE kind = 'environment';

    -- A project's environment facts: one per member of props.deployments (its environment id).
    CREATE FUNCTION project_deployment_facts() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      org uuid := (NEW.props->>'organization_id')::uuid;
      deps jsonb := CASE WHEN jsonb_typeof(NEW.props->'deployments') = 'object'
                         THEN NEW.props->'deployments' ELSE '{}' END;
    BEGIN
      IF org IS NULL THEN RETURN NULL; END IF;
      DELETE FROM project_facts WHERE project_id = NEW.id AND kind = 'environment' AND NOT deps ? value;
      INSERT INTO project_facts (organization_id, archived, kind, name, value, project_id)
      SELECT org, NEW.props ? 'archived', 'environment', '', d, NEW.id FROM jsonb_object_keys(deps) d
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$;
    CREATE TRIGGER project_deployments_created AFTER INSERT ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project' AND NEW.props ? 'deployments')
      EXECUTE FUNCTION project_deployment_facts();
    CREATE TRIGGER project_deployments_changed AFTER UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Project' AND OLD.props->'deployments' IS DISTINCT FROM NEW.props->'deployments')
      EXECUTE FUNCTION project_deployment_facts();

    -- An environment renamed: its projects show the new slug; deleted: they are no longer deployed there.
    CREATE FUNCTION environment_deployments_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        UPDATE graph_nodes p SET props = p.props #- ARRAY['deployments', OLD.id::text]
         WHERE p.id IN (SELECT f.project_id FROM project_facts f WHERE f.kind = 'environment' AND f.value = OLD.id::text)
           AND p.label = 'Project';
      ELSE
        UPDATE graph_nodes p
           SET props = jsonb_set(p.props, ARRAY['deployments', NEW.id::text, 'environment'], to_jsonb(NEW.props->>'slug'))
         WHERE p.id IN (SELECT f.project_id FROM project_facts f WHERE f.kind = 'environment' AND f.value = NEW.id::text)
           AND p.label = 'Project' AND p.props->'deployments' ? NEW.id::text;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER environment_renamed AFTER UPDATE ON graph_nodes
      FOR EACH ROW WHEN (NEW.label = 'Environment' AND OLD.props->>'slug' IS DISTINCT FROM NEW.props->>'slug')
      EXECUTE FUNCTION environment_deployments_follow();
    CREATE TRIGGER environment_deleted AFTER DELETE ON graph_nodes
      FOR EACH ROW WHEN (OLD.label = 'Environment') EXECUTE FUNCTION environment_deployments_follow();
  `,
};

/** A project's environments as the API shows them, by environment slug. */
export function deploymentsRead(deployments: unknown) {
  if (deployments === null || typeof deployments !== 'object') return [];
  return Object.values(deployments as Deployments)
    .map((d) => ({
      environment: d.environment,
      url: d.url ?? null,
      version: d.version ?? null,
      since: d.since ?? null,
    }))
    .sort((a, b) => (a.environment < b.environment ? -1 : a.environment > b.environment ? 1 : 0));
}

/** Sets (or, with null, removes) one environment of a project; the row is locked by the caller. */
async function writeDeployment(
  q: Queryable,
  projectId: string,
  environmentId: string,
  value: Deployment | null,
  updatedBy: string | undefined,
): Promise<ProjectNode> {
  const row = await q.one<ProjectNode & Record<string, unknown>>(
    `UPDATE graph_nodes
        SET props = CASE WHEN $3::jsonb IS NULL THEN props #- ARRAY['deployments', $2::text]
                         ELSE jsonb_set(props, '{deployments}',
                                        coalesce(props->'deployments', '{}') || jsonb_build_object($2::text, $3::jsonb))
                    END
                    || CASE WHEN $4::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('updated_by', $4::text) END,
            updated_at = now()
      WHERE id = $1 AND label = 'Project'
      RETURNING id, label, props, created_at, updated_at`,
    [projectId, environmentId, value === null ? null : JSON.stringify(value), updatedBy ?? null],
  );
  if (!row) throw new NodeGoneError();
  return row;
}

const deploymentsOf = (p: ProjectNode): Deployments => (p.props.deployments as Deployments | undefined) ?? {};

/** The changes between two states of one environment of a project (`/environments/<slug>/...`). */
function deploymentChanges(slug: string, before: Deployment | undefined, after: Deployment | undefined) {
  const base = `/environments/${slug}`;
  if (!before || !after) {
    const show = (d: Deployment | undefined) =>
      d ? { url: d.url, version: d.version, since: d.since } : null;
    return [fieldChange(base, show(before), show(after))];
  }
  const out: FieldChange[] = [];
  for (const f of ['url', 'version', 'since'] as const)
    if ((before[f] ?? null) !== (after[f] ?? null))
      out.push(fieldChange(`${base}/${f}`, before[f] ?? null, after[f] ?? null));
  return out;
}

type Deps = Pick<Core, 'sql' | 'graphCache' | 'pages' | 'analytics'>;

export function deploymentsService({ sql, graphCache, pages, analytics }: Deps) {
  const invalidate = (tx: Tx) => dropProjectsOnCommit({ graphCache, pages }, tx);
  const event = (
    ctx: AuthContext,
    org: OrganizationNode,
    project: ProjectNode,
    changes: FieldChange[],
    extra: Record<string, unknown> = {},
  ) =>
    lifecycleEvent(ctx, {
      subject: 'project',
      action: 'updated',
      id: project.id,
      slug: project.props.slug,
      organization: org.props.slug,
      project: project.props.slug,
      details: { changed: ['environments'], ...changeDetails(changes), ...extra },
    });

  /** The project (locked, live) and the environment a write names. */
  async function target(tx: Tx, ctx: AuthContext, orgSlug: string, slug: string, envSlug: string) {
    // Naming an environment needs environment:read, checked before any lookup (no oracle).
    authorizeNaming(ctx, 'environment:read', { pointer: '/environment', in: 'params' }, 'an environment');
    const { org, project } = await projectToUpdate(tx, ctx, orgSlug, slug);
    const env = await nodeByKey<{ slug: string }>(tx, 'Environment.slug', envSlug);
    if (!env) throw notFound(`environment ${envSlug}`);
    return { org, project, env };
  }

  return {
    /** Adds the environment to the project or replaces its URL (true: added). */
    async put(ctx: AuthContext, orgSlug: string, slug: string, envSlug: string, url: string | null) {
      if (url !== null) validateBaseUrl(url, '/url');
      return sql.tx(async (tx) => {
        const { org, project, env } = await target(tx, ctx, orgSlug, slug, envSlug);
        const before = deploymentsOf(project)[env.id];
        const after: Deployment = {
          environment: env.props.slug,
          url,
          version: before?.version ?? null,
          since: before?.since ?? null,
          entry: before?.entry ?? null,
        };
        invalidate(tx);
        await writeDeployment(tx, project.id, env.id, after, attribution(ctx));
        const changes = deploymentChanges(env.props.slug, before, after);
        if (changes.length > 0) await analytics.event(tx, event(ctx, org, project, changes));
        return { created: !before, deployment: deploymentsRead({ [env.id]: after })[0]! };
      });
    },

    async remove(ctx: AuthContext, orgSlug: string, slug: string, envSlug: string) {
      await sql.tx(async (tx) => {
        const { org, project, env } = await target(tx, ctx, orgSlug, slug, envSlug);
        const before = deploymentsOf(project)[env.id];
        if (!before) throw notFound(`environment ${envSlug} of project ${slug}`);
        invalidate(tx);
        await writeDeployment(tx, project.id, env.id, null, attribution(ctx));
        await analytics.event(
          tx,
          event(ctx, org, project, deploymentChanges(env.props.slug, before, undefined)),
        );
      });
    },

    /**
     * A deployment or rollback recorded in the operations log, in the transaction that records it:
     * the environment's version becomes the entry's, since `at`, unless a later one runs already (an
     * entry recorded late, for an earlier time, leaves the newer version in place). The project is
     * added to the environment when it was not (no URL). Answers whether the version moved.
     */
    async moveVersion(
      tx: Tx,
      ctx: AuthContext,
      org: OrganizationNode,
      projectId: string,
      env: GraphNode<{ slug: string }>,
      move: { version: string; at: string; entry: string; entryType: string },
    ): Promise<boolean> {
      const project = await lockProject(tx, projectId);
      const before = deploymentsOf(project)[env.id];
      if (before?.since && Date.parse(before.since) > Date.parse(move.at)) return false;
      const after: Deployment = {
        environment: env.props.slug,
        url: before?.url ?? null,
        version: move.version,
        since: move.at,
        entry: move.entry,
      };
      invalidate(tx);
      await writeDeployment(tx, project.id, env.id, after, undefined);
      const changes = deploymentChanges(env.props.slug, before, after);
      await analytics.event(
        tx,
        event(ctx, org, project, changes, { operations_log_entry: move.entry, entry_type: move.entryType }),
      );
      return true;
    },
  };
}

export type DeploymentsService = ReturnType<typeof deploymentsService>;

const Params = Type.Object({
  org: Type.String({ maxLength: 200 }),
  project: Type.String({ maxLength: 200 }),
  environment: Type.String({ maxLength: 200 }),
});
const tags = ['deployments'];

export function deploymentRoutes(api: Api, deployments: DeploymentsService): void {
  const path = '/organizations/:org/projects/:project/environments/:environment';
  api.put(
    path,
    {
      preValidation: async (req) => {
        req.body ??= {};
      },
      schema: {
        tags,
        summary: 'Deploys the project to the environment, at a URL (201 added, 200 URL replaced)',
        description:
          'Without environment:read it answers 403 before any lookup. The URL is an http or https ' +
          'address without a user name or password (422 naming /url). The version is not set here: ' +
          'Deployed and Rolled Back entries of the operations log move it. Answers 201 when the project ' +
          'was not in the environment, 200 when its URL was replaced; 409 for an archived project.',
        params: Params,
        body: Type.Object(
          { url: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()])) },
          { additionalProperties: false },
        ),
        response: responses({ 200: DeploymentRead, 201: DeploymentRead }),
      },
    },
    async (req, reply) => {
      const r = await deployments.put(
        authOf(req),
        req.params.org,
        req.params.project,
        req.params.environment,
        req.body.url ?? null,
      );
      return reply.code(r.created ? 201 : 200).send(r.deployment);
    },
  );
  api.delete(
    path,
    {
      schema: {
        tags,
        summary: 'The project no longer runs in the environment',
        description: 'Answers 204; 404 when it is not deployed there. The operations log keeps its entries.',
        params: Params,
        response: responses({ 204: NoContent }),
      },
    },
    async (req, reply) => {
      await deployments.remove(authOf(req), req.params.org, req.params.project, req.params.environment);
      return reply.code(204).send(null);
    },
  );
}
