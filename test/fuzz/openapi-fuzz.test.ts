// Fuzzing every operation of /openapi.json, seeded and bounded: schema-derived and hostile inputs,
// as anonymous, a plain user and an admin, and with forged Authorization headers. Zero 5xx, no answer
// slower than 5 s, every status declared by the operation and every JSON body valid against the
// declared schema. `npm run fuzz` runs longer.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEmbeddedStore } from '../../src/analytics/readers/reader.js';
import { startTestApp, type TestApp } from '../support/harness.js';

const RUNS = Number(process.env.KEEL_FUZZ_RUNS ?? 25);
const SEED = Number(process.env.KEEL_FUZZ_SEED ?? 20261124);
const HANG_MS = 5_000;

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  params: string[];
  body?: Schema;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

let app: TestApp;
// The analytics readers read the embedded engine, as in `keel serve` (without one they answer 503).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keel-fuzz-'));
let readers: { stop(): Promise<void> } | undefined;
let tokens: Record<(typeof CALLERS)[number], string | undefined>;
const operations: Operation[] = [];
let components: Record<string, Schema> = {};

beforeAll(async () => {
  app = await startTestApp({ env: { KEEL_DATA_DIR: dataDir } });
  readers = useEmbeddedStore(app.runtime.core.settings);
  // The scheduler's routes verify tokens against the API's JWKS over HTTP, as in `keel serve`.
  await app.api.listen({ host: '127.0.0.1', port: 0 });
  tokens = {
    anonymous: undefined,
    user: await app.user('plain@fuzz.test'),
    admin: await app.adminToken(),
  };
  const doc = (await app.call('GET', '/openapi.json')).body;
  components = doc.components?.schemas ?? {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        params: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        body: content?.['application/json']?.schema,
        responses: op.responses as Operation['responses'],
      });
    }
  }
}, 120_000);
afterAll(async () => {
  await readers?.stop();
  await app?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- inputs

const HOSTILE_TEXT = [
  '',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  'a'.repeat(5_000),
  '😀'.repeat(100),
  '%00',
  '${7*7}',
  "' OR 1=1 --",
];
/** An id as the schema wants it, and spellings a lax uuid format takes that PostgreSQL's uuid does not. */
const UUID_SPELLINGS = [
  '01a21c0a-e190-753a-8a6f-84c9136ce2cb',
  '01A21C0A-E190-753A-8A6F-84C9136CE2CB',
  'urn:uuid:01a21c0a-e190-753a-8a6f-84c9136ce2cb',
  '{01a21c0a-e190-753a-8a6f-84c9136ce2cb}',
  '01a21c0ae190753a8a6f84c9136ce2cb',
];
const HOSTILE_NUMBERS = [0, -0, -1, 1e308, -1e308, 2 ** 53 + 1, 1e-320, 0.1, 4_294_967_296];

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const RAW_BODIES = [
  deep(20_000),
  deep(65),
  '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  `{"big":"${'x'.repeat(900_000)}"}`,
  'x'.repeat(1_100_000),
  '{"n":1e999999}',
  '"\\ud800"',
  '{',
  'null',
  '[]',
  '0',
];

const hostileLeaf = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT, ...HOSTILE_NUMBERS, null, true, [], {}),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.double(),
  fc.integer(),
);

function resolve(schema: Schema | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref === 'string') return resolve(components[ref.replace('#/components/schemas/', '')]);
  return schema;
}

/** Values shaped by the schema, with hostile leaves mixed in. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (!s || depth > 4) return hostileLeaf;
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromSchema(a, depth + 1)), hostileLeaf);
  if (Array.isArray(s.enum)) return fc.oneof(fc.constantFrom(...(s.enum as unknown[])), hostileLeaf);
  if ('const' in s) return fc.oneof(fc.constant(s.const), hostileLeaf);
  switch (s.type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const shaped = fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v, depth + 1)])),
        { requiredKeys: (s.required as string[] | undefined) ?? [] },
      );
      return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileLeaf });
    }
    case 'array':
      return fc.oneof(fc.array(fromSchema(s.items as Schema, depth + 1), { maxLength: 5 }), hostileLeaf);
    case 'string':
      if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...UUID_SPELLINGS), hostileLeaf);
      return fc.oneof(fc.string({ maxLength: 30 }), hostileLeaf);
    case 'integer':
      return fc.oneof(fc.integer(), hostileLeaf);
    case 'number':
      return fc.oneof(fc.double(), hostileLeaf);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileLeaf);
    default:
      return hostileLeaf;
  }
}

const pathValue = fc.oneof(
  fc.constantFrom(
    'admin@example.com',
    'plain@fuzz.test',
    'default',
    '00000000-0000-7000-8000-000000000000',
    'urn:uuid:00000000-0000-7000-8000-000000000000',
    '..%2F..%2Fadmin',
    'a%2Fb',
    '%2e%2e',
    '__proto__',
    'constructor',
    '%00',
    '%ED%A0%80',
    '%',
    'x'.repeat(300),
  ),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/merge-patch+json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];

const CALLERS = ['anonymous', 'user', 'admin'] as const;

/**
 * Authorization headers no one was issued: JSON that is no JWT header (null, an array), a valid token
 * spelled with more characters, other schemes, parts missing or too many, an oversized one.
 */
const forgedHeaders = () => {
  const valid = tokens.admin!;
  return [
    'Bearer bnVsbA.e30.x',
    'Bearer W10.W10.x',
    'Bearer e30.bnVsbA.AAAA',
    `Bearer ${valid}!`,
    `Bearer ${valid}=`,
    `Bearer ${valid.split('.').slice(0, 2).join('.')}`,
    `Bearer ${valid}.${valid}`,
    `bearer  ${valid}`,
    'Basic Zm9vOmJhcg==',
    'Bearer',
    'Bearer %00',
    'Bearer __proto__.constructor.prototype',
    `Bearer ${'A'.repeat(8000)}`,
  ];
};

const request = (op: Operation, caller: (typeof CALLERS)[number]): fc.Arbitrary<Input> =>
  fc.record({
    caller: fc.constant(caller),
    authorization: fc.constant(tokens[caller] && `Bearer ${tokens[caller]}`),
    params: fc.array(pathValue, { minLength: op.params.length, maxLength: op.params.length }),
    body: fc.oneof(
      { weight: 3, arbitrary: fromSchema(op.body).map((v) => JSON.stringify(v) ?? 'null') },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    ),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    query: fc.constantFrom(
      '',
      '?limit=0',
      '?limit=1e9',
      '?cursor=%00',
      '?cursor=__proto__&limit=2',
      '?q=%ED%A0%80',
      '?source_id=urn:uuid:00000000-0000-7000-8000-000000000000',
    ),
  });

// --- checks

const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => void;
let ajv: Ajv2020 | undefined;
function responseValidator(schema: Schema) {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: false, logger: false });
    addFormats(ajv);
    for (const [name, s] of Object.entries(components)) ajv.addSchema(s, `#/components/schemas/${name}`);
  }
  return ajv.compile(
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/components/schemas/')),
  );
}

function declared(op: Operation, status: number) {
  const r = op.responses;
  return r[String(status)] ?? r[`${String(status)[0]}XX`] ?? r[`${String(status)[0]}xx`] ?? r.default;
}

interface Input {
  caller: (typeof CALLERS)[number] | 'forged';
  authorization: string | undefined;
  params: string[];
  body: string;
  contentType: string;
  query: string;
}

async function exercise(op: Operation, input: Input) {
  let url = op.path;
  op.params.forEach((name, i) => (url = url.replace(`{${name}}`, input.params[i]!)));
  url += input.query;
  const headers: Record<string, string> = {};
  if (input.authorization !== undefined) headers.authorization = input.authorization;
  const withBody = ['POST', 'PUT', 'PATCH'].includes(op.method);
  if (withBody) headers['content-type'] = input.contentType;
  const started = performance.now();
  const res = await app.api.inject({
    method: op.method as 'GET',
    url,
    headers,
    ...(withBody ? { payload: input.body } : {}),
  });
  const ms = performance.now() - started;
  const what = `${op.method} ${url} as ${input.caller} (${input.contentType}): ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  expect(ms, `${what}: answered after ${Math.round(ms)} ms`).toBeLessThan(HANG_MS);
  // A 404 for a path that no longer names a route (an encoded slash) is the router's, not the operation's.
  if (res.statusCode === 404 && JSON.parse(res.body).code === 'route_not_found') return;
  if (res.statusCode === 405 && JSON.parse(res.body).code === 'method_not_allowed') return;
  const response = declared(op, res.statusCode);
  expect(response, `${what}: status not declared`).toBeDefined();
  const contentType = String(res.headers['content-type'] ?? '');
  const schema =
    response?.content?.[contentType.split(';')[0]!]?.schema ??
    response?.content?.['application/json']?.schema;
  if (schema && res.body && /json/.test(contentType)) {
    const validate = responseValidator(schema);
    expect(validate(JSON.parse(res.body)), `${what}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
}

describe('fuzzing every operation in /openapi.json', () => {
  it('finds operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  // Each caller gets its share of the runs of every operation, so none goes untried by chance.
  const perCaller = Math.max(1, Math.ceil(RUNS / CALLERS.length));
  it(`every operation, ${perCaller} seeded runs for each caller: no 5xx, no hang, declared statuses and bodies`, async () => {
    for (const op of operations) {
      for (const caller of CALLERS) {
        await fc.assert(
          fc.asyncProperty(request(op, caller), (input) => exercise(op, input)),
          { seed: SEED, numRuns: perCaller, endOnFailure: true },
        );
      }
      // Every forged Authorization header on every operation, each once: not left to the draw.
      const [input] = fc.sample(request(op, 'anonymous'), { seed: SEED, numRuns: 1 });
      for (const authorization of forgedHeaders()) {
        await exercise(op, { ...input!, caller: 'forged', authorization });
      }
    }
  }, 600_000);
});
