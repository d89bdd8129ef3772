import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/config/settings.js';
import { ACCESS_TOKEN_TYPE } from '../../src/delegation/exchange.js';
import { eventually } from '../support/eventually.js';
import { startTestApp, testEnv, type TestApp } from '../support/harness.js';
import {
  claimsOf,
  clientToken,
  consent,
  exchange,
  setupScheduler,
  type SchedulerCredential,
} from './helpers.js';

let app: TestApp;
let cred: SchedulerCredential;
let admin: string;
let alice: string;
let basic: Record<string, string>;
let byClient: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  cred = await setupScheduler(app);
  admin = await app.adminToken();
  alice = await app.user('alice@example.com');
  await consent(app, alice);
  basic = {
    authorization: `Basic ${Buffer.from(`${cred.clientId}:${cred.clientSecret}`).toString('base64')}`,
  };
  byClient = { client_id: cred.clientId, client_secret: cred.clientSecret };
});
afterAll(() => app.close());

function expectOAuthError(
  res: { status: number; body: { error: string; error_description: string } },
  status: number,
  error: string,
  description: RegExp,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toBe(error);
  expect(res.body.error_description).toMatch(description);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'error_description']);
}

describe('a successful exchange (SPEC 4.1 rule 4, 2.2)', () => {
  it('answers 200 with a bearer access token, its type, lifetime and scope, and no refresh token', async () => {
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      access_token: expect.any(String),
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'service-api:*',
    });
  });

  it('carries exactly the claims of SPEC 2.2 and lives KEEL_AUTH_DELEGATED_TOKEN_TTL seconds', async () => {
    const a = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    const b = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    const claims = claimsOf(a.body.access_token);
    expect(claims).toMatchObject({
      sub: 'alice@example.com',
      auth_method: 'token_exchange',
      act: { client_id: 'scheduler' },
      azp: 'scheduler',
      scope: 'service-api:*',
    });
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claimsOf(b.body.access_token).jti).not.toBe(claims.jti);
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
  });

  it('records TokenMetadata by jti, ISSUED_TO the user, linked to the service account and the consent', async () => {
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    const jti = claimsOf(res.body.access_token).jti as string;
    const rows = await app.runtime.core.sql.query<{ edge: string; label: string; name: string | null }>(
      `SELECT e.label AS edge, d.label, coalesce(d.props->>'email', d.props->>'slug', d.props->>'user_email') AS name
         FROM graph_keys k JOIN graph_edges e ON e.src = k.node_id JOIN graph_nodes d ON d.id = e.dst
        WHERE k.namespace = 'TokenMetadata.jti' AND k.key = $1 ORDER BY e.label`,
      [jti],
    );
    expect(rows).toEqual([
      { edge: 'ISSUED_TO', label: 'User', name: 'alice@example.com' },
      { edge: 'ISSUED_VIA', label: 'ServiceAccount', name: 'scheduler' },
      { edge: 'UNDER_CONSENT', label: 'Consent', name: 'alice@example.com' },
    ]);
    const meta = await app.runtime.core.sql.one<{ props: Record<string, unknown> }>(
      `SELECT n.props FROM graph_keys k JOIN graph_nodes n ON n.id = k.node_id
        WHERE k.namespace = 'TokenMetadata.jti' AND k.key = $1`,
      [jti],
    );
    expect(meta?.props).toMatchObject({
      auth_method: 'token_exchange',
      subject: 'alice@example.com',
      revoked_at: null,
    });
  });

  it('the scheduler may authenticate with subject_token (its client-credential JWT)', async () => {
    const subject_token = await clientToken(app, cred);
    const res = await exchange(app, {
      subject_token,
      subject_token_type: ACCESS_TOKEN_TYPE,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.access_token)).toMatchObject({ sub: 'alice@example.com', azp: 'scheduler' });
  });

  it('or with HTTP Basic client authentication (RFC 6749 2.3.1)', async () => {
    const res = await exchange(
      app,
      { requested_subject: 'ALICE@example.com', scope: 'service-api:*' },
      basic,
    );
    expect(res.status).toBe(200);
    expect(claimsOf(res.body.access_token).sub).toBe('alice@example.com');
  });

  it('a narrower scope that the consent covers is granted as asked', async () => {
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'project:read project:*',
    });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('project:read project:*');
    const me = await app.call('GET', '/auth/me', { token: res.body.access_token });
    expect(me.body.scopes).toEqual(['project:read', 'project:*']);
  });

  it('JSON bodies work as well as forms', async () => {
    const res = await app.call('POST', '/auth/token', {
      body: {
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        ...byClient,
        requested_subject: 'alice@example.com',
        scope: 'service-api:*',
      },
    });
    expect(res.status).toBe(200);
  });
});

describe('check 1: the caller must be authenticated -> 401 invalid_client', () => {
  it('no client authentication at all (even with other parameters missing)', async () => {
    const res = await exchange(app, {});
    expectOAuthError(res, 401, 'invalid_client', /client authentication is required/);
    expect(res.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('a wrong secret or an unknown client id', async () => {
    const wrong = await exchange(app, {
      client_id: cred.clientId,
      client_secret: 'nope',
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(wrong, 401, 'invalid_client', /client authentication failed/);
    const unknown = await exchange(app, {
      client_id: 'nobody',
      client_secret: 'x',
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(unknown, 401, 'invalid_client', /client authentication failed/);
  });

  it('a subject_token that is not a valid token', async () => {
    const res = await exchange(app, {
      subject_token: 'not.a.jwt',
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 401, 'invalid_client', /subject_token is not valid/);
  });

  it('a subject_token whose header or payload is JSON but not an object (null, an array)', async () => {
    for (const subject_token of ['bnVsbA.e30.x', 'e30.bnVsbA.x', 'W10.e30.x']) {
      const res = await exchange(app, {
        subject_token,
        requested_subject: 'alice@example.com',
        scope: 'service-api:*',
      });
      expectOAuthError(res, 401, 'invalid_client', /subject_token is not valid/);
    }
  });

  it("a subject_token that is a user's token, not a service account's", async () => {
    const res = await exchange(app, {
      subject_token: alice,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 401, 'invalid_client', /service account's client-credential token/);
  });

  it('a revoked subject_token', async () => {
    const token = await clientToken(app, cred);
    expect((await app.call('POST', '/auth/logout', { token })).status).toBe(204);
    const res = await exchange(app, {
      subject_token: token,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 401, 'invalid_client', /revoked/);
  });

  it('an inactive service account, by either method', async () => {
    const token = await clientToken(app, cred);
    await app.call('PATCH', '/service-accounts/scheduler', { token: admin, body: { is_active: false } });
    try {
      const a = await exchange(app, {
        ...byClient,
        requested_subject: 'alice@example.com',
        scope: 'service-api:*',
      });
      expectOAuthError(a, 401, 'invalid_client', /client authentication failed/);
      const b = await exchange(app, {
        subject_token: token,
        requested_subject: 'alice@example.com',
        scope: 'service-api:*',
      });
      expectOAuthError(b, 401, 'invalid_client', /inactive/);
    } finally {
      await app.call('PATCH', '/service-accounts/scheduler', { token: admin, body: { is_active: true } });
    }
  });
});

describe('check 2: the caller must hold auth:delegate -> 400 unauthorized_client', () => {
  let reporter: Record<string, string>;
  beforeAll(async () => {
    await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'reporter', display_name: 'Reporter' },
    });
    const c = await app.call('POST', '/service-accounts/reporter/client-credentials', {
      token: admin,
      body: { name: 'x' },
    });
    reporter = { client_id: c.body.client_id, client_secret: c.body.client_secret };
  });

  it('a service account without the permission, checked before the parameters', async () => {
    const res = await exchange(app, { ...reporter });
    expectOAuthError(res, 400, 'unauthorized_client', /reporter does not hold auth:delegate/);
  });

  it('a credential narrowed to other scopes does not carry auth:delegate', async () => {
    const c = await app.call('POST', '/service-accounts/scheduler/client-credentials', {
      token: admin,
      body: { name: 'narrow', scopes: ['project:read'] },
    });
    const res = await exchange(app, {
      client_id: c.body.client_id,
      client_secret: c.body.client_secret,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 400, 'unauthorized_client', /auth:delegate/);
    const narrowJwt = await clientToken(app, cred, 'scoring:recompute');
    const bySubject = await exchange(app, {
      subject_token: narrowJwt,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(bySubject, 400, 'unauthorized_client', /auth:delegate/);
  });

  it('once an operator removes auth:delegate from the role, the scheduler is refused', async () => {
    const role = await app.call('GET', '/roles/scheduler', { token: admin });
    const without = role.body.permissions.filter((p: string) => p !== 'auth:delegate');
    await app.call('PATCH', '/roles/scheduler', { token: admin, body: { permissions: without } });
    try {
      const res = await exchange(app, {
        ...byClient,
        requested_subject: 'alice@example.com',
        scope: 'service-api:*',
      });
      expectOAuthError(res, 400, 'unauthorized_client', /scheduler does not hold auth:delegate/);
    } finally {
      await app.call('PATCH', '/roles/scheduler', {
        token: admin,
        body: { permissions: role.body.permissions },
      });
    }
  });
});

describe('check 3: missing parameters -> 400 invalid_request', () => {
  it('requested_subject', async () => {
    const res = await exchange(app, { ...byClient, scope: 'service-api:*' });
    expectOAuthError(res, 400, 'invalid_request', /requested_subject is required/);
  });
  it('scope', async () => {
    const res = await exchange(app, { ...byClient, requested_subject: 'alice@example.com' });
    expectOAuthError(res, 400, 'invalid_request', /scope is required/);
  });
  it('an unsupported requested_token_type, or both ways of authenticating at once', async () => {
    const type = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
      requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token',
    });
    expectOAuthError(type, 400, 'invalid_request', /requested_token_type/);
    const both = await exchange(app, {
      ...byClient,
      subject_token: await clientToken(app, cred),
      requested_subject: 'alice@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(both, 400, 'invalid_request', /either subject_token or client credentials/);
  });
  it('missing parameters are reported before the consent is looked at', async () => {
    const res = await exchange(app, { ...byClient, requested_subject: 'nobody@example.com' });
    expectOAuthError(res, 400, 'invalid_request', /scope is required/);
  });
});

describe('check 4: an active consent of the user for the scheduler -> else 400 invalid_grant', () => {
  it('no consent recorded', async () => {
    await app.user('nora@example.com');
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'nora@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 400, 'invalid_grant', /no active consent from nora@example.com for scheduler/);
  });

  it('a revoked consent no longer allows exchanges', async () => {
    const rita = await app.user('rita@example.com');
    const c = await consent(app, rita);
    expect(
      (await exchange(app, { ...byClient, requested_subject: 'rita@example.com', scope: 'service-api:*' }))
        .status,
    ).toBe(200);
    await app.call('DELETE', `/consents/${c.id}`, { token: rita });
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'rita@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 400, 'invalid_grant', /no active consent/);
  });

  it('a consent revoked on one replica allows no exchange on another that had just used it', async () => {
    const second = await startTestApp({ database: { url: app.url } });
    try {
      const rosa = await app.user('rosa@example.com');
      const c = await consent(app, rosa);
      const form = { ...byClient, requested_subject: 'rosa@example.com', scope: 'service-api:*' };
      // The second replica keeps the consent it read (the exchange's consent cache).
      expect((await exchange(second, form)).status).toBe(200);
      await app.call('DELETE', `/consents/${c.id}`, { token: rosa });
      // The revocation's notification clears that cache there: well within the cache's 5 s lifetime.
      const refused = await eventually(async () => {
        const res = await exchange(second, form);
        return res.status !== 200 && res;
      }, 2000);
      expectOAuthError(refused, 400, 'invalid_grant', /no active consent/);
    } finally {
      await second.api.close();
      await second.runtime.close();
    }
  });

  it('an expired consent no longer allows exchanges', async () => {
    const emma = await app.user('emma@example.com');
    const c = await consent(app, emma, { expires_at: new Date(Date.now() + 1500).toISOString() });
    expect(
      (await exchange(app, { ...byClient, requested_subject: 'emma@example.com', scope: 'service-api:*' }))
        .status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'emma@example.com',
      scope: 'service-api:*',
    });
    expectOAuthError(res, 400, 'invalid_grant', /no active consent/);
    expect((await app.call('GET', `/consents/${c.id}`, { token: emma })).body.status).toBe('expired');
  });

  it('a consent is checked before the scope', async () => {
    const res = await exchange(app, { ...byClient, requested_subject: 'nora@example.com', scope: 'openid' });
    expectOAuthError(res, 400, 'invalid_grant', /no active consent/);
  });
});

describe('check 5: the user must exist and be active -> else 400 invalid_grant', () => {
  it('an inactive user (checked before the scope)', async () => {
    const ivan = await app.user('ivan@example.com');
    await consent(app, ivan);
    await app.call('PATCH', '/users/ivan@example.com', { token: admin, body: { is_active: false } });
    const res = await exchange(app, { ...byClient, requested_subject: 'ivan@example.com', scope: 'openid' });
    expectOAuthError(res, 400, 'invalid_grant', /user ivan@example.com is inactive/);
  });

  it('a user deleted after consenting', async () => {
    const dora = await app.user('dora@example.com');
    await consent(app, dora);
    await app.call('DELETE', '/users/dora@example.com', { token: admin });
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'dora@example.com',
      scope: 'service-api:*',
    });
    // Deleting the user revoked the consent, so the consent check (the earlier one) fails first.
    expectOAuthError(res, 400, 'invalid_grant', /no active consent from dora@example.com/);
  });
});

describe('check 6: the requested scope must be covered by the consent -> else 400 invalid_scope', () => {
  it('a scope outside the service API', async () => {
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'service-api:* openid',
    });
    expectOAuthError(res, 400, 'invalid_scope', /not covered by the consent: openid/);
  });
  it('a permission that does not exist', async () => {
    const res = await exchange(app, {
      ...byClient,
      requested_subject: 'alice@example.com',
      scope: 'nothing:here',
    });
    expectOAuthError(res, 400, 'invalid_scope', /nothing:here/);
  });
});

describe('the delegated token lifetime setting (SPEC 5.2, 8)', () => {
  it('KEEL_AUTH_DELEGATED_TOKEN_TTL sets expires_in', async () => {
    const short = await startTestApp({ env: { KEEL_AUTH_DELEGATED_TOKEN_TTL: '300' } });
    try {
      const c = await setupScheduler(short);
      await consent(short, await short.user('alice@example.com'));
      const res = await exchange(short, {
        client_id: c.clientId,
        client_secret: c.clientSecret,
        requested_subject: 'alice@example.com',
        scope: 'service-api:*',
      });
      expect(res.body.expires_in).toBe(300);
      const claims = claimsOf(res.body.access_token);
      expect((claims.exp as number) - (claims.iat as number)).toBe(300);
    } finally {
      await short.close();
    }
  });

  it('outside 300-900 seconds is a start-up error naming the variable', () => {
    for (const v of ['299', '901', 'ten']) {
      expect(() =>
        loadSettings(testEnv('postgres://x@localhost/db', { KEEL_AUTH_DELEGATED_TOKEN_TTL: v })),
      ).toThrow(/KEEL_AUTH_DELEGATED_TOKEN_TTL/);
    }
    expect(loadSettings(testEnv('postgres://x@localhost/db')).auth.delegatedTokenTtl).toBe(600);
  });
});

describe('secrets never leave the service', () => {
  it('no client secret or issued token appears in a log line; no secret in any response', () => {
    const logs = app.logs.join('\n');
    expect(logs).not.toContain(cred.clientSecret);
    expect(logs).not.toContain(alice);
    expect(app.transcript()).not.toContain(cred.clientSecret);
    expect(logs).toContain('delegated token issued');
  });
});
