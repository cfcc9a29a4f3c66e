// "Sync now" and the bundle upload. The upload goes through XMLHttpRequest: only XHR reports
// upload progress. Both refresh the knowledge-base state, which then polls while importing.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, readCsrfToken, unwrap } from '../../../lib/api-client.ts';
import type { KnowledgeBaseStatus } from '../../../lib/api-schemas.ts';
import { knowledgeBaseKeys } from '../../../lib/knowledge-base.ts';

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

export interface BundleUploadInput {
  file: File;
  /** Called with the fraction of bytes sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadBundle({ file, onProgress, signal }: BundleUploadInput): Promise<KnowledgeBaseStatus> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/rest/knowledge-base/bundles/');
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as KnowledgeBaseStatus);
      else reject(new ApiError(xhr.status, body));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network error during upload')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
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

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
