/** A bounded in-process cache whose entries expire after a fixed time. */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();
  /** Moves on every clear(), so a load that raced an invalidation does not store what it read. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Drop the oldest insertion; Map iterates in insertion order.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  /**
   * The cached value, or the loader's, which is cached (when `keep` allows) only if no clear() ran
   * while it loaded: a read that overlapped a committed change must not outlive the change.
   */
  async load(key: K, loader: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const value = await loader();
    if (generation === this.generation && keep(value)) this.set(key, value);
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
