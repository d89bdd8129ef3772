// Analytics of an organization: the operations log (filters, list, timeline, recording an entry) and a
// project's score history as a line chart. Both read the analytics store through the API.
import { useState } from 'preact/hooks';
import { api, page } from '../api';
import { OrgPicker } from '../org-picker';
import { Field, Page, Problem, Table, useAction, useLoad, when } from '../ui';

interface Entry {
  id: string;
  project: string;
  environment: string;
  entry_type: string;
  description: string;
  version: string | null;
  occurred_at: string;
  recorded_by: string;
}
interface ScoreChange {
  score: number | null;
  previous_score: number | null;
  reason: string;
  computed_at: string;
}

const ENTRY_TYPES = [
  'Deployed',
  'Rolled Back',
  'Configured',
  'Restarted',
  'Scaled',
  'Maintenance',
  'Incident',
  'Note',
];

function Timeline({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) return null;
  const times = entries.map((e) => Date.parse(e.occurred_at));
  const min = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - min);
  const w = 640;
  const described = entries
    .map((e) => `${when(e.occurred_at)} ${e.entry_type} ${e.project}/${e.environment}`)
    .join('; ');
  return (
    <figure class="chart">
      <svg
        role="img"
        aria-label={`Timeline of ${entries.length} entries: ${described}`}
        viewBox={`0 0 ${w + 20} 60`}
        width={w + 20}
        height={60}
      >
        <line x1={10} y1={30} x2={w + 10} y2={30} class="axis" />
        {entries.map((e, i) => (
          <circle
            key={e.id}
            cx={10 + ((times[i]! - min) / span) * w}
            cy={30}
            r={6}
            class={`dot ${e.entry_type.replace(/\s/g, '-')}`}
          >
            <title>{`${e.entry_type}: ${e.description}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption>
        {when(new Date(min).toISOString())} to {when(new Date(min + span).toISOString())}
      </figcaption>
    </figure>
  );
}

function OperationsLog({ org }: { org: string }) {
  const base = `/organizations/${encodeURIComponent(org)}/operations-log`;
  const [filters, setFilters] = useState({ project: '', environment: '', since: '', until: '' });
  const [applied, setApplied] = useState(filters);
  const query = new URLSearchParams({ limit: '100' });
  if (applied.project) query.set('project', applied.project);
  if (applied.environment) query.set('environment', applied.environment);
  if (applied.since) query.set('since', new Date(applied.since).toISOString());
  if (applied.until) query.set('until', new Date(applied.until).toISOString());
  const list = useLoad(() => page<Entry>(`${base}?${query}`), [base, query.toString()]);
  const [entry, setEntry] = useState({
    project: '',
    environment: '',
    entry_type: 'Deployed',
    description: '',
    version: '',
  });
  const [error, run, busy] = useAction();
  const setF = (k: keyof typeof filters) => (e: { currentTarget: { value: string } }) =>
    setFilters({ ...filters, [k]: e.currentTarget.value });
  const setE = (k: keyof typeof entry) => (e: { currentTarget: { value: string } }) =>
    setEntry({ ...entry, [k]: e.currentTarget.value });

  return (
    <>
      <h2>Operations log</h2>
      <form
        class="inline"
        aria-label="Filter the operations log"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filters);
        }}
      >
        <Field label="Project" pointer="/project" error={list.error}>
          {(a) => <input {...a} value={filters.project} onInput={setF('project')} />}
        </Field>
        <Field label="Environment" pointer="/environment" error={list.error}>
          {(a) => <input {...a} value={filters.environment} onInput={setF('environment')} />}
        </Field>
        <Field label="Since" pointer="/since" error={list.error}>
          {(a) => <input {...a} type="datetime-local" value={filters.since} onInput={setF('since')} />}
        </Field>
        <Field label="Until" pointer="/until" error={list.error}>
          {(a) => <input {...a} type="datetime-local" value={filters.until} onInput={setF('until')} />}
        </Field>
        <button type="submit">Apply filters</button>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
      </form>
      <Problem error={list.error} />
      {list.data && <Timeline entries={list.data.items} />}
      {list.data && (
        <Table
          caption="Operations log entries, newest first"
          columns={['When', 'Type', 'Project / environment', 'Description', 'Version', 'Recorded by']}
          rows={list.data.items.length}
          empty="No entry matches."
        >
          {list.data.items.map((e) => (
            <tr key={e.id} data-entry={e.id}>
              <td>{when(e.occurred_at)}</td>
              <td>{e.entry_type}</td>
              <td>
                {e.project} / {e.environment}
              </td>
              <td>{e.description}</td>
              <td>{e.version ?? '—'}</td>
              <td>{e.recorded_by}</td>
            </tr>
          ))}
        </Table>
      )}
      <form
        class="card"
        aria-label="Record an entry"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await api('POST', base, {
              project: entry.project,
              environment: entry.environment,
              entry_type: entry.entry_type,
              description: entry.description,
              ...(entry.version ? { version: entry.version } : {}),
            });
            setEntry({ ...entry, description: '', version: '' });
            list.reload();
          });
        }}
      >
        <h3>Record an entry</h3>
        <Problem error={error} />
        <div class="grid">
          <Field label="Entry project" pointer="/project" error={error}>
            {(a) => <input {...a} required value={entry.project} onInput={setE('project')} />}
          </Field>
          <Field label="Entry environment" pointer="/environment" error={error}>
            {(a) => <input {...a} required value={entry.environment} onInput={setE('environment')} />}
          </Field>
          <Field label="Type" pointer="/entry_type" error={error}>
            {(a) => (
              <select {...a} value={entry.entry_type} onChange={setE('entry_type')}>
                {ENTRY_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Description" pointer="/description" error={error}>
            {(a) => <input {...a} required value={entry.description} onInput={setE('description')} />}
          </Field>
          <Field label="Version" pointer="/version" error={error}>
            {(a) => <input {...a} value={entry.version} onInput={setE('version')} />}
          </Field>
        </div>
        <button type="submit" disabled={busy}>
          Record entry
        </button>
      </form>
    </>
  );
}

function ScoreChart({ changes }: { changes: ScoreChange[] }) {
  const points = changes
    .filter((c) => c.score !== null)
    .map((c) => ({ t: Date.parse(c.computed_at), s: c.score! }))
    .sort((a, b) => a.t - b.t);
  if (points.length === 0) return <p>No score yet.</p>;
  const w = 640;
  const h = 160;
  const t0 = points[0]!.t;
  const span = Math.max(1, points[points.length - 1]!.t - t0);
  const max = Math.max(100, ...points.map((p) => p.s));
  const xy = points.map((p) => `${10 + ((p.t - t0) / span) * w},${h - 10 - (p.s / max) * (h - 20)}`);
  return (
    <figure class="chart">
      <svg
        role="img"
        aria-label={`Score over time: ${points.map((p) => `${p.s} on ${when(new Date(p.t).toISOString())}`).join('; ')}`}
        viewBox={`0 0 ${w + 20} ${h}`}
        width={w + 20}
        height={h}
      >
        <polyline points={xy.join(' ')} class="line" />
        {xy.map((p) => (
          <circle key={p} cx={p.split(',')[0]} cy={p.split(',')[1]} r={3} class="dot Deployed" />
        ))}
      </svg>
      <figcaption>Score (0 to {max}) over time, oldest on the left</figcaption>
    </figure>
  );
}

function ScoreHistory({ org }: { org: string }) {
  const projects = useLoad(
    () =>
      page<{ slug: string; name: string }>(`/organizations/${encodeURIComponent(org)}/projects?limit=200`),
    [org],
  );
  const [project, setProject] = useState<string>();
  const chosen = project ?? projects.data?.items[0]?.slug;
  const history = useLoad(
    async () =>
      chosen
        ? page<ScoreChange>(
            `/organizations/${encodeURIComponent(org)}/projects/${encodeURIComponent(chosen)}/score/history?limit=200`,
          )
        : undefined,
    [org, chosen],
  );
  return (
    <>
      <h2>Score history</h2>
      <Problem error={projects.error ?? history.error} />
      {projects.data && projects.data.items.length === 0 && <p>No project yet.</p>}
      {projects.data && projects.data.items.length > 0 && (
        <Field label="Project of the score history">
          {(a) => (
            <select {...a} value={chosen} onChange={(e) => setProject(e.currentTarget.value)}>
              {projects.data!.items.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {history.data && <ScoreChart changes={history.data.items} />}
    </>
  );
}

export function Analytics() {
  return (
    <Page title="Analytics">
      <OrgPicker>
        {(org) => (
          <div key={org}>
            <OperationsLog org={org} />
            <ScoreHistory org={org} />
          </div>
        )}
      </OrgPicker>
    </Page>
  );
}
