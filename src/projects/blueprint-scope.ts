// Where a blueprint applies: one per organization and project type (`*`: the organization's own).
// Kept apart from blueprints.ts so that project types can ask whether a type has one.
import type { Queryable } from '../db/sql.js';
import { nodeByKey } from '../graph/store.js';

export const scopeKey = (orgId: string, type: string | null) => ({
  namespace: 'Blueprint.scope',
  key: `${orgId}/${type ?? '*'}`,
});

export async function typeHasBlueprint(q: Queryable, orgId: string, type: string): Promise<boolean> {
  const k = scopeKey(orgId, type);
  return (await nodeByKey(q, k.namespace, k.key)) !== undefined;
}
