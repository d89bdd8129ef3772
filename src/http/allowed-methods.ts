// The methods each path takes, so that a request for a path with a method it does not take is
// answered 405 with `Allow` (RFC 9110 15.5.6) rather than 404: the client learns that the path exists
// and which methods to use. Routes are recorded as they are registered (an onRoute hook in
// src/app/api.ts) in a router of their own with the same matching rules as Fastify's, with who may
// call each (src/http/route-permission.ts), which `POST /auth/can` reads.
import FindMyWay from 'find-my-way';
import type { RoutePermission } from './route-permission.js';

/** A path matched to a route: its pattern as /openapi.json writes it, its parameters, who may call it. */
export interface MatchedRoute {
  method: string;
  pattern: string;
  params: Record<string, string>;
  permission: RoutePermission | undefined;
}

interface Known {
  url: string;
  methods: Map<string, RoutePermission | undefined>;
}

export class AllowedMethods {
  readonly #router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
  readonly #byUrl = new Map<string, Known>();

  constructor(maxParamLength: number) {
    this.#router = FindMyWay({ maxParamLength });
  }

  /** Records that `url` (a route pattern, `/users/:email`) takes `methods`, and who may call it. */
  add(url: string, methods: string | readonly string[], permission?: RoutePermission): void {
    let known = this.#byUrl.get(url);
    if (!known) {
      known = { url, methods: new Map() };
      this.#byUrl.set(url, known);
      this.#router.on('GET', url, () => {}, known);
    }
    for (const m of [methods].flat()) {
      const method = m.toUpperCase();
      if (!known.methods.has(method) || permission) known.methods.set(method, permission);
      // Fastify answers HEAD for every GET route. No route of Keel takes HEAD alone: a HEAD route is one
      // Fastify made for a GET registered under another spelling (`/docs` and `/docs/`).
      if (method === 'GET' && !known.methods.get('HEAD')) known.methods.set('HEAD', permission);
      if (method === 'HEAD' && !known.methods.has('GET')) known.methods.set('GET', permission);
    }
  }

  /** The methods the path (no query string) takes, sorted; undefined when no route has its pattern. */
  of(path: string): string[] | undefined {
    const found = this.#find(path);
    if (!found) return undefined;
    return [...found.known.methods.keys()].sort();
  }

  /**
   * The route `method path` (no query string) reaches, as the router matches it; undefined when no
   * route takes that path with that method.
   */
  match(method: string, path: string): MatchedRoute | undefined {
    const found = this.#find(path);
    const m = method.toUpperCase();
    if (!found || !found.known.methods.has(m)) return undefined;
    return {
      method: m,
      pattern: found.known.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
      params: found.params,
      permission: found.known.methods.get(m),
    };
  }

  #find(path: string): { known: Known; params: Record<string, string> } | undefined {
    const found = this.#router.find('GET', path);
    if (!found) return undefined;
    return { known: found.store as Known, params: found.params as Record<string, string> };
  }
}
