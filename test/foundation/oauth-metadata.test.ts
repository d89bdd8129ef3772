// RFC 8414: GET /.well-known/oauth-authorization-server. A client library configured only with Keel's
// issuer (oauth4webapi) discovers the token endpoint and gets a token from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oauth from 'oauth4webapi';
import { startTestApp, type TestApp } from '../support/harness.js';

const ISSUER = 'https://keel.example.test';

let app: TestApp;
let admin: string;

/** fetch for oauth4webapi, answered by the app in process (the issuer's host is not resolvable). */
const inProcess: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  expect(url.origin).toBe(ISSUER);
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
  const res = await app.api.inject({
    method: (init?.method ?? 'GET') as 'GET',
    url: url.pathname + url.search,
    headers,
    ...(init?.body !== undefined && init.body !== null ? { payload: String(init.body) } : {}),
  });
  return new Response(res.statusCode === 204 ? null : res.body, {
    status: res.statusCode,
    headers: Object.entries(res.headers).map(([k, v]) => [k, String(v)] as [string, string]),
  });
};

beforeAll(async () => {
  app = await startTestApp({ env: { KEEL_PUBLIC_URL: ISSUER } });
  admin = await app.adminToken();
});
afterAll(() => app.close());

describe('GET /.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('is public and names the issuer, the token endpoint, the grants and the JWKS', async () => {
    const res = await app.call('GET', '/.well-known/oauth-authorization-server');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({
      issuer: ISSUER,
      token_endpoint: `${ISSUER}/auth/token`,
      jwks_uri: `${ISSUER}/.well-known/jwks.json`,
      grant_types_supported: [
        'client_credentials',
        'refresh_token',
        'urn:ietf:params:oauth:grant-type:token-exchange',
      ],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      response_types_supported: [],
      token_exchange_subject_token_types_supported: [
        'urn:ietf:params:oauth:token-type:access_token',
        'urn:ietf:params:oauth:token-type:jwt',
      ],
      service_documentation: `${ISSUER}/docs`,
    });
    // The issuer is what every token Keel signs names.
    const login = await app.call('GET', '/auth/me', { token: admin });
    expect(login.status).toBe(200);
    const claims = JSON.parse(Buffer.from(admin.split('.')[1]!, 'base64url').toString());
    expect(claims.iss).toBe(ISSUER);
  });

  it('oauth4webapi discovers the token endpoint from the issuer alone and gets a client_credentials token', async () => {
    await app.call('POST', '/service-accounts', {
      token: admin,
      body: { slug: 'robot', display_name: 'Robot' },
    });
    const cred = await app.call('POST', '/service-accounts/robot/client-credentials', {
      token: admin,
      body: { name: 'discovery' },
    });
    expect(cred.status, cred.text).toBe(201);

    const issuer = new URL(ISSUER);
    const options = { [oauth.customFetch]: inProcess };
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
    );
    expect(as.token_endpoint).toBe(`${ISSUER}/auth/token`);

    const client: oauth.Client = { client_id: cred.body.client_id };
    const auth = oauth.ClientSecretBasic(cred.body.client_secret);
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      auth,
      new URLSearchParams(),
      options,
    );
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    expect(result.token_type).toBe('bearer');
    const me = await app.call('GET', '/auth/me', { token: result.access_token });
    expect(me.status).toBe(200);
    expect(me.body.principal_name).toBe('robot');
  });
});
