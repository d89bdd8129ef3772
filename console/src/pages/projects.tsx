// Projects: the searchable keyset list of an organization, and one project's page in sections
// (attributes, environments, score, access, comments, operations, releases, activity).
import { useEffect, useState } from 'preact/hooks';
import { api, client, listOf, must, type Item } from '../api';
import { linkProps, navigate } from '../router';
import { LineChart } from '../chart';
import {
  ACTIONS,
  Field,
  NextPage,
  Page,
  Problem,
  Table,
  useAction,
  useConfirm,
  useCursor,
  useLoad,
  useNotice,
  when,
} from '../ui';
import { SLUG_HINT, slugify } from '../slugs';

type Team = { slug: string; name: string };
type Grant = Item<'/organizations/{org}/projects/{project}/access'>;
const ACTIONS_ACL = ['read', 'update', 'delete'] as const;

/** An attribute's text as typed: a number or true/false when it reads as one, else the text itself. */
export function attributeValue(text: string): unknown {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return text;
}

export function ProjectList({ org, teams }: { org: string; teams: Team[] }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(q.trim()), 250);
    return () => clearTimeout(t);
  }, [q]);
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects', {
          params: { path: { org }, query: { limit: 25, cursor, ...(search ? { q: search } : {}) } },
        }),
      ),
    [org, search],
  );
  useEffect(() => {
    if (list.data && performance.getEntriesByName('console:projects-usable').length === 0)
      requestAnimationFrame(() => performance.mark('console:projects-usable'));
  }, [list.data]);
  const [notice, announce] = useNotice();
  return (
    <div class="projects">
      {notice}
      <div role="search" class="inline">
        <Field label="Search projects" hint="By slug or name">
          {(a) => <input {...a} type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />}
        </Field>
      </div>
      <Problem error={list.error} />
      {list.data && (
        <Table
          caption={`Projects of ${org}`}
          columns={['Project', 'Team', 'Score']}
          rows={list.data.items.length}
          empty={search ? `No project matches “${search}”.` : 'No project yet.'}
        >
          {list.data.items.map((p) => (
            <tr key={p.slug} data-project={p.slug}>
              <td>
                <a {...linkProps(`/organizations/${org}/projects/${p.slug}`)}>{p.name}</a>{' '}
                <small class="mono">{p.slug}</small>
              </td>
              <td>{p.team}</td>
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
        created={(slug) => (announce(`Project ${slug} created.`), list.reload())}
      />
    </div>
  );
}

function NewProject(props: { org: string; teams: Team[]; created: (slug: string) => void }) {
  const [f, setF] = useState({ name: '', slug: '', team: '' });
  const [attrs, setAttrs] = useState<{ key: string; value: string }[]>([]);
  const [error, run, busy] = useAction();
  const team = f.team || props.teams[0]?.slug || '';
  return (
    <form
      class="card"
      aria-label="New project"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const attributes = Object.fromEntries(
            attrs.filter((a) => a.key.trim()).map((a) => [a.key.trim(), attributeValue(a.value)]),
          );
          await must(
            client.POST('/organizations/{org}/projects', {
              params: { path: { org: props.org } },
              body: { name: f.name, slug: f.slug, team, attributes },
            }),
          );
          props.created(f.slug);
          setF({ name: '', slug: '', team });
          setAttrs([]);
        });
      }}
    >
      <h2>New project</h2>
      <Problem error={error} />
      <div class="grid">
        <Field label="Name" pointer="/name" error={error}>
          {(a) => (
            <input
              {...a}
              required
              value={f.name}
              onInput={(e) => {
                const name = e.currentTarget.value;
                setF({ ...f, name, slug: f.slug === slugify(f.name) ? slugify(name) : f.slug });
              }}
            />
          )}
        </Field>
        <Field label="Slug" pointer="/slug" error={error} hint={SLUG_HINT}>
          {(a) => (
            <input
              {...a}
              required
              class="mono"
              value={f.slug}
              onInput={(e) => setF({ ...f, slug: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field label="Team" pointer="/team" error={error}>
          {(a) => (
            <select
              {...a}
              required
              value={team}
              onChange={(e) => setF({ ...f, team: e.currentTarget.value })}
            >
              {props.teams.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset>
        <legend>Attributes</legend>
        {attrs.map((a, i) => (
          <div class="inline" key={i}>
            <Field label={`Attribute ${i + 1} name`} pointer={`/attributes/${a.key}`} error={error}>
              {(p) => (
                <input
                  {...p}
                  class="mono"
                  value={a.key}
                  onInput={(e) =>
                    setAttrs(attrs.map((x, j) => (j === i ? { ...x, key: e.currentTarget.value } : x)))
                  }
                />
              )}
            </Field>
            <Field label={`Attribute ${i + 1} value`}>
              {(p) => (
                <input
                  {...p}
                  value={a.value}
                  onInput={(e) =>
                    setAttrs(attrs.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)))
                  }
                />
              )}
            </Field>
            <button type="button" onClick={() => setAttrs(attrs.filter((_, j) => j !== i))}>
              Remove<span class="sr-only"> attribute {i + 1}</span>
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setAttrs([...attrs, { key: '', value: '' }])}>
          Add attribute
        </button>
        <small class="hint">Numbers and true/false are stored as such; anything else as text.</small>
      </fieldset>
      <button type="submit" disabled={busy || props.teams.length === 0}>
        Create project
      </button>
    </form>
  );
}

/** A section that reads a route other changes are adding: "not available" while the API answers 404. */
function Pending<T>(props: { path: string; title: string; render: (data: T[]) => preact.ComponentChildren }) {
  const data = useLoad(() => api<T[]>('GET', props.path), [props.path]);
  return (
    <section aria-labelledby={`s-${props.title}`} class="card">
      <h2 id={`s-${props.title}`}>{props.title}</h2>
      {data.error?.status === 404 ? (
        <p class="hint">Not available on this Keel yet.</p>
      ) : (
        <Problem error={data.error} />
      )}
      {data.data && props.render(data.data)}
    </section>
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
  const [error, run, busy] = useAction();
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
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
      {dialog}
      {notice}
      <Problem error={grants.error ?? error} />
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
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    if (!(await confirm(`Remove the access of ${g.email} to ${project}?`, 'Remove access')))
                      return;
                    const ok = await run(() =>
                      must(
                        client.DELETE('/organizations/{org}/projects/{project}/access/{email}', {
                          params: { path: { ...path, email: g.email } },
                        }),
                      ),
                    );
                    if (ok) {
                      announce(`Access of ${g.email} removed.`);
                      grants.reload();
                    }
                  }}
                >
                  Remove<span class="sr-only"> {g.email}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
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
        <Field label="Person's email" error={error}>
          {(a) => (
            <input
              {...a}
              type="email"
              required
              value={email}
              onInput={(e) => setEmail(e.currentTarget.value)}
            />
          )}
        </Field>
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
        <button type="submit" disabled={busy}>
          Grant access
        </button>
      </form>
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

function Operations({ org, project }: { org: string; project: string }) {
  const list = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/operations-log', {
          params: { path: { org }, query: { project, limit: 20 } },
        }),
      ),
    [org, project],
  );
  const [error, run] = useAction();
  const [notice, announce] = useNotice();
  return (
    <section class="card" aria-labelledby="s-ops">
      <h2 id="s-ops">Operations log</h2>
      {notice}
      <Problem error={list.error ?? error} />
      {list.data && (
        <Table
          caption="Operations"
          columns={['When', 'What', 'Environment', 'Status', ACTIONS]}
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
              <td>{o.environment}</td>
              <td>
                <span class={`badge ${o.status === 'open' ? 'running' : 'succeeded'}`}>{o.status}</span>
              </td>
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
            </tr>
          ))}
        </Table>
      )}
      <p>
        <a {...linkProps('/analytics')}>Record an entry</a>
      </p>
    </section>
  );
}

function Releases({ org, project }: { org: string; project: string }) {
  const [version, setVersion] = useState('');
  const [shown, setShown] = useState<string>();
  const comps = useLoad(
    () =>
      shown
        ? must(
            client.GET('/organizations/{org}/projects/{project}/releases/{version}/components', {
              params: { path: { org, project, version: shown } },
            }),
          )
        : Promise.resolve(undefined),
    [org, project, shown],
  );
  const items = (comps.data ?? []) as { name: string; version: string; purl?: string | null }[];
  return (
    <section class="card" aria-labelledby="s-releases">
      <h2 id="s-releases">Releases and components</h2>
      <form
        class="inline"
        aria-label="Show a release"
        onSubmit={(e) => {
          e.preventDefault();
          setShown(version.trim());
        }}
      >
        <Field label="Release version" hint="e.g. 1.4.0">
          {(a) => (
            <input {...a} required value={version} onInput={(e) => setVersion(e.currentTarget.value)} />
          )}
        </Field>
        <button type="submit">Show components</button>
      </form>
      <Problem error={comps.error} />
      {shown && comps.data && (
        <Table
          caption={`Components of release ${shown}`}
          columns={['Component', 'Version', 'Package URL']}
          rows={items.length}
          empty="No component recorded for this release."
        >
          {items.map((c) => (
            <tr key={`${c.name}@${c.version}`}>
              <td>{c.name}</td>
              <td>{c.version}</td>
              <td class="mono">{c.purl ?? '—'}</td>
            </tr>
          ))}
        </Table>
      )}
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
      <p class="big">{score === null ? 'Not scored yet' : `${score} of 100`}</p>
      <Problem error={history.error} />
      {points.length > 0 && <LineChart points={points} label="Score over time" unit="points" max={100} />}
    </section>
  );
}

export function ProjectPage({ org, project }: { org: string; project: string }) {
  const path = { org, project };
  const p = useLoad(
    () => must(client.GET('/organizations/{org}/projects/{project}', { params: { path } })),
    [org, project],
  );
  const [error, run] = useAction();
  const [dialog, confirm] = useConfirm();
  const remove = async () => {
    if (!(await confirm(`Delete the project ${p.data?.name ?? project}?`, 'Delete project'))) return;
    if (await run(() => must(client.DELETE('/organizations/{org}/projects/{project}', { params: { path } }))))
      navigate(`/organizations/${org}`);
  };
  const attrs = Object.entries(p.data?.attributes ?? {});
  return (
    <Page title={p.data ? p.data.name : project}>
      <p>
        <a {...linkProps(`/organizations/${org}`)}>{org}</a> › projects
      </p>
      {dialog}
      <Problem error={p.error ?? error} />
      {p.data && (
        <>
          <nav aria-label="Sections" class="sections">
            {[
              ['s-attributes', 'Attributes'],
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
          <section class="card" aria-labelledby="s-attributes">
            <h2 id="s-attributes">Attributes</h2>
            <dl class="facts">
              <dt>Slug</dt>
              <dd class="mono">{p.data.slug}</dd>
              <dt>Team</dt>
              <dd>{p.data.team}</dd>
              {attrs.map(([k, v]) => (
                <>
                  <dt key={`k${k}`}>{k}</dt>
                  <dd key={`v${k}`}>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
                </>
              ))}
            </dl>
            {attrs.length === 0 && <p class="hint">No attribute set.</p>}
            <button type="button" class="danger" onClick={() => void remove()}>
              Delete project
            </button>
          </section>
          <Pending<{ slug: string; name?: string }>
            title="Environments"
            path={`/organizations/${org}/projects/${project}/environments`}
            render={(envs) =>
              envs.length ? <p>{envs.map((e) => e.name ?? e.slug).join(', ')}</p> : <p>None.</p>
            }
          />
          <Score org={org} project={project} score={p.data.score} />
          <Access org={org} project={project} />
          <Comments org={org} project={project} />
          <Operations org={org} project={project} />
          <Releases org={org} project={project} />
          <Pending<{ id?: string; type?: string; occurred_at?: string; summary?: string }>
            title="Activity"
            path={`/organizations/${org}/projects/${project}/events?limit=20`}
            render={(events) => (
              <ul>
                {events.length === 0 && <li>No activity yet.</li>}
                {events.map((e, i) => (
                  <li key={e.id ?? i}>
                    {when(e.occurred_at)} {e.summary ?? e.type}
                  </li>
                ))}
              </ul>
            )}
          />
        </>
      )}
    </Page>
  );
}
