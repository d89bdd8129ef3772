// Where a project runs and where its links lead: the environments it is deployed to (URL, version,
// since; set or removed with its URL), and the organization's links resolved for it (a project's own
// URL set or cleared per link). Both read the project's own answer (`environments`, `links`).
import { useState } from 'preact/hooks';
import { client, listOf, must, type Answer } from '../api';
import { linkProps } from '../router';
import { ACTIONS, Problem, Table, useLoad, when } from '../ui';
import { DangerButton, SelectField, Submit, TextField, useActions } from '../forms';

type Project = Answer<'/organizations/{org}/projects/{project}'>;

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

export function Deployments(props: { org: string; project: Project; changed: (message: string) => void }) {
  const { org, project: p } = props;
  const path = { org, project: p.slug };
  // The platform's environments to choose from (environment:read); a list the caller may not read
  // leaves a typed slug.
  const envs = useLoad(() => listOf(client.GET('/environments', { params: { query: { limit: 200 } } })), []);
  const acts = useActions();
  const [f, setF] = useState({ environment: '', url: '' });
  const name = new Map(envs.data?.items.map((e) => [e.slug, e.name]));
  const environment = f.environment || envs.data?.items[0]?.slug || '';
  return (
    <section class="card" aria-labelledby="s-envs">
      <h2 id="s-envs">Environments</h2>
      {acts.chrome}
      <Table
        caption={`Where ${p.name} runs`}
        columns={['Environment', 'URL', 'Version', 'Since', ACTIONS]}
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
            <td class="actions">
              {!p.archived && (
                <>
                  <button
                    type="button"
                    onClick={() => setF({ environment: d.environment, url: d.url ?? '' })}
                  >
                    Change URL<span class="sr-only"> in {d.environment}</span>
                  </button>
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
                </>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <p class="hint">
        The version moves with the Deployed and Rolled Back entries of the operations log; here you say where
        it runs and at which address.
      </p>
      {!p.archived && (
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
  const link = f.link || defs.data?.items[0]?.slug || '';
  return (
    <section class="card" aria-labelledby="s-links">
      <h2 id="s-links">Links</h2>
      {acts.chrome}
      <Table
        caption={`Links of ${p.name}`}
        columns={['Link', 'Address', 'From', ACTIONS]}
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
            <td class="actions">
              {!p.archived && (
                <>
                  <button type="button" onClick={() => setF({ link: l.link, url: l.url })}>
                    Set URL<span class="sr-only"> of {l.name}</span>
                  </button>
                  {l.overridden && (
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
                </>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <p>
        <a {...linkProps(`/organizations/${org}/link-definitions`)}>The organization's link definitions</a>
      </p>
      {!p.archived && defs.data && defs.data.items.length > 0 && (
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
            options={defs.data.items.map((d) => ({ value: d.slug, text: d.name }))}
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
