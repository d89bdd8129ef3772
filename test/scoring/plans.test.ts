// The recompute's statements, in the plans PostgreSQL caches for them on a just-installed database
// (test/support/plans.ts): each project of a batch is found by its key, not by walking every project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENQUEUE_IDS, LOCK_PROJECTS, WRITE_SCORES } from '../../src/scoring/store.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { freshPlan, scannedTables, walks } from '../support/plans.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const id = '01900000-0000-7000-8000-000000000001';

describe('recompute statements find each project by its key', () => {
  it.each([
    ['lockProjects', LOCK_PROJECTS, [[id]]],
    ['writeScores', WRITE_SCORES, [JSON.stringify([{ id, score: 1 }])]],
    ['enqueue(ids)', ENQUEUE_IDS, ['manual', 'admin@example.com', 0, [id]]],
  ] as const)('%s', async (_name, text, values) => {
    const { plan, shown } = await freshPlan(app.runtime.core.sql, text, [...values]);
    expect(scannedTables(plan), shown).toEqual([]);
    expect(walks(plan), shown).toEqual([]);
    expect(shown).toMatch(/graph_nodes_pkey|graph_nodes_label_id/);
  });
});
