// One outbound HTTP(S) request through the SSRF guard: the address is checked where the
// socket connects (a custom DNS lookup, so a name that resolves differently a second time
// cannot slip through) and on every redirect, which we follow ourselves.
import { lookup as dnsLookup } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import { addressGuard, type AllowedNetwork, OutboundRefusedError } from './guard.ts';

export { OutboundRefusedError } from './guard.ts';

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** Networks an administrator allowed (Account → Outbound networks). */
  allowed: readonly AllowedNetwork[];
  /** Largest response body; larger answers fail with OutboundTooLargeError. */
  maxBytes: number;
  /** Whole request, redirects and body included. */
  timeoutMs: number;
  /** Longest silence of the socket. */
  idleMs: number;
  /** 0: a redirect is the answer. */
  maxRedirects: number;
  signal?: AbortSignal;
  /** Called as body bytes arrive, with the bytes so far and the announced length (0 when unknown). */
  onBytes?: (done: number, total: number) => void;
}

export interface OutboundResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** Where the answer came from, after redirects, without credentials. */
  url: string;
  /** The body, failing with OutboundTooLargeError past maxBytes and OutboundFailedError on time-outs. */
  body: Readable;
  contentLength: number | null;
}

/** Any failure of an outbound request; the message is meant for the user. */
export class OutboundFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundFailedError';
  }
}

export class OutboundTooLargeError extends OutboundFailedError {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The answer is larger than the limit of ${maxBytes} bytes.`);
    this.name = 'OutboundTooLargeError';
    this.maxBytes = maxBytes;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function outboundRequest(request: OutboundRequest): Promise<OutboundResponse> {
  const check = addressGuard(request.allowed);
  const signals = [AbortSignal.timeout(request.timeoutMs), ...(request.signal ? [request.signal] : [])];
  const signal = AbortSignal.any(signals);
  let url = parseTarget(request.url);
  let headers = { ...request.headers };
  let method = request.method ?? 'GET';
  let body = request.body;
  for (let hop = 0; ; hop += 1) {
    const response = await send({ url, method, headers, body, check, signal, idleMs: request.idleMs, timeoutMs: request.timeoutMs });
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || request.maxRedirects === 0 || !location) {
      return answer(response, url, request, signal);
    }
    response.resume();
    if (hop >= request.maxRedirects) throw new OutboundFailedError(`The server redirected more than ${request.maxRedirects} times.`);
    const next = parseTarget(location, url);
    // Credentials meant for one origin (user:password@, additional headers) never go to another.
    if (next.origin !== url.origin) {
      next.username = '';
      next.password = '';
      headers = {};
    }
    if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
    }
    url = next;
  }
}

/** http(s) URLs only; relative references resolved against `base` (redirects). */
export function parseTarget(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundFailedError(base ? `The server redirected to an invalid URL.` : 'Enter a valid http or https URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(`Only http and https URLs can be fetched${base ? '; the server redirected to one that is not' : ''}.`);
  }
  return url;
}

/** The URL without user:password@, for messages and records. */
export function withoutCredentials(url: URL): string {
  const copy = new URL(url);
  copy.username = '';
  copy.password = '';
  return copy.toString();
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  check: (address: string, host: string) => void;
  signal: AbortSignal;
  idleMs: number;
  timeoutMs: number;
}

function send(hop: Hop): Promise<IncomingMessage> {
  const host = hop.url.hostname.replace(/^\[(.*)\]$/, '$1');
  // Node connects to an IP literal without a lookup: it is checked here.
  if (isIP(host)) hop.check(host, host);
  return new Promise((resolve, reject) => {
    const client = hop.url.protocol === 'https:' ? https : http;
    const req = client.request(hop.url, {
      method: hop.method,
      headers: { ...hop.headers, ...(hop.body ? { 'content-length': String(hop.body.length) } : {}) },
      lookup: guardedLookup(hop.check),
      agent: false,
      timeout: hop.idleMs,
      signal: hop.signal,
    });
    req.on('socket', (socket) => {
      // Whatever the lookup did, the connected peer is checked again.
      socket.once('connect', () => {
        try {
          if (socket.remoteAddress) hop.check(socket.remoteAddress, host);
        } catch (error) {
          req.destroy(error as Error);
        }
      });
    });
    let answered: IncomingMessage | undefined;
    req.on('timeout', () => {
      const idle = new OutboundFailedError(`The server sent nothing for ${seconds(hop.idleMs)}.`);
      // Once the answer has begun, its body is what reads on: it fails with the reason.
      answered?.destroy(idle);
      req.destroy(idle);
    });
    req.on('response', (response) => {
      answered = response;
      resolve(response);
    });
    req.on('error', (error) => reject(failure(error, hop)));
    req.end(hop.body);
  });
}

function guardedLookup(check: (address: string, host: string) => void): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(new OutboundFailedError(`The name ${hostname} could not be resolved.`), '', 4);
      let refusal: Error | undefined;
      // Only addresses the guard passes are handed to the socket; none passing fails the request.
      const passed = addresses.filter((entry) => {
        try {
          check(entry.address, hostname);
          return true;
        } catch (refused) {
          refusal ??= refused as Error;
          return false;
        }
      });
      const first = passed[0];
      if (!first) return callback(refusal ?? new OutboundFailedError(`The name ${hostname} has no address.`), '', 4);
      if (options.all) return callback(null, passed);
      return callback(null, first.address, first.family);
    });
  };
}

function answer(response: IncomingMessage, url: URL, request: OutboundRequest, signal: AbortSignal): OutboundResponse {
  const lengthText = response.headers['content-length'];
  const contentLength = lengthText !== undefined && /^\d+$/.test(lengthText) ? Number(lengthText) : null;
  if (contentLength !== null && contentLength > request.maxBytes) {
    response.destroy();
    throw new OutboundTooLargeError(request.maxBytes);
  }
  const limit = new ByteLimit(request.maxBytes, contentLength ?? 0, request.onBytes);
  const onAbort = () => response.destroy(new OutboundFailedError(`The download took longer than ${seconds(request.timeoutMs)}.`));
  signal.addEventListener('abort', onAbort, { once: true });
  pipeline(response, limit, () => signal.removeEventListener('abort', onAbort));
  return {
    status: response.statusCode ?? 0,
    statusText: response.statusMessage ?? '',
    headers: response.headers,
    url: withoutCredentials(url),
    body: limit,
    contentLength,
  };
}

class ByteLimit extends Transform {
  #done = 0;
  readonly #max: number;
  readonly #total: number;
  readonly #onBytes: ((done: number, total: number) => void) | undefined;

  constructor(max: number, total: number, onBytes?: (done: number, total: number) => void) {
    super();
    this.#max = max;
    this.#total = total;
    this.#onBytes = onBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#done += chunk.length;
    if (this.#done > this.#max) return callback(new OutboundTooLargeError(this.#max));
    this.#onBytes?.(this.#done, this.#total);
    callback(null, chunk);
  }
}

function failure(error: unknown, hop: Hop): Error {
  if (error instanceof OutboundRefusedError || error instanceof OutboundFailedError) return error;
  if (hop.signal.aborted) {
    const reason: unknown = hop.signal.reason;
    if (reason instanceof DOMException && reason.name === 'TimeoutError') return new OutboundFailedError(`The request took longer than ${seconds(hop.timeoutMs)}.`);
    return new OutboundFailedError('The request was cancelled.');
  }
  const code = (error as { code?: unknown }).code;
  const what = typeof code === 'string' ? ` (${code})` : '';
  return new OutboundFailedError(`${hop.url.host} could not be reached${what}.`);
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
