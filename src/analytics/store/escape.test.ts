// The escaper's shape, without an engine; the round trips through both engines are in
// test/analytics-store/contract.ts.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ident, lit, litList } from './escape.js';

describe('lit', () => {
  it('produces one quoted token: every quote and backslash inside is escaped', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = lit(s);
        expect(out.startsWith("'") && out.endsWith("'")).toBe(true);
        const body = out.slice(1, -1);
        // Remove escape pairs; what remains may hold no quote, backslash or control character.
        // eslint-disable-next-line no-control-regex -- control characters are what must not remain
        expect(/['\\\u0000-\u001f\u007f]/.test(body.replace(/\\(?:x[0-9a-f]{2}|.)/g, ''))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses values it cannot inline exactly', () => {
    expect(() => lit(Number.POSITIVE_INFINITY)).toThrow();
    expect(() => lit(Number.NaN)).toThrow();
    expect(() => lit(new Date(Number.NaN))).toThrow();
    expect(() => lit({} as never)).toThrow();
    expect(() => litList([])).toThrow();
  });

  it('keeps negative numbers one operand (no "--" comment after a minus)', () => {
    expect(`1-${lit(-1)}`).toBe('1-(-1)');
    expect(lit(5e-324)).toMatch(/^\(.+ \* 2\.2250738585072014e-308\)$/);
  });
});

describe('ident', () => {
  it('accepts plain names and refuses anything else', () => {
    expect(ident('score_history')).toBe('score_history');
    for (const bad of ['', '1a', 'a b', 'a;b', 'a`', 'a.b', "a'", 'x'.repeat(129)]) {
      expect(() => ident(bad)).toThrow();
    }
  });
});
