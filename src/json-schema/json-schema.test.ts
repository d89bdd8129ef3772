import { describe, expect, it } from 'vitest';
import { compileLabelSchema, newSchemaCompiler } from './json-schema.js';

describe('the plugin schema compiler', () => {
  // strict: false turns Ajv's strictNumbers off; a document holding Infinity would be stored as null.
  it('takes no Infinity or NaN for a number or an integer', () => {
    const validate = newSchemaCompiler().compile({
      type: 'object',
      properties: { n: { type: 'number' }, i: { type: 'integer' } },
    });
    for (const bad of [Infinity, -Infinity, NaN]) {
      expect(validate({ n: bad }), String(bad)).toBe(false);
      expect(validate({ i: bad }), String(bad)).toBe(false);
    }
    expect(validate({ n: Number.MAX_VALUE, i: 3 })).toBe(true);
  });
});

describe('uniqueItems', () => {
  const ajv = newSchemaCompiler();
  const strings = ajv.compile({ type: 'array', items: { type: 'string' }, uniqueItems: true });
  const any = ajv.compile({ type: 'array', uniqueItems: true });

  // Ajv's own keyword kept repeated strings in a plain object: "__proto__" set no member.
  it('finds repeated prototype names like any other string', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(strings([name, name]), name).toBe(false);
      expect(any([name, 'x', name]), name).toBe(false);
      expect(strings([name, 'x']), name).toBe(true);
    }
    expect(strings.errors?.[0]).toBeUndefined();
    strings(['a', '__proto__', '__proto__']);
    expect(strings.errors?.[0]).toMatchObject({
      keyword: 'uniqueItems',
      instancePath: '',
      params: { i: 2, j: 1 },
    });
  });

  it('compares JSON values: numbers by value, objects whatever their member order', () => {
    expect(any([1, 1.0])).toBe(false);
    expect(any([0, false, null, '0', ''])).toBe(true);
    expect(
      any([
        { a: 1, b: [1, { c: 2 }] },
        { b: [1, { c: 2 }], a: 1 },
      ]),
    ).toBe(false);
    expect(any([{ a: 1 }, { a: 1, b: 2 }, [1], [1, 2], JSON.parse('{"__proto__":1}'), {}])).toBe(true);
    expect(any([JSON.parse('{"__proto__":1}'), JSON.parse('{"__proto__":1}')])).toBe(false);
    expect(
      any([
        [1, 2],
        [2, 1],
      ]),
    ).toBe(true);
    const off = ajv.compile({ type: 'array', uniqueItems: false });
    expect(off(['__proto__', '__proto__'])).toBe(true);
  });
});

describe('validation stops once a document has more errors than are reported', () => {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const strings = { type: 'array', items: { type: 'string' } };
  const compiled = compileLabelSchema(newSchemaCompiler(), {
    type: 'object',
    properties: {
      a: strings,
      b: { anyOf: [strings, { type: 'array', items: { type: 'integer' } }] },
      c: { $ref: '#/$defs/strings' },
      d: { anyOf: [{ $ref: '#/$defs/strings' }, { type: 'array', items: { type: 'integer' } }] },
      e: { not: strings },
    },
    $defs: { strings },
  });
  if (compiled.problems) throw new Error(JSON.stringify(compiled.problems));
  const validate = compiled.validate;

  it('100,000 failing items: 21 errors built, the rest not visited', () => {
    expect(validate({ a: range(100_000) })).toBe(false);
    expect(validate.errors).toHaveLength(21);
    expect(validate.errors![0]).toMatchObject({ instancePath: '/a/0', keyword: 'type' });
    expect(validate.steps).toBeLessThan(100_000 + 100); // the array's own count, then 21 items
  });

  it('errors that anyOf, not or a referenced schema drop do not stop it', () => {
    expect(validate({ b: range(1000) })).toBe(true);
    expect(validate({ d: range(1000) })).toBe(true);
    expect(validate({ e: range(1000) })).toBe(true);
    expect(validate({ c: range(1000) })).toBe(false);
    expect(validate({ c: range(1000).map(String) })).toBe(true);
  });
});

describe('a schema that refers back to itself without descending', () => {
  it('is a refusal of the document (validationWork), not an exception', () => {
    const compiled = compileLabelSchema(newSchemaCompiler(), {
      type: 'object',
      properties: { x: { $ref: '#/$defs/a' } },
      $defs: { a: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/a' }] } },
    });
    if (compiled.problems) throw new Error(JSON.stringify(compiled.problems));
    // Ajv applies every branch of anyOf (it gathers what each evaluated), so even a string recurses.
    expect(compiled.validate({ x: 'a string' })).toBe(false);
    expect(compiled.validate({ x: 1 })).toBe(false);
    expect(compiled.validate.errors).toEqual([
      expect.objectContaining({ keyword: 'validationWork', instancePath: '' }),
    ]);
  });
});
