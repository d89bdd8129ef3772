// The sign-in attempts of this process that wait for room under the throttle's limits (throttle.ts),
// in the order they arrived. An attempt that ends frees a place on its counters, so it wakes the
// oldest sleeping waiter that shares one of them: a burst of attempts on one account goes in one
// after another, in order, each counting itself once more only when a place may be free. A waiter
// also wakes on its own after a while, since an attempt that another replica ends wakes no one here.

/** Why a waiter woke: an attempt on one of its counters ended here, or its time was up. */
export type Wake = 'released' | 'timeout';

export class ThrottleQueue {
  /** In arrival order: a waiter keeps its place however often it wakes and sleeps again. */
  private readonly waiting = new Set<Waiter>();

  /** Joins the queue at its end; `leave` when the attempt no longer waits. */
  join(keys: readonly string[]): Waiter {
    const waiter = new Waiter(keys, () => this.waiting.delete(waiter));
    this.waiting.add(waiter);
    return waiter;
  }

  /** An attempt counted on `keys` ended: the oldest sleeping waiter sharing one of them wakes. */
  released(keys: readonly string[]): void {
    for (const waiter of this.waiting) {
      if (waiter.sleeping && waiter.keys.some((k) => keys.includes(k))) {
        waiter.wake('released');
        return;
      }
    }
  }
}

export class Waiter {
  private resume: ((wake: Wake) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly keys: readonly string[],
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
