import type { Migration } from '../db/migrate.js';

export const pluginMigrations: Migration[] = [
  {
    // Listing a plugin's edges by label (and cleaning them up) without scanning every edge.
    id: 'plugins_0001_edge_label_index',
    sql: `CREATE INDEX graph_edges_plugin_label ON graph_edges (label, src, dst) WHERE starts_with(label, 'plugin:');`,
  },
];
