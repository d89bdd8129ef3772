// `uniqueItems` for plugin schemas. Ajv's own keyword finds repeated strings through a plain object
// (`indices[item] = i`) when the items are declared scalars, and `indices["__proto__"] = i` sets no
// member, so ["__proto__", "__proto__"] passed. Here scalars go through a Map, which takes any value
// as a key, and arrays and objects are compared as JSON values.
import type { FuncKeywordDefinition } from 'ajv';

/** JSON equality: numbers by value (1 and 1.0 are one number), objects whatever their member order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (k) =>
      Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** The indexes [earlier, later] of the first repeated item, or undefined. */
export function firstDuplicate(items: readonly unknown[]): [number, number] | undefined {
  const scalars = new Map<unknown, number>();
  const composites: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === 'object' && item !== null) {
      const j = composites.find((c) => jsonEqual(items[c], item));
      if (j !== undefined) return [j, i];
      composites.push(i);
    } else {
      const j = scalars.get(item);
      if (j !== undefined) return [j, i];
      scalars.set(item, i);
    }
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
