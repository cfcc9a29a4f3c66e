import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Paged, ScanCustomData, ScanCustomDataCreate } from '../../../lib/api-schemas.ts';
import { type CustomDataChange, normaliseCustomData } from '../../../lib/custom-data.ts';
import { scanKeys } from './keys.ts';

/** Spec §7 pages lists 500 at a time; a scan's custom data is read whole. */
const PAGE = 500;

const customDataKey = (scanId: number) => [...scanKeys.detail(scanId), 'custom-data'] as const;

export const scanCustomDataQueryOptions = (scanId: number) =>
  queryOptions({
    queryKey: customDataKey(scanId),
    queryFn: ({ signal }): Promise<Paged<ScanCustomData>> =>
      unwrap(api.GET('/rest/custom-data/', { params: { query: { product: scanId, limit: PAGE } }, signal })),
  });


/** Add, change (only the fields sent) and remove; each refreshes the scan's custom data and the lists (meta: search). */
export function useScanCustomDataMutations(scanId: number) {
  const queryClient = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: customDataKey(scanId) }),
      queryClient.invalidateQueries({ queryKey: scanKeys.lists() }),
    ]);
  };
  const handled = { handledStatuses: [400] };
  return {
    create: useMutation({
      mutationFn: (body: Omit<ScanCustomDataCreate, 'product'>) =>
        unwrap(api.POST('/rest/custom-data/', { body: normaliseCustomData({ ...body, product: scanId }) })),
      onSuccess,
      meta: handled,
    }),
    update: useMutation({
      mutationFn: ({ entry, change }: CustomDataChange<ScanCustomData>) =>
        unwrap(api.PATCH('/rest/custom-data/{id}/', { params: { path: { id: entry.id } }, body: normaliseCustomData(change) })),
      onSuccess,
      meta: handled,
    }),
    remove: useMutation({
      mutationFn: (entry: ScanCustomData) => unwrap(api.DELETE('/rest/custom-data/{id}/', { params: { path: { id: entry.id } } })),
      onSuccess,
    }),
  };
}
