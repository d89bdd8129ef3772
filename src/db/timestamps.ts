// timestamptz columns as Date, parsed without a regular expression. pg's own parser (postgres-date)
// matches three regular expressions and splits the text for every value; on a project list read
// afresh (50 rows, two timestamps each) it was 7.5% of the API's CPU (a profile of
// `npm run bench -- catalog-model`). PostgreSQL writes timestamptz in one shape under the ISO
// DateStyle: `2026-11-29 04:25:00.123456+00` (fraction and zone minutes optional). That shape is read
// here by position; anything else (years past 9999, BC, infinity, another DateStyle) goes to pg's
// parser, so every value decodes exactly as before: fractions truncated to the millisecond, the zone
// offset applied.
import { createRequire } from 'node:module';

/**
 * pg's own parser, postgres-date as pg-types resolves it (pg's registry would give this parser back
 * once it is installed).
 */
const pgParse = createRequire(createRequire(import.meta.url).resolve('pg-types'))('postgres-date') as (
  text: string,
) => unknown;
export { pgParse as pgParseTimestamptz };

const ZERO = 48;

/** The number written by the `count` ASCII digits at `at`, or -1 when one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

export function parseTimestamptz(text: string): unknown {
  // YYYY-MM-DD HH:MM:SS at fixed places.
  if (
    text.length < 22 ||
    text.charCodeAt(4) !== 45 ||
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== 58 ||
    text.charCodeAt(16) !== 58
  ) {
    return pgParse(text);
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  // Years below 100 would be read as 19xx by Date.UTC: rare enough to leave to pg's parser.
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return pgParse(text);
  let at = 19;
  let ms = 0;
  if (text.charCodeAt(at) === 46) {
    // The fraction's first three digits are the milliseconds; the rest is truncated.
    at++;
    let scale = 100;
    for (;;) {
      const d = text.charCodeAt(at) - ZERO;
      if (!(d >= 0 && d <= 9)) break;
      ms += d * scale;
      scale /= 10;
      at++;
    }
    ms = Math.trunc(ms);
  }
  // The zone: +HH, -HH, +HH:MM or +HH:MM:SS, and nothing after it.
  const sign = text.charCodeAt(at);
  if (sign !== 43 && sign !== 45) return pgParse(text);
  const rest = text.length - at;
  if (rest !== 3 && rest !== 6 && rest !== 9) return pgParse(text);
  if ((rest >= 6 && text.charCodeAt(at + 3) !== 58) || (rest === 9 && text.charCodeAt(at + 6) !== 58)) {
    return pgParse(text);
  }
  const zh = digits(text, at + 1, 2);
  const zm = rest >= 6 ? digits(text, at + 4, 2) : 0;
  const zs = rest === 9 ? digits(text, at + 7, 2) : 0;
  if (zh < 0 || zm < 0 || zs < 0) return pgParse(text);
  const offset = zh * 3600 + zm * 60 + zs;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return new Date(sign === 45 ? utc + offset * 1000 : utc - offset * 1000);
}
