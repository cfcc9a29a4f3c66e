import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { type FileUpload, type ResumableUpload, uploadFile, uploadResumable } from '../../../lib/upload-file.ts';
import { scanKeys } from './keys.ts';

export interface UploadInput extends FileUpload {
  groupId: number;
}

export function uploadScan({ groupId, ...upload }: UploadInput): Promise<Scan> {
  return uploadFile<Scan>(`/rest/groups/${groupId}/upload/`, upload);
}

export function useUploadScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadScan,
    meta: { handledStatuses: [400] },
    onSuccess: async (scan) => {
      queryClient.setQueryData(scanKeys.detail(scan.id), scan);
      await queryClient.invalidateQueries({ queryKey: scanKeys.lists() });
    },
  });
}

export type ResumableScanUpload = Omit<ResumableUpload, 'metadata'> & { groupId: number };

/** A file sent resumably (tus) into the group; answers the id of its new scan. */
export function uploadScanResumable({ groupId, ...upload }: ResumableScanUpload): Promise<number> {
  return uploadResumable({ ...upload, metadata: { group: String(groupId) } });
}

export const uploadLimitKey = ['uploads', 'limit'] as const;

/** The largest file the user may upload now: the company's limit, the server's cap, quotas. */
export function useUploadLimit() {
  return useQuery({
    queryKey: uploadLimitKey,
    queryFn: async () => (await unwrap(api.GET('/rest/uploads/limit/'))).max_upload_bytes,
  });
}
