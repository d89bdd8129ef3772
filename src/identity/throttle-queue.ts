// The sign-in attempts of this process that wait for room under the throttle's limits (throttle.ts).
// An attempt that ends frees a place on its counters, so it wakes the oldest sleeping waiter that
// shares one of them, which counts itself again. The queue orders these wake-ups only: an attempt that
// arrives meanwhile, or a waiter that wakes on its own, counts itself too and may take the place
// first. A waiter wakes on its own after a while, since an attempt that another replica ends wakes
// no one here.

/** Why a waiter woke: an attempt on one of its counters ended here, or its time was up. */
export type Wake = 'released' | 'timeout';

export class ThrottleQueue {
  /** The waiters on each counter key, in arrival order: a waiter keeps its place while it waits. */
  private readonly byKey = new Map<string, Set<Waiter>>();
  private arrivals = 0;

  /** Joins the queue of each of its keys, at the end; `leave` when the attempt no longer waits. */
  join(keys: readonly string[]): Waiter {
    const waiter = new Waiter(this.arrivals++, () => {
      for (const key of keys) {
        const waiters = this.byKey.get(key);
        waiters?.delete(waiter);
        if (waiters?.size === 0) this.byKey.delete(key);
      }
    });
    for (const key of keys) {
      let waiters = this.byKey.get(key);
      if (!waiters) this.byKey.set(key, (waiters = new Set()));
      waiters.add(waiter);
    }
    return waiter;
  }

  /** An attempt counted on `keys` ended: the oldest sleeping waiter sharing one of them wakes. */
  released(keys: readonly string[]): void {
    let oldest: Waiter | undefined;
    for (const key of keys) {
      for (const waiter of this.byKey.get(key) ?? []) {
        if (!waiter.sleeping) continue;
        if (!oldest || waiter.arrival < oldest.arrival) oldest = waiter;
        break;
      }
    }
    oldest?.wake('released');
  }
}

export class Waiter {
  private resume: ((wake: Wake) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Its place: lower arrived first. */
    readonly arrival: number,
    private readonly remove: () => void,
  ) {}

  get sleeping(): boolean {
    return this.resume !== undefined;
  }

  /** Sleeps until an attempt on one of its keys ends here, or for `ms` at the most. */
  sleep(ms: number): Promise<Wake> {
    return new Promise((resolve) => {
      this.resume = resolve;
      this.timer = setTimeout(() => this.wake('timeout'), ms);
    });
  }

  wake(why: Wake): void {
    const resume = this.resume;
    if (!resume) return;
    this.resume = undefined;
    clearTimeout(this.timer);
    resume(why);
  }

  leave(): void {
    this.wake('timeout');
    this.remove();
  }
}
