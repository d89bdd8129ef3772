// Plugin entities (SPEC 4.5): per plugin and label, a paginated table and a create/edit form generated
// from the label's JSON Schema; the edges of each edge label, listed and created.
import { useState } from 'preact/hooks';
import { api, page } from '../api';
import { SchemaFields, type Json, type Schema } from '../schema-form';
import { ACTIONS, Field, NextPage, Page, Problem, Table, useAction, useLoad, usePaged, when } from '../ui';

interface Plugin {
  slug: string;
  name: string;
  version: string;
  vertex_labels: { name: string; display_name: string }[];
  edge_labels: { source_label: string; edge_label: string; target_label: string }[];
}
interface Entity {
  id: string;
  properties: { [k: string]: Json };
  created_at: string;
}
interface Edge {
  source_id: string;
  source_label: string;
  target_id: string;
  target_label: string;
  properties: { [k: string]: Json };
}

const summary = (v: Json | undefined) =>
  v === undefined ? '' : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** A merge patch (RFC 7396) turning `before` into `after` at the top level: removed members become null. */
function mergePatch(before: { [k: string]: Json }, after: { [k: string]: Json }) {
  const patch: { [k: string]: Json } = { ...after };
  for (const k of Object.keys(before)) if (!(k in after)) patch[k] = null;
  return patch;
}

function Entities({ plugin, label }: { plugin: string; label: string }) {
  const base = `/admin/plugins/${plugin}/entities/${label}`;
  const schema = useLoad(() => api<Schema>('GET', `${base}/_schema`), [base]);
  const list = usePaged<Entity>(`${base}?limit=20`);
  const [editing, setEditing] = useState<Entity | null>(null);
  const [doc, setDoc] = useState<Json | undefined>({});
  const [error, run, busy] = useAction();
  const columns = Object.keys(schema.data?.properties ?? {}).slice(0, 5);

  return (
    <>
      <Problem error={list.error ?? schema.error} />
      {list.data && (
        <Table
          caption={`${label} entities`}
          columns={[...columns, 'Created', ACTIONS]}
          rows={list.data.items.length}
          empty={`No ${label} yet.`}
        >
          {list.data.items.map((e) => (
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
                  Edit<span class="sr-only"> {e.id}</span>
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={() =>
                    void run(async () => (await api('DELETE', `${base}/${e.id}`), list.reload()))
                  }
                >
                  Delete<span class="sr-only"> {e.id}</span>
                </button>
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
              if (editing) await api('PATCH', `${base}/${editing.id}`, mergePatch(editing.properties, body));
              else await api('POST', base, body);
              setEditing(null);
              setDoc({});
              list.reload();
            });
          }}
        >
          <h2>{editing ? `Edit ${label}` : `New ${label}`}</h2>
          <Problem error={error} />
          <SchemaFields schema={schema.data} value={doc} error={error} onChange={setDoc} />
          <div class="actions">
            <button type="submit" disabled={busy}>
              {editing ? 'Save changes' : `Create ${label}`}
            </button>
            {editing && (
              <button
                type="button"
                onClick={() => {
                  setEditing(null);
                  setDoc({});
                }}
              >
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
    </>
  );
}

/** Ids to offer for one end of an edge: the plugin's entities of that label, or the environments. */
function useEndChoices(plugin: Plugin, label: string) {
  return useLoad(async () => {
    if (plugin.vertex_labels.some((v) => v.name === label)) {
      const { items } = await page<Entity>(`/admin/plugins/${plugin.slug}/entities/${label}?limit=200`);
      return items.map((e) => ({
        id: e.id,
        text: Object.values(e.properties)
          .filter((v) => typeof v === 'string')
          .slice(0, 2)
          .join(' · '),
      }));
    }
    if (label === 'Environment') {
      const { items } = await page<{ id: string; slug: string; name: string }>('/environments?limit=200');
      return items.map((e) => ({ id: e.id, text: `${e.name} (${e.slug})` }));
    }
    return [];
  }, [plugin.slug, label]);
}

function EndChoices({ id, choices }: { id: string; choices: { id: string; text: string }[] | undefined }) {
  return (
    <datalist id={id}>
      {choices?.map((c) => (
        <option key={c.id} value={c.id}>
          {c.text}
        </option>
      ))}
    </datalist>
  );
}

function Edges({ plugin, edge }: { plugin: Plugin; edge: Plugin['edge_labels'][number] }) {
  const base = `/admin/plugins/${plugin.slug}/edges/${edge.edge_label}`;
  const sources = useEndChoices(plugin, edge.source_label);
  const targets = useEndChoices(plugin, edge.target_label);
  const schema = useLoad(() => api<Schema>('GET', `${base}/_schema`), [base]);
  const list = useLoad(() => page<Edge>(`${base}?limit=50`), [base]);
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [props, setProps] = useState<Json | undefined>({});
  const [error, run, busy] = useAction();
  return (
    <>
      <Problem error={list.error} />
      {list.data && (
        <Table
          caption={`${edge.edge_label} edges`}
          columns={[edge.source_label, edge.target_label, 'Properties']}
          rows={list.data.items.length}
          empty="No edge yet."
        >
          {list.data.items.map((e) => (
            <tr key={`${e.source_id}/${e.target_id}`} data-edge={`${e.source_id}/${e.target_id}`}>
              <td>
                <code>{e.source_id}</code>
              </td>
              <td>
                <code>{e.target_id}</code>
              </td>
              <td>{summary(e.properties)}</td>
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
            await api('POST', base, { source_id: source, target_id: target, properties: props ?? {} });
            setSource('');
            setTarget('');
            setProps({});
            list.reload();
          });
        }}
      >
        <h2>
          New edge {edge.source_label} {edge.edge_label} {edge.target_label}
        </h2>
        <Problem error={error} />
        <div class="grid">
          <Field label={`${edge.source_label} id`} pointer="/source_id" error={error}>
            {(a) => (
              <input
                {...a}
                list="edge-sources"
                required
                value={source}
                onInput={(e) => setSource(e.currentTarget.value)}
              />
            )}
          </Field>
          <EndChoices id="edge-sources" choices={sources.data} />
          <Field label={`${edge.target_label} id`} pointer="/target_id" error={error}>
            {(a) => (
              <input
                {...a}
                list="edge-targets"
                required
                value={target}
                onInput={(e) => setTarget(e.currentTarget.value)}
              />
            )}
          </Field>
          <EndChoices id="edge-targets" choices={targets.data} />
        </div>
        {schema.data && (
          <SchemaFields
            schema={schema.data}
            value={props}
            error={error}
            onChange={setProps}
            base="properties"
          />
        )}
        <button type="submit" disabled={busy}>
          Create edge
        </button>
      </form>
    </>
  );
}

export function Plugins() {
  const plugins = useLoad(() => page<Plugin>('/admin/plugins?limit=200'));
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
