import { describe, expect, it } from 'vitest';
import { createSlots } from './slots.js';

/** A piece of work that runs until `finish` is called. */
function held() {
  let finish!: (value: string) => void;
  let fail!: (err: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { work: () => done, finish, fail };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('slots', () => {
  it('runs at most `size` at once; the others start in order of arrival as slots free', async () => {
    const slots = createSlots(2, 10, () => new Error('full'));
    const started: number[] = [];
    const works = Array.from({ length: 5 }, () => held());
    const runs = works.map((w, i) =>
      slots.run(() => {
        started.push(i);
        return w.work();
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([slots.busy, slots.waiting]).toEqual([2, 3]);
    works[1]!.finish('b');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    works[0]!.finish('a');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    works[3]!.finish('d');
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    works[2]!.finish('c');
    works[4]!.finish('e');
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([slots.busy, slots.waiting]).toEqual([0, 0]);
  });

  it('a failed run frees its slot and its error reaches its caller', async () => {
    const slots = createSlots(1, 10, () => new Error('full'));
    const first = held();
    const failed = slots.run(first.work);
    const second = slots.run(async () => 'second');
    first.fail(new Error('statement timeout'));
    await expect(failed).rejects.toThrow('statement timeout');
    expect(await second).toBe('second');
    expect(slots.busy).toBe(0);
  });

  it('a request beyond the waiting bound gets the error made for it, and the queue is untouched', async () => {
    const slots = createSlots(1, 2, () => new RangeError('too many waiting'));
    const first = held();
    const runs = [slots.run(first.work), slots.run(async () => 'w1'), slots.run(async () => 'w2')];
    const refused = await slots.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RangeError);
    expect((refused as Error).message).toBe('too many waiting');
    expect(slots.waiting).toBe(2);
    first.finish('first');
    expect(await Promise.all(runs)).toEqual(['first', 'w1', 'w2']);
  });
});
