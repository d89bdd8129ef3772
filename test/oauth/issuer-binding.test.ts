// Linked identities belong to the issuer that asserted them: repointing the `oidc` provider at another
// identity provider that asserts the same subject never signs in as the linked user, and a stored client
// secret never follows the provider to a new issuer.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey } from '../../src/crypto/jwt.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { startOp, type TestOp } from './support/op.js';
import { KEEL, browser, fragment, oauthEnv, putProvider, toFrontend } from './support/setup.js';

const CLIENT_ID = 'keel-test-client';
const SECRET = `op-secret-${randomBytes(12).toString('hex')}`;
const CALLBACK = `${KEEL}/auth/oauth/oidc/callback`;

let legit: TestOp;
let rogue: TestOp;
let app: TestApp;

function login(op: TestOp, account: string) {
  return browser(app).follow(`${KEEL}/auth/oauth/oidc/authorize`, {
    until: toFrontend,
    onPage: op.interact(account),
  });
}

async function whoAmI(op: TestOp, account: string): Promise<string | undefined> {
  const result = await login(op, account);
  if (!result.stoppedAt) return undefined;
  const token = fragment(result).get('access_token');
  if (!token) return undefined;
  return (await app.call('GET', '/auth/me', { token })).body.principal_name as string;
}

beforeAll(async () => {
  const client = { clientId: CLIENT_ID, clientSecret: SECRET, redirectUri: CALLBACK };
  legit = await startOp(client);
  rogue = await startOp(client);
  legit.accounts.set('boss', { email: 'boss@example.com', email_verified: true, name: 'Boss' });
  rogue.accounts.set('boss', { email: 'mallory@evil.test', email_verified: true, name: 'Mallory' });
  app = await startTestApp({
    env: oauthEnv({
      KEEL_AUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      KEEL_AUTH_JWT_PRIVATE_KEY: generateSigningKey(),
      KEEL_AUTH_OAUTH_AUTO_CREATE_USERS: 'true',
      KEEL_AUTH_OAUTH_AUTO_LINK_BY_EMAIL: 'true',
    }),
  });
  await app.user('boss@example.com', { admin: true });
});
afterAll(async () => {
  await app?.close();
  await legit?.close();
  await rogue?.close();
});

describe('identities are keyed by issuer and subject', () => {
  it('repointing the provider at another issuer asserting the same subject does not sign in as the linked user', async () => {
    await putProvider(app, 'oidc', {
      name: 'SSO',
      enabled: true,
      client_id: CLIENT_ID,
      client_secret: SECRET,
      issuer_url: legit.issuer,
    });
    // The first login links boss's account by its verified email.
    expect(await whoAmI(legit, 'boss')).toBe('boss@example.com');
    const [identity] = await app.runtime.core.sql.query<{ props: Record<string, string> }>(
      `SELECT props FROM graph_nodes WHERE label = 'OAuthIdentity'`,
    );
    expect(identity!.props).toMatchObject({ provider: 'oidc', issuer: legit.issuer, subject: 'boss' });
    expect(await whoAmI(legit, 'boss')).toBe('boss@example.com');

    // The provider now points at an issuer that asserts the same subject.
    await putProvider(app, 'oidc', {
      name: 'SSO',
      enabled: true,
      client_id: CLIENT_ID,
      client_secret: SECRET,
      issuer_url: rogue.issuer,
    });
    const who = await whoAmI(rogue, 'boss');
    expect(who).not.toBe('boss@example.com');
    expect(who).toBe('mallory@evil.test');

    // Pointing back at the original issuer reaches the original link again.
    await putProvider(app, 'oidc', {
      name: 'SSO',
      enabled: true,
      client_id: CLIENT_ID,
      client_secret: SECRET,
      issuer_url: legit.issuer,
    });
    expect(await whoAmI(legit, 'boss')).toBe('boss@example.com');
  });
});

describe('the client secret belongs to its issuer', () => {
  it('a new issuer_url without a new secret clears the stored one (has_secret false)', async () => {
    const moved = await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: await app.adminToken(),
      body: { name: 'SSO', enabled: false, client_id: CLIENT_ID, issuer_url: rogue.issuer },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.has_secret).toBe(false);
  });

  it('enabled with a new issuer and no secret is 422, and the stored secret stays with its issuer', async () => {
    await putProvider(app, 'oidc', {
      name: 'SSO',
      enabled: true,
      client_id: CLIENT_ID,
      client_secret: SECRET,
      issuer_url: legit.issuer,
    });
    const moved = await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: await app.adminToken(),
      body: { name: 'SSO', enabled: true, client_id: CLIENT_ID, issuer_url: rogue.issuer },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0]).toMatchObject({ pointer: '/client_secret' });
    const read = await app.call('GET', '/admin/oauth-providers/oidc', { token: await app.adminToken() });
    expect(read.body).toMatchObject({ issuer_url: legit.issuer, has_secret: true });
  });

  it('the same issuer without a secret keeps it', async () => {
    const same = await app.call('PUT', '/admin/oauth-providers/oidc', {
      token: await app.adminToken(),
      body: { name: 'SSO renamed', enabled: true, client_id: CLIENT_ID, issuer_url: `${legit.issuer}/` },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body.has_secret).toBe(true);
  });
});
