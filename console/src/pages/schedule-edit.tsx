// A schedule's edit form: every control PATCH /scheduler/schedules/{slug} takes (the trigger: cron,
// interval or one instant; time zone, jitter, timeout, overlap, retries, auto-pause, target), with the
// next runs the API computes for what is typed, clock changes in words.
import { useState } from 'preact/hooks';
import { client, must, type Answer, type ApiError } from '../api';
import { jsonField } from '../forms';
import { Field, Problem, useAction } from '../ui';
import { TargetFields, type Schedule } from './schedules';
import { UpcomingRuns, type TriggerQuery } from './schedule-preview';

type Trigger = 'cron' | 'every' | 'once_at';
const triggerOf = (s: Schedule): Trigger =>
  s.cron !== null ? 'cron' : s.every !== null ? 'every' : 'once_at';
/** A number field's text as the API takes it: empty leaves it out, anything else is sent as a number. */
const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** A number input with its label, bounds and hint. */
function NumberField(props: {
  label: string;
  pointer: string;
  hint: string;
  min: number;
  max: number;
  step?: 'any';
  value: string;
  onInput: (e: { currentTarget: { value: string } }) => void;
  error: ApiError | undefined;
}) {
  const { label, pointer, hint, error, ...input } = props;
  return (
    <Field label={label} pointer={pointer} error={error} hint={hint}>
      {(a) => <input {...a} type="number" {...input} />}
    </Field>
  );
}

export function EditSchedule(props: {
  s: Answer<'/scheduler/schedules/{slug}'>;
  saved: () => void;
  cancel: () => void;
}) {
  const { s } = props;
  const [f, setF] = useState({
    name: s.name,
    trigger: triggerOf(s),
    cron: s.cron ?? '',
    every: s.every ?? '',
    once_at: s.once_at ?? '',
    timezone: s.timezone,
    jitter_seconds: String(s.jitter_seconds),
    timeout_seconds: s.timeout_seconds === null ? '' : String(s.timeout_seconds),
    overlap: s.overlap as string,
    max_attempts: String(s.retry.max_attempts),
    initial_backoff: String(s.retry.initial_backoff),
    max_backoff: String(s.retry.max_backoff),
    auto_pause_after: String(s.auto_pause_after),
    method: s.target.method as string,
    path: s.target.path,
    body: s.target.body === undefined ? '' : JSON.stringify(s.target.body, null, 2),
  });
  const [error, run, busy] = useAction();
  const set = (k: keyof typeof f) => (e: { currentTarget: { value: string } }) =>
    setF({ ...f, [k]: e.currentTarget.value });
  const value = f[f.trigger].trim();
  // The trigger is sent only when it changed: the same once_at again would be refused once it passed.
  const changed = f.trigger !== triggerOf(s) || value !== (s[f.trigger] ?? '');
  const query: TriggerQuery = { [f.trigger]: value, timezone: f.timezone };
  return (
    <form
      class="card"
      aria-label="Edit schedule"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const body = jsonField(f.body, '/target/body');
          const timeout = num(f.timeout_seconds);
          const retry = {
            max_attempts: num(f.max_attempts),
            initial_backoff: num(f.initial_backoff),
            max_backoff: num(f.max_backoff),
          };
          await must(
            client.PATCH('/scheduler/schedules/{slug}', {
              params: { path: { slug: s.slug } },
              body: {
                name: f.name,
                ...(changed ? { [f.trigger]: value } : {}),
                timezone: f.timezone,
                jitter_seconds: num(f.jitter_seconds),
                timeout_seconds: timeout === undefined ? null : timeout,
                overlap: f.overlap as Schedule['overlap'],
                retry,
                auto_pause_after: num(f.auto_pause_after),
                target: {
                  method: f.method as Schedule['target']['method'],
                  path: f.path,
                  ...(body !== undefined ? { body } : {}),
                },
              },
            }),
          );
          props.saved();
        });
      }}
    >
      <h2>Edit schedule</h2>
      <Problem error={error} />
      <div class="grid">
        <Field label="Name" pointer="/name" error={error}>
          {(a) => <input {...a} value={f.name} onInput={set('name')} />}
        </Field>
        <Field label="Trigger" error={error}>
          {(a) => (
            <select {...a} value={f.trigger} onChange={set('trigger')}>
              <option value="cron">On a cron expression</option>
              <option value="every">At a fixed interval</option>
              <option value="once_at">Once, at one instant</option>
            </select>
          )}
        </Field>
        {f.trigger === 'cron' && (
          <Field
            label="Cron"
            pointer="/cron"
            error={error}
            hint="Minute, hour, day of month, month, day of week; e.g. 0 9 * * 1 is Mondays at 9:00"
          >
            {(a) => <input {...a} required class="mono" value={f.cron} onInput={set('cron')} />}
          </Field>
        )}
        {f.trigger === 'every' && (
          <Field
            label="Interval"
            pointer="/every"
            error={error}
            hint="an ISO 8601 duration, 1 minute to 31 days (PT15M, PT1H30M, P1D), counted from the schedule's creation"
          >
            {(a) => <input {...a} required class="mono" value={f.every} onInput={set('every')} />}
          </Field>
        )}
        {f.trigger === 'once_at' && (
          <Field
            label="At"
            pointer="/once_at"
            error={error}
            hint="a future instant with its offset, like 2030-01-15T06:00:00+01:00"
          >
            {(a) => <input {...a} required class="mono" value={f.once_at} onInput={set('once_at')} />}
          </Field>
        )}
        <Field label="Time zone" pointer="/timezone" error={error}>
          {(a) => <input {...a} list="zones" value={f.timezone} onInput={set('timezone')} />}
        </Field>
        <NumberField
          label="Jitter (seconds)"
          pointer="/jitter_seconds"
          hint="0 to 3600: each run starts up to this long after it is due, by an offset fixed for the schedule"
          min={0}
          max={3600}
          value={f.jitter_seconds}
          onInput={set('jitter_seconds')}
          error={error}
        />
        <NumberField
          label="Call timeout (seconds)"
          pointer="/timeout_seconds"
          hint="1 to 600; leave empty for the server's default (30 seconds unless an operator changed it)"
          min={1}
          max={600}
          value={f.timeout_seconds}
          onInput={set('timeout_seconds')}
          error={error}
        />
        <Field label="When the previous run is still going" pointer="/overlap" error={error}>
          {(a) => (
            <select {...a} value={f.overlap} onChange={set('overlap')}>
              <option value="skip">Skip the occurrence</option>
              <option value="allow">Run beside it</option>
              <option value="queue_one">Wait for it (one at most)</option>
            </select>
          )}
        </Field>
        <NumberField
          label="Attempts per run"
          pointer="/retry/max_attempts"
          hint="1 to 20, the first included; 1: no retry"
          min={1}
          max={20}
          value={f.max_attempts}
          onInput={set('max_attempts')}
          error={error}
        />
        <NumberField
          label="First wait before a retry (seconds)"
          pointer="/retry/initial_backoff"
          hint="0.1 to 600; doubles after each attempt"
          min={0.1}
          max={600}
          step="any"
          value={f.initial_backoff}
          onInput={set('initial_backoff')}
          error={error}
        />
        <NumberField
          label="Longest wait between attempts (seconds)"
          pointer="/retry/max_backoff"
          hint="0.1 to 3600"
          min={0.1}
          max={3600}
          step="any"
          value={f.max_backoff}
          onInput={set('max_backoff')}
          error={error}
        />
        <NumberField
          label="Pause itself after this many runs in a row fail"
          pointer="/auto_pause_after"
          hint="0 to 1000; 0: never. Runs skipped for the same reason count too"
          min={0}
          max={1000}
          value={f.auto_pause_after}
          onInput={set('auto_pause_after')}
          error={error}
        />
        <TargetFields f={f} set={set} error={error} />
      </div>
      {value ? (
        <UpcomingRuns query={query} createdAt={s.created_at} heading="Next five runs" />
      ) : (
        <div class="preview">
          <h3>Next five runs</h3>
          <p class="field-error">Enter when it runs to see its next runs.</p>
        </div>
      )}
      <div class="actions">
        <button type="submit" disabled={busy}>
          Save changes
        </button>
        <button type="button" class="secondary" onClick={props.cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
