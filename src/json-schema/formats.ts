// The `format`s plugin schemas may assert, each checked in time linear in the caller's text: by code
// that reads the text once, or by RE2 (re2js, as `pattern` is) for the grammars ajv-formats writes as
// regular expressions without lookaround. ajv-formats' own checks run its regular expressions on
// V8's backtracking engine, where `url`'s userinfo part is quadratic on a run of ':'.
//
// Each check means what ajv-formats' "full" format of the same name means, except `byte` (see
// there); test/plugins/formats.test.ts compares the two on generated text.
import type { FormatDefinition } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { RE2JS } from 're2js';
import { toRe2 } from './regexp.js';
import { spend } from './work.js';

type Check = (s: string) => boolean;

// ajv-formats' regular expressions, where they need no lookaround. Read from the package, so that
// they stay its own.
const ajvFormats = (addFormatsPlugin as unknown as { get: (name: string) => unknown }).get;
const source = (name: string): RegExp => {
  const f = ajvFormats(name);
  if (!(f instanceof RegExp)) throw new Error(`ajv-formats' ${name} is not a regular expression`);
  return f;
};

/** A-Z to a-z, nothing else: what a case-insensitive ECMA-262 pattern without `u` does for ASCII. */
function asciiLower(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      out += s.slice(from, i) + String.fromCharCode(c + 32);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * An ajv-formats regular expression run by RE2. Its patterns write letters in lower case, so a
 * case-insensitive one is run case-sensitively on the text with A-Z lowered: exactly the ASCII
 * folding ECMA-262 does without the `u` flag (RE2's case folding also folds K (U+212A) and ſ).
 */
function re2(re: RegExp): Check {
  if (/[A-Z]/.test(re.source.replace(/\\[A-Za-z]|\[Vv\]/g, ''))) {
    throw new Error(`${String(re)} has upper-case letters`);
  }
  const compiled = RE2JS.compile(toRe2(re.source));
  const folded = re.flags.includes('i');
  return (s) => {
    spend(s.length);
    return compiled.test(folded ? asciiLower(s) : s);
  };
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** ECMA-262 WhiteSpace and LineTerminator, what `\s` matches. */
function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Digits from `i` up to `end`, all of them: their value, or -1. */
function digitsValue(s: string, i: number, end: number): number {
  if (i >= end) return -1;
  let v = 0;
  for (let k = i; k < end; k++) {
    const c = s.charCodeAt(k);
    if (!isDigit(c)) return -1;
    v = v * 10 + (c - 0x30);
  }
  return v;
}

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** full-date (RFC 3339): YYYY-MM-DD, a day that exists. */
function date(s: string): boolean {
  spend(s.length);
  if (s.length !== 10 || s[4] !== '-' || s[7] !== '-') return false;
  const y = digitsValue(s, 0, 4);
  const m = digitsValue(s, 5, 7);
  const d = digitsValue(s, 8, 10);
  if (y < 0 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && leap(y) ? 29 : DAYS[m]!);
}

/**
 * HH:MM:SS[.frac][Z|±HH[[:]MM]] (the zone required when `strictZone`), with a leap second only at
 * 23:59 UTC: ajv-formats' time.
 */
function time(strictZone: boolean): Check {
  return (s) => {
    spend(s.length);
    if (s.length < 8 || s[2] !== ':' || s[5] !== ':') return false;
    const hr = digitsValue(s, 0, 2);
    const min = digitsValue(s, 3, 5);
    const secWhole = digitsValue(s, 6, 8);
    if (hr < 0 || min < 0 || secWhole < 0) return false;
    let i = 8;
    let sec = secWhole;
    if (s[i] === '.') {
      const start = ++i;
      while (i < s.length && isDigit(s.charCodeAt(i))) i++;
      if (i === start) return false;
      sec = Number(s.slice(6, i));
    }
    let zone = false;
    let sign = 1;
    let tzH = 0;
    let tzM = 0;
    if (i < s.length) {
      const z = s[i];
      if (z === 'z' || z === 'Z') {
        zone = true;
        i++;
      } else if (z === '+' || z === '-') {
        zone = true;
        sign = z === '-' ? -1 : 1;
        tzH = digitsValue(s, i + 1, i + 3);
        if (tzH < 0) return false;
        i += 3;
        if (i < s.length) {
          if (s[i] === ':') i++;
          tzM = digitsValue(s, i, i + 2);
          if (tzM < 0 || i + 2 !== s.length) return false;
          i += 2;
        }
      }
      if (i !== s.length) return false;
    }
    if (tzH > 23 || tzM > 59 || (strictZone && !zone)) return false;
    if (hr <= 23 && min <= 59 && sec < 60) return true;
    const utcMin = min - tzM * sign;
    const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0);
    return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
  };
}

/** A date and a time joined by one `t`, `T` or white space character, and no other. */
function dateTime(strictZone: boolean): Check {
  const timeOf = time(strictZone);
  return (s) => {
    spend(s.length);
    let at = -1;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x74 || c === 0x54 || isSpace(c)) {
        if (at >= 0) return false;
        at = i;
      }
    }
    return at >= 0 && date(s.slice(0, at)) && timeOf(s.slice(at + 1));
  };
}

/** ISO 8601 duration as ajv-formats takes it: PnYnMnDTnHnMnS (each part optional, one at least) or PnW. */
function duration(s: string): boolean {
  spend(s.length);
  if (s.length < 2 || s[0] !== 'P') return false;
  const DATE_PARTS = 'YMD';
  const TIME_PARTS = 'HMS';
  let i = 1;
  let order = 0; // the next designator must come at or after this index in its list
  let inTime = false;
  let parts = 0;
  while (i < s.length) {
    if (s[i] === 'T') {
      if (inTime) return false;
      inTime = true;
      order = 0;
      i++;
      if (!isDigit(s.charCodeAt(i))) return false;
      continue;
    }
    const start = i;
    while (i < s.length && isDigit(s.charCodeAt(i))) i++;
    if (i === start || i === s.length) return false;
    const d = s[i]!;
    i++;
    if (d === 'W') return parts === 0 && !inTime && i === s.length;
    const at = (inTime ? TIME_PARTS : DATE_PARTS).indexOf(d);
    if (at < order) return false;
    order = at + 1;
    parts++;
  }
  return parts > 0;
}

/** hostname (RFC 1123): labels of 1 to 63 letters, digits and inner hyphens, 253 characters at most. */
function hostname(s: string): boolean {
  spend(s.length);
  const end = s.endsWith('.') ? s.length - 1 : s.length;
  if (end < 1 || end > 253) return false;
  let label = 0;
  for (let i = 0; i <= end; i++) {
    let c = i === end ? 0x2e : s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) c += 32;
    if (c === 0x2e) {
      if (label === 0 || label > 63 || s[i - 1] === '-') return false;
      label = 0;
    } else if ((c >= 0x61 && c <= 0x7a) || isDigit(c) || (c === 0x2d && label > 0)) {
      label++;
    } else return false;
  }
  return true;
}

/** uuid: 8-4-4-4-12 hexadecimal digits, optionally after `urn:uuid:` (any case). */
function uuid(s: string): boolean {
  spend(s.length);
  const start = s.length === 45 && asciiLower(s.slice(0, 9)) === 'urn:uuid:' ? 9 : 0;
  if (s.length - start !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(start + i) | 0x20;
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (s.charCodeAt(start + i) !== 0x2d) return false;
    } else if (!(isDigit(s.charCodeAt(start + i)) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/**
 * byte: base64 (RFC 4648): groups of four characters of its alphabet, the last one padded with `=`.
 * Stricter than ajv-formats', whose pattern carries the `m` flag and so passes text in which any one
 * line is base64 ("!!!\n" passed).
 */
function byte(s: string): boolean {
  spend(s.length);
  if (s.length % 4 !== 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b64 =
      (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x2b || c === 0x2f;
    if (b64) continue;
    // `=` only as the last one or two characters, and never four of them.
    if (c !== 0x3d || i < s.length - 2 || (i === s.length - 2 && s[i + 1] !== '=')) return false;
    if (i % 4 < 2) return false;
  }
  return true;
}

const IPV4 = re2(source('ipv4'));
const URI_BODY = re2(
  // ajv-formats' uri is this expression after a check for a `/` or `:` somewhere in the text.
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i,
);
const uri: Check = (s) => (s.includes('/') || s.includes(':')) && URI_BODY(s);

// url's host (gist.github.com/dperini/729294, as ajv-formats has it): a public IPv4 address or a
// domain name with a top-level domain of letters, then an optional port. Written without the
// lookaheads that refuse private addresses: the address's first octets say it.
const OCTET = '(?:1?\\d{1,2}|2[0-4]\\d|25[0-5])';
const LAST_OCTET = '(?:[1-9]\\d?|1\\d\\d|2[0-4]\\d|25[0-4])';
const FIRST_OCTET = '(?:[1-9]\\d?|1\\d\\d|2[01]\\d|22[0-3])';
const PRIVATE =
  /^(?:(?:10|127)(?:\.\d{1,3}){3}|(?:169\.254|192\.168)(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})/;
const IP_HOST = RE2JS.compile(`^${FIRST_OCTET}(?:\\.${OCTET}){2}\\.${LAST_OCTET}(?::\\d{2,5})?$`);
const PRIVATE_PREFIX = RE2JS.compile(toRe2(PRIVATE.source));
const NAME_CHAR = '[a-z0-9\\x{00A1}-\\x{FFFF}]';
const TLD_CHAR = '[a-z\\x{00A1}-\\x{FFFF}]';
const DOMAIN_HOST = RE2JS.compile(
  `^(?:${NAME_CHAR}+-)*${NAME_CHAR}+(?:\\.(?:${NAME_CHAR}+-)*${NAME_CHAR}+)*\\.${TLD_CHAR}{2,}(?::\\d{2,5})?$`,
);
const urlHost = (h: string) =>
  DOMAIN_HOST.test(h) || (IP_HOST.test(h) && !PRIVATE_PREFIX.matcher(h).lookingAt());

/**
 * url: `http`, `https` or `ftp`, `://`, optional userinfo (non-space text, then `@`), a host (see
 * urlHost) and port, then nothing or `/` and non-space text. The userinfo may itself hold `@` and
 * `/`, so the host may begin after any `@`; it ends at the next `/`. Each candidate host is the text
 * between an `@` (or the start) and the following `/`: the last `@` before each `/`, so the
 * candidates do not overlap and all of them are read once.
 */
function url(text: string): boolean {
  spend(text.length);
  const s = asciiLower(text);
  const scheme = s.startsWith('http://') ? 7 : s.startsWith('https://') ? 8 : s.startsWith('ftp://') ? 6 : 0;
  if (scheme === 0) return false;
  // Non-space text is needed before a host (userinfo) and after one (path): where white space is.
  let firstSpace = s.length;
  let lastSpace = -1;
  for (let i = scheme; i < s.length; i++) {
    if (isSpace(s.charCodeAt(i))) {
      if (firstSpace === s.length) firstSpace = i;
      lastSpace = i;
    }
  }
  const candidate = (start: number): boolean => {
    let end = s.indexOf('/', start);
    if (end < 0) end = s.length;
    const host = s.slice(start, end);
    return host.indexOf('@') < 0 && end > lastSpace && urlHost(host);
  };
  if (candidate(scheme)) return true;
  // After an `@`: the userinfo before it is non-empty and has no white space.
  let segmentStart = scheme;
  while (segmentStart < s.length) {
    let segmentEnd = s.indexOf('/', segmentStart);
    if (segmentEnd < 0) segmentEnd = s.length;
    const at = s.lastIndexOf('@', segmentEnd - 1);
    if (at >= segmentStart && at > scheme && at <= firstSpace && candidate(at + 1)) return true;
    segmentStart = segmentEnd + 1;
  }
  return false;
}

/** regex: an ECMA-262 pattern (with `u`), without `\Z`. V8's parser reads a pattern in linear time. */
function regex(s: string): boolean {
  spend(s.length);
  for (let i = 1; i + 1 < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === 'Z' && s[i - 1] !== '\\') return false;
  }
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
}

/** ajv-formats' comparison of two values of a format (for formatMinimum and formatMaximum). */
const compare = (name: string) =>
  (ajvFormats(name) as { compare: (a: string, b: string) => number | undefined }).compare;

const MIN_INT32 = -(2 ** 31);
const MAX_INT32 = 2 ** 31 - 1;
const always = () => true;

/**
 * The formats plugin schemas may name: ajv-formats' full set, each checked in linear time. A format
 * not listed here is refused when a schema is installed.
 */
export const LINEAR_FORMATS: Record<string, FormatDefinition<string> | FormatDefinition<number> | true> = {
  date: { type: 'string', validate: date, compare: compare('date') },
  time: { type: 'string', validate: time(true), compare: compare('time') },
  'date-time': { type: 'string', validate: dateTime(true), compare: compare('date-time') },
  'iso-time': { type: 'string', validate: time(false), compare: compare('iso-time') },
  'iso-date-time': { type: 'string', validate: dateTime(false), compare: compare('iso-date-time') },
  duration: { type: 'string', validate: duration },
  uri: { type: 'string', validate: uri },
  'uri-reference': { type: 'string', validate: re2(source('uri-reference')) },
  'uri-template': { type: 'string', validate: re2(source('uri-template')) },
  url: { type: 'string', validate: url },
  email: { type: 'string', validate: re2(source('email')) },
  hostname: { type: 'string', validate: hostname },
  ipv4: { type: 'string', validate: IPV4 },
  ipv6: { type: 'string', validate: re2(source('ipv6')) },
  regex: { type: 'string', validate: regex },
  uuid: { type: 'string', validate: uuid },
  'json-pointer': { type: 'string', validate: re2(source('json-pointer')) },
  'json-pointer-uri-fragment': { type: 'string', validate: re2(source('json-pointer-uri-fragment')) },
  'relative-json-pointer': { type: 'string', validate: re2(source('relative-json-pointer')) },
  byte: { type: 'string', validate: byte },
  int32: { type: 'number', validate: (n) => Number.isInteger(n) && n <= MAX_INT32 && n >= MIN_INT32 },
  int64: { type: 'number', validate: (n) => Number.isInteger(n) },
  float: { type: 'number', validate: always },
  double: { type: 'number', validate: always },
  password: true,
  binary: true,
};
