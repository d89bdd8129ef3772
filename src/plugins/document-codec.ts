// How plugin documents (entities, edge properties, manifests) are kept in PostgreSQL jsonb, which
// cannot hold U+0000 nor a lone surrogate. Documents are accepted and answered as sent; only their
// stored form differs.
//
// A string (a value or a member name) that holds U+0000 or a lone surrogate, or that starts with
// U+FDD0, is stored as U+FDD0 followed by the string with `%` written `%25`, U+0000 written `%00` and
// each lone surrogate written `%u` and its four hex digits (`%uD800`). Every other string is stored
// unchanged, so search and indexes see ordinary text as it is. U+FDD0 is a noncharacter: text a person
// writes does not start with it, and when it does it is encoded too, so decoding is exact.
import { LONE_SURROGATE } from '../lib/json-pointer.js';

const MARK = '\uFDD0';

/** Every lone surrogate of a string (the shared test, made global for replace). */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');
const needsEncoding = (s: string) => s.includes('\u0000') || s.startsWith(MARK) || LONE_SURROGATE.test(s);
const hex4 = (c: string) => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
const encodeString = (s: string) =>
  needsEncoding(s)
    ? MARK +
      s
        .replace(/%/g, '%25')
        .replaceAll('\u0000', '%00')
        .replace(LONE_SURROGATES, (c) => `%u${hex4(c)}`)
    : s;
const isEncoded = (s: string) => s.startsWith(MARK);
const decodeString = (s: string) =>
  isEncoded(s)
    ? s
        .slice(1)
        .replace(/%(00|25|u[0-9A-F]{4})/g, (_m, h: string) =>
          h === '00' ? '\u0000' : h === '25' ? '%' : String.fromCharCode(parseInt(h.slice(1), 16)),
        )
    : s;

function map(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => map(v, f));
  // Object.fromEntries defines members, so a member named __proto__ stays a member.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [f(k), map(v, f)]));
}

/**
 * Whether any string in the document needs the stored form (most documents: no, and are kept as is).
 * Runs on every document a list returns, so it walks without allocating.
 */
function anyString(value: unknown, test: (s: string) => boolean): boolean {
  if (typeof value === 'string') return test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (anyString(v, test)) return true;
    return false;
  }
  const obj = value as Record<string, unknown>;
  for (const k in obj) {
    if (Object.hasOwn(obj, k) && (test(k) || anyString(obj[k], test))) return true;
  }
  return false;
}

export function encodeDocument<T>(doc: T): T {
  return anyString(doc, needsEncoding) ? (map(doc, encodeString) as T) : doc;
}

const MAY_NEED_ENCODING = /\\u0000|\\ud[89a-f]|"\uFDD0/;

/**
 * A document's stored form as JSON text (an insert's parameter). JSON.stringify writes U+0000 as
 * `\u0000` and a lone surrogate as `\udXXX`, and a string that starts with U+FDD0 follows a quote, so
 * JSON holding none of those is already the stored form: one search of the text tells, where a walk of
 * the document tests every string. A match may be a false alarm (a backslash written before `u0000`
 * in the text, an escaped quote before U+FDD0): the walk then decides.
 */
export function storedJson(doc: unknown): string {
  return storedJsonOf(doc, JSON.stringify(doc));
}

/** storedJson given the document's JSON text (`json`, JSON.stringify's): that text itself, mostly. */
export function storedJsonOf(doc: unknown, json: string): string {
  return MAY_NEED_ENCODING.test(json) ? JSON.stringify(encodeDocument(doc)) : json;
}

export function decodeDocument<T>(doc: T): T {
  return anyString(doc, isEncoded) ? (map(doc, decodeString) as T) : doc;
}

/**
 * Numbers that JavaScript writes with an exponent and jsonb in full: 1e21 and up as 22 or more digits,
 * below 1e-6 as `0.000000...`. jsonb writes every number as a plain decimal, so `1e308` is 309
 * characters and `5e-324` 326: a document of such numbers would grow 45-fold in a read. A match may be
 * a false alarm (a string of 22 digits): the document is then written again, the same.
 */
const EXPANDED_NUMBER = /\d{22}|0\.0{6}/;

/**
 * What every such number holds as jsonb writes it: a stored document is JSON.stringify's text, whose
 * numbers have at most 17 significant digits, so 22 or more digits end in at least five zeros, and
 * `0.000000...` holds six. Searched first (a plain text search, where the pattern's alternation tried
 * every position: 11 of the 160 µs a 50-entity page cost the server), the pattern only where it is
 * found. A number with more digits stored some other way would only be sent in full, as PostgreSQL
 * writes it.
 */
const EXPANDED_HINT = '00000';

/**
 * A stored document's JSON text (PostgreSQL's rendering of the jsonb) as the document's JSON: the text
 * itself, unless it holds a string in the stored form, which starts with U+FDD0 (jsonb writes every
 * character above U+001F as it is, so one search of the text tells), or a number jsonb writes longer
 * than JavaScript does. Those are parsed and written again, as JavaScript writes them.
 */
export function documentJson(storedText: string): string {
  if (storedText.includes(MARK)) return JSON.stringify(decodeDocument(JSON.parse(storedText)));
  return storedText.includes(EXPANDED_HINT) && EXPANDED_NUMBER.test(storedText)
    ? JSON.stringify(JSON.parse(storedText))
    : storedText;
}
