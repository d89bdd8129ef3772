// Plugin schemas choose patterns and callers choose text: matching runs in linear time, and
// patterns that would need backtracking are refused at install.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
let admin: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
});
afterAll(() => app?.close());

const manifest = (slug: string, schema: object) => ({
  slug,
  name: slug,
  version: '1.0.0',
  vertex_labels: [{ name: 'Thing', schema }],
});

describe('ReDoS: plugin schema patterns', () => {
  it('^(a+)+$ with a long almost-matching value is a prompt 422; /health answers alongside', async () => {
    const installed = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: {
        manifest: manifest('evil-pattern', {
          type: 'object',
          properties: { name: { type: 'string', pattern: '^(a+)+$' } },
          patternProperties: { '^(x+x+)+y$': { type: 'integer' } },
        }),
      },
    });
    expect(installed.status, installed.text).toBe(201);
    // 31 characters blocked the API for 3.7 s with a backtracking engine; these would never finish.
    const value = `${'a'.repeat(50_000)}!`;
    const [bad, health, key] = await Promise.all([
      app.call('POST', '/admin/plugins/evil-pattern/entities/Thing', { token: admin, body: { name: value } }),
      app.call('GET', '/health'),
      app.call('POST', '/admin/plugins/evil-pattern/entities/Thing', {
        token: admin,
        body: { [`${'x'.repeat(5_000)}`]: 'not an integer' },
      }),
    ]);
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors[0]).toMatchObject({ pointer: '/name', keyword: 'pattern' });
    expect(health.status).toBe(200);
    expect(key.status, key.text).toBe(201); // the key does not end in y: no pattern applies
    const good = await app.call('POST', '/admin/plugins/evil-pattern/entities/Thing', {
      token: admin,
      body: { name: 'aaaa' },
    });
    expect(good.status, good.text).toBe(201);
  });

  it.each([
    ['a backreference', '^(a+)\\1$', '/manifest/vertex_labels/0/schema/properties/name/pattern'],
    ['a lookahead', '^(?=a)a+$', '/manifest/vertex_labels/0/schema/properties/name/pattern'],
  ])('a pattern with %s is refused at install, naming it', async (_what, pattern, pointer) => {
    const res = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: {
        manifest: manifest('refused-pattern', {
          type: 'object',
          properties: { name: { type: 'string', pattern } },
        }),
      },
    });
    expect(res.status, res.text).toBe(422);
    expect(
      res.body.errors.map((e: { pointer: string }) => e.pointer),
      res.text,
    ).toContain(pointer);
    expect(res.text).toContain('linear time');
  });
});

describe('one document cannot freeze the process: validation work is linear and bounded', () => {
  // Each of these held the event loop for seconds to minutes (pairwise uniqueItems, ajv-formats' url
  // expression, a recursive $ref under oneOf); each is now a prompt 422, /health answering alongside.
  it('composite uniqueItems, a url of colons and a doubling recursive reference are prompt 422s', async () => {
    const installed = await app.call('POST', '/admin/plugins', {
      token: admin,
      body: {
        manifest: {
          ...manifest('heavy-documents', {}),
          vertex_labels: [
            {
              name: 'HeavyThing',
              schema: {
                type: 'object',
                properties: {
                  regions: {
                    type: 'array',
                    uniqueItems: true,
                    items: { type: 'string', pattern: '^[a-z]{2}-[a-z]+-[0-9]$' },
                  },
                  site: { type: 'string', format: 'url', maxLength: 2000 },
                  tree: { $ref: '#/$defs/tree' },
                },
                $defs: {
                  tree: {
                    oneOf: [
                      { type: 'array', items: { $ref: '#/$defs/tree' } },
                      { type: 'array', items: { $ref: '#/$defs/tree' }, minItems: 2 },
                    ],
                  },
                },
              },
            },
          ],
        },
      },
    });
    expect(installed.status, installed.text).toBe(201);
    const post = (body: unknown) =>
      app.call('POST', '/admin/plugins/heavy-documents/entities/HeavyThing', { token: admin, body });
    let tree: unknown = [];
    for (let i = 0; i < 60; i++) tree = [tree];
    // 60,000 composite items: 47 s with the pairwise comparison (30,000 took 11.8 s).
    const regions = Array.from({ length: 60_000 }, (_, i) => [i]);
    const [unique, url, deep, health] = await Promise.all([
      post({ regions }),
      post({ site: `http://${':'.repeat(200_000)}` }),
      post({ tree }),
      app.call('GET', '/health'),
    ]);
    expect(unique.status, unique.text.slice(0, 300)).toBe(422);
    expect(unique.body.errors[0]).toMatchObject({ pointer: '/regions/0', keyword: 'type' });
    expect(url.status, url.text.slice(0, 300)).toBe(422);
    // One error per member, its first failure: the length (the format check ran too, in linear time).
    expect(url.body.errors).toContainEqual(
      expect.objectContaining({ pointer: '/site', keyword: 'maxLength' }),
    );
    expect(deep.status, deep.text).toBe(422);
    expect(deep.body).toMatchObject({ code: 'validation_too_costly' });
    expect(deep.body.detail).toContain('steps');
    expect(health.status).toBe(200);
    // Repeated composite items are still found, whatever their member order; distinct ones pass.
    const dup = await post({ regions: [], tree: [[[]]] });
    expect(dup.status, dup.text).toBe(201);
    const repeated = await app.call('POST', '/admin/plugins/heavy-documents/entities/HeavyThing', {
      token: admin,
      body: { regions: ['eu-west-1', 'us-east-2', 'eu-west-1'] },
    });
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors[0]).toMatchObject({ keyword: 'uniqueItems', pointer: '/regions' });
  });
});
