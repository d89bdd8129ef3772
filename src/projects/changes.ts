// The change history of catalog writes: the lifecycle event of a change carries `changes`, one
// `{field, old, new}` per changed field (a JSON pointer; attributes by member, nested objects by their
// members, as a JSON merge patch changes them), so the activity reader answers who changed what from
// what to what (docs/catalog.md, "Change history"). Never a secret: a member named like a credential is
// recorded as changed without its values (inside a value, as `[redacted]`); a very long value is
// recorded by its length.
import { pointerToken } from '../lib/json-pointer.js';

export interface FieldChange {
  /** JSON pointer into the resource as the API shows it: `/name`, `/attributes/tier`. */
  field: string;
  /** null: absent before (JSON merge patch semantics: null is no value). */
  old: unknown;
  /** null: absent after. */
  new: unknown;
  /** Set when the values were left out because the member looks like a secret. */
  redacted?: true;
}

/** At most this many changes in one event (the rest are counted in `changes_omitted`). */
export const MAX_CHANGES = 100;
/** A value whose JSON is longer is recorded as `[omitted: N characters]`. */
export const MAX_VALUE_CHARS = 2000;

/** Member names that may hold a credential (as the log redaction's list, by part of the name). */
const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|private[-_]?key|credential|authorization/i;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function bounded(value: unknown): unknown {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `[omitted: ${text.length} characters]` : value;
}

/** The value with every member named like a credential, at any depth, recorded as `[redacted]`. */
function scrubbed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, SECRET_NAME.test(k) ? '[redacted]' : scrubbed(v)]),
  );
}

/** One field's change, never a secret's value nor an unbounded one. */
export function fieldChange(field: string, old: unknown, next: unknown, name = field): FieldChange {
  if (SECRET_NAME.test(name)) return { field, old: null, new: null, redacted: true };
  return { field, old: bounded(scrubbed(old)), new: bounded(scrubbed(next)) };
}

/**
 * The changes from `before` to `after`, member by member: objects on both sides are compared by their
 * members (recursively), anything else is one change. `base` is the pointer of the two objects.
 */
export function memberChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  base: string,
  out: FieldChange[] = [],
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const key of keys) {
    const [a, b] = [before[key], after[key]];
    if (same(a, b)) continue;
    const field = `${base}/${pointerToken(key)}`;
    if (isObject(a) && isObject(b) && !SECRET_NAME.test(key)) memberChanges(a, b, field, out);
    else out.push(fieldChange(field, a, b, key));
  }
  return out;
}

/** The changes of the top-level `fields` that differ between `before` and `after`. */
export function fieldChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[],
): FieldChange[] {
  return fields
    .filter((f) => after[f] !== undefined && !same(before[f], after[f]))
    .map((f) => fieldChange(`/${pointerToken(f)}`, before[f], after[f], f));
}

/** The `details` members of an event recording `changes`: at most MAX_CHANGES of them. */
export function changeDetails(changes: FieldChange[]): {
  changes: FieldChange[];
  changes_omitted?: number;
} {
  if (changes.length <= MAX_CHANGES) return { changes };
  return { changes: changes.slice(0, MAX_CHANGES), changes_omitted: changes.length - MAX_CHANGES };
}
