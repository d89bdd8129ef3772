// A schedule's trigger as the API takes it (exactly one of cron, every, once_at) and its time zone,
// checked into the columns of its row: 422 naming the member, nothing stored otherwise.
import { AppError, invalid } from '../http/errors.js';
import { canonicalTimezone, cronProblem } from './cron.js';
import { parseEvery } from './triggers.js';

export interface TriggerInput {
  cron?: string | undefined;
  every?: string | undefined;
  once_at?: string | undefined;
}

export interface TriggerColumns {
  cron: string | null;
  every_seconds: number | null;
  once_at: Date | null;
}

const MEMBERS = ['cron', 'every', 'once_at'] as const;

/** The members of `input` that set a trigger. */
export const triggerMembers = (input: TriggerInput) => MEMBERS.filter((m) => input[m] !== undefined);

/** 422 naming each trigger member: none or more than one was given. */
function notExactlyOne(given: readonly string[]): AppError {
  const detail =
    given.length === 0
      ? 'give exactly one of cron, every or once_at'
      : `give exactly one of cron, every or once_at, not ${given.join(' and ')}`;
  const named = given.length === 0 ? MEMBERS : given;
  return new AppError(
    422,
    'validation_failed',
    detail,
    named.map((m) => ({ pointer: `/${m}`, in: 'body' as const, detail })),
  );
}

/** The canonical zone, or 422 naming `/timezone`. */
export function checkedTimezone(timezone: string): string {
  const tz = canonicalTimezone(timezone);
  if (!tz) throw invalid('/timezone', 'is not an IANA time zone (e.g. Europe/Berlin, UTC)');
  return tz;
}

/** The trigger's columns from exactly one member; `now` refuses a once_at that is not in the future. */
export function checkedTrigger(input: TriggerInput, timezone: string, now: Date): TriggerColumns {
  const given = triggerMembers(input);
  if (given.length !== 1) throw notExactlyOne(given);
  if (input.cron !== undefined) {
    const problem = cronProblem(input.cron, timezone);
    if (problem) throw invalid('/cron', problem);
    return { cron: input.cron.trim(), every_seconds: null, once_at: null };
  }
  if (input.every !== undefined) {
    const every = parseEvery(input.every);
    if ('problem' in every) throw invalid('/every', every.problem);
    return { cron: null, every_seconds: every.seconds, once_at: null };
  }
  const at = new Date(input.once_at!);
  if (Number.isNaN(at.getTime())) {
    throw invalid('/once_at', 'must be an ISO 8601 instant with its offset (e.g. 2030-01-01T06:00:00Z)');
  }
  if (at.getTime() <= now.getTime()) {
    throw invalid('/once_at', `is not in the future (now is ${now.toISOString()})`);
  }
  return { cron: null, every_seconds: null, once_at: at };
}
