// Who may call a route, as data on the route (docs/authorization.md, "Who may call each route"): the
// global permission it needs, what else admits a caller (a project's CAN_ACCESS grant, the caller's own
// record), or that it is public, open to any signed-in caller, or to admins alone. /openapi.json
// carries it per operation as `x-keel-permission`, the operation's description opens with the
// sentence made from it, and `POST /auth/can` evaluates it (can.ts).

export interface RoutePermission {
  /**
   * `anyone`: no token needed; `signed_in`: any valid token (the route's own rules, in `rule`, may
   * refuse some); `permission`: a global permission (or what else admits below); `admins`: admin users
   * with an unnarrowed token, whatever permission another caller holds.
   */
  callers: 'anyone' | 'signed_in' | 'permission' | 'admins';
  /** The global permission the route needs; `{param}` stands for that path parameter. */
  permission: string | null;
  /** Permissions that admit a caller in place of `permission`. */
  alternatives?: string[];
  /** Permissions needed besides (naming an organization, a team, a user in the path or a required field). */
  also?: string[];
  /** Permissions needed only when the body names such a resource (an optional field). */
  naming?: string[];
  /** A CAN_ACCESS grant with this action on the path's project admits a user in place of `permission`. */
  project_access?: 'read' | 'update' | 'delete';
  /** The caller's own record (the path's `{email}` is the signed-in user) admits it too. */
  self?: boolean;
  /** Further rules the route applies itself, in plain words. */
  rule?: string;
}

/** Public: nobody needs to sign in. */
export const anyone = (rule?: string): RoutePermission => ({
  callers: 'anyone',
  permission: null,
  ...(rule ? { rule } : {}),
});

/** Any valid token; `rule` says what the route itself decides further. */
export const signedIn = (rule?: string): RoutePermission => ({
  callers: 'signed_in',
  permission: null,
  ...(rule ? { rule } : {}),
});

/** Admin users only (a token of an admin narrowed to some scopes is not an admin session). */
export const adminsOnly = (permission: string | null, rule?: string): RoutePermission => ({
  callers: 'admins',
  permission,
  ...(rule ? { rule } : {}),
});

/** A global permission, and what else admits or is needed. */
export const needs = (
  permission: string,
  more: Omit<RoutePermission, 'callers' | 'permission'> = {},
): RoutePermission => ({ callers: 'permission', permission, ...more });

const code = (p: string) => `\`${p}\``;
const list = (ps: readonly string[]) =>
  ps.length <= 1 ? ps.map(code).join('') : `${ps.slice(0, -1).map(code).join(', ')} and ${code(ps.at(-1)!)}`;

/**
 * The sentence an operation's description opens with, made from its declaration so that the two
 * cannot disagree. test/http/operation-docs.test.ts checks every operation opens with it.
 */
export function callerSentence(p: RoutePermission): string {
  const rule = p.rule ? ` The route's own rules: ${p.rule}.` : '';
  switch (p.callers) {
    case 'anyone':
      return `Who may call it: anyone; no token is needed.${rule}`;
    case 'signed_in':
      return `Who may call it: any signed-in caller (a user, a service account or a delegated token; 401 without a token).${rule}`;
    case 'admins':
      return `Who may call it: admin users alone, with a token not narrowed below the whole API (401 without a token, 403 for anyone else, whatever permission they hold).${rule}`;
    case 'permission': {
      const admits = [
        `the permission ${code(p.permission!)}`,
        ...(p.alternatives ?? []).map((a) => `the permission ${code(a)}`),
      ].join(' or ');
      const extra: string[] = [];
      if (p.project_access)
        extra.push(`, or, for a user, a CAN_ACCESS grant with ${code(p.project_access)} on the project`);
      if (p.self) extra.push(', or the signed-in user for their own record');
      const also = p.also?.length ? `; it also needs ${list(p.also)}` : '';
      const naming = p.naming?.length
        ? `; when the body names such a resource, it also needs ${list(p.naming)}`
        : '';
      const hidden = p.project_access
        ? '; a user who may not read the project gets the 404 of a missing one'
        : '';
      return (
        `Who may call it: a caller holding ${admits}${extra.join('')}${also}${naming} ` +
        `(401 without a token, 403 without the permission${hidden}; admin users pass; a narrowed ` +
        `token passes only what its scopes cover).${rule}`
      );
    }
  }
}
