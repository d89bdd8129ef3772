import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.js';

const page = (body: string) => async () => ({ body: Buffer.from(body), link: undefined });

/** A load of `body` that finishes only when `release` is called (to race it against a change). */
function heldLoad(cache: PageCache, family: string, key: string, body: string, fresh = false) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const loading = cache.load(
    family,
    key,
    async () => {
      await gate;
      return { body, link: undefined };
    },
    fresh,
  );
  return { loading, release };
}

describe('PageCache', () => {
  it('keeps a built response until its family changes; other families stay', async () => {
    const cache = new PageCache(1 << 20);
    await cache.load('projects', 'projects/k', page('[1]'));
    await cache.load('plugin:x', 'plugin:x/k', page('[2]'));
    expect(cache.get('projects/k')?.body.toString()).toBe('[1]');
    cache.drop('projects');
    expect(cache.get('projects/k')).toBeUndefined();
    expect(cache.get('plugin:x/k')?.body.toString()).toBe('[2]');
  });

  it('does not keep a response whose family changed while it was built', async () => {
    const cache = new PageCache(1 << 20);
    const { loading, release } = heldLoad(cache, 'projects', 'projects/k', '[stale]');
    cache.changed('projects');
    release();
    expect((await loading).body.toString()).toBe('[stale]'); // the reader that raced gets its answer...
    expect(cache.get('projects/k')).toBeUndefined(); // ...which nobody else is served
  });

  it('does not keep a response built across a notification gap', async () => {
    const cache = new PageCache(1 << 20);
    const { loading, release } = heldLoad(cache, 'projects', 'projects/k', '[x]');
    cache.dropAll();
    release();
    await loading;
    expect(cache.get('projects/k')).toBeUndefined();
  });

  it('builds a key once for the callers that ask while it is being built (no stampede on expiry)', async () => {
    const cache = new PageCache(1 << 20);
    let builds = 0;
    const { loading, release } = heldLoad(cache, 'projects', 'projects/k', '[1]');
    const joined = Array.from({ length: 49 }, () =>
      cache.load('projects', 'projects/k', async () => {
        builds++;
        return { body: Buffer.from('[other]'), link: undefined };
      }),
    );
    release();
    const bodies = await Promise.all([loading, ...joined].map(async (p) => (await p).body.toString()));
    expect(builds).toBe(0);
    expect(new Set(bodies)).toEqual(new Set(['[1]']));
    expect(cache.get('projects/k')?.body.toString()).toBe('[1]');
  });

  it('never hands a caller a build that began before its family changed', async () => {
    const cache = new PageCache(1 << 20);
    const before = heldLoad(cache, 'projects', 'projects/k', '[before]');
    cache.changed('projects'); // a write committed: whoever asks now must see it
    const after = cache.load('projects', 'projects/k', page('[after]'));
    expect((await after).body.toString()).toBe('[after]');
    before.release();
    expect((await before.loading).body.toString()).toBe('[before]');
    expect(cache.get('projects/k')?.body.toString()).toBe('[after]');

    const gap = heldLoad(cache, 'teams', 'teams/k', '[before the gap]');
    cache.dropAll(); // notifications were missed: any family may have changed
    expect((await cache.load('teams', 'teams/k', page('[after the gap]'))).body.toString()).toBe(
      '[after the gap]',
    );
    gap.release();
    await gap.loading;
  });

  it('reads afresh when asked to, even while a build of the key is under way', async () => {
    const cache = new PageCache(1 << 20);
    const held = heldLoad(cache, 'projects', 'projects/k', '[held]');
    expect((await cache.load('projects', 'projects/k', page('[fresh]'), true)).body.toString()).toBe(
      '[fresh]',
    );
    held.release();
    await held.loading;
  });

  it('a read afresh answers its body as built (a string, not copied) and the next read gets its bytes', async () => {
    const text = JSON.stringify([{ name: 'Größe – 大' }]);
    // A body kept as built counts three bytes a character (the most UTF-8 takes) until it is encoded:
    // room for that and its key, and no more.
    const quarter = 3 * text.length + 'projects/k'.length;
    const cache = new PageCache(4 * quarter);
    const built = await cache.load(
      'projects',
      'projects/k',
      async () => ({ body: text, link: undefined }),
      true,
    );
    expect(built.body).toBe(text);
    const served = cache.get('projects/k');
    expect(Buffer.isBuffer(served?.body)).toBe(true);
    expect(served!.body.equals(Buffer.from(text))).toBe(true);
    expect(cache.get('projects/k')!.body).toBe(served!.body); // encoded once
    // Encoded, it counts its own bytes: four more entries of 60 bytes fit beside it (they would not
    // beside the three bytes a character it counted before).
    const encoded = Buffer.byteLength(text) + 'projects/k'.length;
    expect(encoded + 4 * 60).toBeLessThanOrEqual(4 * quarter);
    expect(quarter + 4 * 60).toBeGreaterThan(4 * quarter);
    for (let i = 1; i <= 4; i++) {
      const body = 'x'.repeat(60 - `projects/e${i}`.length);
      await cache.load('projects', `projects/e${i}`, async () => ({ body, link: undefined }));
    }
    expect(cache.get('projects/k')?.body).toBe(served!.body);
    // A string body over a quarter of the budget so counted is not kept, though its bytes would fit.
    const wide = 'x'.repeat(text.length + 1);
    expect(Buffer.byteLength(wide) + 'projects/w'.length).toBeLessThan(quarter);
    await cache.load('projects', 'projects/w', async () => ({ body: wide, link: undefined }), true);
    expect(cache.get('projects/w')).toBeUndefined();
  });

  it('a read afresh refreshes the entry, unless the family changed while it read', async () => {
    const cache = new PageCache(1 << 20);
    await cache.load('projects', 'projects/k', page('[old]'));
    await cache.load('projects', 'projects/k', page('[new]'), true);
    expect(cache.get('projects/k')?.body.toString()).toBe('[new]');

    const raced = heldLoad(cache, 'projects', 'projects/k', '[raced]', true);
    cache.changed('projects');
    raced.release();
    expect((await raced.loading).body.toString()).toBe('[raced]');
    expect(cache.get('projects/k')).toBeUndefined();
  });

  it('fails the callers that joined a failed build, keeps nothing, and builds again for the next', async () => {
    const cache = new PageCache(1 << 20);
    let fail!: (err: Error) => void;
    const failing = cache.load(
      'projects',
      'projects/k',
      () => new Promise<never>((_resolve, reject) => (fail = reject)),
    );
    const joined = cache.load('projects', 'projects/k', page('[unused]'));
    fail(new Error('database down'));
    await expect(failing).rejects.toThrow('database down');
    await expect(joined).rejects.toThrow('database down');
    expect(cache.get('projects/k')).toBeUndefined();
    expect((await cache.load('projects', 'projects/k', page('[2]'))).body.toString()).toBe('[2]');
  });

  it('expires entries', async () => {
    const cache = new PageCache(1 << 20, undefined, 1000);
    // The entry is stamped when its build ends, somewhere between these two instants.
    const before = Date.now();
    await cache.load('projects', 'projects/k', page('[1]'));
    const after = Date.now();
    expect(cache.get('projects/k', before + 999)?.body.toString()).toBe('[1]');
    expect(cache.get('projects/k', after + 1000)).toBeUndefined();
  });

  it('stays within its byte budget, dropping the oldest entries first', async () => {
    const cache = new PageCache(4000);
    for (let i = 0; i < 10; i++) await cache.load('f', `f/k${i}`, page('x'.repeat(900)));
    const kept = Array.from({ length: 10 }, (_, i) => cache.get(`f/k${i}`) !== undefined);
    expect(kept).toEqual([false, false, false, false, false, false, true, true, true, true]);
    await cache.load('f', 'f/huge', page('x'.repeat(2000))); // over a quarter of the budget: never kept
    expect(cache.get('f/huge')).toBeUndefined();
    expect(cache.get('f/k9')).toBeDefined();
  });

  it('keeps nothing when its budget is 0', async () => {
    const cache = new PageCache(0);
    expect((await cache.load('f', 'f/k', page('[1]'))).body.toString()).toBe('[1]');
    expect(cache.get('f/k')).toBeUndefined();
  });

  it('announces the changes of a few milliseconds in one call, each family once', async () => {
    const calls: string[][] = [];
    const cache = new PageCache(1 << 20, async (families) => void calls.push(families));
    cache.changed('plugin:a');
    cache.changed('plugin:b');
    cache.changed('plugin:a');
    expect(calls).toEqual([]);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual([['plugin:a', 'plugin:b']]);
    cache.changed('plugin:c');
    await cache.flush(); // on close: nothing waits on the timer
    expect(calls).toEqual([['plugin:a', 'plugin:b'], ['plugin:c']]);
  });

  it('a failed announcement is not an error for the writer', async () => {
    const cache = new PageCache(1 << 20, async () => {
      throw new Error('database down');
    });
    cache.changed('plugin:a');
    await expect(cache.flush()).resolves.toBeUndefined();
  });
});
