// What one run of a schedule does at the API: a system job calls its target with the scheduler's own
// token; a user job checks its consent, exchanges for the user's token (RFC 8693), then calls. Every
// failure becomes the run's outcome (failed, or skipped when the run cannot act for the user).
import { KeelApiError, type KeelClient } from './keel-client.js';
import type { RunRow, ScheduleRow } from './store.js';
import type { TokenKeeper } from './tokens.js';

const USER_SCOPE = 'service-api:*';
/** The principal a system job's runs are recorded under. */
export const SYSTEM_PRINCIPAL = 'scheduler';

export type Outcome = Pick<RunRow, 'state' | 'http_status' | 'principal_name' | 'actor_name' | 'error'>;

export const messageOf = (err: unknown) =>
  err instanceof KeelApiError
    ? err.message
    : err instanceof Error
      ? err.name === 'TimeoutError'
        ? 'the request timed out'
        : err.message
      : String(err);

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
  ): Promise<Outcome> {
    try {
      const body = s.target_body ?? undefined;
      const res = await client.callTarget(token, {
        method: s.target_method,
        path: s.target_path,
        ...(body !== undefined ? { body } : {}),
      });
      if (res.status === 401) onUnauthorized();
      const ok = res.status >= 200 && res.status < 300;
      return { ...who, state: ok ? 'succeeded' : 'failed', http_status: res.status, error: res.error };
    } catch (err) {
      return { ...who, state: 'failed', http_status: null, error: messageOf(err) };
    }
  }

  async function systemCall(s: ScheduleRow): Promise<Outcome> {
    const base = { principal_name: SYSTEM_PRINCIPAL, actor_name: null };
    let token: string;
    try {
      token = await tokens.schedulerToken();
    } catch (err) {
      return { ...base, state: 'failed', http_status: null, error: `no scheduler token: ${messageOf(err)}` };
    }
    return call(s, token, base, () => tokens.dropSchedulerToken());
  }

  async function userCall(s: ScheduleRow): Promise<Outcome> {
    const consentId = s.consent_id!;
    const skipped = (error: string, principal = s.created_by): Outcome => ({
      state: 'skipped',
      http_status: null,
      principal_name: principal,
      actor_name: null,
      error,
    });
    // SPEC 3: the consent is re-checked before every exchange; any failure skips the run.
    let schedulerToken: string;
    try {
      schedulerToken = await tokens.schedulerToken();
    } catch (err) {
      return skipped(`consent not checked: no scheduler token: ${messageOf(err)}`);
    }
    let consent;
    try {
      consent = await client.getConsent(schedulerToken, consentId);
    } catch (err) {
      if (err instanceof KeelApiError && err.status === 401) tokens.dropSchedulerToken();
      tokens.dropDelegated(consentId);
      if (err instanceof KeelApiError && err.status === 404) return skipped('consent gone');
      return skipped(`consent not checked: ${messageOf(err)}`);
    }
    if (consent.status !== 'active') {
      tokens.dropDelegated(consentId);
      return skipped(`consent ${consent.status}`, consent.user_email);
    }
    let delegated;
    try {
      delegated = await tokens.delegatedToken(consentId, consent.user_email, USER_SCOPE);
    } catch (err) {
      return skipped(`token exchange failed: ${messageOf(err)}`, consent.user_email);
    }
    return call(s, delegated.token, { principal_name: consent.user_email, actor_name: delegated.actor }, () =>
      tokens.dropDelegated(consentId),
    );
  }

  return { system: systemCall, user: userCall };
}
