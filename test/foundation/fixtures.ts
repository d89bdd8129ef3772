// Fixtures and assertions shared by the foundation's integration tests. Everything goes through the
// running service (HTTP via app.call, or the same service functions the routes call); nothing is mocked.
import { expect } from 'vitest';
import type { Domain } from '../../src/kernel/domain.js';
import { allDomains } from '../../src/app/domains.js';
import type { Res, TestApp } from '../support/harness.js';

/** The domains that issue 2 delivers; apps built from these alone have exactly the foundation's routes. */
export const FOUNDATION_DOMAINS = ['graph', 'identity', 'authz', 'organizations', 'projects', 'environments'];

export function foundationDomains(): Domain[] {
  return allDomains().filter((d) => FOUNDATION_DOMAINS.includes(d.name));
}

/** Asserts a problem+json error with this status (and code). */
export function expectProblem(res: Res, status: number, code?: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.body).toMatchObject({ status, ...(code ? { code } : {}) });
  expect(typeof res.body.detail).toBe('string');
}

/** Asserts a 422 whose first error names `pointer` (in the body unless told). */
export function expectInvalid(
  res: Res,
  pointer: string,
  opts: { in?: string; keyword?: string; code?: string } = {},
): void {
  expectProblem(res, 422, opts.code ?? 'validation_failed');
  expect(res.body.errors?.[0]).toMatchObject({
    pointer,
    in: opts.in ?? 'body',
    ...(opts.keyword ? { keyword: opts.keyword } : {}),
  });
}

/** Asserts an RFC 6749 error body from the token endpoint. */
export function expectOAuthError(res: Res, status: number, error: string): void {
  expect(res.status, res.text).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'error_description']);
  expect(res.body.error).toBe(error);
  expect(typeof res.body.error_description).toBe('string');
  expect(res.headers['cache-control']).toBe('no-store');
}

/** A JSON value as the tests read it (the harness's response body type). */
export type Json = Res['body'];

export function decodeJwt(token: string): { header: Record<string, Json>; claims: Record<string, Json> } {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString('utf8')),
    claims: JSON.parse(Buffer.from(p!, 'base64url').toString('utf8')),
  };
}

/** The graph node id behind a unique key (e.g. `User.email`, `alice@example.com`). */
export async function nodeId(app: TestApp, namespace: string, key: string): Promise<string> {
  const row = await app.runtime.core.sql.one<{ node_id: string }>(
    'SELECT node_id FROM graph_keys WHERE namespace = $1 AND key = $2',
    [namespace, key],
  );
  if (!row) throw new Error(`no node for ${namespace} ${key}`);
  return row.node_id;
}

function ok(res: Res, status: number, what: string): Res {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text}`);
  return res;
}

export async function createRole(app: TestApp, slug: string, permissions: string[]): Promise<void> {
  const token = await app.adminToken();
  ok(
    await app.call('POST', '/roles', { token, body: { slug, name: slug, permissions } }),
    201,
    `role ${slug}`,
  );
}

/** Every seeded permission name. */
export async function allPermissions(app: TestApp): Promise<string[]> {
  const res = ok(
    await app.call('GET', '/permissions', { token: await app.adminToken() }),
    200,
    'permissions',
  );
  return (res.body as { name: string }[]).map((p) => p.name);
}

/**
 * A user without a password (cheap: no argon2 work) holding `roles`, and a fresh access token issued
 * by the same service function that POST /auth/login calls once the password is checked.
 */
export async function userToken(
  app: TestApp,
  email: string,
  opts: { roles?: string[]; admin?: boolean } = {},
): Promise<string> {
  const { users, tokens } = app.runtime.core.identity;
  let user = await users.findByEmailUnchecked(email);
  if (!user) user = await users.createUnchecked({ email, is_admin: opts.admin ?? false }, 'test');
  const admin = await app.adminToken();
  for (const role of opts.roles ?? []) {
    ok(
      await app.call('PUT', `/users/${encodeURIComponent(email)}/roles/${role}`, { token: admin }),
      204,
      `assign ${role} to ${email}`,
    );
  }
  return (await tokens.signIn({ id: user.id, email: user.props.email }, 'password')).access_token;
}

export interface ServiceAccountFixture {
  slug: string;
  clientId: string;
  clientSecret: string;
  token: string;
  /** A new client_credentials token from POST /auth/token. */
  mint(scope?: string): Promise<string>;
}

/** A service account holding `roles`, one client credential and a client_credentials token. */
export async function serviceAccount(
  app: TestApp,
  slug: string,
  opts: { roles?: string[]; scopes?: string[] } = {},
): Promise<ServiceAccountFixture> {
  const admin = await app.adminToken();
  ok(
    await app.call('POST', '/service-accounts', { token: admin, body: { slug, display_name: slug } }),
    201,
    `service account ${slug}`,
  );
  for (const role of opts.roles ?? []) {
    ok(
      await app.call('PUT', `/service-accounts/${slug}/roles/${role}`, { token: admin }),
      204,
      `assign ${role} to ${slug}`,
    );
  }
  const cred = ok(
    await app.call('POST', `/service-accounts/${slug}/client-credentials`, {
      token: admin,
      body: { name: 'test', ...(opts.scopes ? { scopes: opts.scopes } : {}) },
    }),
    201,
    `credential of ${slug}`,
  ).body;
  const mint = async (scope?: string) => {
    const res = await app.call('POST', '/auth/token', {
      form: {
        grant_type: 'client_credentials',
        client_id: cred.client_id,
        client_secret: cred.client_secret,
        ...(scope ? { scope } : {}),
      },
    });
    return ok(res, 200, `token of ${slug}`).body.access_token as string;
  };
  return { slug, clientId: cred.client_id, clientSecret: cred.client_secret, token: await mint(), mint };
}

/** Follows Link rel="next" from `path` and returns every item of every page. */
export async function allPages<T = Json>(app: TestApp, path: string, token: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = path;
  while (next) {
    const res = ok(await app.call('GET', next, { token }), 200, `GET ${next}`);
    items.push(...(res.body as T[]));
    const link = res.headers.link as string | undefined;
    next = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
  }
  return items;
}
