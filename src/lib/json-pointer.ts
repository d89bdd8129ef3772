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
 * document itself) and why; undefined when there is none. Runs on every request's parameters and
 * query, so the pointer is only built for what it finds.
 */
export function unstorablePointer(value: unknown): { pointer: string; detail: string } | undefined {
  const tokens: string[] = [];
  const detail = unstorableIn(value, tokens);
  if (detail === undefined) return undefined;
  return {
    pointer:
      tokens.length === 0
        ? '/'
        : tokens
            .reverse()
            .map((t) => `/${t}`)
            .join(''),
    detail,
  };
}

/** Why `value` cannot be stored; `tokens` receives the path to it, innermost first. */
function unstorableIn(value: unknown, tokens: string[]): string | undefined {
  if (typeof value === 'string') return unstorableText(value);
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const detail = unstorableIn(value[i], tokens);
      if (detail !== undefined) return (tokens.push(String(i)), detail);
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const detail = unstorableText(key) ?? unstorableIn((value as Record<string, unknown>)[key], tokens);
    if (detail !== undefined) return (tokens.push(pointerToken(key)), detail);
  }
  return undefined;
}
