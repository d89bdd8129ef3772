// When a schedule is due: its trigger is one of a cron expression (in its time zone), an interval
// (`every`, ISO 8601 duration, aligned to the schedule's creation) or a single instant (`once_at`).
// Pure functions of the schedule's row, shared by the service (create, resume, preview) and the firing
// loop, so every replica computes the same occurrences. docs/scheduler.md, "Triggers".
import { createHash } from 'node:crypto';
import { nextOccurrence } from './cron.js';

export { MAX_EVERY_SECONDS, MIN_EVERY_SECONDS, formatEvery, parseEvery } from './every.js';

export const MAX_JITTER_SECONDS = 3600;

/** What decides a schedule's occurrences (the columns of its row). */
export interface TriggerSpec {
  id?: string;
  cron: string | null;
  timezone: string;
  every_seconds: number | null;
  once_at: Date | null;
  created_at: Date;
  jitter_seconds?: number;
}

/** Where interval occurrences are counted from: the creation time, down to its whole second. */
export const anchorOf = (createdAt: Date) => Math.floor(createdAt.getTime() / 1000) * 1000;

/** The first occurrence strictly after `after`, or null when there is none (a once_at that passed). */
export function nextDue(t: TriggerSpec, after: Date): Date | null {
  if (t.cron !== null) return nextOccurrence(t.cron, t.timezone, after);
  if (t.every_seconds !== null) {
    const anchor = anchorOf(t.created_at);
    const step = t.every_seconds * 1000;
    const k = Math.max(0, Math.floor((after.getTime() - anchor) / step) + 1);
    return new Date(anchor + k * step);
  }
  if (t.once_at !== null) return t.once_at.getTime() > after.getTime() ? t.once_at : null;
  return null;
}

/** A fraction in [0, 1) fixed by the schedule's id: the share of the jitter window its runs wait. */
export function jitterFraction(id: string): number {
  return createHash('sha256').update(`keel-scheduler-jitter:${id}`).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * When an occurrence due at `due` fires: `due` plus the schedule's stable jitter, kept short of the
 * next occurrence (a second before it at the latest), so jitter never reorders or merges occurrences.
 */
export function jittered(t: TriggerSpec, due: Date): Date {
  const jitterMs = (t.jitter_seconds ?? 0) * 1000;
  if (jitterMs === 0 || t.id === undefined) return due;
  const following = nextDue(t, due);
  const room = following ? following.getTime() - due.getTime() - 1000 : jitterMs;
  const window = Math.max(0, Math.min(jitterMs, room));
  return new Date(due.getTime() + Math.floor(jitterFraction(t.id) * window));
}

/** The next occurrence after `after`: when it is due, and when it fires (jittered); nulls when none. */
export function upcoming(
  t: TriggerSpec,
  after: Date,
): { next_due_at: Date | null; next_run_at: Date | null } {
  const due = nextDue(t, after);
  return { next_due_at: due, next_run_at: due && jittered(t, due) };
}
