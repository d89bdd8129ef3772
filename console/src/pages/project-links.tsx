// A project's place among the others: what it depends on (add, remove), what depends on it, the blast
// radius of a change to it, and archiving (with a reason) and unarchiving.
import { useMemo, useState } from 'preact/hooks';
import { client, listOf, must, type Answer } from '../api';
import { linkProps } from '../router';
import { ACTIONS, NextPage, Problem, Table, useCursor, useLoad, when } from '../ui';
import { DangerButton, Submit, TextField, useActions } from '../forms';
import { Picker, projectSearch, type Choice, type Search } from '../picker';
import { allowed, NotAllowed, together, type CanAnswer, useCan } from '../can';

type Project = Answer<'/organizations/{org}/projects/{project}'>;

function ProjectLink({ org, slug, name }: { org: string; slug: string; name: string }) {
  return (
    <>
      <a {...linkProps(`/organizations/${org}/projects/${slug}`)}>{name}</a>{' '}
      <small class="mono">{slug}</small>
    </>
  );
}

export function Dependencies({ org, project }: { org: string; project: Project }) {
  const path = { org, project: project.slug };
  const deps = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/dependencies', {
          params: { path, query: { limit: 50, cursor } },
        }),
      ),
    [org, project.slug],
  );
  const dependents = useCursor(
    (cursor) =>
      listOf(
        client.GET('/organizations/{org}/projects/{project}/dependents', {
          params: { path, query: { limit: 50, cursor } },
        }),
      ),
    [org, project.slug],
  );
  const acts = useActions();
  const base = `/organizations/${org}/projects/${project.slug}/dependencies`;
  const first = deps.data?.items[0]?.project;
  // Adding is asked at the project's own slug as the target: the permission is the project's whatever the
  // target names (the API checks the target when the call is made). Removing is asked at the first row's
  // path, once there is one; its answer stands for every row. An archived project takes no change.
  const can = useCan({
    add: project.archived ? undefined : ['PUT', `${base}/${project.slug}`],
    remove: project.archived || !first ? undefined : ['DELETE', `${base}/${first}`],
  });
  const [f, setF] = useState({ target: null as Choice | null, note: '' });
  // The target is chosen from the organization's other projects, searched by slug or name as typed.
  const others = useMemo<Search>(() => {
    const search = projectSearch(org, 'slug');
    return async (q) => {
      const found = await search(q);
      return { ...found, choices: found.choices.filter((c) => c.value !== project.slug) };
    };
  }, [org, project.slug]);
  return (
    <section class="card" aria-labelledby="s-deps">
      <h2 id="s-deps">Dependencies</h2>
      {acts.chrome}
      <Problem error={deps.error ?? acts.error} />
      {deps.data && (
        <Table
          caption={`What ${project.name} depends on`}
          columns={['Depends on', 'Note', 'Since', ...(allowed(can.remove) ? [ACTIONS] : [])]}
          rows={deps.data.items.length}
          empty="It depends on no other project."
        >
          {deps.data.items.map((d) => (
            <tr key={d.project} data-dependency={d.project}>
              <td>
                <ProjectLink org={org} slug={d.project} name={d.name} />
              </td>
              <td>{d.note ?? '—'}</td>
              <td>{when(d.created_at)}</td>
              {allowed(can.remove) && (
                <td>
                  <DangerButton
                    label="Remove"
                    what={`dependency on ${d.name}`}
                    onClick={async () =>
                      (await acts.confirmed(
                        `Remove the dependency of ${project.name} on ${d.name}?`,
                        'Remove dependency',
                        () =>
                          must(
                            client.DELETE('/organizations/{org}/projects/{project}/dependencies/{target}', {
                              params: { path: { ...path, target: d.project } },
                            }),
                          ),
                        `${project.name} no longer depends on ${d.name}.`,
                      )) && deps.reload()
                    }
                  />
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
      <NextPage more={deps.more} />
      <NotAllowed
        items={together('add or remove its dependencies', [
          ['add dependencies', can.add],
          ['remove its dependencies', can.remove],
        ])}
      />
      {allowed(can.add) && (
        <form
          class="inline"
          aria-label="Add a dependency"
          onSubmit={(e) => {
            e.preventDefault();
            void acts.act(async () => {
              const target = f.target?.value ?? '';
              await must(
                client.PUT('/organizations/{org}/projects/{project}/dependencies/{target}', {
                  params: { path: { ...path, target } },
                  body: f.note.trim() ? { note: f.note.trim() } : {},
                }),
              );
              acts.announce(`${project.name} now depends on ${f.target?.text ?? target}.`);
              setF({ target: null, note: '' });
              deps.reload();
            });
          }}
        >
          <Picker
            label="Project it depends on"
            noun="project"
            search={others}
            pointer="/target"
            error={acts.error}
            required
            value={f.target}
            onValue={(target) => setF({ ...f, target })}
          />
          <TextField
            label="Note (optional)"
            pointer="/note"
            error={acts.error}
            value={f.note}
            onValue={(note) => setF({ ...f, note })}
          />
          <Submit label="Add dependency" busy={acts.busy} />
        </form>
      )}
      <h3>What depends on it</h3>
      <Problem error={dependents.error} />
      {dependents.data && (
        <ul>
          {dependents.data.items.length === 0 && <li>No project depends on it.</li>}
          {dependents.data.items.map((d) => (
            <li key={d.project} data-dependent={d.project}>
              <ProjectLink org={org} slug={d.project} name={d.name} />
              {d.note && <small> ({d.note})</small>}
            </li>
          ))}
        </ul>
      )}
      <NextPage more={dependents.more} />
      <BlastRadius org={org} project={project} />
    </section>
  );
}

function BlastRadius({ org, project }: { org: string; project: Project }) {
  const [depth, setDepth] = useState(3);
  const [asked, setAsked] = useState<number>();
  const radius = useLoad(
    () =>
      asked === undefined
        ? Promise.resolve(undefined)
        : must(
            client.GET('/organizations/{org}/projects/{project}/blast-radius', {
              params: { path: { org, project: project.slug }, query: { depth: asked, limit: 500 } },
            }),
          ),
    [org, project.slug, asked],
  );
  const r = radius.data;
  const byDepth = new Map<number, { project: string; name: string }[]>();
  for (const d of r?.dependents ?? []) byDepth.set(d.depth, [...(byDepth.get(d.depth) ?? []), d]);
  return (
    <div class="blast" aria-live="polite">
      <h3>Blast radius</h3>
      <form
        class="inline"
        aria-label="Blast radius"
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(depth);
          radius.reload();
        }}
      >
        <label class="check">
          Steps away, at most{' '}
          <select value={depth} onChange={(e) => setDepth(Number(e.currentTarget.value))}>
            {[1, 2, 3, 5, 10].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Show blast radius</button>
      </form>
      <Problem error={radius.error} />
      {r && (
        <>
          <p data-blast-count={r.dependents.length}>
            {r.dependents.length === 0
              ? `Nothing depends on ${project.name}, directly or through others.`
              : `A change to ${project.name} can reach ${r.dependents.length} project${r.dependents.length === 1 ? '' : 's'}${r.truncated ? ' (the first 500; there are more)' : ''}.`}
          </p>
          {[...byDepth.entries()].map(([d, list]) => (
            <div key={d}>
              <h4>{d === 1 ? 'Depend on it directly' : `${d} steps away`}</h4>
              <ul class="chips">
                {list.map((x) => (
                  <li key={x.project} data-blast={x.project}>
                    <a {...linkProps(`/organizations/${org}/projects/${x.project}`)}>{x.name}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </div>
  );
}

/**
 * Archived: the banner (who, when, why) with Unarchive; live: Archive, with an optional reason. `may` is
 * the answer for the call (archive or unarchive): the control shows only when it is allowed; a refused
 * unarchive is said in the banner, a refused archive by the page (next to the delete button's note).
 */
export function ArchiveControls(props: {
  org: string;
  project: Project;
  may: CanAnswer | undefined;
  changed: (message: string) => void;
}) {
  const { org, project: p } = props;
  const path = { org, project: p.slug };
  const acts = useActions();
  const [reason, setReason] = useState('');
  if (p.archived)
    return (
      <div class="card archived" role="note" aria-label="Archived">
        {acts.chrome}
        <p>
          <strong>Archived</strong> {when(p.archived.at)} by {p.archived.by}
          {p.archived.reason ? `: ${p.archived.reason}` : ''}. It is left out of lists and takes no change
          until it is unarchived; its history stays readable.
        </p>
        <Problem error={acts.error} />
        <NotAllowed items={[['unarchive it', props.may]]} />
        {allowed(props.may) && (
          <button
            type="button"
            disabled={acts.busy}
            onClick={() =>
              void acts.act(async () => {
                await must(
                  client.POST('/organizations/{org}/projects/{project}/unarchive', { params: { path } }),
                );
                props.changed(`${p.name} unarchived.`);
              })
            }
          >
            Unarchive
          </button>
        )}
      </div>
    );
  if (!allowed(props.may)) return null;
  return (
    <>
      {acts.chrome}
      <form
        class="inline"
        aria-label="Archive the project"
        onSubmit={(e) => {
          e.preventDefault();
          void acts.confirmed(
            `Archive ${p.name}? It leaves the lists and takes no change until unarchived.`,
            'Archive project',
            async () => {
              await must(
                client.POST('/organizations/{org}/projects/{project}/archive', {
                  params: { path },
                  body: reason.trim() ? { reason: reason.trim() } : {},
                }),
              );
              setReason('');
              props.changed(`${p.name} archived.`);
            },
          );
        }}
      >
        <Problem error={acts.error} />
        <TextField
          label="Reason for archiving (optional)"
          pointer="/reason"
          error={acts.error}
          value={reason}
          onValue={setReason}
        />
        <Submit label="Archive project" busy={acts.busy} />
      </form>
    </>
  );
}
