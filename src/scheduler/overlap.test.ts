import { describe, expect, it } from 'vitest';
import { overlapOutcome } from './overlap.js';
import type { RunRow, ScheduleRow } from './store.js';

const O2 = new Date('2033-07-01T08:02:00Z');
const O3 = new Date('2033-07-01T08:03:00Z');
const run = (occurrence: Date, state: RunRow['state'] = 'running') =>
  ({ id: `run-${occurrence.toISOString()}`, occurrence_at: occurrence, state }) as RunRow;
const schedule = (overlap: ScheduleRow['overlap'], held: Date | null = null) => ({
  overlap,
  queued_occurrence_at: held,
});
const skipped = (r: RunRow, why: string): RunRow => ({ ...r, state: 'skipped', error: why });
const outcome = (s: ReturnType<typeof schedule>, previous?: string, due = run(O3)) =>
  overlapOutcome(s, due, previous, () => run(s.queued_occurrence_at!), skipped);

describe('overlapOutcome', () => {
  it('no run still running: the occurrence fires, whatever the policy', () => {
    for (const policy of ['skip', 'allow', 'queue_one'] as const)
      expect(outcome(schedule(policy))).toEqual({ run: run(O3) });
  });

  it('queue_one, the previous run ended and an occurrence held back: the held-back one starts first and the new one waits behind it', () => {
    expect(outcome(schedule('queue_one', O2))).toEqual({ run: run(O2), hold: O3 });
  });

  it('a run still running: skip skips, allow fires, queue_one holds one back and skips the next', () => {
    expect(outcome(schedule('skip'), 'r1').run).toMatchObject({
      state: 'skipped',
      error: 'overlap: the previous run r1 is still running',
    });
    expect(outcome(schedule('allow'), 'r1')).toEqual({ run: run(O3) });
    expect(outcome(schedule('queue_one'), 'r1')).toEqual({ hold: O3 });
    expect(outcome(schedule('queue_one', O2), 'r1').run).toMatchObject({
      state: 'skipped',
      error: 'overlap: the previous run r1 is still running and an occurrence is queued behind it',
    });
  });

  it('an occurrence already skipped (past its grace) is recorded as it is, and holds nothing back', () => {
    const late = run(O3, 'skipped');
    expect(outcome(schedule('queue_one', O2), undefined, late)).toEqual({ run: late });
    expect(outcome(schedule('queue_one'), 'r1', late)).toEqual({ run: late });
  });
});
