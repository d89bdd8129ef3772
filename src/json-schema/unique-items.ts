// `uniqueItems` for plugin schemas, in time linear in the array's size. Each item is written once in
// a canonical form (members sorted by name, numbers as JavaScript writes them, so 1 and 1.0 are one
// number) and the forms are looked up in a Map: one pass, whatever the items. (Ajv's own keyword
// compares every composite item with every earlier one, and finds repeated strings through a plain
// object, where "__proto__" sets no member.)
import type { FuncKeywordDefinition } from 'ajv';
import { spend } from './work.js';

/**
 * The canonical form of a JSON value: equal JSON values (JSON Schema's equality: numbers by value,
 * objects whatever their member order) have equal forms, different ones different forms. A string
 * is written by JSON.stringify, so no string can end a member name or an item early. Each character
 * written is a step of the work meter, and each member name sorted.
 */
export function canonicalForm(value: unknown): string {
  // Without objects, JSON.stringify's text is canonical already (and native).
  const out = hasObject(value) ? written(value) : JSON.stringify(value);
  spend(out.length);
  return out;
}

/** Whether an object is anywhere in the value (arrays searched). */
function hasObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (!Array.isArray(value)) return true;
  for (const item of value) if (typeof item === 'object' && item !== null && hasObject(item)) return true;
  return false;
}

function written(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(written).join(',')}]`;
  const keys = Object.keys(value).sort();
  spend(keys.length);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${written((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** JSON equality, by canonical form. */
export const jsonEqual = (a: unknown, b: unknown): boolean =>
  a === b || canonicalForm(a) === canonicalForm(b);

/** The indexes [earlier, later] of the first repeated item, or undefined. */
export function firstDuplicate(items: readonly unknown[]): [number, number] | undefined {
  // Scalars are their own keys (a Map keeps "__proto__" like any string, and -0 as 0); composites
  // are keyed by their canonical form, in a map of their own so that no form meets a string item.
  const scalars = new Map<unknown, number>();
  const composites = new Map<string, number>();
  spend(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const [seen, key] =
      typeof item === 'object' && item !== null ? [composites, canonicalForm(item)] : [scalars, item];
    const j = (seen as Map<unknown, number>).get(key);
    if (j !== undefined) return [j, i];
    (seen as Map<unknown, number>).set(key, i);
  }
  return undefined;
}

type UniqueValidate = ((schema: boolean, data: unknown[]) => boolean) & {
  errors?: Array<{ keyword: string; message: string; params: Record<string, unknown> }>;
};

const validate: UniqueValidate = (schema, data) => {
  const pair = schema ? firstDuplicate(data) : undefined;
  if (!pair) return true;
  const [j, i] = pair;
  validate.errors = [
    {
      keyword: 'uniqueItems',
      message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
      params: { i, j },
    },
  ];
  return false;
};

/** Replaces Ajv's `uniqueItems` (removeKeyword first). */
export const uniqueItemsKeyword: FuncKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate,
};
