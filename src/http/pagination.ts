// Keyset pagination: ?limit=&cursor=, with an RFC 8288 Link header to the next page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isUuid } from '../graph/ids.js';
import { AppError } from './errors.js';

export interface Page {
  limit: number;
  /** Only items after this id. */
  after: string | undefined;
}

/** What a cursor Keel did not issue hears, with the fix. */
const NOT_A_CURSOR =
  'is not a cursor this API issued: follow the previous page\'s Link header (rel="next"), or leave cursor out for the first page';

/** `isCursor` says what a decoded cursor must look like (a node id unless the list orders by something else). */
export function parsePage(
  query: { limit?: number | undefined; cursor?: string | undefined },
  isCursor: (decoded: string) => boolean = isUuid,
): Page {
  const limit = query.limit ?? 50;
  if (query.cursor === undefined) return { limit, after: undefined };
  const after = Buffer.from(query.cursor, 'base64url').toString('utf8');
  if (!isCursor(after)) {
    throw new AppError(422, 'validation_failed', `cursor: ${NOT_A_CURSOR}`, [
      { pointer: '/cursor', in: 'query', detail: NOT_A_CURSOR },
    ]);
  }
  return { limit, after };
}

/** The Link header to the next page (RFC 8288), or undefined on the last page. */
export function nextLink(request: FastifyRequest, page: Page, next: string | undefined): string | undefined {
  if (next === undefined) return undefined;
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('limit', String(page.limit));
  url.searchParams.set('cursor', Buffer.from(next).toString('base64url'));
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** Sets the Link header when another page exists and returns the items. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  result: { items: T[]; next: string | undefined },
): T[] {
  const link = nextLink(request, page, result.next);
  if (link !== undefined) reply.header('link', link);
  return result.items;
}

/** A page as a cached response's payload and Link header (see page-cache.ts). */
export const pageResponse = <T>(
  request: FastifyRequest,
  page: Page,
  result: { items: T[]; next: string | undefined },
) => ({ payload: result.items, link: nextLink(request, page, result.next) });
