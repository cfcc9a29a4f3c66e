// Requests to a Binlens server's REST API for the CLI's pipeline commands (`binlens upload`):
// Node's fetch with an API key (Authorization: Bearer), every request bounded in time and in
// the bytes of its answer, and every failure one message that names the request, the HTTP
// status and the server's own words (`{detail}` or `{field: [messages]}`).
import { escapeText } from '@binlens/engine';

export interface ServerClient {
  /** The server's address without a trailing slash, e.g. `https://binlens.example.com`. */
  readonly base: string;
  readonly apiKey: string;
  readonly signal?: AbortSignal | undefined;
}

/** A request that failed: the message says what and why; `status` is the HTTP status when the server answered. */
export class ServerError extends Error {
  readonly status: number | null;
  /** Worth asking again (no answer, a timeout, 429, 502, 503, 504). */
  readonly transient: boolean;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | null;
  constructor(message: string, options: { status?: number | null; transient?: boolean; retryAfter?: number | null } = {}) {
    super(message);
    this.status = options.status ?? null;
    this.transient = options.transient ?? false;
    this.retryAfter = options.retryAfter ?? null;
  }
}

export interface RequestOptions {
  method?: string;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  /** The whole request, answer read included. */
  timeoutMs: number;
  /** The most bytes of answer read (decompressed); more is an error. */
  maxBytes: number;
  /** Statuses that answer normally (default: 200). */
  expect?: readonly number[];
}

/** `{base}{path}` answered with one of the expected statuses: its JSON. */
export async function requestJson<T>(client: ServerClient, path: string, options: RequestOptions): Promise<{ status: number; body: T }> {
  const method = options.method ?? 'GET';
  const what = `${method} ${path}`;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = client.signal ? AbortSignal.any([client.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${client.base}${path}`, {
      method,
      headers: { accept: 'application/json', authorization: `Bearer ${client.apiKey}`, ...options.headers },
      ...(options.body !== undefined ? { body: options.body, duplex: 'half' } : {}),
      signal,
      redirect: 'error',
    } as RequestInit);
  } catch (error) {
    throw failure(client, what, error, timeout, options.timeoutMs);
  }
  let text: string;
  try {
    text = await readBounded(response, options.maxBytes, what);
  } catch (error) {
    if (error instanceof ServerError) throw error;
    throw failure(client, what, error, timeout, options.timeoutMs);
  }
  if (!(options.expect ?? [200]).includes(response.status)) throw httpError(what, response, text);
  try {
    return { status: response.status, body: JSON.parse(text) as T };
  } catch {
    throw new ServerError(`${what} answered HTTP ${response.status} with something that is not JSON: ${excerpt(text)}`, { status: response.status });
  }
}

/** The answer's bytes as text, refused past `maxBytes` (whatever Content-Length claims). */
export async function readBounded(response: Response, maxBytes: number, what: string): Promise<string> {
  const tooLarge = () => new ServerError(`${what}: the answer is larger than ${maxBytes} bytes`, { status: response.status });
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes && response.headers.get('content-encoding') === null) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An answer with an unexpected status, in the server's words. */
export function httpError(what: string, response: Response, text: string): ServerError {
  const status = response.status;
  const retry = Number(response.headers.get('retry-after') ?? '');
  return new ServerError(`${what} answered HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}: ${reasonOf(text)}`, {
    status,
    transient: status === 429 || status === 502 || status === 503 || status === 504,
    retryAfter: Number.isFinite(retry) && retry >= 0 ? retry : null,
  });
}

/** The server's `{detail}`, or `{field: [messages]}` as "field: message", else the start of the body. */
export function reasonOf(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const fields = body as Record<string, unknown>;
      if (typeof fields.detail === 'string') return escapeText(fields.detail);
      const parts = Object.entries(fields).filter(([key]) => key !== 'meta').map(([key, value]) => `${key}: ${[value].flat().map(String).join(' ')}`);
      if (parts.length > 0) return escapeText(parts.join('; ').slice(0, 500));
    }
  } catch {
    // not JSON: a proxy's page, say
  }
  return excerpt(text) || '(no explanation)';
}

function excerpt(text: string): string {
  return escapeText(text.replace(/\s+/g, ' ').trim().slice(0, 200));
}

function failure(client: ServerClient, what: string, error: unknown, timeout: AbortSignal, timeoutMs: number): Error {
  if (client.signal?.aborted) return error as Error;
  if (timeout.aborted) return new ServerError(`${what}: no answer from ${client.base} within ${Math.round(timeoutMs / 1000)} s`, { transient: true });
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? (error as Error).message;
  return new ServerError(`${what}: cannot reach ${client.base} (${detail})`, { transient: true });
}
