// Scoring policies (create, edit, enable) and the recompute-all trigger (docs/console.md).
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { ACTIONS, Field, Page, Problem, Table, useAction, useConfirm, useLoad, useNotice } from '../ui';
import { SLUG_HINT, slugify } from '../slugs';

type Policy = Item<'/scoring/policies'>;

/** A value map in words: "production → 100, staging → 50". */
export function mapWords(p: Policy): string {
  if (p.value_score_map)
    return Object.entries(p.value_score_map)
      .map(([v, s]) => `${v} → ${s}`)
      .join(', ');
  return (p.range_score_map ?? []).map((r) => `${r.min ?? '…'} to ${r.max ?? '…'} → ${r.score}`).join(', ');
}

/** "production=100, staging=50" as a value map; throws a message naming the first bad entry. */
export function parseValueMap(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [k, v] = part.split('=').map((x) => x.trim());
    if (!k || v === undefined || !/^-?\d+(\.\d+)?$/.test(v))
      throw new Error(`“${part}” is not value=score, like production=100`);
    out[k] = Number(v);
  }
  return out;
}

function PolicyForm(props: { policy?: Policy; done: () => void; cancel?: () => void }) {
  const p = props.policy;
  const [f, setF] = useState({
    name: p?.name ?? '',
    slug: p?.slug ?? '',
    attribute: p?.attribute ?? '',
    weight: String(p?.weight ?? 1),
    map: p?.value_score_map
      ? Object.entries(p.value_score_map)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')
      : '',
    enabled: p?.enabled ?? true,
  });
  const [error, run, busy] = useAction();
  const [local, setLocal] = useState<string>();
  return (
    <form
      class="card"
      aria-label={p ? `Edit policy ${p.name}` : 'New scoring policy'}
      onSubmit={(e) => {
        e.preventDefault();
        let map: Record<string, number>;
        try {
          map = parseValueMap(f.map);
          setLocal(undefined);
        } catch (err) {
          setLocal((err as Error).message);
          return;
        }
        void run(async () => {
          const body = {
            name: f.name,
            attribute: f.attribute,
            weight: Number(f.weight),
            value_score_map: map,
            enabled: f.enabled,
          };
          if (p)
            await must(
              client.PATCH('/scoring/policies/{slug}', { params: { path: { slug: p.slug } }, body }),
            );
          else await must(client.POST('/scoring/policies', { body: { ...body, slug: f.slug } }));
          props.done();
        });
      }}
    >
      <h2>{p ? `Edit ${p.name}` : 'New scoring policy'}</h2>
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
                setF({ ...f, name, slug: p || f.slug !== slugify(f.name) ? f.slug : slugify(name) });
              }}
            />
          )}
        </Field>
        {!p && (
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
        )}
        <Field
          label="Project attribute"
          pointer="/attribute"
          error={error}
          hint="The attribute whose value is scored, e.g. tier"
        >
          {(a) => (
            <input
              {...a}
              required
              class="mono"
              value={f.attribute}
              onInput={(e) => setF({ ...f, attribute: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field
          label="Weight"
          pointer="/weight"
          error={error}
          hint="A whole number; policies count in proportion to their weight"
        >
          {(a) => (
            <input
              {...a}
              required
              inputMode="numeric"
              value={f.weight}
              onInput={(e) => setF({ ...f, weight: e.currentTarget.value })}
            />
          )}
        </Field>
        <div class={`field${local ? ' invalid' : ''}`}>
          <Field
            label="Scores by value"
            pointer="/value_score_map"
            error={error}
            hint="value=score pairs separated by commas, e.g. gold=100, silver=60"
          >
            {(a) => (
              <input
                {...a}
                aria-invalid={a['aria-invalid'] || !!local}
                value={f.map}
                onInput={(e) => setF({ ...f, map: e.currentTarget.value })}
              />
            )}
          </Field>
          {local && (
            <small class="field-error" role="alert">
              {local}
            </small>
          )}
        </div>
        <label class="check">
          <input
            type="checkbox"
            checked={f.enabled}
            onChange={(e) => setF({ ...f, enabled: e.currentTarget.checked })}
          />{' '}
          Enabled
        </label>
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {p ? 'Save policy' : 'Create policy'}
        </button>
        {props.cancel && (
          <button type="button" onClick={props.cancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

export function Scoring() {
  const list = useLoad(() => listOf(client.GET('/scoring/policies', { params: { query: { limit: 200 } } })));
  const [editing, setEditing] = useState<string>();
  const [error, run, busy] = useAction();
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
  return (
    <Page title="Scoring">
      {dialog}
      {notice}
      <Problem error={list.error ?? error} />
      {list.data && (
        <Table
          caption="Scoring policies"
          columns={['Policy', 'Attribute', 'Weight', 'Scores', 'State', ACTIONS]}
          rows={list.data.items.length}
          empty="No policy yet: projects are not scored."
        >
          {list.data.items.map((p) => (
            <tr key={p.slug} data-policy={p.slug}>
              <td>{p.name}</td>
              <td class="mono">{p.attribute}</td>
              <td>{p.weight}</td>
              <td>{mapWords(p)}</td>
              <td>{p.enabled ? 'enabled' : 'disabled'}</td>
              <td class="actions">
                <button type="button" onClick={() => setEditing(p.slug)}>
                  Edit<span class="sr-only"> {p.name}</span>
                </button>
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    if (!(await confirm(`Delete the policy ${p.name}?`, 'Delete policy'))) return;
                    if (
                      await run(() =>
                        must(
                          client.DELETE('/scoring/policies/{slug}', { params: { path: { slug: p.slug } } }),
                        ),
                      )
                    ) {
                      announce(`Policy ${p.name} deleted.`);
                      list.reload();
                    }
                  }}
                >
                  Delete<span class="sr-only"> {p.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {editing && list.data && (
        <PolicyForm
          key={editing}
          policy={list.data.items.find((p) => p.slug === editing)}
          done={() => (setEditing(undefined), announce('Policy saved.'), list.reload())}
          cancel={() => setEditing(undefined)}
        />
      )}
      {!editing && <PolicyForm key="new" done={() => (announce('Policy created.'), list.reload())} />}
      <section class="card" aria-labelledby="recompute">
        <h2 id="recompute">Recompute every score</h2>
        <p>Queues a new score for every project, for instance after changing the policies.</p>
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            if (!(await confirm('Recompute the score of every project?', 'Recompute all'))) return;
            await run(async () => {
              const r = await must(client.POST('/api/scoring/recompute-all'));
              announce(`${r.queued} project${r.queued === 1 ? '' : 's'} queued for a new score.`);
            });
          }}
        >
          Recompute all scores
        </button>
      </section>
    </Page>
  );
}
