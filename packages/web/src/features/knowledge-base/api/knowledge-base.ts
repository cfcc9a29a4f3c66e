// "Sync now" and the bundle upload (lib/upload-file.ts, with its progress). Both refresh the
// knowledge-base state, which then polls while importing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { KnowledgeBaseStatus } from '../../../lib/api-schemas.ts';
import { knowledgeBaseKeys } from '../../../lib/knowledge-base.ts';
import { type FileUpload, uploadFile } from '../../../lib/upload-file.ts';

export function syncNow(): Promise<KnowledgeBaseStatus> {
  return unwrap(api.POST('/rest/knowledge-base/sync/'));
}

export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncNow,
    meta: { handledStatuses: [409] },
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.all }),
  });
}

export type BundleUploadInput = FileUpload;

export function uploadBundle(upload: BundleUploadInput): Promise<KnowledgeBaseStatus> {
  return uploadFile<KnowledgeBaseStatus>('/rest/knowledge-base/bundles/', upload);
}

export function useUploadBundle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBundle,
    meta: { handledStatuses: [400, 409, 413] },
    onSuccess: (status) => queryClient.setQueryData(knowledgeBaseKeys.status(), status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: knowledgeBaseKeys.all }),
  });
}
