// The scans a diff can be made of: ready ones, newest first, of one group once the other side is chosen.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Paged, Scan } from '../../../lib/api-schemas.ts';
import { scanDiffKeys } from './keys.ts';

/** The newest ready scans a picker offers; older ones are reached by their link (or by typing in the picker). */
export const CHOICE_LIMIT = 100;

export function listReadyScans(group: number | null, signal?: AbortSignal): Promise<Paged<Scan>> {
  const query = { status: 'R' as const, ordering: '-created' as const, limit: CHOICE_LIMIT, ...(group === null ? {} : { group }) };
  return unwrap(api.GET('/rest/scans/', { params: { query }, signal }));
}

export const readyScansQueryOptions = (group: number | null) =>
  queryOptions({
    queryKey: scanDiffKeys.candidates(group),
    queryFn: ({ signal }) => listReadyScans(group, signal),
  });

export function getScan(id: number, signal?: AbortSignal): Promise<Scan> {
  return unwrap(api.GET('/rest/scans/{id}/', { params: { path: { id } }, signal }));
}

/** A scan the address names: its name and group label a picker; one that is gone (404) is said in place. */
export const chosenScanQueryOptions = (id: number) =>
  queryOptions({
    queryKey: scanDiffKeys.scan(id),
    queryFn: ({ signal }) => getScan(id, signal),
    meta: { handledStatuses: [404] },
  });
