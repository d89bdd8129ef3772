// Shared steps of the delegation tests: the scheduler's account, its token, consents and exchanges.
import { expect } from 'vitest';
import { setupServiceAccounts } from '../../src/delegation/setup.js';
import { TOKEN_EXCHANGE_GRANT } from '../../src/delegation/exchange.js';
import type { Res, TestApp } from '../support/harness.js';

export interface SchedulerCredential {
  clientId: string;
  clientSecret: string;
}

/** Runs `keel setup-service-accounts` in-process and returns the generated credential. */
export async function setupScheduler(app: TestApp): Promise<SchedulerCredential> {
  const outcome = await setupServiceAccounts(app.runtime.core);
  if (outcome.credential.kind !== 'generated')
    throw new Error(`expected a new credential: ${outcome.credential.kind}`);
  return { clientId: outcome.credential.client_id, clientSecret: outcome.credential.client_secret };
}

/** The scheduler's own client-credential JWT. */
export async function clientToken(app: TestApp, cred: SchedulerCredential, scope?: string): Promise<string> {
  const res = await app.call('POST', '/auth/token', {
    form: {
      grant_type: 'client_credentials',
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
      ...(scope ? { scope } : {}),
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
}

export async function consent(app: TestApp, userToken: string, body: Record<string, unknown> = {}) {
  const res = await app.call('POST', '/consents', { token: userToken, body });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; user_email: string; status: string };
}

export function exchange(
  app: TestApp,
  form: Record<string, string>,
  headers?: Record<string, string>,
): Promise<Res> {
  return app.call('POST', '/auth/token', {
    form: { grant_type: TOKEN_EXCHANGE_GRANT, ...form },
    ...(headers ? { headers } : {}),
  });
}

/** A successful exchange by client id and secret; returns the delegated access token. */
export async function delegatedToken(
  app: TestApp,
  cred: SchedulerCredential,
  user: string,
  scope = 'service-api:*',
): Promise<string> {
  const res = await exchange(app, {
    client_id: cred.clientId,
    client_secret: cred.clientSecret,
    requested_subject: user,
    scope,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.access_token as string;
}

export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}
