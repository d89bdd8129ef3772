// Set-based seeding for scale measurements and tests: the same nodes, keys and edges the stores write
// one at a time (createNode + putEdge), written in one statement per batch. Seeding is not what is
// measured; what a list or the queue costs at that size is.
import type { Queryable } from '../src/db/sql.js';

/**
 * A uuidv7 for seeded row `i`: the current time in milliseconds, then the row number, so rows seeded
 * later sort after earlier ones, as ids the API gives do.
 */
const SEEDED_ID = `(lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0')
                   || '7000' || '8' || lpad(to_hex(i), 15, '0'))::uuid`;

/**
 * Adds `count` projects named `<prefix><n>` (n from `start`) to an existing organization and team,
 * with ids in creation order (uuidv7-like: time-ordered), as the API would give them.
 */
export async function seedProjects(
  q: Queryable,
  input: { org: string; team: string; count: number; start?: number; prefix?: string },
): Promise<void> {
  const batch = 20_000;
  const start = input.start ?? 1;
  for (let from = start; from < start + input.count; from += batch) {
    const to = Math.min(start + input.count - 1, from + batch - 1);
    await q.query(
      `WITH org AS (SELECT node_id AS id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = $1),
            team AS (SELECT t.node_id AS id FROM graph_keys t, org
                      WHERE t.namespace = 'Team.slug' AND t.key = org.id || '/' || $2),
            p AS (
              INSERT INTO graph_nodes (id, label, props)
              SELECT ${SEEDED_ID}, 'Project', jsonb_build_object(
                       'slug', $3 || i, 'name', 'Project ' || i, 'organization_id', org.id, 'team', $2,
                       'attributes', jsonb_build_object('tier', (ARRAY['gold','silver','bronze'])[1 + i % 3],
                                                        'coverage', i % 100),
                       'score', NULL, 'previous_score', NULL, 'updated_by', 'seed')
                FROM generate_series($4::int, $5::int) AS i, org
              RETURNING id, props->>'slug' AS slug),
            k AS (INSERT INTO graph_keys (namespace, key, node_id)
                  SELECT 'Project.slug', org.id || '/' || p.slug, p.id FROM p, org)
       INSERT INTO graph_edges (src, label, dst)
       SELECT p.id, 'BELONGS_TO', org.id FROM p, org UNION ALL SELECT p.id, 'OWNED_BY', team.id FROM p, team`,
      [input.org, input.team, input.prefix ?? 'p', from, to],
    );
  }
}

/**
 * Grants `email` CAN_ACCESS with `actions` on every `every`-th project of the organization in id order
 * (offset `offset`), so the grants are spread across the whole list. Returns the granted project ids.
 */
export async function seedGrants(
  q: Queryable,
  input: { email: string; org: string; every: number; offset?: number; actions: string[]; limit?: number },
): Promise<string[]> {
  const rows = await q.query<{ dst: string }>(
    `WITH u AS (SELECT node_id AS id FROM graph_keys WHERE namespace = 'User.email' AND key = lower($1)),
          org AS (SELECT node_id AS id FROM graph_keys WHERE namespace = 'Organization.slug' AND key = $2),
          ps AS (SELECT n.id, row_number() OVER (ORDER BY n.id) - 1 AS r
                   FROM graph_nodes n, org
                  WHERE n.label = 'Project' AND n.props->>'organization_id' = org.id::text),
          chosen AS (SELECT id FROM ps WHERE r % $3 = $4 ORDER BY id LIMIT $6)
     INSERT INTO graph_edges (src, label, dst, props)
     SELECT u.id, 'CAN_ACCESS', chosen.id, jsonb_build_object('actions', $5::jsonb, 'granted_by', 'seed')
       FROM u, chosen
     ON CONFLICT (src, label, dst) DO UPDATE SET props = EXCLUDED.props
     RETURNING dst`,
    [
      input.email,
      input.org,
      input.every,
      input.offset ?? 0,
      JSON.stringify(input.actions),
      input.limit ?? null,
    ],
  );
  return rows.map((r) => r.dst).sort();
}
