// A form generated from a JSON Schema (the subset plugin labels use): strings, numbers, integers, enums,
// booleans, nested objects and arrays; anything else is edited as JSON. Each control carries the JSON
// pointer of its value, so the API's 422 pointers land on the right control.
import type { ApiError } from './api';
import { Field } from './ui';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export interface Schema {
  type?: string | string[];
  enum?: Json[];
  const?: Json;
  format?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  $ref?: string;
  $defs?: Record<string, Schema>;
}

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The document with `value` at `path` (undefined removes the member or item). */
export function setAt(
  doc: Json | undefined,
  path: (string | number)[],
  value: Json | undefined,
): Json | undefined {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(doc) ? [...doc] : [];
    const next = setAt(list[head], rest, value);
    if (next === undefined) list.splice(head, 1);
    else list[head] = next;
    return list;
  }
  const obj: { [k: string]: Json } = doc && typeof doc === 'object' && !Array.isArray(doc) ? { ...doc } : {};
  const next = setAt(obj[head!], rest, value);
  if (next === undefined) delete obj[head!];
  else obj[head!] = next;
  return obj;
}

function typeOf(s: Schema): string | undefined {
  if (s.enum) return 'enum';
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (t) return t;
  if (s.properties) return 'object';
  return undefined;
}

function resolve(s: Schema, root: Schema): Schema {
  const m = s.$ref && /^#\/\$defs\/(.+)$/.exec(s.$ref);
  return m ? (root.$defs?.[m[1]!] ?? s) : s;
}

interface Props {
  schema: Schema;
  root: Schema;
  value: Json | undefined;
  path: (string | number)[];
  label: string;
  required: boolean;
  error: ApiError | undefined;
  onChange: (path: (string | number)[], value: Json | undefined) => void;
}

function Control(props: Props) {
  const schema = resolve(props.schema, props.root);
  const pointer = props.path.map((p) => `/${escape(String(p))}`).join('');
  const label = `${schema.title ?? props.label}${props.required ? ' (required)' : ''}`;
  const hint = schema.description;
  const set = (v: Json | undefined) => props.onChange(props.path, v);
  const common = { label, pointer, error: props.error, ...(hint ? { hint } : {}) };

  switch (typeOf(schema)) {
    case 'enum':
      return (
        <Field {...common}>
          {(a) => (
            <select
              {...a}
              value={props.value === undefined ? '' : JSON.stringify(props.value)}
              onChange={(e) =>
                set(e.currentTarget.value ? (JSON.parse(e.currentTarget.value) as Json) : undefined)
              }
            >
              <option value="">—</option>
              {schema.enum!.map((v) => (
                <option key={JSON.stringify(v)} value={JSON.stringify(v)}>
                  {String(v)}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'boolean':
      return (
        <Field {...common}>
          {(a) => (
            <select
              {...a}
              value={props.value === undefined ? '' : String(props.value)}
              onChange={(e) =>
                set(e.currentTarget.value === '' ? undefined : e.currentTarget.value === 'true')
              }
            >
              <option value="">—</option>
              <option value="true">yes</option>
              <option value="false">no</option>
            </select>
          )}
        </Field>
      );
    case 'number':
    case 'integer':
      return (
        <Field {...common}>
          {(a) => (
            <input
              {...a}
              inputMode="decimal"
              value={props.value === undefined ? '' : String(props.value)}
              onInput={(e) => {
                const text = e.currentTarget.value.trim();
                // Text that is not a number is sent as it is: the API's 422 then names this field.
                set(text === '' ? undefined : Number.isFinite(Number(text)) ? Number(text) : text);
              }}
            />
          )}
        </Field>
      );
    case 'string':
      return (
        <Field {...common}>
          {(a) => (
            <input
              {...a}
              type="text"
              inputMode={schema.format === 'email' ? 'email' : 'text'}
              value={typeof props.value === 'string' ? props.value : ''}
              onInput={(e) => set(e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
            />
          )}
        </Field>
      );
    case 'object':
      if (schema.properties) {
        return (
          <fieldset data-pointer={pointer}>
            <legend>{label}</legend>
            <Fields {...props} schema={schema} />
          </fieldset>
        );
      }
      break;
    case 'array':
      if (schema.items) {
        const items = Array.isArray(props.value) ? props.value : [];
        return (
          <fieldset data-pointer={pointer}>
            <legend>{label}</legend>
            {items.map((item, i) => (
              <div class="array-item" key={i}>
                <Control
                  {...props}
                  schema={schema.items!}
                  value={item}
                  path={[...props.path, i]}
                  label={`${props.label} ${i + 1}`}
                  required={false}
                />
                <button type="button" class="link-dark" onClick={() => set(items.filter((_, j) => j !== i))}>
                  Remove {props.label} {i + 1}
                </button>
              </div>
            ))}
            <button
              type="button"
              onClick={() => set([...items, emptyOf(resolve(schema.items!, props.root))])}
            >
              Add to {props.label}
            </button>
          </fieldset>
        );
      }
      break;
  }
  // Anything else (maps, unions): JSON text.
  return (
    <Field {...common} hint={hint ?? 'JSON'}>
      {(a) => (
        <textarea
          {...a}
          class="mono"
          rows={3}
          value={props.value === undefined ? '' : JSON.stringify(props.value)}
          onChange={(e) => {
            const text = e.currentTarget.value.trim();
            try {
              set(text === '' ? undefined : (JSON.parse(text) as Json));
            } catch {
              set(text);
            }
          }}
        />
      )}
    </Field>
  );
}

function emptyOf(s: Schema): Json {
  const t = typeOf(s);
  return t === 'object'
    ? {}
    : t === 'array'
      ? []
      : t === 'number' || t === 'integer'
        ? 0
        : t === 'boolean'
          ? false
          : '';
}

function Fields(props: Props) {
  const schema = resolve(props.schema, props.root);
  const obj =
    props.value && typeof props.value === 'object' && !Array.isArray(props.value) ? props.value : {};
  return (
    <div class="grid">
      {Object.entries(schema.properties ?? {}).map(([key, sub]) => (
        <Control
          {...props}
          key={key}
          schema={sub}
          value={obj[key]}
          path={[...props.path, key]}
          label={key}
          required={schema.required?.includes(key) ?? false}
        />
      ))}
    </div>
  );
}

/** The form's controls for a document of `schema`. */
export function SchemaFields(props: {
  schema: Schema;
  value: Json | undefined;
  error: ApiError | undefined;
  onChange: (value: Json | undefined) => void;
  base?: string;
}) {
  return (
    <Fields
      schema={props.schema}
      root={props.schema}
      value={props.value}
      path={props.base ? [props.base] : []}
      label=""
      required={false}
      error={props.error}
      onChange={(path, v) => props.onChange(setAt(props.value, props.base ? path.slice(1) : path, v))}
    />
  );
}
