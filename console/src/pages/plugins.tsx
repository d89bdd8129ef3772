// Plugin entities (SPEC 4.5): per plugin and label, a paginated table and a create/edit form generated
// from the label's JSON Schema; the edges of each edge label, listed and created.
import { useMemo, useState } from 'preact/hooks';
import { client, listOf, must, type ApiError, type Item } from '../api';
import { OrgPicker, readOrganizations } from '../org-picker';
import { Picker, projectSearch, searchIn, seenName, type Choice, type Search } from '../picker';
import { propertyOrder, propertyWords, SchemaFields, summary, type Json, type Schema } from '../schema-form';
import { ACTIONS, Field, NextPage, Page, Problem, Table, useAction, useCursor, useLoad, when } from '../ui';
import { DangerButton, SelectField, Submit, useActions } from '../forms';
import { entityName } from './environments';

type Plugin = Item<'/admin/plugins'>;
interface Entity {
  id: string;
  label: string;
  properties: { [k: string]: Json };
  created_at: string;
}

/** A merge patch (RFC 7396) turning `before` into `after` at the top level: removed members become null. */
function mergePatch(before: { [k: string]: Json }, after: { [k: string]: Json }) {
  const patch: { [k: string]: Json } = { ...after };
  for (const k of Object.keys(before)) if (!(k in after)) patch[k] = null;
  return patch;
}

function Entities({ plugin, label }: { plugin: string; label: string }) {
  const path = { slug: plugin, label };
  const schema = useLoad(
    () =>
      must(
        client.GET('/admin/plugins/{slug}/entities/{label}/_schema', { params: { path } }),
      ) as Promise<Schema>,
    [plugin, label],
  );
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/admin/plugins/{slug}/entities/{label}', {
          params: { path, query: { limit: 20, cursor } },
        }),
      ),
    [plugin, label],
  );
  const [editing, setEditing] = useState<Entity | null>(null);
  const [doc, setDoc] = useState<Json | undefined>({});
  const [error, run, busy] = useAction();
  const acts = useActions();
  // The manifest's order (the API answers the schema as its author wrote it), not the stored document's.
  const columns = schema.data ? propertyOrder(schema.data, true).slice(0, 5) : [];
  const items = (list.data?.items ?? []) as Entity[];

  return (
    <>
      {acts.chrome}
      <Problem error={list.error ?? schema.error ?? acts.error} />
      {list.data && (
        <Table
          caption={`${label} entities`}
          columns={[...columns, 'Created', ACTIONS]}
          rows={items.length}
          empty={`No ${label} yet.`}
        >
          {items.map((e) => (
            <tr key={e.id} data-entity={e.id}>
              {columns.map((c) => (
                <td key={c}>{summary(e.properties[c])}</td>
              ))}
              <td>{when(e.created_at)}</td>
              <td class="actions">
                <button
                  type="button"
                  onClick={() => {
                    setEditing(e);
                    setDoc(e.properties);
                  }}
                >
                  Edit<span class="sr-only"> {entityName(e)}</span>
                </button>
                <DangerButton
                  label="Delete"
                  what={entityName(e)}
                  onClick={async () =>
                    (await acts.confirmed(
                      `Delete the ${label} ${entityName(e)}?`,
                      `Delete ${label}`,
                      () =>
                        must(
                          client.DELETE('/admin/plugins/{slug}/entities/{label}/{id}', {
                            params: { path: { ...path, id: e.id } },
                          }),
                        ),
                      `${label} ${entityName(e)} deleted.`,
                    )) && list.reload()
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <NextPage more={list.more} />
      {schema.data && (
        <form
          class="card"
          aria-label={editing ? `Edit ${label}` : `New ${label}`}
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              const body = (doc ?? {}) as { [k: string]: Json };
              if (editing)
                await must(
                  client.PATCH('/admin/plugins/{slug}/entities/{label}/{id}', {
                    params: { path: { ...path, id: editing.id } },
                    body: mergePatch(editing.properties, body),
                  }),
                );
              else
                await must(client.POST('/admin/plugins/{slug}/entities/{label}', { params: { path }, body }));
              setEditing(null);
              setDoc({});
              list.reload();
            });
          }}
        >
          <h2>{editing ? `Edit ${label}` : `New ${label}`}</h2>
          <Problem error={error} atFields />
          <SchemaFields schema={schema.data} value={doc} error={error} onChange={setDoc} asServed />
          <Submit
            label={editing ? 'Save changes' : `Create ${label}`}
            busy={busy}
            cancel={
              editing
                ? () => {
                    setEditing(null);
                    setDoc({});
                  }
                : undefined
            }
          />
        </form>
      )}
    </>
  );
}

/** The first-class labels an end may name besides Environment: each chosen with a picker. */
type Anchor = 'Project' | 'Team' | 'Organization';
const isAnchor = (label: string): label is Anchor =>
  label === 'Project' || label === 'Team' || label === 'Organization';

/**
 * Ids to offer in a select for one end of an edge: the plugin's entities of that label, or the
 * environments; null for a label chosen with a picker (a project, a team or an organization).
 */
function useEndChoices(plugin: Plugin, label: string) {
  return useLoad(async () => {
    if (plugin.vertex_labels.some((v) => v.name === label)) {
      const { items } = await listOf(
        client.GET('/admin/plugins/{slug}/entities/{label}', {
          params: { path: { slug: plugin.slug, label }, query: { limit: 200 } },
        }),
      );
      return (items as Entity[]).map((e) => ({ id: e.id, text: entityName(e) }));
    }
    if (label === 'Environment') {
      const { items } = await listOf(client.GET('/environments', { params: { query: { limit: 200 } } }));
      return items.map((e) => ({ id: e.id, text: `${e.name} (${e.slug})` }));
    }
    return null;
  }, [plugin.slug, label]);
}

/** An organization's teams (one page of 200), to search by name or slug; the edge takes the team's id. */
const teamSearch = (org: string): Search =>
  searchIn(async () =>
    (
      await listOf(
        client.GET('/organizations/{org}/teams', { params: { path: { org }, query: { limit: 200 } } }),
      )
    ).items.map((t) => ({ value: t.id, text: t.name, detail: t.slug })),
  );

const organizationSearch = (): Search =>
  searchIn(async () =>
    (await readOrganizations()).items.map((o) => ({ value: o.id, text: o.name, detail: o.slug })),
  );

/**
 * The names of an edge table's project, team or organization ends, by id: the organizations the person
 * reads, their teams, and the first 200 projects of each (the API lists an edge's ends by id only).
 */
async function anchorNames(label: Anchor): Promise<Map<string, string>> {
  const orgs = (await readOrganizations()).items;
  if (label === 'Organization') return new Map(orgs.map((o) => [o.id, o.name]));
  const lists = await Promise.all(
    orgs.map(async (o): Promise<[string, string][]> => {
      const path = { org: o.slug };
      const rows =
        label === 'Team'
          ? listOf(client.GET('/organizations/{org}/teams', { params: { path, query: { limit: 200 } } }))
          : listOf(client.GET('/organizations/{org}/projects', { params: { path, query: { limit: 200 } } }));
      // An organization whose teams or projects this person may not list names none of them.
      const { items } = await rows.catch(() => ({ items: [] as { id: string; name: string }[] }));
      return items.map((r) => [r.id, orgs.length > 1 ? `${r.name} (${o.name})` : r.name]);
    }),
  );
  return new Map(lists.flat());
}

/**
 * One end of a new edge: chosen by name from `choices` (while they load, the list is empty); a
 * project, team or organization with a picker (a project or a team after its organization).
 */
function EndField(props: {
  label: string;
  /** The end's label in the manifest (`Project`, a plugin label). */
  end: string;
  pointer: string;
  error: ApiError | undefined;
  choices: { id: string; text: string }[] | null | undefined;
  value: Choice | null;
  onValue: (choice: Choice | null) => void;
}) {
  const { choices, end } = props;
  const orgs = useMemo(organizationSearch, []);
  if (choices !== null || !isAnchor(end))
    return (
      <SelectField
        label={props.label}
        pointer={props.pointer}
        error={props.error}
        required
        value={props.value?.value ?? ''}
        onValue={(id) => {
          const c = choices?.find((x) => x.id === id);
          props.onValue(c ? { value: c.id, text: c.text } : null);
        }}
        options={[
          { value: '', text: 'Choose…' },
          ...(choices ?? []).map((c) => ({ value: c.id, text: c.text })),
        ]}
      />
    );
  const picker = (search: Search) => (
    <Picker
      label={props.label}
      noun={end.toLowerCase()}
      search={search}
      pointer={props.pointer}
      error={props.error}
      required
      value={props.value}
      onValue={props.onValue}
    />
  );
  if (end === 'Organization') return picker(orgs);
  return (
    <OrgPicker label={`Organization of the ${props.label}`} onChange={() => props.onValue(null)}>
      {(org) => <InOrg key={org} org={org} end={end} picker={picker} />}
    </OrgPicker>
  );
}

/** A project or team picker searching one organization. */
function InOrg(props: {
  org: string;
  end: 'Project' | 'Team';
  picker: (search: Search) => preact.JSX.Element;
}) {
  const { org, end } = props;
  const search = useMemo(() => (end === 'Project' ? projectSearch(org, 'id') : teamSearch(org)), [org, end]);
  return props.picker(search);
}

function Edges({ plugin, edge }: { plugin: Plugin; edge: Plugin['edge_labels'][number] }) {
  const path = { slug: plugin.slug, label: edge.edge_label };
  const sources = useEndChoices(plugin, edge.source_label);
  const targets = useEndChoices(plugin, edge.target_label);
  const schema = useLoad(
    () =>
      must(
        client.GET('/admin/plugins/{slug}/edges/{label}/_schema', { params: { path } }),
      ) as Promise<Schema>,
    [plugin.slug, edge.edge_label],
  );
  const list = useLoad(
    () =>
      listOf(client.GET('/admin/plugins/{slug}/edges/{label}', { params: { path, query: { limit: 50 } } })),
    [plugin.slug, edge.edge_label],
  );
  const acts = useActions();
  // Each end by its name (the entity's, the environment's, the project's, team's or organization's),
  // never its id alone.
  const anchors = [edge.source_label, edge.target_label].filter(isAnchor);
  const anchored = useLoad(
    async () =>
      list.data?.items.length
        ? new Map((await Promise.all([...new Set(anchors)].map(anchorNames))).flatMap((m) => [...m]))
        : new Map<string, string>(),
    [list.data],
  );
  const names = new Map([...(sources.data ?? []), ...(targets.data ?? [])].map((c) => [c.id, c.text]));
  const nameOf = (id: string) => names.get(id) ?? anchored.data?.get(id) ?? seenName(id) ?? id;
  // The same label at both ends (Project DEPENDS_ON Project) says which end each field is.
  const same = edge.source_label === edge.target_label;
  const [source, setSource] = useState<Choice | null>(null);
  const [target, setTarget] = useState<Choice | null>(null);
  const [props, setProps] = useState<Json | undefined>({});
  const [error, run, busy] = useAction();
  return (
    <>
      {acts.chrome}
      <Problem error={list.error ?? acts.error} />
      {list.data && (
        <Table
          caption={`${edge.edge_label} edges`}
          columns={[edge.source_label, edge.target_label, 'Properties', ACTIONS]}
          rows={list.data.items.length}
          empty="No edge yet."
        >
          {list.data.items.map((e) => (
            <tr key={`${e.source_id}/${e.target_id}`} data-edge={`${e.source_id}/${e.target_id}`}>
              <td>{nameOf(e.source_id)}</td>
              <td>{nameOf(e.target_id)}</td>
              <td>{propertyWords(e.properties as { [k: string]: Json })}</td>
              <td>
                <DangerButton
                  label="Remove"
                  what={`${nameOf(e.source_id)} ${edge.edge_label} ${nameOf(e.target_id)}`}
                  onClick={async () =>
                    (await acts.confirmed(
                      `Remove the link ${nameOf(e.source_id)} ${edge.edge_label} ${nameOf(e.target_id)}?`,
                      'Remove link',
                      () =>
                        must(
                          client.DELETE('/admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}', {
                            params: { path: { ...path, source_id: e.source_id, target_id: e.target_id } },
                          }),
                        ),
                      'Link removed.',
                    )) && list.reload()
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <form
        class="card"
        aria-label={`New ${edge.edge_label} edge`}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await must(
              client.POST('/admin/plugins/{slug}/edges/{label}', {
                params: { path },
                body: {
                  source_id: source?.value ?? '',
                  target_id: target?.value ?? '',
                  properties: (props ?? {}) as { [k: string]: Json },
                },
              }),
            );
            setSource(null);
            setTarget(null);
            setProps({});
            list.reload();
          });
        }}
      >
        <h2>
          New edge {edge.source_label} {edge.edge_label} {edge.target_label}
        </h2>
        <Problem error={error} atFields />
        <div class="grid">
          <EndField
            label={same ? `${edge.source_label} (from)` : edge.source_label}
            end={edge.source_label}
            pointer="/source_id"
            error={error}
            choices={sources.data}
            value={source}
            onValue={setSource}
          />
          <EndField
            label={same ? `${edge.target_label} (to)` : edge.target_label}
            end={edge.target_label}
            pointer="/target_id"
            error={error}
            choices={targets.data}
            value={target}
            onValue={setTarget}
          />
        </div>
        {schema.data && (
          <SchemaFields
            schema={schema.data}
            value={props}
            error={error}
            onChange={setProps}
            base="properties"
            asServed
          />
        )}
        <Submit label="Create edge" busy={busy} />
      </form>
    </>
  );
}

export function Plugins() {
  const plugins = useLoad(() => listOf(client.GET('/admin/plugins', { params: { query: { limit: 200 } } })));
  const [chosen, setChosen] = useState<string>();
  const all = plugins.data?.items ?? [];
  const options = all.flatMap((p) => [
    ...p.vertex_labels.map((v) => ({
      key: `${p.slug}/entities/${v.name}`,
      text: `${p.name}: ${v.display_name}`,
    })),
    ...p.edge_labels.map((e) => ({
      key: `${p.slug}/edges/${e.edge_label}`,
      text: `${p.name}: ${e.source_label} ${e.edge_label} ${e.target_label} (edges)`,
    })),
  ]);
  const key = chosen ?? options[0]?.key;
  const [slug, kind, label] = key?.split('/') ?? [];
  const plugin = all.find((p) => p.slug === slug);
  const edge = plugin?.edge_labels.find((e) => e.edge_label === label);

  return (
    <Page title="Plugin entities">
      <Problem error={plugins.error} />
      {plugins.data && options.length === 0 && <p>No plugin is installed.</p>}
      {options.length > 0 && (
        <Field label="Plugin and label">
          {(a) => (
            <select {...a} value={key} onChange={(e) => setChosen(e.currentTarget.value)}>
              {options.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.text}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {plugin && kind === 'entities' && <Entities key={key} plugin={plugin.slug} label={label!} />}
      {plugin && kind === 'edges' && edge && <Edges key={key} plugin={plugin} edge={edge} />}
    </Page>
  );
}
