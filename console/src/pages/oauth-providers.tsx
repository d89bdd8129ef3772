// OAuth providers (admins, SPEC 4.6): list, edit, enable. The client secret is write-only: the page only
// knows `has_secret` and offers a "replace secret" field that starts empty and is cleared after saving.
import { useState } from 'preact/hooks';
import { client, listOf, must } from '../api';
import { ACTIONS, Field, Page, Problem, Table, useAction, useLoad, when } from '../ui';

interface Provider {
  slug: string;
  type: string;
  name: string;
  enabled: boolean;
  client_id: string | null;
  has_secret: boolean;
  issuer_url: string | null;
  allowed_domains: string[];
  callback_url: string;
  updated_at: string;
}

const SLUGS = ['oidc', 'provider_a', 'provider_b'] as const;
type Slug = (typeof SLUGS)[number];

function Editor({
  slug,
  service,
  current,
  saved,
}: {
  slug: Slug;
  /** The login service: its display name (GitHub, Google, OpenID Connect) and what it checks. */
  service: { display_name: string; description: string } | undefined;
  current: Provider | undefined;
  saved: () => void;
}) {
  const [name, setName] = useState(current?.name ?? '');
  const [enabled, setEnabled] = useState(current?.enabled ?? false);
  const [clientId, setClientId] = useState(current?.client_id ?? '');
  const [issuer, setIssuer] = useState(current?.issuer_url ?? '');
  const [domains, setDomains] = useState((current?.allowed_domains ?? []).join(', '));
  const [secret, setSecret] = useState('');
  const [error, run, busy] = useAction();

  return (
    <form
      class="card"
      aria-label={`Edit ${slug}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await must(
            client.PUT('/admin/oauth-providers/{slug}', {
              params: { path: { slug } },
              body: {
                name,
                enabled,
                client_id: clientId || null,
                ...(slug === 'oidc' ? { issuer_url: issuer || null } : {}),
                ...(slug === 'provider_a'
                  ? { allowed_domains: domains.split(/[\s,]+/).filter(Boolean) }
                  : {}),
                // Absent keeps the stored secret; a value replaces it. It is never read back.
                ...(secret ? { client_secret: secret } : {}),
              },
            }),
          );
          setSecret('');
          saved();
        });
      }}
    >
      <h2>
        {current ? 'Edit' : 'Configure'} {service?.display_name ?? slug} <small class="mono">{slug}</small>
      </h2>
      {service && <p class="hint">{service.description}</p>}
      <Problem error={error} atFields />
      <div class="grid">
        <Field label="Display name" pointer="/name" error={error}>
          {(a) => <input {...a} required value={name} onInput={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <Field label="Client ID" pointer="/client_id" error={error}>
          {(a) => <input {...a} value={clientId} onInput={(e) => setClientId(e.currentTarget.value)} />}
        </Field>
        {slug === 'oidc' && (
          <Field label="Issuer URL" pointer="/issuer_url" error={error}>
            {(a) => (
              <input {...a} type="url" value={issuer} onInput={(e) => setIssuer(e.currentTarget.value)} />
            )}
          </Field>
        )}
        {slug === 'provider_a' && (
          <Field
            label="Allowed email domains"
            pointer="/allowed_domains"
            error={error}
            hint="comma separated"
          >
            {(a) => <input {...a} value={domains} onInput={(e) => setDomains(e.currentTarget.value)} />}
          </Field>
        )}
        <Field
          label={current?.has_secret ? 'Replace secret' : 'Client secret'}
          pointer="/client_secret"
          error={error}
          hint={
            current?.has_secret
              ? 'A secret is stored. Leave empty to keep it.'
              : 'No secret is stored yet: the one the provider gave with the client ID.'
          }
        >
          {(a) => (
            <input
              {...a}
              type="password"
              autocomplete="off"
              value={secret}
              onInput={(e) => setSecret(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="field check">
          <input
            id={`enabled-${slug}`}
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
          />
          <label for={`enabled-${slug}`}>Enabled (shown on the sign-in page)</label>
        </div>
      </div>
      {current && (
        <p class="hint">
          Redirect URI to register at the provider: <code>{current.callback_url}</code>
        </p>
      )}
      <button type="submit" disabled={busy}>
        Save provider
      </button>
    </form>
  );
}

export function OAuthProviders() {
  const list = useLoad(() =>
    listOf(client.GET('/admin/oauth-providers', { params: { query: { limit: 50 } } })),
  );
  // What each slug is, for people: Google, GitHub, OpenID Connect (the SPEC keys stay the slugs).
  const types = useLoad(() => must(client.GET('/admin/oauth-provider-types')));
  const typeOf = new Map(types.data?.map((t) => [t.type, t]));
  const [editing, setEditing] = useState<Slug>();
  const bySlug = new Map(list.data?.items.map((p) => [p.slug, p]));

  return (
    <Page title="OAuth providers">
      <Problem error={list.error ?? types.error} />
      {list.data && (
        <Table
          caption="Login providers"
          columns={['Provider', 'Login service', 'Enabled', 'Client ID', 'Secret', 'Updated', ACTIONS]}
          rows={SLUGS.length}
        >
          {SLUGS.map((slug) => {
            const p = bySlug.get(slug);
            return (
              <tr key={slug} data-provider={slug}>
                <td>
                  {p?.name ?? typeOf.get(slug)?.display_name ?? slug} <small class="mono">{slug}</small>
                </td>
                <td data-login-service>{typeOf.get(slug)?.display_name ?? '—'}</td>
                <td>{p ? (p.enabled ? 'yes' : 'no') : 'not configured'}</td>
                <td>{p?.client_id ?? '—'}</td>
                <td data-has-secret={String(p?.has_secret ?? false)}>{p?.has_secret ? 'stored' : 'none'}</td>
                <td>{p ? when(p.updated_at) : '—'}</td>
                <td>
                  <button type="button" onClick={() => setEditing(slug)}>
                    {p ? 'Edit' : 'Configure'}
                    <span class="sr-only"> {slug}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </Table>
      )}
      {editing && list.data && (
        <Editor
          key={editing}
          slug={editing}
          service={typeOf.get(editing)}
          current={bySlug.get(editing)}
          saved={() => {
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
    </Page>
  );
}
