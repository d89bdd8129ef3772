import type { Migration } from '../db/migrate.js';
import { graphCacheMigration } from './cache.js';

/** Rows changed in a graph table before autovacuum first analyzes or vacuums it (see 0011). */
export const GRAPH_FIRST_ANALYZE = 2000;

export const graphMigrations: Migration[] = [
  {
    id: '0001_graph',
    sql: `
      CREATE TABLE graph_nodes (
        id uuid PRIMARY KEY,
        label text NOT NULL,
        props jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX graph_nodes_label_id ON graph_nodes (label, id);

      -- Every uniqueness rule is a row here: namespace 'User.email' key 'a@b.c', or a scoped
      -- namespace 'Team.slug' key '<org id>/<slug>'. The primary key makes each rule race-safe.
      CREATE TABLE graph_keys (
        namespace text NOT NULL,
        key text NOT NULL,
        node_id uuid NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
        PRIMARY KEY (namespace, key)
      );
      CREATE INDEX graph_keys_node ON graph_keys (node_id);

      CREATE TABLE graph_edges (
        src uuid NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
        label text NOT NULL,
        dst uuid NOT NULL REFERENCES graph_nodes (id) ON DELETE CASCADE,
        props jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (src, label, dst)
      );
      CREATE INDEX graph_edges_dst ON graph_edges (dst, label, src);
    `,
  },
  graphCacheMigration,
  {
    // Lists of an organization's projects, teams and AI catalog read this index in id order from their
    // cursor: a page costs the same at any depth and whatever else the organization holds.
    id: '0010_graph_organization_index',
    sql: `
      CREATE INDEX graph_nodes_org_label_id ON graph_nodes (label, (props->>'organization_id'), id)
        WHERE props->>'organization_id' IS NOT NULL;
    `,
  },
  {
    // Autovacuum first analyzes (or vacuums) a table once 50 rows have changed: the graph of a
    // just-installed database (about 60 nodes in 2 pages) would be analyzed within a minute. From then
    // on PostgreSQL plans even a lookup by primary key as a sequential scan (cheaper on 2 pages), and a
    // statement's cached generic plan keeps that scan while the table grows, until the next analyze.
    // The graph tables' statistics are first taken once GRAPH_FIRST_ANALYZE rows have changed, past
    // the size where a scan could look cheaper than an index (docs/scale.md).
    id: '0011_graph_first_analyze',
    sql: ['graph_nodes', 'graph_edges', 'graph_keys']
      .map(
        (t) => `ALTER TABLE ${t} SET (autovacuum_analyze_threshold = ${GRAPH_FIRST_ANALYZE},
          autovacuum_vacuum_threshold = ${GRAPH_FIRST_ANALYZE},
          autovacuum_vacuum_insert_threshold = ${GRAPH_FIRST_ANALYZE});`,
      )
      .join('\n'),
  },
];
