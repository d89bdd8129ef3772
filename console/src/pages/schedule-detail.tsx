// One schedule: its settings, actions, run history and a chart of runs per day by state.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import type { Me } from '../me';
import { linkProps, navigate } from '../router';
import { ticks } from '../chart';
import { Page, Problem, Table, useAction, useConfirm, useLoad, useNotice, whenIn } from '../ui';
import { consentProblem, myConsents, type Schedule } from './schedules';
import { EditSchedule } from './schedule-edit';
import { UpcomingRuns } from './schedule-preview';
import {
  autoPauseWords,
  jitterWords,
  nextDstWords,
  overlapWords,
  retryWords,
  stateWords,
  timeoutWords,
  triggerWords,
} from './schedule-words';

type Run = Item<'/scheduler/schedules/{slug}/runs'>;
const RUN_STATES = ['succeeded', 'failed', 'skipped', 'running'] as const;

/** What the person viewing may do with a schedule, as the API decides it (docs/console.md). */
export function mayEdit(s: Schedule, me: Me | undefined): boolean {
  if (!me) return false;
  return s.kind === 'system'
    ? me.is_admin
    : me.principal_type === 'user' && me.principal_name === s.created_by;
}
function mayManage(s: Schedule, me: Me | undefined): boolean {
  return !!me && (me.is_admin || (s.kind === 'user' && me.principal_name === s.created_by));
}

/** Runs counted per UTC day and state, oldest day first. */
export function runsPerDay(runs: Run[]): { day: string; counts: Record<string, number> }[] {
  const days = new Map<string, Record<string, number>>();
  for (const r of runs) {
    const day = r.started_at.slice(0, 10);
    const counts = days.get(day) ?? {};
    counts[r.state] = (counts[r.state] ?? 0) + 1;
    days.set(day, counts);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, counts]) => ({ day, counts }));
}

function RunsChart({ runs }: { runs: Run[] }) {
  const days = runsPerDay(runs).slice(-30);
  if (days.length === 0) return null;
  const yTicks = ticks(
    Math.max(...days.map((d) => Object.values(d.counts).reduce((a, b) => a + b, 0))),
    5,
    true,
  );
  const max = yTicks[yTicks.length - 1]!;
  const left = 36;
  const bottom = 30;
  // A day's column is wide enough for its 11 px label (11/29).
  const w = 36;
  const h = 150;
  const width = left + days.length * w + 8;
  const y = (v: number) => 8 + (1 - v / max) * (h - bottom);
  const summary = days
    .map(
      (d) =>
        `${d.day}: ${RUN_STATES.filter((s) => d.counts[s])
          .map((s) => `${d.counts[s]} ${s}`)
          .join(', ')}`,
    )
    .join('; ');
  return (
    <figure class="chart">
      <svg
        role="img"
        aria-label={`Runs per day by state. ${summary}`}
        viewBox={`0 0 ${width} ${h}`}
        width={width}
        height={h}
      >
        {yTicks.map((v) => (
          <g key={v}>
            <line class="grid" x1={left} x2={width - 4} y1={y(v)} y2={y(v)} />
            <text x={left - 6} y={y(v) + 4} text-anchor="end">
              {v}
            </text>
          </g>
        ))}
        <line class="axis" x1={left} x2={left} y1={8} y2={y(0)} />
        <line class="axis" x1={left} x2={width - 4} y1={y(0)} y2={y(0)} />
        {days.map((d, i) => {
          let top = y(0);
          return (
            <g key={d.day}>
              {RUN_STATES.map((s) => {
                const n = d.counts[s] ?? 0;
                if (!n) return null;
                const bar = y(0) - y(n);
                top -= bar;
                return (
                  <rect key={s} class={`bar ${s}`} x={left + i * w + 4} y={top} width={w - 8} height={bar} />
                );
              })}
              <text x={left + i * w + w / 2} y={h - 12} text-anchor="middle">
                {d.day.slice(5).replace('-', '/')}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Runs per day (vertical axis: number of runs; horizontal axis: month/day, UTC) by state:{' '}
        {RUN_STATES.map((s) => (
          <span key={s} class={`legend ${s}`}>
            {s}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export function ScheduleDetail({ slug, me }: { slug: string; me: Me | undefined }) {
  const path = { params: { path: { slug } } };
  const schedule = useLoad(() => must(client.GET('/scheduler/schedules/{slug}', path)), [slug]);
  const runs = useLoad(
    () =>
      listOf(
        client.GET('/scheduler/schedules/{slug}/runs', {
          params: { path: { slug }, query: { limit: 200 } },
        }),
      ),
    [slug],
  );
  const consents = useLoad(
    () => (me?.principal_type === 'user' ? myConsents() : Promise.resolve(undefined)),
    [me],
  );
  const [error, run, busy] = useAction();
  const [editing, setEditing] = useState(false);
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
  const s = schedule.data;
  const act = (action: 'pause' | 'resume' | 'run') =>
    void run(async () => {
      if (action === 'pause') await must(client.POST('/scheduler/schedules/{slug}/pause', path));
      else if (action === 'resume') await must(client.POST('/scheduler/schedules/{slug}/resume', path));
      else await must(client.POST('/scheduler/schedules/{slug}/run', path));
      announce(
        action === 'run' ? 'Run started.' : action === 'pause' ? 'Schedule paused.' : 'Schedule resumed.',
      );
      schedule.reload();
      runs.reload();
    });
  const remove = async () => {
    if (
      !(await confirm(
        `Delete the schedule ${s?.name || slug}? Its run history goes with it.`,
        'Delete schedule',
      ))
    )
      return;
    if (await run(() => must(client.DELETE('/scheduler/schedules/{slug}', path)))) navigate('/schedules');
  };
  const blocked = s && consentProblem(s, consents.data);

  return (
    <Page title={s ? `Schedule ${s.name || s.slug}` : `Schedule ${slug}`}>
      <p>
        <a {...linkProps('/schedules')}>All schedules</a>
      </p>
      <Problem error={schedule.error ?? error} />
      {notice}
      {dialog}
      {s && editing && (
        <EditSchedule
          s={s}
          saved={() => (setEditing(false), announce('Schedule saved.'), schedule.reload())}
          cancel={() => setEditing(false)}
        />
      )}
      {s && !editing && (
        <>
          {stateWords(s) && (
            <p class={s.paused_by === 'auto-pause' ? 'paused-reason' : 'hint'} data-state={s.state}>
              {stateWords(s)}
            </p>
          )}
          <dl class="facts">
            <dt>When</dt>
            <dd>
              {s.cron !== null ? (
                <>
                  On the cron <code>{s.cron}</code>, in {s.timezone} time
                </>
              ) : (
                triggerWords(s)
              )}
            </dd>
            <dt>Calls</dt>
            <dd>
              <code>
                {s.target.method} {s.target.path}
              </code>
            </dd>
            <dt>Runs as</dt>
            <dd>
              {s.kind === 'user' ? (
                <>
                  {s.created_by}, through{' '}
                  {me?.principal_name === s.created_by ? (
                    <a {...linkProps('/consents')}>a consent</a>
                  ) : (
                    'a consent'
                  )}
                  {blocked && <span class="badge failed">{blocked}</span>}
                </>
              ) : (
                'the scheduler service account'
              )}
            </dd>
            <dt>State</dt>
            <dd>{s.state === 'paused' && s.paused_by === 'auto-pause' ? 'paused automatically' : s.state}</dd>
            <dt>Next run</dt>
            <dd>
              {s.state === 'active' ? whenIn(s.next_run_at, s.timezone) : '—'}
              {s.state === 'active' && nextDstWords(s) && <span class="dst">: {nextDstWords(s)}</span>}
            </dd>
            <dt>Last run</dt>
            <dd>{whenIn(s.last_run_at, s.timezone)}</dd>
            <dt>Jitter</dt>
            <dd>{jitterWords(s)}</dd>
            <dt>Call timeout</dt>
            <dd>{timeoutWords(s)}</dd>
            <dt>If the previous run is still going</dt>
            <dd>{overlapWords(s)}</dd>
            <dt>Retries</dt>
            <dd>{retryWords(s)}</dd>
            <dt>Pauses itself</dt>
            <dd>{autoPauseWords(s)}</dd>
          </dl>
          <div class="actions">
            <button type="button" disabled={busy} onClick={() => act(s.enabled ? 'pause' : 'resume')}>
              {s.enabled ? 'Pause' : 'Resume'}
            </button>
            <button type="button" disabled={busy} onClick={() => act('run')}>
              Fire now
            </button>
            <button type="button" onClick={runs.reload}>
              Refresh history
            </button>
            {mayEdit(s, me) && (
              <button type="button" onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
            {mayManage(s, me) && (
              <button type="button" class="danger" onClick={() => void remove()}>
                Delete
              </button>
            )}
          </div>
          {s.state !== 'completed' && (
            <UpcomingRuns
              query={{
                ...(s.cron !== null
                  ? { cron: s.cron }
                  : s.every !== null
                    ? { every: s.every }
                    : { once_at: s.once_at! }),
                timezone: s.timezone,
              }}
              createdAt={s.created_at}
              heading={s.state === 'paused' ? 'Next runs, once resumed' : 'Upcoming runs'}
              level={2}
            />
          )}
        </>
      )}
      <h2>Run history</h2>
      <Problem error={runs.error} />
      {runs.data && <RunsChart runs={runs.data.items} />}
      {runs.data && (
        <Table
          class="runs"
          caption="Runs, newest first"
          columns={[
            s ? `Started (${s.timezone})` : 'Started',
            'Trigger',
            'State',
            'HTTP',
            'Principal',
            'Actor',
            'Duration',
            'Reason or error',
          ]}
          rows={runs.data.items.length}
          empty="No run yet."
        >
          {runs.data.items.map((r) => (
            <tr key={r.id} data-run={r.id} data-state={r.state}>
              <td>{whenIn(r.started_at, s?.timezone)}</td>
              <td>{r.trigger}</td>
              <td>
                <span class={`badge ${r.state}`}>{r.state}</span>
              </td>
              <td>{r.http_status ?? '—'}</td>
              <td>{r.principal_name ?? '—'}</td>
              <td>{r.actor_name ?? '—'}</td>
              <td>{r.duration_ms === null ? '—' : `${r.duration_ms} ms`}</td>
              <td>{r.error ?? ''}</td>
            </tr>
          ))}
        </Table>
      )}
      {s && !mayEdit(s, me) && (
        <p class="hint">
          {s.kind === 'user'
            ? `This schedule runs as ${s.created_by}: only they may edit it.${mayManage(s, me) ? ' You may pause, resume, fire or delete it.' : ''}`
            : 'A system schedule: only admins may edit it.'}
        </p>
      )}
    </Page>
  );
}
