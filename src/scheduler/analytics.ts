// The analytics row of a finished run (stream `scheduler_runs`, topic `scheduler`), recorded through the
// recorder port in the transaction that finishes the run.
import { clickhouseTime, rowVersion, type AnalyticsRecorder } from '../analytics/index.js';
import type { Queryable } from '../db/sql.js';
import type { RunRow } from './store.js';

export async function recordRuns(
  q: Queryable,
  recorder: AnalyticsRecorder,
  runs: readonly RunRow[],
): Promise<void> {
  const version = rowVersion();
  await recorder.record(
    q,
    'scheduler_runs',
    'scheduler',
    runs.map((r) => ({
      run_id: r.id,
      schedule: r.schedule_slug,
      kind: r.kind,
      occurrence_at: clickhouseTime(r.occurrence_at),
      started_at: clickhouseTime(r.started_at),
      finished_at: r.finished_at ? clickhouseTime(r.finished_at) : null,
      duration_ms: r.duration_ms,
      state: r.state,
      http_status: r.http_status,
      principal_name: r.principal_name ?? 'unknown',
      actor_name: r.actor_name,
      consent_id: r.consent_id,
      skip_reason: r.state === 'skipped' ? r.error : null,
      error: r.state === 'skipped' ? null : r.error,
      version,
    })),
  );
}
