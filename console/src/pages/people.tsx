// Users, roles and service accounts (docs/console.md). A client secret is shown once, when created.
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { client, listOf, must, type ApiError, type Item } from '../api';
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
  when,
  type Loaded,
} from '../ui';
import { Bound, CheckOption, DangerButton, NameSlugFields, Submit, TextField, useActions } from '../forms';
import { allowed, IfAllowed, useCan } from '../can';

/** Permissions one after the other, a line breaking only between two of them. */
const permissionList = (names: string[]) =>
  names.length === 0
    ? 'none'
    : names.map((n, i) => [<span key={n}>{i < names.length - 1 ? `${n},` : n}</span>, ' ']);

const allRoles = () => listOf(client.GET('/roles', { params: { query: { limit: 200 } } }));

/** The scheduler's service account and its seeded role share this name (SPEC 2.4). */
const SCHEDULER = 'scheduler';

/**
 * The question before a role (its slug, its name) is taken from someone: what they lose, and for the
 * scheduler's own account, what stops.
 */
function removeRoleQuestion(
  who: string,
  kind: 'user' | 'service_account',
  role: string,
  name: string,
): string {
  if (kind === 'service_account' && who === SCHEDULER && role === SCHEDULER)
    return `Remove the role ${name} from the scheduler's own service account? Its system schedules run with this role: their calls are refused until the role is given back.`;
  return `Remove the role ${name} from ${who}? ${kind === 'user' ? 'They lose' : 'It loses'} its permissions at once.`;
}

/** Role chips with Remove (asked first), and a select to add one. */
function RolePicker(props: {
  who: string;
  kind: 'user' | 'service_account';
  roles: string[];
  available: { slug: string; name: string }[];
  add: (role: string) => Promise<unknown>;
  remove: (role: string) => Promise<unknown>;
  /** The page's confirmation dialog. */
  confirm: (question: string, action: string) => Promise<boolean>;
  /** Says what changed, then reloads. */
  changed: (message: string) => void;
}) {
  const [error, run] = useAction();
  const [pick, setPick] = useState('');
  const missing = props.available.filter((r) => !props.roles.includes(r.slug));
  const nameOf = (slug: string) => props.available.find((r) => r.slug === slug)?.name ?? slug;
  const remove = async (role: string) => {
    const name = nameOf(role);
    if (!(await props.confirm(removeRoleQuestion(props.who, props.kind, role, name), 'Remove role'))) return;
    await run(
      async () => (await props.remove(role), props.changed(`Role ${name} removed from ${props.who}.`)),
    );
  };
  return (
    <div class="roles">
      <Problem error={error} />
      <ul class="chips" aria-label={`Roles of ${props.who}`}>
        {props.roles.length === 0 && <li class="empty">No role</li>}
        {props.roles.map((r) => (
          <li key={r} data-role={r}>
            <span>{nameOf(r)}</span>
            <button type="button" class="link danger" onClick={() => void remove(r)}>
              Remove
              <span class="sr-only">
                {' '}
                role {nameOf(r)} from {props.who}
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
            onClick={() =>
              void run(
                async () => (
                  await props.add(pick),
                  setPick(''),
                  props.changed(`${props.who} now holds the role ${nameOf(pick)}.`)
                ),
              )
            }
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
                  kind="user"
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
                  confirm={acts.confirm}
                  changed={(message) => (announce(message), list.reload())}
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

type Role = Item<'/roles'>;
type Permission = Item<'/permissions'>;

/** The admin role holds every permission, now and to come: its list is not edited (the API answers 409). */
const holdsAll = (r: Role) => r.builtin && r.slug === 'admin';

/** The permissions of a role, chosen from GET /permissions: a filter, then a checkbox each. */
function PermissionPicker(props: {
  perms: Loaded<Permission[]>;
  chosen: string[];
  onChosen: (chosen: string[]) => void;
  error: ApiError | undefined;
}) {
  const [filter, setFilter] = useState('');
  const words = filter.trim().toLowerCase();
  const shown = (props.perms.data ?? []).filter(
    (p) => !words || p.name.includes(words) || p.description.toLowerCase().includes(words),
  );
  const message = props.error?.errors.find((e) => e.pointer.startsWith('/permissions'))?.detail;
  return (
    <fieldset class="perm-list" data-pointer="/permissions">
      <legend>Permissions ({props.chosen.length} chosen)</legend>
      <TextField label="Filter permissions" type="search" value={filter} onValue={setFilter} />
      <Problem error={props.perms.error} />
      <div class="checks">
        {shown.map((p) => (
          <CheckOption
            key={p.name}
            value={p.name}
            title={p.description}
            chosen={props.chosen}
            onChosen={props.onChosen}
          >
            <span class="mono">{p.name}</span>
          </CheckOption>
        ))}
      </div>
      {message && <small class="field-error">{message}</small>}
    </fieldset>
  );
}

/** A new role (name, slug, description, permissions), or an existing one's name, description and permissions. */
function RoleForm(props: {
  role?: Role;
  perms: Loaded<Permission[]>;
  done: (name: string) => void;
  cancel?: () => void;
}) {
  const r = props.role;
  const [f, setF] = useState({
    name: r?.name ?? '',
    slug: r?.slug ?? '',
    description: r?.description ?? '',
    permissions: r?.permissions ?? ([] as string[]),
  });
  const [error, run, busy] = useAction();
  const all = r !== undefined && holdsAll(r);
  return (
    <form
      class="card"
      aria-label={r ? `Edit role ${r.name}` : 'New role'}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          if (r)
            await must(
              client.PATCH('/roles/{slug}', {
                params: { path: { slug: r.slug } },
                body: {
                  name: f.name,
                  ...(f.description !== (r.description ?? '') ? { description: f.description } : {}),
                  ...(all ? {} : { permissions: f.permissions }),
                },
              }),
            );
          else
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
          props.done(f.name);
        });
      }}
    >
      <h2>{r ? `Edit role ${r.name}` : 'New role'}</h2>
      <Problem error={error} />
      <div class="grid">
        <NameSlugFields form={f} set={setF} error={error} fixed={!!r} />
        <Bound form={f} set={setF} error={error} name="description" label="Description" />
      </div>
      {all ? (
        <p class="hint">
          The admin role holds every permission, including those added later; its list is not edited.
        </p>
      ) : (
        <>
          {r?.slug === SCHEDULER && (
            <p class="hint">
              The scheduler's system schedules run with this role: a permission taken away refuses the calls
              that need it.
            </p>
          )}
          <PermissionPicker
            perms={props.perms}
            chosen={f.permissions}
            onChosen={(permissions) => setF({ ...f, permissions })}
            error={error}
          />
        </>
      )}
      <Submit label={r ? 'Save role' : 'Create role'} busy={busy} cancel={props.cancel} />
    </form>
  );
}

export function Roles() {
  const list = useLoad(allRoles);
  const perms = useLoad(() => must(client.GET('/permissions')));
  const acts = useActions();
  const [editing, setEditing] = useState<string>();
  // A new form after each role created, so the next one starts empty.
  const [created, setCreated] = useState(0);
  // The permission is not the role's own: the first role's path answers for every row.
  const first = list.data?.items[0]?.slug;
  const can = useCan({ update: first ? ['PATCH', `/roles/${first}`] : undefined });
  const mayEdit = allowed(can.update);
  return (
    <Page title="Roles">
      {acts.chrome}
      <Problem error={list.error ?? acts.error} />
      {list.data && (
        <Table caption="Roles" columns={['Role', 'Permissions', ACTIONS]} rows={list.data.items.length}>
          {list.data.items.map((r) => (
            <Fragment key={r.slug}>
              <tr data-role={r.slug}>
                <td>
                  {r.name} <small class="mono">{r.slug}</small>
                  {r.builtin && <span class="badge skipped">built in</span>}
                  {r.description && <p class="hint">{r.description}</p>}
                </td>
                <td class="perms">
                  {holdsAll(r) || r.permissions.length > 12 ? (
                    <details>
                      <summary>
                        {holdsAll(r)
                          ? `Every permission (${r.permissions.length})`
                          : `${r.permissions.length} permissions`}
                      </summary>
                      {permissionList(r.permissions)}
                    </details>
                  ) : (
                    permissionList(r.permissions)
                  )}
                </td>
                <td class="actions">
                  {mayEdit && (
                    <button
                      type="button"
                      aria-expanded={editing === r.slug}
                      onClick={() => setEditing(editing === r.slug ? undefined : r.slug)}
                    >
                      Edit<span class="sr-only"> role {r.name}</span>
                    </button>
                  )}
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
              {editing === r.slug && (
                <tr class="editor-row">
                  <td colSpan={3}>
                    <RoleForm
                      key={r.slug}
                      role={r}
                      perms={perms}
                      done={(name) => (
                        setEditing(undefined),
                        acts.announce(`Role ${name} saved.`),
                        list.reload()
                      )}
                      cancel={() => setEditing(undefined)}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </Table>
      )}
      <IfAllowed call={['POST', '/roles']} what="create roles" say={!!list.data}>
        <RoleForm
          key={`new-${created}`}
          perms={perms}
          done={(name) => (acts.announce(`Role ${name} created.`), setCreated((n) => n + 1), list.reload())}
        />
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
  const acts = useActions();
  const { error, busy, announce } = acts;
  const run = acts.act;
  const [f, setF] = useState({ display_name: '', slug: '' });
  return (
    <Page title="Service accounts">
      {acts.chrome}
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
            kind="service_account"
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
            confirm={acts.confirm}
            changed={(message) => (acts.announce(message), list.reload())}
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
