// What one attempt of a run does at the API: a system job calls its target with the scheduler's own
// token; a user job checks its consent, exchanges for the user's token (RFC 8693), then calls. Every
// failure becomes the attempt's outcome (failed, or skipped when the run cannot act for the user), and
// an outcome that a later attempt may change (the API unreachable or overloaded) says so (`retry`).
import { KeelApiError, type KeelClient } from './keel-client.js';
import type { RunRow, ScheduleRow } from './store.js';
import { NoCredentialError, type TokenKeeper } from './tokens.js';

export const USER_SCOPE = 'service-api:*';
/** The principal a system job's runs are recorded under. */
export const SYSTEM_PRINCIPAL = 'scheduler';
/** Target answers worth another attempt (docs/scheduler.md, "Retries"); never another 4xx. */
const RETRIED_STATUSES = new Set([429, 502, 503, 504]);

export type Outcome = Pick<RunRow, 'state' | 'http_status' | 'principal_name' | 'actor_name' | 'error'> & {
  /** Set when another attempt may succeed; `afterMs` is the API's Retry-After. */
  retry?: { afterMs?: number };
};

/** How one attempt calls: the run's id as Idempotency-Key, its timeout, and what aborts it (cancel). */
export interface AttemptCall {
  idempotencyKey: string;
  timeoutMs: number;
  abort?: AbortSignal;
}

export const messageOf = (err: unknown) =>
  err instanceof KeelApiError
    ? err.message
    : err instanceof Error
      ? err.name === 'TimeoutError'
        ? 'the request timed out'
        : err.message
      : String(err);

/** The API could not be reached, did not answer in time, or answered 5xx or 429: worth another try. */
export function transient(err: unknown): boolean {
  if (err instanceof KeelApiError) return err.status >= 500 || err.status === 429;
  if (err instanceof NoCredentialError) return false;
  // fetch's network failures are TypeErrors ("fetch failed"); a timeout is a TimeoutError.
  return err instanceof TypeError || (err instanceof Error && err.name === 'TimeoutError');
}

export function jobCalls({
  client,
  tokens,
}: {
  client: Pick<KeelClient, 'getConsent' | 'callTarget'>;
  tokens: TokenKeeper;
}) {
  async function call(
    s: ScheduleRow,
    token: string,
    who: Pick<Outcome, 'principal_name' | 'actor_name'>,
    onUnauthorized: () => void,
    how: AttemptCall,
  ): Promise<Outcome> {
    try {
      const body = s.target_body ?? undefined;
      const res = await client.callTarget(
        token,
        { method: s.target_method, path: s.target_path, ...(body !== undefined ? { body } : {}) },
        how,
      );
      if (res.status === 401) onUnauthorized();
      const ok = res.status >= 200 && res.status < 300;
      return {
        ...who,
        state: ok ? 'succeeded' : 'failed',
        http_status: res.status,
        error: res.error,
        ...(RETRIED_STATUSES.has(res.status)
          ? { retry: res.retryAfterMs !== undefined ? { afterMs: res.retryAfterMs } : {} }
          : {}),
      };
    } catch (err) {
      const aborted = how.abort?.aborted === true;
      return {
        ...who,
        state: 'failed',
        http_status: null,
        error: aborted ? 'the call was aborted' : messageOf(err),
        ...(!aborted && transient(err) ? { retry: {} } : {}),
      };
    }
  }

  async function systemCall(s: ScheduleRow, how: AttemptCall): Promise<Outcome> {
    const base = { principal_name: SYSTEM_PRINCIPAL, actor_name: null };
    let token: string;
    try {
      token = await tokens.schedulerToken();
    } catch (err) {
      return {
        ...base,
        state: 'failed',
        http_status: null,
        error: `no scheduler token: ${messageOf(err)}`,
        ...(transient(err) ? { retry: {} } : {}),
      };
    }
    return call(s, token, base, () => tokens.dropSchedulerToken(), how);
  }

  async function userCall(s: ScheduleRow, how: AttemptCall): Promise<Outcome> {
    const consentId = s.consent_id!;
    const skipped = (error: string, err?: unknown, principal = s.created_by): Outcome => ({
      state: 'skipped',
      http_status: null,
      principal_name: principal,
      actor_name: null,
      error,
      ...(err !== undefined && transient(err) ? { retry: {} } : {}),
    });
    // SPEC 3: the consent is re-checked before every exchange; a failure skips the run, unless the API
    // was only unreachable or overloaded, when the run tries again (its retry policy).
    let schedulerToken: string;
    try {
      schedulerToken = await tokens.schedulerToken();
    } catch (err) {
      return skipped(`consent not checked: no scheduler token: ${messageOf(err)}`, err);
    }
    let consent;
    try {
      consent = await client.getConsent(schedulerToken, consentId);
    } catch (err) {
      if (err instanceof KeelApiError && err.status === 401) tokens.dropSchedulerToken();
      tokens.dropDelegated(consentId);
      if (err instanceof KeelApiError && err.status === 404) return skipped('consent gone');
      return skipped(`consent not checked: ${messageOf(err)}`, err);
    }
    if (consent.status !== 'active') {
      tokens.dropDelegated(consentId);
      return skipped(`consent ${consent.status}`, undefined, consent.user_email);
    }
    let delegated;
    try {
      delegated = await tokens.delegatedToken(consentId, consent.user_email, USER_SCOPE);
    } catch (err) {
      return skipped(`token exchange failed: ${messageOf(err)}`, err, consent.user_email);
    }
    return call(
      s,
      delegated.token,
      { principal_name: consent.user_email, actor_name: delegated.actor },
      () => tokens.dropDelegated(consentId),
      how,
    );
  }

  return { system: systemCall, user: userCall };
}
