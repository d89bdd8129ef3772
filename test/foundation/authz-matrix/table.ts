// The shape of the authorization matrix's tables (one module per route group) and the state they share.
import type { Res, TestApp } from '../../support/harness.js';
import type { ServiceAccountFixture } from '../fixtures.js';

export type Who =
  | 'anonymous'
  | 'user without roles'
  | 'user without the permission'
  | 'user with the permission'
  | 'admin user'
  | 'service account with the permission'
  | 'service account without the permission'
  | 'user with CAN_ACCESS'
  | 'service account with a CAN_ACCESS edge'
  /** A token the scheduler exchanged for the user with the permission (scope service-api:*). */
  | 'delegated token'
  /** The same, narrowed to a permission the route does not need: its scope decides (403). */
  | 'narrowed delegated token';

export interface Req {
  url: string;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Expectation {
  status: number;
  code?: string;
  /** Extra check of the body (list filtering, fields the caller may not read). */
  body?: (body: Res['body'], res: Res) => void;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the OpenAPI document writes it. */
  path: string;
  /**
   * The permission it needs; 'authenticated': any principal (the route's own rules, in `expect`);
   * 'public': nobody needs to sign in.
   */
  perm: string;
  ok: number;
  /** The CAN_ACCESS action that also allows it (users only). */
  acl?: 'read' | 'update' | 'delete';
  /** Documented answers that differ from what `perm` alone gives (self-service routes, admin-only ones). */
  expect?: Partial<Record<Who, number | Expectation>>;
  /** Why its answer carries credentials by design (to the one caller allowed), so the secret scan skips it. */
  carriesSecrets?: string;
  /** Builds one request; called once per caller so that destructive routes act on a fresh target. */
  request(n: number, who: Who): Promise<Req>;
}

/**
 * A write that answers the resource only to callers who may read it: those holding just the write
 * permission (and a delegated token narrowed to it) get 204 with no body; the admin gets 200.
 */
export const WRITE_WITHOUT_READ: Route['expect'] = {
  'user with the permission': 204,
  'service account with the permission': 204,
  'delegated token': 204,
};

/** What the tables reach at run time (filled in by the matrix's beforeAll). */
export const m = {
  app: undefined as unknown as TestApp,
  admin: '',
  targetSa: undefined as unknown as ServiceAccountFixture,
  /** Tokens per caller, to build requests that depend on who asks (their own consent, ...). */
  tokenOf: (() => undefined) as (who: Who, perm: string) => string | undefined,
  /** Values fixtures store for the tables (ids of things created in setup). */
  ids: {} as Record<string, string>,
};

export async function adminCall(method: string, url: string, body?: unknown): Promise<Res> {
  const res = await m.app.call(method, url, { token: m.admin, ...(body !== undefined ? { body } : {}) });
  if (res.status >= 300) throw new Error(`fixture ${method} ${url}: ${res.status} ${res.text}`);
  return res;
}

export const fixed = (url: string, body?: unknown) => async (): Promise<Req> => ({
  url,
  ...(body !== undefined ? { body } : {}),
});

/** A route group: its table, and the fixtures its requests need (run once, as the admin). */
export interface RouteGroup {
  name: string;
  setup?(): Promise<void>;
  routes: Route[];
}
