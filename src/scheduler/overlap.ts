// What an occurrence due now does under its schedule's overlap policy (docs/scheduler.md, "Overlap"),
// given the previous run of the schedule still running, if any. Pure: the claim (firing.ts) applies it.
import type { RunRow, ScheduleRow } from './store.js';

export interface OverlapOutcome {
  /** The run to record: fired (running) or skipped; none when the occurrence is only held back. */
  run?: RunRow;
  /** The occurrence the schedule now holds back (queue_one), if this changes it. */
  hold?: Date;
}

/**
 * `due` is the occurrence's run as it would start (or already skipped, past its grace); `previous` the
 * id of the schedule's run still running; `heldBack` the run of the occurrence the schedule holds back.
 *
 * queue_one keeps occurrences in order: when the previous run has ended and an occurrence is held
 * back, the held-back one starts now and the new one is held back behind it. (The held-back one is
 * normally started at the start of a pass; a run that ended after that, and before the claim of the
 * same pass, let the newer occurrence start first.)
 */
export function overlapOutcome(
  s: Pick<ScheduleRow, 'overlap' | 'queued_occurrence_at'>,
  due: RunRow,
  previous: string | undefined,
  heldBack: () => RunRow,
  skipped: (run: RunRow, why: string) => RunRow,
): OverlapOutcome {
  if (due.state !== 'running') return { run: due };
  if (previous === undefined) {
    if (s.overlap === 'queue_one' && s.queued_occurrence_at !== null)
      return { run: heldBack(), hold: due.occurrence_at };
    return { run: due };
  }
  if (s.overlap === 'allow') return { run: due };
  if (s.overlap === 'queue_one' && s.queued_occurrence_at === null) return { hold: due.occurrence_at };
  const why =
    s.overlap === 'queue_one'
      ? `overlap: the previous run ${previous} is still running and an occurrence is queued behind it`
      : `overlap: the previous run ${previous} is still running`;
  return { run: skipped(due, why) };
}
