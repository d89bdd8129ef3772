// The API's types, which the console and the scheduler import, are generated from the OpenAPI document
// the app serves (scripts/gen-api-types.ts): this fails when the checked-in src/http/api-types.ts is not
// what `npm run gen:api` would write now.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_TYPES, apiTypesOf } from '../../scripts/gen-api-types.js';
import { startTestApp, type TestApp } from '../support/harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('src/http/api-types.ts is what the served /openapi.json generates (run npm run gen:api)', async () => {
  const doc = await app.call('GET', '/openapi.json');
  expect(doc.status).toBe(200);
  const generated = await apiTypesOf(doc.body as object);
  expect(generated).toContain('"/auth/session"');
  expect(fs.readFileSync(API_TYPES, 'utf8') === generated, 'run npm run gen:api').toBe(true);
});
