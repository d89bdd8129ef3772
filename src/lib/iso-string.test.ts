import { expect, it } from 'vitest';
import { isoString } from './iso-string.js';

it('writes what toISOString writes, for every kind of instant', () => {
  const fixed = [
    0,
    1,
    999,
    86_399_999,
    86_400_000,
    951_782_400_000, // 2000-02-29 (a leap day in a century year)
    4_107_456_000_000, // 2100-02-28
    4_107_542_400_000, // 2100-03-01 (2100 is not a leap year)
    1_764_390_300_123,
    253_402_300_799_999, // the last millisecond of 9999
  ];
  for (const t of fixed) expect(isoString(new Date(t)), String(t)).toBe(new Date(t).toISOString());
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 100_000; i++) {
    const t = Math.floor(random() * 253_402_300_800_000);
    const want = new Date(t).toISOString();
    if (isoString(new Date(t)) !== want) throw new Error(`${t}: ${isoString(new Date(t))} against ${want}`);
  }
  // Outside 1970-9999 toISOString answers (or throws) itself.
  expect(isoString(new Date(-1))).toBe('1969-12-31T23:59:59.999Z');
  expect(isoString(new Date(253_402_300_800_000))).toBe('+010000-01-01T00:00:00.000Z');
  expect(() => isoString(new Date(NaN))).toThrow(RangeError);
});
