// Scoring policies (create, edit, enable) and the recompute-all trigger (docs/console.md).
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { ACTIONS, Field, Page, Problem, Table, useAction, useLoad } from '../ui';
import { Bound, DangerButton, NameSlugFields, Submit, useActions } from '../forms';
import { IfAllowed } from '../can';

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
        <NameSlugFields form={f} set={setF} error={error} fixed={!!p} />
        <Bound
          form={f}
          set={setF}
          error={error}
          name="attribute"
          label="Project attribute"
          hint="The attribute whose value is scored, e.g. tier"
          required
          mono
        />
        <Bound
          form={f}
          set={setF}
          error={error}
          name="weight"
          label="Weight"
          hint="A whole number; policies count in proportion to their weight"
          required
          inputMode="numeric"
        />
        <div class={`field${local ? ' invalid' : ''}`}>
          <Field
            label="Scores by value"
            pointer="/value_score_map"
            error={error}
            hint="Pairs of value=score separated by commas, e.g. gold=100, silver=60"
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
      <Submit label={p ? 'Save policy' : 'Create policy'} busy={busy} cancel={props.cancel} />
    </form>
  );
}

export function Scoring() {
  const list = useLoad(() => listOf(client.GET('/scoring/policies', { params: { query: { limit: 200 } } })));
  const [editing, setEditing] = useState<string>();
  // A new form after each policy created, so the next one starts empty.
  const [created, setCreated] = useState(0);
  const acts = useActions();
  return (
    <Page title="Scoring">
      {acts.chrome}
      <Problem error={list.error ?? acts.error} />
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
              <td>
                <span class={`badge ${p.enabled ? 'active' : 'skipped'}`}>
                  {p.enabled ? 'enabled' : 'disabled'}
                </span>
              </td>
              <td class="actions">
                <button type="button" onClick={() => setEditing(p.slug)}>
                  Edit<span class="sr-only"> {p.name}</span>
                </button>
                <DangerButton
                  label="Delete"
                  what={p.name}
                  onClick={async () =>
                    (await acts.confirmed(
                      `Delete the policy ${p.name}?`,
                      'Delete policy',
                      () =>
                        must(
                          client.DELETE('/scoring/policies/{slug}', { params: { path: { slug: p.slug } } }),
                        ),
                      `Policy ${p.name} deleted.`,
                    )) && list.reload()
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      {editing && list.data && (
        <PolicyForm
          key={editing}
          policy={list.data.items.find((p) => p.slug === editing)}
          done={() => (setEditing(undefined), acts.announce('Policy saved.'), list.reload())}
          cancel={() => setEditing(undefined)}
        />
      )}
      {!editing && (
        <IfAllowed call={['POST', '/scoring/policies']} what="create scoring policies" say={!!list.data}>
          <PolicyForm
            key={`new-${created}`}
            done={() => (acts.announce('Policy created.'), setCreated((n) => n + 1), list.reload())}
          />
        </IfAllowed>
      )}
      <section class="card" aria-labelledby="recompute">
        <h2 id="recompute">Recompute every score</h2>
        <p>Queues a new score for every project, for instance after changing the policies.</p>
        <button
          type="button"
          disabled={acts.busy}
          onClick={() =>
            void acts.confirmed('Recompute the score of every project?', 'Recompute all', async () => {
              const r = await must(client.POST('/api/scoring/recompute-all'));
              // A project already waiting for its new score is not queued twice.
              acts.announce(
                r.queued === 0
                  ? 'Nothing more queued: every project is already waiting for a new score.'
                  : `${r.queued} project${r.queued === 1 ? '' : 's'} queued for a new score.`,
              );
            })
          }
        >
          Recompute all scores
        </button>
      </section>
    </Page>
  );
}
