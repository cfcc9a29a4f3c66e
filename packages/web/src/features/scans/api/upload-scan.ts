// Upload goes through XMLHttpRequest rather than fetch: only XHR reports upload progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, readCsrfToken } from '../../../lib/api-client.ts';
import type { Scan } from '../../../lib/api-schemas.ts';
import { scanKeys } from './keys.ts';

export interface UploadInput {
  groupId: number;
  file: File;
  /** Called with the fraction of bytes sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export function uploadScan({ groupId, file, onProgress, signal }: UploadInput): Promise<Scan> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/rest/groups/${groupId}/upload/`);
    xhr.responseType = 'text';
    const token = readCsrfToken();
    if (token) xhr.setRequestHeader('X-CSRFToken', token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as Scan);
      } else reject(new ApiError(xhr.status, body));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network error during upload')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
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

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
