// Webhooks: list, create (the secret is write-only), edit, delete, and what a sender must send.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { ACTIONS, Page, Problem, Table, useAction, useLoad } from '../ui';
import { Bound, DangerButton, SelectField, Submit, TextField, useActions } from '../forms';
import { SLUG_HINT } from '../slugs';
import { IfAllowed } from '../can';

type Hook = Item<'/admin/webhooks'>;
type Sender = Hook['sender'];

/** How each sender signs its deliveries, in words (docs/webhooks.md). */
const SENDERS: readonly { value: Sender; text: string; secret: string }[] = [
  {
    value: 'github',
    text: 'GitHub',
    secret: 'Any text of 16 to 512 characters, as in GitHub\'s "Secret" field',
  },
  {
    value: 'standard',
    text: 'Standard Webhooks',
    secret: 'whsec_ followed by the base64 of 24 to 64 random bytes',
  },
  {
    value: 'keel',
    text: 'Keel signature',
    secret: 'Any text of 16 to 512 characters',
  },
];

/** An address that may break after each slash on a narrow screen, never inside a word. */
const breakable = (url: string) =>
  url.split('/').map((part, i, all) => (i < all.length - 1 ? [part, '/', <wbr key={i} />] : part));

function HookForm(props: { hook?: Hook; done: () => void; cancel?: () => void }) {
  const h = props.hook;
  const [f, setF] = useState({
    slug: h?.slug ?? '',
    integration: h?.integration ?? '',
    project: h?.project ?? '',
    sender: h?.sender ?? ('keel' as Sender),
    secret: '',
  });
  const sender = SENDERS.find((x) => x.value === f.sender);
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
                body: {
                  integration: f.integration,
                  project,
                  sender: f.sender,
                  ...(f.secret ? { secret: f.secret } : {}),
                },
              }),
            );
          else
            await must(
              client.POST('/admin/webhooks', {
                body: {
                  slug: f.slug,
                  integration: f.integration,
                  project,
                  sender: f.sender,
                  secret: f.secret,
                },
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
          hint="The project the deliveries are about, as organization/project"
          mono
        />
        <SelectField
          label="Sender"
          pointer="/sender"
          error={error}
          hint="How the sending system signs its deliveries: as GitHub does, as the Standard Webhooks specification says (Svix and others), or with Keel's own signature"
          value={f.sender}
          onValue={(v) => setF({ ...f, sender: v as Sender })}
          options={SENDERS}
        />
        <TextField
          label={h ? 'Replace secret' : 'Signing secret'}
          pointer="/secret"
          error={error}
          hint={
            h?.has_secret
              ? `A secret is stored; leave empty to keep it. ${sender?.secret ?? ''}`
              : `${sender?.secret ?? ''}; shared with the sender, never shown again`
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
  // A new form after each webhook created, so the next one starts empty.
  const [created, setCreated] = useState(0);
  const acts = useActions();
  return (
    <Page title="Webhooks">
      {acts.chrome}
      <p class="lead">
        An outside system posts its events as JSON to a webhook's delivery address, signed with the webhook's
        secret; each webhook lists the headers its sender must send.
      </p>
      <Problem error={list.error ?? acts.error} />
      {list.data && (
        <Table
          caption="Webhooks"
          columns={['Webhook', 'Delivery address and headers', 'Project', 'Secret', ACTIONS]}
          rows={list.data.items.length}
          empty="No webhook yet."
        >
          {list.data.items.map((h) => (
            <tr key={h.slug} data-webhook={h.slug}>
              <td>
                {h.slug} <small>({h.integration})</small>
                <br />
                <small>{SENDERS.find((x) => x.value === h.sender)?.text ?? h.sender}</small>
              </td>
              <td>
                <code>{breakable(h.delivery_url)}</code>
                <ul class="plain headers">
                  {h.delivery_headers.map((x) => (
                    <li key={x.name}>
                      <code>{x.name}</code>: {x.value}
                      {x.required ? '' : ' (optional)'}
                    </li>
                  ))}
                </ul>
              </td>
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
        <IfAllowed call={['POST', '/admin/webhooks']} what="create webhooks" say={!!list.data}>
          <HookForm
            key={`new-${created}`}
            done={() => (acts.announce('Webhook created.'), setCreated((n) => n + 1), list.reload())}
          />
        </IfAllowed>
      )}
    </Page>
  );
}
