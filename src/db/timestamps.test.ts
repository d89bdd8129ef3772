import pg from 'pg';
import { describe, expect, it } from 'vitest';
import './sql.js';
import { parseTimestamptz, pgParseTimestamptz as pgParse } from './timestamps.js';
const same = (text: string) => {
  const a = parseTimestamptz(text);
  const b = pgParse(text);
  if (a instanceof Date && b instanceof Date)
    return a.getTime() === b.getTime() || (isNaN(a.getTime()) && isNaN(b.getTime()));
  return Object.is(a, b) || a === b;
};

describe('parseTimestamptz', () => {
  it("is the parser pg uses for timestamptz, and is not pg's own", () => {
    expect(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text')).toBe(parseTimestamptz);
    expect(pgParse).not.toBe(parseTimestamptz);
    expect(pgParse('2026-11-29 04:25:00.123456+00')).toEqual(new Date('2026-11-29T04:25:00.123Z'));
  });

  it('reads PostgreSQL ISO timestamps as pg does, to the millisecond', () => {
    expect(parseTimestamptz('2026-11-29 04:25:00.123456+00')).toEqual(new Date('2026-11-29T04:25:00.123Z'));
    expect(parseTimestamptz('2026-11-29 04:25:00+05:30')).toEqual(new Date('2026-11-28T22:55:00Z'));
    expect(parseTimestamptz('2026-11-29 04:25:00.5-08')).toEqual(new Date('2026-11-29T12:25:00.500Z'));
    expect(parseTimestamptz('1901-12-13 20:45:52+00:09:21')).toEqual(new Date('1901-12-13T20:36:31Z'));
  });

  it('gives the same value as pg for every fraction length and zone, and for random instants', () => {
    const zones = ['+00', '-08', '+05:30', '-03:30', '+14', '+00:09:21', '-00:25:21'];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const two = (n: number) => String(n).padStart(2, '0');
    for (let i = 0; i < 20_000; i++) {
      const y = 100 + Math.floor(random() * 9900);
      const text =
        `${String(y).padStart(4, '0')}-${two(1 + Math.floor(random() * 12))}-${two(1 + Math.floor(random() * 28))} ` +
        `${two(Math.floor(random() * 24))}:${two(Math.floor(random() * 60))}:${two(Math.floor(random() * 60))}` +
        (i % 7 === 0
          ? ''
          : '.' +
            String(Math.floor(random() * 1e6))
              .padStart(6, '0')
              .slice(0, 1 + (i % 6))) +
        zones[i % zones.length];
      if (!same(text))
        throw new Error(`${text}: ${String(parseTimestamptz(text))} against ${String(pgParse(text))}`);
    }
    // Every millisecond fraction written with three digits, and with six.
    for (let ms = 0; ms < 1000; ms++) {
      for (const f of [String(ms).padStart(3, '0'), String(ms).padStart(3, '0') + '999']) {
        const text = `2026-03-29 01:59:59.${f}+00`;
        if (!same(text))
          throw new Error(`${text}: ${String(parseTimestamptz(text))} against ${String(pgParse(text))}`);
      }
    }
  });

  it('leaves every other shape to pg', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0044-03-15 12:00:00+00 BC',
      '0099-01-01 00:00:00+00',
      '12026-01-01 00:00:00+00',
      '2026-11-29T04:25:00Z',
      '2026-11-29 04:25:00',
      '2026-11-29 04:25:00+0x',
      '2026-11-29 04:25:00+05:3x',
    ]) {
      expect(same(text), text).toBe(true);
    }
  });
});
