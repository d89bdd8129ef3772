// What the signed-in person may do on a page, asked of the API (POST /auth/can) instead of guessed from
// permission names here: the route's own declaration answers, CAN_ACCESS grants on a project included.
// A page shows a control only when its call is allowed, and says in words what a refused one needs.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, must, type Answer, type ApiError } from './api';
import { permissionWords } from './ui';

export type CanAnswer = Answer<'/auth/can', 'post'>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A call the page could make: its method and concrete path. */
export type Call = readonly [Method, string];

/**
 * The answer for each named call (left out while it is asked, and for a call given as undefined: not
 * asked). Answers are kept by call, so a page whose paths change asks only the new ones. A question the
 * API could not answer counts as allowed: the control is shown and the API decides when it is used.
 */
export function useCan<K extends string>(calls: Record<K, Call | undefined>): Partial<Record<K, CanAnswer>> {
  const [known, setKnown] = useState<ReadonlyMap<string, CanAnswer>>(new Map());
  // Questions on their way: a call named while others are asked is not asked twice, and an answer
  // arriving after the paths changed is kept (only leaving the page drops it).
  const pending = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  const asked = Object.entries(calls).flatMap(([name, call]) =>
    call ? [{ name: name as K, call: call as Call, key: `${(call as Call)[0]} ${(call as Call)[1]}` }] : [],
  );
  const missing = [...new Set(asked.map((a) => a.key))].filter(
    (k) => !known.has(k) && !pending.current.has(k),
  );
  useEffect(() => {
    if (missing.length === 0) return;
    for (const key of missing) pending.current.add(key);
    void Promise.all(
      missing.map((key) => {
        const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)] as [
          Method,
          string,
        ];
        return must(client.POST('/auth/can', { body: { method, path } })).then(
          (a): [string, CanAnswer] => [key, a],
          (): [string, CanAnswer] => [key, { allowed: true, permission: null, reason: 'not known' }],
        );
      }),
    ).then((pairs) => {
      for (const [key] of pairs) pending.current.delete(key);
      if (mounted.current) setKnown((k) => new Map([...k, ...pairs]));
    });
  }, [missing.join('\n')]);
  const out: Partial<Record<K, CanAnswer>> = {};
  for (const a of asked) {
    const answer = known.get(a.key);
    if (answer) out[a.name] = answer;
  }
  return out;
}

/** A 403 the API answered, as a refused answer (its detail names the missing permission). */
export const refusal = (error: ApiError): CanAnswer => ({
  allowed: false,
  permission: null,
  reason: error.detail,
});

/** Whether the call was answered allowed (false while it is being asked). */
export const allowed = (a: CanAnswer | undefined): boolean => a?.allowed === true;

/** What a refused call needs, in words: "To create project types, your role needs project_type:create." */
export function needsWords(what: string, a: CanAnswer): string {
  const missing = /^missing permission (.+)$/.exec(a.reason)?.[1];
  if (missing) {
    const several = missing.includes(',');
    return `To ${what}, your role needs the permission${several ? 's' : ''} ${permissionWords(missing)}.`;
  }
  return `You cannot ${what}: ${a.reason}.`;
}

/**
 * The items of a note, with the calls refused for the same reason said in one line (`all` names what they
 * do together): "To add or remove its dependencies, ..." rather than two lines naming one permission.
 */
export function together(
  all: string,
  items: [what: string, answer: CanAnswer | undefined][],
): [what: string, answer: CanAnswer | undefined][] {
  const asked = items.flatMap(([, a]) => (a ? [a] : []));
  const same = asked.length > 1 && asked.every((a) => !a.allowed && a.reason === asked[0]!.reason);
  return same ? [[all, asked[0]]] : items;
}

/**
 * The note a page shows in place of controls the person may not use: one line per refused call,
 * nothing while the answers are asked or when every call is allowed.
 */
export function NotAllowed(props: { items: [what: string, answer: CanAnswer | undefined][] }) {
  const refused = props.items.filter((i): i is [string, CanAnswer] => i[1]?.allowed === false);
  if (refused.length === 0) return null;
  return (
    <div class="not-allowed" data-not-allowed>
      {refused.map(([what, a]) => (
        <p key={what}>{needsWords(what, a)}</p>
      ))}
    </div>
  );
}

/**
 * A control (a page's creating form) shown only when its call is allowed. A refused call is said in
 * words when `say` (the page could be read, so the note is news); else it is left out, since the page's
 * own refusal already says what the role lacks.
 */
export function IfAllowed(props: { call: Call; what: string; say: boolean; children: ComponentChildren }) {
  const can = useCan({ it: props.call });
  if (allowed(can.it)) return <>{props.children}</>;
  return props.say ? <NotAllowed items={[[props.what, can.it]]} /> : null;
}
