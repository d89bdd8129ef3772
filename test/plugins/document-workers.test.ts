// A posted plugin document is parsed, checked and validated by the document pool: inline when small,
// on a worker thread when large (src/plugins/document-pool.ts). Either way the answers are those a
// body parsed before the route ran gets, errors in the same order: the JSON parser's 400s before the
// path parameters' 422, the body's "must be an object" before 403 and 404, the schema's 422 after them.
// Each case runs against an app doing every document inline and one doing every document on a worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { DocumentPool } from '../../src/plugins/document-pool.js';
import { compileManifest, parseManifestInput } from '../../src/plugins/manifest.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { exampleYaml } from './fixtures.js';

const doc = { provider: 'aws', account_id: 'a-1', name: 'A', regions: ['eu-west-1'] };
const base = '/admin/plugins/cloud-accounts/entities/CloudAccount';
const longSlug = `/admin/plugins/${'x'.repeat(201)}/entities/CloudAccount`;
const JSON_TYPE = { 'content-type': 'application/json' };

interface Case {
  name: string;
  url?: string;
  headers?: Record<string, string>;
  body?: string;
  as?: 'admin' | 'reader' | 'nobody';
  status: number;
  code?: string;
  detail?: string;
  /** The answer's properties, for a 201. */
  properties?: unknown;
}

const NOT_OBJECT = { status: 422, code: 'validation_failed', detail: 'body: must be an object' };
const NOT_JSON = { status: 400, code: 'invalid_json', detail: 'the body is not valid JSON' };
const EMPTY = { status: 400, code: 'invalid_json', detail: 'the body is empty; send a JSON document' };
const LONG_SLUG = {
  status: 422,
  code: 'validation_failed',
  detail: 'slug: must be at most 200 characters',
};
const FORBIDDEN = {
  status: 403,
  code: 'forbidden',
  detail: 'missing permission plugins:cloud-accounts:entities:CloudAccount:write',
};

const CASES: Case[] = [
  { name: 'a valid document', body: JSON.stringify(doc), status: 201, properties: doc },
  { name: 'text that is not JSON', body: '{"a":', ...NOT_JSON },
  { name: 'an empty body', body: '', ...EMPTY },
  { name: 'an array', body: '[1]', ...NOT_OBJECT },
  { name: 'null', body: 'null', ...NOT_OBJECT },
  { name: 'a string', body: '"x"', ...NOT_OBJECT },
  {
    name: 'nesting past the limit',
    body: '['.repeat(70) + ']'.repeat(70),
    status: 400,
    code: 'json_too_deep',
    detail: 'the JSON body nests deeper than 64 levels',
  },
  {
    name: 'a number beyond a double',
    body: '{"a":1e999}',
    status: 400,
    code: 'number_out_of_range',
    detail: 'a: is a number beyond the range of a double (JSON.parse reads it as Infinity)',
  },
  {
    name: 'a document the schema refuses',
    body: JSON.stringify({ ...doc, provider: 'nope' }),
    status: 422,
    code: 'validation_failed',
    detail: 'provider: must be one of "aws", "gcp", "azure"',
  },
  {
    name: 'a member named __proto__',
    body: '{"__proto__":{"x":1},"provider":"aws","account_id":"p","name":"n","regions":[]}',
    status: 422,
    code: 'validation_failed',
    detail: 'account_id: must match the pattern ^[a-z0-9-]{3,64}$; __proto__: is not a known field',
  },
  {
    name: 'U+0000 and a lone surrogate (stored encoded, answered as sent)',
    body: JSON.stringify({ ...doc, name: 'a\u0000b\ud800' }),
    status: 201,
    properties: { ...doc, name: 'a\u0000b\ud800' },
  },
  { name: 'no write permission', as: 'reader', body: JSON.stringify(doc), ...FORBIDDEN },
  { name: 'no write permission, text not JSON', as: 'reader', body: '{', ...NOT_JSON },
  { name: 'no write permission, an array', as: 'reader', body: '[]', ...NOT_OBJECT },
  { name: 'no write permission, an empty body', as: 'reader', body: '', ...EMPTY },
  { name: 'an unknown label, text not JSON', url: `${base}X`, body: '{', ...NOT_JSON },
  { name: 'an unknown label, an array', url: `${base}X`, body: '[]', ...NOT_OBJECT },
  {
    name: 'an unknown label',
    url: `${base}X`,
    body: '{}',
    status: 404,
    code: 'not_found',
    detail:
      'entity label CloudAccountX of plugin cloud-accounts not found; its entity labels are CloudAccount',
  },
  { name: 'an unknown plugin, an array', url: '/admin/plugins/nope/entities/X', body: '[]', ...NOT_OBJECT },
  { name: 'a slug too long, text not JSON', url: longSlug, body: '{', ...NOT_JSON },
  { name: 'a slug too long, an array', url: longSlug, body: '[]', ...LONG_SLUG },
  { name: 'a slug too long', url: longSlug, body: JSON.stringify(doc), ...LONG_SLUG },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(doc), ...NOT_OBJECT },
  { name: 'no body at all', headers: {}, ...NOT_OBJECT },
  {
    name: 'the merge-patch type',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: JSON.stringify(doc),
    status: 201,
    properties: doc,
  },
  {
    name: 'another charset',
    headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    body: JSON.stringify(doc),
    status: 415,
    code: 'unsupported_charset',
  },
  {
    name: 'a form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=b',
    status: 415,
    code: 'unsupported_media_type',
  },
  { name: 'no token', as: 'nobody', body: '{', status: 401, code: 'unauthenticated' },
];

describe.each([
  ['every document inline', { KEEL_PLUGIN_DOCUMENT_WORKERS: '0' }],
  ['every document on a worker', { KEEL_PLUGIN_DOCUMENT_INLINE_BELOW_BYTES: '0' }],
])('POST of an entity, %s', (_mode, env) => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await startTestApp({ env });
    tokens.admin = await app.adminToken();
    const res = await app.call('POST', '/admin/plugins', {
      token: tokens.admin,
      body: { manifest: exampleYaml() },
    });
    expect(res.status, res.text).toBe(201);
    tokens.reader = await app.user('reader@example.com');
  });
  afterAll(() => app?.api.close());

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const token = tokens[c.as ?? 'admin'];
    const res = await app.api.inject({
      method: 'POST',
      url: c.url ?? base,
      headers: { ...(c.headers ?? JSON_TYPE), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: c.body,
    });
    expect(res.statusCode, res.body).toBe(c.status);
    const answer = JSON.parse(res.body) as Record<string, unknown>;
    if (c.status === 201) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Object.keys(answer)).toEqual([
        'id',
        'plugin',
        'label',
        'properties',
        'created_at',
        'updated_at',
      ]);
      expect(answer).toMatchObject({
        plugin: 'cloud-accounts',
        label: 'CloudAccount',
        properties: c.properties,
      });
      const read = await app.call('GET', `${base}/${answer.id as string}`, { token: tokens.admin });
      expect(read.body.properties).toEqual(c.properties);
      return;
    }
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(answer.code).toBe(c.code);
    if (c.detail) expect(answer.detail).toBe(c.detail);
  });
});

describe('the document pool', () => {
  const plugin = compileManifest(parseManifestInput(exampleYaml()));
  const account = plugin.vertices.get('CloudAccount')!;
  const target = { key: 'k@1', label: 'CloudAccount', manifest: plugin.manifest, validate: account.validate };
  const large = Buffer.from(
    JSON.stringify({ ...doc, regions: Array.from({ length: 20_000 }, (_, i) => [i]) }),
  );

  it('refuses a document with 503 and Retry-After when the queue is full, and does the others', async () => {
    const pool = new DocumentPool({ workers: 1, queue: 1, inlineBelow: 0 });
    try {
      // The first goes to the worker at once, the second waits, the third finds the queue full.
      const runs = [pool.run(large, target), pool.run(large, target), pool.run(large, target)];
      const settled = await Promise.allSettled(runs);
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const refused = (settled[2] as PromiseRejectedResult).reason as AppError;
      expect(refused).toBeInstanceOf(AppError);
      expect([refused.status, refused.code, refused.retryAfter]).toEqual([503, 'documents_busy', 1]);
      for (const s of settled.slice(0, 2)) {
        const outcome = (s as PromiseFulfilledResult<unknown>).value;
        expect(outcome).toMatchObject({ ok: false, stage: 'schema', problem: { status: 422 } });
      }
    } finally {
      await pool.close();
    }
  });

  it('answers what inline validation answers, for each revision it is sent', async () => {
    const pool = new DocumentPool({ workers: 1, queue: 10, inlineBelow: 0 });
    const inline = new DocumentPool({ workers: 0, queue: 10, inlineBelow: 0 });
    // A second revision of the label that takes any provider.
    const manifest = structuredClone(plugin.manifest);
    const schema = manifest.vertex_labels[0]!.schema as { properties: Record<string, unknown> };
    schema.properties.provider = { type: 'string' };
    const next = compileManifest(manifest).vertices.get('CloudAccount')!;
    const nextTarget = { key: 'k@2', label: 'CloudAccount', manifest, validate: next.validate };
    try {
      for (const body of [JSON.stringify(doc), JSON.stringify({ ...doc, provider: 'other' }), '[', '[]']) {
        for (const t of [target, nextTarget, target]) {
          const bytes = Buffer.from(body);
          expect(await pool.run(bytes, t)).toEqual(await inline.run(bytes, t));
        }
      }
      expect(
        await pool.run(Buffer.from(JSON.stringify({ ...doc, provider: 'other' })), nextTarget),
      ).toMatchObject({
        ok: true,
      });
    } finally {
      await pool.close();
    }
  });

  it('sends a small patch of a large stored document to a worker, and answers what inline merging does', async () => {
    const largeBase = JSON.stringify({ ...doc, regions: Array.from({ length: 20_000 }, (_, i) => `r${i}`) });
    const patch = Buffer.from('{"name":"B"}');
    // No queue: whatever goes to a worker is refused, so the refusal shows where a document went.
    const noQueue = new DocumentPool({ workers: 1, queue: 0, inlineBelow: 1024 });
    const pool = new DocumentPool({ workers: 1, queue: 10, inlineBelow: 0 });
    const inline = new DocumentPool({ workers: 0, queue: 10, inlineBelow: 0 });
    try {
      await expect(noQueue.run(patch, target, largeBase)).rejects.toMatchObject({ code: 'documents_busy' });
      expect(await noQueue.run(patch, target, JSON.stringify(doc))).toEqual({
        ok: true,
        stored: JSON.stringify({ ...doc, name: 'B' }),
      });
      for (const body of ['{"name":"B"}', '{"name":null}', '{"provider":"nope"}', '[', '[]']) {
        const bytes = Buffer.from(body);
        expect(await pool.run(bytes, target, largeBase)).toEqual(await inline.run(bytes, target, largeBase));
      }
    } finally {
      await Promise.all([noQueue.close(), pool.close()]);
    }
  });

  it('is refused once closed', async () => {
    const pool = new DocumentPool({ workers: 1, queue: 10, inlineBelow: 0 });
    await pool.close();
    await expect(pool.run(large, target)).rejects.toThrow('closed');
  });
});

/** A PATCH case: the patch sent to a fresh entity holding `doc`, and the document stored after it. */
interface PatchCase extends Omit<Case, 'url' | 'properties'> {
  /** The path after the entity's id ('' for the entity itself). */
  url?: (id: string) => string;
  /** The document answered and stored after a 200; for an error, `doc` stays stored. */
  properties?: unknown;
}

const PATCH_CASES: PatchCase[] = [
  { name: 'a member replaced', body: '{"name":"B"}', status: 200, properties: { ...doc, name: 'B' } },
  {
    name: 'a member removed, one added, an object merged',
    body: '{"regions":null,"owner":{"team":"t"}}',
    status: 200,
    properties: { provider: 'aws', account_id: 'a-1', name: 'A', owner: { team: 't' } },
  },
  { name: 'an empty patch', body: '{}', status: 200, properties: doc },
  {
    name: 'a required member removed',
    body: '{"name":null}',
    status: 422,
    code: 'validation_failed',
    detail: 'name: is required',
  },
  {
    name: 'a merged document the schema refuses',
    body: '{"provider":"nope"}',
    status: 422,
    code: 'validation_failed',
    detail: 'provider: must be one of "aws", "gcp", "azure"',
  },
  {
    name: 'U+0000 and a lone surrogate (stored encoded, answered as sent)',
    body: JSON.stringify({ name: 'a\u0000b\ud800' }),
    status: 200,
    properties: { ...doc, name: 'a\u0000b\ud800' },
  },
  {
    name: 'a member named __proto__',
    body: '{"__proto__":{"x":1}}',
    status: 422,
    code: 'validation_failed',
    detail: '__proto__: is not a known field',
  },
  { name: 'text that is not JSON', body: '{"a":', ...NOT_JSON },
  { name: 'an empty body', body: '', ...EMPTY },
  { name: 'an array', body: '[1]', ...NOT_OBJECT },
  { name: 'null', body: 'null', ...NOT_OBJECT },
  {
    name: 'a number beyond a double',
    body: '{"a":1e999}',
    status: 400,
    code: 'number_out_of_range',
    detail: 'a: is a number beyond the range of a double (JSON.parse reads it as Infinity)',
  },
  { name: 'no write permission', as: 'reader', body: '{"name":"B"}', ...FORBIDDEN },
  { name: 'no write permission, text not JSON', as: 'reader', body: '{', ...NOT_JSON },
  { name: 'no write permission, an array', as: 'reader', body: '[]', ...NOT_OBJECT },
  {
    name: 'an unknown entity',
    url: () => '00000000-0000-7000-8000-000000000000',
    body: '{}',
    status: 404,
    code: 'not_found',
  },
  {
    name: 'an unknown entity, an array',
    url: () => '00000000-0000-7000-8000-000000000000',
    body: '[]',
    ...NOT_OBJECT,
  },
  { name: 'an id not a uuid, text not JSON', url: () => 'x', body: '{', ...NOT_JSON },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: '{}', ...NOT_OBJECT },
  { name: 'no body at all', headers: {}, ...NOT_OBJECT },
  {
    name: 'the merge-patch type',
    headers: { 'content-type': 'application/merge-patch+json' },
    body: '{"name":"B"}',
    status: 200,
    properties: { ...doc, name: 'B' },
  },
  {
    name: 'another charset',
    headers: { 'content-type': 'application/merge-patch+json; charset=iso-8859-1' },
    body: '{}',
    status: 415,
    code: 'unsupported_charset',
  },
  { name: 'no token', as: 'nobody', body: '{', status: 401, code: 'unauthenticated' },
];

describe.each([
  ['every document inline', { KEEL_PLUGIN_DOCUMENT_WORKERS: '0' }],
  ['every document on a worker', { KEEL_PLUGIN_DOCUMENT_INLINE_BELOW_BYTES: '0' }],
])('PATCH of an entity, %s', (_mode, env) => {
  let app: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    app = await startTestApp({ env });
    tokens.admin = await app.adminToken();
    const res = await app.call('POST', '/admin/plugins', {
      token: tokens.admin,
      body: { manifest: exampleYaml() },
    });
    expect(res.status, res.text).toBe(201);
    tokens.reader = await app.user('reader@example.com');
  });
  afterAll(() => app?.api.close());

  it.each(PATCH_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const created = await app.call('POST', base, { token: tokens.admin, body: doc });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const token = tokens[c.as ?? 'admin'];
    const res = await app.api.inject({
      method: 'PATCH',
      url: `${base}/${c.url ? c.url(id) : id}`,
      headers: { ...(c.headers ?? JSON_TYPE), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: c.body,
    });
    expect(res.statusCode, res.body).toBe(c.status);
    const answer = JSON.parse(res.body) as Record<string, unknown>;
    const read = await app.call('GET', `${base}/${id}`, { token: tokens.admin });
    if (c.status === 200) {
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Object.keys(answer)).toEqual([
        'id',
        'plugin',
        'label',
        'properties',
        'created_at',
        'updated_at',
      ]);
      expect(answer).toMatchObject({ id, plugin: 'cloud-accounts', label: 'CloudAccount' });
      expect(answer.properties).toEqual(c.properties);
      // The answer is the entity as a read shows it, members in the same order (jsonb's).
      expect(answer).toEqual(read.body);
      expect(Object.keys(answer.properties as object)).toEqual(Object.keys(read.body.properties as object));
      return;
    }
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(answer.code).toBe(c.code);
    if (c.detail) expect(answer.detail).toBe(c.detail);
    expect(read.body.properties).toEqual(doc);
  });
});
