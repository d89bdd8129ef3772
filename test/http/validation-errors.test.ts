// Every 422 on a core body lists every failing member, by JSON pointer, in plain words, at most
// MAX_FIELD_ERRORS of them; a hostile body (huge, every member wrong) is answered with the cap, and
// validation stops once past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { startTestApp, type Res, type TestApp } from '../support/harness.js';
import { requestValidator } from '../../src/json-schema/request-validation.js';
import { EXPECTED, MAX_FIELD_ERRORS } from '../../src/http/validation-words.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app.close());

/** The field errors of a 422, as pointer -> detail. */
function fieldErrors(res: Res): Record<string, string> {
  expect(res.status, res.text).toBe(422);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body.code).toBe('validation_failed');
  return Object.fromEntries(
    (res.body.errors as { pointer: string; detail: string }[]).map((e) => [e.pointer, e.detail]),
  );
}

/** Words a person reads: no regular expression, no Ajv phrasing. */
function expectPlain(detail: string): void {
  expect(detail).not.toMatch(/\^|\$|\\|\[a-z|must match|must NOT|string,null|must be equal to/);
}

describe('every failing member at once', () => {
  it('a cursor Keel did not issue says how to page instead', async () => {
    const res = await app.call('GET', '/organizations?cursor=bm90LWEtY3Vyc29y', { token: admin });
    expect(fieldErrors(res)).toEqual({
      '/cursor': expect.stringContaining("follow the previous page's Link header"),
    });
    expect(res.body.detail).toContain('or leave cursor out for the first page');
  });

  it('a body with three mistakes lists all three, each by pointer, in plain words', async () => {
    const res = await app.call('POST', '/organizations', {
      token: admin,
      body: { slug: 'Bad Slug!', name: '', x: 1 },
    });
    const errors = fieldErrors(res);
    expect(errors).toEqual({
      '/slug': expect.stringContaining('must be a slug: lower-case letters, digits and hyphens'),
      '/name': 'must not be empty',
      '/x': 'is not a known field',
    });
    for (const d of [...Object.values(errors), res.body.detail]) expectPlain(d);
    expect(res.body.detail).toMatch(
      /^slug: must be a slug.*; name: must not be empty; x: is not a known field$/,
    );
    expect(res.body.errors.every((e: { in: string }) => e.in === 'body')).toBe(true);
  });

  it('a cost says what a decimal looks like; a nullable one says null is fine too', async () => {
    const res = await app.call('POST', '/organizations/acme/ai-models', {
      token: admin,
      body: {
        provider_id: 'p',
        model_id: 'm',
        slug: 'm1',
        input_cost_per_mtok: '3.5.0',
        output_cost_per_mtok: 3.5,
        context_window: 'big',
        kind: 'weird',
      },
    });
    const errors = fieldErrors(res);
    expect(errors['/input_cost_per_mtok']).toBe(
      'must be a decimal like 3.50, at most 12 digits before the point and 12 after it',
    );
    expect(errors['/output_cost_per_mtok']).toBe(
      'must be a decimal like 3.50, at most 12 digits before the point and 12 after it or null',
    );
    expect(errors['/context_window']).toBe('must be a whole number or null');
    expect(errors['/kind']).toMatch(/^must be one of "/);
    for (const d of Object.values(errors)) expectPlain(d);
  });

  it('a union answers for the branch the value fits, or names every branch', async () => {
    const fits = await app.call('POST', '/admin/webhooks', {
      token: admin,
      body: { slug: 'w', secret: 'a'.repeat(32), project: 'no-slash' },
    });
    expect(fieldErrors(fits)['/project']).toBe('must be an organization and a project like acme/web');
    const none = await app.call('POST', '/admin/webhooks', {
      token: admin,
      body: { slug: 'w', secret: 'a'.repeat(32), project: 7 },
    });
    expect(fieldErrors(none)['/project']).toBe('must be an organization and a project like acme/web or null');
  });

  it('query parameters are listed the same way, as in: query', async () => {
    const res = await app.call('GET', '/organizations?limit=0&cursor=' + 'c'.repeat(201), { token: admin });
    expect(fieldErrors(res)).toEqual({
      '/limit': 'must be at least 1',
      '/cursor': 'must be at most 200 characters',
    });
    expect(res.body.errors.every((e: { in: string }) => e.in === 'query')).toBe(true);
  });
});

describe('a hostile body is answered with a bounded list', () => {
  it('a body of 60,000 unknown members lists the cap and says there are more', async () => {
    const body: Record<string, number> = { slug: 0, name: 0 };
    for (let i = 0; i < 60_000; i++) body[`m${i}`] = i;
    const res = await app.call('POST', '/organizations', { token: admin, body });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(res.body.detail).toMatch(/and more \(the first 20 are listed in errors\)$/);
    for (const e of res.body.errors) expect(e.pointer).toMatch(/^\/(slug|name|m\d+)$/);
  });

  it('a long array of wrong items: validation stops once past the cap', async () => {
    const permissions = new Array<number>(300_000).fill(1);
    const res = await app.call('POST', '/roles', {
      token: admin,
      body: { slug: 'r', name: 'R', permissions },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(422);
    expect(res.body.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(res.body.detail).toContain('and more');

    // The validator itself stops: Ajv's error list ends a little past the cap, not at 300,000.
    const validate = requestValidator(false)(
      Type.Object({ items: Type.Array(Type.String({ format: 'email' }), { maxItems: 10 }) }),
    );
    expect(validate({ items: permissions })).toBe(false);
    expect(validate.errors!.length).toBeGreaterThan(MAX_FIELD_ERRORS);
    expect(validate.errors!.length).toBeLessThanOrEqual(2 * MAX_FIELD_ERRORS + 2);
  });

  it('a huge string over its maxLength meets the linear format check, not a backtracking one', () => {
    // ajv-formats' url expression is quadratic on a run of ':' in the user part (issue 36).
    const validate = requestValidator(false)(
      Type.Object({ u: Type.String({ format: 'url', maxLength: 10 }) }),
    );
    expect(validate({ u: `http://${':'.repeat(200_000)}` })).toBe(false);
    expect(validate.errors!.map((e) => e.keyword).sort()).toEqual(['format', 'maxLength']);
  });
});

describe('the documented request schemas', () => {
  it('every pattern of a request schema has plain words (x-expected)', async () => {
    const doc = (await app.call('GET', '/openapi.json')).body;
    const missing: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (typeof node !== 'object' || node === null) return;
      const s = node as Record<string, unknown>;
      if (typeof s.pattern === 'string' && typeof s[EXPECTED] !== 'string') missing.push(at);
      // An example is data, not a schema (a plugin manifest's example holds schemas of its own).
      for (const [k, v] of Object.entries(s)) if (k !== 'example' && k !== 'examples') walk(v, `${at}/${k}`);
    };
    let requestParts = 0;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const o = op as { requestBody?: unknown; parameters?: unknown };
        if (o.requestBody || o.parameters) requestParts++;
        walk(o.requestBody, `${method} ${path} body`);
        walk(o.parameters, `${method} ${path} parameters`);
      }
    }
    expect(requestParts).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
