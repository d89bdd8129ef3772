import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uuidv7, uuidv7Floor } from '../graph/ids.js';
import { issuedAtMs } from './revocation.js';

describe('issuedAtMs', () => {
  it("reads a UUIDv7's instant, with or without hyphens, in either case", () => {
    const at = Date.UTC(2026, 10, 30, 13, 14, 15, 678);
    const id = uuidv7Floor(at).replace(/000000000000$/, '0123456789ab');
    expect(issuedAtMs(id)).toBe(at);
    expect(issuedAtMs(id.toUpperCase())).toBe(at);
    expect(issuedAtMs(id.replace(/-/g, ''))).toBe(at);
    expect(issuedAtMs('ffffffff-ffff-7fff-bfff-ffffffffffff')).toBe(0xffffffffffff);
    expect(issuedAtMs(uuidv7()) - Date.now()).toBeLessThanOrEqual(0);
    expect(Date.now() - issuedAtMs(uuidv7())).toBeLessThan(1000);
  });

  it('answers 0 for anything that is not a UUIDv7', () => {
    const v4 = randomUUID();
    const v7id = uuidv7();
    for (const jti of [
      v4,
      '',
      'not-a-uuid',
      `${v7id}0`,
      v7id.slice(1),
      v7id.replace(/-/g, '_'),
      ` ${v7id.slice(1)}`,
      v7id.slice(0, 8) + v7id.slice(9, 10) + '-' + v7id.slice(10), // a hyphen out of place
      v7id.replace(/[0-9a-f]$/, 'g'),
      v7id.replace(/^[0-9a-f]/, '+'),
      '0x' + v7id.replace(/-/g, '').slice(2),
    ]) {
      expect(issuedAtMs(jti), jti).toBe(0);
    }
  });
});
