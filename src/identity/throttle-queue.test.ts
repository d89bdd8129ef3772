import { describe, expect, it } from 'vitest';
import { ThrottleQueue, type Wake } from './throttle-queue.js';

/** Records which waiters woke, and why, in order. */
function watch(queue: ThrottleQueue, log: string[], name: string, keys: string[], ms = 10_000) {
  const waiter = queue.join(keys);
  const sleep = () =>
    waiter.sleep(ms).then((why: Wake) => {
      log.push(`${name}:${why}`);
    });
  return { waiter, sleep, slept: sleep() };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('ThrottleQueue', () => {
  it('an attempt that ends wakes one waiter: the oldest that shares one of its keys', async () => {
    const queue = new ThrottleQueue();
    const log: string[] = [];
    const a = watch(queue, log, 'a', ['address:1', 'account:x']);
    const b = watch(queue, log, 'b', ['address:2']);
    const c = watch(queue, log, 'c', ['address:2', 'account:y']);
    queue.released(['address:2']);
    await turn();
    expect(log).toEqual(['b:released']);
    queue.released(['account:x', 'address:2']);
    await turn();
    expect(log).toEqual(['b:released', 'a:released']);
    for (const w of [a, b, c]) w.waiter.leave();
    await Promise.all([a.slept, b.slept, c.slept]);
    expect(log).toEqual(['b:released', 'a:released', 'c:timeout']);
  });

  it('a waiter that sleeps again keeps its place ahead of those who came after it', async () => {
    const queue = new ThrottleQueue();
    const log: string[] = [];
    const first = watch(queue, log, 'first', ['k']);
    const second = watch(queue, log, 'second', ['k']);
    queue.released(['k']);
    await first.slept;
    // Awake (counting itself again), it is passed over; asleep again, it is first in line once more.
    queue.released(['k']);
    await second.slept;
    const again = first.sleep();
    const third = watch(queue, log, 'third', ['k']);
    const secondAgain = second.sleep();
    queue.released(['k']);
    await again;
    expect(log).toEqual(['first:released', 'second:released', 'first:released']);
    for (const w of [first, second, third]) w.waiter.leave();
    await Promise.all([secondAgain, third.slept]);
  });

  it('a waiter wakes on its own when its time is up, and one that left is never woken', async () => {
    const queue = new ThrottleQueue();
    const log: string[] = [];
    const short = watch(queue, log, 'short', ['k'], 5);
    await short.slept;
    expect(log).toEqual(['short:timeout']);
    short.waiter.leave();
    const gone = watch(queue, log, 'gone', ['k']);
    gone.waiter.leave();
    await gone.slept;
    const next = watch(queue, log, 'next', ['k']);
    queue.released(['k']);
    await next.slept;
    expect(log).toEqual(['short:timeout', 'gone:timeout', 'next:released']);
    next.waiter.leave();
  });
});
