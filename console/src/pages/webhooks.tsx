// Webhooks: list, create (the secret is write-only), edit, delete, and what a sender must send.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { ACTIONS, Page, Problem, Table, useAction, useLoad } from '../ui';
import { Bound, DangerButton, Submit, TextField, useActions } from '../forms';
import { SLUG_HINT } from '../slugs';

type Hook = Item<'/admin/webhooks'>;

function HookForm(props: { hook?: Hook; done: () => void; cancel?: () => void }) {
  const h = props.hook;
  const [f, setF] = useState({
    slug: h?.slug ?? '',
    integration: h?.integration ?? '',
    project: h?.project ?? '',
    secret: '',
  });
  const [error, run, busy] = useAction();
  const bind = { form: f, set: setF, error };
  return (
    <form
      class="card"
      aria-label={h ? `Edit webhook ${h.slug}` : 'New webhook'}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const project = f.project.trim() || null;
          if (h)
            await must(
              client.PATCH('/admin/webhooks/{slug}', {
                params: { path: { slug: h.slug } },
                body: { integration: f.integration, project, ...(f.secret ? { secret: f.secret } : {}) },
              }),
            );
          else
            await must(
              client.POST('/admin/webhooks', {
                body: { slug: f.slug, integration: f.integration, project, secret: f.secret },
              }),
            );
          setF({ ...f, secret: '' });
          props.done();
        });
      }}
    >
      <h2>{h ? `Edit ${h.slug}` : 'New webhook'}</h2>
      <Problem error={error} />
      <div class="grid">
        {!h && <Bound {...bind} name="slug" label="Slug" hint={SLUG_HINT} required mono />}
        <Bound
          {...bind}
          name="integration"
          label="Integration"
          hint="The sending system, e.g. github; part of the delivery address"
          required
          mono
        />
        <Bound
          {...bind}
          name="project"
          label="Project (optional)"
          hint="organization/project the deliveries are about"
          mono
        />
        <TextField
          label={h ? 'Replace secret' : 'Signing secret'}
          pointer="/secret"
          error={error}
          hint={
            h
              ? h.has_secret
                ? 'A secret is stored; leave empty to keep it'
                : 'No secret stored'
              : 'Shared with the sender; never shown again'
          }
          type="password"
          autocomplete="new-password"
          required={!h}
          value={f.secret}
          onValue={(secret) => setF({ ...f, secret })}
        />
      </div>
      <Submit label={h ? 'Save webhook' : 'Create webhook'} busy={busy} cancel={props.cancel} />
    </form>
  );
}

export function Webhooks() {
  const list = useLoad(() => listOf(client.GET('/admin/webhooks', { params: { query: { limit: 200 } } })));
  const [editing, setEditing] = useState<string>();
  const acts = useActions();
  return (
    <Page title="Webhooks">
      {acts.chrome}
      <p class="lead">
        A sender posts JSON to the delivery address with the header <code>X-Keel-Signature-256: sha256=</code>
        followed by the hex HMAC-SHA256 of the raw body under the webhook's secret.
      </p>
      <Problem error={list.error ?? acts.error} />
      {list.data && (
        <Table
          caption="Webhooks"
          columns={['Webhook', 'Delivery address', 'Project', 'Secret', ACTIONS]}
          rows={list.data.items.length}
          empty="No webhook yet."
        >
          {list.data.items.map((h) => (
            <tr key={h.slug} data-webhook={h.slug}>
              <td>
                {h.slug} <small>({h.integration})</small>
              </td>
              <td class="mono wrap">{h.delivery_url}</td>
              <td>{h.project ?? 'any'}</td>
              <td>{h.has_secret ? 'stored' : 'none'}</td>
              <td class="actions">
                <button type="button" onClick={() => setEditing(h.slug)}>
                  Edit<span class="sr-only"> {h.slug}</span>
                </button>
                <DangerButton
                  label="Delete"
                  what={h.slug}
                  onClick={async () =>
                    (await acts.confirmed(
                      `Delete the webhook ${h.slug}? Its sender's deliveries will be refused.`,
                      'Delete webhook',
                      () =>
                        must(client.DELETE('/admin/webhooks/{slug}', { params: { path: { slug: h.slug } } })),
                      `Webhook ${h.slug} deleted.`,
                    )) && list.reload()
                  }
                />
              </td>
            </tr>
          ))}
        </Table>
      )}
      {editing && list.data ? (
        <HookForm
          key={editing}
          hook={list.data.items.find((h) => h.slug === editing)}
          done={() => (setEditing(undefined), acts.announce('Webhook saved.'), list.reload())}
          cancel={() => setEditing(undefined)}
        />
      ) : (
        <HookForm key="new" done={() => (acts.announce('Webhook created.'), list.reload())} />
      )}
    </Page>
  );
}
