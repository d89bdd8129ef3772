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
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  'x-expected'?: string;
  title?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  $ref?: string;
  $defs?: Record<string, Schema>;
  allOf?: Schema[] | undefined;
}

/** A value as people read it: text as it is, yes/no, lists joined, objects as "key: value" pairs. */
export function summary(v: Json | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (Array.isArray(v)) return v.map(summary).join(', ');
  if (typeof v === 'object') return propertyWords(v);
  return String(v);
}

export const propertyWords = (p: { [k: string]: Json }) =>
  Object.entries(p ?? {})
    .map(([k, v]) => `${k}: ${summary(v)}`)
    .join('; ') || '—';

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

/**
 * One object schema for several that all apply (`allOf`, as a project's schema is when an organization's
 * and a type's blueprint both apply): their members and required lists together.
 */
export function flatten(s: Schema): Schema {
  if (!s.allOf) return s;
  const parts = s.allOf.map(flatten);
  return {
    ...s,
    allOf: undefined,
    type: 'object',
    properties: Object.assign({}, s.properties, ...parts.map((p) => p.properties ?? {})) as Record<
      string,
      Schema
    >,
    required: [...new Set([...(s.required ?? []), ...parts.flatMap((p) => p.required ?? [])])],
  };
}

/**
 * An object schema's members in the order to show them. `asServed`: in the order the schema lists them
 * (the API keeps a plugin manifest's order as its author wrote it). Otherwise the required ones first,
 * in the order `required` lists them (an array, so its order survives storage where the stored object's
 * keys come back in the database's order, shortest first), then the others as served.
 */
export function propertyOrder(s: Schema, asServed = false): string[] {
  s = flatten(s);
  const keys = Object.keys(s.properties ?? {});
  if (asServed) return keys;
  const required = (s.required ?? []).filter((k) => keys.includes(k));
  return [...required, ...keys.filter((k) => !required.includes(k))];
}

const CLASS_WORDS: [string, string][] = [
  ['a-z', 'lower-case letters'],
  ['A-Z', 'capital letters'],
  ['0-9', 'digits'],
  ['\\d', 'digits'],
  ['_', 'underscores'],
  ['-', 'dashes'],
  ['.', 'dots'],
  ['\\.', 'dots'],
];

/** `[a-z0-9-]` in words ("lower-case letters, digits and dashes"), or undefined when it is not that simple. */
function classWords(body: string): string | undefined {
  const words: string[] = [];
  let rest = body;
  while (rest) {
    const hit = CLASS_WORDS.find(([k]) => rest.startsWith(k));
    if (!hit) return undefined;
    if (!words.includes(hit[1])) words.push(hit[1]);
    rest = rest.slice(hit[0].length);
  }
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
}

function count(q: string, what: string): string | undefined {
  const single = what.replace(/s$/, '').replace(/^digit$/, 'digit');
  if (q === '') return `one ${single}`;
  if (q === '+') return what;
  if (q === '*') return `any number of ${what}`;
  if (q === '?') return `an optional ${single}`;
  const m = /^\{(\d+)(?:(,)(\d*))?\}$/.exec(q);
  if (!m) return undefined;
  const [, lo, comma, hi] = m;
  if (!comma) return `${lo} ${lo === '1' ? single : what}`;
  if (!hi) return `${lo} or more ${what}`;
  return `${lo} to ${hi} ${what}`;
}

/**
 * A simple pattern in words: `^[a-z0-9-]{3,64}$` is "3 to 64 lower-case letters, digits and dashes";
 * `^[a-z]{2}-[a-z]+-[0-9]$` is "2 lower-case letters, then “-”, then lower-case letters, then “-”, then
 * one digit". Undefined for anything less plain (the caller then says so without the pattern).
 */
export function patternWords(pattern: string): string | undefined {
  const m = /^\^(.*)\$$/.exec(pattern);
  if (!m) return undefined;
  const parts: string[] = [];
  const re = /\[([^\]]+)\]([+*?]|\{\d+(?:,\d*)?\})?|\\?([^\\[\]()|^$+*?{}])/g;
  let at = 0;
  for (let t = re.exec(m[1]!); t; t = re.exec(m[1]!)) {
    if (t.index !== at) return undefined;
    at = re.lastIndex;
    if (t[1] !== undefined) {
      const what = classWords(t[1]);
      const n = what && count(t[2] ?? '', what);
      if (!n) return undefined;
      parts.push(n);
    } else parts.push(`“${t[3]}”`);
  }
  if (at !== m[1]!.length || parts.length === 0) return undefined;
  return parts.join(', then ');
}

const FORMAT_WORDS: Record<string, string> = {
  email: 'An email address, like ana@example.com',
  uri: 'A web address, like https://example.com/page',
  'date-time': 'A date and time, like 2026-11-28T09:30:00Z',
  date: 'A date, like 2026-11-28',
  time: 'A time, like 09:30:00Z',
  uuid: 'An identifier like 3f2a9c4e-1b7d-4c2a-9e61-0d5b8a7f4c21',
  hostname: 'A host name, like api.example.com',
  ipv4: 'An IPv4 address, like 192.0.2.10',
  ipv6: 'An IPv6 address, like 2001:db8::1',
  decimal: 'A decimal, like 3.50',
};

/** What a value of `s` looks like, in plain words (no pattern, no schema keyword), when it says more than its type. */
export function expectedWords(s: Schema): string | undefined {
  if (s['x-expected']) return s['x-expected'];
  const t = typeOf(s);
  const parts: string[] = [];
  if (t === 'integer' || t === 'number') {
    const range =
      s.minimum !== undefined && s.maximum !== undefined
        ? ` from ${s.minimum} to ${s.maximum}`
        : s.minimum !== undefined
          ? ` of at least ${s.minimum}`
          : s.maximum !== undefined
            ? ` of at most ${s.maximum}`
            : '';
    parts.push(t === 'integer' ? `A whole number${range}` : `A number${range}, like 3.5`);
  }
  if (t === 'string') {
    if (s.format && FORMAT_WORDS[s.format]) parts.push(FORMAT_WORDS[s.format]!);
    if (s.pattern) {
      const words = patternWords(s.pattern);
      parts.push(
        words
          ? `${parts.length ? '; ' : ''}${words[0]!.toUpperCase()}${words.slice(1)}`
          : 'Text of the form the plugin sets',
      );
    }
    if (s.maxLength !== undefined && !s.pattern) parts.push(`At most ${s.maxLength} characters`);
  }
  return parts.length ? parts.join(' ') : undefined;
}

/**
 * A validator's message in plain words: one that quotes the schema's rule (a pattern, a keyword) is
 * replaced by what the value should look like.
 */
export function plainMessage(message: string, s: Schema): string {
  const expected = expectedWords(s);
  if (
    expected &&
    /pattern|must match|format|schema|must be (integer|number|[<>])|must NOT (have|be)|must be equal to one/i.test(
      message,
    )
  )
    return `Not accepted: expected ${expected[0]!.toLowerCase()}${expected.slice(1)}.`;
  return message;
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
  /** Fields in the schema's own order (propertyOrder). */
  asServed: boolean;
}

function Control(props: Props) {
  const schema = resolve(props.schema, props.root);
  const pointer = props.path.map((p) => `/${escape(String(p))}`).join('');
  const label = `${schema.title ?? props.label}${props.required ? ' (required)' : ''}`;
  const words = expectedWords(schema);
  const hint = [schema.description, words].filter(Boolean).join('. ') || undefined;
  const set = (v: Json | undefined) => props.onChange(props.path, v);
  const common = {
    label,
    pointer,
    error: props.error,
    words: (m: string) => plainMessage(m, schema),
    ...(hint ? { hint } : {}),
  };

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
    <Field {...common} hint={hint ?? 'Written as JSON, like {"key": "value"}'}>
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
      {propertyOrder(schema, props.asServed).map((key) => (
        <Control
          {...props}
          key={key}
          schema={schema.properties![key]!}
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
  /** Fields in the order the schema lists them, not required ones first (see propertyOrder). */
  asServed?: boolean;
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
      asServed={props.asServed ?? false}
      onChange={(path, v) => props.onChange(setAt(props.value, props.base ? path.slice(1) : path, v))}
    />
  );
}
