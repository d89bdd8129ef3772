// The scheduler's API client names its calls by the paths and methods of the types generated from the
// served /openapi.json (src/http/api-types.ts, `npm run gen:api`), and reads their answers as the
// generated types say: a renamed path, a dropped method or a changed answer breaks `npx tsc`, and this
// test checks that every call it makes is an operation of the document the app serves now.
// (test/console/api-types.test.ts fails when the generated file is not what that document generates.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { API_CALLS, apiPath, type Answer } from '../../src/scheduler/api-calls.js';
import type { ConsentInfo, Me, TokenGrant } from '../../src/scheduler/keel-client.js';

let app: TestApp;
let doc: { paths: Record<string, Record<string, unknown>> };

beforeAll(async () => {
  app = await startTestApp();
  doc = (await app.call('GET', '/openapi.json')).body;
});
afterAll(() => app.close());

describe("the scheduler's calls are operations of the served document", () => {
  it('every call of the client is a path and method /openapi.json declares', () => {
    const calls = Object.values(API_CALLS);
    expect(calls.length).toBeGreaterThanOrEqual(6);
    const missing = calls.filter(([method, path]) => doc.paths[path]?.[method] === undefined);
    expect(missing).toEqual([]);
  });

  it('a path is filled from its template, each parameter encoded', () => {
    expect(apiPath('/consents/{id}', { id: 'a/b c' })).toBe('/consents/a%2Fb%20c');
    expect(apiPath('/auth/me', {})).toBe('/auth/me');
    expect(() => apiPath('/consents/{id}', {} as never)).toThrow(/id/);
  });

  it('the answers the client reads are the generated ones (checked by tsc)', () => {
    const me: Answer<'/auth/me', 'get'> = {
      principal_type: 'user',
      principal_name: 'ada@example.com',
      actor_name: null,
      auth_method: 'password',
      is_admin: false,
      scopes: null,
      permissions: [],
    };
    const asMe: Me = me;
    const consent: ConsentInfo = {} as Answer<'/consents/{id}', 'get'>;
    const grant: TokenGrant = {} as Answer<'/auth/token', 'post'>;
    expect([asMe.principal_type, typeof consent, typeof grant]).toEqual(['user', 'object', 'object']);
    // Never run: `npx tsc` fails unless each line below is refused.
    const refused = () => {
      // @ts-expect-error: a path the API does not serve
      apiPath('/consent/{id}', { id: 'x' });
      // @ts-expect-error: a parameter the path does not have
      apiPath('/consents/{id}', { slug: 'x' });
      // @ts-expect-error: a method the path does not take
      const wrong: Answer<'/auth/me', 'post'> = me;
      return wrong;
    };
    expect(typeof refused).toBe('function');
  });
});
