import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Scan } from '../../../lib/api-schemas.ts';
import { type FileUpload, uploadFile } from '../../../lib/upload-file.ts';
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
