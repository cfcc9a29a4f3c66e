import path from 'node:path';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the request is for the API: the web app's /rest/ or the public /api/ of CI clients.
 * Hooks decide on this, never on the raw URL: the router decodes `/%72est/users/me/` to
 * `/rest/users/me/` before matching, so the raw URL can hide an API route. True when the
 * matched route's pattern is under /rest/ or /api/, or when the path, percent-decoded with dot
 * segments resolved, is (an unknown /rest/ path falls to the static wildcard route `/*`).
 */
export function isApiPath(request: FastifyRequest): boolean {
  return API_PREFIXES.some((prefix) => request.routeOptions.url?.startsWith(prefix) === true) || API_PREFIXES.some((prefix) => normalisePath(request.url).startsWith(prefix));
}

/** Whether the request is for the public /api/ (answers in its envelope, takes HTTP Basic). */
export function isPublicApiPath(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true || normalisePath(request.url).startsWith('/api/');
}

const API_PREFIXES = ['/rest/', '/api/'] as const;

/** `/%72est//a/../users/me/?x=1` → `/rest/users/me/`. */
export function normalisePath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  const normalised = path.posix.normalize(decoded);
  // normalize keeps a trailing slash; a leading one is always there for a request target.
  return normalised.startsWith('/') ? normalised : `/${normalised}`;
}

/**
 * CI clients write /api/ paths with and without their trailing slash (`/api/groups`,
 * `/api/product/7/`): /api/ routes are registered without it, and every request's is dropped
 * before routing (Fastify's rewriteUrl), so both forms reach the one route.
 * `/api/product/7/?format=spdx` → `/api/product/7?format=spdx`.
 */
export function withoutApiTrailingSlash(url: string): string {
  if (!url.startsWith('/api/')) return url;
  const query = url.indexOf('?');
  const pathPart = query === -1 ? url : url.slice(0, query);
  const trimmed = pathPart.replace(/\/+$/, '');
  if (trimmed === pathPart || trimmed === '/api') return url;
  return trimmed + (query === -1 ? '' : url.slice(query));
}
