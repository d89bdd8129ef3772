// A plugin document (an entity, an edge's properties, a project's attributes under a blueprint, a
// manifest) that fails its schema hears every failing member by its JSON pointer, in the plain words
// the core bodies use (src/http/validation-words.ts): "must be an object", types listed as words,
// formats described with an example, never Ajv's phrasing. One test per keyword the plugin validator
// (draft 2020-12, src/json-schema/json-schema.ts) asserts.
import { describe, expect, it } from 'vitest';
import { compileLabelSchema, documentErrors, newSchemaCompiler } from '../../src/json-schema/json-schema.js';

/** The field errors of a document against an object schema with the given properties (and more). */
function errorsOf(schema: Record<string, unknown>, doc: unknown, prefix = ''): Record<string, string> {
  const compiled = compileLabelSchema(newSchemaCompiler(), { type: 'object', ...schema });
  if (compiled.problems) throw new Error(JSON.stringify(compiled.problems));
  expect(compiled.validate(doc), JSON.stringify(doc)).toBe(false);
  const errors = documentErrors(compiled.validate.errors, prefix);
  for (const e of errors) expectPlain(e.detail);
  return Object.fromEntries(errors.map((e) => [e.pointer, e.detail]));
}

/** One member's schema, one value: the words said of it (at /x). */
const said = (schema: Record<string, unknown>, value: unknown) =>
  errorsOf({ properties: { x: schema } }, { x: value })['/x'];

/** Ajv's own phrasing, which a person should never read. */
function expectPlain(detail: string): void {
  expect(detail).not.toMatch(
    /must NOT|must have required|must match "|must be equal to|must be (object|string|number|integer|array|boolean)\b|,null|property name must be valid|boolean schema is false|must pass|valid item\(s\)|unevaluated properties|must match exactly one schema|must match a schema in anyOf|must be (>|<)|must contain|must have property|should/,
  );
}

describe('types, constants and lists of values', () => {
  it('a type is a word; several types are listed; null is named', () => {
    expect(said({ type: 'object' }, 1)).toBe('must be an object');
    expect(said({ type: 'string' }, 1)).toBe('must be a string');
    expect(said({ type: 'integer' }, 1.5)).toBe('must be a whole number');
    expect(said({ type: 'number' }, 'x')).toBe('must be a number');
    expect(said({ type: 'boolean' }, 'yes')).toBe('must be true or false');
    expect(said({ type: 'array' }, {})).toBe('must be an array');
    expect(said({ type: 'null' }, 0)).toBe('must be null');
    expect(said({ type: ['string', 'null'] }, 1)).toBe('must be a string or null');
    expect(said({ type: ['string', 'integer', 'array'] }, true)).toBe(
      'must be a string, a whole number or an array',
    );
  });

  it('enum lists its values; const names its value', () => {
    expect(said({ enum: ['aws', 'gcp', 'azure'] }, 'ibm')).toBe('must be one of "aws", "gcp", "azure"');
    expect(said({ const: 'primary' }, 'dr')).toBe('must be "primary"');
  });
});

describe('strings', () => {
  it('lengths are characters', () => {
    expect(said({ type: 'string', minLength: 1 }, '')).toBe('must not be empty');
    expect(said({ type: 'string', minLength: 3 }, 'ab')).toBe('must be at least 3 characters');
    expect(said({ type: 'string', maxLength: 2 }, 'abc')).toBe('must be at most 2 characters');
  });

  it("a pattern says the schema's words (x-expected) when it has them, else the pattern itself", () => {
    expect(said({ type: 'string', pattern: '^[a-z]+$', 'x-expected': 'lower-case letters' }, 'A')).toBe(
      'must be lower-case letters',
    );
    expect(said({ type: 'string', pattern: '^[a-z0-9-]{3,64}$' }, 'A')).toBe(
      'must match the pattern ^[a-z0-9-]{3,64}$',
    );
  });

  it('every format the validator knows is described, with an example', () => {
    const cases: [string, unknown, string][] = [
      ['email', 'ada', 'must be an email address like ada@example.com'],
      ['date-time', '2026-13-01', 'must be a date and time like 2026-01-31T09:30:00Z'],
      ['date', '31/01/2026', 'must be a date like 2026-01-31'],
      ['time', '25:00', 'must be a time like 09:30:00Z'],
      ['iso-time', 'noon', 'must be a time like 09:30:00, with or without a time zone'],
      [
        'iso-date-time',
        'today',
        'must be a date and time like 2026-01-31T09:30:00, with or without a time zone',
      ],
      ['duration', '1 day', 'must be an ISO 8601 duration like P1DT2H'],
      ['uri', 'not a uri', 'must be an absolute URI like https://example.com/path'],
      ['uri-reference', 'a b', 'must be a URI or a relative reference like /path?x=1'],
      ['uri-template', 'https://x/{', 'must be a URI template like https://example.com/items/{id}'],
      ['url', 'x', 'must be an absolute URL like https://example.com/path'],
      ['hostname', '-bad-', 'must be a host name like api.example.com'],
      ['ipv4', '300.1.1.1', 'must be an IPv4 address like 192.0.2.10'],
      ['ipv6', '1::2::3', 'must be an IPv6 address like 2001:db8::1'],
      ['regex', '(', 'must be a regular expression'],
      ['uuid', 'x', 'must be a UUID like 0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e'],
      ['json-pointer', 'a/b', 'must be a JSON pointer like /items/0/name'],
      ['json-pointer-uri-fragment', 'a', 'must be a JSON pointer in a URI fragment like #/items/0/name'],
      ['relative-json-pointer', '/a', 'must be a relative JSON pointer like 1/name'],
      ['byte', '***', 'must be base64 text like aGVsbG8='],
      ['int32', 2 ** 31, 'must be a whole number from -2147483648 to 2147483647'],
      ['int64', 1.5, 'must be a whole number'],
    ];
    for (const [format, value, words] of cases) {
      const type = typeof value === 'number' ? 'number' : 'string';
      expect(said({ type, format }, value), format).toBe(words);
    }
  });

  it('a date bound says earlier or later', () => {
    const at = '2026-01-01';
    expect(said({ type: 'string', format: 'date', formatMinimum: at }, '2025-12-31')).toBe(
      'must be 2026-01-01 or later',
    );
    expect(said({ type: 'string', format: 'date', formatExclusiveMinimum: at }, at)).toBe(
      'must be later than 2026-01-01',
    );
    expect(said({ type: 'string', format: 'date', formatMaximum: at }, '2026-01-02')).toBe(
      'must be 2026-01-01 or earlier',
    );
    expect(said({ type: 'string', format: 'date', formatExclusiveMaximum: at }, at)).toBe(
      'must be earlier than 2026-01-01',
    );
  });
});

describe('numbers', () => {
  it('bounds and multiples', () => {
    expect(said({ type: 'number', minimum: 0 }, -1)).toBe('must be at least 0');
    expect(said({ type: 'number', maximum: 10 }, 11)).toBe('must be at most 10');
    expect(said({ type: 'number', exclusiveMinimum: 0 }, 0)).toBe('must be more than 0');
    expect(said({ type: 'number', exclusiveMaximum: 10 }, 10)).toBe('must be less than 10');
    expect(said({ type: 'number', multipleOf: 0.5 }, 0.7)).toBe('must be a multiple of 0.5');
  });
});

describe('arrays', () => {
  it('sizes, unique items, items and prefixItems', () => {
    expect(said({ type: 'array', minItems: 1 }, [])).toBe('must have at least one item');
    expect(said({ type: 'array', minItems: 2 }, [1])).toBe('must have at least 2 items');
    expect(said({ type: 'array', maxItems: 1 }, [1, 2])).toBe('must have at most 1 item');
    expect(said({ type: 'array', uniqueItems: true }, ['a', 'a'])).toBe(
      'must not hold the same item twice (items 0 and 1 are equal)',
    );
    expect(said({ type: 'array', prefixItems: [{ type: 'string' }], items: false }, ['a', 'b'])).toBe(
      'must have at most 1 item',
    );
    expect(
      said({ type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false }, ['a', 1]),
    ).toBe('must have at most 1 item');
    expect(
      errorsOf({ properties: { x: { type: 'array', items: { type: 'string' } } } }, { x: ['a', 2] }),
    ).toEqual({
      '/x/1': 'must be a string',
    });
  });

  it('contains, minContains and maxContains speak of the array, not of each item', () => {
    expect(said({ type: 'array', contains: { type: 'string' } }, [1, 2])).toBe(
      'must hold at least one item that is a string',
    );
    expect(
      errorsOf({ properties: { x: { type: 'array', contains: { type: 'string' } } } }, { x: [1, 2] }),
    ).toEqual({ '/x': 'must hold at least one item that is a string' });
    expect(said({ type: 'array', contains: { const: 'a' }, minContains: 2 }, ['a', 'b'])).toBe(
      'must hold at least 2 items that are "a"',
    );
    expect(said({ type: 'array', contains: { const: 'a' }, maxContains: 1 }, ['a', 'a'])).toBe(
      'must hold at most 1 item that is "a"',
    );
  });
});

describe('objects', () => {
  it('required, dependentRequired, unknown members, sizes', () => {
    expect(errorsOf({ required: ['name'] }, {})).toEqual({ '/name': 'is required' });
    expect(errorsOf({ dependentRequired: { min: ['max'] } }, { min: 1 })).toEqual({
      '/max': 'is required when min is present',
    });
    expect(errorsOf({ additionalProperties: false }, { x: 1 })).toEqual({ '/x': 'is not a known field' });
    expect(errorsOf({ properties: { a: {} }, unevaluatedProperties: false }, { a: 1, b: 2 })).toEqual({
      '/b': 'is not a known field',
    });
    expect(errorsOf({ properties: { x: false } }, { x: 1 })).toEqual({ '/x': 'is not allowed here' });
    expect(errorsOf({ minProperties: 1 }, {})).toEqual({ '/': 'must not be empty: name at least one field' });
    expect(errorsOf({ maxProperties: 1 }, { a: 1, b: 2 })).toEqual({ '/': 'must have at most 1 member' });
  });

  it('propertyNames names the member whose name is refused', () => {
    expect(errorsOf({ propertyNames: { maxLength: 3 } }, { abcd: 1 })).toEqual({
      '/abcd': 'has a name that must be at most 3 characters',
    });
    expect(
      errorsOf({ propertyNames: { pattern: '^[a-z]+$', 'x-expected': 'lower-case letters' } }, { A: 1 }),
    ).toEqual({ '/A': 'has a name that must be lower-case letters' });
  });
});

describe('combinations', () => {
  it('anyOf and oneOf: the branch of the value’s type speaks, or the branches are listed', () => {
    const either = { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer' }] };
    expect(said(either, 'abc')).toBe('must be at most 2 characters');
    expect(said(either, true)).toBe('must be a string or a whole number');
    expect(said({ oneOf: [{ type: 'string' }, { type: 'null' }] }, 1)).toBe('must be a string or null');
    expect(said({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1)).toBe(
      'must be exactly one of a number or a whole number, and fits 2 of them',
    );
  });

  it('not says what the value must not be', () => {
    expect(said({ not: { type: 'string' } }, 'a')).toBe('must not be a string');
    expect(said({ not: { const: 'root' } }, 'root')).toBe('must not be "root"');
  });

  it('if/then/else: the branch that applies speaks', () => {
    const schema = { if: { type: 'string' }, then: { minLength: 3 }, else: { type: 'number' } };
    expect(said(schema, 'a')).toBe('must be at least 3 characters');
    expect(said(schema, true)).toBe('must be a number');
    expect(said({ if: { type: 'string' }, then: false }, 'a')).toBe('is not allowed here');
  });

  it('allOf, $ref and dependentSchemas speak through the keywords they hold', () => {
    expect(said({ allOf: [{ type: 'string' }, { minLength: 2 }] }, 'a')).toBe(
      'must be at least 2 characters',
    );
    expect(
      errorsOf({ properties: { x: { $ref: '#/$defs/s' } }, $defs: { s: { type: 'string' } } }, { x: 1 }),
    ).toEqual({
      '/x': 'must be a string',
    });
    expect(errorsOf({ dependentSchemas: { a: { required: ['b'] } } }, { a: 1 })).toEqual({
      '/b': 'is required',
    });
  });
});

describe('the answer', () => {
  it('lists every failing member once, declared members first, with the prefix of where the document sits', () => {
    const errors = errorsOf(
      {
        additionalProperties: false,
        required: ['provider', 'name'],
        properties: {
          provider: { enum: ['aws', 'gcp'] },
          name: { type: 'string', minLength: 1, pattern: '^x' },
        },
      },
      { provider: 'ibm', name: '', extra: 1 },
      '/attributes',
    );
    expect(errors).toEqual({
      '/attributes/provider': 'must be one of "aws", "gcp"',
      '/attributes/name': 'must not be empty',
      '/attributes/extra': 'is not a known field',
    });
  });

  it('a document that is not an object, under a prefix, is named by the prefix', () => {
    expect(errorsOf({}, 'text', '/attributes')).toEqual({ '/attributes': 'must be an object' });
  });
});
