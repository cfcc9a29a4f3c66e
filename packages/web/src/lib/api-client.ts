// The one HTTP client of the app: openapi-fetch typed by the generated `paths`, plus the
// session rules every request shares (same-origin cookies, CSRF header on unsafe methods)
// and one error type (ApiError) that the query cache and forms understand.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api-types.gen.ts';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong. Please try again.';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const api = createClient<paths>({
  // An absolute base: Request() outside a browser (tests) rejects relative URLs.
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'same-origin',
  // Resolve fetch per call so test interceptors installed after import still apply.
  fetch: (request) => globalThis.fetch(request),
});

export const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return undefined;
    const token = readCsrfToken();
    if (token) request.headers.set('X-CSRFToken', token);
    return request;
  },
};

api.use(csrfMiddleware);

/** The `csrftoken` cookie the server sets; echoed back in the X-CSRFToken header. */
export function readCsrfToken(cookies: string = globalThis.document?.cookie ?? ''): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'csrftoken') return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Field errors as the server sends them on 400: `{email: ["This field is required."]}`. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(messageOf(body));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The id a 500 carries so support can find the server log line. */
  get errorId(): string | null {
    const id = isRecord(this.body) ? this.body['error_id'] : undefined;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
  }

  get fieldErrors(): FieldErrors {
    if (this.status !== 400 || !isRecord(this.body)) return {};
    const out: FieldErrors = {};
    for (const [key, value] of Object.entries(this.body)) {
      if (Array.isArray(value)) out[key] = value.map(String);
      else if (typeof value === 'string') out[key] = [value];
    }
    return out;
  }
}

/** Turns an openapi-fetch result into its data, or throws ApiError for a non-2xx answer. */
export async function unwrap<D, E>(
  pending: Promise<{ data?: D; error?: E; response: Response }>,
): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok) throw new ApiError(response.status, error ?? null);
  return data as D;
}

/** Spec §8: the detail if any, else field errors flattened into text, else the default. */
export function messageOf(body: unknown): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (!isRecord(body)) return DEFAULT_ERROR_MESSAGE;
  if (typeof body['detail'] === 'string') return body['detail'];
  const parts = Object.values(body)
    .flatMap((value) => (Array.isArray(value) ? value : []))
    .filter((value): value is string => typeof value === 'string');
  return parts.length > 0 ? parts.join(' ') : DEFAULT_ERROR_MESSAGE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
