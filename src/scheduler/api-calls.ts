// The calls the scheduler makes to Keel's API, typed by the types generated from the served
// /openapi.json (src/http/api-types.ts, `npm run gen:api`): each call is a path and method the document
// declares, its path parameters are the template's, and its answer is the operation's success body. A
// renamed path, a dropped method or a changed answer breaks `npx tsc`, and
// test/scheduler/api-types.test.ts checks each call against the document the app serves.
// (A schedule's target is a path its owner chose: it is checked by src/scheduler/target.ts, not here.)
import type { paths } from '../http/api-types.js';

export type ApiPath = keyof paths;
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** The methods a path takes: the generated entry declares the others `?: never`. */
export type MethodOf<P extends ApiPath> = {
  [M in Method]: paths[P][M] extends undefined ? never : M;
}[Method];

type Operation<P extends ApiPath, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body of the operation's success answer (200, else 201, else 202); `never` without one. */
export type Answer<P extends ApiPath, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { 'application/json': infer T } } }
      ? T
      : R extends { 201: { content: { 'application/json': infer T } } }
        ? T
        : R extends { 202: { content: { 'application/json': infer T } } }
          ? T
          : never
    : never;

/** The request body of an operation, in the given media type. */
export type RequestBody<P extends ApiPath, M extends Method, Type extends string = 'application/json'> =
  Operation<P, M> extends { requestBody?: { content: { [K in Type]: infer B } } } ? B : never;

/** The parameter names of a path template: `/consents/{id}` -> `id`. */
type ParamNames<T extends string> = T extends `${string}{${infer K}}${infer Rest}`
  ? K | ParamNames<Rest>
  : never;

export type PathParams<P extends ApiPath> = { [K in ParamNames<P>]: string };

/** A call: a method and a path the generated types declare together. */
export type ApiCall = { [P in ApiPath]: readonly [MethodOf<P>, P] }[ApiPath];

/** Every call the scheduler's client (src/scheduler/keel-client.ts) makes, but a schedule's target. */
export const API_CALLS = {
  jwks: ['get', '/.well-known/jwks.json'],
  me: ['get', '/auth/me'],
  createConsent: ['post', '/consents'],
  getConsent: ['get', '/consents/{id}'],
  revokeConsent: ['delete', '/consents/{id}'],
  token: ['post', '/auth/token'],
  can: ['post', '/auth/can'],
} as const satisfies Record<string, ApiCall>;

/** The path of a template with its parameters filled in, each encoded as one path segment. */
export function apiPath<P extends ApiPath>(template: P, params: PathParams<P>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`apiPath: no value for {${name}} of ${template}`);
    return encodeURIComponent(value);
  });
}
