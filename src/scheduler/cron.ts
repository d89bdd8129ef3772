// Cron expressions and time zones of schedules, evaluated by croner (a kept library): five fields only.
import { Cron } from 'croner';

/** The canonical IANA name of a time zone, or undefined when the runtime does not know it. */
export function canonicalTimezone(tz: string): string | undefined {
  if (tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function compile(expr: string, timezone: string): Cron {
  return new Cron(expr, { timezone, paused: true, mode: '5-part' });
}

/** Why a cron expression is not acceptable, or undefined when it is. */
export function cronProblem(expr: string, timezone: string): string | undefined {
  if (expr.trim().split(/\s+/).length !== 5) {
    return 'must have exactly 5 fields: minute hour day-of-month month day-of-week';
  }
  let cron: Cron;
  try {
    cron = compile(expr.trim(), timezone);
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).replace(/^CronPattern: /, '');
  }
  if (cron.nextRun(new Date()) === null) return 'never occurs';
  return undefined;
}

/** The first occurrence strictly after `after`, in the schedule's time zone (null: none). */
export function nextOccurrence(expr: string, timezone: string, after: Date): Date | null {
  return compile(expr.trim(), timezone).nextRun(after);
}
