// Webhooks: list, create (the secret is write-only), edit, delete, and what a sender must send.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { ACTIONS, Field, Page, Problem, Table, useAction, useConfirm, useLoad, useNotice } from '../ui';
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
        {!h && (
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
          label="Integration"
          pointer="/integration"
          error={error}
          hint="The sending system, e.g. github; part of the delivery address"
        >
          {(a) => (
            <input
              {...a}
              required
              class="mono"
              value={f.integration}
              onInput={(e) => setF({ ...f, integration: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field
          label="Project (optional)"
          pointer="/project"
          error={error}
          hint="organization/project the deliveries are about"
        >
          {(a) => (
            <input
              {...a}
              class="mono"
              value={f.project}
              onInput={(e) => setF({ ...f, project: e.currentTarget.value })}
            />
          )}
        </Field>
        <Field
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
        >
          {(a) => (
            <input
              {...a}
              type="password"
              autocomplete="new-password"
              required={!h}
              value={f.secret}
              onInput={(e) => setF({ ...f, secret: e.currentTarget.value })}
            />
          )}
        </Field>
      </div>
      <div class="actions">
        <button type="submit" disabled={busy}>
          {h ? 'Save webhook' : 'Create webhook'}
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

export function Webhooks() {
  const list = useLoad(() => listOf(client.GET('/admin/webhooks', { params: { query: { limit: 200 } } })));
  const [editing, setEditing] = useState<string>();
  const [error, run] = useAction();
  const [dialog, confirm] = useConfirm();
  const [notice, announce] = useNotice();
  return (
    <Page title="Webhooks">
      {dialog}
      {notice}
      <p class="lead">
        A sender posts JSON to the delivery address with the header <code>X-Keel-Signature-256: sha256=</code>
        followed by the hex HMAC-SHA256 of the raw body under the webhook's secret.
      </p>
      <Problem error={list.error ?? error} />
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
                <button
                  type="button"
                  class="danger"
                  onClick={async () => {
                    if (
                      !(await confirm(
                        `Delete the webhook ${h.slug}? Its sender's deliveries will be refused.`,
                        'Delete webhook',
                      ))
                    )
                      return;
                    if (
                      await run(() =>
                        must(client.DELETE('/admin/webhooks/{slug}', { params: { path: { slug: h.slug } } })),
                      )
                    ) {
                      announce(`Webhook ${h.slug} deleted.`);
                      list.reload();
                    }
                  }}
                >
                  Delete<span class="sr-only"> {h.slug}</span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      {editing && list.data ? (
        <HookForm
          key={editing}
          hook={list.data.items.find((h) => h.slug === editing)}
          done={() => (setEditing(undefined), announce('Webhook saved.'), list.reload())}
          cancel={() => setEditing(undefined)}
        />
      ) : (
        <HookForm key="new" done={() => (announce('Webhook created.'), list.reload())} />
      )}
    </Page>
  );
}
