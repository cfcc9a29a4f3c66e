import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { isApiPath } from './route-path.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/**
 * Unsafe /rest/ and /api/ calls made with a session echo its CSRF token in X-CSRFToken (double
 * submit). A caller with an API key or HTTP Basic has no token (csrfToken null) and needs none.
 */
export const csrfPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !isApiPath(request)) return;
      if (request.routeOptions.config.csrf === false || !request.viewer || request.viewer.csrfToken === null) return;
      const header = request.headers['x-csrftoken'];
      if (typeof header !== 'string' || !sameToken(header, request.viewer.csrfToken)) {
        throw new AppError('csrf_failed');
      }
    });
  },
  { name: 'csrf', dependencies: ['auth'] },
);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
