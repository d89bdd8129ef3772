// Slots for one kind of heavy statement: at most `size` run at once in this process, the others wait
// their turn in order of arrival. A statement whose cost grows with the data (a walk of the dependency
// graph) run by every request at once shares the database's cores among all of them, so the largest
// answers take as many times longer as there are requests beside them. Run a few at a time, each
// finishes at full speed, and the largest wait about as long as the rest instead (docs/scale.md, "The
// blast radius in turns").
export interface Slots {
  /** Runs `work` in a slot: at once when one is free, else after the requests that came before. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Statements running and requests waiting, now. */
  readonly busy: number;
  readonly waiting: number;
}

/**
 * `size` slots, and at most `maxWaiting` requests waiting for one; a request beyond that gets the
 * error `full()` makes (the process is busy with this kind of statement, and a longer queue would
 * only answer later what the client may ask again).
 */
export function createSlots(size: number, maxWaiting: number, full: () => Error): Slots {
  let busy = 0;
  const queue: Array<() => void> = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (busy < size) busy++;
      else {
        if (queue.length >= maxWaiting) throw full();
        // The slot is handed over by the request that frees it (busy stays the same).
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await work();
      } finally {
        const next = queue.shift();
        if (next) next();
        else busy--;
      }
    },
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
  };
}
