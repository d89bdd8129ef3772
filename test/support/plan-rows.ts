// Rows an EXPLAIN (ANALYZE, FORMAT JSON) plan read, summed over its scans.

export interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the scans of tables and indexes read (a subquery scan only passes on what its child read). */
export function rowsRead(node: PlanNode): number {
  const own =
    /Scan$/.test(node['Node Type']) && node['Node Type'] !== 'Subquery Scan'
      ? (node['Actual Rows'] +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((n, child) => n + rowsRead(child), 0);
}
