import { describe, expect, it } from 'vitest';
import { backoffMs, Sleeper, startLoop } from './background.js';

describe('backoffMs: exponential with equal jitter', () => {
  it('lies between half the ceiling and the ceiling, and never above the cap', () => {
    for (const attempt of [0, 1, 2, 5, 40]) {
      const ceiling = Math.min(10_000, 100 * 2 ** attempt);
      expect(backoffMs(attempt, 100, 10_000, () => 0)).toBe(ceiling / 2);
      expect(backoffMs(attempt, 100, 10_000, () => 0.999999)).toBeLessThanOrEqual(ceiling);
      expect(backoffMs(attempt, 100, 10_000, () => 0.999999)).toBeGreaterThan(ceiling * 0.99);
    }
  });
});

describe('Sleeper', () => {
  it('wake() ends the wait in progress, stop() ends it and every later one', async () => {
    const sleeper = new Sleeper();
    const woken = sleeper.sleep(60_000);
    sleeper.wake();
    await woken;
    const stopped = sleeper.sleep(60_000);
    sleeper.stop();
    await stopped;
    expect(sleeper.stopped).toBe(true);
    await sleeper.sleep(60_000); // returns at once once stopped
  });
});

describe('startLoop', () => {
  it('backs off after failed passes, resets after a good one, and stops in order', async () => {
    const events: string[] = [];
    let calls = 0;
    const waits: number[] = [];
    const loop = startLoop({
      name: 'test',
      backoff: { baseMs: 1, maxMs: 4 },
      async pass() {
        calls += 1;
        if (calls <= 3) throw new Error(`failure ${calls}`);
        events.push('ok');
        return calls >= 5 ? 60_000 : 0;
      },
      onError(err, attempt, retryInMs) {
        events.push(`${(err as Error).message} (attempt ${attempt})`);
        waits.push(retryInMs);
      },
      onStop: async () => void events.push('stopped'),
    });
    for (let i = 0; i < 200 && calls < 5; i++) await new Promise((r) => setTimeout(r, 5));
    await loop.stop();
    expect(events).toEqual([
      'failure 1 (attempt 1)',
      'failure 2 (attempt 2)',
      'failure 3 (attempt 3)',
      'ok',
      'ok',
      'stopped',
    ]);
    expect(waits[0]).toBeLessThanOrEqual(1);
    expect(waits[2]).toBeLessThanOrEqual(4);
    expect(waits[2]).toBeGreaterThanOrEqual(2);
  });

  it('wake() starts the next pass at once instead of after its wait', async () => {
    let calls = 0;
    const loop = startLoop({
      name: 'test',
      backoff: { baseMs: 1, maxMs: 1 },
      pass: async () => (calls += 1) && 60_000,
      onError: () => {},
    });
    for (let i = 0; i < 100 && calls < 1; i++) await new Promise((r) => setTimeout(r, 5));
    loop.wake();
    for (let i = 0; i < 100 && calls < 2; i++) await new Promise((r) => setTimeout(r, 5));
    expect(calls).toBe(2);
    await loop.stop();
  });

  it('aborts the signal of a pass that runs past its timeout', async () => {
    const reasons: string[] = [];
    const loop = startLoop({
      name: 'test',
      backoff: { baseMs: 60_000, maxMs: 60_000 },
      timeoutMs: 20,
      pass: (signal) =>
        new Promise<number>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      onError: (err) => reasons.push((err as Error).name),
    });
    for (let i = 0; i < 100 && reasons.length < 1; i++) await new Promise((r) => setTimeout(r, 5));
    await loop.stop();
    expect(reasons[0]).toBe('TimeoutError');
  });
});
