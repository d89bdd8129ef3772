import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';
import { uuidv7, isUuid } from '../graph/ids.js';

describe('TtlCache', () => {
  it('expires entries after the TTL and evicts the oldest past the bound', () => {
    const c = new TtlCache<string, number>(1000, 2);
    c.set('a', 1, 0);
    expect(c.get('a', 999)).toBe(1);
    expect(c.get('a', 1000)).toBeUndefined();
    c.set('a', 1, 0);
    c.set('b', 2, 0);
    c.set('c', 3, 0);
    expect(c.get('a', 1)).toBeUndefined();
    expect(c.get('c', 1)).toBe(3);
  });
  it('a zero TTL caches nothing', () => {
    const c = new TtlCache<string, number>(0);
    c.set('a', 1);
    expect(c.get('a')).toBeUndefined();
  });
});

describe('uuidv7', () => {
  it('is a valid, strictly increasing UUID within a process', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id) => id[14] === '7')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('TtlCache.load', () => {
  it('caches what it loaded, unless a clear() ran while it loaded', async () => {
    const c = new TtlCache<string, string>(10_000);
    expect(await c.load('a', async () => 'first')).toBe('first');
    expect(await c.load('a', async () => 'second')).toBe('first');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = c.load('b', async () => {
      await gate;
      return 'stale';
    });
    c.clear(); // a change committed while the read was in flight
    release();
    expect(await pending).toBe('stale');
    expect(await c.load('b', async () => 'fresh')).toBe('fresh');
  });
  it('keeps only what `keep` allows', async () => {
    const c = new TtlCache<string, string | undefined>(10_000);
    await c.load(
      'miss',
      async () => undefined,
      (v) => v !== undefined,
    );
    expect(
      await c.load(
        'miss',
        async () => 'now here',
        (v) => v !== undefined,
      ),
    ).toBe('now here');
  });
});
