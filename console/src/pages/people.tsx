// Users, roles and service accounts (docs/console.md). A client secret is shown once, when created.
import { useState } from 'preact/hooks';
import { client, listOf, must } from '../api';
import type { Me } from '../me';
import {
  ACTIONS,
  NextPage,
  Page,
  Problem,
  Table,
  useAction,
  useCursor,
  useLoad,
  useNotice,
  when,
} from '../ui';
import { Bound, DangerButton, NameSlugFields, Submit, TextField, useActions } from '../forms';
import { IfAllowed } from '../can';

/** Permissions one after the other, a line breaking only between two of them. */
const permissionList = (names: string[]) =>
  names.length === 0
    ? 'none'
    : names.map((n, i) => [<span key={n}>{i < names.length - 1 ? `${n},` : n}</span>, ' ']);

const allRoles = () => listOf(client.GET('/roles', { params: { query: { limit: 200 } } }));

/** Role chips with Remove, and a select to add one. */
function RolePicker(props: {
  who: string;
  roles: string[];
  available: { slug: string; name: string }[];
  add: (role: string) => Promise<unknown>;
  remove: (role: string) => Promise<unknown>;
  changed: () => void;
}) {
  const [error, run] = useAction();
  const [pick, setPick] = useState('');
  const missing = props.available.filter((r) => !props.roles.includes(r.slug));
  return (
    <div class="roles">
      <Problem error={error} />
      <ul class="chips" aria-label={`Roles of ${props.who}`}>
        {props.roles.length === 0 && <li class="empty">No role</li>}
        {props.roles.map((r) => (
          <li key={r}>
            <span>{r}</span>
            <button
              type="button"
              class="link danger"
              onClick={() => void run(async () => (await props.remove(r), props.changed()))}
            >
              Remove
              <span class="sr-only">
                {' '}
                role {r} from {props.who}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <span class="inline">
          <select
            aria-label={`Role to give ${props.who}`}
            value={pick}
            onChange={(e) => setPick(e.currentTarget.value)}
          >
            <option value="">Choose a role…</option>
            {missing.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={!pick}
            onClick={() => void run(async () => (await props.add(pick), setPick(''), props.changed()))}
          >
            Give role<span class="sr-only"> to {props.who}</span>
          </button>
        </span>
      )}
    </div>
  );
}

export function Users({ me }: { me: Me | undefined }) {
  const list = useCursor((cursor) =>
    listOf(client.GET('/users', { params: { query: { limit: 50, cursor } } })),
  );
  const roles = useLoad(allRoles);
  const acts = useActions();
  const { error, busy, announce } = acts;
  const run = acts.act;
  const [f, setF] = useState({ email: '', display_name: '', password: '', is_admin: false });
  const setActive = async (email: string, active: boolean) => {
    const patch = () =>
      must(client.PATCH('/users/{email}', { params: { path: { email } }, body: { is_active: active } }));
    const ok = active
      ? await acts.act(patch, `${email} reactivated.`)
      : await acts.confirmed(
          `Deactivate ${email}? They are signed out everywhere.`,
          'Deactivate',
          patch,
          `${email} deactivated.`,
        );
    if (ok) list.reload();
  };
  return (
    <Page title="Users">
      {acts.chrome}
      <Problem error={list.error ?? error} />
      {list.data && (
        <Table caption="Users" columns={['User', 'Status', 'Roles', ACTIONS]} rows={list.data.items.length}>
          {list.data.items.map((u) => (
            <tr key={u.email} data-user={u.email}>
              <td>
                {u.display_name || u.email}
                <br />
                <small>{u.email}</small>
                {u.is_admin && <span class="badge running">admin</span>}
              </td>
              <td>
                <span class={`badge ${u.is_active ? 'succeeded' : 'skipped'}`}>
                  {u.is_active ? 'active' : 'inactive'}
                </span>
              </td>
              <td>
                <RolePicker
                  who={u.email}
                  roles={u.roles}
                  available={roles.data?.items ?? []}
                  add={(role) =>
                    must(
                      client.PUT('/users/{name}/roles/{role}', { params: { path: { name: u.email, role } } }),
                    )
                  }
                  remove={(role) =>
                    must(
                      client.DELETE('/users/{name}/roles/{role}', {
                        params: { path: { name: u.email, role } },
                      }),
                    )
                  }
                  changed={() => (announce(`Roles of ${u.email} changed.`), list.reload())}
                />
              </td>
              <td>
                {u.email !== me?.principal_name && (
                  <button
                    type="button"
                    class={u.is_active ? 'danger' : ''}
                    onClick={() => void setActive(u.email, !u.is_active)}
                  >
                    {u.is_active ? 'Deactivate' : 'Reactivate'}
                    <span class="sr-only"> {u.email}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <NextPage more={list.more} />
      <IfAllowed call={['POST', '/users']} what="create users" say={!!list.data}>
        <form
          class="card"
          aria-label="New user"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await must(
                client.POST('/users', {
                  body: {
                    email: f.email,
                    ...(f.display_name ? { display_name: f.display_name } : {}),
                    ...(f.password ? { password: f.password } : {}),
                    ...(f.is_admin ? { is_admin: true } : {}),
                  },
                }),
              );
              announce(`User ${f.email} created.`);
              setF({ email: '', display_name: '', password: '', is_admin: false });
              list.reload();
            });
          }}
        >
          <h2>New user</h2>
          <div class="grid">
            <Bound form={f} set={setF} error={error} name="email" label="Email" type="email" required />
            <Bound form={f} set={setF} error={error} name="display_name" label="Display name" />
            <Bound
              form={f}
              set={setF}
              error={error}
              name="password"
              label="Password (optional)"
              hint="Leave empty for sign-in through a login provider only"
              type="password"
              autocomplete="new-password"
            />
            {me?.is_admin && (
              <label class="check">
                <input
                  type="checkbox"
                  checked={f.is_admin}
                  onChange={(e) => setF({ ...f, is_admin: e.currentTarget.checked })}
                />{' '}
                Administrator
              </label>
            )}
          </div>
          <Submit label="Create user" busy={busy} />
        </form>
      </IfAllowed>
    </Page>
  );
}

export function Roles() {
  const list = useLoad(allRoles);
  const perms = useLoad(() => must(client.GET('/permissions')));
  const acts = useActions();
  const { error, busy, announce } = acts;
  const run = acts.act;
  const [f, setF] = useState({ name: '', slug: '', description: '', permissions: [] as string[] });
  const [filter, setFilter] = useState('');
  const shown = (perms.data ?? []).filter(
    (p) => !filter || p.name.includes(filter) || p.description.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <Page title="Roles">
      {acts.chrome}
      <Problem error={list.error ?? error} />
      {list.data && (
        <Table caption="Roles" columns={['Role', 'Permissions', ACTIONS]} rows={list.data.items.length}>
          {list.data.items.map((r) => (
            <tr key={r.slug} data-role={r.slug}>
              <td>
                {r.name} <small class="mono">{r.slug}</small>
                {r.builtin && <span class="badge skipped">built in</span>}
                {r.description && <p class="hint">{r.description}</p>}
              </td>
              <td class="perms">
                {r.permissions.length > 12 ? (
                  <details>
                    <summary>{r.permissions.length} permissions</summary>
                    {permissionList(r.permissions)}
                  </details>
                ) : (
                  permissionList(r.permissions)
                )}
              </td>
              <td>
                {!r.builtin && (
                  <DangerButton
                    label="Delete"
                    what={`role ${r.name}`}
                    onClick={async () =>
                      (await acts.confirmed(
                        `Delete the role ${r.name}? Whoever holds it loses its permissions.`,
                        'Delete role',
                        () => must(client.DELETE('/roles/{slug}', { params: { path: { slug: r.slug } } })),
                        `Role ${r.name} deleted.`,
                      )) && list.reload()
                    }
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <IfAllowed call={['POST', '/roles']} what="create roles" say={!!list.data}>
        <form
          class="card"
          aria-label="New role"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await must(
                client.POST('/roles', {
                  body: {
                    name: f.name,
                    slug: f.slug,
                    permissions: f.permissions,
                    ...(f.description ? { description: f.description } : {}),
                  },
                }),
              );
              announce(`Role ${f.name} created.`);
              setF({ name: '', slug: '', description: '', permissions: [] });
              list.reload();
            });
          }}
        >
          <h2>New role</h2>
          <div class="grid">
            <NameSlugFields form={f} set={setF} error={error} />
            <Bound form={f} set={setF} error={error} name="description" label="Description" />
          </div>
          <fieldset class="perm-list">
            <legend>Permissions ({f.permissions.length} chosen)</legend>
            <TextField label="Filter permissions" type="search" value={filter} onValue={setFilter} />
            <Problem error={perms.error} />
            <div class="checks">
              {shown.map((p) => (
                <label key={p.name} class="check" title={p.description}>
                  <input
                    type="checkbox"
                    checked={f.permissions.includes(p.name)}
                    onChange={(e) =>
                      setF({
                        ...f,
                        permissions: e.currentTarget.checked
                          ? [...f.permissions, p.name]
                          : f.permissions.filter((x) => x !== p.name),
                      })
                    }
                  />{' '}
                  <span class="mono">{p.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Submit label="Create role" busy={busy} />
        </form>
      </IfAllowed>
    </Page>
  );
}

/** The secret of a credential just created: shown this once, with a copy button, then forgotten. */
function SecretOnce({ id, secret, done }: { id: string; secret: string; done: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="card secret" role="region" aria-label="New client secret">
      <p>
        <strong>Copy the secret now: Keel never shows it again.</strong>
      </p>
      <dl class="facts">
        <dt>Client ID</dt>
        <dd class="mono">{id}</dd>
        <dt>Client secret</dt>
        <dd class="mono" data-secret>
          {secret}
        </dd>
      </dl>
      <div class="actions">
        <button
          type="button"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" onClick={done}>
          I have stored it
        </button>
      </div>
    </div>
  );
}

function Credentials({ sa }: { sa: string }) {
  const creds = useLoad(
    () => must(client.GET('/service-accounts/{slug}/client-credentials', { params: { path: { slug: sa } } })),
    [sa],
  );
  const acts = useActions();
  const { error, busy } = acts;
  const run = acts.act;
  const [name, setName] = useState('');
  const [fresh, setFresh] = useState<{ id: string; secret: string }>();
  return (
    <div class="credentials">
      {acts.chrome}
      <Problem error={creds.error ?? error} />
      {fresh && <SecretOnce id={fresh.id} secret={fresh.secret} done={() => setFresh(undefined)} />}
      {creds.data && creds.data.length > 0 && (
        <Table
          caption={`Client credentials of ${sa}`}
          columns={['Credential', 'Client ID', 'Created', 'State', ACTIONS]}
          rows={creds.data.length}
        >
          {creds.data.map((c) => (
            <tr key={c.client_id}>
              <td>{c.name}</td>
              <td class="mono">{c.client_id}</td>
              <td>{when(c.created_at)}</td>
              <td>{c.revoked_at ? 'revoked' : c.expires_at ? `until ${when(c.expires_at)}` : 'active'}</td>
              <td>
                {!c.revoked_at && (
                  <DangerButton
                    label="Revoke"
                    what={c.name}
                    onClick={async () =>
                      (await acts.confirmed(
                        `Revoke the credential ${c.name}? Tokens issued with it stop working.`,
                        'Revoke',
                        () =>
                          must(
                            client.DELETE('/service-accounts/{slug}/client-credentials/{client_id}', {
                              params: { path: { slug: sa, client_id: c.client_id } },
                            }),
                          ),
                        `Credential ${c.name} revoked.`,
                      )) && creds.reload()
                    }
                  />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
      <form
        class="inline"
        aria-label={`New credential for ${sa}`}
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            const made = await must(
              client.POST('/service-accounts/{slug}/client-credentials', {
                params: { path: { slug: sa } },
                body: { name },
              }),
            );
            setFresh({ id: made.client_id, secret: made.client_secret });
            setName('');
            creds.reload();
          });
        }}
      >
        <TextField
          label="Credential name"
          pointer="/name"
          error={error}
          required
          value={name}
          onValue={setName}
        />
        <Submit label="Create credential" busy={busy} />
      </form>
    </div>
  );
}

export function ServiceAccounts() {
  const list = useCursor((cursor) =>
    listOf(client.GET('/service-accounts', { params: { query: { limit: 50, cursor } } })),
  );
  const roles = useLoad(allRoles);
  const [error, run, busy] = useAction();
  const [notice, announce] = useNotice();
  const [f, setF] = useState({ display_name: '', slug: '' });
  return (
    <Page title="Service accounts">
      {notice}
      <Problem error={list.error} />
      {list.data?.items.length === 0 && <p>No service account yet.</p>}
      {list.data?.items.map((sa) => (
        <section class="card" key={sa.slug} aria-labelledby={`sa-${sa.slug}`} data-service-account={sa.slug}>
          <h2 id={`sa-${sa.slug}`}>
            {sa.display_name} <small class="mono">{sa.slug}</small>
            {!sa.is_active && <span class="badge skipped">inactive</span>}
          </h2>
          {sa.description && <p class="hint">{sa.description}</p>}
          <RolePicker
            who={sa.slug}
            roles={sa.roles}
            available={roles.data?.items ?? []}
            add={(role) =>
              must(
                client.PUT('/service-accounts/{name}/roles/{role}', {
                  params: { path: { name: sa.slug, role } },
                }),
              )
            }
            remove={(role) =>
              must(
                client.DELETE('/service-accounts/{name}/roles/{role}', {
                  params: { path: { name: sa.slug, role } },
                }),
              )
            }
            changed={() => (announce(`Roles of ${sa.slug} changed.`), list.reload())}
          />
          <Credentials sa={sa.slug} />
        </section>
      ))}
      <NextPage more={list.more} />
      <IfAllowed call={['POST', '/service-accounts']} what="create service accounts" say={!!list.data}>
        <form
          class="card"
          aria-label="New service account"
          onSubmit={(e) => {
            e.preventDefault();
            void run(async () => {
              await must(client.POST('/service-accounts', { body: f }));
              announce(`Service account ${f.slug} created.`);
              setF({ display_name: '', slug: '' });
              list.reload();
            });
          }}
        >
          <h2>New service account</h2>
          <Problem error={error} />
          <div class="grid">
            <NameSlugFields
              form={{ name: f.display_name, slug: f.slug }}
              set={(n) => setF({ display_name: n.name, slug: n.slug })}
              error={error}
              nameLabel="Display name"
              namePointer="/display_name"
            />
          </div>
          <Submit label="Create service account" busy={busy} />
        </form>
      </IfAllowed>
    </Page>
  );
}
