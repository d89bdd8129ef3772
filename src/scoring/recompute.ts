// Recomputing scores from current state. Idempotent: a project whose score does not change is not
// written and gets no history row, so running the same job twice changes nothing.
import { clickhouseTime, type AnalyticsRecorder, type RowOf } from '../analytics/index.js';
import type { Queryable } from '../db/sql.js';
import { projectScore } from './policy.js';
import { allRules, lockProjects, writeScores } from './store.js';

export interface RecomputeItem {
  projectId: string;
  reason: string;
  requestedBy: string;
}

type ScoreHistoryRow = RowOf<'score_history'>;

/** Recomputes in the caller's transaction: locks the projects, writes changed scores and their history. */
export async function recompute(
  q: Queryable,
  recorder: AnalyticsRecorder,
  items: readonly RecomputeItem[],
): Promise<{ recomputed: number; changed: number }> {
  if (items.length === 0) return { recomputed: 0, changed: 0 };
  const byProject = new Map(items.map((i) => [i.projectId, i]));
  const rules = await allRules(q);
  const projects = await lockProjects(q, [...byProject.keys()]);
  const computedAt = clickhouseTime();
  const changes: { id: string; score: number | null }[] = [];
  const history: ScoreHistoryRow[] = [];
  for (const p of projects) {
    const score = projectScore(rules, p.attributes, p.types);
    if (score === p.score) continue;
    const item = byProject.get(p.id)!;
    changes.push({ id: p.id, score });
    history.push({
      project_id: p.id,
      organization: p.organization,
      project: p.slug,
      score,
      previous_score: p.score,
      reason: item.reason,
      requested_by: item.requestedBy,
      computed_at: computedAt,
    });
  }
  await writeScores(q, changes);
  await recorder.record(q, 'score_history', 'project-score', history);
  return { recomputed: projects.length, changed: changes.length };
}
