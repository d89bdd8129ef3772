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
