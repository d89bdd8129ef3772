import type { TestApp } from './harness.js';

/** Small throttle limits for the throttling tests: five failures per account, twenty per address. */
export const THROTTLE_TEST_ENV = {
  KEEL_AUTH_THROTTLE_ACCOUNT_FAILURES: '5',
  KEEL_AUTH_THROTTLE_ADDRESS_FAILURES: '20',
  KEEL_AUTH_THROTTLE_WINDOW_SECONDS: '600',
  KEEL_AUTH_THROTTLE_OAUTH_STARTS_PER_MINUTE: '3',
};

/** A `POST /auth/token` form from a client address of the caller's choosing (what the throttle keys). */
export const tokenFrom = (
  app: Pick<TestApp, 'api'>,
  address: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  app.api.inject({
    method: 'POST',
    url: '/auth/token',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
