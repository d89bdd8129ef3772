// The formats plugin schemas may name are checked in linear time (src/json-schema/formats.ts) and mean
// what ajv-formats' "full" formats of the same names mean: both are run on generated text built from
// the pieces each grammar cares about. Short texts only: ajv-formats' expressions backtrack.
import addFormatsPlugin from 'ajv-formats';
import { formatNames } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_FORMATS } from '../../src/json-schema/formats.js';

const ajvFormat = (name: string): ((s: string) => boolean) => {
  const f = (addFormatsPlugin as unknown as { get: (n: string) => unknown }).get(name);
  if (f instanceof RegExp) return (s) => new RegExp(f.source, f.flags).test(s);
  if (typeof f === 'function') return f as (s: string) => boolean;
  const validate = (f as { validate: RegExp | ((s: string) => boolean) }).validate;
  return validate instanceof RegExp ? (s) => validate.test(s) : validate;
};
const linear = (name: string) => {
  const f = LINEAR_FORMATS[name];
  if (f === true || f === undefined) throw new Error(`${name} has no check`);
  return f.validate as (s: string) => boolean;
};

const COMMON = [
  '',
  'a',
  'Z',
  '0',
  '1',
  '9',
  ' ',
  '\n',
  '\u000e',
  '\u0010',
  '\u0046',
  '\u00e9',
  '\u3000',
  '\u{1F600}',
  '\ud800',
  '-',
  '.',
];
const DIGITS = ['0', '1', '2', '5', '9', '00', '12', '23', '29', '59', '60', '61'];
const HEX = ['a', 'F', '0', '9', 'ab12', 'ffff', '1:', '::', ':', 'g'];
const URIISH = ['http', 'https', 'ftp', 'mailto', ':', '//', '/', '?', '#', '@', '%', '%2F', '%zz', '[', ']'];

/** Pieces each format's text is built from (plus COMMON). */
const PIECES: Record<string, string[]> = {
  date: ['2024', '2023', '1900', '2000', '-', '02', '29', '30', '31', '13', '00', '1', ...DIGITS],
  time: [...DIGITS, ':', '.', 'z', 'Z', '+', '-', '05', '30', '23', '59', '60', '00:00', 't'],
  'date-time': [
    '2024-02-29',
    '2023-02-29',
    't',
    'T',
    ' ',
    '23:59:60',
    '12:00:00',
    'z',
    '+01:00',
    '-',
    ...DIGITS,
  ],
  'iso-time': [...DIGITS, ':', '.', 'z', '+', '-', '05', '23', '59', '60'],
  'iso-date-time': ['2024-02-29', 'T', 't', ' ', '\t', '23:59:60', '12:00:00', 'Z', '+0100', ...DIGITS],
  duration: ['P', 'T', 'Y', 'M', 'D', 'W', 'H', 'S', '1', '12', 'p', 't'],
  uri: [...URIISH, ...HEX, 'x', 'A', '1.2.3.4', 'v1.x', 'V1', '\\', '"', '{', '`', '|'],
  'uri-reference': [...URIISH, ...HEX, 'x', '"', '\\', '1.2.3.4'],
  'uri-template': [
    '{',
    '}',
    '+',
    '#',
    ',',
    ':',
    '*',
    '%41',
    '%',
    'var',
    '1',
    '0',
    '10000',
    '/',
    '"',
    "'",
    '<',
    '\u007f',
  ],
  url: [
    'http://',
    'https://',
    'ftp://',
    'HTTP://',
    ':',
    '@',
    '/',
    'a',
    'B',
    'com',
    'x.com',
    '.',
    '-',
    '10',
    '127',
    '172',
    '16',
    '31',
    '192',
    '168',
    '169',
    '254',
    '255',
    '223',
    '224',
    '8.8.8.8',
    '1',
    '0',
    '80',
    '\u00e9',
    '\u00a0',
    '\u3000',
    ' ',
  ],
  email: ['a', 'B', '.', '@', '-', 'x.y', '+', '!', '"', ' ', 'com', '1'],
  hostname: ['a', 'B', '1', '-', '.', 'x'.repeat(63), 'x'.repeat(64), '_', '..'],
  ipv4: ['1', '0', '255', '256', '01', '.', '192.168.0.1', '1.2.3'],
  ipv6: HEX,
  regex: ['a', '(', ')', '[', ']', '\\', 'Z', '\\Z', '\\\\Z', '*', '+', '?', '{1}', '(?<n>', '\\k<n>', '\\a'],
  uuid: ['urn:uuid:', 'URN:UUID:', '-', '0', 'a', 'F', 'g', '01234567', '0123', '0123456789ab'],
  'json-pointer': ['/', '~0', '~1', '~', 'a', '~2', '#'],
  'json-pointer-uri-fragment': ['#', '/', '~0', '~1', '~', 'a', '%41', '%', '{', '"'],
  'relative-json-pointer': ['0', '1', '10', '01', '#', '/', '~0', '~1', '~', 'a'],
  byte: ['QUJD', 'QQ==', 'QUI=', '=', '==', 'Q', '+/', '\n', '!', '-_'],
};

/** Valid texts of each format, which the generator also mutates piece by piece. */
const SEEDS: Record<string, string[]> = {
  date: ['2024-02-29', '2023-12-31', '1999-01-01', '2000-02-29'],
  time: ['23:59:60Z', '12:00:00z', '12:00:00.123+05:30', '00:59:60+01:00', '08:30:00-0800', '23:59:59+23'],
  'date-time': ['2024-02-29T23:59:60Z', '2024-01-01t12:00:00+01:00', '2000-02-29 00:00:00.5Z'],
  'iso-time': ['23:59:60Z', '12:00:00', '12:00:00.123+05:30', '08:30:00-08'],
  'iso-date-time': ['2024-02-29T23:59:60Z', '2024-01-01t12:00:00', '2000-02-29 00:00:00.5+0100'],
  duration: ['P1Y', 'PT1H', 'P1W', 'P1Y2M3DT4H5M6S', 'P12D', 'PT0S', 'P1MT1M'],
  uri: ['http://a.b/c?d#e', 'mailto:x@y', 'urn:isbn:1', 'http://[::1]:80/', 'h://u@1.2.3.4/%20'],
  'uri-reference': ['//a/b', '/x?y', 'x#y', 'http://a/b', '', '#', '?q'],
  'uri-template': ['http://x/{a}', '{+a,b:3}', '/{#x*}', 'a{.b}c', '{%41}'],
  url: [
    'http://example.com',
    'https://u:p@x.co.uk:8080/p?q',
    'ftp://8.8.8.8/x',
    'http://a@b.com/@c.org',
    'http://172.32.0.1',
    'http://169.253.1.1/',
    'http://\u00e9x.\u00e9\u00e9',
  ],
  email: ['a@b.co', 'x.y+z@a-b.example', "!#$%&'*+/=?^_`{|}~-@x.y"],
  hostname: ['a.b', 'x-y.z.', 'a', '1.2.3.4', `${'x'.repeat(63)}.y`],
  ipv4: ['1.2.3.4', '255.255.255.255', '0.0.0.0', '10.0.0.1'],
  ipv6: ['::1', '1:2:3:4:5:6:7:8', 'fe80::1:2', '::ffff:1.2.3.4', '1::'],
  uuid: ['01234567-89ab-cdef-0123-456789abcdef', 'urn:uuid:01234567-89AB-cdef-0123-456789abcdef'],
  'json-pointer': ['', '/a', '/a~0b/~1', '/'],
  'json-pointer-uri-fragment': ['#', '#/a', '#/a~0b/%41'],
  'relative-json-pointer': ['0', '1#', '10/a~1b', '2/'],
};

/** Where the linear check knowingly means something else than ajv-formats (docs/plugins.md). */
const DIFFERENT: Record<string, string> = {
  byte: "ajv-formats' pattern has the m flag: any one line of base64 passed",
  regex: 'the pattern must be valid with the u flag, as `pattern` is read',
};

const text = (name: string) => {
  const piece = fc.constantFrom(...COMMON, ...PIECES[name]!);
  const joined = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(''));
  const seeds = SEEDS[name];
  if (!seeds) return joined;
  // A seed with up to three pieces inserted, removed or replaced.
  const edit = fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), put: fc.option(piece) });
  const mutated = fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { maxLength: 3 })).map(([seed, edits]) =>
    edits.reduce((s, e) => {
      const at = e.at % (s.length + 1);
      return s.slice(0, at) + (e.put ?? '') + s.slice(at + e.cut);
    }, seed),
  );
  return fc.oneof(joined, mutated);
};

describe('linear formats', () => {
  it('every ajv-formats format has a linear check, and each string format a generator here', () => {
    expect(Object.keys(LINEAR_FORMATS).sort()).toEqual([...formatNames].sort());
    for (const name of formatNames) {
      const f = LINEAR_FORMATS[name];
      if (f === true || (f && f.type === 'number')) continue;
      expect(PIECES[name], name).toBeDefined();
    }
  });

  for (const name of Object.keys(PIECES)) {
    if (DIFFERENT[name]) continue;
    it(`${name} means what ajv-formats' ${name} means`, () => {
      const ours = linear(name);
      const theirs = ajvFormat(name);
      const seen = { valid: 0, invalid: 0 };
      fc.assert(
        fc.property(text(name), (s) => {
          const expected = theirs(s);
          expect(ours(s), JSON.stringify(s)).toBe(expected);
          seen[expected ? 'valid' : 'invalid']++;
        }),
        { numRuns: 3000 },
      );
      // The generator reaches both sides of the grammar.
      expect(seen.valid, 'valid texts generated').toBeGreaterThan(20);
      expect(seen.invalid, 'invalid texts generated').toBeGreaterThan(20);
    });
  }

  it('byte is base64 as a whole, where ajv-formats passed a text with any one base64 line', () => {
    const byte = linear('byte');
    for (const ok of ['', 'QUJD', 'QUI=', 'QQ==', 'QUJDQQ==', '+/+/']) expect(byte(ok), ok).toBe(true);
    for (const bad of ['!!!\n', 'QUJD\n!', 'Q', 'QQ=', '=QQQ', 'Q=Q=', 'QQ===', 'QUJD====', '-_-_']) {
      expect(byte(bad), bad).toBe(false);
    }
    expect(ajvFormat('byte')('!!!\n')).toBe(true);
  });

  it('regex takes what ECMA-262 takes with the u flag (ajv-formats read it without)', () => {
    const regex = linear('regex');
    expect(regex('^a+$')).toBe(true);
    expect(regex('\\a')).toBe(false);
    expect(ajvFormat('regex')('\\a')).toBe(true);
    expect(regex('a\\Z')).toBe(false);
    expect(regex('a\\\\Z')).toBe(true);
  });

  it('a long run of ":" in a url is read once (quadratic for the backtracking expression)', () => {
    const url = linear('url');
    expect(url(`http://${':'.repeat(200_000)}`)).toBe(false);
    expect(url(`http://${'a:'.repeat(100_000)}@example.com/`)).toBe(true);
    expect(url(`http://u@${'/@'.repeat(100_000)}`)).toBe(false);
  });
});
