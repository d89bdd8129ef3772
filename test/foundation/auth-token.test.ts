// Issue 2, section 5: local login, the OAuth 2.0 token endpoint (RFC 6749), access tokens (JWT, JWKS,
// TokenMetadata), logout and GET /auth/me.
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwtSigner, generateSigningKey } from '../../src/crypto/jwt.js';
import { uuidv7 } from '../../src/graph/ids.js';
import { ISSUE_TOKEN_NO_FLUSH } from '../../src/identity/tokens.service.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  allPermissions,
  createRole,
  decodeJwt,
  expectInvalid,
  expectOAuthError,
  expectProblem,
  nodeId,
  serviceAccount,
  type ServiceAccountFixture,
} from './fixtures.js';

const TTL = 900;
const READER = ['environment:read', 'organization:read', 'project:read'];

let app: TestApp;
let admin: string;
let robot: ServiceAccountFixture;
/** A credential of `robot` restricted to two scopes. */
let scoped: { client_id: string; client_secret: string };

const login = (email: string, password: string) =>
  app.call('POST', '/auth/login', { body: { email, password } });
const token = (form: Record<string, string>, headers?: Record<string, string>) =>
  app.call('POST', '/auth/token', { form, ...(headers ? { headers } : {}) });
const clientCredentials = (c: { client_id: string; client_secret: string }, scope?: string) =>
  token({ grant_type: 'client_credentials', ...c, ...(scope ? { scope } : {}) });
const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken });
const me = (t: string) => app.call('GET', '/auth/me', { token: t });

/** The TokenMetadata node of a jti and the node its ISSUED_TO edge points to. */
async function metadata(jti: string) {
  return app.runtime.core.sql.one<{ label: string; props: Record<string, unknown>; issued_to: string }>(
    `SELECT n.label, n.props, e.dst AS issued_to
       FROM graph_keys k
       JOIN graph_nodes n ON n.id = k.node_id
       JOIN graph_edges e ON e.src = n.id AND e.label = 'ISSUED_TO'
      WHERE k.namespace = 'TokenMetadata.jti' AND k.key = $1`,
    [jti],
  );
}

beforeAll(async () => {
  app = await startTestApp({ env: { KEEL_AUTH_ACCESS_TOKEN_TTL: String(TTL) } });
  admin = await app.adminToken();
  await createRole(app, 'reader', READER);
  const users = app.runtime.core.identity.users;
  await app.user('alice@auth.test', { password: 'alice-password-1', roles: ['reader'] });
  await app.user('bob@auth.test', { password: 'bob-password-1', roles: ['reader'] });
  await users.createUnchecked({ email: 'nopass@auth.test' }, 'test');
  await users.createUnchecked(
    { email: 'inactive@auth.test', password: 'inactive-password-1', is_active: false },
    'test',
  );
  robot = await serviceAccount(app, 'robot', { roles: ['reader'] });
  const res = await app.call('POST', '/service-accounts/robot/client-credentials', {
    token: admin,
    body: { name: 'scoped', scopes: ['organization:read', 'environment:read'] },
  });
  scoped = res.body;
});
afterAll(() => app.close());

describe('POST /auth/login: a local password gives an access and a refresh token', () => {
  it('200 {access_token, token_type: "Bearer", expires_in, refresh_token}', async () => {
    const res = await login('alice@auth.test', 'alice-password-1');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: TTL });
    expect((await me(res.body.access_token)).body.principal_name).toBe('alice@auth.test');
  });

  it('the email matches in any case', async () => {
    expect((await login('ALICE@Auth.Test', 'alice-password-1')).status).toBe(200);
  });

  it('every failure is the same 401: unknown email, wrong password, inactive user, no password set', async () => {
    const failures = [
      await login('nobody@auth.test', 'alice-password-1'),
      await login('alice@auth.test', 'wrong-password-1'),
      await login('inactive@auth.test', 'inactive-password-1'),
      await login('nopass@auth.test', 'any-password-1'),
      await login('nopass@auth.test', ''),
    ];
    for (const res of failures) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(failures[0]!.body);
      expect(res.headers['content-type']).toBe(failures[0]!.headers['content-type']);
    }
    expect(failures[0]!.body).toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(failures[0]!.text).not.toMatch(/nobody|alice|inactive|nopass/);
  });

  it('a malformed body is 422, not a login failure', async () => {
    expectInvalid(
      await app.call('POST', '/auth/login', { body: { email: 'alice@auth.test' } }),
      '/password',
      {
        keyword: 'required',
      },
    );
    expectInvalid(
      await app.call('POST', '/auth/login', { body: { email: 'a@auth.test', password: 'x', otp: '1' } }),
      '/otp',
      { keyword: 'additionalProperties' },
    );
  });
});

describe('POST /auth/token accepts application/x-www-form-urlencoded and JSON', () => {
  it('client_credentials as a form and as JSON', async () => {
    const form = await clientCredentials({ client_id: robot.clientId, client_secret: robot.clientSecret });
    const json = await app.call('POST', '/auth/token', {
      body: {
        grant_type: 'client_credentials',
        client_id: robot.clientId,
        client_secret: robot.clientSecret,
      },
    });
    for (const res of [form, json]) {
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
      expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: TTL });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.pragma).toBe('no-cache');
      expect((await me(res.body.access_token)).body.principal_name).toBe('robot');
    }
  });

  it('refresh_token as a form and as JSON', async () => {
    const session = await login('alice@auth.test', 'alice-password-1');
    const form = await refresh(session.body.refresh_token);
    expect(form.status).toBe(200);
    const json = await app.call('POST', '/auth/token', {
      body: { grant_type: 'refresh_token', refresh_token: form.body.refresh_token },
    });
    expect(json.status).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
  });
});

describe('sign-out', () => {
  it('with the refresh token: that sign-in and its rotations end; without it, only the access token', async () => {
    const session = await login('alice@auth.test', 'alice-password-1');
    const rotated = await refresh(session.body.refresh_token);
    expect(rotated.status).toBe(200);
    const other = await login('alice@auth.test', 'alice-password-1');
    const out = await app.call('POST', '/auth/logout', {
      token: rotated.body.access_token,
      body: { refresh_token: rotated.body.refresh_token },
    });
    expect(out.status).toBe(204);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(400);
    expect((await me(rotated.body.access_token)).status).toBe(401);
    // Another sign-in of the same user is untouched.
    expect((await refresh(other.body.refresh_token)).status).toBe(200);
  });

  it("another user's refresh token changes nothing and answers the same", async () => {
    const mine = await login('alice@auth.test', 'alice-password-1');
    const theirs = await login('bob@auth.test', 'bob-password-1');
    const out = await app.call('POST', '/auth/logout', {
      token: mine.body.access_token,
      body: { refresh_token: theirs.body.refresh_token },
    });
    expect(out.status).toBe(204);
    expect((await refresh(theirs.body.refresh_token)).status).toBe(200);
  });

  it('a body that is not {refresh_token} is a 422 naming the field', async () => {
    const mine = await login('alice@auth.test', 'alice-password-1');
    const res = await app.call('POST', '/auth/logout', {
      token: mine.body.access_token,
      body: { refresh_token: 42 },
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('/refresh_token');
    // A refused sign-out revoked nothing.
    expect((await me(mine.body.access_token)).status).toBe(200);
    expect((await refresh(mine.body.refresh_token)).status).toBe(200);
  });
});

describe('client_credentials grant (client authentication, scopes)', () => {
  it('accepts HTTP Basic client authentication (RFC 6749 2.3.1)', async () => {
    const basic = Buffer.from(
      `${encodeURIComponent(robot.clientId)}:${encodeURIComponent(robot.clientSecret)}`,
    ).toString('base64');
    const res = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(res.status).toBe(200);
    expect(decodeJwt(res.body.access_token).claims.sub).toBe('robot');
  });

  it('a wrong secret, an unknown client, a missing secret or bad Basic encoding: 401 invalid_client', async () => {
    const wrong = await clientCredentials({ client_id: robot.clientId, client_secret: 'not-the-secret' });
    const unknown = await clientCredentials({ client_id: 'nobody-123', client_secret: robot.clientSecret });
    const missing = await token({ grant_type: 'client_credentials', client_id: robot.clientId });
    const badBasic = await token(
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from('robot%zz:secret').toString('base64')}` },
    );
    for (const res of [wrong, unknown, missing, badBasic]) {
      expectOAuthError(res, 401, 'invalid_client');
      expect(res.headers['www-authenticate']).toMatch(/^Basic/);
    }
    expect(wrong.body).toEqual(unknown.body);
  });

  it('a credential restricted to scopes issues tokens with those scopes by default', async () => {
    const res = await clientCredentials(scoped);
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('organization:read environment:read');
    expect(decodeJwt(res.body.access_token).claims.scope).toBe('organization:read environment:read');
  });

  it('a requested scope narrows the token: the role grants more, the token allows only the scope', async () => {
    const res = await clientCredentials(scoped, 'organization:read');
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('organization:read');
    const t = res.body.access_token as string;
    expect((await me(t)).body).toMatchObject({
      scopes: ['organization:read'],
      permissions: ['organization:read'],
    });
    expect((await app.call('GET', '/organizations', { token: t })).status).toBe(200);
    expectProblem(await app.call('GET', '/environments', { token: t }), 403, 'forbidden');
  });

  it('an unrestricted credential can still be narrowed by the request', async () => {
    const res = await clientCredentials(
      { client_id: robot.clientId, client_secret: robot.clientSecret },
      'environment:read',
    );
    expect(res.body.scope).toBe('environment:read');
    expect((await app.call('GET', '/environments', { token: res.body.access_token })).status).toBe(200);
    expectProblem(await app.call('GET', '/organizations', { token: res.body.access_token }), 403);
  });

  it('a scope outside the credential is 400 invalid_scope', async () => {
    expectOAuthError(await clientCredentials(scoped, 'project:read'), 400, 'invalid_scope');
    expectOAuthError(await clientCredentials(scoped, 'organization:read user:delete'), 400, 'invalid_scope');
  });
});

describe('refresh_token grant rotates; reuse of a rotated token revokes its family', () => {
  it('issues a new access token and a new refresh token; the old refresh token is used up', async () => {
    const session = await login('alice@auth.test', 'alice-password-1');
    const r1 = session.body.refresh_token as string;
    const first = await refresh(r1);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'refresh_token',
      'token_type',
    ]);
    expect(first.body.refresh_token).not.toBe(r1);
    const claims = decodeJwt(first.body.access_token).claims;
    expect(claims).toMatchObject({ sub: 'alice@auth.test', auth_method: 'refresh_token' });
    expect((await me(first.body.access_token)).body.auth_method).toBe('refresh_token');

    expectOAuthError(await refresh(r1), 400, 'invalid_grant');
  });

  it('reusing a rotated token revokes the whole family: the newest is refused too, other families are not', async () => {
    const mine = await login('alice@auth.test', 'alice-password-1');
    const other = await login('alice@auth.test', 'alice-password-1');
    const r1 = mine.body.refresh_token as string;
    const r2 = (await refresh(r1)).body.refresh_token as string;
    const r3 = (await refresh(r2)).body.refresh_token as string;
    expect(r3).toEqual(expect.any(String));

    expectOAuthError(await refresh(r2), 400, 'invalid_grant');
    expectOAuthError(await refresh(r3), 400, 'invalid_grant');
    expect((await refresh(other.body.refresh_token)).status).toBe(200);
  });

  it('unknown or missing refresh tokens, and inactive users', async () => {
    expectOAuthError(await refresh('not-a-refresh-token'), 400, 'invalid_grant');
    expectOAuthError(await token({ grant_type: 'refresh_token' }), 400, 'invalid_request');

    const bob = await login('bob@auth.test', 'bob-password-1');
    await app.call('PATCH', '/users/bob@auth.test', { token: admin, body: { is_active: false } });
    expectOAuthError(await refresh(bob.body.refresh_token), 400, 'invalid_grant');
    await app.call('PATCH', '/users/bob@auth.test', { token: admin, body: { is_active: true } });
  });
});

describe('token endpoint errors are RFC 6749 {error, error_description} with cache-control: no-store', () => {
  it('unsupported_grant_type and a missing grant_type', async () => {
    for (const grant of ['password', 'authorization_code', 'implicit']) {
      expectOAuthError(await token({ grant_type: grant }), 400, 'unsupported_grant_type');
    }
    expectOAuthError(await token({ client_id: robot.clientId }), 400, 'invalid_request');
  });

  it('malformed requests are invalid_request, never a 500 or a problem body', async () => {
    const cases = [
      { body: '{"grant_type":' },
      { body: [] },
      { body: { grant_type: { nested: true } } },
      { body: 'grant_type=client_credentials', headers: { 'content-type': 'text/plain' } },
      {
        body: 'grant_type=refresh_token&grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      { body: { grant_type: 'client_credentials', client_id: 'a\u0000b', client_secret: 'x' } },
      {},
    ];
    for (const c of cases) expectOAuthError(await app.call('POST', '/auth/token', c), 400, 'invalid_request');
  });
});

describe('access tokens are EdDSA JWTs with iss, aud, sub, auth_method, jti, iat, exp and scope when scoped', () => {
  it('password, client_credentials, scoped and refreshed tokens carry the documented claims', async () => {
    const session = await login('alice@auth.test', 'alice-password-1');
    const user = decodeJwt(session.body.access_token);
    const jwks = (await app.call('GET', '/.well-known/jwks.json')).body;
    expect(user.header).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: jwks.keys[0].kid });
    const now = Math.floor(Date.now() / 1000);
    expect(user.claims).toEqual({
      iss: app.runtime.core.settings.auth.issuer,
      aud: 'keel-api',
      sub: 'alice@auth.test',
      auth_method: 'password',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(Math.abs(user.claims.iat - now)).toBeLessThanOrEqual(5);
    expect(user.claims.exp - user.claims.iat).toBe(TTL);

    const sa = decodeJwt(robot.token).claims;
    // cid names the client credential, so revoking it ends the token (docs/authorization.md).
    expect(sa).toMatchObject({ sub: 'robot', auth_method: 'client_credentials', cid: robot.clientId });
    expect(sa).not.toHaveProperty('scope');
    const narrowed = decodeJwt(
      (await clientCredentials(scoped, 'environment:read')).body.access_token,
    ).claims;
    expect(narrowed).toMatchObject({ sub: 'robot', scope: 'environment:read' });
    const refreshed = decodeJwt((await refresh(session.body.refresh_token)).body.access_token).claims;
    expect(refreshed).toMatchObject({ sub: 'alice@auth.test', auth_method: 'refresh_token' });
    expect(new Set([user.claims.jti, sa.jti, narrowed.jti, refreshed.jti]).size).toBe(4);
  });
});

describe('tokens verify against GET /.well-known/jwks.json (jose)', () => {
  it('the JWKS is public, holds public keys only, and verifies user and service-account tokens', async () => {
    const res = await app.call('GET', '/.well-known/jwks.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    for (const key of res.body.keys) {
      expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
    const jwks = createLocalJWKSet(res.body);
    const issuer = app.runtime.core.settings.auth.issuer;
    const userToken = (await login('alice@auth.test', 'alice-password-1')).body.access_token as string;
    for (const [t, sub] of [
      [userToken, 'alice@auth.test'],
      [robot.token, 'robot'],
    ] as const) {
      const { payload, protectedHeader } = await jwtVerify(t, jwks, { issuer, algorithms: ['EdDSA'] });
      expect(payload.sub).toBe(sub);
      expect(protectedHeader.alg).toBe('EdDSA');
    }
  });

  it('a tampered token or one signed by another key fails both jose and the API', async () => {
    const jwks = createLocalJWKSet((await app.call('GET', '/.well-known/jwks.json')).body);
    const [h, p, s] = robot.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: 'deployer' })).toString('base64url')}.${s}`;
    await expect(jwtVerify(tampered, jwks)).rejects.toThrow();
    expectProblem(await me(tampered), 401, 'invalid_token');

    const stranger = new JwtSigner(generateSigningKey(), app.runtime.core.settings.auth.issuer);
    const foreign = stranger.sign({ ...claims, iat: claims.iat, exp: claims.exp });
    await expect(jwtVerify(foreign, jwks)).rejects.toThrow();
    expectProblem(await me(foreign), 401, 'invalid_token');
  });
});

describe('each issued token has a TokenMetadata node keyed by jti, ISSUED_TO its principal', () => {
  it('for password, client_credentials and refresh_token tokens', async () => {
    const alice = await nodeId(app, 'User.email', 'alice@auth.test');
    const robotId = await nodeId(app, 'ServiceAccount.slug', 'robot');
    const session = await login('alice@auth.test', 'alice-password-1');
    const refreshed = await refresh(session.body.refresh_token);
    const narrowed = await clientCredentials(scoped, 'organization:read');
    const cases = [
      [session.body.access_token, alice, 'password', 'alice@auth.test', null],
      [refreshed.body.access_token, alice, 'refresh_token', 'alice@auth.test', null],
      [robot.token, robotId, 'client_credentials', 'robot', null],
      [narrowed.body.access_token, robotId, 'client_credentials', 'robot', 'organization:read'],
    ] as const;
    for (const [t, principal, method, subject, scope] of cases) {
      const { claims } = decodeJwt(t);
      const meta = await metadata(claims.jti);
      expect(meta).toBeDefined();
      expect(meta!.label).toBe('TokenMetadata');
      expect(meta!.issued_to).toBe(principal);
      expect(meta!.props).toMatchObject({
        jti: claims.jti,
        auth_method: method,
        subject,
        scope,
        revoked_at: null,
      });
      expect(Date.parse(meta!.props.expires_at as string) / 1000).toBe(claims.exp);
    }
  });

  it('a correctly signed token without metadata, or an expired one, is refused', async () => {
    const { claims } = decodeJwt(robot.token);
    const now = Math.floor(Date.now() / 1000);
    const jwt = app.runtime.core.jwt;
    const unrecorded = jwt.sign({ ...claims, jti: '00000000-0000-7000-8000-000000000000' });
    expectProblem(await me(unrecorded), 401, 'invalid_token');
    const expired = jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 });
    expectProblem(await me(expired), 401, 'invalid_token');
  });
});

describe("a grant's token commits without waiting for its WAL flush, and its loss fails closed", () => {
  it('the statement turns synchronous_commit off for its own transaction only', async () => {
    const robotId = await nodeId(app, 'ServiceAccount.slug', 'robot');
    const params = (jti: string) => [uuidv7(), { jti }, jti, ['ISSUED_TO'], [robotId]];
    const client = await app.runtime.core.sql.pool.connect();
    try {
      await client.query(ISSUE_TOKEN_NO_FLUSH, params(uuidv7()));
      expect((await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
      await client.query('BEGIN');
      await client.query(ISSUE_TOKEN_NO_FLUSH, params(uuidv7()));
      expect((await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('off');
      await client.query('ROLLBACK');
      expect((await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
    } finally {
      client.release();
    }
  });

  it('a token whose metadata a crash lost is refused, on a replica that had it cached too, once anything is revoked', async () => {
    const issued = await clientCredentials(scoped);
    expect(issued.status, issued.text).toBe(200);
    const lost = issued.body.access_token as string;
    expect((await me(lost)).status).toBe(200);
    const { claims } = decodeJwt(lost);
    // What an unflushed commit lost: the metadata node, its key and its edges.
    await app.runtime.core.sql.query(
      `DELETE FROM graph_nodes WHERE id = (SELECT node_id FROM graph_keys
         WHERE namespace = 'TokenMetadata.jti' AND key = $1)`,
      [claims.jti],
    );
    // Revoking it by its jti finds nothing, and still drops every replica's cached answer for it.
    const logout = await app.call('POST', '/auth/logout', { token: lost });
    expect([204, 401]).toContain(logout.status);
    expectProblem(await me(lost), 401, 'invalid_token');
  });
});

describe('POST /auth/logout revokes the presented token (its jti)', () => {
  it('the revoked token is refused; other tokens of the same principal still work', async () => {
    const t1 = (await login('alice@auth.test', 'alice-password-1')).body.access_token as string;
    const t2 = (await login('alice@auth.test', 'alice-password-1')).body.access_token as string;
    const res = await app.call('POST', '/auth/logout', { token: t1 });
    expect(res.status).toBe(204);
    expectProblem(await me(t1), 401, 'invalid_token');
    expect((await me(t2)).status).toBe(200);
    expect((await metadata(decodeJwt(t1).claims.jti))!.props.revoked_at).toEqual(expect.any(String));
    expectProblem(await app.call('POST', '/auth/logout', { token: t1 }), 401);
    expectProblem(await app.call('POST', '/auth/logout'), 401, 'unauthenticated');
  });

  it('works for service-account tokens too', async () => {
    const t = await robot.mint();
    expect((await app.call('POST', '/auth/logout', { token: t })).status).toBe(204);
    expectProblem(await me(t), 401, 'invalid_token');
    expect((await me(robot.token)).status).toBe(200);
  });
});

describe('GET /auth/me describes the caller', () => {
  const ME_KEYS = [
    'actor_name',
    'auth_method',
    'is_admin',
    'permissions',
    'principal_name',
    'principal_type',
    'scopes',
  ];

  it('a user', async () => {
    const t = (await login('alice@auth.test', 'alice-password-1')).body.access_token as string;
    const res = await me(t);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(ME_KEYS);
    expect(res.body).toEqual({
      principal_type: 'user',
      principal_name: 'alice@auth.test',
      actor_name: null,
      auth_method: 'password',
      is_admin: false,
      scopes: null,
      permissions: READER,
    });
  });

  it('an admin user holds every permission', async () => {
    const res = await me(admin);
    expect(res.body).toMatchObject({ principal_type: 'user', is_admin: true, actor_name: null });
    expect(res.body.permissions).toEqual((await allPermissions(app)).sort());
  });

  it('a service account (actor_name null, never admin)', async () => {
    const res = await me(robot.token);
    expect(res.body).toEqual({
      principal_type: 'service_account',
      principal_name: 'robot',
      actor_name: null,
      auth_method: 'client_credentials',
      is_admin: false,
      scopes: null,
      permissions: READER,
    });
  });

  it('without a usable bearer token: 401', async () => {
    expectProblem(await app.call('GET', '/auth/me'), 401, 'unauthenticated');
    expectProblem(await me('not.a.jwt'), 401, 'invalid_token');
    const basic = await app.call('GET', '/auth/me', { headers: { authorization: 'Basic YTpi' } });
    expectProblem(basic, 401, 'unauthenticated');
  });
});
