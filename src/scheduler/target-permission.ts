// A system schedule runs as the `scheduler` service account: one whose target that account may not
// call would fail with a 403 at every firing, seen by nobody. Its creation and each change ask the
// API (POST /auth/can, the same evaluation the route's declared permission gets, docs/authorization.md)
// under the scheduler's own token, and the answer carries a warning naming what the account lacks.
import { Type } from 'typebox';
import type { KeelClient } from './keel-client.js';

export interface TargetWarning {
  pointer: string;
  detail: string;
}

export const TargetWarnings = Type.Array(
  Type.Object({
    pointer: Type.String({ description: 'the member the warning is about (`/target`)' }),
    detail: Type.String(),
  }),
  {
    description:
      'A system schedule, on create and change only: what will fail when it fires (the permission the scheduler account lacks for its target)',
  },
);

/** How long a create or change waits for the answer before it flags the check as not made. */
export const CHECK_TIMEOUT_MS = 5000;

/** Asks the API whether the scheduler's account may call the target; a warning when it may not. */
export function targetPermissionCheck(
  client: Pick<KeelClient, 'can'>,
  tokens: { schedulerToken(): Promise<string> },
  timeoutMs = CHECK_TIMEOUT_MS,
) {
  return async (target: { method: string; path: string }): Promise<TargetWarning[]> => {
    const call = `${target.method} ${target.path.split('?', 1)[0]}`;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      const ask = (async () => client.can(await tokens.schedulerToken(), target.method, target.path))();
      ask.catch(() => {});
      const answer = await Promise.race([ask, late]);
      if (answer.allowed) return [];
      const lacks = answer.permission
        ? `the scheduler account lacks ${answer.permission}`
        : 'the scheduler account may not call it';
      return [
        {
          pointer: '/target',
          detail: `${lacks} (${answer.reason}): every firing of ${call} will be refused until it is granted (a role of the scheduler account)`,
        },
      ];
    } catch (err) {
      return [
        {
          pointer: '/target',
          detail: `could not check whether the scheduler account may call ${call}: ${(err as Error).message}`,
        },
      ];
    } finally {
      clearTimeout(timer);
    }
  };
}
