// Failed sign-in throttling in the way of Keycloak's brute-force detection: failures are counted per
// account, per client address and per (account, address) pair, in PostgreSQL so every replica agrees.
// The rules, and why an attacker cannot use them to lock the owner out, are in docs/input-hardening.md.
import type { Queryable } from '../db/sql.js';
import { AppError } from '../http/errors.js';
import { clearCounters, countEvent, pruneCounters, readCounters } from './throttle.store.js';

export interface ThrottlePolicy {
  /** Failures on one account within the window before only untainted addresses may still try it. */
  accountFailures: number;
  /** Failures from one address (on any account) within the window before it is refused outright. */
  addressFailures: number;
  windowSeconds: number;
}

class TooManyAttempts extends AppError {
  constructor(retryAfter: number) {
    const seconds = Math.max(1, retryAfter);
    super(429, 'too_many_attempts', `too many failed attempts; retry in ${seconds} seconds`);
    this.retryAfter = seconds;
  }
}

interface Attempt {
  /** The account tried (lower-cased email, client id), when the request names one. */
  account?: string | undefined;
  address: string;
}

const keysOf = ({ account, address }: Attempt) => ({
  address: `address:${address}`,
  account: account === undefined ? undefined : `account:${account.toLowerCase()}`,
  pair: account === undefined ? undefined : `pair:${account.toLowerCase()}|${address}`,
});

export function signInThrottle(sql: Queryable, policy: ThrottlePolicy) {
  let lastPrune = 0;
  return {
    /**
     * Throws TooManyAttempts when the attempt may not even be checked: its address failed too often,
     * or its account failed too often and this address is one of those that failed on it. An address
     * with no failure on the account still gets its answer, so the owner signs in during an attack.
     */
    async check(attempt: Attempt): Promise<void> {
      const keys = keysOf(attempt);
      const wanted = [keys.address, keys.account, keys.pair].filter((k): k is string => k !== undefined);
      const counters = new Map(
        (await readCounters(sql, wanted, policy.windowSeconds)).map((c) => [c.key, c]),
      );
      const address = counters.get(keys.address);
      if (address && address.hits >= policy.addressFailures) throw new TooManyAttempts(address.retry_after);
      const account = keys.account ? counters.get(keys.account) : undefined;
      const pair = keys.pair ? counters.get(keys.pair) : undefined;
      if (account && account.hits >= policy.accountFailures && pair) {
        throw new TooManyAttempts(Math.max(account.retry_after, pair.retry_after));
      }
    },

    async failed(attempt: Attempt): Promise<void> {
      const keys = keysOf(attempt);
      await countEvent(
        sql,
        [keys.address, keys.account, keys.pair].filter((k): k is string => k !== undefined),
        policy.windowSeconds,
      );
      const now = Date.now();
      if (now - lastPrune > policy.windowSeconds * 1000) {
        lastPrune = now;
        await pruneCounters(sql, policy.windowSeconds);
      }
    },

    /** A success clears what the account and this address did to it; the address's total stays. */
    async succeeded(attempt: Attempt): Promise<void> {
      const keys = keysOf(attempt);
      const clear = [keys.account, keys.pair].filter((k): k is string => k !== undefined);
      if (clear.length > 0) await clearCounters(sql, clear);
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;

/**
 * A plain rate: at most `limit` events per key within the window (e.g. OAuth login starts per
 * address), counted whether they succeed or not.
 */
export function rateLimit(sql: Queryable, limit: number, windowSeconds: number) {
  return async (key: string): Promise<void> => {
    const [counter] = await readCounters(sql, [key], windowSeconds);
    if (counter && counter.hits >= limit) throw new TooManyAttempts(counter.retry_after);
    await countEvent(sql, [key], windowSeconds);
  };
}
