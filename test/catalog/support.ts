// Shared set-up of the catalog tests: an app (optionally allowed to reach local vendor servers, with
// a shortened discovery limit), an organization with two teams, and callers with different rights.
import { expect } from 'vitest';
import { allDomains } from '../../src/app/domains.js';
import { createCatalogDomain } from '../../src/catalog/index.js';
import { startTestApp, type TestApp } from '../support/harness.js';

export async function catalogApp(
  opts: { allowPrivate?: boolean; discoveryTimeoutMs?: number; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const domains =
    opts.discoveryTimeoutMs === undefined
      ? undefined
      : allDomains().map((d) =>
          d.name === 'catalog' ? createCatalogDomain({ discoveryTimeoutMs: opts.discoveryTimeoutMs }) : d,
        );
  return startTestApp({
    env: {
      ...(opts.allowPrivate ? { KEEL_OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } : {}),
      ...opts.env,
    },
    ...(domains ? { domains } : {}),
  });
}

export interface World {
  admin: string;
  /** Default `member` role, in no team. */
  member: string;
  /** `member` role and member of team alpha. */
  alpha: string;
  /** No role at all. */
  nobody: string;
  /** A role with ai_model:read and ai_model:update only. */
  editor: string;
  /** A role with ai_model:read and ai_model:credentials only. */
  keeper: string;
}

async function expectStatus(p: Promise<{ status: number; text: string }>, status: number) {
  const res = await p;
  expect(res.status, res.text).toBe(status);
}

/** Organization `acme` (teams alpha, beta), organization `other`, and the callers of {@link World}. */
export async function world(app: TestApp): Promise<World> {
  const admin = await app.adminToken();
  for (const org of ['acme', 'other'])
    await expectStatus(
      app.call('POST', '/organizations', { token: admin, body: { slug: org, name: org } }),
      201,
    );
  for (const team of ['alpha', 'beta'])
    await expectStatus(
      app.call('POST', '/organizations/acme/teams', { token: admin, body: { slug: team, name: team } }),
      201,
    );
  for (const [slug, permissions] of [
    ['ai-editor', ['ai_model:read', 'ai_model:update', 'organization:read']],
    ['ai-keeper', ['ai_model:read', 'ai_model:credentials', 'organization:read']],
  ] as const) {
    await expectStatus(
      app.call('POST', '/roles', { token: admin, body: { slug, name: slug, permissions } }),
      201,
    );
  }
  const w: World = {
    admin,
    member: await app.user('member@example.com', { roles: ['member'] }),
    alpha: await app.user('alpha@example.com', { roles: ['member'] }),
    nobody: await app.user('nobody@example.com'),
    editor: await app.user('editor@example.com', { roles: ['ai-editor'] }),
    keeper: await app.user('keeper@example.com', { roles: ['ai-keeper'] }),
  };
  await expectStatus(
    app.call('PUT', '/organizations/acme/teams/alpha/members/alpha@example.com', { token: admin }),
    204,
  );
  return w;
}

export async function createProvider(
  app: TestApp,
  token: string,
  body: Record<string, unknown>,
  org = 'acme',
): Promise<string> {
  const res = await app.call('POST', `/organizations/${org}/ai-providers`, { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

export async function createModel(
  app: TestApp,
  token: string,
  body: Record<string, unknown>,
  org = 'acme',
): Promise<string> {
  const res = await app.call('POST', `/organizations/${org}/ai-models`, { token, body });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}
