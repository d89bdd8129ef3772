// JSON pointers (RFC 6901) into request documents.

/** One reference token: `~` and `/` escaped. */
export const pointerToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The pointer of the first string or member name holding U+0000, which PostgreSQL text and jsonb
 * cannot store (`/` for the document itself); undefined when there is none.
 */
export function nulPointer(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at || '/' : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPointer(value[i], `${at}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, member] of Object.entries(value)) {
    const here = `${at}/${pointerToken(key)}`;
    if (key.includes('\u0000')) return here;
    const found = nulPointer(member, here);
    if (found) return found;
  }
  return undefined;
}
