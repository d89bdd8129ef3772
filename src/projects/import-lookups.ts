// What the rows of one batch of a bulk import (import.ts) name, read once for the batch in its
// transaction, before any row's savepoint: the organization, the projects the rows name, their teams,
// their types (share-locked for the batch, as each project write locks the types it names), the
// blueprints of those types, the environments and the link definitions. A row then costs the
// statements that write it, not the ones that look up what it names (docs/catalog.md, "Bulk import").
// Each lookup answers what the query it replaces would have answered within the batch's transaction;
// the checks around them (permissions, unknown names) stay the services'.
import type { Queryable } from '../db/sql.js';
import type { GraphNode } from '../graph/store.js';
import { hasPermission, type AuthContext } from '../kernel/context.js';
import { teamKey, type OrganizationNode } from '../organizations/index.js';
import { authorizeOrganizationPath, organizationOfPath } from '../organizations/service.js';
import { scopeKey } from './blueprint-scope.js';
import type { BlueprintNode } from './blueprints.js';
import type { ImportRow } from './import-parse.js';
import { definitionKey } from './links.js';
import type { ProjectLookups } from './service.js';
import { projectKey, type ProjectNode } from './store.js';
import { typeKey, type ProjectTypeNode } from './types.js';

/** The nodes of these keys of a namespace, by key, in one statement (share-locked with `lock`). */
async function byKeys<N extends GraphNode>(
  q: Queryable,
  namespace: string,
  keys: Iterable<string>,
  lock = false,
): Promise<Map<string, N>> {
  const list = [...new Set(keys)];
  if (list.length === 0) return new Map();
  const rows = await q.query<{ key: string }>(
    `SELECT k.key, n.id, n.label, n.props, n.created_at, n.updated_at
       FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
      WHERE k.namespace = $1 AND k.key = ANY($2::text[])${lock ? ' FOR SHARE OF n' : ''}`,
    [namespace, list],
  );
  return new Map(rows.map(({ key, ...node }) => [key, node as unknown as N]));
}

export interface BatchLookups {
  /** For the project service (service.ts). */
  lookups: ProjectLookups;
  /** The organization, or why a row of this batch cannot be written (it is gone: 404). */
  org(): OrganizationNode;
  /** The project of a slug as it stood when the batch began (undefined: none). */
  project(slug: string): ProjectNode | undefined;
  environment(slug: string): GraphNode<{ slug: string }> | undefined;
  definition(slug: string): GraphNode<{ slug: string }> | undefined;
}

/**
 * Reads once what the rows of a batch name. Only what the caller may name is read (a row naming the
 * rest is refused by the service before any lookup).
 */
export async function batchLookups(
  tx: Queryable,
  ctx: AuthContext,
  orgSlug: string,
  rows: readonly ImportRow[],
): Promise<BatchLookups> {
  let org: OrganizationNode | undefined;
  let gone: unknown;
  try {
    org = await organizationOfPath(ctx, tx, orgSlug);
  } catch (err) {
    gone = err;
  }
  const theOrg = () => {
    if (!org) throw gone;
    return org;
  };
  if (!org) {
    const none = async () => theOrg() as never;
    return {
      lookups: { organization: none, team: none, type: none, blueprint: none },
      org: theOrg,
      project: () => undefined,
      environment: () => undefined,
      definition: () => undefined,
    };
  }
  const id = org.id;
  const may = (permission: string) => hasPermission(ctx, permission);
  const typeSlugs = new Set(rows.flatMap((r) => r.types ?? []));
  const projects = await byKeys<ProjectNode>(
    tx,
    'Project.slug',
    rows.map((r) => projectKey(id, r.slug).key),
  );
  const teams = may('team:read')
    ? await byKeys<GraphNode>(
        tx,
        'Team.slug',
        rows.map((r) => teamKey(id, r.team).key),
      )
    : new Map();
  const types = may('project_type:read')
    ? await byKeys<ProjectTypeNode>(
        tx,
        'ProjectType.slug',
        [...typeSlugs].map((s) => typeKey(id, s).key),
        true,
      )
    : new Map<string, ProjectTypeNode>();
  // Every scope a row may need: the organization's (null) and each type it names.
  const blueprints = await byKeys<BlueprintNode>(
    tx,
    'Blueprint.scope',
    [null, ...typeSlugs].map((s) => scopeKey(id, s).key),
  );
  const environments = may('environment:read')
    ? await byKeys<GraphNode<{ slug: string }>>(
        tx,
        'Environment.slug',
        rows.flatMap((r) => Object.keys(r.environments ?? {})),
      )
    : new Map<string, GraphNode<{ slug: string }>>();
  const definitions = may('link_definition:read')
    ? await byKeys<GraphNode<{ slug: string }>>(
        tx,
        'LinkDefinition.slug',
        rows.flatMap((r) => Object.keys(r.links ?? {}).map((s) => definitionKey(id, s).key)),
      )
    : new Map<string, GraphNode<{ slug: string }>>();
  const inOrg = <N>(map: Map<string, N>, orgId: string, key: string) =>
    orgId === id ? map.get(key) : undefined;
  return {
    lookups: {
      // The same check organizationOfPath makes, on the organization read for the batch.
      organization: async (c, q, slug) => {
        if (slug !== orgSlug) return organizationOfPath(c, q, slug);
        authorizeOrganizationPath(c);
        return theOrg();
      },
      team: async (_q, orgId, slug) => inOrg(teams, orgId, teamKey(orgId, slug).key),
      type: async (_q, orgId, slug) => inOrg(types, orgId, typeKey(orgId, slug).key),
      blueprint: async (_q, orgId, scope) => inOrg(blueprints, orgId, scopeKey(orgId, scope).key),
    },
    org: theOrg,
    project: (slug) => projects.get(projectKey(id, slug).key) as ProjectNode | undefined,
    environment: (slug) => environments.get(slug),
    definition: (slug) => definitions.get(definitionKey(id, slug).key),
  };
}
