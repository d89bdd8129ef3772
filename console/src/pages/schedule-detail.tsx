// One schedule: its settings, actions, run history and a chart of runs per day by state.
import { api, page } from '../api';
import type { Me } from '../me';
import { linkProps } from '../router';
import { RUN_STATES, type Run, type Schedule } from '../schedule-types';
import { Page, Problem, Table, useAction, useLoad, when } from '../ui';

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
  const max = Math.max(...days.map((d) => Object.values(d.counts).reduce((a, b) => a + b, 0)));
  const w = 24;
  const h = 120;
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
        viewBox={`0 0 ${days.length * w + 40} ${h + 20}`}
        width={days.length * w + 40}
        height={h + 20}
      >
        {days.map((d, i) => {
          let y = h;
          return (
            <g key={d.day}>
              {RUN_STATES.map((s) => {
                const n = d.counts[s] ?? 0;
                if (!n) return null;
                const bar = (n / max) * (h - 10);
                y -= bar;
                return <rect key={s} class={`bar ${s}`} x={i * w + 4} y={y} width={w - 8} height={bar} />;
              })}
              <text x={i * w + w / 2} y={h + 14} text-anchor="middle">
                {d.day.slice(8)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        Runs per day (UTC) by state:{' '}
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
  const schedule = useLoad(() => api<Schedule>('GET', `/scheduler/schedules/${slug}`), [slug]);
  const runs = useLoad(() => page<Run>(`/scheduler/schedules/${slug}/runs?limit=200`), [slug]);
  const [error, run, busy] = useAction();
  const s = schedule.data;
  const act = (action: 'pause' | 'resume' | 'run') =>
    void run(async () => {
      await api('POST', `/scheduler/schedules/${slug}/${action}`);
      schedule.reload();
      runs.reload();
    });

  return (
    <Page title={s ? `Schedule ${s.name || s.slug}` : `Schedule ${slug}`}>
      <p>
        <a {...linkProps('/schedules')}>All schedules</a>
      </p>
      <Problem error={schedule.error ?? error} />
      {s && (
        <>
          <dl class="facts">
            <dt>Cron</dt>
            <dd>
              <code>{s.cron}</code> ({s.timezone})
            </dd>
            <dt>Calls</dt>
            <dd>
              <code>
                {s.target.method} {s.target.path}
              </code>
            </dd>
            <dt>Runs as</dt>
            <dd>
              {s.kind === 'user' ? `${s.created_by}, through a consent` : 'the scheduler service account'}
            </dd>
            <dt>State</dt>
            <dd>{s.enabled ? 'active' : 'paused'}</dd>
            <dt>Next run</dt>
            <dd>{s.enabled ? when(s.next_run_at) : '—'}</dd>
            <dt>Last run</dt>
            <dd>{when(s.last_run_at)}</dd>
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
          </div>
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
            'Started',
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
              <td>{when(r.started_at)}</td>
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
      {me?.is_admin && s?.kind === 'user' && (
        <p class="hint">
          A user schedule runs as its creator: admins may pause, resume or fire it, not edit it.
        </p>
      )}
    </Page>
  );
}
