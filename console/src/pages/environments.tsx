// Environments: list, create, rename, delete, and the plugin edges anchored on each (docs/console.md).
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { linkProps, navigate } from '../router';
import { ACTIONS, Page, Problem, Table, useAction, useConfirm, useCursor, useLoad, useNotice } from '../ui';
import { NameSlugForm, Rename } from './organizations';

type Edge = Item<'/admin/environments/{slug}/plugin-edges/{plugin}/{label}'>;

/** A plugin entity's name for people: its first text property among name, title, slug, else its label. */
export function entityName(e: { label: string; properties: unknown }): string {
  const p = (e.properties ?? {}) as Record<string, unknown>;
  for (const k of ['name', 'title', 'display_name', 'slug', 'id']) if (typeof p[k] === 'string') return p[k];
  const first = Object.values(p).find((v) => typeof v === 'string');
  return typeof first === 'string' ? first : e.label;
}

export function Environments() {
  const list = useCursor((cursor) =>
    listOf(client.GET('/environments', { params: { query: { limit: 50, cursor } } })),
  );
  const [notice, announce] = useNotice();
  return (
    <Page title="Environments">
      {notice}
      <Problem error={list.error} />
      {list.data && (
        <Table
          caption="Environments"
          columns={['Environment', 'Slug']}
          rows={list.data.items.length}
          empty="No environment yet."
        >
          {list.data.items.map((e) => (
            <tr key={e.slug} data-environment={e.slug}>
              <td>
                <a {...linkProps(`/environments/${e.slug}`)}>{e.name}</a>
              </td>
              <td class="mono">{e.slug}</td>
            </tr>
          ))}
        </Table>
      )}
      <NameSlugForm
        label="New environment"
        create={(body) => must(client.POST('/environments', { body }))}
        created={(slug) => (announce(`Environment ${slug} created.`), list.reload())}
      />
    </Page>
  );
}

function EdgesOf({ env, plugin, label }: { env: string; plugin: string; label: string }) {
  const edges = useLoad(
    () =>
      listOf(
        client.GET('/admin/environments/{slug}/plugin-edges/{plugin}/{label}', {
          params: { path: { slug: env, plugin, label }, query: { limit: 100 } },
        }),
      ),
    [env, plugin, label],
  );
  const [error, run] = useAction();
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
  const remove = async (e: Edge) => {
    const name = entityName(e.entity);
    if (!(await confirm(`Remove the ${label} link between ${env} and ${name}?`, 'Remove link'))) return;
    const ok = await run(() =>
      must(
        client.DELETE('/admin/plugins/{slug}/edges/{label}/{source_id}/{target_id}', {
          params: { path: { slug: plugin, label, source_id: e.source_id, target_id: e.target_id } },
        }),
      ),
    );
    if (ok) {
      announce(`Link to ${name} removed.`);
      edges.reload();
    }
  };
  if (edges.error?.status === 403) return null;
  return (
    <div data-edges={`${plugin}/${label}`}>
      {dialog}
      {notice}
      <Problem error={edges.error ?? error} />
      {edges.data && (
        <Table
          caption={`${label} (${plugin})`}
          columns={[`${label} (${plugin})`, 'Kind', ACTIONS]}
          rows={edges.data.items.length}
          empty="None."
        >
          {edges.data.items.map((e) => (
            <tr key={`${e.source_id}-${e.target_id}`}>
              <td>{entityName(e.entity)}</td>
              <td>{e.entity.label}</td>
              <td>
                <button type="button" class="danger" onClick={() => void remove(e)}>
                  Remove<span class="sr-only"> link to {entityName(e.entity)}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}

export function Environment({ slug }: { slug: string }) {
  const env = useLoad(() => must(client.GET('/environments/{slug}', { params: { path: { slug } } })), [slug]);
  const plugins = useLoad(
    () => listOf(client.GET('/admin/plugins', { params: { query: { limit: 100 } } })),
    [],
  );
  const [error, run] = useAction();
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
  const [, setTick] = useState(0);
  const remove = async () => {
    if (!(await confirm(`Delete the environment ${env.data?.name ?? slug}?`, 'Delete environment'))) return;
    if (await run(() => must(client.DELETE('/environments/{slug}', { params: { path: { slug } } }))))
      navigate('/environments');
  };
  const anchored = (plugins.data?.items ?? []).flatMap((p) =>
    p.edge_labels
      .filter((e) => e.source_label === 'Environment' || e.target_label === 'Environment')
      .map((e) => ({ plugin: p.slug, label: e.edge_label })),
  );
  return (
    <Page title={env.data?.name ?? slug}>
      <p>
        <a {...linkProps('/environments')}>All environments</a>
      </p>
      {dialog}
      {notice}
      <Problem error={env.error ?? error} />
      {env.data && (
        <div class="card row">
          <Rename
            name={env.data.name}
            save={(name) =>
              must(client.PATCH('/environments/{slug}', { params: { path: { slug } }, body: { name } }))
            }
            saved={() => (announce('Environment renamed.'), env.reload(), setTick((t) => t + 1))}
          />
          <button type="button" class="danger" onClick={() => void remove()}>
            Delete environment
          </button>
        </div>
      )}
      <h2>Plugin links</h2>
      {plugins.error?.status === 403 && <p class="hint">Only admins see plugin links.</p>}
      {plugins.data && anchored.length === 0 && (
        <p>Nothing is linked here: no installed plugin connects its entities to environments.</p>
      )}
      {anchored.map((a) => (
        <EdgesOf key={`${a.plugin}/${a.label}`} env={slug} plugin={a.plugin} label={a.label} />
      ))}
    </Page>
  );
}
