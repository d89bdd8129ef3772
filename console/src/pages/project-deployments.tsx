// Where a project runs and where its links lead: the environments it is deployed to (URL, version,
// since; set or removed with its URL), and the organization's links resolved for it (a project's own
// URL set or cleared per link). Both read the project's own answer (`environments`, `links`).
import { useState } from 'preact/hooks';
import { client, listOf, must, type Answer, type Item } from '../api';
import { linkProps } from '../router';
import { ACTIONS, Problem, Table, useLoad, when, type Loaded } from '../ui';
import { DangerButton, SelectField, Submit, TextField, useActions } from '../forms';
import { allowed, NotAllowed, refusal, together, useCan } from '../can';

type Project = Answer<'/organizations/{org}/projects/{project}'>;
export type Environment = Item<'/environments'>;

/** An address shown as a link that opens elsewhere, or a dash. */
function Address({ url }: { url: string | null | undefined }) {
  return url ? (
    <a class="mono" href={url} rel="noopener noreferrer" target="_blank">
      {url}
    </a>
  ) : (
    <>—</>
  );
}

export function Deployments(props: {
  org: string;
  project: Project;
  /** The platform's environments to choose from (environment:read), read once by the page. */
  envs: Loaded<{ items: Environment[] }>;
  changed: (message: string) => void;
}) {
  const { org, project: p, envs } = props;
  const path = { org, project: p.slug };
  const acts = useActions();
  const [f, setF] = useState({ environment: '', url: '' });
  const name = new Map(envs.data?.items.map((e) => [e.slug, e.name]));
  const environment = f.environment || envs.data?.items[0]?.slug || '';
  // Asked at an environment it runs in, or else the platform's first: the answer stands for any
  // environment. An archived project takes no change.
  const base = `/organizations/${org}/projects/${p.slug}/environments`;
  const deployed = p.environments[0]?.environment;
  const at = deployed ?? envs.data?.items[0]?.slug;
  const can = useCan({
    set: p.archived || !at ? undefined : ['PUT', `${base}/${at}`],
    remove: p.archived || !deployed ? undefined : ['DELETE', `${base}/${deployed}`],
  });
  // A caller who may not read the environments may not set one either (the call needs environment:read).
  const unread = envs.error?.status === 403 ? refusal(envs.error) : undefined;
  const rowActions = allowed(can.set) || allowed(can.remove);
  return (
    <section class="card" aria-labelledby="s-envs">
      <h2 id="s-envs">Environments</h2>
      {acts.chrome}
      <Table
        caption={`Where ${p.name} runs`}
        columns={['Environment', 'URL', 'Version', 'Since', ...(rowActions ? [ACTIONS] : [])]}
        rows={p.environments.length}
        empty="It is not deployed to any environment."
      >
        {p.environments.map((d) => (
          <tr key={d.environment} data-environment={d.environment}>
            <td>
              {name.get(d.environment) ?? d.environment} <small class="mono">{d.environment}</small>
            </td>
            <td>
              <Address url={d.url} />
            </td>
            <td>{d.version ?? '—'}</td>
            <td>{when(d.since)}</td>
            {rowActions && (
              <td class="actions">
                {allowed(can.set) && (
                  <button
                    type="button"
                    onClick={() => setF({ environment: d.environment, url: d.url ?? '' })}
                  >
                    Change URL<span class="sr-only"> in {d.environment}</span>
                  </button>
                )}
                {allowed(can.remove) && (
                  <DangerButton
                    label="Remove"
                    what={`from ${d.environment}`}
                    onClick={() =>
                      void acts.confirmed(
                        `Remove ${p.name} from ${name.get(d.environment) ?? d.environment}? The operations log keeps its entries.`,
                        'Remove from environment',
                        async () => {
                          await must(
                            client.DELETE(
                              '/organizations/{org}/projects/{project}/environments/{environment}',
                              { params: { path: { ...path, environment: d.environment } } },
                            ),
                          );
                          props.changed(`${p.name} removed from ${d.environment}.`);
                        },
                      )
                    }
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </Table>
      <p class="hint">
        The version moves with the Deployed and Rolled Back entries of the operations log; here you say where
        it runs and at which address.
      </p>
      {!p.archived && envs.data?.items.length === 0 && !deployed && (
        <p>
          No environment is defined yet: <a {...linkProps('/environments')}>the platform's environments</a>.
        </p>
      )}
      <NotAllowed
        items={
          at
            ? together('set or remove where it runs', [
                ['set where it runs', can.set],
                ['remove it from an environment', can.remove],
              ])
            : [['set where it runs', p.archived ? undefined : unread]]
        }
      />
      {allowed(can.set) && (
        <form
          class="inline"
          aria-label="Set an environment"
          onSubmit={(e) => {
            e.preventDefault();
            void acts.act(async () => {
              const url = f.url.trim();
              await must(
                client.PUT('/organizations/{org}/projects/{project}/environments/{environment}', {
                  params: { path: { ...path, environment } },
                  body: url ? { url } : {},
                }),
              );
              setF({ environment: '', url: '' });
              props.changed(`${p.name} runs in ${environment}${url ? ` at ${url}` : ''}.`);
            });
          }}
        >
          {envs.data ? (
            <SelectField
              label="Environment"
              required
              value={environment}
              onValue={(v) => setF({ ...f, environment: v })}
              options={envs.data.items.map((e) => ({ value: e.slug, text: e.name }))}
            />
          ) : (
            <TextField
              label="Environment"
              hint="Its slug"
              required
              mono
              value={f.environment}
              onValue={(v) => setF({ ...f, environment: v })}
            />
          )}
          <TextField
            label="URL (optional)"
            pointer="/url"
            error={acts.error}
            hint="Where it answers there: http or https"
            type="url"
            mono
            value={f.url}
            onValue={(url) => setF({ ...f, url })}
          />
          <Submit label="Set environment" busy={acts.busy || !environment} />
        </form>
      )}
      <Problem error={acts.error} atFields />
    </section>
  );
}

export function Links(props: { org: string; project: Project; changed: (message: string) => void }) {
  const { org, project: p } = props;
  const path = { org, project: p.slug };
  const defs = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/link-definitions', {
          params: { path: { org }, query: { limit: 100 } },
        }),
      ),
    [org],
  );
  const acts = useActions();
  const [f, setF] = useState({ link: '', url: '' });
  const links = p.links ?? [];
  // The links a URL can be set for: the organization's definitions, or, for a caller who may not read
  // them, the links the project already shows.
  const choices = defs.data
    ? defs.data.items.map((d) => ({ value: d.slug, text: d.name }))
    : links.map((l) => ({ value: l.link, text: l.name }));
  const link = f.link || choices[0]?.value || '';
  // Asked at a link it has, or else the organization's first; clearing at a link it gives its own URL
  // for. Each answer stands for every link. An archived project takes no change.
  const base = `/organizations/${org}/projects/${p.slug}/links`;
  const at = links[0]?.link ?? defs.data?.items[0]?.slug;
  const own = links.find((l) => l.overridden)?.link;
  const can = useCan({
    set: p.archived || !at ? undefined : ['PUT', `${base}/${at}`],
    clear: p.archived || !own ? undefined : ['DELETE', `${base}/${own}`],
  });
  // Without a link to name, the definitions it could not read are what is missing (as for environments).
  const unread = defs.error?.status === 403 ? refusal(defs.error) : undefined;
  const rowActions = allowed(can.set) || allowed(can.clear);
  return (
    <section class="card" aria-labelledby="s-links">
      <h2 id="s-links">Links</h2>
      {acts.chrome}
      <Table
        caption={`Links of ${p.name}`}
        columns={['Link', 'Address', 'From', ...(rowActions ? [ACTIONS] : [])]}
        rows={links.length}
        empty="No link: the organization defines none, or none has an address for it."
      >
        {links.map((l) => (
          <tr key={l.link} data-link={l.link}>
            <td>
              {l.name} {l.icon && <small class="mono">({l.icon})</small>}
            </td>
            <td>
              <Address url={l.url} />
            </td>
            <td>{l.overridden ? 'its own URL' : 'the template'}</td>
            {rowActions && (
              <td class="actions">
                {allowed(can.set) && (
                  <button type="button" onClick={() => setF({ link: l.link, url: l.url })}>
                    Set URL<span class="sr-only"> of {l.name}</span>
                  </button>
                )}
                {l.overridden && allowed(can.clear) && (
                  <DangerButton
                    label="Clear own URL"
                    what={`of ${l.name}`}
                    onClick={() =>
                      void acts.confirmed(
                        `Clear the URL ${p.name} gives for ${l.name}? The template's applies again, if there is one.`,
                        'Clear URL',
                        async () => {
                          await must(
                            client.DELETE('/organizations/{org}/projects/{project}/links/{link}', {
                              params: { path: { ...path, link: l.link } },
                            }),
                          );
                          props.changed(`${l.name}: its own URL cleared.`);
                        },
                      )
                    }
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </Table>
      {!unread && (
        <p>
          <a {...linkProps(`/organizations/${org}/link-definitions`)}>The organization's link definitions</a>
        </p>
      )}
      <NotAllowed
        items={
          at
            ? together('set or clear the URLs of its links', [
                ['set the URLs of its links', can.set],
                ['clear the URLs it gives its links', can.clear],
              ])
            : [['set the URLs of its links', p.archived ? undefined : unread]]
        }
      />
      {allowed(can.set) && choices.length > 0 && (
        <form
          class="inline"
          aria-label="Set a link's URL"
          onSubmit={(e) => {
            e.preventDefault();
            void acts.act(async () => {
              await must(
                client.PUT('/organizations/{org}/projects/{project}/links/{link}', {
                  params: { path: { ...path, link } },
                  body: { url: f.url.trim() },
                }),
              );
              setF({ link: '', url: '' });
              props.changed(`${p.name} has its own URL for ${link}.`);
            });
          }}
        >
          <SelectField
            label="Link"
            required
            value={link}
            onValue={(v) => setF({ ...f, link: v })}
            options={choices}
          />
          <TextField
            label="Its URL for this project"
            pointer="/url"
            error={acts.error}
            hint="In place of the template's: http or https"
            type="url"
            required
            mono
            value={f.url}
            onValue={(url) => setF({ ...f, url })}
          />
          <Submit label="Set link URL" busy={acts.busy} />
        </form>
      )}
      <Problem error={acts.error ?? (defs.error?.status === 403 ? undefined : defs.error)} atFields />
    </section>
  );
}
