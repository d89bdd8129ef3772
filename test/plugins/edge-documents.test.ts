// Edge properties are validated by the document pool, as entity documents are: inline when small, on
// a worker thread when large, with the same answers either way (src/plugins/document-pool.ts). And
// when the pool's queue is full, a write whose document would wait for a worker is answered 503
// problem+json with Retry-After through a real server (entity POST and PATCH, edge POST), with
// nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';

const PLUGIN = 'wires';
/** Each level of a tree doubles the work of `oneOf` (test/plugins/validation-work.test.ts). */
const tree = {
  oneOf: [0, 2].map((minItems) => ({ type: 'array', items: { $ref: '#/$defs/tree' }, minItems })),
};
const MANIFEST = {
  slug: PLUGIN,
  name: 'Wires',
  version: '1.0.0',
  vertex_labels: [
    {
      name: 'Box',
      schema: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } } },
    },
  ],
  edge_labels: [
    { source_label: 'Box', edge_label: 'TAG', target_label: 'Box' },
    {
      source_label: 'Box',
      edge_label: 'WIRE',
      target_label: 'Box',
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          role: { enum: ['primary', 'dr'] },
          note: { type: 'string', maxLength: 200_000 },
          tree: { $ref: '#/$defs/tree' },
        },
        $defs: { tree },
      },
    },
  ],
};
const boxes = `/admin/plugins/${PLUGIN}/entities/Box`;
const wires = `/admin/plugins/${PLUGIN}/edges/WIRE`;
const nest = (depth: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
/** Properties over 16 KiB (the default inline bound) and a document that spends its whole budget. */
const LARGE_NOTE = 'n'.repeat(20_000);
const HOSTILE = { note: LARGE_NOTE, tree: [nest(40)] };

async function setup(app: TestApp) {
  const admin = await app.adminToken();
  const installed = await app.call('POST', '/admin/plugins', { token: admin, body: { manifest: MANIFEST } });
  expect(installed.status, installed.text).toBe(201);
  const box = async (name: string) => {
    const res = await app.call('POST', boxes, { token: admin, body: { name } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  return { admin, a: await box('a'), b: await box('b') };
}

const storedWire = async (app: TestApp, a: string, b: string) =>
  (
    await app.runtime.core.sql.one<{ props: Record<string, unknown> }>(
      'SELECT props FROM graph_edges WHERE src = $1 AND dst = $2 AND label = $3',
      [a, b, `plugin:${PLUGIN}:WIRE`],
    )
  )?.props;

describe.each([
  ['every document inline', { KEEL_PLUGIN_DOCUMENT_WORKERS: '0' }],
  ['every document on a worker', { KEEL_PLUGIN_DOCUMENT_INLINE_BELOW_BYTES: '0' }],
])('POST of an edge, %s', (_mode, env) => {
  let app: TestApp;
  let ids: Awaited<ReturnType<typeof setup>>;
  let reader: string;
  const post = (properties: unknown, token = ids.admin) =>
    app.call('POST', wires, { token, body: { source_id: ids.a, target_id: ids.b, properties } });
  beforeAll(async () => {
    app = await startTestApp({ env });
    ids = await setup(app);
    reader = await app.user('reader@example.com');
  });
  afterAll(() => app?.close());

  it('stores valid properties, answers them as sent, and replaces them', async () => {
    const created = await post({ role: 'primary', note: 'a\u0000b\ud800' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.properties).toEqual({ role: 'primary', note: 'a\u0000b\ud800' });
    const read = await app.call('GET', `${wires}?source_id=${ids.a}`, { token: ids.admin });
    expect(read.body[0].properties).toEqual({ role: 'primary', note: 'a\u0000b\ud800' });
    const replaced = await post({ role: 'dr', note: LARGE_NOTE });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.properties).toEqual({ role: 'dr', note: LARGE_NOTE });
    expect(await storedWire(app, ids.a, ids.b)).toEqual({ role: 'dr', note: LARGE_NOTE });
  });

  it.each([
    [
      'a value the schema refuses',
      { role: 'nope' },
      'validation_failed',
      'properties/role: must be one of "primary", "dr"',
    ],
    [
      'a member the schema does not declare',
      { other: 1 },
      'validation_failed',
      'properties/other: is not a known field',
    ],
    [
      'large properties the schema refuses',
      { role: 'nope', note: LARGE_NOTE },
      'validation_failed',
      'properties/role: must be one of "primary", "dr"',
    ],
    ['a document that spends the validation budget', HOSTILE, 'validation_too_costly', undefined],
  ])('refuses %s with 422, the stored edge unchanged', async (_name, properties, code, detail) => {
    const before = await storedWire(app, ids.a, ids.b);
    const res = await post(properties);
    expect(res.status, res.text).toBe(422);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.body.code).toBe(code);
    if (detail) expect(res.body.detail).toBe(detail);
    expect(res.body.errors[0].pointer).toMatch(/^\/properties/);
    expect(await storedWire(app, ids.a, ids.b)).toEqual(before);
  });

  it('refuses a caller without the label write permission before validating (403)', async () => {
    const res = await post(HOSTILE, reader);
    expect(res.status, res.text).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });
});

/** An edge write's answers, as the route gave them when the HTTP layer parsed and checked its body. */
interface Case {
  name: string;
  url?: string;
  headers?: Record<string, string>;
  /** The body; `ends` is replaced by the two boxes' ids. */
  body?: string | ((a: string, b: string) => string);
  as?: 'admin' | 'reader' | 'nobody';
  status: number;
  code?: string;
  detail?: string;
}
const JSON_TYPE = { 'content-type': 'application/json' };
const ends = (extra: string) => (a: string, b: string) =>
  `{"source_id":"${a}","target_id":"${b}"${extra ? `,${extra}` : ''}}`;
const NOT_OBJECT = { status: 422, code: 'validation_failed', detail: 'body: must be an object' };
const NOT_JSON = { status: 400, code: 'invalid_json', detail: 'the body is not valid JSON' };
const FORBIDDEN = {
  status: 403,
  code: 'forbidden',
  detail: `missing permission plugins:${PLUGIN}:entities:WIRE:write`,
};
const CASES: Case[] = [
  { name: 'valid properties', body: ends('"properties":{"role":"primary"}'), status: 201 },
  { name: 'no properties', body: ends(''), status: 200 },
  { name: 'text that is not JSON', body: '{"source_id":', ...NOT_JSON },
  {
    name: 'an empty body',
    body: '',
    status: 400,
    code: 'invalid_json',
    detail: 'the body is empty; send a JSON document',
  },
  { name: 'an array', body: '[1]', ...NOT_OBJECT },
  {
    name: 'nesting past the limit',
    body: ends(`"properties":{"x":${'['.repeat(70)}${']'.repeat(70)}}`),
    status: 400,
    code: 'json_too_deep',
  },
  {
    name: 'no ends',
    body: '{}',
    status: 422,
    code: 'validation_failed',
    detail: 'source_id: is required; target_id: is required',
  },
  {
    name: 'an end that is not a uuid',
    body: (_a, b) => `{"source_id":"x","target_id":"${b}"}`,
    status: 422,
    code: 'validation_failed',
    detail: 'source_id: must be a UUID like 0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e',
  },
  {
    name: 'a member the body does not declare',
    body: ends('"x":1'),
    status: 422,
    code: 'validation_failed',
    detail: 'x: is not a known field',
  },
  {
    name: 'properties not an object',
    body: ends('"properties":[1]'),
    status: 422,
    code: 'validation_failed',
    detail: 'properties: must be an object',
  },
  {
    name: 'properties the label schema refuses',
    body: ends('"properties":{"role":"nope"}'),
    status: 422,
    code: 'validation_failed',
    detail: 'properties/role: must be one of "primary", "dr"',
  },
  {
    name: 'properties on a label that declares none',
    url: `/admin/plugins/${PLUGIN}/edges/TAG`,
    body: ends('"properties":{"a":1}'),
    status: 422,
    code: 'validation_failed',
    detail: 'properties: edge label TAG declares no properties',
  },
  {
    name: 'an end that does not exist',
    body: (a) => `{"source_id":"${a}","target_id":"00000000-0000-7000-8000-000000000000"}`,
    status: 422,
    code: 'invalid_edge_end',
    detail: 'target_id: no Box 00000000-0000-7000-8000-000000000000',
  },
  { name: 'no write permission', as: 'reader', body: ends(''), ...FORBIDDEN },
  { name: 'no write permission, text not JSON', as: 'reader', body: '{', ...NOT_JSON },
  {
    name: 'no write permission, a member the body does not declare',
    as: 'reader',
    body: ends('"x":1'),
    status: 422,
    code: 'validation_failed',
    detail: 'x: is not a known field',
  },
  {
    name: 'no write permission, hostile properties',
    as: 'reader',
    body: ends(`"properties":${JSON.stringify(HOSTILE)}`),
    ...FORBIDDEN,
  },
  {
    name: 'an unknown label, no ends',
    url: `/admin/plugins/${PLUGIN}/edges/NOPE`,
    body: '{}',
    status: 422,
    code: 'validation_failed',
    detail: 'source_id: is required; target_id: is required',
  },
  {
    name: 'an unknown label',
    url: `/admin/plugins/${PLUGIN}/edges/NOPE`,
    body: ends(''),
    status: 404,
    code: 'not_found',
    detail: 'edge label NOPE of plugin wires not found; its edge labels are TAG, WIRE',
  },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: ends(''), ...NOT_OBJECT },
  { name: 'no body at all', headers: {}, ...NOT_OBJECT },
  {
    name: 'the merge-patch type',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: ends(''),
    status: 200,
  },
  {
    name: 'another charset',
    headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    body: ends(''),
    status: 415,
    code: 'unsupported_charset',
  },
  { name: 'no token', as: 'nobody', body: '{', status: 401, code: 'unauthenticated' },
];

describe.each([
  ['every document inline', { KEEL_PLUGIN_DOCUMENT_WORKERS: '0' }],
  ['every document on a worker', { KEEL_PLUGIN_DOCUMENT_INLINE_BELOW_BYTES: '0' }],
])('the answers of an edge write, %s', (_mode, env) => {
  let app: TestApp;
  let ids: Awaited<ReturnType<typeof setup>>;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await startTestApp({ env });
    ids = await setup(app);
    tokens.admin = ids.admin;
    tokens.reader = await app.user('reader@example.com');
  });
  afterAll(() => app?.close());

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const token = tokens[c.as ?? 'admin'];
    const before = await storedWire(app, ids.a, ids.b);
    const res = await app.api.inject({
      method: 'POST',
      url: c.url ?? wires,
      headers: { ...(c.headers ?? JSON_TYPE), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: typeof c.body === 'function' ? c.body(ids.a, ids.b) : c.body,
    });
    expect(res.statusCode, res.body).toBe(c.status);
    const answer = JSON.parse(res.body) as Record<string, unknown>;
    if (c.status < 300) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Object.keys(answer)).toEqual(Object.keys(EDGE_MEMBERS));
      const sent = JSON.parse(typeof c.body === 'function' ? c.body(ids.a, ids.b) : c.body!);
      expect(answer).toMatchObject({ plugin: PLUGIN, label: 'WIRE', source_id: ids.a, target_id: ids.b });
      expect(answer.properties).toEqual(sent.properties ?? {});
      expect(await storedWire(app, ids.a, ids.b)).toEqual(sent.properties ?? {});
      return;
    }
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(answer.code).toBe(c.code);
    if (c.detail) expect(answer.detail).toBe(c.detail);
    expect(await storedWire(app, ids.a, ids.b)).toEqual(before);
  });
});

const EDGE_MEMBERS = {
  plugin: 0,
  label: 0,
  source_id: 0,
  source_label: 0,
  target_id: 0,
  target_label: 0,
  properties: 0,
  created_at: 0,
};

describe('a full document queue, through a real server', () => {
  let app: TestApp;
  let ids: Awaited<ReturnType<typeof setup>>;
  let base: string;
  beforeAll(async () => {
    // One worker and no room to wait: every document large enough for a worker is refused, so the
    // refusal shows that it went to the pool and was not validated on the event loop.
    app = await startTestApp({
      env: {
        KEEL_PLUGIN_DOCUMENT_WORKERS: '1',
        KEEL_PLUGIN_DOCUMENT_QUEUE: '0',
        KEEL_PLUGIN_DOCUMENT_INLINE_BELOW_BYTES: '4096',
      },
    });
    ids = await setup(app);
    await app.api.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.api.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app?.close());

  async function send(method: string, path: string, body: unknown): Promise<Res> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${ids.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: Object.fromEntries(res.headers), body: JSON.parse(text), text };
  }

  function expectBusy(res: Res) {
    expect(res.status, res.text).toBe(503);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toMatchObject({ status: 503, code: 'documents_busy' });
  }

  it('answers 503 to a large entity POST and stores nothing; a small one is done inline', async () => {
    expectBusy(await send('POST', boxes, { name: 'large', note: LARGE_NOTE }));
    const small = await send('POST', boxes, { name: 'small' });
    expect(small.status, small.text).toBe(201);
    const names = await app.runtime.core.sql.query<{ name: string }>(
      `SELECT props->>'name' AS name FROM graph_nodes WHERE label = $1 ORDER BY 1`,
      [`plugin:${PLUGIN}:Box`],
    );
    expect(names.map((n) => n.name)).toEqual(['a', 'b', 'small']);
  });

  it('answers 503 to a PATCH whose merged document is large, the entity unchanged', async () => {
    expectBusy(await send('PATCH', `${boxes}/${ids.a}`, { note: LARGE_NOTE }));
    const stored = await app.runtime.core.sql.one<{ props: object }>(
      'SELECT props FROM graph_nodes WHERE id = $1',
      [ids.a],
    );
    expect(stored?.props).toEqual({ name: 'a' });
  });

  it('answers 503 to large or hostile edge properties, storing nothing; small ones are done inline', async () => {
    for (const properties of [{ role: 'primary', note: LARGE_NOTE }, HOSTILE]) {
      expectBusy(await send('POST', wires, { source_id: ids.a, target_id: ids.b, properties }));
      expect(await storedWire(app, ids.a, ids.b)).toBeUndefined();
    }
    const small = await send('POST', wires, {
      source_id: ids.a,
      target_id: ids.b,
      properties: { role: 'dr' },
    });
    expect(small.status, small.text).toBe(201);
    expect(await storedWire(app, ids.a, ids.b)).toEqual({ role: 'dr' });
  });
});
