// One page of an organization's projects, filtered. Every combination of filters is a static statement
// that reads one index in project id order from its cursor (docs/catalog.md, "Filters"):
// - an ACL user's page walks the user's CAN_ACCESS edges (graph_edges primary key);
// - a page with a fact filter (team, type, environment, attribute equality, attribute presence) walks
//   project_facts from that filter's key, the organization and the archived state (its primary key);
// - any other page walks the live or archived projects of the organization (two partial indexes).
// The other filters are checked on each row the walk reads: an index probe per row (project_facts by
// project, graph_edges by key), or the row's own document (score range, q).
import { afterId, keysetPage, type KeysetSlots } from '../db/keyset.js';
import type { Queryable } from '../db/sql.js';
import type { GraphNode } from '../graph/store.js';
import type { ProjectProps } from './store.js';

/** A filter answered by project_facts: `kind`, `name` ('' but for attributes) and any of `values`. */
export interface FactFilter {
  kind: FactKind;
  name: string;
  /** Any of these (one value: the filter can drive the walk). */
  values: string[];
}

export type FactKind = 'team' | 'type' | 'environment' | 'attribute' | 'has';

export interface ProjectFilter {
  organization: string;
  /** false (default): live projects; true: archived ones; 'any': both. */
  archived: boolean | 'any';
  facts: FactFilter[];
  score?: { min?: number | undefined; max?: number | undefined } | undefined;
  /** Case-insensitive substring of the slug, the name or an attribute value that is text. */
  q?: string | undefined;
  /** Only projects the user holds a CAN_ACCESS edge with this action on. */
  acl?: { userId: string; action: string } | undefined;
}

export interface ProjectPageQuery extends ProjectFilter {
  after?: string | undefined;
  limit: number;
}

/** Longest attribute value (in characters) that project_facts keeps, so an equality filter can find it. */
export const MAX_FACT_VALUE = 200;

const NODE_COLS = 'n.id, n.label, n.props, n.created_at, n.updated_at';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The statement of one page, its parameters, and the column its order and cursor follow. */
export function projectPageStatement(
  query: ProjectFilter,
  slots: KeysetSlots,
  cols = NODE_COLS,
  params: unknown[] = [],
): { text: string; params: unknown[] } {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const org = p(query.organization);
  const where: string[] = [];
  const archivedTest = (node: string) =>
    query.archived === 'any' ? '' : `${query.archived ? '' : 'NOT '}(${node}.props ? 'archived')`;
  // The filter that drives the walk: the first fact filter with one value, unless the caller reads
  // through ACLs or asks for archived and live projects at once (two ranges of the facts index).
  const driverIndex =
    query.acl || query.archived === 'any' ? -1 : query.facts.findIndex((f) => f.values.length === 1);
  query.facts.forEach((f, i) => {
    if (i === driverIndex) return;
    where.push(
      `EXISTS (SELECT 1 FROM project_facts g WHERE g.project_id = n.id AND g.kind = ${p(f.kind)}
         AND g.name = ${p(f.name)} AND g.value = ANY(${p(f.values)}::text[]))`,
    );
  });
  if (query.score?.min !== undefined)
    where.push(
      `jsonb_typeof(n.props->'score') = 'number' AND (n.props->>'score')::float8 >= ${p(query.score.min)}::float8`,
    );
  if (query.score?.max !== undefined)
    where.push(
      `jsonb_typeof(n.props->'score') = 'number' AND (n.props->>'score')::float8 <= ${p(query.score.max)}::float8`,
    );
  if (query.q) {
    const like = p(`%${escapeLike(query.q)}%`);
    where.push(
      `(n.props->>'slug' ILIKE ${like} OR n.props->>'name' ILIKE ${like}
        OR EXISTS (SELECT 1 FROM jsonb_each(CASE WHEN jsonb_typeof(n.props->'attributes') = 'object'
                                                 THEN n.props->'attributes' ELSE '{}' END) a
                    WHERE jsonb_typeof(a.value) = 'string' AND a.value #>> '{}' ILIKE ${like}))`,
    );
  }
  const rest = where.length > 0 ? `AND ${where.join(' AND ')}` : '';
  const limit = () => `LIMIT ${slots.limit}`;

  if (query.acl) {
    const user = p(query.acl.userId);
    const action = p(query.acl.action);
    const archived = archivedTest('n');
    // OFFSET 0 keeps the node lookup per edge (by primary key).
    return {
      params,
      text: `SELECT ${cols} FROM graph_edges a
               CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = a.dst OFFSET 0) n
              WHERE a.src = ${user}::uuid AND a.label = 'CAN_ACCESS' ${afterId(slots, 'a.dst')}
                AND a.props->'actions' ? ${action} AND n.label = 'Project'
                AND n.props->>'organization_id' = ${org} ${archived ? `AND ${archived}` : ''} ${rest}
              ORDER BY a.dst ${limit()}`,
    };
  }
  if (driverIndex >= 0) {
    const f = query.facts[driverIndex]!;
    return {
      params,
      text: `SELECT ${cols} FROM project_facts f
               CROSS JOIN LATERAL (SELECT * FROM graph_nodes n WHERE n.id = f.project_id OFFSET 0) n
              WHERE f.organization_id = ${org}::uuid AND f.archived = ${query.archived ? 'true' : 'false'}
                AND f.kind = ${p(f.kind)} AND f.name = ${p(f.name)} AND f.value = ${p(f.values[0])}
                ${afterId(slots, 'f.project_id')} ${rest}
              ORDER BY f.project_id ${limit()}`,
    };
  }
  // The partial indexes' predicates are written out here as they are in the index definitions.
  const archived = archivedTest('n');
  return {
    params,
    text: `SELECT ${cols} FROM graph_nodes n
            WHERE n.label = 'Project' AND n.props->>'organization_id' = ${org}
              ${archived ? `AND ${archived}` : ''} ${afterId(slots, 'n.id')} ${rest}
            ORDER BY n.id ${limit()}`,
  };
}

/** One page of projects (keyset by id): at most `limit`, and the id to continue after. */
export function listProjects(q: Queryable, query: ProjectPageQuery) {
  const { params } = projectPageStatement(query, { limit: '', after: undefined });
  return keysetPage<GraphNode<ProjectProps> & Record<string, unknown>>(
    q,
    { limit: query.limit, after: query.after === undefined ? undefined : [query.after] },
    params,
    (slots) => projectPageStatement(query, slots).text,
    (r) => r.id,
  );
}
