// A project's attributes and types: shown as facts, edited with a form built from the schema that applies
// to the project (GET .../projects/{project}/schema, its blueprints), sent as a JSON merge patch.
import { useState } from 'preact/hooks';
import { client, listOf, must, type Answer, type Item } from '../api';
import { flatten, propertyOrder, SchemaFields, summary, type Json, type Schema } from '../schema-form';
import { Problem, useAction, useLoad } from '../ui';
import { CheckList, Submit, TextField } from '../forms';
import { allowed, NotAllowed, refusal, together, useCan } from '../can';

type Project = Answer<'/organizations/{org}/projects/{project}'>;
type ProjectType = Item<'/organizations/{org}/project-types'>;
type Doc = { [k: string]: Json };

/** An attribute's text as typed: a number or true/false when it reads as one, else the text itself. */
export function attributeValue(text: string): Json {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return text;
}

/** A merge patch (RFC 7396) turning `before` into `after` at the top level: removed members become null. */
export function mergePatch(before: Doc, after: Doc): { [k: string]: Json } {
  const patch: Doc = {};
  for (const [k, v] of Object.entries(after))
    if (JSON.stringify(before[k]) !== JSON.stringify(v)) patch[k] = v;
  for (const k of Object.keys(before)) if (!(k in after)) patch[k] = null;
  return patch;
}

/** Name/value pairs for the attributes no blueprint describes (numbers and true/false kept as such). */
export function PairsEditor(props: {
  pairs: { key: string; value: string }[];
  set: (pairs: { key: string; value: string }[]) => void;
  error: ReturnType<typeof useAction>[0];
  legend: string;
}) {
  const { pairs, set, error } = props;
  const put = (i: number, part: Partial<{ key: string; value: string }>) =>
    set(pairs.map((x, j) => (j === i ? { ...x, ...part } : x)));
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {pairs.map((a, i) => (
        <div class="inline" key={i}>
          <TextField
            label={`Attribute ${i + 1} name`}
            pointer={`/attributes/${a.key}`}
            error={error}
            mono
            value={a.key}
            onValue={(key) => put(i, { key })}
          />
          <TextField
            label={`Attribute ${i + 1} value`}
            value={a.value}
            onValue={(value) => put(i, { value })}
          />
          <button type="button" onClick={() => set(pairs.filter((_, j) => j !== i))}>
            Remove<span class="sr-only"> attribute {i + 1}</span>
          </button>
        </div>
      ))}
      <button type="button" onClick={() => set([...pairs, { key: '', value: '' }])}>
        Add attribute
      </button>
      <small class="hint">Numbers and true/false are stored as such; anything else as text.</small>
    </fieldset>
  );
}

/**
 * The attributes part of a project's form: the types to check (when the organization has any), the fields
 * of the schema that applies (when it describes any), and name/value pairs for the other attributes.
 */
export function AttributesFields(props: {
  types: ProjectType[];
  chosen: string[];
  onChosen: (types: string[]) => void;
  typesHint: string;
  schema: Schema;
  doc: Json | undefined;
  onDoc: (doc: Json | undefined) => void;
  pairs: { key: string; value: string }[];
  onPairs: (pairs: { key: string; value: string }[]) => void;
  error: ReturnType<typeof useAction>[0];
}) {
  const { schema, error } = props;
  const described = Object.keys(schema.properties ?? {});
  return (
    <>
      {props.types.length > 0 && (
        <CheckList
          legend="Types"
          pointer="/types"
          error={error}
          chosen={props.chosen}
          onChosen={props.onChosen}
          options={props.types.map((t) => ({ value: t.slug, text: t.name, title: t.description }))}
          hint={props.typesHint}
        />
      )}
      {described.length > 0 && (
        <SchemaFields
          schema={schema}
          value={props.doc}
          error={error}
          onChange={props.onDoc}
          base="attributes"
        />
      )}
      <PairsEditor
        pairs={props.pairs}
        set={props.onPairs}
        error={error}
        legend={described.length ? 'Other attributes' : 'Attributes'}
      />
    </>
  );
}

const pairsOf = (doc: Doc, skip: string[]) =>
  Object.entries(doc)
    .filter(([k]) => !skip.includes(k))
    .map(([key, v]) => ({ key, value: typeof v === 'string' ? v : JSON.stringify(v) }));

/** The attributes and types as facts, and the form that edits them. */
export function Attributes(props: { org: string; project: Project; saved: (message: string) => void }) {
  const { org, project: p } = props;
  const path = { org, project: p.slug };
  const schema = useLoad(
    () =>
      must(client.GET('/organizations/{org}/projects/{project}/schema', { params: { path } })).then((s) =>
        flatten(s as Schema),
      ),
    [org, p.slug, p.updated_at],
  );
  const types = useLoad(
    () =>
      listOf(
        client.GET('/organizations/{org}/project-types', {
          params: { path: { org }, query: { limit: 200 } },
        }),
      ),
    [org],
  );
  // The team by its name (by its slug for a caller who may not read teams).
  const team = useLoad(
    () => must(client.GET('/organizations/{org}/teams/{team}', { params: { path: { org, team: p.team } } })),
    [org, p.team],
  );
  const [editing, setEditing] = useState(false);
  // A CAN_ACCESS grant with update counts: the API answers for this project.
  const can = useCan({ update: ['PATCH', `/organizations/${org}/projects/${p.slug}`] });
  // Without project_type:read the types are shown by slug, and the form offers none to choose.
  const typesRefused = types.error?.status === 403 ? refusal(types.error) : undefined;
  const attrs = (p.attributes ?? {}) as Doc;
  const described = schema.data ? propertyOrder(schema.data) : [];
  const shown = [
    ...described.filter((k) => k in attrs),
    ...Object.keys(attrs).filter((k) => !described.includes(k)),
  ];
  const typeName = new Map(types.data?.items.map((t) => [t.slug, t.name]));
  return (
    <section class="card" aria-labelledby="s-attributes">
      <h2 id="s-attributes">Attributes</h2>
      <dl class="facts">
        <dt>Slug</dt>
        <dd class="mono">{p.slug}</dd>
        <dt>Team</dt>
        <dd>{team.data?.name ?? p.team}</dd>
        <dt>Types</dt>
        <dd data-types>{p.types.map((t) => typeName.get(t) ?? t).join(', ') || 'none'}</dd>
        {shown.map((k) => [
          <dt key={`k${k}`}>{schema.data?.properties?.[k]?.title ?? k}</dt>,
          <dd key={`v${k}`} data-attribute={k}>
            {summary(attrs[k])}
          </dd>,
        ])}
      </dl>
      {shown.length === 0 && <p class="hint">No attribute set.</p>}
      <Problem error={schema.error ?? (typesRefused ? undefined : types.error)} />
      <NotAllowed
        items={[
          ['edit its attributes and types', p.archived ? undefined : can.update],
          ...together('see its types by name or choose them', [
            ['see its types by name', p.types.length > 0 ? typesRefused : undefined],
            ['choose its types', allowed(can.update) ? typesRefused : undefined],
          ]),
        ]}
      />
      {!editing && !p.archived && allowed(can.update) && (
        <button type="button" onClick={() => setEditing(true)}>
          Edit attributes and types
        </button>
      )}
      {editing && schema.data && (
        <EditAttributes
          org={org}
          project={p}
          schema={schema.data}
          types={types.data?.items ?? []}
          done={(message) => {
            setEditing(false);
            if (message) props.saved(message);
          }}
        />
      )}
    </section>
  );
}

function EditAttributes(props: {
  org: string;
  project: Project;
  schema: Schema;
  types: ProjectType[];
  done: (message?: string) => void;
}) {
  const { org, project: p, schema } = props;
  const before = (p.attributes ?? {}) as Doc;
  const described = Object.keys(schema.properties ?? {});
  const [doc, setDoc] = useState<Json | undefined>(
    Object.fromEntries(Object.entries(before).filter(([k]) => described.includes(k))),
  );
  const [pairs, setPairs] = useState(pairsOf(before, described));
  const [types, setTypes] = useState<string[]>(p.types);
  const [error, run, busy] = useAction();
  return (
    <form
      aria-label={`Edit attributes of ${p.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void run(async () => {
          const after: Doc = {
            ...Object.fromEntries(
              pairs.filter((a) => a.key.trim()).map((a) => [a.key.trim(), attributeValue(a.value)]),
            ),
            ...((doc ?? {}) as Doc),
          };
          const attributes = mergePatch(before, after);
          const typesChanged = JSON.stringify(types) !== JSON.stringify(p.types);
          await must(
            client.PATCH('/organizations/{org}/projects/{project}', {
              params: { path: { org, project: p.slug } },
              body: { attributes, ...(typesChanged ? { types } : {}) },
            }),
          );
          props.done('Attributes saved.');
        });
      }}
    >
      <h3>Edit attributes and types</h3>
      <Problem error={error} atFields />
      <AttributesFields
        types={props.types}
        chosen={types}
        onChosen={setTypes}
        typesHint="A type can bring a blueprint of its own: its fields appear once saved."
        schema={schema}
        doc={doc}
        onDoc={setDoc}
        pairs={pairs}
        onPairs={setPairs}
        error={error}
      />
      <Submit label="Save attributes" busy={busy} cancel={() => props.done()} />
    </form>
  );
}
