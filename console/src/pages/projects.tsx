// Projects: the searchable, filtered keyset list of an organization, and one project's page in sections
// (attributes and types, archive, dependencies, environments, links, score, access, comments, operations,
// releases listed newest first, activity).
import { useEffect, useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { linkProps, navigate } from '../router';
import { OrgCrumbs } from '../crumbs';
import { EventSummary } from './activity';
import { LineChart } from '../chart';
import {
  ACTIONS,
  Field,
  NextPage,
  Page,
  Problem,
  Table,
  useAction,
  useCursor,
  useLoad,
  useNotice,
  when,
} from '../ui';
import { asOption, DangerButton, NameSlugFields, SelectField, Submit, TextField, useActions } from '../forms';
import { attributeValue, Attributes, AttributesFields } from './project-attributes';
import { allowed, NotAllowed, refusal, together, useCan } from '../can';
import { flatten, type Json, type Schema } from '../schema-form';
import { ArchiveControls, Dependencies } from './project-links';
import { Deployments, Links, type Environment } from './project-deployments';

type Team = { slug: string; name: string };
type ProjectType = Item<'/organizations/{org}/project-types'>;
type Blueprint = Item<'/organizations/{org}/blueprints'>;
type Grant = Item<'/organizations/{org}/projects/{project}/access'>;
const ACTIONS_ACL = ['read', 'update', 'delete'] as const;

interface Filters {
  team: string;
  type: string;
  environment: string;
  archived: 'false' | 'true' | 'any';
  attrName: string;
  attrValue: string;
}
const NO_FILTER: Filters = {
  team: '',
  type: '',
  environment: '',
  archived: 'false',
  attrName: '',
  attrValue: '',
};

/** The list's query: search and filters as the API takes them (`attr.<name>=<value>` for an attribute). */
export function listQuery(search: string, f: Filters, cursor: string | undefined) {
  return {
    limit: 25,
    cursor,
    ...(search ? { q: search } : {}),
    ...(f.team ? { team: f.team } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.environment ? { environment: f.environment } : {}),
    ...(f.archived !== 'false' ? { archived: f.archived } : {}),
    ...(f.attrName.trim() && f.attrValue.trim() ? { [`attr.${f.attrName.trim()}`]: f.attrValue.trim() } : {}),
  };
}

export function ProjectList({ org, teams }: { org: string; teams: Team[] }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  // A link may name a type (`?type=service`, from the project types page).
  const [filters, setFilters] = useState<Filters>(() => ({
    ...NO_FILTER,
    type: new URLSearchParams(location.search).get('type') ?? '',
  }));
  // What is typed is applied 250 ms after the last key.
  const [applied, setApplied] = useState<Filters>(filters);
  useEffect(() => {
    const t = setTimeout(() => (setSearch(q.trim()), setApplied(filters)), 250);
    return () => clearTimeout(t);
  }, [q, filters]);
  const types = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/project-types', {
          params: { path: { org }, query: { limit: 200 } },
        }),
      ),
    [org],
  );
  // Environments to filter by (environment:read; without it, no such filter).
  const envs = useLoad(() => listOf(client.GET('/environments', { params: { query: { limit: 200 } } })), []);
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects', {
          // `attr.<name>` is a family of parameters the document cannot list by name.
          params: { path: { org }, query: listQuery(search, applied, cursor) as { limit: number } },
        }),
      ),
    [org, search, JSON.stringify(applied)],
  );
  useEffect(() => {
    if (list.data && performance.getEntriesByName('console:projects-usable').length === 0)
      requestAnimationFrame(() => performance.mark('console:projects-usable'));
  }, [list.data]);
  const [notice, announce] = useNotice();
  const typeName = new Map(types.data?.items.map((t) => [t.slug, t.name]));
  const teamName = new Map(teams.map((t) => [t.slug, t.name]));
  const envName = new Map(envs.data?.items.map((e) => [e.slug, e.name]));
  const filtered = search || JSON.stringify(applied) !== JSON.stringify(NO_FILTER);
  return (
    <div class="projects">
      {notice}
      <div role="search" aria-label="Find projects" class="filters">
        <TextField
          label="Search projects"
          hint="By slug, name or attribute text"
          type="search"
          value={q}
          onValue={setQ}
        />
        <SelectField
          label="Team"
          value={filters.team}
          onValue={(team) => setFilters({ ...filters, team })}
          options={[{ value: '', text: 'Any team' }, ...teams.map(asOption)]}
        />
        <SelectField
          label="Type"
          value={filters.type}
          onValue={(type) => setFilters({ ...filters, type })}
          options={[{ value: '', text: 'Any type' }, ...(types.data?.items ?? []).map(asOption)]}
        />
        {envs.data && (
          <SelectField
            label="Runs in"
            value={filters.environment}
            onValue={(environment) => setFilters({ ...filters, environment })}
            options={[{ value: '', text: 'Any environment' }, ...envs.data.items.map(asOption)]}
          />
        )}
        <SelectField
          label="Archived"
          value={filters.archived}
          onValue={(archived) => setFilters({ ...filters, archived: archived as Filters['archived'] })}
          options={[
            { value: 'false', text: 'Live projects' },
            { value: 'true', text: 'Archived only' },
            { value: 'any', text: 'Both' },
          ]}
        />
        <TextField
          label="Attribute"
          hint="Its name, e.g. tier"
          mono
          value={filters.attrName}
          onValue={(attrName) => setFilters({ ...filters, attrName })}
        />
        <TextField
          label="Equals"
          hint="The value, e.g. gold"
          value={filters.attrValue}
          onValue={(attrValue) => setFilters({ ...filters, attrValue })}
        />
        {filtered && (
          <button type="button" onClick={() => (setQ(''), setFilters(NO_FILTER))}>
            Clear filters
          </button>
        )}
      </div>
      <Problem error={list.error ?? types.error} />
      {list.data && (
        <Table
          caption={`Projects of ${org}`}
          columns={['Project', 'Team', 'Types', 'Runs in', 'Score']}
          rows={list.data.items.length}
          empty={filtered ? 'No project matches.' : 'No project yet.'}
        >
          {list.data.items.map((p) => (
            <tr key={p.slug} data-project={p.slug}>
              <td>
                <a {...linkProps(`/organizations/${org}/projects/${p.slug}`)}>{p.name}</a>{' '}
                <small class="mono">{p.slug}</small>
                {p.archived && <span class="badge skipped">archived</span>}
              </td>
              <td>{teamName.get(p.team) ?? p.team}</td>
              <td>{p.types.map((t) => typeName.get(t) ?? t).join(', ') || '—'}</td>
              <td>
                {p.environments
                  .map(
                    (e) =>
                      `${envName.get(e.environment) ?? e.environment}${e.version ? ` ${e.version}` : ''}`,
                  )
                  .join(', ') || '—'}
              </td>
              <td>{p.score ?? '—'}</td>
            </tr>
          ))}
        </Table>
      )}
      <div class="actions">
        {list.first && (
          <button type="button" onClick={list.first}>
            First page
          </button>
        )}
        <NextPage more={list.more} />
      </div>
      <NewProject
        org={org}
        teams={teams}
        types={types.data?.items ?? []}
        created={(slug) => (announce(`Project ${slug} created.`), list.reload())}
      />
    </div>
  );
}

/**
 * The schema a new project of these types must fit: the organization's blueprint and those of the chosen
 * types, as the API combines them (`allOf`), flattened into one form.
 */
export function schemaFor(blueprints: Blueprint[], types: string[]): Schema {
  const applying = blueprints.filter((b) => b.project_type === null || types.includes(b.project_type));
  return flatten({ type: 'object', allOf: applying.map((b) => b.schema as Schema) });
}

function NewProject(props: {
  org: string;
  teams: Team[];
  types: ProjectType[];
  created: (slug: string) => void;
}) {
  const [f, setF] = useState({ name: '', slug: '', team: '' });
  const [types, setTypes] = useState<string[]>([]);
  const [doc, setDoc] = useState<Json | undefined>({});
  const [attrs, setAttrs] = useState<{ key: string; value: string }[]>([]);
  const [error, run, busy] = useAction();
  // The blueprints, to build the attributes' fields (a caller without blueprint:read types pairs only).
  const blueprints = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/blueprints', {
          params: { path: { org: props.org }, query: { limit: 200 } },
        }),
      ),
    [props.org],
  );
  const schema = schemaFor(blueprints.data?.items ?? [], types);
  const described = Object.keys(schema.properties ?? {});
  const team = f.team || props.teams[0]?.slug || '';
  return (
    <form
      class="card"
      aria-label="New project"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          // Members of a blueprint no longer applying (a type unchecked) are not sent.
          const fromSchema = Object.entries((doc ?? {}) as { [k: string]: Json }).filter(([k]) =>
            described.includes(k),
          );
          const attributes = {
            ...Object.fromEntries(
              attrs.filter((a) => a.key.trim()).map((a) => [a.key.trim(), attributeValue(a.value)]),
            ),
            ...Object.fromEntries(fromSchema),
          };
          await must(
            client.POST('/organizations/{org}/projects', {
              params: { path: { org: props.org } },
              body: { name: f.name, slug: f.slug, team, attributes, ...(types.length ? { types } : {}) },
            }),
          );
          props.created(f.slug);
          setF({ name: '', slug: '', team });
          setTypes([]);
          setDoc({});
          setAttrs([]);
        });
      }}
    >
      <h2>New project</h2>
      <Problem error={error} atFields={described.length > 0} />
      <div class="grid">
        <NameSlugFields form={f} set={setF} error={error} />
        <SelectField
          label="Team"
          pointer="/team"
          error={error}
          required
          value={team}
          onValue={(t) => setF({ ...f, team: t })}
          options={props.teams.map(asOption)}
        />
      </div>
      <AttributesFields
        types={props.types}
        chosen={types}
        onChosen={setTypes}
        typesHint="A type may bring a blueprint: its fields appear below."
        schema={schema}
        doc={doc}
        onDoc={setDoc}
        pairs={attrs}
        onPairs={setAttrs}
        error={error}
      />
      <Submit label="Create project" busy={busy || props.teams.length === 0} />
    </form>
  );
}

function Access({ org, project }: { org: string; project: string }) {
  const path = { org, project };
  const grants = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/access', {
          params: { path, query: { limit: 200 } },
        }),
      ),
    [org, project],
  );
  // Reading and granting access take the same permission: without it, neither list nor form.
  const refused = grants.error?.status === 403 ? refusal(grants.error) : undefined;
  const acts = useActions();
  const { error, busy, announce } = acts;
  const run = acts.act;
  const [email, setEmail] = useState('');
  const [actions, setActions] = useState<string[]>(['read']);
  const put = (who: string, acts: string[]) =>
    must(
      client.PUT('/organizations/{org}/projects/{project}/access/{email}', {
        params: { path: { ...path, email: who } },
        body: { actions: acts as Grant['actions'] as ('read' | 'update' | 'delete')[] },
      }),
    );
  return (
    <section class="card" aria-labelledby="s-access">
      <h2 id="s-access">Who may access it</h2>
      {acts.chrome}
      <NotAllowed items={[['see or change who may access it', refused]]} />
      <Problem error={(refused ? undefined : grants.error) ?? error} />
      {grants.data && (
        <Table
          caption="Access grants"
          columns={['Person', ...ACTIONS_ACL.map((a) => `May ${a}`), ACTIONS]}
          rows={grants.data.items.length}
          empty="Only those whose roles allow it."
        >
          {grants.data.items.map((g) => (
            <tr key={g.email} data-grant={g.email}>
              <td>{g.email}</td>
              {ACTIONS_ACL.map((a) => (
                <td key={a}>
                  <input
                    type="checkbox"
                    aria-label={`${g.email} may ${a}`}
                    checked={g.actions.includes(a)}
                    onChange={(e) => {
                      const next = e.currentTarget.checked
                        ? [...g.actions, a]
                        : g.actions.filter((x) => x !== a);
                      void run(
                        async () => (
                          await put(g.email, next),
                          announce(`Access of ${g.email} changed.`),
                          grants.reload()
                        ),
                      );
                    }}
                  />
                </td>
              ))}
              <td>
                <DangerButton
                  label="Remove"
                  what={g.email}
                  onClick={async () =>
                    (await acts.confirmed(
                      `Remove the access of ${g.email} to ${project}?`,
                      'Remove access',
                      () =>
                        must(
                          client.DELETE('/organizations/{org}/projects/{project}/access/{email}', {
                            params: { path: { ...path, email: g.email } },
                          }),
                        ),
                      `Access of ${g.email} removed.`,
                    )) && grants.reload()
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      {!refused && (
        <form
          class="inline"
          aria-label="Grant access"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await put(email, actions);
              announce(`${email} may now ${actions.join(', ')}.`);
              setEmail('');
              grants.reload();
            });
          }}
        >
          <TextField
            label="Person's email"
            error={error}
            type="email"
            required
            value={email}
            onValue={setEmail}
          />
          <fieldset class="inline">
            <legend>May</legend>
            {ACTIONS_ACL.map((a) => (
              <label key={a} class="check">
                <input
                  type="checkbox"
                  checked={actions.includes(a)}
                  onChange={(e) =>
                    setActions(e.currentTarget.checked ? [...actions, a] : actions.filter((x) => x !== a))
                  }
                />{' '}
                {a}
              </label>
            ))}
          </fieldset>
          <Submit label="Grant access" busy={busy} />
        </form>
      )}
    </section>
  );
}

function Comments({ org, project }: { org: string; project: string }) {
  const path = { org, project };
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/comments', {
          params: { path, query: { limit: 20, cursor } },
        }),
      ),
    [org, project],
  );
  const [body, setBody] = useState('');
  const [error, run, busy] = useAction();
  return (
    <section class="card" aria-labelledby="s-comments">
      <h2 id="s-comments">Comments</h2>
      <Problem error={list.error} />
      <ul class="comments">
        {list.data?.items.length === 0 && <li>No comment yet.</li>}
        {list.data?.items.map((c) => (
          <li key={c.id}>
            <p>{c.body}</p>
            <small>
              {c.author}, {when(c.created_at)}
            </small>
          </li>
        ))}
      </ul>
      <NextPage more={list.more} />
      <form
        aria-label="Post a comment"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await must(
              client.POST('/organizations/{org}/projects/{project}/comments', {
                params: { path },
                body: { body },
              }),
            );
            setBody('');
            list.reload();
          });
        }}
      >
        <Problem error={error} />
        <Field label="Comment" pointer="/body" error={error}>
          {(a) => (
            <textarea {...a} required rows={3} value={body} onInput={(e) => setBody(e.currentTarget.value)} />
          )}
        </Field>
        <button type="submit" disabled={busy}>
          Post comment
        </button>
      </form>
    </section>
  );
}

/** How often a project's operations log looks for new entries. */
export const OPS_REFRESH_MS = 5000;

/**
 * The name of the environment an entry was recorded for: the one holding its slug, unless that one was
 * created after the entry was recorded (a slug taken again); else the slug itself (an environment gone,
 * renamed, or a list the person may not read).
 */
function environmentName(
  envs: readonly Pick<Environment, 'slug' | 'name' | 'created_at'>[],
  entry: { environment: string; recorded_at: string },
): string {
  const e = envs.find((x) => x.slug === entry.environment);
  return e && Date.parse(e.created_at) <= Date.parse(entry.recorded_at) ? e.name : entry.environment;
}

function Operations(props: { org: string; project: string; envs: Environment[] }) {
  const { org, project } = props;
  const list = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/operations-log', {
          params: { path: { org }, query: { project, limit: 20 } },
        }),
      ),
    [org, project],
  );
  const refused = list.error?.status === 403 ? refusal(list.error) : undefined;
  // The log is read from the analytics store, which has an entry a moment after it is recorded: the
  // list looks again every few seconds, so a deploy recorded just now shows without another reload.
  useEffect(() => {
    if (refused) return;
    const t = setInterval(list.reload, OPS_REFRESH_MS);
    return () => clearInterval(t);
  }, [list.reload, !refused]);
  const [error, run] = useAction();
  const [notice, announce] = useNotice();
  // Asked once the log is read: recording, and completing at the first open entry (its answer stands
  // for every open entry).
  const open = list.data?.items.find((o) => o.status === 'open')?.id;
  const can = useCan({
    record: list.data ? ['POST', `/organizations/${org}/operations-log`] : undefined,
    complete: open ? ['POST', `/organizations/${org}/operations-log/${open}/complete`] : undefined,
  });
  return (
    <section class="card" aria-labelledby="s-ops">
      <h2 id="s-ops">Operations log</h2>
      <p class="hint">
        Deployments, rollbacks and other operations of this project, newest first; an entry shows here a few
        seconds after it is recorded.
      </p>
      {notice}
      <NotAllowed
        items={[
          ['see its operations log', refused],
          ...together('record or complete its operations', [
            ['record its operations', can.record],
            ['mark its operations completed', can.complete],
          ]),
        ]}
      />
      <Problem error={(refused ? undefined : list.error) ?? error} />
      {list.data && (
        <Table
          caption="Operations"
          columns={['When', 'What', 'Environment', 'Status', ...(allowed(can.complete) ? [ACTIONS] : [])]}
          rows={list.data.items.length}
          empty="Nothing recorded yet."
        >
          {list.data.items.map((o) => (
            <tr key={o.id} data-operation={o.id}>
              <td>{when(o.occurred_at)}</td>
              <td>
                {o.entry_type}: {o.description}
                {o.version && <small> (version {o.version})</small>}
              </td>
              <td>{environmentName(props.envs, o)}</td>
              <td>
                <span class={`badge ${o.status === 'open' ? 'running' : 'succeeded'}`}>{o.status}</span>
              </td>
              {allowed(can.complete) && (
                <td>
                  {o.status === 'open' && (
                    <button
                      type="button"
                      onClick={() =>
                        void run(async () => {
                          await must(
                            client.POST('/organizations/{org}/operations-log/{id}/complete', {
                              params: { path: { org, id: o.id } },
                              body: {},
                            }),
                          );
                          announce('Marked as completed.');
                          list.reload();
                        })
                      }
                    >
                      Complete<span class="sr-only"> {o.description}</span>
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
      {allowed(can.record) && (
        <p>
          <a {...linkProps('/analytics')}>Record an entry</a>
        </p>
      )}
    </section>
  );
}

/** The project's releases, newest first; a version opens its components (the newest complete batch). */
function Releases({ org, project }: { org: string; project: string }) {
  const path = { org, project };
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/releases', {
          params: { path, query: { limit: 20, cursor } },
        }),
      ),
    [org, project],
  );
  const [shown, setShown] = useState<string>();
  const comps = useLoad(
    () =>
      shown
        ? must(
            client.GET('/organizations/{org}/projects/{project}/releases/{version}/components', {
              params: { path: { ...path, version: shown } },
            }),
          )
        : Promise.resolve(undefined),
    [org, project, shown],
  );
  const down = list.error?.status === 503 || comps.error?.status === 503;
  return (
    <section class="card" aria-labelledby="s-releases">
      <h2 id="s-releases">Releases and components</h2>
      <p class="hint">
        Each release by its latest recorded components, newest first; a release shows here a few seconds after
        a pipeline records it. Choose a version to see its components.
      </p>
      {down ? (
        <p class="hint">The analytics store is not answering; try again in a moment.</p>
      ) : (
        <Problem error={list.error ?? comps.error} />
      )}
      {list.data && (
        <Table
          caption="Releases, newest first"
          columns={['Version', 'Recorded', 'Components']}
          rows={list.data.items.length}
          empty="No release recorded yet."
        >
          {list.data.items.map((r) => (
            <tr key={r.release_version} data-release={r.release_version}>
              <td>
                <button
                  type="button"
                  class="link-inline mono"
                  aria-expanded={shown === r.release_version}
                  aria-controls="release-components"
                  onClick={() => setShown(shown === r.release_version ? undefined : r.release_version)}
                >
                  {r.release_version}
                </button>
              </td>
              <td>{when(r.recorded_at)}</td>
              <td>{r.component_count}</td>
            </tr>
          ))}
        </Table>
      )}
      <NextPage more={list.more} />
      <div id="release-components">
        {shown && comps.data && <h3>Components of release {shown}</h3>}
        {shown && comps.data && (
          <Table
            caption={`Components of release ${shown}`}
            columns={['Component', 'Version', 'Package URL']}
            rows={comps.data.components.length}
            empty="No component recorded for this release."
          >
            {comps.data.components.map((c) => (
              <tr key={`${c.name}@${c.version}`}>
                <td>{c.name}</td>
                <td>{c.version}</td>
                <td class="mono">{c.purl ?? '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </div>
    </section>
  );
}

function Score({ org, project, score }: { org: string; project: string; score: number | null }) {
  const history = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/score/history', {
          params: { path: { org, project }, query: { limit: 100 } },
        }),
      ),
    [org, project],
  );
  const points = (history.data?.items ?? [])
    .filter((h) => h.score !== null)
    .map((h) => ({ at: Date.parse(h.computed_at), value: h.score! }))
    .sort((a, b) => a.at - b.at);
  return (
    <section class="card" aria-labelledby="s-score">
      <h2 id="s-score">Score</h2>
      {score === null ? (
        <p>
          Not scored yet: no enabled scoring policy has scored it. A score follows a few seconds after a
          policy or the project's attributes change.
        </p>
      ) : (
        <p class="big">{score} of 100</p>
      )}
      <Problem error={history.error} />
      {points.length > 1 && <LineChart points={points} label="Score over time" unit="points" max={100} />}
      {points.length === 1 && <p class="hint">A chart of its score over time shows from its second score.</p>}
    </section>
  );
}

/** The project's activity (lifecycle events, comments, webhook deliveries), newest first, naming it by its name. */
function Activity({ org, project, name }: { org: string; project: string; name: string }) {
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/events', {
          params: { path: { org, project }, query: { limit: 20, cursor } },
        }),
      ),
    [org, project],
  );
  return (
    <section aria-labelledby="s-Activity" class="card">
      <h2 id="s-Activity">Activity</h2>
      {list.error?.status === 503 ? (
        <p class="hint">The activity store is not answering; try again in a moment.</p>
      ) : (
        <Problem error={list.error} />
      )}
      {list.data && (
        <ul class="activity">
          {list.data.items.length === 0 && <li>No activity yet.</li>}
          {list.data.items.map((e) => (
            <li key={e.id}>
              <time dateTime={e.occurred_at}>{when(e.occurred_at)}</time>{' '}
              <EventSummary event={e} name={e.project === project ? name : undefined} link={false} />
            </li>
          ))}
        </ul>
      )}
      <NextPage more={list.more} />
    </section>
  );
}

export function ProjectPage({ org, project }: { org: string; project: string }) {
  const path = { org, project };
  const p = useLoad(
    () => must(client.GET('/organizations/{org}/projects/{project}', { params: { path } })),
    [org, project],
  );
  // The platform's environments, for their names (environment:read; without it, slugs).
  const envs = useLoad(() => listOf(client.GET('/environments', { params: { query: { limit: 200 } } })), []);
  const archived = p.data?.archived;
  const can = useCan({
    archive: p.data && !archived ? ['POST', `/organizations/${org}/projects/${project}/archive`] : undefined,
    unarchive: archived ? ['POST', `/organizations/${org}/projects/${project}/unarchive`] : undefined,
    remove: p.data ? ['DELETE', `/organizations/${org}/projects/${project}`] : undefined,
  });
  const acts = useActions();
  const remove = async () => {
    if (
      await acts.confirmed(
        `Delete the project ${p.data?.name ?? project} for good? Its comments, grants and links go with it.`,
        'Delete project',
        () => must(client.DELETE('/organizations/{org}/projects/{project}', { params: { path } })),
      )
    )
      navigate(`/organizations/${org}`);
  };
  const changed = (message: string) => (acts.announce(message), p.reload());
  return (
    <Page
      title={p.data ? p.data.name : project}
      crumbs={<OrgCrumbs org={org} steps={[{ text: 'projects', path: `/organizations/${org}#projects` }]} />}
    >
      {acts.chrome}
      <Problem error={p.error ?? acts.error} />
      {p.data && (
        <>
          <nav aria-label="Sections" class="sections">
            {[
              ['s-attributes', 'Attributes'],
              ['s-deps', 'Dependencies'],
              ['s-envs', 'Environments'],
              ['s-links', 'Links'],
              ['s-score', 'Score'],
              ['s-access', 'Access'],
              ['s-comments', 'Comments'],
              ['s-ops', 'Operations'],
              ['s-releases', 'Releases'],
              ['s-Activity', 'Activity'],
            ].map(([id, label]) => (
              <a key={id} href={`#${id}`}>
                {label}
              </a>
            ))}
          </nav>
          {p.data.archived && (
            <ArchiveControls org={org} project={p.data} may={can.unarchive} changed={changed} />
          )}
          <Attributes org={org} project={p.data} saved={changed} />
          <Dependencies org={org} project={p.data} />
          <Deployments org={org} project={p.data} envs={envs} changed={changed} />
          <Links org={org} project={p.data} changed={changed} />
          <Score org={org} project={project} score={p.data.score} />
          <Access org={org} project={project} />
          <Comments org={org} project={project} />
          <Operations org={org} project={project} envs={envs.data?.items ?? []} />
          <Releases org={org} project={project} />
          <Activity org={org} project={project} name={p.data.name} />
          <section class="card" aria-labelledby="s-end">
            <h2 id="s-end">Archive or delete</h2>
            {!p.data.archived && (
              <ArchiveControls org={org} project={p.data} may={can.archive} changed={changed} />
            )}
            <NotAllowed
              items={[
                ['archive it', p.data.archived ? undefined : can.archive],
                ['delete it for good', can.remove],
              ]}
            />
            {allowed(can.remove) && (
              <>
                <p class="hint">Deleting is for good; archiving keeps the history.</p>
                <DangerButton label="Delete project" onClick={() => void remove()} />
              </>
            )}
          </section>
        </>
      )}
    </Page>
  );
}
