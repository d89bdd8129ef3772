// Analytics of an organization: the operations log (filters, list, timeline, recording an entry) and a
// project's score history as a line chart. Both read the analytics store through the API.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { LineChart } from '../chart';
import { useSlugNames } from '../names';
import { OrgPicker } from '../org-picker';
import { environmentSearch, Picker, projectSearch, type Choice } from '../picker';
import { Field, Page, Problem, Table, useAction, useLoad, when } from '../ui';

type Entry = Item<'/organizations/{org}/operations-log'>;
type ScoreChange = Item<'/organizations/{org}/projects/{project}/score/history'>;
type EntryType = Entry['entry_type'];

const ENTRY_TYPES: EntryType[] = [
  'Deployed',
  'Rolled Back',
  'Configured',
  'Restarted',
  'Scaled',
  'Maintenance',
  'Incident',
  'Note',
];

type Names = ReturnType<typeof useSlugNames>;

function Timeline({ entries, names }: { entries: Entry[]; names: Names }) {
  if (entries.length === 0) return null;
  const times = entries.map((e) => Date.parse(e.occurred_at));
  const min = Math.min(...times);
  const span = Math.max(1, Math.max(...times) - min);
  const w = 640;
  const at = (t: number) => 10 + ((t - min) / span) * w;
  // The time axis: start, middle and end, as dates (with the hour when the span is under two days).
  const short = span < 2 * 86_400_000;
  const label = (t: number) =>
    new Date(t).toLocaleString(
      undefined,
      short
        ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
        : { month: 'short', day: 'numeric' },
    );
  const xTicks = span <= 1 ? [min] : [min, min + span / 2, min + span];
  const types = [...new Set(entries.map((e) => e.entry_type))];
  const described = entries
    .map((e) => `${when(e.occurred_at)} ${e.entry_type} ${names.project(e)} in ${names.environment(e)}`)
    .join('; ');
  return (
    <figure class="chart">
      <svg
        role="img"
        aria-label={`Timeline of ${entries.length} entries: ${described}`}
        viewBox={`0 0 ${w + 20} 64`}
        class="timeline"
      >
        <line x1={10} y1={24} x2={w + 10} y2={24} class="axis" />
        {xTicks.map((t, i) => (
          <g key={i}>
            <line x1={at(t)} x2={at(t)} y1={30} y2={36} class="axis" />
            <text
              x={at(t)}
              y={54}
              text-anchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
            >
              {label(t)}
            </text>
          </g>
        ))}
        {entries.map((e, i) => (
          <circle
            key={e.id}
            cx={at(times[i]!)}
            cy={24}
            r={6}
            class={`dot ${e.entry_type.replace(/\s/g, '-')}`}
          >
            <title>{`${e.entry_type}: ${e.description}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption>
        Entries by time ({when(new Date(min).toISOString())} to {when(new Date(min + span).toISOString())}),
        coloured by type:{' '}
        {types.map((t) => (
          <span key={t} class="type-key">
            <svg viewBox="0 0 12 12" width={12} height={12} aria-hidden="true">
              <circle cx={6} cy={6} r={5} class={`dot ${t.replace(/\s/g, '-')}`} />
            </svg>{' '}
            {t}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function OperationsLog({ org }: { org: string }) {
  // The project and the environment are chosen from the lists (the organization's projects searched as
  // typed, the environments); the API takes their slugs.
  const projects = useMemo(() => projectSearch(org, 'slug'), [org]);
  const environments = useMemo(() => environmentSearch('slug'), []);
  const [filters, setFilters] = useState({
    project: null as Choice | null,
    environment: null as Choice | null,
    since: '',
    until: '',
  });
  const [applied, setApplied] = useState(filters);
  const query = {
    limit: 100,
    ...(applied.project ? { project: applied.project.value } : {}),
    ...(applied.environment ? { environment: applied.environment.value } : {}),
    ...(applied.since ? { since: new Date(applied.since).toISOString() } : {}),
    ...(applied.until ? { until: new Date(applied.until).toISOString() } : {}),
  };
  const list = useLoad(
    () => listOf(client.GET('/organizations/{org}/operations-log', { params: { path: { org }, query } })),
    [org, JSON.stringify(query)],
  );
  // The entries name their project and environment by slug: each named once, by a read of its own.
  const names = useSlugNames(org, list.data?.items ?? []);
  const [entry, setEntry] = useState({
    project: null as Choice | null,
    environment: null as Choice | null,
    entry_type: 'Deployed',
    description: '',
    version: '',
  });
  const [error, run, busy] = useAction();
  const setF = (k: 'since' | 'until') => (e: { currentTarget: { value: string } }) =>
    setFilters({ ...filters, [k]: e.currentTarget.value });
  const setE = (k: 'entry_type' | 'description' | 'version') => (e: { currentTarget: { value: string } }) =>
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
        <Picker
          label="Project"
          noun="project"
          placeholder="Any project"
          search={projects}
          pointer="/project"
          error={list.error}
          value={filters.project}
          onValue={(project) => setFilters({ ...filters, project })}
        />
        <Picker
          label="Environment"
          noun="environment"
          placeholder="Any environment"
          search={environments}
          pointer="/environment"
          error={list.error}
          value={filters.environment}
          onValue={(environment) => setFilters({ ...filters, environment })}
        />
        <Field label="Since" pointer="/since" error={list.error}>
          {(a) => <input {...a} type="datetime-local" value={filters.since} onInput={setF('since')} />}
        </Field>
        <Field label="Until" pointer="/until" error={list.error}>
          {(a) => <input {...a} type="datetime-local" value={filters.until} onInput={setF('until')} />}
        </Field>
        <div class="actions">
          <button type="submit">Apply filters</button>
          <button type="button" class="secondary" onClick={list.reload}>
            Refresh
          </button>
        </div>
      </form>
      <Problem error={list.error} />
      {list.data && <Timeline entries={list.data.items} names={names} />}
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
                {names.project(e)} / {names.environment(e)}
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
            await must(
              client.POST('/organizations/{org}/operations-log', {
                params: { path: { org } },
                body: {
                  project: entry.project?.value ?? '',
                  environment: entry.environment?.value ?? '',
                  entry_type: entry.entry_type as EntryType,
                  description: entry.description,
                  ...(entry.version ? { version: entry.version } : {}),
                },
              }),
            );
            setEntry({ ...entry, description: '', version: '' });
            list.reload();
          });
        }}
      >
        <h3>Record an entry</h3>
        <Problem error={error} />
        <div class="grid">
          <Picker
            label="Entry project"
            noun="project"
            search={projects}
            pointer="/project"
            error={error}
            required
            value={entry.project}
            onValue={(project) => setEntry({ ...entry, project })}
          />
          <Picker
            label="Entry environment"
            noun="environment"
            search={environments}
            pointer="/environment"
            error={error}
            required
            value={entry.environment}
            onValue={(environment) => setEntry({ ...entry, environment })}
          />
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
    .map((c) => ({ at: Date.parse(c.computed_at), value: c.score! }))
    .sort((a, b) => a.at - b.at);
  if (points.length === 0) return <p>No score yet.</p>;
  return <LineChart points={points} label="Score over time" unit="points" max={100} />;
}

function ScoreHistory({ org }: { org: string }) {
  const projects = useMemo(() => projectSearch(org, 'slug'), [org]);
  const [project, setProject] = useState<Choice | null>(null);
  // The organization's first project to begin with (one short page read), then any one searched for.
  const first = useLoad(() => projects(''), [projects]);
  useEffect(() => {
    const [top] = first.data?.choices ?? [];
    if (top) setProject((p) => p ?? top);
  }, [first.data]);
  const chosen = project?.value;
  const history = useLoad(
    async () =>
      chosen
        ? listOf(
            client.GET('/organizations/{org}/projects/{project}/score/history', {
              params: { path: { org, project: chosen }, query: { limit: 200 } },
            }),
          )
        : undefined,
    [org, chosen],
  );
  return (
    <>
      <h2>Score history</h2>
      <Problem error={first.error ?? history.error} />
      {first.data && first.data.choices.length === 0 && <p>No project yet.</p>}
      {first.data && first.data.choices.length > 0 && (
        <Picker
          label="Project of the score history"
          noun="project"
          search={projects}
          value={project}
          onValue={setProject}
        />
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
