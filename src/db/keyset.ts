// Keyset pages whose cached (generic) plan is the good plan. See docs/api-conventions.md, "Lists".
import type { Queryable, Row } from './sql.js';

/** Placeholders the statement text uses for the page: `limit`, and the cursor's values after a first page. */
export interface KeysetSlots {
  limit: string;
  /** Undefined on the first page: the statement then has no cursor condition at all. */
  after: string[] | undefined;
}

/**
 * One page of a list ordered by an index, at most `page.limit` rows, and the cursor of the next page.
 *
 * `text` builds the statement for the first page (`after` undefined) and for later pages: two static
 * texts, so each is prepared once per connection and its cached generic plan is a range scan of the
 * index bounded by the cursor. A single text with `($n IS NULL OR id > $n)` caches a plan that cannot
 * use the cursor as an index bound and reads every row before it (80,000 lookups for a deep page).
 * `params` are `$1..$k`; the limit and the cursor's values follow them.
 */
export async function keysetPage<T extends Row>(
  q: Queryable,
  page: { limit: number; after: readonly unknown[] | undefined },
  params: readonly unknown[],
  text: (slots: KeysetSlots) => string,
  cursorOf: (row: T) => string,
): Promise<{ items: T[]; next: string | undefined }> {
  const base = params.length;
  const slots: KeysetSlots = {
    limit: `$${base + 1}`,
    after: page.after?.map((_, i) => `$${base + 2 + i}`),
  };
  const rows = await q.query<T>(text(slots), [...params, page.limit + 1, ...(page.after ?? [])]);
  if (rows.length <= page.limit) return { items: rows, next: undefined };
  const items = rows.slice(0, page.limit);
  return { items, next: cursorOf(items[items.length - 1]!) };
}

/** `AND <column> > <cursor>` on later pages, nothing on the first. */
export const afterId = (slots: KeysetSlots, column: string): string =>
  slots.after ? `AND ${column} > ${slots.after[0]}::uuid` : '';
