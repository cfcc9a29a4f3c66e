// Downloads for `db sync`: streamed to a temporary file, redirects followed by hand so
// that each hop is checked: https only, or plain http to a loopback address when the
// base URL was overridden for a test (BINLENS_*_URL pointing at 127.0.0.1). An answer
// that is an HTML page (a proxy's login or error page) is refused before its body is
// read, and a body cut short says how far it got.
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

const MAX_REDIRECTS = 5;

export interface DownloadProgress {
  readonly bytes: number;
  /** Content-Length, when the server sent one. */
  readonly totalBytes: number | null;
  /** The feed's own date as the server states it (Last-Modified), ISO 8601. */
  readonly feedDate: string | null;
}

export interface DownloadOptions {
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
  /** Allow http://127.0.0.1 / localhost (set when the base URL came from the environment). */
  readonly allowLoopbackHttp?: boolean;
  /** Called as bytes arrive (at most every 64 KiB) and once when the download is complete. */
  readonly onProgress?: (progress: DownloadProgress) => void;
}

/** GETs `url` into `file`; throws on a non-2xx answer, an HTML page, a redirect off https, or a body cut short. */
export async function download(url: string, file: string, options: DownloadOptions = {}): Promise<DownloadProgress> {
  const response = await get(url, options);
  if (!response.body) throw new Error(`${url}: empty response`);
  // fetch decodes a gzip or br Content-Encoding: Content-Length then counts other bytes.
  const encoded = !/^(identity)?$/i.test(response.headers.get('content-encoding') ?? '');
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const totalBytes = !encoded && Number.isSafeInteger(length) && length >= 0 ? length : null;
  const feedDate = httpDate(response.headers.get('last-modified'));
  // Once at the headers: a small feed shows its size at once, not only when it has arrived.
  options.onProgress?.({ bytes: 0, totalBytes, feedDate });
  let bytes = 0;
  let reported = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes - reported >= 64 * 1024) {
        reported = bytes;
        options.onProgress?.({ bytes, totalBytes, feedDate });
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), meter, createWriteStream(file), options.signal ? { signal: options.signal } : {});
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const of = totalBytes === null ? '' : ` of ${totalBytes}`;
    throw new Error(`${url}: the download stopped after ${bytes}${of} bytes: ${reason(error)}`, { cause: error });
  }
  if (totalBytes !== null && bytes !== totalBytes) throw new Error(`${url}: the download stopped after ${bytes} of ${totalBytes} bytes`);
  const done = { bytes, totalBytes, feedDate };
  options.onProgress?.(done);
  return done;
}

/** GETs `url` as JSON (NVD API pages are small: 2,000 records at most). */
export async function getJson(url: string, options: DownloadOptions = {}): Promise<unknown> {
  const response = await get(url, options);
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url}: the answer is not JSON (${JSON.stringify(text.slice(0, 40))}…)`);
  }
}

async function get(url: string, options: DownloadOptions): Promise<Response> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    checkUrl(current, options.allowLoopbackHttp === true);
    let response: Response;
    try {
      response = await fetch(current, { redirect: 'manual', headers: options.headers ?? {}, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new Error(`${current}: cannot be reached: ${reason(error)}`, { cause: error });
    }
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
    if (/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) { // "text/html; charset=utf-8"
      await response.body?.cancel();
      throw new Error(`${current}: answered an HTML page instead of the feed (a proxy or an error page?)`);
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

/** "Tue, 01 Oct 2024 08:00:00 GMT" → "2024-10-01T08:00:00.000Z"; null when absent or unreadable. */
function httpDate(value: string | null): string | null {
  const time = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** What the socket's error codes mean, in words; the code follows in parentheses. */
const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not answer in time',
  UND_ERR_BODY_TIMEOUT: 'the server stopped sending',
  UND_ERR_SOCKET: 'the connection broke',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
};

/** fetch's errors hide the socket's reason in `cause` ("fetch failed" ← "ECONNREFUSED"): `the connection was refused (ECONNREFUSED)`. */
function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') {
    const words = NETWORK_ERRORS[cause.code];
    return words ? `${words} (${cause.code})` : cause.code;
  }
  if (cause && typeof cause.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
