// Organizations and one organization's teams (members, AI models) and projects (docs/console.md).
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { linkProps, navigate, useScrollToFragment } from '../router';
import { rememberOrgs } from '../crumbs';
import { NextPage, Page, Problem, Table, useAction, useCursor, useLoad, useNotice } from '../ui';
import { DangerButton, NameSlugFields, Submit, TextField, useActions } from '../forms';
import { ProjectList } from './projects';

type Team = Item<'/organizations/{org}/teams'>;

/** Name and slug: the form every simple resource is created with. */
export function NameSlugForm(props: {
  label: string;
  create: (body: { name: string; slug: string }) => Promise<unknown>;
  created: (slug: string) => void;
}) {
  const [f, setF] = useState({ name: '', slug: '' });
  const [error, run, busy] = useAction();
  return (
    <form
      class="card inline"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          await props.create(f);
          props.created(f.slug);
          setF({ name: '', slug: '' });
        });
      }}
    >
      <h2>{props.label}</h2>
      <Problem error={error} />
      <NameSlugFields form={f} set={setF} error={error} />
      <Submit label="Create" busy={busy} />
    </form>
  );
}

export function Organizations() {
  const list = useCursor((cursor) =>
    listOf(client.GET('/organizations', { params: { query: { limit: 50, cursor } } })).then(
      (r) => (rememberOrgs(r.items), r),
    ),
  );
  const [notice, announce] = useNotice();
  return (
    <Page title="Organizations">
      {notice}
      <Problem error={list.error} />
      {list.data && (
        <Table
          caption="Organizations"
          columns={['Organization', 'Slug']}
          rows={list.data.items.length}
          empty="No organization yet."
        >
          {list.data.items.map((o) => (
            <tr key={o.slug} data-org={o.slug}>
              <td>
                <a {...linkProps(`/organizations/${o.slug}`)}>{o.name}</a>
              </td>
              <td>
                <code>{o.slug}</code>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <NextPage more={list.more} />
      <NameSlugForm
        label="New organization"
        create={(body) => must(client.POST('/organizations', { body }))}
        created={(slug) => (announce(`Organization ${slug} created.`), list.reload())}
      />
    </Page>
  );
}

export function Rename(props: { name: string; save: (name: string) => Promise<unknown>; saved: () => void }) {
  const [name, setName] = useState(props.name);
  const [error, run, busy] = useAction();
  return (
    <form
      class="inline"
      aria-label="Rename"
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => (await props.save(name), props.saved()));
      }}
    >
      <Problem error={error} />
      <TextField label="Display name" pointer="/name" error={error} required value={name} onValue={setName} />
      <button type="submit" disabled={busy || name === props.name}>
        Rename
      </button>
    </form>
  );
}

function TeamMembers({
  org,
  team,
  children,
}: {
  org: string;
  team: Team;
  children?: preact.ComponentChildren;
}) {
  const path = { org, team: team.slug };
  const members = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/teams/{team}/members', {
          params: { path, query: { limit: 200 } },
        }),
      ),
    [org, team.slug],
  );
  const [email, setEmail] = useState('');
  const acts = useActions();
  const { error, busy } = acts;
  return (
    <section class="card" aria-labelledby={`team-${team.slug}`} data-team={team.slug}>
      <h3 id={`team-${team.slug}`}>
        {team.name} <small class="mono">{team.slug}</small>
      </h3>
      {acts.chrome}
      <Problem error={members.error ?? error} />
      <ul class="chips" aria-label={`Members of ${team.name}`}>
        {members.data?.items.length === 0 && <li class="empty">No member yet.</li>}
        {members.data?.items.map((m) => (
          <li key={m.email}>
            <span>{m.display_name || m.email}</span>
            <DangerButton
              label="Remove"
              what={m.email}
              class="link danger"
              onClick={async () =>
                (await acts.confirmed(
                  `Remove ${m.email} from ${team.name}?`,
                  'Remove member',
                  () =>
                    must(
                      client.DELETE('/organizations/{org}/teams/{team}/members/{email}', {
                        params: { path: { ...path, email: m.email } },
                      }),
                    ),
                  `${m.email} removed.`,
                )) && members.reload()
              }
            />
          </li>
        ))}
      </ul>
      <form
        class="inline"
        aria-label={`Add a member to ${team.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void acts.act(async () => {
            await must(
              client.PUT('/organizations/{org}/teams/{team}/members/{email}', {
                params: { path: { ...path, email } },
              }),
            );
            acts.announce(`${email} added.`);
            setEmail('');
            members.reload();
          });
        }}
      >
        <TextField
          label="Member's email"
          error={error}
          type="email"
          required
          value={email}
          onValue={setEmail}
        />
        <Submit label="Add member" busy={busy} />
      </form>
      {children}
    </section>
  );
}

export function Organization({ org }: { org: string }) {
  const o = useLoad(
    () =>
      must(client.GET('/organizations/{org}', { params: { path: { org } } })).then(
        (read) => (rememberOrgs([read]), read),
      ),
    [org],
  );
  // A link to its projects (a project page's breadcrumb) lands there once the part above has loaded.
  useScrollToFragment(!!(o.data || o.error));
  const teams = useLoad(
    () =>
      listOf(client.GET('/organizations/{org}/teams', { params: { path: { org }, query: { limit: 200 } } })),
    [org],
  );
  const models = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/ai-models', { params: { path: { org }, query: { limit: 200 } } }),
      ),
    [org],
  );
  const acts = useActions();
  const { error, announce } = acts;
  const remove = async () => {
    if (
      await acts.confirmed(`Delete the organization ${o.data?.name ?? org}?`, 'Delete organization', () =>
        must(client.DELETE('/organizations/{org}', { params: { path: { org } } })),
      )
    )
      navigate('/organizations');
  };
  const removeTeam = async (t: Team) =>
    (await acts.confirmed(
      `Delete the team ${t.name}?`,
      'Delete team',
      () =>
        must(client.DELETE('/organizations/{org}/teams/{team}', { params: { path: { org, team: t.slug } } })),
      `Team ${t.name} deleted.`,
    )) && teams.reload();
  return (
    <Page title={o.data ? o.data.name : org}>
      <p>
        <a {...linkProps('/organizations')}>All organizations</a>
      </p>
      <nav aria-label="Catalog of this organization" class="sections">
        <a href="#projects">Projects</a>
        <a href="#teams">Teams</a>
        <a {...linkProps(`/organizations/${org}/project-types`)}>Project types</a>
        <a {...linkProps(`/organizations/${org}/blueprints`)}>Blueprints</a>
        <a {...linkProps(`/organizations/${org}/link-definitions`)}>Links</a>
        <a {...linkProps(`/organizations/${org}/import`)}>Import projects</a>
      </nav>
      {acts.chrome}
      <Problem error={o.error ?? error} />
      {o.data && (
        <div class="card row">
          <Rename
            name={o.data.name}
            save={(name) =>
              must(client.PATCH('/organizations/{org}', { params: { path: { org } }, body: { name } }))
            }
            saved={() => (announce('Organization renamed.'), o.reload())}
          />
          <button type="button" class="danger" onClick={() => void remove()}>
            Delete organization
          </button>
        </div>
      )}
      <h2 id="projects">Projects</h2>
      <ProjectList org={org} teams={teams.data?.items ?? []} />
      <h2 id="teams">Teams</h2>
      <Problem error={teams.error} />
      {teams.data?.items.length === 0 && (
        <p>No team yet: a project belongs to a team, so create one first.</p>
      )}
      <div class="teams">
        {teams.data?.items.map((t) => (
          <TeamMembers key={t.slug} org={org} team={t}>
            <p class="team-models">
              AI models open to {t.name}:{' '}
              {(models.data?.items ?? [])
                .filter((m) => m.access_scope === 'organization' || m.team_slugs.includes(t.slug))
                .map((m) => m.name)
                .join(', ') || 'none'}
              .
            </p>
            <button type="button" class="danger" onClick={() => void removeTeam(t)}>
              Delete team<span class="sr-only"> {t.name}</span>
            </button>
          </TeamMembers>
        ))}
      </div>
      <NameSlugForm
        label="New team"
        create={(body) =>
          must(client.POST('/organizations/{org}/teams', { params: { path: { org } }, body }))
        }
        created={(slug) => (announce(`Team ${slug} created.`), teams.reload())}
      />
    </Page>
  );
}
