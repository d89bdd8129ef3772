// The next occurrences of a trigger as the API computes them (GET /scheduler/preview), each with the
// clock change that touches it in words: a local time that does not exist that night (clocks go
// forward: it runs at the first valid time after) or one that happens twice (clocks go back: it runs
// once, at the first). docs/scheduler.md, "Preview and DST".
import { client, must } from '../api';
import { parseEvery } from '../../../src/scheduler/every';
import { useLoad } from '../ui';

export interface TriggerQuery {
  cron?: string;
  every?: string;
  once_at?: string;
  timezone: string;
}

/**
 * For an interval: the `after` that makes the preview follow the schedule's own grid (its creation time
 * plus whole intervals), the last point of it at or before now; undefined for an unreadable interval.
 */
export function gridAfter(every: string, createdAt: string, now = Date.now()): string | undefined {
  const parsed = parseEvery(every);
  if (!('seconds' in parsed)) return undefined;
  const anchor = Math.floor(Date.parse(createdAt) / 1000) * 1000;
  const step = parsed.seconds * 1000;
  return new Date(anchor + Math.max(0, Math.floor((now - anchor) / step)) * step).toISOString();
}

/** An instant as people read it in the schedule's zone: "Sunday, March 28, 2027 at 3:00 AM". */
const localWords = (at: string, timeZone: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short', timeZone });

export function UpcomingRuns(props: {
  query: TriggerQuery;
  /** The schedule's creation time: an interval preview follows its grid. */
  createdAt?: string;
  heading: string;
  level?: 2 | 3;
  count?: number;
}) {
  const { query } = props;
  const after = query.every && props.createdAt ? gridAfter(query.every, props.createdAt) : undefined;
  const key = JSON.stringify([query, after, props.count]);
  const preview = useLoad(
    () =>
      must(
        client.GET('/scheduler/preview', {
          params: { query: { ...query, count: props.count ?? 5, ...(after ? { after } : {}) } },
        }),
      ),
    [key],
  );
  const H = props.level === 2 ? 'h2' : 'h3';
  // The heading comes with the first answer, so a reader of the list finds it whole.
  if (!preview.data && !preview.error)
    return (
      <div class="preview" aria-busy="true">
        <p class="hint">Computing the next runs…</p>
      </div>
    );
  return (
    <div class="preview" aria-live="polite">
      <H>{props.heading}</H>
      {preview.error ? (
        <p class="field-error">{preview.error.message}</p>
      ) : preview.data && preview.data.occurrences.length === 0 ? (
        <p>No run is left: its time has passed.</p>
      ) : (
        <ol class="occurrences">
          {preview.data?.occurrences.map((o) => (
            <li key={o.at} data-dst={o.dst ?? undefined}>
              {localWords(o.at, preview.data!.timezone)} ({preview.data!.timezone})
              {o.dst_note && (
                <span class="dst">
                  <strong>Clock change:</strong> {o.dst_note}.
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
