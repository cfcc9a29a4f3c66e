// File uploads go through XMLHttpRequest rather than fetch: only XHR reports upload progress.
import { ApiError, readCsrfToken } from './api-client.ts';

export interface FileUpload {
  file: File;
  /** Called with the fraction of bytes sent, 0 to 1; 1 once the server has answered. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Other form fields, sent before the file. */
  fields?: Readonly<Record<string, string>>;
}

/**
 * POSTs `file` as the multipart field "file" with the CSRF header, and answers the server's
 * JSON; an answer outside 2xx rejects with an ApiError carrying its body (field errors too).
 */
export function uploadFile<T>(url: string, { file, onProgress, signal, fields = {} }: FileUpload): Promise<T> {
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
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
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

/** Where a resumable upload stands, reported as bytes arrive at the server. */
export interface ResumableProgress {
  sent: number;
  total: number;
  /** Set while the connection is down and the client waits to try again. */
  retrying: boolean;
}

export interface ResumableUpload {
  file: File;
  /** tus Upload-Metadata pairs besides the file name, e.g. `{ group: '7' }`. */
  metadata: Record<string, string>;
  onProgress?: (progress: ResumableProgress) => void;
  signal?: AbortSignal;
  /** Bytes per PATCH; a lost connection costs at most one chunk. */
  chunkSize?: number;
  /** Waits between attempts after a network failure; the last one repeats until `signal` aborts. */
  retryDelaysMs?: readonly number[];
}

const TUS_HEADERS = { 'Tus-Resumable': '1.0.0' };
const DEFAULT_CHUNK = 8 * 1024 * 1024;
const DEFAULT_RETRY_DELAYS = [500, 1000, 2000, 4000, 8000];
const STORAGE_PREFIX = 'binlens.upload.';
/** An abort reason that leaves the upload on the server, to be resumed later (leaving the page). */
export const KEEP_UPLOAD = 'keep-upload';

/**
 * Sends `file` with the tus 1.0 protocol to /rest/uploads/ and answers the id of the scan it
 * became. A network failure or a server restart mid-way is retried from the offset the server
 * holds (HEAD); the upload's address is remembered per file in localStorage, so choosing the
 * same file again after a reload resumes it too. Aborting `signal` terminates the upload, unless
 * its reason is KEEP_UPLOAD.
 */
export async function uploadResumable({ file, metadata, onProgress, signal, chunkSize = DEFAULT_CHUNK, retryDelaysMs = DEFAULT_RETRY_DELAYS }: ResumableUpload): Promise<number> {
  const key = STORAGE_PREFIX + [metadata.group ?? '', file.name, file.size, file.lastModified].join(':');
  let location = storage()?.getItem(key) ?? null;
  let offset = 0;
  let failures = 0;
  const report = (sent: number, retrying = false) => onProgress?.({ sent, total: file.size, retrying });
  try {
    for (;;) {
      signal?.throwIfAborted();
      try {
        if (location) {
          const head = await request('HEAD', location, { signal });
          if (head.status === 404) {
            location = null;
            storage()?.removeItem(key);
            continue;
          }
          assertOk(head);
          const scanId = head.header('Binlens-Scan-Id');
          offset = Number(head.header('Upload-Offset'));
          report(offset);
          if (scanId) return finished(key, Number(scanId));
        } else {
          const created = await request('POST', '/rest/uploads/', {
            signal,
            headers: { 'Upload-Length': String(file.size), 'Upload-Metadata': encodeMetadata({ filename: file.name, ...metadata }) },
          });
          assertOk(created);
          location = created.header('Location');
          if (!location) throw new ApiError(created.status, { detail: 'The server answered no upload address.' });
          storage()?.setItem(key, location);
          offset = 0;
          report(0);
        }
        for (;;) {
          const end = Math.min(offset + chunkSize, file.size);
          const sent = await request('PATCH', location, {
            signal,
            headers: { 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) },
            body: file.slice(offset, end),
            onUploadProgress: (loaded) => report(offset + loaded),
          });
          assertOk(sent);
          offset = Number(sent.header('Upload-Offset'));
          failures = 0;
          report(offset);
          const scanId = sent.header('Binlens-Scan-Id');
          if (scanId) return finished(key, Number(scanId));
        }
      } catch (error) {
        if (!isRetryable(error)) throw error;
        // Ask the server where it stands once it answers again, then go on from there.
        report(offset, true);
        await wait(retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 1000, signal);
        failures += 1;
      }
    }
  } catch (error) {
    if (signal?.aborted && signal.reason !== KEEP_UPLOAD && location) {
      storage()?.removeItem(key);
      void request('DELETE', location).catch(() => undefined);
    }
    throw error;
  }
}

function finished(key: string, scanId: number): number {
  storage()?.removeItem(key);
  return scanId;
}

/** A dropped connection, a server that is down or restarting, or a writer still busy. */
function isRetryable(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  if (!(error instanceof ApiError)) return false;
  // 409: another request still writes (the one cut off) or the offset moved; the next round asks HEAD.
  return error.status >= 502 || error.status === 409;
}

function encodeMetadata(pairs: Record<string, string>): string {
  return Object.entries(pairs)
    .map(([key, value]) => `${key} ${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}`)
    .join(',');
}

interface TusAnswer {
  status: number;
  body: unknown;
  header(name: string): string | null;
}

function assertOk(answer: TusAnswer): void {
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
}

function request(
  method: 'HEAD' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { headers?: Record<string, string>; body?: Blob; signal?: AbortSignal; onUploadProgress?: (loaded: number) => void } = {},
): Promise<TusAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = 'text';
    for (const [name, value] of Object.entries({ ...TUS_HEADERS, ...options.headers })) xhr.setRequestHeader(name, value);
    const token = readCsrfToken();
    if (token && method !== 'HEAD') xhr.setRequestHeader('X-CSRFToken', token);
    if (options.onUploadProgress) {
      const onUploadProgress = options.onUploadProgress;
      xhr.upload.addEventListener('progress', (event) => onUploadProgress(event.loaded));
    }
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: parseJson(xhr.responseText), header: (name) => xhr.getResponseHeader(name) }));
    xhr.addEventListener('error', () => reject(new TypeError('Network error during upload')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(options.body ?? null);
  });
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Upload aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
