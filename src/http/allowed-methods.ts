// The methods each path takes, so that a request for a path with a method it does not take is
// answered 405 with `Allow` (RFC 9110 15.5.6) rather than 404: the client learns that the path exists
// and which methods to use. Routes are recorded as they are registered (an onRoute hook in
// src/app/api.ts) in a router of their own with the same matching rules as Fastify's.
import FindMyWay from 'find-my-way';

export class AllowedMethods {
  readonly #router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
  readonly #byUrl = new Map<string, Set<string>>();

  constructor(maxParamLength: number) {
    this.#router = FindMyWay({ maxParamLength });
  }

  /** Records that `url` (a route pattern, `/users/:email`) takes `methods`. */
  add(url: string, methods: string | readonly string[]): void {
    let known = this.#byUrl.get(url);
    if (!known) {
      known = new Set();
      this.#byUrl.set(url, known);
      this.#router.on('GET', url, () => {}, known);
    }
    for (const m of [methods].flat()) {
      known.add(m.toUpperCase());
      // Fastify answers HEAD for every GET route.
      if (m.toUpperCase() === 'GET') known.add('HEAD');
    }
  }

  /** The methods the path (no query string) takes, sorted; undefined when no route has its pattern. */
  of(path: string): string[] | undefined {
    const found = this.#router.find('GET', path);
    if (!found) return undefined;
    return [...(found.store as Set<string>)].sort();
  }
}
