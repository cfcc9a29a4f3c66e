// /sales (spec §2): the ready scans the viewer can see, to pick one for the sales view
// (GET /rest/scans/?status=R with the list's search, ordering and page).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Paged, Scan } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { salesKeys } from './keys.ts';

export type ScanListParams = NonNullable<paths['/rest/scans/']['get']['parameters']['query']>;

/** Fields of the list's columns the server orders scans by. */
export const READY_SCAN_ORDERING_FIELDS = ['name', 'size', 'finished', 'component_count', 'sort_key'] as const;
export type ReadyScanOrderingField = (typeof READY_SCAN_ORDERING_FIELDS)[number];

/** URL state of /sales: q (a name, name:NAME, a SHA-1 or SHA-256), ordering (last finished first), limit, offset. */
export const readyScanListSearch = defineListSearch({ fields: READY_SCAN_ORDERING_FIELDS, defaultOrdering: '-finished' });

export function readyScanListParams({ q, ordering, limit, offset }: ListParams<ReadyScanOrderingField>): ScanListParams {
  return { status: 'R', ...(q === '' ? {} : { q }), ...(ordering === '' ? {} : { ordering }), limit, offset };
}

export function listReadyScans(params: ScanListParams, signal?: AbortSignal): Promise<Paged<Scan>> {
  return unwrap(api.GET('/rest/scans/', { params: { query: params }, signal }));
}

export const readyScansQueryOptions = (params: ScanListParams) =>
  queryOptions({
    queryKey: salesKeys.list(params),
    queryFn: ({ signal }) => listReadyScans(params, signal),
    placeholderData: keepPreviousData,
  });
