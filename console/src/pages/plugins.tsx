// Plugin entities (SPEC 4.5): per plugin and label, a paginated table and a create/edit form generated
// from the label's JSON Schema; the edges of each edge label, listed and created.
import { useMemo, useState } from 'preact/hooks';
import { client, listOf, must, type ApiError, type Item } from '../api';
import { OrgPicker, readOrganizations } from '../org-picker';
import {
  environmentSearch,
  PAGE,
  Picker,
  projectSearch,
  searchIn,
  seenName,
  type Choice,
  type Search,
} from '../picker';
import { useEntityNames } from '../names';
import { propertyOrder, propertyWords, SchemaFields, summary, type Json, type Schema } from '../schema-form';
import { ACTIONS, Field, NextPage, Page, Problem, Table, useAction, useCursor, useLoad, when } from '../ui';
import { DangerButton, Submit, useActions } from '../forms';
import { entityName } from './environments';

type Plugin = Item<'/admin/plugins'>;
type ListedEdge = Item<'/admin/plugins/{slug}/edges/{label}'>;
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

/** A plugin's entities of one label whose text properties hold `q`: the list's own search, one page. */
const entitySearch =
  (plugin: string, label: string): Search =>
  async (q) => {
    const { items, next } = await listOf(
      client.GET('/admin/plugins/{slug}/entities/{label}', {
        params: { path: { slug: plugin, label }, query: { limit: PAGE, ...(q ? { q } : {}) } },
      }),
    );
    return { choices: (items as Entity[]).map((e) => ({ value: e.id, text: entityName(e) })), more: !!next };
  };

/** The ids of an end that is one of the plugin's entity labels (none for a first-class end). */
const entityIds = (plugin: Plugin, label: string, ids: string[]) =>
  plugin.vertex_labels.some((v) => v.name === label) ? ids : [];

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
 * One end of a new edge, chosen by name with a picker: a plugin entity searched as typed (the API's
 * search), an environment or an organization from their lists, a project or a team after its
 * organization. The edge gets its id.
 */
function EndField(props: {
  label: string;
  /** The end's label in the manifest (`Project`, a plugin label). */
  end: string;
  plugin: Plugin;
  pointer: string;
  error: ApiError | undefined;
  value: Choice | null;
  onValue: (choice: Choice | null) => void;
}) {
  const { end, plugin } = props;
  const search = useMemo((): Search | null => {
    if (plugin.vertex_labels.some((v) => v.name === end)) return entitySearch(plugin.slug, end);
    if (end === 'Environment') return environmentSearch('id');
    if (end === 'Organization') return organizationSearch();
    return null;
  }, [plugin.slug, end]);
  const picker = (search: Search) => (
    <Picker
      label={props.label}
      noun={isAnchor(end) || end === 'Environment' ? end.toLowerCase() : end}
      search={search}
      pointer={props.pointer}
      error={props.error}
      required
      value={props.value}
      onValue={props.onValue}
    />
  );
  if (search) return picker(search);
  if (end !== 'Project' && end !== 'Team') return null;
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
  const schema = useLoad(
    () =>
      must(
        client.GET('/admin/plugins/{slug}/edges/{label}/_schema', { params: { path } }),
      ) as Promise<Schema>,
    [plugin.slug, edge.edge_label],
  );
  const list = useCursor(
    (cursor) =>
      listOf(
        client.GET('/admin/plugins/{slug}/edges/{label}', { params: { path, query: { limit: 50, cursor } } }),
      ),
    [plugin.slug, edge.edge_label],
  );
  const acts = useActions();
  // Each end by its name, never its id alone: the API names an environment, project, team or
  // organization end; a plugin entity end is read once by its id (its document holds its name).
  const edges = list.data?.items ?? [];
  const sourceNames = useEntityNames(
    plugin.slug,
    edge.source_label,
    entityIds(
      plugin,
      edge.source_label,
      edges.map((e) => e.source_id),
    ),
  );
  const targetNames = useEntityNames(
    plugin.slug,
    edge.target_label,
    entityIds(
      plugin,
      edge.target_label,
      edges.map((e) => e.target_id),
    ),
  );
  const sourceOf = (e: ListedEdge) =>
    e.source_name ?? sourceNames(e.source_id) ?? seenName(e.source_id) ?? e.source_id;
  const targetOf = (e: ListedEdge) =>
    e.target_name ?? targetNames(e.target_id) ?? seenName(e.target_id) ?? e.target_id;
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
              <td>{sourceOf(e)}</td>
              <td>{targetOf(e)}</td>
              <td>{propertyWords(e.properties as { [k: string]: Json })}</td>
              <td>
                <DangerButton
                  label="Remove"
                  what={`${sourceOf(e)} ${edge.edge_label} ${targetOf(e)}`}
                  onClick={async () =>
                    (await acts.confirmed(
                      `Remove the link ${sourceOf(e)} ${edge.edge_label} ${targetOf(e)}?`,
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
      <NextPage more={list.more} />
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
            plugin={plugin}
            value={source}
            onValue={setSource}
          />
          <EndField
            label={same ? `${edge.target_label} (to)` : edge.target_label}
            end={edge.target_label}
            pointer="/target_id"
            error={error}
            plugin={plugin}
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
