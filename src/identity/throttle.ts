// Failed sign-in throttling in the way of Keycloak's brute-force detection: failures are counted per
// account, per client address and per (account, address) pair, in PostgreSQL so every replica agrees.
// The rules, and why an attacker cannot use them to lock the owner out, are in docs/input-hardening.md.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/sql.js';
import { AppError } from '../http/errors.js';
import {
  countEvents,
  endPending,
  pruneCounters,
  readCounters,
  settleEvents,
  uncountEvents,
  type Counter,
} from './throttle.store.js';
import { ThrottleQueue, type Wake, type Waiter } from './throttle-queue.js';

export interface ThrottlePolicy {
  /** Failures on one account within the window before only untainted addresses may still try it. */
  accountFailures: number;
  /** Failures from one address (on any account) within the window before it is refused outright. */
  addressFailures: number;
  windowSeconds: number;
}

class TooManyAttempts extends AppError {
  constructor(retryAfter: number, what = 'too many failed attempts') {
    const seconds = Math.max(1, retryAfter);
    super(429, 'too_many_attempts', `${what}; retry in ${seconds} seconds`);
    this.retryAfter = seconds;
  }
}

interface Attempt {
  /** The account tried (lower-cased email, client id), when the request names one. */
  account?: string | undefined;
  address: string;
}

/** Identifiers longer than this are keyed by their hash. */
const LONGEST_KEPT = 200;

/**
 * A key of bounded size: a client_id is whatever the request sends, and a key over 2,704 bytes does
 * not fit an index entry. The hashed form has its own separator, so it never equals a kept one.
 */
function keyOf(kind: string, id: string): string {
  if (id.length <= LONGEST_KEPT) return `${kind}:${id}`;
  return `${kind}#${createHash('sha256').update(id).digest('base64url')}`;
}

/** An account's keys: its own, and its pair with the address (lower-cased, as emails compare). */
function accountKeys(account: string, address: string): [account: string, pair: string] {
  const name = account.toLowerCase();
  return [keyOf('account', name), keyOf('pair', `${name}|${address}`)];
}

/**
 * Seconds to wait when the counts, this attempt among them, are one too many: its address's, or its
 * account's when this address also tried it. An address with no other attempt on the account still
 * gets its answer, so the owner signs in during an attack.
 */
function over(
  policy: ThrottlePolicy,
  count: (c: Counter) => number,
  address: Counter,
  account?: Counter,
  pair?: Counter,
): number | undefined {
  if (count(address) > policy.addressFailures) return address.retry_after;
  if (account && pair && count(account) > policy.accountFailures && count(pair) > 1) {
    return Math.max(account.retry_after, pair.retry_after);
  }
  return undefined;
}

/**
 * What becomes of a counted attempt: refused when the failures alone already reach a limit (429,
 * its Retry-After); checked when even every attempt in flight failing would not; else it waits for
 * those to be answered, as they may well succeed (a client signing in several times at once).
 */
function verdict(policy: ThrottlePolicy, ...counters: [Counter, Counter?, Counter?]) {
  const refused = over(policy, (c) => c.settled + 1, ...counters);
  if (refused !== undefined) return { retryAfter: refused };
  return over(policy, (c) => c.hits, ...counters) === undefined ? 'check' : 'wait';
}

/**
 * How long an attempt over the limit only with attempts in flight waits for them at the most, and about
 * how often it reads the counters meanwhile if no attempt ends in this process (another replica's may).
 */
const LONGEST_WAIT_MS = 5000;
const RECHECK_MS = 100;

/** How many refused addresses a process remembers (runIssued). */
const REFUSED_KEPT = 10_000;

/** The counters of `keys`, in that order; a key not counted in this window reads as zero. */
function inOrder(keys: readonly string[], counters: Counter[], windowSeconds: number) {
  const byKey = new Map(counters.map((c) => [c.key, c]));
  return keys.map(
    (key): Counter => byKey.get(key) ?? { key, hits: 0, settled: 0, retry_after: windowSeconds },
  ) as [Counter, Counter?, Counter?];
}

/** Counters as counting one more attempt would leave them. */
const oneMore = (counters: [Counter, Counter?, Counter?]) =>
  counters.map((c) => c && { ...c, hits: c.hits + 1 }) as [Counter, Counter?, Counter?];

/** A check of credentials, and how to read its outcome. */
export interface Check<T> {
  check(): Promise<T>;
  /** Whether an error it threw is a failed guess (which counts) rather than a refusal of another kind. */
  failed(err: unknown): boolean;
  /** The account a result proved the caller to be, whose counters it clears; none: clears nothing. */
  authenticated(result: T): string | undefined;
}

export function signInThrottle(sql: Queryable, policy: ThrottlePolicy) {
  let lastPrune = 0;
  /**
   * Addresses this process saw reach addressFailures with a failed check of an issued credential, and
   * until when (ms): runIssued refuses them before checking anything, so a flood from one address costs
   * the database one write per failure up to the limit and nothing after it.
   */
  const refusedAddresses = new Map<string, number>();

  const { windowSeconds } = policy;
  const queue = new ThrottleQueue();
  /** Attempts of this process being checked, by their (account, address) key. */
  const inFlight = new Map<string, number>();

  /**
   * Counts the attempt, pending, before it is checked, so attempts in flight count against one
   * another and no number of concurrent ones gets past the limits; throws TooManyAttempts, the
   * attempt uncounted, when it may not be checked. Returns the keys it counted.
   *
   * An attempt that must wait for those in flight joins this process's queue and counts itself again
   * only when one of them ends here, or when a read of the counters (about every RECHECK_MS, for
   * attempts that end on another replica) shows room. So a waiter writes only when it may go in,
   * where counting itself again every 50 ms took the row locks the attempts in flight needed (1,575
   * and 1,617 row writes in 600 ms for 25 waiters in two runs, now none:
   * test/hardening/throttle-races.test.ts).
   */
  async function reserve(attempt: Attempt): Promise<string[]> {
    const named = attempt.account === undefined ? [] : accountKeys(attempt.account, attempt.address);
    const counted = [keyOf('address', attempt.address), ...named];
    const pair = named[1];
    const until = Date.now() + LONGEST_WAIT_MS;
    let waiter: Waiter | undefined;
    try {
      // An attempt whose (account, address) already has accountFailures attempts in flight in this
      // process would be told to wait by the counters (they count those, and itself): it queues at
      // once, writing nothing, where counting itself and taking it back cost two writes of the rows
      // the attempts in flight must update (one client's concurrent grants, on every request).
      let wake: Wake | 'behind' =
        pair !== undefined && (inFlight.get(pair) ?? 0) >= policy.accountFailures ? 'behind' : 'released';
      for (;;) {
        // The first try counts at once, as does a waiter woken by an attempt that ended here; one
        // woken by the clock counts itself again only if the counters as they are leave it room.
        const worthCounting =
          wake === 'released' ||
          (wake === 'timeout' &&
            verdict(
              policy,
              ...oneMore(inOrder(counted, await readCounters(sql, counted, windowSeconds), windowSeconds)),
            ) !== 'wait');
        if (worthCounting) {
          const counters = await countEvents(sql, counted, windowSeconds, true);
          const next = verdict(policy, ...inOrder(counted, counters, windowSeconds));
          if (next === 'check') {
            if (pair !== undefined) inFlight.set(pair, (inFlight.get(pair) ?? 0) + 1);
            return counted;
          }
          await uncountEvents(sql, counted);
          if (next !== 'wait') throw new TooManyAttempts(next.retryAfter);
        }
        const left = until - Date.now();
        if (left <= 0) throw new TooManyAttempts(1, 'too many attempts in flight');
        waiter ??= queue.join(counted);
        // Spread over half to one and a half RECHECK_MS, so that waiters which arrived together do
        // not all read room, and all count themselves, in the same instant.
        wake = await waiter.sleep(Math.min(RECHECK_MS * (0.5 + Math.random()), left));
      }
    } finally {
      waiter?.leave();
    }
  }

  /**
   * A success never counts: its attempt is uncounted, and the failures of the account it proved and
   * of that account's pair with this address are cleared (the address's other failures stay). Naming
   * an account clears nothing unless the caller proved to be it.
   */
  async function succeeded(counted: string[], address: string, account: string | undefined) {
    const cleared: string[] = account === undefined ? [] : accountKeys(account, address);
    const rest = counted.filter((k) => !cleared.includes(k));
    // One statement for both: a success on /auth/token writes its counters twice in all, not three times.
    await endPending(sql, rest, cleared);
  }

  /** Ended windows are dropped at most once a window per process. */
  async function pruneNowAndThen() {
    const now = Date.now();
    if (now - lastPrune > windowSeconds * 1000) {
      lastPrune = now;
      await pruneCounters(sql, windowSeconds);
    }
  }

  /** A failure stays counted. */
  async function settled(counted: string[]) {
    await settleEvents(sql, counted);
    await pruneNowAndThen();
  }

  return {
    /**
     * Runs a check of credentials as a counted attempt. A failed guess stays counted; any other
     * error (a malformed request, a refusal for another reason) is no attempt and is uncounted.
     */
    async run<T>(attempt: Attempt, { check, failed, authenticated }: Check<T>): Promise<T> {
      const counted = await reserve(attempt);
      try {
        let result: T;
        try {
          result = await check();
        } catch (err) {
          await (failed(err) ? settled(counted) : uncountEvents(sql, counted));
          throw err;
        }
        await succeeded(counted, attempt.address, authenticated(result));
        return result;
      } finally {
        const pair = counted[2];
        if (pair !== undefined) {
          const n = (inFlight.get(pair) ?? 1) - 1;
          if (n > 0) inFlight.set(pair, n);
          else inFlight.delete(pair);
        }
        // Its place is free (or, after a failure, the counts waiters wait on have changed).
        queue.released(counted);
      }
    },

    /**
     * Runs a check of a credential Keel issued itself: a client secret of 256 random bits, a refresh
     * token of 256 random bits, or an access token it signed. Nobody guesses one, so the order `run`
     * keeps for passwords (count, then check) buys nothing here, and it cost every legitimate call two
     * writes and a place among five attempts in flight. The check comes first and writes nothing; only
     * a failed guess is counted, in one statement that returns the counts, and answered 429 instead of
     * its own error once they are over a limit (so concurrent wrong guesses get no more answers than
     * sequential ones). A right credential is never refused for its account's failures, so a success
     * has nothing to clear. An address this process saw over its limit is refused before any check.
     */
    async runIssued<T>(attempt: Attempt, { check, failed }: Omit<Check<T>, 'authenticated'>): Promise<T> {
      const address = keyOf('address', attempt.address);
      const until = refusedAddresses.get(address);
      if (until !== undefined) {
        if (until > Date.now()) throw new TooManyAttempts(Math.ceil((until - Date.now()) / 1000));
        refusedAddresses.delete(address);
      }
      try {
        return await check();
      } catch (err) {
        if (!failed(err)) throw err;
        const named = attempt.account === undefined ? [] : accountKeys(attempt.account, attempt.address);
        const counted = [address, ...named];
        const counters = inOrder(
          counted,
          await countEvents(sql, counted, windowSeconds, false),
          windowSeconds,
        );
        await pruneNowAndThen();
        const retryAfter = over(policy, (c) => c.settled, ...counters);
        if (retryAfter === undefined) throw err;
        if (counters[0].settled > policy.addressFailures) {
          // At most REFUSED_KEPT, the oldest forgotten first (its next failure refuses it again).
          if (refusedAddresses.size >= REFUSED_KEPT)
            refusedAddresses.delete(refusedAddresses.keys().next().value!);
          refusedAddresses.set(address, Date.now() + retryAfter * 1000);
        }
        throw new TooManyAttempts(retryAfter);
      }
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;

/**
 * A plain rate: at most `limit` events per key within the window (e.g. OAuth login starts per
 * address), counted whether they succeed or not. Counted before the limit is checked, so concurrent
 * events cannot pass it together; a refused event stays counted, which cannot move the window's end.
 */
export function rateLimit(sql: Queryable, limit: number, windowSeconds: number) {
  return async (key: string): Promise<void> => {
    const [counter] = await countEvents(sql, [key], windowSeconds, false);
    if (counter!.hits > limit) throw new TooManyAttempts(counter!.retry_after);
  };
}
