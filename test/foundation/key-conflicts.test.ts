// A taken unique key is one 409 `conflict` whose detail names what is taken, for every resource: the
// key says how a conflict on it reads, and the one error mapper answers with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { expectProblem } from './fixtures.js';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await app.adminToken();
  const made: [string, unknown][] = [
    ['/organizations', { slug: 'acme', name: 'Acme' }],
    ['/organizations', { slug: 'globex', name: 'Globex' }],
    ['/organizations/acme/teams', { slug: 'core', name: 'Core' }],
    ['/organizations/acme/teams', { slug: 'web', name: 'Web' }],
    ['/organizations/acme/projects', { slug: 'api', name: 'API', team: 'core' }],
    ['/organizations/acme/projects', { slug: 'site', name: 'Site', team: 'web' }],
    ['/environments', { slug: 'prod', name: 'Production' }],
    ['/environments', { slug: 'staging', name: 'Staging' }],
    ['/roles', { slug: 'viewer', name: 'Viewer', permissions: [] }],
    ['/service-accounts', { slug: 'deployer', display_name: 'Deployer' }],
    [
      '/scoring/policies',
      { slug: 'docs', name: 'Docs', weight: 1, attribute: 'docs', value_score_map: { yes: 100 } },
    ],
  ];
  for (const [path, body] of made) {
    const res = await app.call('POST', path, { token: admin, body });
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  }
});
afterAll(() => app.close());

describe('a taken key: 409 conflict naming what is taken', () => {
  const cases: [string, string, string, unknown, string][] = [
    [
      'organization',
      'POST',
      '/organizations',
      { slug: 'acme', name: 'X' },
      'organization acme already exists',
    ],
    [
      'organization rename',
      'PATCH',
      '/organizations/globex',
      { slug: 'acme' },
      'organization acme already exists',
    ],
    [
      'team',
      'POST',
      '/organizations/acme/teams',
      { slug: 'core', name: 'X' },
      'team core already exists in acme',
    ],
    [
      'project',
      'POST',
      '/organizations/acme/projects',
      { slug: 'api', name: 'X', team: 'core' },
      'project api already exists in acme',
    ],
    [
      'project rename',
      'PATCH',
      '/organizations/acme/projects/site',
      { slug: 'api' },
      'project api already exists in acme',
    ],
    ['environment', 'POST', '/environments', { slug: 'prod', name: 'X' }, 'environment prod already exists'],
    [
      'environment rename',
      'PATCH',
      '/environments/staging',
      { slug: 'prod' },
      'environment prod already exists',
    ],
    [
      'service account',
      'POST',
      '/service-accounts',
      { slug: 'deployer', display_name: 'X' },
      'service account deployer already exists',
    ],
    ['role', 'POST', '/roles', { slug: 'viewer', name: 'X', permissions: [] }, 'role viewer already exists'],
    [
      'user',
      'POST',
      '/users',
      { email: 'ADMIN@example.com', password: 'correct horse battery staple' },
      'a user with email ADMIN@example.com already exists',
    ],
    [
      'scoring policy',
      'POST',
      '/scoring/policies',
      { slug: 'docs', name: 'X', weight: 1, attribute: 'docs', value_score_map: { yes: 100 } },
      'scoring policy docs already exists',
    ],
  ];
  it.each(cases)('%s', async (_what, method, path, body, detail) => {
    const res = await app.call(method, path, { token: admin, body });
    expectProblem(res, 409, 'conflict');
    expect(res.body.detail).toBe(detail);
  });
});
