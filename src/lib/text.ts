// Text that comes from another system (a vendor's model list, an identity provider's profile, an error
// message) and is stored: PostgreSQL text and jsonb hold neither U+0000 nor a lone surrogate, and a
// cut at a fixed length can split a surrogate pair. Documents a client sends are kept as sent instead
// (src/plugins/document-codec.ts); this is for text Keel only records.
import { LONE_SURROGATE } from './json-pointer.js';

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');

/** U+0000 and lone surrogates replaced by U+FFFD, the replacement character. */
export function storableText(s: string): string {
  return s.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}

/** At most `max` UTF-16 units of `s`, never ending between the two halves of a surrogate pair. */
export function truncateText(s: string, max: number): string {
  if (s.length <= max) return s;
  const last = s.charCodeAt(max - 1);
  return s.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/** Text from another system, storable and at most `max` UTF-16 units long. */
export const recordedText = (s: string, max: number): string => truncateText(storableText(s), max);
