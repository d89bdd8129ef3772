import { describe, expect, it } from 'vitest';
import { linearRegExp, toRe2, UnsupportedPattern } from './regexp.js';

// Each pattern is run by the JavaScript engine and by the linear one on every input: same answers.
const PATTERNS = [
  '^a*$',
  'f.o',
  '^\\p{Letter}+$',
  '^\\p{Lu}\\P{Lu}*$',
  '^\\p{Script=Greek}+$',
  '\\s',
  '^\\S+$',
  '[\\s,]+',
  '^.$',
  '^[^]$',
  '[]',
  '\\u00e9',
  '\\u{1F600}',
  '\\ud83d\\ude00',
  '^\\d{2,4}-\\w+$',
  '\\bword\\b',
  '[\\b]',
  '\\cJ',
  '\\x41\\/',
  '(?<year>\\d{4})-(?:\\d\\d)',
  'a|b|c',
  '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$',
  '\\$\\^\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|',
];
const INPUTS = [
  '',
  'a',
  'aaa',
  'fxo',
  'f\no',
  'f\u2028o',
  'ÉTÉ',
  'été',
  'αβγ',
  '\u00a0',
  '\ufeff',
  ' ',
  'x y',
  '😀',
  '٣٣',
  '12-ab',
  '1234-x_y',
  'a word here',
  '\b',
  '\n',
  'A/',
  '2026-11',
  'c',
  'my-slug-1',
  '-bad',
  '$^.*+?()[]{}|',
];

describe('ECMA-262 patterns on a linear-time engine', () => {
  it.each(PATTERNS)('%s answers as the JavaScript engine does', (pattern) => {
    const native = new RegExp(pattern, 'u');
    const linear = linearRegExp(pattern, 'u');
    for (const input of INPUTS) expect(linear.test(input), JSON.stringify(input)).toBe(native.test(input));
  });

  it.each(['(a)\\1', '(?<x>a)\\k<x>', 'a(?=b)', 'a(?!b)', '(?<=a)b', '(?<!a)b', '\\p{Alphabetic}', '[\\S]'])(
    '%s is refused (no linear-time match, or not expressible)',
    (pattern) => {
      expect(() => toRe2(pattern)).toThrow(UnsupportedPattern);
    },
  );

  it('answers remembered for short texts stay right, asked again and after the memory fills up', () => {
    // Two patterns that answer the same texts differently: each remembers its own answers.
    const natives = [/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u, /^[A-Z]/u];
    const linears = natives.map((re) => linearRegExp(re.source, 'u'));
    // Matching and failing texts in turn, more than a pattern remembers, each asked twice (the second
    // time from memory, or again after the memory was cleared), and texts too long to remember.
    const texts = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `Bad-${i}` : `ok-${i}`));
    texts.push('a'.repeat(300), `${'a'.repeat(300)}-`, '-', '');
    for (const round of [1, 2]) {
      for (const text of texts) {
        natives.forEach((native, i) =>
          expect(linears[i]!.test(text), `${native.source} on ${text} (round ${round})`).toBe(
            native.test(text),
          ),
        );
      }
    }
  });

  it('invalid ECMA-262 is a SyntaxError, as with the JavaScript engine', () => {
    expect(() => linearRegExp('(', 'u')).toThrow(SyntaxError);
    expect(() => linearRegExp('\\p{Nope}', 'u')).toThrow(SyntaxError);
  });

  // A backtracking engine would not finish this within the age of the universe, let alone the test's
  // time limit; a linear one answers at once.
  it('^(a+)+$ on a long almost-matching text is answered', () => {
    expect(linearRegExp('^(a+)+$', 'u').test(`${'a'.repeat(100_000)}!`)).toBe(false);
    expect(linearRegExp('^(a|aa)+$', 'u').test(`${'a'.repeat(100_000)}!`)).toBe(false);
  });
});
