// Every operation in /openapi.json has a summary, a description, a tag and an operationId, and takes
// its words from its own schema or from OPERATION_DOCS; no entry there names a route that is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { OPERATION_DOCS } from '../../src/http/operation-docs.js';
import { TAGS } from '../../src/http/operation-docs-hook.js';
import { callerSentence, type RoutePermission } from '../../src/http/route-permission.js';

let app: TestApp;
let doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  tags: { name: string }[];
  servers: unknown[];
};

beforeAll(async () => {
  app = await startTestApp();
  doc = (await app.call('GET', '/openapi.json')).body;
});
afterAll(() => app.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('every operation is documented', () => {
  it('has a summary, a description, a declared tag and a unique operationId', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const tags = new Set(TAGS.map((t) => t.name));
    const missing = all.flatMap(({ key, op }) => {
      const problems: string[] = [];
      if (typeof op.summary !== 'string' || op.summary.length < 5) problems.push('summary');
      if (typeof op.description !== 'string' || op.description.length < 20) problems.push('description');
      const opTags = op.tags as string[] | undefined;
      if (!opTags?.length || !opTags.every((t) => tags.has(t))) problems.push(`tags ${String(opTags)}`);
      if (typeof op.operationId !== 'string') problems.push('operationId');
      return problems.length ? [`${key}: ${problems.join(', ')}`] : [];
    });
    expect(missing).toEqual([]);
    const ids = all.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.tags.map((t) => t.name)[0]).toBe('auth');
    expect(doc.servers).toHaveLength(1);
  });

  it('every operation but the OAuth login redirects declares a 2xx answer (redocly.yaml turns that rule off)', () => {
    const without = operations()
      .filter(({ op }) => !Object.keys(op.responses as object).some((c) => c.startsWith('2')))
      .map(({ key }) => key);
    expect(without.sort()).toEqual(['GET /auth/oauth/{slug}/authorize', 'GET /auth/oauth/{slug}/callback']);
  });

  it('declares who may call it (x-keel-permission), and its description opens with that sentence', () => {
    const wrong = operations().flatMap(({ key, op }) => {
      const declared = op['x-keel-permission'] as RoutePermission | undefined;
      if (!declared) return [`${key}: no x-keel-permission`];
      const sentence = callerSentence(declared);
      if (!String(op.description).startsWith(sentence))
        return [`${key}: the description does not open with ${sentence}`];
      // And says what it answers beyond who may call it.
      // Who may call it is said once, by the sentence: not again in other words.
      if (/Needs a bearer token|Public: no token|Any valid bearer token/.test(String(op.description)))
        return [`${key}: the description says who may call it in its own words too`];
      if (!/\banswer/i.test(String(op.description).slice(sentence.length)))
        return [`${key}: the description says only who may call it`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('no entry of OPERATION_DOCS names an operation that does not exist', () => {
    const keys = new Set(operations().map(({ key }) => key));
    expect(Object.keys(OPERATION_DOCS).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('the sign-in operation has its example body', () => {
    const login = doc.paths['/auth/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('ada@example.com');
    expect(login.summary).toBe('Sign in with an email and password');
  });
});

describe('/docs is branded Keel', () => {
  it('its page is titled Keel API and hides the framework top bar', async () => {
    const page = await app.api.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Keel API</title>');
    expect(page.body).toContain('keel.css');
    const css = await app.api.inject({ method: 'GET', url: '/docs/static/theme/keel.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('.topbar { display: none; }');
  });
});
