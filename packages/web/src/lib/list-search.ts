// One recipe for the URL state of every paged list (spec §2: q, ordering, limit, offset).
// A route declares `validateSearch: list.schema` and `search: { middlewares: list.middlewares }`;
// the page reads and writes the same state through `useListSearch(list)`.
import { stripSearchParams, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from './zod.ts';

/** Spec §9 / the API: a page holds 1 to 500 rows; offsets are integers up to 2147483647. */
export const MAX_LIMIT = 500;
export const MAX_OFFSET = 2147483647;
export const DEFAULT_LIMIT = 25;
/** The API's q parameter is at most 255 characters. */
export const MAX_QUERY_LENGTH = 255;

/** `name` ascending, `-name` descending (spec §2), or '' for the server's own order. */
export type Ordering<Field extends string> = Field | `-${Field}` | '';

export interface ListParams<Field extends string = string> {
  q: string;
  ordering: Ordering<Field>;
  limit: number;
  offset: number;
}

export interface ListSearchOptions<Field extends string> {
  /** The fields the server sorts by; an empty list means the list has no ordering. */
  fields: readonly Field[];
  defaultOrdering?: Ordering<Field>;
  defaultLimit?: number;
}

export interface ListSearch<Field extends string> {
  fields: readonly Field[];
  defaults: ListParams<Field>;
  schema: z.ZodType<ListParams<Field>, Partial<Record<keyof ListParams, unknown>>>;
  /** Keeps defaults out of the URL: /all-groups, not /all-groups?limit=25&offset=0. */
  middlewares: [ReturnType<typeof stripSearchParams<ListParams<Field>>>];
}

/** The schema, defaults and URL middleware of one list; invalid values fall back to defaults. */
export function defineListSearch<Field extends string>(options: ListSearchOptions<Field>): ListSearch<Field> {
  const defaults: ListParams<Field> = {
    q: '',
    ordering: options.defaultOrdering ?? '',
    limit: options.defaultLimit ?? DEFAULT_LIMIT,
    offset: 0,
  };
  const orderings = new Set<string>(options.fields.flatMap((field) => [field, `-${field}`]));
  const schema = z.object({
    q: z.string().max(MAX_QUERY_LENGTH).default(defaults.q).catch(defaults.q),
    ordering: z
      .string()
      .default(defaults.ordering)
      .catch(defaults.ordering)
      .transform((value) => (value === '' || orderings.has(value) ? (value as Ordering<Field>) : defaults.ordering)),
    limit: z.number().int().min(1).max(MAX_LIMIT).default(defaults.limit).catch(defaults.limit),
    offset: z.number().int().min(0).max(MAX_OFFSET).default(defaults.offset).catch(defaults.offset),
  });
  return { fields: options.fields, defaults, schema, middlewares: [stripSearchParams(defaults)] };
}

export interface ListSearchState<Field extends string> {
  search: ListParams<Field>;
  /** Merges into the URL; a new q, ordering or limit goes back to the first page. */
  setSearch: (next: Partial<ListParams<Field>>) => void;
}

/** Reads the list's state from the current route's URL and writes it back (one history entry per change). */
export function useListSearch<Field extends string>(list: ListSearch<Field>): ListSearchState<Field> {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const { q, ordering, limit, offset } = raw;
  const search = useMemo(
    () => list.schema.parse({ q, ordering, limit, offset }),
    [list, q, ordering, limit, offset],
  );
  const setSearch = useCallback(
    (next: Partial<ListParams<Field>>) => {
      const restart = next.q !== undefined || next.ordering !== undefined || next.limit !== undefined;
      const merged = { ...search, ...(restart ? { offset: 0 } : {}), ...next };
      void navigate({
        to: '.',
        // The route's own search (other keys included) plus the list's state; defaults are stripped by the middleware.
        search: (prev: Record<string, unknown>) => ({ ...prev, ...merged }),
      } as never);
    },
    [navigate, search],
  );
  return { search, setSearch };
}

/** Writes into the current route's URL: undefined values, and `drop`'s keys, leave it. */
export function useSearchWriter(): (next: Record<string, unknown>, drop?: readonly string[]) => void {
  const navigate = useNavigate();
  return useCallback(
    (next: Record<string, unknown>, drop: readonly string[] = []) => {
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) =>
          Object.fromEntries(Object.entries({ ...prev, ...next }).filter(([key, value]) => !drop.includes(key) && value !== undefined)),
      } as never);
    },
    [navigate],
  );
}

/**
 * A list's own filters beside q/ordering/limit/offset, read from the URL through `schema` (whose
 * fields fall back on bad values) and written back; a change goes back to the first page and
 * also drops `alsoDrop`'s keys (e.g. the selected row).
 */
export function useListFilters<Filters extends Record<string, unknown>>(
  schema: z.ZodType<Filters>,
  alsoDrop: readonly string[] = [],
): { filters: Filters; setFilters: (next: Partial<Filters>) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const write = useSearchWriter();
  const filters = useMemo(() => schema.parse(raw), [schema, raw]);
  const setFilters = useCallback((next: Partial<Filters>) => write(next, ['offset', ...alsoDrop]), [write, alsoDrop]);
  return { filters, setFilters };
}
