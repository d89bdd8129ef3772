// What firing a schedule would do, without calling its target (docs/scheduler.md, "Dry run"): whether
// its consent is active, whether the token exchange succeeds, and whether the principal the job runs as
// may call the target, asked of the API (POST /auth/can) with the token the job would call with.
import { Type } from 'typebox';
import { KeelApiError, type KeelClient } from './keel-client.js';
import { USER_SCOPE, messageOf } from './job-calls.js';
import type { TokenKeeper } from './tokens.js';

export const DryRunChecks = Type.Object({
  consent: Type.Object(
    {
      status: Type.Union([
        Type.Literal('active'),
        Type.Literal('revoked'),
        Type.Literal('expired'),
        Type.Literal('gone'),
        Type.Literal('not_checked'),
        Type.Literal('not_needed'),
        Type.Literal('recorded_on_creation'),
      ]),
      detail: Type.String(),
    },
    { description: "a user job's consent, read as each firing reads it; not_needed for a system job" },
  ),
  exchange: Type.Object(
    {
      ok: Type.Union([Type.Boolean(), Type.Null()], { description: 'null: not attempted' }),
      detail: Type.String(),
    },
    { description: "the token the job would call with: a user job's delegated token, else the scheduler's" },
  ),
  permission: Type.Object(
    {
      allowed: Type.Union([Type.Boolean(), Type.Null()], { description: 'null: could not be asked' }),
      permission: Type.Union([Type.String(), Type.Null()]),
      reason: Type.String(),
    },
    { description: 'POST /auth/can for the target, with the token the job would call with' },
  ),
});

export interface DryRunJob {
  kind: 'user' | 'system';
  consent_id: string | null;
  target: { method: string; path: string };
}

type Checks = {
  consent: { status: string; detail: string };
  exchange: { ok: boolean | null; detail: string };
  permission: { allowed: boolean | null; permission: string | null; reason: string };
};

/** Asks the permission question with `token`, never throwing. */
async function ask(client: Pick<KeelClient, 'can'>, token: string, t: DryRunJob['target']) {
  try {
    return await client.can(token, t.method, t.path);
  } catch (err) {
    return { allowed: null, permission: null, reason: `could not ask the API: ${messageOf(err)}` };
  }
}

const unasked = (reason: string) => ({ allowed: null, permission: null, reason });

export function dryRunner(client: Pick<KeelClient, 'getConsent' | 'can'>, tokens: TokenKeeper) {
  /** A system job: the scheduler's own token, and what it may call. */
  async function system(job: DryRunJob): Promise<Checks> {
    const consent = { status: 'not_needed', detail: 'a system job runs as the scheduler account' };
    let token: string;
    try {
      token = await tokens.schedulerToken();
    } catch (err) {
      return {
        consent,
        exchange: { ok: false, detail: `no scheduler token: ${messageOf(err)}` },
        permission: unasked('no token to ask with'),
      };
    }
    return {
      consent,
      exchange: { ok: true, detail: 'the scheduler account got its token' },
      permission: await ask(client, token, job.target),
    };
  }

  /** An existing user job: its consent, the exchange for its user, and what that token may call. */
  async function user(job: DryRunJob & { consent_id: string }): Promise<Checks> {
    let consent;
    try {
      consent = await client.getConsent(await tokens.schedulerToken(), job.consent_id);
    } catch (err) {
      const gone = err instanceof KeelApiError && err.status === 404;
      return {
        consent: gone
          ? { status: 'gone', detail: 'the consent no longer exists' }
          : { status: 'not_checked', detail: messageOf(err) },
        exchange: { ok: null, detail: 'not attempted: the consent is not active' },
        permission: unasked('not asked: no delegated token'),
      };
    }
    if (consent.status !== 'active') {
      return {
        consent: { status: consent.status, detail: `the consent is ${consent.status}` },
        exchange: { ok: null, detail: 'not attempted: the consent is not active' },
        permission: unasked('not asked: no delegated token'),
      };
    }
    let delegated;
    try {
      delegated = await tokens.delegatedToken(job.consent_id, consent.user_email, USER_SCOPE);
    } catch (err) {
      return {
        consent: { status: 'active', detail: 'the consent is active' },
        exchange: { ok: false, detail: `token exchange failed: ${messageOf(err)}` },
        permission: unasked('not asked: no delegated token'),
      };
    }
    return {
      consent: { status: 'active', detail: 'the consent is active' },
      exchange: { ok: true, detail: `a delegated token for ${consent.user_email}` },
      permission: await ask(client, delegated.token, job.target),
    };
  }

  /**
   * A user job that does not exist yet (a body): no consent until it is created, so no exchange; the
   * permission is asked with the caller's own token (the user the job would run as).
   */
  async function newUserJob(job: DryRunJob, callerToken: string): Promise<Checks> {
    return {
      consent: {
        status: 'recorded_on_creation',
        detail: 'a consent is recorded under your session when the schedule is created',
      },
      exchange: { ok: null, detail: 'not attempted: there is no consent before the schedule is created' },
      permission: await ask(client, callerToken, job.target),
    };
  }

  return async (job: DryRunJob, callerToken?: string): Promise<Checks> => {
    if (job.kind === 'system') return system(job);
    if (job.consent_id === null) return newUserJob(job, callerToken!);
    return user({ ...job, consent_id: job.consent_id });
  };
}

export type DryRunner = ReturnType<typeof dryRunner>;
