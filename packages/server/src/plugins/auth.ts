import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { SESSION_COOKIE } from '../lib/cookies.ts';
import type { Viewer } from '../lib/viewer.ts';
import { isApiPath, isPublicApiPath } from './route-path.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** False only for login, which has no session yet to hold a token. */
    csrf?: boolean;
    /** False where an API key may not sign in (making a new key: a leaked key would keep itself alive). */
    apiKey?: boolean;
  }
}

/** What the hook needs of the auth service (modules/auth/service.ts), which app.ts passes in. */
export interface SessionAuthenticator {
  authenticate(token: string): Promise<Viewer | null>;
  /** Throws basic_auth_invalid or sign_in_locked. */
  authenticateBasic(email: string, password: string, address: string): Promise<Viewer>;
}

/** What the hook needs of the API-key service (modules/api-keys/service.ts). */
export interface KeyAuthenticator {
  /** Throws api_key_invalid or api_key_network. */
  authenticate(token: string, address: string): Promise<Viewer>;
}

/**
 * Resolves the caller of every /rest/ and /api/ call once and turns away anonymous calls with
 * 401 (but on routes declared public). An `Authorization: Bearer <key>` header decides when
 * present (a bad key is a 401 even beside a session cookie); on /api/ so does
 * `Authorization: Basic` (email and password); else the session cookie. Other schemes, and
 * Basic on /rest/, are ignored (a proxy's own Basic login may ride along). Key and Basic
 * callers need no CSRF token (plugins/csrf.ts): a browser never adds those headers by itself.
 */
export const authPlugin = fp<{ auth: SessionAuthenticator; apiKeys: KeyAuthenticator }>(
  async (app, { auth, apiKeys }) => {
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request)) return;
      const isPublic = request.routeOptions.config.permission === 'public';
      const credentials = isPublic ? null : readAuthorization(request);
      if (credentials?.scheme === 'bearer') {
        if (request.routeOptions.config.apiKey === false) throw new AppError('api_key_not_allowed');
        request.viewer = await apiKeys.authenticate(credentials.token, request.ip);
      } else if (credentials?.scheme === 'basic') {
        request.viewer = await auth.authenticateBasic(credentials.email, credentials.password, request.ip);
      } else {
        const token = request.cookies[SESSION_COOKIE];
        request.viewer = token ? await auth.authenticate(token) : null;
      }
      if (isPublic) return;
      if (!request.viewer) throw new AppError('not_authenticated');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

type Credentials = { scheme: 'bearer'; token: string } | { scheme: 'basic'; email: string; password: string };

function readAuthorization(request: FastifyRequest): Credentials | null {
  const header = request.headers.authorization;
  if (!header) return null;
  // "Bearer blk_3q2-7w..." (scheme case-insensitive, RFC 9110 §11.1)
  const bearer = /^bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  if (bearer) {
    if (!bearer[1]) throw new AppError('api_key_invalid');
    return { scheme: 'bearer', token: bearer[1] };
  }
  // "Basic YWRhQGV4YW1wbGUuY29tOnMzY3JldA==" (base64 of "ada@example.com:s3cret")
  const basic = /^basic[ \t]+([A-Za-z0-9+/=]*)[ \t]*$/i.exec(header);
  if (!basic || !isPublicApiPath(request)) return null;
  const decoded = Buffer.from(basic[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw new AppError('basic_auth_invalid');
  return { scheme: 'basic', email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
