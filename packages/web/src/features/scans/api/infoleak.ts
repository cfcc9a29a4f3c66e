// The info-leak tab: the secrets and personal data found in a ready scan. Its URL state is the
// list's q/limit/offset (lib/list-search.ts), three filters (kind, decoys, triaged) and the
// finding shown in the side panel (item); q goes to the API as `search`, decoys as
// `include_decoys`, triaged as `triaged=true` (the triaged findings instead of the matched ones).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { InfoleakItem, Paged } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, MAX_OFFSET, type ListParams, useListFilters, useSearchWriter } from '../../../lib/list-search.ts';
import { z } from '../../../lib/zod.ts';
import { scanKeys } from './keys.ts';

export type InfoleakListParams = NonNullable<paths['/rest/scans/{id}/infoleak/']['get']['parameters']['query']>;
export type InfoleakKind = InfoleakItem['kind'];

/** The server's kinds (docs/native-json.md, `infoleaks[]`), in its order. */
export const INFOLEAK_KINDS = [
  'asymmetric_keys',
  'cloud_provider_keys',
  'urls',
  'emails',
  'ips',
  'macs',
  'image_data',
  'jwts',
  'shell_histories',
  'passwords',
  'oauths',
  'custom',
  'http_credentials',
  'google_cloud_keys',
  'facebook_tokens',
  'twilio_keys',
  'certificates',
] as const satisfies readonly InfoleakKind[];

/** The API's search text is at most 200 characters. */
export const MAX_INFOLEAK_SEARCH_LENGTH = 200;

/** q, limit and offset; the API lists findings in the scan's order. */
export const infoleakListSearch = defineListSearch({ fields: [] });

/** The filters beside the list's state; an unknown kind or a value that is not `true` is dropped. */
export const infoleakFilterSchema = z.object({
  kind: z.enum(INFOLEAK_KINDS).optional().catch(undefined),
  /** Documentation examples too; false is the default and never written. */
  decoys: z.literal(true).optional().catch(undefined),
  /** The triaged findings instead of the matched ones ("Show triaged"); false is the default and never written. */
  triaged: z.literal(true).optional().catch(undefined),
});
export type InfoleakFilters = z.output<typeof infoleakFilterSchema>;

/** The finding shown in the side panel, by its id. */
export const infoleakItemSchema = z.object({
  item: z.number().int().min(1).max(MAX_OFFSET).optional().catch(undefined),
});

/** The route's validateSearch: the list's state, the filters and the selected finding (each absent when not set). */
export const infoleakSearchSchema = z.intersection(z.intersection(infoleakListSearch.schema, infoleakFilterSchema), infoleakItemSchema);
export type InfoleakSearch = ListParams & InfoleakFilters;

/** The GET parameters of the route's search, for its loader and its page alike. */
export function infoleakListParams({ q, limit, offset, kind, decoys, triaged }: InfoleakSearch): InfoleakListParams {
  // Cut by code point, never inside a surrogate pair; a shorter needle still finds every match.
  const search = Array.from(q).slice(0, MAX_INFOLEAK_SEARCH_LENGTH).join('');
  return {
    ...(kind ? { kind } : {}),
    ...(search === '' ? {} : { search }),
    ...(decoys ? { include_decoys: true } : {}),
    ...(triaged ? { triaged: true } : {}),
    limit,
    offset,
  };
}

export function listInfoleaks(id: number, query: InfoleakListParams, signal?: AbortSignal): Promise<Paged<InfoleakItem>> {
  return unwrap(api.GET('/rest/scans/{id}/infoleak/', { params: { path: { id }, query }, signal }));
}

export const infoleakKeys = {
  list: (id: number, params: InfoleakListParams) => [...scanKeys.detail(id), 'infoleak', params] as const,
  one: (id: number, leakId: number) => [...scanKeys.detail(id), 'infoleak', 'one', leakId] as const,
};

/** One finding by id, wherever it is in the list (a linked one); null when the scan has none with that id. */
export const infoleakQueryOptions = (id: number, leakId: number) =>
  queryOptions({
    queryKey: infoleakKeys.one(id, leakId),
    queryFn: async ({ signal }): Promise<InfoleakItem | null> =>
      (await listInfoleaks(id, { id__in: String(leakId), include_decoys: true, limit: 1, offset: 0 }, signal)).results[0] ?? null,
    meta: { handledStatuses: [409] },
  });

/** 409 (the scan is busy or failed) is shown in place with the server's detail. */
export const infoleaksQueryOptions = (id: number, params: InfoleakListParams) =>
  queryOptions({
    queryKey: infoleakKeys.list(id, params),
    queryFn: ({ signal }) => listInfoleaks(id, params, signal),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: [409] },
  });

/** Reads the filters from the URL and writes them back; a change goes back to the first page and closes the panel. */
export function useInfoleakFilters(): { filters: InfoleakFilters; setFilters: (next: Partial<InfoleakFilters>) => void } {
  return useListFilters(infoleakFilterSchema, CLOSES_PANEL);
}

/** A new filter closes the side panel: its finding may not be in the new list. */
const CLOSES_PANEL = ['item'] as const;

/** The id of the finding in the side panel (`?item=`), and a setter; undefined closes the panel. */
export function useSelectedInfoleak(): { selected: number | undefined; select: (id: number | undefined) => void } {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const write = useSearchWriter();
  const { item } = raw;
  const selected = useMemo(() => infoleakItemSchema.parse({ item }).item, [item]);
  const select = useCallback((id: number | undefined) => write({ item: id }, id === undefined ? ['item'] : []), [write]);
  return { selected, select };
}
