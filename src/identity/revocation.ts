// Per-principal revocation: a principal's `tokens_valid_after` ends every access token issued before
// it, checked in the cached authentication (docs/authorization.md, "Revocation").
import { isUuid } from '../graph/ids.js';

/** The property on User and ServiceAccount nodes. */
export const VALID_AFTER = 'tokens_valid_after';

const UUID_V7_BARE = /^[0-9a-f]{12}7[0-9a-f]{19}$/i;

/**
 * When a token was issued, in ms: every jti is a UUIDv7, whose first 48 bits are that instant; 0 for
 * anything else (older than any limit). Read in place, without a copy of the text (every authenticated
 * request of a principal with a limit asks).
 */
export function issuedAtMs(jti: string): number {
  if (jti.length === 36 && jti[14] === '7' && isUuid(jti))
    return parseInt(jti.slice(0, 8), 16) * 0x10000 + parseInt(jti.slice(9, 13), 16);
  if (jti.length === 32 && UUID_V7_BARE.test(jti)) return parseInt(jti.slice(0, 12), 16);
  return 0;
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
 * sign-in can tell "changed since I looked" by comparing them (tokens.signIn).
 */
export function nextValidAfter(props: Record<string, unknown>): string {
  return new Date(Math.max(Date.now(), validAfterOf(props)) + 1).toISOString();
}

/** The longest issuing a token waits for its principal's valid-after to pass (a clock of another replica ahead). */
const MAX_WAIT_MS = 50;

/**
 * Waits until the clock reaches a principal's valid-after (at most MAX_WAIT_MS), so that the tokens
 * issued next are not dated before it: a change sets it a millisecond ahead (validAfterNow), and a
 * token signed in that millisecond, for a user created or changed just then, was refused at its first
 * use ("issued before the principal's password, status or credentials changed").
 */
export async function reachValidAfter(validAfterMs: number): Promise<void> {
  const wait = validAfterMs - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, MAX_WAIT_MS) + 1));
}
