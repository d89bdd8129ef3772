import { describe, expect, it } from 'vitest';
import { nextLink } from './pagination.js';

const cursor = (id: string) => Buffer.from(id).toString('base64url');
const link = (url: string, limit = 50) => nextLink({ url }, { limit, after: undefined }, 'n1');

describe('nextLink', () => {
  it('none on the last page', () => {
    expect(nextLink({ url: '/projects' }, { limit: 50, after: undefined }, undefined)).toBeUndefined();
  });

  it('a path without a query gets limit and cursor', () => {
    expect(link('/organizations/acme/projects', 20)).toBe(
      `</organizations/acme/projects?limit=20&cursor=${cursor('n1')}>; rel="next"`,
    );
  });

  it('keeps every other parameter as it was sent, and replaces limit and cursor wherever they were', () => {
    expect(link('/p?limit=5&attr.tier=gold&cursor=old&q=a%20b&limit=7&team=core', 5)).toBe(
      `</p?attr.tier=gold&q=a%20b&team=core&limit=5&cursor=${cursor('n1')}>; rel="next"`,
    );
  });

  it('drops empty parameters and keeps a parameter without a value', () => {
    expect(link('/p?&archived&&limit=1', 1)).toBe(`</p?archived&limit=1&cursor=${cursor('n1')}>; rel="next"`);
  });

  it('a parameter whose name only starts with limit or cursor is kept', () => {
    expect(link('/p?limits=1&cursor2=x', 3)).toBe(
      `</p?limits=1&cursor2=x&limit=3&cursor=${cursor('n1')}>; rel="next"`,
    );
  });
});
