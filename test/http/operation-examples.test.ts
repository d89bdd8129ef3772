// Every operation in /openapi.json shows an example: of its request body when it takes one, and of
// each 2xx answer that has a body. Each example is checked against its own schema with the validator
// of request bodies (src/json-schema/request-validation.ts), with objects closed (a member the schema does not
// declare fails, since the answer's serializer would drop it), so a changed schema breaks its example
// here rather than in a reader's hands. No example carries a secret-looking value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { requestValidator } from '../../src/json-schema/request-validation.js';
import { plainErrors } from '../../src/http/validation-words.js';
import { OPERATION_EXAMPLES } from '../../src/http/operation-examples.js';
import { withExamples } from '../../src/http/document-examples.js';
import { compileManifest } from '../../src/plugins/manifest.js';

type Json = Record<string, unknown>;
interface Media {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

let app: TestApp;
let doc: { paths: Record<string, Record<string, Operation>>; components: Json };

beforeAll(async () => {
  app = await startTestApp();
  doc = (await app.call('GET', '/openapi.json')).body;
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A copy of a schema whose objects take only the members they declare. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!isMap(schema)) return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'example' || k === 'examples' || k === 'enum' || k === 'const' || k === 'default') out[k] = v;
    else if (k === 'properties' && isMap(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, closed(s)]));
    else out[k] = closed(v);
  }
  if (isMap(schema.properties) && schema.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

const validator = requestValidator(false);

/** The plain-words errors of an example against its schema (`#/components/...` refs resolved). */
function failures(schema: Json | undefined, example: unknown): string[] {
  const validate = validator({ allOf: [closed(schema ?? {})], components: closed(doc.components) });
  if (validate(structuredClone(example))) return [];
  return plainErrors(validate.errors ?? [], 'body').map((e) => `${e.pointer} ${e.detail}`);
}

/** Every example value of a media type. */
const examplesOf = (media: Media): unknown[] => [
  ...(media.example !== undefined ? [media.example] : []),
  ...Object.values(media.examples ?? {}).map((e) => e.value),
];

describe('every operation has examples', () => {
  it('every request body has an example, valid against the body schema', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { key, op } of operations()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const examples = examplesOf(media);
        if (examples.length === 0) problems.push(`${key} ${type}: no request example`);
        for (const example of examples) {
          checked++;
          for (const f of failures(media.schema, example)) problems.push(`${key} ${type} request: ${f}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('every 2xx answer with a body has an example, valid against the answer schema', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const { key, op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          const examples = examplesOf(media);
          if (examples.length === 0) problems.push(`${key} ${status} ${type}: no answer example`);
          for (const example of examples) {
            checked++;
            for (const f of failures(media.schema, example)) problems.push(`${key} ${status}: ${f}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('every operation answers an example of its success, or a success without a body', () => {
    const without = operations().filter(({ op }) => {
      const successes = Object.entries(op.responses).filter(([s]) => s.startsWith('2'));
      return successes.length === 0 && !Object.keys(op.responses).some((s) => s.startsWith('3'));
    });
    expect(without.map((o) => o.key)).toEqual([]);
  });

  it('each entry of OPERATION_EXAMPLES names an operation, and each of its examples lands', () => {
    const ops = new Map(operations().map(({ key, op }) => [key, op]));
    const problems: string[] = [];
    for (const [key, entry] of Object.entries(OPERATION_EXAMPLES)) {
      const op = ops.get(key);
      if (!op) {
        problems.push(`${key}: no such operation`);
        continue;
      }
      if (entry.request !== undefined && !op.requestBody) problems.push(`${key}: takes no body`);
      for (const type of Object.keys(entry.requests ?? {}))
        if (!op.requestBody?.content[type]) problems.push(`${key}: takes no ${type} body`);
      const withBody = Object.entries(op.responses).filter(([s, a]) => s.startsWith('2') && a.content);
      if (entry.response !== undefined && withBody.length !== 1)
        problems.push(
          `${key}: response given, but ${withBody.length} 2xx answers have a body (use responses)`,
        );
      for (const status of Object.keys(entry.responses ?? {}))
        if (!withBody.some(([s]) => s === status)) problems.push(`${key}: no ${status} answer with a body`);
    }
    expect(problems).toEqual([]);
  });

  it('the plugin manifest of the examples installs: it passes the manifest checks', () => {
    const { manifest } = OPERATION_EXAMPLES['POST /admin/plugins']!.request as { manifest: unknown };
    expect(() => compileManifest(manifest)).not.toThrow();
  });

  it("keeps an example the route's own schema gives", () => {
    const document = {
      paths: {
        '/x': { post: { requestBody: { content: { 'application/json': { example: { own: 1 } } } } } },
      },
    };
    withExamples(document, { 'POST /x': { request: { table: 1 } } });
    expect(document.paths['/x'].post.requestBody.content['application/json'].example).toEqual({ own: 1 });
  });
});

describe('no example carries a secret', () => {
  /** A value that can only be a placeholder: `<...>` words, or the classic xkcd passphrase. */
  const placeholder = (v: string) => /^<[^<>]+>$/.test(v) || v === 'correct horse battery staple';
  const SECRET_MEMBER = /pass(word)?|secret|(^|_)token$|api_?key|private|signature/i;
  const SECRET_SHAPE = [
    /eyJ[A-Za-z0-9_-]{8,}/, // a JWT or any base64url JSON
    /-----BEGIN/, // a PEM key
    /\b(?:Bearer|Basic)\s+[A-Za-z0-9+/=._-]{8,}/i,
    /\b(?:sk|pk|rk)[-_][A-Za-z0-9_-]{12,}/, // vendor API keys
    /\b(?:gh[pousr]_|xox[abp]-|AKIA)[A-Za-z0-9]{8,}/,
    /\b[0-9a-f]{40,}\b/i, // a long hex digest or key
    /[A-Za-z0-9+_-]{40,}={0,2}/, // a long base64 run
  ];

  /** Every string member of an example, with the member name it sits under. */
  function* strings(value: unknown, member = ''): Generator<[string, string]> {
    if (typeof value === 'string') yield [member, value];
    else if (Array.isArray(value)) for (const v of value) yield* strings(v, member);
    else if (isMap(value)) for (const [k, v] of Object.entries(value)) yield* strings(v, k);
  }

  const offences = (where: string, example: unknown): string[] =>
    [...strings(example)].flatMap(([member, value]) => {
      if (placeholder(value)) return [];
      if (SECRET_MEMBER.test(member) && !/^(token_type|issued_token_type|.*_types?_supported)$/.test(member))
        return [`${where} ${member}: ${value}`];
      return SECRET_SHAPE.some((re) => re.test(value)) ? [`${where} ${member}: ${value}`] : [];
    });

  it('the check catches a token, a key and a password', () => {
    expect(offences('t', { access_token: 'abc' })).toHaveLength(1);
    expect(offences('t', { note: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhZGEifQ.sig' })).toHaveLength(1);
    expect(offences('t', { key: 'sk-ant-api03-abcdefghijklmnop' })).toHaveLength(1);
    expect(offences('t', { password: 'hunter2hunter2' })).toHaveLength(1);
    expect(
      offences('t', { password: '<your password>', id: '0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e' }),
    ).toEqual([]);
  });

  it('every example in the document holds placeholders only where a secret would be', () => {
    const found = operations().flatMap(({ key, op }) => {
      const media = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses).flatMap((a) => Object.values(a.content ?? {})),
      ];
      return media.flatMap((m) => examplesOf(m).flatMap((e) => offences(key, e)));
    });
    expect(found).toEqual([]);
  });
});
