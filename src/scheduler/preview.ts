// The next occurrences of a trigger in its time zone, each flagged when a DST change touched it: a
// `gap` (the local time the cron names does not exist that night; it runs at the first valid time
// after it) or a `repeat` (the local time happens twice that night; it runs once, the first).
// docs/scheduler.md, "Preview and DST". Bounded: at most MAX_PREVIEW occurrences and PREVIEW_BUDGET_MS
// of computing per call, whatever the expression.
import { nextOccurrence } from './cron.js';
import { nextDue, jittered, type TriggerSpec } from './triggers.js';

export const MAX_PREVIEW = 100;
/** Computing time one preview may take; beyond it the list ends early (`truncated`). */
export const PREVIEW_BUDGET_MS = 200;

export type DstFlag = 'gap' | 'repeat';

export interface PreviewItem {
  /** When the occurrence is due (UTC). */
  at: string;
  /** When it fires, its jitter included (the same as `at` without jitter). */
  fires_at: string;
  /** The local wall time in the schedule's zone, with its UTC offset. */
  local: string;
  dst: DstFlag | null;
  /** What the flag means for this occurrence, in words. */
  dst_note: string | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size < 1000) formatters.set(tz, f);
  }
  return f;
}

/** The local wall time of `at` in `tz`, as the UTC instant with the same fields (ms). */
function wall(at: number, tz: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(at))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The zone's offset from UTC at `at`, in ms (to the second). */
const offset = (at: number, tz: string) => wall(at, tz) - Math.floor(at / 1000) * 1000;

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, '0');
function localText(at: number, tz: string): string {
  const w = new Date(wall(at, tz));
  const off = offset(at, tz) / 60_000;
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  return `${w.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
const hhmm = (wallMs: number) => new Date(wallMs).toISOString().slice(11, 16);
const day = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 10);

/** How a DST change touched an occurrence at `at` of trigger `t`, if it did. */
export function dstOf(
  t: Pick<TriggerSpec, 'cron' | 'timezone'>,
  at: Date,
): Pick<PreviewItem, 'dst' | 'dst_note'> {
  const ms = at.getTime();
  const tz = t.timezone;
  const shift = offset(ms + 6 * HOUR, tz) - offset(ms - 6 * HOUR, tz);
  if (shift === 0) return { dst: null, dst_note: null };
  const here = wall(ms, tz);
  // A gap: the cron names a local time that did not exist; croner ran it at the first valid time after.
  if (t.cron !== null && shift > 0) {
    const named = nextOccurrence(t.cron, 'UTC', new Date(here - 60_000));
    if (named === null || named.getTime() !== here) {
      const wanted = nextOccurrence(t.cron, 'UTC', new Date(here - shift - 60_000));
      const w = wanted && wanted.getTime() < here ? hhmm(wanted.getTime()) : 'its time';
      return {
        dst: 'gap',
        dst_note: `${w} does not exist on ${day(here)} in ${tz} (clocks go forward); it runs at ${hhmm(here)}`,
      };
    }
  }
  // A repeat: the same local time an instant `shift` before or after (clocks went back).
  const d = Math.abs(shift);
  if (wall(ms - d, tz) === here || wall(ms + d, tz) === here) {
    return {
      dst: 'repeat',
      dst_note: `${hhmm(here)} happens twice on ${day(here)} in ${tz} (clocks go back); it runs once, at the first`,
    };
  }
  return { dst: null, dst_note: null };
}

/** The first `count` occurrences strictly after `after` (fewer when none are left or the budget ran out). */
export function previewOccurrences(
  t: TriggerSpec,
  after: Date,
  count: number,
  budgetMs = PREVIEW_BUDGET_MS,
): { items: PreviewItem[]; truncated: boolean } {
  const items: PreviewItem[] = [];
  const started = performance.now();
  let at: Date | null = after;
  while (items.length < Math.min(count, MAX_PREVIEW)) {
    if (performance.now() - started > budgetMs) return { items, truncated: true };
    at = nextDue(t, at);
    if (at === null) break;
    items.push({
      at: at.toISOString(),
      fires_at: jittered(t, at).toISOString(),
      local: localText(at.getTime(), t.timezone),
      ...dstOf(t, at),
    });
  }
  return { items, truncated: false };
}
