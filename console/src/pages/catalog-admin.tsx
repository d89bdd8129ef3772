// An organization's project types (list, create, edit, delete) and blueprints: the JSON Schema of its
// projects' attributes, per organization or per type, edited as JSON with a dry run listing the projects
// that would not fit before anything is saved.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Answer, type Item } from '../api';
import { linkProps } from '../router';
import { OrgCrumbs } from '../crumbs';
import { propertyOrder, type Schema } from '../schema-form';
import { ACTIONS, Page, Problem, Table, useAction, useLoad } from '../ui';
import { Bound, DangerButton, NameSlugFields, SelectField, Submit, useActions } from '../forms';
import { allowed, NotAllowed, refusal, useCan } from '../can';

type ProjectType = Item<'/organizations/{org}/project-types'>;
type Blueprint = Item<'/organizations/{org}/blueprints'>;
type DryRun = Answer<'/organizations/{org}/blueprints/dry-run', 'post'>;

function Crumbs({ org, here }: { org: string; here: string }) {
  return <OrgCrumbs org={org} steps={[{ text: here }]} />;
}

const typesOf = (org: string) =>
  listOf(
    client.GET('/organizations/{org}/project-types', { params: { path: { org }, query: { limit: 200 } } }),
  );

function TypeForm(props: { org: string; type?: ProjectType; done: () => void; cancel?: () => void }) {
  const t = props.type;
  const [f, setF] = useState({
    name: t?.name ?? '',
    slug: t?.slug ?? '',
    description: t?.description ?? '',
    deploys: t?.deploys ?? false,
  });
  const [error, run, busy] = useAction();
  return (
    <form
      class="card"
      aria-label={t ? `Edit type ${t.name}` : 'New project type'}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const body = { name: f.name, description: f.description.trim() || null, deploys: f.deploys };
          if (t)
            await must(
              client.PATCH('/organizations/{org}/project-types/{type}', {
                params: { path: { org: props.org, type: t.slug } },
                body,
              }),
            );
          else
            await must(
              client.POST('/organizations/{org}/project-types', {
                params: { path: { org: props.org } },
                body: { ...body, slug: f.slug },
              }),
            );
          props.done();
        });
      }}
    >
      <h2>{t ? `Edit ${t.name}` : 'New project type'}</h2>
      <Problem error={error} />
      <div class="grid">
        <NameSlugFields form={f} set={setF} error={error} fixed={!!t} />
        <Bound form={f} set={setF} error={error} name="description" label="Description (optional)" />
        <label class="check">
          <input
            type="checkbox"
            checked={f.deploys}
            onChange={(e) => setF({ ...f, deploys: e.currentTarget.checked })}
          />{' '}
          Projects of this type are deployed to environments
        </label>
      </div>
      <Submit label={t ? 'Save type' : 'Create type'} busy={busy} cancel={props.cancel} />
    </form>
  );
}

export function ProjectTypes({ org }: { org: string }) {
  const list = useLoad(() => typesOf(org), [org]);
  const [editing, setEditing] = useState<string>();
  // A new form (emptied) after each creation.
  const [made, setMade] = useState(0);
  const acts = useActions();
  // The permission is the organization's, not a type's: the first type's path answers for every row.
  const first = list.data?.items[0]?.slug;
  const one = first && `/organizations/${org}/project-types/${first}`;
  const can = useCan({
    create: list.data ? ['POST', `/organizations/${org}/project-types`] : undefined,
    update: one ? ['PATCH', one] : undefined,
    remove: one ? ['DELETE', one] : undefined,
  });
  const rowActions = allowed(can.update) || allowed(can.remove);
  return (
    <Page title="Project types" crumbs={<Crumbs org={org} here="project types" />}>
      <p class="lead">
        A project can be of several types (service, library, website…). A type may bring a blueprint: the
        attributes its projects must have.
      </p>
      {acts.chrome}
      <Problem error={list.error ?? acts.error} />
      {list.data && (
        <Table
          caption={`Project types of ${org}`}
          columns={['Type', 'Description', 'Deployed', 'Projects', ...(rowActions ? [ACTIONS] : [])]}
          rows={list.data.items.length}
          empty="No type yet."
        >
          {list.data.items.map((t) => (
            <tr key={t.slug} data-type={t.slug}>
              <td>
                {t.name} <small class="mono">{t.slug}</small>
              </td>
              <td>{t.description ?? '—'}</td>
              <td>{t.deploys ? 'yes' : 'no'}</td>
              <td>
                <a {...linkProps(`/organizations/${org}?type=${t.slug}`)}>
                  Projects<span class="sr-only"> of type {t.name}</span>
                </a>
              </td>
              {rowActions && (
                <td class="actions">
                  {allowed(can.update) && (
                    <button type="button" onClick={() => setEditing(t.slug)}>
                      Edit<span class="sr-only"> {t.name}</span>
                    </button>
                  )}
                  {allowed(can.remove) && (
                    <DangerButton
                      label="Delete"
                      what={t.name}
                      onClick={async () =>
                        (await acts.confirmed(
                          `Delete the project type ${t.name}?`,
                          'Delete type',
                          () =>
                            must(
                              client.DELETE('/organizations/{org}/project-types/{type}', {
                                params: { path: { org, type: t.slug } },
                              }),
                            ),
                          `Type ${t.name} deleted.`,
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
        <TypeForm
          key={editing}
          org={org}
          type={list.data.items.find((t) => t.slug === editing)}
          done={() => (setEditing(undefined), acts.announce('Type saved.'), list.reload())}
          cancel={() => setEditing(undefined)}
        />
      ) : (
        allowed(can.create) && (
          <TypeForm
            key={`new-${made}`}
            org={org}
            done={() => (setMade(made + 1), acts.announce('Type created.'), list.reload())}
          />
        )
      )}
      {list.data && (
        <NotAllowed
          items={[
            ['create project types', can.create],
            ['edit project types', can.update],
            ['delete project types', can.remove],
          ]}
        />
      )}
    </Page>
  );
}

const STARTER = `{
  "type": "object",
  "properties": {
    "tier": { "enum": ["gold", "silver", "bronze"], "description": "How critical it is" },
    "on_call": { "type": "string", "format": "email" }
  },
  "required": ["tier"]
}`;

/** The schema typed in, or the reason it is not JSON (with where). */
function parseSchema(text: string): { schema?: { [k: string]: unknown }; problem?: string } {
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v))
      return { problem: 'The schema must be a JSON object, { … }.' };
    return { schema: v as { [k: string]: unknown } };
  } catch (e) {
    return { problem: `Not valid JSON: ${(e as Error).message}` };
  }
}

function BlueprintForm(props: {
  org: string;
  blueprint?: Blueprint;
  types: ProjectType[];
  taken: (string | null)[];
  done: () => void;
  cancel?: () => void;
}) {
  const b = props.blueprint;
  const [f, setF] = useState({
    name: b?.name ?? '',
    slug: b?.slug ?? '',
    project_type: b?.project_type ?? '',
    text: b ? JSON.stringify(b.schema, null, 2) : STARTER,
  });
  const [local, setLocal] = useState<string>();
  const [dry, setDry] = useState<DryRun>();
  const [error, run, busy] = useAction();
  const scopes = [
    { value: '', text: 'Every project' },
    ...props.types.map((t) => ({ value: t.slug, text: `Projects of type ${t.name}` })),
  ].filter((s) => (b ? s.value === (b.project_type ?? '') : !props.taken.includes(s.value || null)));
  const schemaErrors = (error?.errors ?? []).filter((e) => e.pointer.startsWith('/schema'));
  const parsed = () => {
    const p = parseSchema(f.text);
    setLocal(p.problem);
    return p.schema;
  };
  // What it applies to: the choice made, or else the first scope still free (a scope already taken by
  // another blueprint is not offered).
  const scope = scopes.some((x) => x.value === f.project_type) ? f.project_type : (scopes[0]?.value ?? '');
  const project_type = scope || null;
  return (
    <form
      class="card"
      aria-label={b ? `Edit blueprint ${b.name}` : 'New blueprint'}
      onSubmit={(e) => {
        e.preventDefault();
        const schema = parsed();
        if (!schema) return;
        void run(async () => {
          if (b)
            await must(
              client.PUT('/organizations/{org}/blueprints/{blueprint}', {
                params: { path: { org: props.org, blueprint: b.slug } },
                body: { name: f.name, schema },
              }),
            );
          else
            await must(
              client.POST('/organizations/{org}/blueprints', {
                params: { path: { org: props.org } },
                body: { name: f.name, slug: f.slug, project_type, schema },
              }),
            );
          props.done();
        });
      }}
    >
      <h2>{b ? `Edit ${b.name}` : 'New blueprint'}</h2>
      <Problem error={error} />
      <div class="grid">
        <NameSlugFields form={f} set={setF} error={error} fixed={!!b} />
        <SelectField
          label="Applies to"
          pointer="/project_type"
          error={error}
          disabled={!!b}
          value={scope}
          onValue={(project_type) => setF({ ...f, project_type })}
          options={scopes}
        />
      </div>
      <div class={`field${local || schemaErrors.length ? ' invalid' : ''}`} data-pointer="/schema">
        <label for="blueprint-schema">Schema of the attributes (JSON Schema, as JSON)</label>
        <textarea
          id="blueprint-schema"
          class="mono"
          rows={14}
          spellcheck={false}
          aria-invalid={!!local || schemaErrors.length > 0}
          aria-describedby="blueprint-schema-hint"
          value={f.text}
          onInput={(e) => setF({ ...f, text: e.currentTarget.value })}
        />
        <small id="blueprint-schema-hint" class="hint">
          An object schema: its properties are the attributes, "required" lists the ones every project must
          have. Stored attributes are never rewritten; a project that does not fit must fit at its next
          change.
        </small>
        {local && (
          <small class="field-error" role="alert">
            {local}
          </small>
        )}
        {schemaErrors.map((e) => (
          <small key={e.pointer} class="field-error">
            {e.pointer.replace(/^\/schema/, '') || 'The schema'}: {e.detail}
          </small>
        ))}
      </div>
      <div class="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            const schema = parsed();
            if (!schema) return;
            void run(async () =>
              setDry(
                await must(
                  client.POST('/organizations/{org}/blueprints/dry-run', {
                    params: { path: { org: props.org } },
                    body: { project_type, schema },
                  }),
                ),
              ),
            );
          }}
        >
          Check against the projects
        </button>
        <Submit label={b ? 'Save blueprint' : 'Create blueprint'} busy={busy} cancel={props.cancel} />
      </div>
      {dry && <DryRunResult org={props.org} dry={dry} />}
    </form>
  );
}

function DryRunResult({ org, dry }: { org: string; dry: DryRun }) {
  return (
    <div class="dry-run" role="status">
      <p>
        <strong>
          {dry.misfit_count === 0
            ? `All ${dry.checked} project${dry.checked === 1 ? '' : 's'} it applies to fit.`
            : `${dry.misfit_count} of ${dry.checked} project${dry.checked === 1 ? '' : 's'} would not fit.`}
        </strong>
        {dry.misfit_count > dry.misfits.length && ` The first ${dry.misfits.length} are listed.`}
      </p>
      {dry.misfits.length > 0 && (
        <ul data-misfits>
          {dry.misfits.map((m) => (
            <li key={m.project} data-misfit={m.project}>
              <a {...linkProps(`/organizations/${org}/projects/${m.project}`)}>{m.project}</a>:{' '}
              {m.errors
                .map((e) => `${e.pointer.replace(/^\/attributes\/?/, '') || 'attributes'} ${e.detail}`)
                .join('; ')}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Blueprints({ org }: { org: string }) {
  const list = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/blueprints', { params: { path: { org }, query: { limit: 200 } } }),
      ),
    [org],
  );
  const types = useLoad(() => typesOf(org), [org]);
  const [editing, setEditing] = useState<string>();
  const [made, setMade] = useState(0);
  const acts = useActions();
  // Without project_type:read the page goes on: types are shown by slug and none is offered.
  const typesRefused = types.error?.status === 403 ? refusal(types.error) : undefined;
  const typeItems = typesRefused ? [] : types.data?.items;
  const typeName = new Map(typeItems?.map((t) => [t.slug, t.name]));
  const members = (b: Blueprint) => propertyOrder(b.schema as Schema);
  // The permission is the organization's: the first blueprint's path answers for every row.
  const first = list.data?.items[0]?.slug;
  const one = first && `/organizations/${org}/blueprints/${first}`;
  const can = useCan({
    create: list.data ? ['POST', `/organizations/${org}/blueprints`] : undefined,
    update: one ? ['PUT', one] : undefined,
    remove: one ? ['DELETE', one] : undefined,
  });
  const rowActions = allowed(can.update) || allowed(can.remove);
  return (
    <Page title="Blueprints" crumbs={<Crumbs org={org} here="blueprints" />}>
      <p class="lead">
        A blueprint says which attributes the projects have, and of what kind: one for the whole organization,
        and one per project type. Every project change must fit all that apply.
      </p>
      {acts.chrome}
      <Problem error={list.error ?? (typesRefused ? undefined : types.error) ?? acts.error} />
      {list.data && (
        <Table
          caption={`Blueprints of ${org}`}
          columns={['Blueprint', 'Applies to', 'Attributes', ...(rowActions ? [ACTIONS] : [])]}
          rows={list.data.items.length}
          empty="No blueprint yet: attributes are free."
        >
          {list.data.items.map((b) => (
            <tr key={b.slug} data-blueprint={b.slug}>
              <td>
                {b.name} <small class="mono">{b.slug}</small>
              </td>
              <td>
                {b.project_type
                  ? `projects of type ${typeName.get(b.project_type) ?? b.project_type}`
                  : 'every project'}
              </td>
              <td>{members(b).join(', ') || '—'}</td>
              {rowActions && (
                <td class="actions">
                  {allowed(can.update) && (
                    <button type="button" onClick={() => setEditing(b.slug)}>
                      Edit<span class="sr-only"> {b.name}</span>
                    </button>
                  )}
                  {allowed(can.remove) && (
                    <DangerButton
                      label="Delete"
                      what={b.name}
                      onClick={async () =>
                        (await acts.confirmed(
                          `Delete the blueprint ${b.name}? Attributes stay as they are.`,
                          'Delete blueprint',
                          () =>
                            must(
                              client.DELETE('/organizations/{org}/blueprints/{blueprint}', {
                                params: { path: { org, blueprint: b.slug } },
                              }),
                            ),
                          `Blueprint ${b.name} deleted.`,
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
      {list.data && typeItems && (editing ? allowed(can.update) : allowed(can.create)) && (
        <BlueprintForm
          key={editing ?? `new-${made}`}
          org={org}
          types={typeItems}
          taken={list.data.items.map((b) => b.project_type)}
          {...(editing ? { blueprint: list.data.items.find((b) => b.slug === editing) } : {})}
          done={() => (
            setEditing(undefined),
            setMade(made + 1),
            acts.announce(editing ? 'Blueprint saved.' : 'Blueprint created.'),
            list.reload()
          )}
          {...(editing ? { cancel: () => setEditing(undefined) } : {})}
        />
      )}
      {list.data && (
        <NotAllowed
          items={[
            ['create blueprints', can.create],
            ['edit blueprints', can.update],
            ['delete blueprints', can.remove],
            ['see the project types (and give one a blueprint)', typesRefused],
          ]}
        />
      )}
    </Page>
  );
}
