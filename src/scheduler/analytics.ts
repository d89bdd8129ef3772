// The analytics row of a finished run (stream `scheduler_runs`, topic `scheduler`), recorded through the
// recorder port in the transaction that finishes the run.
import type { AnalyticsRecorder } from '../analytics/recorder.js';
import type { Queryable } from '../db/sql.js';
import type { RunRow } from './store.js';

export async function recordRuns(
  q: Queryable,
  recorder: AnalyticsRecorder,
  runs: readonly RunRow[],
): Promise<void> {
  await recorder.record(
    q,
    'scheduler_runs',
    runs.map((r) => ({
      run_id: r.id,
      schedule_id: r.schedule_id,
      schedule_slug: r.schedule_slug,
      kind: r.kind,
      trigger: r.trigger,
      occurrence_at: r.occurrence_at.toISOString(),
      started_at: r.started_at.toISOString(),
      finished_at: r.finished_at?.toISOString() ?? null,
      duration_ms: r.duration_ms,
      state: r.state,
      http_status: r.http_status,
      principal_name: r.principal_name,
      actor_name: r.actor_name,
      consent_id: r.consent_id,
      error: r.error,
    })),
  );
}
