// Plugin document validation does work linear in the document, whatever the keyword or format: for
// each one the plugin validator accepts, a hostile document of ~100 KiB and of ~1 MiB is validated
// and the work the validator counts (src/json-schema/work.ts: a step per subschema applied, per item or
// member visited, per character read or written) grows no faster than the document (ratio under
// 15 for a tenfold document). The count must also see the work: at least one step per 16 bytes of
// the document, so that a check that reads the text without counting it (ajv-formats' backtracking
// expressions, Ajv's pairwise uniqueItems) fails here. Wall time is measured by
// `npm run bench -- validation-work`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileLabelSchema,
  newSchemaCompiler,
  WORK_KEYWORD,
  WORK_LIMIT_KEYWORD,
  type LabelValidate,
} from '../../src/json-schema/json-schema.js';
import { LINEAR_FORMATS } from '../../src/json-schema/formats.js';
import { BASE_STEPS, STEPS_PER_UNIT } from '../../src/json-schema/work.js';

const SMALL = 100 * 1024;
const LARGE = 1024 * 1024;

interface Case {
  /** The keywords (or `format:name`) this case exercises. */
  covers: string[];
  /** The schema of the document's member `v`; `defs` go to the root's `$defs`. */
  schema: Record<string, unknown>;
  defs?: Record<string, unknown>;
  /** The value of `v` with about `n` repetitions of its hostile unit; `pick` is fast-check's choice. */
  build: (n: number, pick: number) => unknown;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const members = (n: number, value: (i: number) => unknown, name = (i: number) => `k${i}`) =>
  Object.fromEntries(range(n).map((i) => [name(i), value(i)]));
const nest = (depth: number, leaf: unknown = []): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};

const NUMBERS = ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'type'];

const CASES: Case[] = [
  {
    // The report's body: regions [[0],[1],...], composite items compared pairwise.
    covers: ['uniqueItems'],
    schema: { type: 'array', uniqueItems: true, items: { type: ['array', 'object'] } },
    build: (n, pick) => range(n).map((i) => (pick % 2 ? [i] : { a: i, b: [i, { c: String(i) }] })),
  },
  {
    covers: ['uniqueItems', 'items'],
    schema: { type: 'array', items: { type: 'array', uniqueItems: true }, uniqueItems: true },
    build: (n, pick) => range(Math.ceil(n / 8)).map((i) => range(8).map((j) => [i, j, pick])),
  },
  {
    covers: ['pattern'],
    schema: { type: 'string', pattern: '^(a+)+$' },
    build: (n, pick) => `${'a'.repeat(n * 4)}${pick % 2 ? '!' : ''}`,
  },
  {
    covers: ['maxLength', 'minLength'],
    schema: { type: 'array', items: { type: 'string', minLength: 3, maxLength: 5 } },
    build: (n, pick) => range(n).map((i) => 'x'.repeat((i + pick) % 9)),
  },
  {
    covers: [...NUMBERS, 'nullable'],
    schema: {
      type: 'array',
      items: {
        type: 'number',
        maximum: 10,
        minimum: 0,
        exclusiveMaximum: 9,
        exclusiveMinimum: 1,
        multipleOf: 0.5,
      },
    },
    build: (n, pick) => range(n).map((i) => ((i * 7 + pick) % 23) / 2),
  },
  {
    covers: ['maxItems', 'minItems', 'maxProperties', 'minProperties', 'required'],
    schema: {
      type: 'array',
      maxItems: 10 ** 7,
      minItems: 1,
      items: { type: 'object', maxProperties: 5, minProperties: 1, required: ['a', 'b'] },
    },
    build: (n, pick) => range(Math.ceil(n / 3)).map((i) => ({ a: i, b: pick })),
  },
  {
    covers: ['properties', 'additionalProperties', 'propertyNames'],
    schema: {
      type: 'object',
      properties: { k1: { type: 'integer' }, k2: { type: 'string' } },
      additionalProperties: { type: 'integer', maximum: 5 },
      propertyNames: { maxLength: 7, pattern: '^k[0-9]+$' },
    },
    build: (n, pick) => members(n, (i) => (i + pick) % 9),
  },
  {
    covers: ['patternProperties'],
    schema: {
      type: 'object',
      patternProperties: { '^(k+)+x$': { type: 'string' }, '^k[0-9]*$': { maximum: 3 }, '[a-z]9': true },
    },
    build: (n, pick) =>
      members(
        Math.ceil(n / 2),
        (i) => i + pick,
        (i) => `${'k'.repeat(8)}${i}`,
      ),
  },
  {
    covers: ['dependentRequired', 'dependentSchemas', 'dependencies'],
    schema: {
      type: 'object',
      dependentRequired: { k1: ['zz'], k2: ['k3'] },
      dependentSchemas: { k4: { properties: { k5: { type: 'string' } } } },
      dependencies: { k6: ['yy'], k7: { minProperties: 10 ** 9 } },
    },
    build: (n, pick) => members(n, (i) => i * pick),
  },
  {
    // enum and const with deep values, against many values and against one large object.
    covers: ['enum', 'const'],
    schema: {
      type: 'array',
      items: {
        anyOf: [
          { enum: [nest(40, { a: 1 }), { a: [1, 2, { b: 3 }] }, 'x', 3] },
          { const: { a: [1, 2, { b: 3 }], c: nest(30) } },
          { type: 'object', minProperties: 100 },
        ],
      },
    },
    build: (n, pick) =>
      range(Math.ceil(n / 2)).map((i) =>
        i % 50 === 0 ? members(200, (j) => j + pick) : { a: [1, 2, { b: 3 }] },
      ),
  },
  {
    covers: ['contains', 'minContains', 'maxContains'],
    schema: {
      type: 'array',
      items: { type: 'array', contains: { const: 7 }, minContains: 2, maxContains: 3 },
      contains: { type: 'array', minItems: 10 ** 6 },
      minContains: 0,
    },
    build: (n, pick) => range(Math.ceil(n / 10)).map((i) => range(10).map((j) => (i + j + pick) % 9)),
  },
  {
    covers: ['prefixItems', 'items', 'unevaluatedItems'],
    schema: {
      type: 'array',
      prefixItems: [{ type: 'integer' }, { type: 'string' }],
      items: { type: 'array', unevaluatedItems: { type: 'string' }, prefixItems: [true] },
    },
    build: (n, pick) => [1, 'x', ...range(Math.ceil(n / 4)).map((i) => [i, 'a', pick])],
  },
  {
    covers: ['unevaluatedProperties', 'allOf'],
    schema: {
      type: 'object',
      allOf: [{ properties: { k1: true } }, { patternProperties: { '^k1[0-9]$': true } }],
      unevaluatedProperties: { type: 'integer', maximum: 10 },
    },
    build: (n, pick) => members(n, (i) => (i + pick) % 20),
  },
  {
    covers: ['anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'allOf'],
    schema: {
      type: 'array',
      items: {
        anyOf: [{ type: 'string' }, { type: 'integer', maximum: 3 }],
        oneOf: [{ minimum: 0 }, { multipleOf: 2 }],
        not: { const: 5 },
        if: { minimum: 10 },
        then: { multipleOf: 3 },
        else: { maximum: 8 },
        allOf: [{ type: ['integer', 'string'] }],
      },
    },
    build: (n, pick) => range(n).map((i) => (i * 13 + pick) % 17),
  },
  {
    // A recursive reference under oneOf: each level doubles the work. The budget stops it.
    covers: ['$ref', '$defs', '$comment', '$id'],
    schema: { $ref: '#/$defs/tree', $comment: 'a tree' },
    defs: {
      tree: {
        $id: 'urn:keel:test:tree',
        oneOf: [
          { type: 'array', items: { $ref: 'urn:keel:test:tree' } },
          { type: 'array', items: { $ref: 'urn:keel:test:tree' }, minItems: 2 },
        ],
      },
    },
    build: (n, pick) => range(Math.ceil(n / 60)).map(() => nest(28 + (pick % 3))),
  },
  {
    covers: ['$dynamicRef', '$dynamicAnchor'],
    schema: { $ref: '#/$defs/node' },
    defs: {
      node: {
        $dynamicAnchor: 'node',
        anyOf: [
          { type: 'array', items: { $dynamicRef: '#node' }, maxItems: 0 },
          { type: 'array', items: { $dynamicRef: '#node' } },
        ],
      },
    },
    build: (n, pick) => range(Math.ceil(n / 60)).map(() => nest(28 + (pick % 3))),
  },
  {
    // draft 2019-09's $recursiveRef, which Ajv also runs: here a reference to the root.
    covers: ['$recursiveRef'],
    schema: {
      anyOf: [
        { type: 'array', items: { $recursiveRef: '#' }, maxItems: 0 },
        { type: 'array', items: { $recursiveRef: '#' } },
      ],
    },
    build: (n, pick) =>
      range(Math.ceil(n / 80)).map(() => {
        let v: unknown = [];
        for (let i = 0; i < 25 + (pick % 3); i++) v = [{ v }];
        return { v };
      }),
  },
  {
    covers: ['formatMaximum', 'formatMinimum', 'formatExclusiveMaximum', 'formatExclusiveMinimum'],
    schema: {
      type: 'array',
      items: {
        format: 'date',
        formatMaximum: '2030-01-01',
        formatMinimum: '2000-01-01',
        formatExclusiveMaximum: '2031-01-01',
        formatExclusiveMinimum: '1999-01-01',
      },
    },
    build: (n, pick) => range(n).map((i) => `20${10 + (i % 20)}-01-0${1 + (pick % 9)}`),
  },
];

/** Text that keeps a format's check busy: a piece of its grammar, many times, after a valid start. */
const FORMAT_TEXT: Record<string, [prefix: string, unit: string[]]> = {
  date: ['2024-01-0', ['1', '-']],
  time: ['12:00:00.', ['1', ':']],
  'date-time': ['2024-01-01T12:00:00.', ['1', 't']],
  'iso-time': ['12:00:00.', ['1', '+']],
  'iso-date-time': ['2024-01-01 12:00:00.', ['1', ' ']],
  duration: ['P', ['1', 'T1']],
  uri: ['http://', [':', 'a', '%41', '@']],
  'uri-reference': ['//', [':', 'a@', '%4']],
  'uri-template': ['http://x/', ['{a', ',b', '%4']],
  url: ['http://', [':', 'a:', '@a.co/', '1.1.', '@']],
  email: ['a', ['a.', '-', 'a@a']],
  hostname: ['a', ['a.', 'a-']],
  ipv4: ['1', ['.1', '1']],
  ipv6: ['1', [':1', '::']],
  regex: ['(', ['(a+)+', '[a-z]', '\\\\Z']],
  uuid: ['urn:uuid:', ['0', '-']],
  'json-pointer': ['/', ['~0', '/a', '~']],
  'json-pointer-uri-fragment': ['#', ['/%41', '~1', '%']],
  'relative-json-pointer': ['1', ['/~0', '0']],
  byte: ['QUJD', ['QUJD', 'Q=']],
};

for (const [name, format] of Object.entries(LINEAR_FORMATS)) {
  if (format === true || format.type === 'number') {
    CASES.push({
      covers: [`format:${name}`],
      schema: { type: 'array', items: { format: name } },
      build: (n, pick) => range(n).map((i) => (i % 2 ? i * 2 ** 33 + pick : i / 3)),
    });
    continue;
  }
  const [prefix, units] = FORMAT_TEXT[name]!;
  CASES.push({
    covers: [`format:${name}`, 'format'],
    schema: { type: 'string', format: name, maxLength: 10 },
    build: (n, pick) =>
      prefix + units[pick % units.length]!.repeat(Math.ceil((n * 4) / units[pick % units.length]!.length)),
  });
}

function compile(c: Case): LabelValidate {
  const schema = {
    type: 'object',
    properties: { v: c.schema },
    ...(c.defs ? { $defs: c.defs } : {}),
  };
  const compiled = compileLabelSchema(newSchemaCompiler(), schema);
  if (compiled.problems) throw new Error(JSON.stringify(compiled.problems));
  return compiled.validate;
}

/** The document `{v: build(n)}` with n chosen so that its JSON text is about `bytes` long. */
function documentOf(c: Case, bytes: number, pick: number): { doc: unknown; size: number } {
  const probe = JSON.stringify({ v: c.build(1000, pick) }).length;
  const n = Math.max(1, Math.round((1000 * bytes) / probe));
  const doc = { v: c.build(n, pick) };
  return { doc, size: JSON.stringify(doc).length };
}

describe('plugin validation work is linear in the document', () => {
  it('every keyword and format the plugin validator accepts has a case here', () => {
    const ajv = newSchemaCompiler();
    const keywords = Object.keys(ajv.RULES.all).filter((k) => k !== WORK_KEYWORD);
    const covered = new Set(CASES.flatMap((c) => c.covers));
    expect(keywords.filter((k) => !covered.has(k))).toEqual(['$recursiveAnchor', 'id']);
    // Ajv knows these two only to refuse them (the draft 2020-12 meta-schema wants $recursiveAnchor
    // to be a string, Ajv a boolean).
    for (const schema of [{ id: 'x' }, { $recursiveAnchor: true }, { $recursiveAnchor: 'x' }]) {
      expect(
        compileLabelSchema(ajv, { type: 'object', ...schema }).problems,
        JSON.stringify(schema),
      ).toBeDefined();
    }
    expect(Object.keys(ajv.formats).filter((f) => !covered.has(`format:${f}`))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.covers.join(' '), c] as const))(
    '%s: 1 MiB costs under 15 times 100 KiB',
    (_name, c) => {
      const validate = compile(c);
      fc.assert(
        fc.property(fc.nat({ max: 11 }), (pick) => {
          const small = documentOf(c, SMALL, pick);
          const large = documentOf(c, LARGE, pick);
          validate(small.doc);
          const smallSteps = validate.steps;
          validate(large.doc);
          const largeSteps = validate.steps;
          const ratio = largeSteps / smallSteps;
          const what = `${c.covers.join(' ')} pick ${pick}: ${smallSteps} steps for ${small.size} bytes, ${largeSteps} for ${large.size}`;
          expect(large.size / small.size, what).toBeGreaterThan(8);
          expect(ratio, what).toBeLessThan(15);
          expect(largeSteps, `${what}: the count sees the work`).toBeGreaterThanOrEqual(large.size / 16);
          // The budget: BASE_STEPS and STEPS_PER_UNIT per value or character, never more.
          expect(largeSteps, what).toBeLessThanOrEqual(BASE_STEPS + STEPS_PER_UNIT * large.size);
        }),
        { numRuns: 2 },
      );
    },
  );

  it('a recursive reference whose work doubles with each level is refused with the reason', () => {
    const tree = CASES.find((c) => c.covers.includes('$ref'))!;
    const validate = compile(tree);
    expect(validate({ v: [nest(40)] })).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({
        keyword: WORK_LIMIT_KEYWORD,
        instancePath: '',
        params: { limit: expect.any(Number) },
      }),
    ]);
    expect(validate.errors![0]!.message).toContain('steps');
    // The same schema takes a tree it can decide in few steps.
    expect(validate({ v: [nest(4)] })).toBe(true);
  });
});
