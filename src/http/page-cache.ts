// Rendered responses of hot GETs (list pages, plugin entities), cached per process: a request that a
// caller of the same visibility made before is answered with the bytes made then, without a query or
// serialization. The caller is always authenticated and authorized first; the cache only replaces the
// read. Every entry belongs to a family ('projects', 'plugin:<slug>'); a change to a family drops its
// entries in the writing process when the change commits and on every other replica through a
// PostgreSQL notification. Entries also expire after a few seconds, which bounds what a writer that
// bypasses Keel (SQL by hand) can leave stale. See docs/scale.md, "The page cache".
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Notifications } from '../db/notifications.js';
import type { Tx } from '../db/sql.js';
import { SingleFlight } from '../lib/single-flight.js';

export const PAGES_CHANNEL = 'keel_pages_changed';

/** How long an entry is served without a change being announced. */
export const PAGE_TTL_MS = 5_000;

/** How long a process gathers its changes before it tells the other replicas (one notification). */
const ANNOUNCE_DELAY_MS = 10;

/** A response as built: its JSON body (as a route's serializer or its reader wrote it), sent as it is. */
export interface BuiltResponse {
  body: string | Buffer;
  /** The Link header of a page that has a next one. */
  link: string | undefined;
}

export interface CachedResponse extends BuiltResponse {
  /** Kept as bytes: sent as they are, where a string would be encoded again on every send. */
  body: Buffer;
}

interface Entry extends BuiltResponse {
  /** Kept as built by a fresh read (a string) until a cached read needs it as bytes (get). */
  body: string | Buffer;
  family: string;
  bytes: number;
  expiresAt: number;
}

/** Sends a NOTIFY on PAGES_CHANNEL for each family (outside any transaction of the writer). */
export type Announcer = (families: string[]) => Promise<void>;

export class PageCache {
  /** Every entry by key, in insertion order (the oldest is evicted first). */
  private readonly entries = new Map<string, Entry>();
  /** The keys of each family, so a change drops one family without scanning the others. */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Moves on every drop of a family, so a read that raced a change does not store what it read. */
  private readonly generations = new Map<string, number>();
  /** The builds under way, by key and the family's generation and the epoch each began in. */
  private readonly builds = new SingleFlight<BuiltResponse>();
  private epoch = 0;
  private bytes = 0;
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** The most bytes of response bodies kept; 0 turns the cache off. */
    private readonly maxBytes: number,
    private readonly announcer?: Announcer,
    private readonly ttlMs = PAGE_TTL_MS,
  ) {}

  /** Drops a family's entries when another replica announces a change, and everything after a gap. */
  subscribe(notifications: Notifications): void {
    notifications.on(
      PAGES_CHANNEL,
      (family) => this.drop(family),
      () => this.dropAll(),
    );
  }

  /** `key` is unique across families (sendCached starts it with the family). */
  get(key: string, now = Date.now()): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.remove(key, entry);
      return undefined;
    }
    // Encoded once, by the first read that is served it; counted from then on by its own size.
    if (typeof entry.body === 'string') {
      entry.body = Buffer.from(entry.body);
      const bytes = entryBytes(entry.body.length, entry.link, key);
      this.bytes += bytes - entry.bytes;
      entry.bytes = bytes;
    }
    return entry as CachedResponse;
  }

  /**
   * Builds the response and keeps it, unless the family changed (here or elsewhere) while it was built.
   * Callers that ask for a key while it is being built share that build (an entry that expires under
   * load is built once, not once per waiting request), as long as the family has not changed since it
   * began. A `fresh` build neither joins nor is joined: it answers its own caller, with the body as
   * built (a string goes out in one write with the headers, where bytes take two), and refreshes the
   * entry.
   */
  load(
    family: string,
    key: string,
    build: () => Promise<BuiltResponse>,
    fresh = false,
  ): Promise<BuiltResponse> {
    const generation = this.generationOf(family);
    const epoch = this.epoch;
    if (fresh) return this.keep(family, key, build, generation, epoch, true);
    // A change moves the generation (a gap, the epoch): later callers get a flight key of their own.
    return this.builds.run(`${epoch}\u0000${generation}\u0000${key}`, () =>
      this.keep(family, key, build, generation, epoch, false),
    );
  }

  /**
   * Builds and stores, unless the family changed (its generation, or the epoch) since the build began.
   * The body is encoded once: the bytes kept are the bytes later callers (and those sharing this build)
   * are sent. `asBuilt` (a fresh read) answers the body as built and keeps it so: a string is encoded
   * only if a later read is served it, so a read afresh costs no copy of its body (about 40 µs for a
   * page of 50 projects in a CPU profile of reads afresh).
   * A method, not a closure made per call: tsx names every closure bound to a name (esbuild's
   * keepNames), which costs a defineProperty on each request (about 2 µs, measured in a CPU profile).
   */
  private async keep(
    family: string,
    key: string,
    build: () => Promise<BuiltResponse>,
    generation: number,
    epoch: number,
    asBuilt: boolean,
  ): Promise<BuiltResponse> {
    const built = await build();
    const kept = generation === this.generationOf(family) && epoch === this.epoch;
    if (asBuilt) {
      if (kept) this.store(family, key, built);
      return built;
    }
    const body = typeof built.body === 'string' ? Buffer.from(built.body) : built.body;
    const response = { body, link: built.link };
    if (kept) this.store(family, key, response);
    return response;
  }

  /**
   * A change to `family` that a trigger announces to the other replicas itself: this process drops
   * the family once the transaction commits, so its own next read sees the change.
   */
  invalidate(tx: Tx, family: string): void {
    tx.afterCommit(() => this.drop(family));
  }

  /**
   * A committed change to `family` that no trigger announces: dropped here at once, and announced to
   * the other replicas within a few milliseconds (changes in that window share one notification).
   */
  changed(family: string): void {
    this.drop(family);
    if (!this.announcer) return;
    this.pending.add(family);
    this.timer ??= setTimeout(() => this.flush(), ANNOUNCE_DELAY_MS).unref();
  }

  /** Sends what is pending now (also called on close, so no announcement waits on a timer). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const families = [...this.pending];
    this.pending.clear();
    // A failed announcement (the database is down) leaves the other replicas' entries to expire.
    if (families.length > 0) await this.announcer?.(families).catch(() => {});
  }

  drop(family: string): void {
    this.generations.set(family, this.generationOf(family) + 1);
    for (const key of this.keysOf.get(family) ?? []) {
      this.bytes -= this.entries.get(key)!.bytes;
      this.entries.delete(key);
    }
    this.keysOf.delete(family);
  }

  dropAll(): void {
    this.epoch++;
    this.generations.clear();
    this.entries.clear();
    this.keysOf.clear();
    this.bytes = 0;
  }

  private generationOf(family: string): number {
    return this.generations.get(family) ?? 0;
  }

  /**
   * Keeps a response; one larger than a quarter of the budget never crowds out the rest (0: nothing).
   * A body kept as a string (a read afresh's, as built) counts the most its UTF-8 can take, three bytes
   * a UTF-16 unit, until a read encodes it (get): its exact byte length is a pass over the whole text
   * (3.4 µs of a 50-entity page read afresh, in a profile), which the response's own length takes again.
   */
  private store(family: string, key: string, response: BuiltResponse): void {
    const body = response.body;
    const bytes = entryBytes(typeof body === 'string' ? 3 * body.length : body.length, response.link, key);
    if (bytes > this.maxBytes / 4) return;
    // The same key is the same family (a key starts with its family): its place in the family's keys stays.
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    while (this.bytes + bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldestKey, oldest);
    }
    // A literal, not `{ ...response, ... }`: the spread measured 3.7 µs a store, the literal 0.1 µs.
    const entry = {
      body,
      link: response.link,
      family,
      bytes,
      expiresAt: Date.now() + this.ttlMs,
    };
    this.entries.set(key, entry);
    this.bytes += bytes;
    if (old) return;
    let keys = this.keysOf.get(family);
    if (!keys) this.keysOf.set(family, (keys = new Set()));
    keys.add(key);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const keys = this.keysOf.get(entry.family);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOf.delete(entry.family);
  }
}

/** What an entry counts against the budget: its body's bytes, its Link header and its key. */
const entryBytes = (body: number, link: string | undefined, key: string) =>
  body + (link?.length ?? 0) + key.length;

/** Where a response is cached: its family, and the caller's visibility (who sees the same bytes). */
export interface CacheScope {
  family: string;
  /** Callers with the same value here see the same response for the same URL. */
  visibility: string;
}

/**
 * Answers a GET from the cache, or builds the response with `build` and keeps it. A request with
 * `Cache-Control: no-cache` is read afresh (and refreshes the entry).
 */
export async function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  scope: CacheScope,
  build: () => Promise<BuiltResponse>,
): Promise<FastifyReply> {
  const key = `${scope.family}\u0000${scope.visibility}\u0000${req.url}`;
  const fresh = /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '');
  const response =
    (fresh ? undefined : cache.get(key)) ?? (await cache.load(scope.family, key, build, fresh));
  if (response.link !== undefined) reply.header('link', response.link);
  return reply.type('application/json; charset=utf-8').send(response.body);
}

/** A payload as the route's response schema serializes it, as a response to build (sendCached). */
export const serialized = (
  reply: FastifyReply,
  r: { payload: unknown; link?: string | undefined },
): BuiltResponse => ({ body: reply.serialize(r.payload) as string, link: r.link });
