// GET /rest/scans/diff/?base=&target=: what changed from one ready scan to another (spec §2 /diff).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { ScanDiff } from '../../../lib/api-schemas.ts';
import { parseId } from '../../../lib/route-params.ts';
import { z } from '../../../lib/zod.ts';
import { scanDiffKeys } from './keys.ts';

/** The route's search: each id as the address gave it (a number, or text that is not one), absent when not given. */
export const diffSearchSchema = z.object({
  base: z.union([z.number(), z.string()]).optional().catch(undefined),
  target: z.union([z.number(), z.string()]).optional().catch(undefined),
});
export type DiffSearch = z.output<typeof diffSearchSchema>;

/** One side of the address: a scan id, absent, or given but not an id ("abc", "-1"). */
export type DiffSide = { id: number } | { missing: true } | { invalid: string };

export function diffSideOf(value: number | string | undefined): DiffSide {
  if (value === undefined || value === '') return { missing: true };
  const id = parseId(String(value));
  return Number.isNaN(id) ? { invalid: String(value) } : { id };
}

export function getScanDiff(base: number, target: number, signal?: AbortSignal): Promise<ScanDiff> {
  return unwrap(api.GET('/rest/scans/diff/', { params: { query: { base, target } }, signal }));
}

/**
 * Both scans evaluated now, as their result pages are. 400 (the same scan twice, a scan without a
 * result) and 404 are shown on the page beside the scan pickers; a failure is not asked again
 * on mount, only by the page's Retry.
 */
export const scanDiffQueryOptions = (base: number, target: number) =>
  queryOptions({
    queryKey: scanDiffKeys.diff(base, target),
    queryFn: ({ signal }) => getScanDiff(base, target, signal),
    staleTime: (query) => (query.state.data?.knowledge_base.updated === null ? 0 : 5 * 60_000),
    retryOnMount: false,
    meta: { handledStatuses: [400, 404] },
  });
