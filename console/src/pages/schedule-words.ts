// A schedule's settings in plain words, as the API defines them (docs/scheduler.md): its trigger, its
// state (paused by someone, paused automatically, completed), jitter, timeout, overlap, retries and
// auto-pause. Pure functions of the schedule's read, so the detail page and its tests agree.
import { parseEvery } from '../../../src/scheduler/every';
import { whenIn } from '../ui';
import type { Schedule } from './schedules';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** An interval (`PT1H30M`, `P1D`) in words: "1 hour 30 minutes", "1 day". */
export function everyWords(every: string): string {
  const parsed = parseEvery(every);
  if (!('seconds' in parsed)) return every;
  let s = parsed.seconds;
  const parts: string[] = [];
  for (const [size, unit] of [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ] as const) {
    if (s >= size) parts.push(plural(Math.floor(s / size), unit));
    s %= size;
  }
  return parts.join(' ');
}

/** When the schedule is due, in words. */
export function triggerWords(s: Schedule): string {
  if (s.cron !== null) return `On the cron ${s.cron}, in ${s.timezone} time`;
  if (s.every !== null)
    return `Every ${everyWords(s.every)} (${s.every}), counted from its creation on ${whenIn(s.created_at, s.timezone)}`;
  return `Once, at ${whenIn(s.once_at, s.timezone)}`;
}

/** The schedule's state in a sentence, with what to do about it; undefined while it is active. */
export function stateWords(s: Schedule): string | undefined {
  if (s.state === 'completed')
    return `Completed on ${whenIn(s.completed_at, s.timezone)}: it was set to run once. Give it a new trigger to run it again.`;
  if (s.state !== 'paused') return undefined;
  if (s.paused_by === 'auto-pause')
    return `Paused automatically: ${s.paused_reason ?? 'its runs kept failing'}. Resume to run it again.`;
  const who = s.paused_by ? ` by ${s.paused_by}` : '';
  const at = s.paused_at ? ` on ${whenIn(s.paused_at, s.timezone)}` : '';
  return `Paused${who}${at}. Resume to run it again.`;
}

export function jitterWords(s: Schedule): string {
  if (s.jitter_seconds === 0) return 'None: each run starts when it is due.';
  const offset =
    s.next_run_at && s.next_due_at
      ? Math.round((Date.parse(s.next_run_at) - Date.parse(s.next_due_at)) / 1000)
      : undefined;
  return (
    `Each run starts up to ${plural(s.jitter_seconds, 'second')} after it is due, by an offset fixed for this schedule` +
    (offset !== undefined ? ` (the next one: ${plural(offset, 'second')} late).` : '.')
  );
}

export function timeoutWords(s: Schedule): string {
  return s.timeout_seconds === null
    ? "The server's default call timeout for each call of the target (30 seconds unless an operator changed it)."
    : `${plural(s.timeout_seconds, 'second')} for each call of the target.`;
}

export function overlapWords(s: Schedule): string {
  const queued = s.queued_occurrence_at
    ? ` One occurrence, due ${whenIn(s.queued_occurrence_at, s.timezone)}, is waiting now.`
    : '';
  switch (s.overlap) {
    case 'skip':
      return 'The next occurrence is skipped (recorded as skipped, with the reason).';
    case 'allow':
      return 'The next occurrence starts anyway, beside it.';
    case 'queue_one':
      return `The next occurrence waits and starts when the run ends; one waits at most, further ones are skipped.${queued}`;
  }
}

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

export function retryWords(s: Schedule): string {
  const r = s.retry;
  if (r.max_attempts === 1) return 'No retry: one attempt per run.';
  return (
    `Up to ${r.max_attempts} attempts per run, again on connection errors, timeouts, 429, 502, 503 and 504 ` +
    `(never on another 4xx): the first wait is ${seconds(r.initial_backoff)}, doubling up to ${seconds(r.max_backoff)}.`
  );
}

export function autoPauseWords(s: Schedule): string {
  return s.auto_pause_after === 0
    ? 'Never: it keeps running whatever its runs end with.'
    : s.auto_pause_after === 1
      ? 'After one scheduled run that failed, or was skipped (misfires and overlap skips do not count).'
      : `After ${s.auto_pause_after} scheduled runs in a row failed, or were skipped for the same reason (misfires and overlap skips do not count).`;
}

/** The clock change that touches the next occurrence, in words (the read's next_due_dst). */
export function nextDstWords(s: Schedule): string | undefined {
  if (s.next_due_dst === 'gap')
    return 'its time does not exist that night (clocks go forward): it runs at the first valid time after';
  if (s.next_due_dst === 'repeat')
    return 'its time happens twice that night (clocks go back): it runs once, at the first';
  return undefined;
}
