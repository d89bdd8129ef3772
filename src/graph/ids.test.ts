import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from './ids.js';

describe('uuidv7', () => {
  it('gives distinct, valid, time-ordered version 7 ids across many pool refills', () => {
    const ids = Array.from({ length: 5000 }, () => uuidv7());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]!);
    }
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the current time in its first 48 bits', () => {
    const before = Date.now();
    const ms = parseInt(uuidv7().replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 4096);
  });

  it('random parts differ between ids of the same millisecond', () => {
    const tails = new Set(Array.from({ length: 1000 }, () => uuidv7().slice(19)));
    expect(tails.size).toBe(1000);
  });
});
