// GET /rest/sales/scans/{id}/ (spec §7): the scan the sales view (spec §2 /sales/product/{scanId}) shows.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { SalesScan, ScanStatus } from '../../../lib/api-schemas.ts';
import { salesKeys } from './keys.ts';

/** Spec §3: the client marks a scan loaded for the sales view as seen by an external account; the server never sends it. */
export type SalesScanModel = SalesScan & { isExternalAccount: true };

/** Spec §4: R ready; B, S, P, D busy; F failed. */
const BUSY: readonly ScanStatus[] = ['B', 'S', 'P', 'D'];

/** Spec §9: a busy scan is polled every 3000 ms. */
const POLL_INTERVAL_MS = 3000;

export function isSalesScanBusy(status: ScanStatus | undefined): boolean {
  return status !== undefined && BUSY.includes(status);
}

export async function getSalesScan(id: number, signal?: AbortSignal): Promise<SalesScanModel> {
  const scan = await unwrap(api.GET('/rest/sales/scans/{id}/', { params: { path: { id } }, signal }));
  return { ...scan, isExternalAccount: true };
}

/** Polled while busy and no more once ready or failed; 404 is the route's not-found. */
export const salesScanQueryOptions = (id: number) =>
  queryOptions({
    queryKey: salesKeys.scan(id),
    queryFn: ({ signal }) => getSalesScan(id, signal),
    meta: { handledStatuses: [404] },
    refetchInterval: (query) => (isSalesScanBusy(query.state.data?.status) ? POLL_INTERVAL_MS : false),
  });
