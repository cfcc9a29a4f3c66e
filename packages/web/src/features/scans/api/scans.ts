import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Paged, Scan } from '../../../lib/api-schemas.ts';
import type { paths } from '../../../lib/api-types.gen.ts';
import { defineListSearch, type ListParams } from '../../../lib/list-search.ts';
import { scanKeys } from './keys.ts';
import { isBusy, SCAN_POLL_INTERVAL_MS } from './scan-status.ts';

export type ScanListParams = NonNullable<paths['/rest/scans/']['get']['parameters']['query']>;

/** Fields the server orders scans by (its OpenAPI document lists the same). */
export const SCAN_ORDERING_FIELDS = ['created', 'name', 'size', 'status', 'group_name', 'id', 'finished', 'component_count', 'sort_key'] as const;
export type ScanOrderingField = (typeof SCAN_ORDERING_FIELDS)[number];

/** URL state of the scan lists: q (a name, name:NAME, a SHA-1 or SHA-256, meta:KEY[=VALUE]), ordering (newest first by default), limit, offset. */
export const scanListSearch = defineListSearch({ fields: SCAN_ORDERING_FIELDS, defaultOrdering: '-created' });

export function scanListParams({ q, ordering, limit, offset }: ListParams<ScanOrderingField>, group?: number): ScanListParams {
  return { ...(group === undefined ? {} : { group }), ...(q === '' ? {} : { q }), ...(ordering === '' ? {} : { ordering }), limit, offset };
}

export function listScans(params: ScanListParams, signal?: AbortSignal): Promise<Paged<Scan>> {
  return unwrap(api.GET('/rest/scans/', { params: { query: params }, signal }));
}

export function getScan(id: number, signal?: AbortSignal): Promise<Scan> {
  return unwrap(api.GET('/rest/scans/{id}/', { params: { path: { id } }, signal }));
}

/** Lists refresh while any row is busy, so progress and status stay live. */
export const scansQueryOptions = (params: ScanListParams) =>
  queryOptions({
    queryKey: scanKeys.list(params),
    queryFn: ({ signal }) => listScans(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((scan) => isBusy(scan.status)) ? SCAN_POLL_INTERVAL_MS : false,
  });

/** One scan, polled every 3000 ms while busy and no more once it is ready or failed. */
export const scanQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanKeys.detail(id),
    queryFn: ({ signal }) => getScan(id, signal),
    meta: { handledStatuses: [404] },
    refetchInterval: (query) => (isBusy(query.state.data?.status) ? SCAN_POLL_INTERVAL_MS : false),
  });
