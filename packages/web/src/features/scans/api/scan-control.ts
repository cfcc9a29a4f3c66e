import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Scan, ScanBulkResult, ScanUpdate } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

/** The actions on a selection (spec §9 bulk confirmations); each is the server's POST scans/{path}/. */
export const BULK_ACTIONS = {
  rescan: { path: '/rest/scans/rescan/', label: 'Rescan', title: 'Rescan selected applications', done: 'rescanned' },
  remove: { path: '/rest/scans/delete/', label: 'Remove', title: 'Remove selected applications', done: 'removed' },
  removeFiles: { path: '/rest/scans/delete-binary/', label: 'Remove files', title: 'Remove files from selected applications', done: 'files removed' },
  abort: { path: '/rest/scans/abort/', label: 'Abort', title: 'Abort selected analyses', done: 'aborted' },
} as const;
export type BulkAction = keyof typeof BULK_ACTIONS;

/** Rescan, abort, rename, remove the file, remove the scan: each refreshes the scan and the lists. */
export function useScanControl(scanId: number) {
  const queryClient = useQueryClient();
  const refresh = async (scan?: Scan) => {
    if (scan) queryClient.setQueryData(scanKeys.detail(scanId), scan);
    await Promise.all([queryClient.invalidateQueries({ queryKey: scanKeys.detail(scanId) }), queryClient.invalidateQueries({ queryKey: scanKeys.lists() })]);
  };
  const path = { params: { path: { id: scanId } } };
  return {
    rescan: useMutation({ mutationFn: () => unwrap(api.POST('/rest/scans/{id}/rescan/', path)), onSuccess: refresh, meta: { handledStatuses: [409] } }),
    abort: useMutation({ mutationFn: () => unwrap(api.POST('/rest/scans/{id}/abort/', path)), onSuccess: refresh, meta: { handledStatuses: [409] } }),
    rename: useMutation({
      mutationFn: (change: ScanUpdate) => unwrap(api.PATCH('/rest/scans/{id}/', { ...path, body: change })),
      onSuccess: refresh,
      meta: { handledStatuses: [400] },
    }),
    removeFile: useMutation({ mutationFn: () => unwrap(api.DELETE('/rest/scans/{id}/binary/', path)), onSuccess: refresh, meta: { handledStatuses: [409] } }),
    remove: useMutation({
      mutationFn: () => unwrap(api.DELETE('/rest/scans/{id}/', path)),
      onSuccess: async () => {
        queryClient.removeQueries({ queryKey: scanKeys.detail(scanId) });
        await queryClient.invalidateQueries({ queryKey: scanKeys.lists() });
      },
    }),
  };
}

/** One bulk action on the selected ids; the answer lists what was done and what was refused (with why). */
export function useBulkScanAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: number[] }): Promise<ScanBulkResult> =>
      unwrap(api.POST(BULK_ACTIONS[action].path, { body: { id__in: ids } })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: scanKeys.all });
    },
  });
}
