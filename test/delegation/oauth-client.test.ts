// The exchange through a standard OAuth client library against the API on a real port: proves the
// wire format (form body, client authentication, response and error bodies) is the standard one.
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TYPE, TOKEN_EXCHANGE_GRANT } from '../../src/delegation/exchange.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { consent, setupScheduler, type SchedulerCredential } from './helpers.js';

let app: TestApp;
let cred: SchedulerCredential;
let base: string;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  app = await startTestApp();
  cred = await setupScheduler(app);
  await consent(app, await app.user('alice@example.com'));
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.api.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  as = { issuer: app.runtime.core.settings.auth.issuer, token_endpoint: `${base}/auth/token` };
});
afterAll(() => app.close());

const options = { [oauth.allowInsecureRequests]: true };

describe('token exchange with oauth4webapi (a real OAuth client library)', () => {
  for (const [name, auth] of [
    ['client_secret_basic', () => oauth.ClientSecretBasic(cred.clientSecret)],
    ['client_secret_post', () => oauth.ClientSecretPost(cred.clientSecret)],
  ] as const) {
    it(`exchanges with ${name} and the token works on the API`, async () => {
      const client: oauth.Client = { client_id: cred.clientId };
      const response = await oauth.genericTokenEndpointRequest(
        as,
        client,
        auth(),
        TOKEN_EXCHANGE_GRANT,
        { requested_subject: 'alice@example.com', scope: 'service-api:*' },
        options,
      );
      const result = await oauth.processGenericTokenEndpointResponse(as, client, response);
      expect(result.token_type).toBe('bearer'); // the library normalizes the case
      expect(result.issued_token_type).toBe(ACCESS_TOKEN_TYPE);
      expect(result.expires_in).toBe(600);
      expect(result.scope).toBe('service-api:*');
      expect(result.refresh_token).toBeUndefined();
      const me = await fetch(`${base}/auth/me`, {
        headers: { authorization: `Bearer ${result.access_token}` },
      });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ principal_name: 'alice@example.com', actor_name: 'scheduler' });
    });
  }

  it('the library reads our error bodies as RFC 6749 errors', async () => {
    const client: oauth.Client = { client_id: cred.clientId };
    const response = await oauth.genericTokenEndpointRequest(
      as,
      client,
      oauth.ClientSecretPost(cred.clientSecret),
      TOKEN_EXCHANGE_GRANT,
      { requested_subject: 'nobody@example.com', scope: 'service-api:*' },
      options,
    );
    const err = await oauth
      .processGenericTokenEndpointResponse(as, client, response)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(oauth.ResponseBodyError);
    expect((err as oauth.ResponseBodyError).error).toBe('invalid_grant');
    expect((err as oauth.ResponseBodyError).status).toBe(400);
    expect((err as oauth.ResponseBodyError).error_description).toMatch(/no active consent/);
  });
});
