// Downloads for `db sync`: streamed to a temporary file, redirects followed by hand so
// that each hop is checked: https only, or plain http to a loopback address when the
// base URL was overridden for a test (BINLENS_*_URL pointing at 127.0.0.1).
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

const MAX_REDIRECTS = 5;

export interface DownloadOptions {
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  /** Allow http://127.0.0.1 / localhost (set when the base URL came from the environment). */
  readonly allowLoopbackHttp?: boolean;
}

/** GETs `url` into `file`; throws on a non-2xx answer or a redirect off https. */
export async function download(url: string, file: string, options: DownloadOptions = {}): Promise<void> {
  const response = await get(url, options);
  if (!response.body) throw new Error(`${url}: empty response`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(file), options.signal ? { signal: options.signal } : {});
}

/** GETs `url` as JSON (NVD API pages are small: 2,000 records at most). */
export async function getJson(url: string, options: DownloadOptions = {}): Promise<unknown> {
  return (await get(url, options)).json();
}

async function get(url: string, options: DownloadOptions): Promise<Response> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    checkUrl(current, options.allowLoopbackHttp === true);
    const response = await fetch(current, { redirect: 'manual', headers: options.headers ?? {}, ...(options.signal ? { signal: options.signal } : {}) });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      await response.body?.cancel();
      if (!location) throw new Error(`${current}: redirect without a location`);
      current = new URL(location, current).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${current}: HTTP ${response.status}`);
    }
    return response;
  }
  throw new Error(`${url}: more than ${MAX_REDIRECTS} redirects`);
}

function checkUrl(text: string, allowLoopbackHttp: boolean): void {
  const url = new URL(text);
  if (url.protocol === 'https:') return;
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol === 'http:' && loopback && allowLoopbackHttp) return;
  throw new Error(`refusing ${text}: only https downloads are allowed`);
}
