// An organization's link definitions: the links every project page shows (repository, dashboard,
// runbook...), each with a URL template expanded per project, or none (each project gives its own URL).
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { client, listOf, must, type Item } from '../api';
import { OrgCrumbs, useOrgName } from '../crumbs';
import { ACTIONS, Page, Problem, Table, useAction, useLoad } from '../ui';
import { Bound, DangerButton, NameSlugFields, Submit, useActions } from '../forms';
import { allowed, NotAllowed, useCan } from '../can';

type LinkDefinition = Item<'/organizations/{org}/link-definitions'>;

/** The placeholders a template may hold, in words. */
export const PLACEHOLDERS: readonly [string, string][] = [
  ['{project}', "the project's slug"],
  ['{project_id}', "the project's id"],
  ['{team}', "the slug of the project's team"],
  ['{org}', "the organization's slug"],
];

function DefinitionForm(props: {
  org: string;
  definition?: LinkDefinition;
  done: () => void;
  cancel?: () => void;
}) {
  const d = props.definition;
  const [f, setF] = useState({
    name: d?.name ?? '',
    slug: d?.slug ?? '',
    url_template: d?.url_template ?? '',
    icon: d?.icon ?? '',
  });
  const [error, run, busy] = useAction();
  return (
    <form
      class="card"
      aria-label={d ? `Edit link ${d.name}` : 'New link definition'}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const body = {
            name: f.name,
            url_template: f.url_template.trim() || null,
            icon: f.icon.trim() || null,
          };
          if (d)
            await must(
              client.PATCH('/organizations/{org}/link-definitions/{link}', {
                params: { path: { org: props.org, link: d.slug } },
                body,
              }),
            );
          else
            await must(
              client.POST('/organizations/{org}/link-definitions', {
                params: { path: { org: props.org } },
                body: { ...body, slug: f.slug },
              }),
            );
          props.done();
        });
      }}
    >
      <h2>{d ? `Edit ${d.name}` : 'New link definition'}</h2>
      <Problem error={error} atFields />
      <div class="grid">
        <NameSlugFields form={f} set={setF} error={error} fixed={!!d} />
        <Bound
          form={f}
          set={setF}
          error={error}
          name="url_template"
          label="URL template (optional)"
          hint="e.g. https://git.example.com/{org}/{project}; empty: each project gives its own URL"
          mono
        />
        <Bound
          form={f}
          set={setF}
          error={error}
          name="icon"
          label="Icon (optional)"
          hint="An icon name: lower-case letters, digits and hyphens (e.g. git, dashboard)"
          mono
        />
      </div>
      <Submit label={d ? 'Save link' : 'Create link'} busy={busy} cancel={props.cancel} />
    </form>
  );
}

export function LinkDefinitions({ org }: { org: string }) {
  const list = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/link-definitions', {
          params: { path: { org }, query: { limit: 100 } },
        }),
      ),
    [org],
  );
  const [editing, setEditing] = useState<string>();
  const [made, setMade] = useState(0);
  const acts = useActions();
  // The permission is the organization's: the first link's path answers for every row.
  const first = list.data?.items[0]?.slug;
  const one = first && `/organizations/${org}/link-definitions/${first}`;
  const can = useCan({
    create: list.data ? ['POST', `/organizations/${org}/link-definitions`] : undefined,
    update: one ? ['PATCH', one] : undefined,
    remove: one ? ['DELETE', one] : undefined,
  });
  const rowActions = allowed(can.update) || allowed(can.remove);
  const orgName = useOrgName(org);
  return (
    <Page title="Links" crumbs={<OrgCrumbs org={org} steps={[{ text: 'links' }]} />}>
      <p class="lead">
        The links every project page of {orgName} shows. A template is expanded for each project; a project
        may give its own URL instead (on its page), and a link without a template shows only on the projects
        that give one.
      </p>
      <div class="card">
        <h2>What a template may hold</h2>
        <dl class="facts">
          {PLACEHOLDERS.map(([p, words]) => (
            <Fragment key={p}>
              <dt class="mono">{p}</dt>
              <dd>{words}</dd>
            </Fragment>
          ))}
        </dl>
        <p class="hint">
          Nothing else between braces. Expanded, the template must be an http or https address without a user
          name or password.
        </p>
      </div>
      {acts.chrome}
      <Problem error={list.error ?? acts.error} />
      {list.data && (
        <Table
          caption={`Link definitions of ${org}`}
          columns={['Link', 'URL template', 'Icon', ...(rowActions ? [ACTIONS] : [])]}
          rows={list.data.items.length}
          empty="No link defined yet."
        >
          {list.data.items.map((d) => (
            <tr key={d.slug} data-link-definition={d.slug}>
              <td>
                {d.name} <small class="mono">{d.slug}</small>
              </td>
              <td>
                {d.url_template ? <span class="mono">{d.url_template}</span> : 'each project gives its own'}
              </td>
              <td>{d.icon ?? '—'}</td>
              {rowActions && (
                <td class="actions">
                  {allowed(can.update) && (
                    <button type="button" onClick={() => setEditing(d.slug)}>
                      Edit<span class="sr-only"> {d.name}</span>
                    </button>
                  )}
                  {allowed(can.remove) && (
                    <DangerButton
                      label="Delete"
                      what={d.name}
                      onClick={async () =>
                        (await acts.confirmed(
                          `Delete the link ${d.name}? The URLs projects gave for it go with it.`,
                          'Delete link',
                          () =>
                            must(
                              client.DELETE('/organizations/{org}/link-definitions/{link}', {
                                params: { path: { org, link: d.slug } },
                              }),
                            ),
                          `Link ${d.name} deleted.`,
                        )) && list.reload()
                      }
                    />
                  )}
                </td>
              )}
            </tr>
          ))}
        </Table>
      )}
      {editing && list.data ? (
        <DefinitionForm
          key={editing}
          org={org}
          definition={list.data.items.find((d) => d.slug === editing)}
          done={() => (setEditing(undefined), acts.announce('Link saved.'), list.reload())}
          cancel={() => setEditing(undefined)}
        />
      ) : (
        allowed(can.create) && (
          <DefinitionForm
            key={`new-${made}`}
            org={org}
            done={() => (setMade(made + 1), acts.announce('Link created.'), list.reload())}
          />
        )
      )}
      {list.data && (
        <NotAllowed
          items={[
            ['define links', can.create],
            ['edit link definitions', can.update],
            ['delete link definitions', can.remove],
          ]}
        />
      )}
    </Page>
  );
}
