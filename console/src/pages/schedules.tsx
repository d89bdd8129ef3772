// Schedules: the list with next and last run, and the form that creates one (cron previewed in its zone).
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ApiError } from '../api';
import { client, listOf, must, type Item } from '../api';
import { jsonField } from '../forms';
import { canonicalTimezone, cronProblem, nextOccurrence } from '../../../src/scheduler/cron';
import type { Me } from '../me';
import { linkProps } from '../router';
import { ACTIONS, Field, NextPage, Page, Problem, Table, useAction, useCursor, useLoad, whenIn } from '../ui';

export type Schedule = Item<'/scheduler/schedules'>;
type Method = Schedule['target']['method'];
export type Consent = Item<'/consents'>;

/** The caller's own consents by id (a schedule of theirs names the one it runs through). */
export async function myConsents(): Promise<Map<string, Consent>> {
  const { items } = await listOf(client.GET('/consents', { params: { query: { limit: 200 } } }));
  return new Map(items.map((c) => [c.id, c]));
}

/** Why a user schedule cannot run as its creator, when its consent is known not to be active. */
export function consentProblem(s: Schedule, consents: Map<string, Consent> | undefined): string | undefined {
  if (s.kind !== 'user' || !consents) return undefined;
  if (!s.consent_id) return 'no consent';
  const c = consents.get(s.consent_id);
  return c && c.status !== 'active' ? `consent ${c.status}` : undefined;
}

/** The next `n` occurrences of a cron expression in a time zone, or why there are none. */
export function preview(cron: string, timezone: string, n = 5): { dates: string[]; problem?: string } {
  const tz = canonicalTimezone(timezone || 'UTC');
  if (!tz) return { dates: [], problem: 'unknown time zone' };
  const problem = cron.trim() ? cronProblem(cron, tz) : 'enter a cron expression';
  if (problem) return { dates: [], problem };
  const fmt = new Intl.DateTimeFormat(undefined, {
    timeZone: tz,
    dateStyle: 'full',
    timeStyle: 'short',
  });
  const dates: string[] = [];
  let at = new Date();
  for (let i = 0; i < n; i++) {
    const next = nextOccurrence(cron, tz, at);
    if (!next) break;
    dates.push(`${fmt.format(next)} (${tz})`);
    at = next;
  }
  return { dates };
}

type Set = (k: 'method' | 'path' | 'body') => (e: { currentTarget: { value: string } }) => void;

/** A schedule's target: method, API path and optional JSON body (pointers under `/target`). */
export function TargetFields(props: {
  f: { method: string; path: string; body: string };
  set: Set;
  error: ApiError | undefined;
}) {
  const { f, set, error } = props;
  return (
    <>
      <Field label="Method" pointer="/target/method" error={error}>
        {(a) => (
          <select {...a} value={f.method} onChange={set('method')}>
            {['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="API path" pointer="/target/path" error={error}>
        {(a) => <input {...a} required class="mono" value={f.path} onInput={set('path')} />}
      </Field>
      <Field label="JSON body (optional)" pointer="/target/body" error={error}>
        {(a) => <textarea {...a} class="mono" rows={3} value={f.body} onInput={set('body')} />}
      </Field>
    </>
  );
}

/** The next five runs of the cron being typed, in its zone, or why there are none. */
export function NextRuns({ next }: { next: { dates: string[]; problem?: string } }) {
  return (
    <div class="preview" aria-live="polite">
      <h3>Next five runs</h3>
      {next.problem ? (
        <p class="field-error">{next.problem}</p>
      ) : (
        <ol class="occurrences">
          {next.dates.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

function CreateSchedule({ me, created }: { me: Me | undefined; created: () => void }) {
  const [f, setF] = useState({
    slug: '',
    name: '',
    cron: '0 * * * *',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
    kind: 'user' as 'user' | 'system',
    method: 'GET',
    path: '/auth/me',
    body: '',
  });
  const [error, run, busy] = useAction();
  const next = useMemo(() => preview(f.cron, f.timezone), [f.cron, f.timezone]);
  const set = (k: keyof typeof f) => (e: { currentTarget: { value: string } }) =>
    setF({ ...f, [k]: e.currentTarget.value });

  return (
    <form
      class="card"
      aria-label="New schedule"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const body = jsonField(f.body, '/target/body');
          await must(
            client.POST('/scheduler/schedules', {
              body: {
                slug: f.slug,
                ...(f.name ? { name: f.name } : {}),
                cron: f.cron,
                timezone: f.timezone,
                kind: f.kind,
                target: {
                  method: f.method as Method,
                  path: f.path,
                  ...(body !== undefined ? { body } : {}),
                },
              },
            }),
          );
          setF({ ...f, slug: '', name: '' });
          created();
        });
      }}
    >
      <h2>New schedule</h2>
      <Problem error={error} />
      <div class="grid">
        <Field
          label="Slug"
          pointer="/slug"
          error={error}
          hint="Lower-case letters, digits and dashes, e.g. nightly-report"
        >
          {(a) => <input {...a} required value={f.slug} onInput={set('slug')} />}
        </Field>
        <Field label="Name" pointer="/name" error={error}>
          {(a) => <input {...a} value={f.name} onInput={set('name')} />}
        </Field>
        <Field
          label="Cron"
          pointer="/cron"
          error={error}
          hint="Minute, hour, day of month, month, day of week; e.g. 0 9 * * 1 is Mondays at 9:00"
        >
          {(a) => <input {...a} required class="mono" value={f.cron} onInput={set('cron')} />}
        </Field>
        <Field label="Time zone" pointer="/timezone" error={error}>
          {(a) => <input {...a} list="zones" value={f.timezone} onInput={set('timezone')} />}
        </Field>
        <datalist id="zones">
          {ZONES.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        {me?.is_admin && (
          <Field label="Runs as" pointer="/kind" error={error}>
            {(a) => (
              <select {...a} value={f.kind} onChange={set('kind')}>
                <option value="user">Me (user schedule, through a consent)</option>
                <option value="system">The scheduler (system schedule)</option>
              </select>
            )}
          </Field>
        )}
        <TargetFields f={f} set={set} error={error} />
      </div>
      <NextRuns next={next} />
      <button type="submit" disabled={busy}>
        Create schedule
      </button>
    </form>
  );
}

export function Schedules({ me }: { me: Me | undefined }) {
  const list = useCursor((cursor) =>
    listOf(client.GET('/scheduler/schedules', { params: { query: { limit: 50, cursor } } })),
  );
  const consents = useLoad(
    () => (me?.principal_type === 'user' ? myConsents() : Promise.resolve(undefined)),
    [me],
  );
  useEffect(() => {
    // When the page became usable, for the browser's performance timeline (docs/console.md).
    if (list.data && performance.getEntriesByName('console:schedules-usable').length === 0) {
      requestAnimationFrame(() => performance.mark('console:schedules-usable'));
    }
  }, [list.data]);
  const [error, run] = useAction();
  const act = (slug: string, action: 'pause' | 'resume' | 'run') =>
    void run(async () => {
      const path = { params: { path: { slug } } };
      if (action === 'pause') await must(client.POST('/scheduler/schedules/{slug}/pause', path));
      else if (action === 'resume') await must(client.POST('/scheduler/schedules/{slug}/resume', path));
      else await must(client.POST('/scheduler/schedules/{slug}/run', path));
      list.reload();
    });

  return (
    <Page title="Schedules">
      <Problem error={list.error ?? error} />
      {list.data && (
        <Table
          caption="Schedules"
          columns={[
            'Schedule',
            'Cron and zone',
            'Kind',
            'Next run (its zone)',
            'Last run (its zone)',
            ACTIONS,
          ]}
          rows={list.data.items.length}
          empty="No schedule yet."
        >
          {list.data.items.map((s) => {
            const blocked = consentProblem(s, consents.data);
            return (
              <tr key={s.slug} data-schedule={s.slug}>
                <td>
                  <a {...linkProps(`/schedules/${s.slug}`)}>{s.name || s.slug}</a>
                  {s.state === 'paused' && (
                    <span class="badge skipped">
                      {s.paused_by === 'auto-pause' ? 'paused automatically' : 'paused'}
                    </span>
                  )}
                  {s.state === 'completed' && <span class="badge">completed</span>}
                  {blocked && (
                    <a class="badge failed" {...linkProps('/consents')}>
                      {blocked}
                    </a>
                  )}
                </td>
                <td>
                  <code>{s.cron ?? (s.every !== null ? `every ${s.every}` : `once at ${s.once_at}`)}</code>{' '}
                  <small>{s.timezone}</small>
                </td>
                <td>{s.kind}</td>
                <td>{s.enabled ? whenIn(s.next_run_at, s.timezone) : '—'}</td>
                <td>{whenIn(s.last_run_at, s.timezone)}</td>
                <td class="actions">
                  <button type="button" onClick={() => act(s.slug, s.enabled ? 'pause' : 'resume')}>
                    {s.enabled ? 'Pause' : 'Resume'}
                    <span class="sr-only"> {s.slug}</span>
                  </button>
                  <button type="button" onClick={() => act(s.slug, 'run')}>
                    Fire now<span class="sr-only"> {s.slug}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      <NextPage more={list.more} />
      <CreateSchedule me={me} created={list.reload} />
    </Page>
  );
}
