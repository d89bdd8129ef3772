// Per-principal revocation: a principal's `tokens_valid_after` ends every access token issued before
// it, checked in the cached authentication (docs/authorization.md, "Revocation").
/** The property on User and ServiceAccount nodes. */
export const VALID_AFTER = 'tokens_valid_after';

/** When a token was issued, in ms: every jti is a UUIDv7, whose first 48 bits are that instant. */
export function issuedAtMs(jti: string): number {
  const hex = jti.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex) || hex[12] !== '7') return 0;
  return parseInt(hex.slice(0, 12), 16);
}

export function validAfterOf(props: Record<string, unknown>): number {
  const v = props[VALID_AFTER];
  return typeof v === 'string' ? Date.parse(v) || 0 : 0;
}

/**
 * The value that ends a principal's current access tokens. One millisecond ahead, so that a token
 * issued in the same millisecond as the change (before it) is refused too; a login that lands in that
 * millisecond signs in again.
 */
export function validAfterNow(): string {
  return new Date(Date.now() + 1).toISOString();
}

/**
 * The value a user's change under its row lock sets: later than every token issued before the lock
 * (now + 1 ms) and than the value it replaces, so that the values of one principal only grow and a
 * sign-in can tell "changed since I looked" by comparing them (passwordCheckPassed).
 */
export function nextValidAfter(props: Record<string, unknown>): string {
  return new Date(Math.max(Date.now(), validAfterOf(props)) + 1).toISOString();
}

/**
 * Password checks that passed and whose sign-in has not run yet: per user, the valid-after each one
 * saw and when. The login route checks the password (`verifyLogin`, ~40 ms of argon2 on a row read
 * without a lock) and then signs in (`signIn`, told only the user's id), so a password change can
 * commit in between; `signIn` re-reads valid-after under the row lock and compares it with what the
 * check saw. It cannot tell which pending check is its own (two logins of one user may race), so it
 * refuses while any pending check of that user is stale and consumes the newest: the checks left are
 * then never newer than the logins left, and a login whose own check is stale always finds a stale one.
 * A check and its sign-in run in one request, hence in this process. A check whose sign-in never ran
 * (its request failed) is dropped after CHECK_TTL_MS rather than refusing that user for ever, so a
 * login that spends longer than that between check and sign-in is not compared.
 */
const pendingChecks = new Map<string, { validAfterMs: number; at: number }[]>();
const CHECK_TTL_MS = 60_000;

function pendingChecksOf(userId: string): { validAfterMs: number; at: number }[] {
  const fresh = (pendingChecks.get(userId) ?? []).filter((c) => Date.now() - c.at < CHECK_TTL_MS);
  if (fresh.length > 0) pendingChecks.set(userId, fresh);
  else pendingChecks.delete(userId);
  return fresh;
}

/** A password check of this user passed, against a row whose valid-after was `validAfterMs`. */
export function notePasswordCheck(userId: string, validAfterMs: number): void {
  pendingChecks.set(userId, [...pendingChecksOf(userId), { validAfterMs, at: Date.now() }]);
}

/**
 * Consumes one pending check of the user; true when the password sign-in may go on, that is when no
 * pending check saw another valid-after than `currentMs` (read under the user's row lock).
 */
export function passwordCheckPassed(userId: string, currentMs: number): boolean {
  const checks = pendingChecksOf(userId);
  // No check to compare with: the caller checked no password here (tests, tools) or took over a minute.
  if (checks.length === 0) return true;
  const passed = checks.every((c) => c.validAfterMs === currentMs);
  const newest = checks.reduce((a, b) => (b.validAfterMs > a.validAfterMs ? b : a));
  checks.splice(checks.indexOf(newest), 1);
  if (checks.length === 0) pendingChecks.delete(userId);
  return passed;
}
