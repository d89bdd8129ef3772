/** Small throttle limits for the throttling tests: five failures per account, twenty per address. */
export const THROTTLE_TEST_ENV = {
  KEEL_AUTH_THROTTLE_ACCOUNT_FAILURES: '5',
  KEEL_AUTH_THROTTLE_ADDRESS_FAILURES: '20',
  KEEL_AUTH_THROTTLE_WINDOW_SECONDS: '600',
  KEEL_AUTH_THROTTLE_OAUTH_STARTS_PER_MINUTE: '3',
};
