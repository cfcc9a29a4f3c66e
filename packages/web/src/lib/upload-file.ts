// File uploads go through XMLHttpRequest rather than fetch: only XHR reports upload progress.
import { ApiError, readCsrfToken } from './api-client.ts';

export interface FileUpload {
  file: File;
  /** Called with the fraction of bytes sent, 0 to 1; 1 once the server has answered. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs `file` as the multipart field "file" with the CSRF header, and answers the server's
 * JSON; an answer outside 2xx rejects with an ApiError carrying its body (field errors too).
 */
export function uploadFile<T>(url: string, { file, onProgress, signal }: FileUpload): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
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
        resolve(body as T);
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

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
