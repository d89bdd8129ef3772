// JSON pointers (RFC 6901) into request documents.

/** One reference token: `~` and `/` escaped. */
export const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A UTF-16 surrogate without its pair: a string holding one has no UTF-8 form. */
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why PostgreSQL text and jsonb cannot hold this string: U+0000, or a lone surrogate (PostgreSQL
 * refuses `\ud800` in jsonb, and text would get U+FFFD in its place). undefined when they can.
 */
export function unstorableText(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired surrogates (text with no UTF-8 form)';
  return undefined;
}

/**
 * The first string or member name PostgreSQL cannot store (unstorableText): its pointer (`/` for the
 * document itself) and why; undefined when there is none.
 */
export function unstorablePointer(value: unknown, at = ''): { pointer: string; detail: string } | undefined {
  if (typeof value === 'string') {
    const detail = unstorableText(value);
    return detail === undefined ? undefined : { pointer: at || '/', detail };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorablePointer(value[i], `${at}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, member] of Object.entries(value)) {
    const here = `${at}/${pointerToken(key)}`;
    const detail = unstorableText(key);
    if (detail !== undefined) return { pointer: here, detail };
    const found = unstorablePointer(member, here);
    if (found) return found;
  }
  return undefined;
}
