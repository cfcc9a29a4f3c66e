import { describe, expect, it } from 'vitest';
import { pageOf } from './paging.ts';

describe('pageOf', () => {
  it.each([
    [{ limit: 20, offset: 0 }, 45, { next: '/rest/x/?q=a+b&limit=20&offset=20', previous: null }],
    [{ limit: 20, offset: 20 }, 45, { next: '/rest/x/?q=a+b&limit=20&offset=40', previous: '/rest/x/?q=a+b&limit=20&offset=0' }],
    [{ limit: 20, offset: 40 }, 45, { next: null, previous: '/rest/x/?q=a+b&limit=20&offset=20' }],
    [{ limit: 20, offset: 5 }, 10, { next: null, previous: '/rest/x/?q=a+b&limit=20&offset=0' }],
  ])('links for %o of %i', (page, count, links) => {
    expect(pageOf([], count, page, '/rest/x/', { q: 'a b', limit: page.limit, offset: page.offset, empty: '' }).links).toEqual(links);
  });
});
