import { type Static, type TSchema, Type } from 'typebox';

/** Spec §9: lists are read 500 at a time at most, 20 by default. */
export const MAX_LIMIT = 500;
export const DEFAULT_LIMIT = 20;

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 })),
};

export const Links = Type.Object({
  next: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
}, { title: 'PageLinks' });

export function Paged<T extends TSchema>(item: T) {
  return Type.Object({ count: Type.Integer(), results: Type.Array(item), links: Links });
}

export interface Page<T> {
  count: number;
  results: T[];
  links: Static<typeof Links>;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export function pageRequest(query: { limit?: number | undefined; offset?: number | undefined }): PageRequest {
  return { limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
}

/**
 * Absolute-path links keeping the other query parameters, e.g.
 * `/rest/groups/?q=fw&limit=20&offset=40`.
 */
export function pageOf<T>(
  results: T[],
  count: number,
  page: PageRequest,
  path: string,
  query: Record<string, unknown>,
): Page<T> {
  const link = (offset: number): string => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key !== 'limit' && key !== 'offset' && value !== undefined && value !== '') params.set(key, String(value));
    }
    params.set('limit', String(page.limit));
    params.set('offset', String(offset));
    return `${path}?${params.toString()}`;
  };
  const next = page.offset + page.limit < count ? link(page.offset + page.limit) : null;
  const previous = page.offset > 0 ? link(Math.max(0, page.offset - page.limit)) : null;
  return { count, results, links: { next, previous } };
}
