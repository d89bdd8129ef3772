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
