import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { SESSION_COOKIE } from '../lib/cookies.ts';
import type { Viewer } from '../lib/viewer.ts';
import { isApiPath } from './route-path.ts';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** False only for login, which has no session yet to hold a token. */
    csrf?: boolean;
  }
}

/** What the hook needs of the auth service (modules/auth/service.ts), which app.ts passes in. */
export interface SessionAuthenticator {
  authenticate(token: string): Promise<Viewer | null>;
}

/** Resolves the session cookie to a Viewer and turns away anonymous /rest/ calls with 401 (but on routes declared public). */
export const authPlugin = fp<{ auth: SessionAuthenticator }>(
  async (app, { auth }) => {
    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request)) return;
      const token = request.cookies[SESSION_COOKIE];
      request.viewer = token ? await auth.authenticate(token) : null;
      if (request.routeOptions.config.permission === 'public') return;
      if (!request.viewer) throw new AppError('not_authenticated');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
