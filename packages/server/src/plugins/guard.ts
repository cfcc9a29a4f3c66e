import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type GroupAccess, isGroupPermission, type RoutePermission, type RouteScope, type ScopePath, type ScopeResolver, type ScopeTarget } from '../lib/access.ts';
import { AppError } from '../lib/errors.ts';
import type { Viewer } from '../lib/viewer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (lib/access.ts); every /rest/ and /api/ route declares it (guard.test.ts). */
    permission?: RoutePermission;
    /** The group or scan the route acts on; the permission is checked on that group. */
    scope?: RouteScope;
  }
  interface FastifyInstance {
    /** Every /rest/ and /api/ route as registered, with what it declares: the table routes.test.ts walks. */
    restRoutes: RestRoute[];
  }
  interface FastifyRequest {
    /** The scoped object's group and the viewer's permissions there; set by the guard on scoped routes. */
    groupAccess: GroupAccess | null;
  }
}

export interface RestRoute {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  scope: RouteScope | undefined;
}

/**
 * Decides every /rest/ and /api/ route from its declaration, after the auth and CSRF hooks and after
 * validation (so a malformed id is already a 404), before the handler: a scoped object the
 * viewer cannot see answers 404 `{detail}`, never 403; a missing permission answers 403. A
 * route that declares no permission is refused, so an undeclared route is never open.
 */
export const guardPlugin = fp<{ scopes: ScopeResolver }>(
  async (app, { scopes }) => {
    app.decorateRequest('groupAccess', null);
    const restRoutes: RestRoute[] = [];
    app.decorate('restRoutes', restRoutes);
    app.addHook('onRoute', (route) => {
      const { permission, scope } = route.config ?? {};
      if (isApiUrl(route.url)) {
        for (const method of [route.method].flat()) restRoutes.push({ method, url: route.url, permission, scope });
      }
      if (permission !== undefined && isGroupPermission(permission) && !scope) {
        throw new Error(`${route.method} ${route.url}: the group permission ${permission} needs a scope`);
      }
    });
    app.addHook('preHandler', async (request) => {
      if (!isRestRoute(request)) return;
      const { permission, scope } = request.routeOptions.config;
      if (permission === 'public') return;
      const viewer = request.viewer;
      if (!viewer) throw new AppError('not_authenticated');
      if (permission === undefined) throw new AppError('forbidden');
      if (scope) {
        const access = await scopes.resolve(viewer, scopeTarget(request, scope));
        if (!access) throw new AppError('not_found');
        if (isGroupPermission(permission) && !access.permissions.includes(permission)) throw new AppError('forbidden');
        request.groupAccess = access;
      }
      if (permission !== 'authenticated' && !isGroupPermission(permission) && !viewer.permissions.includes(permission)) {
        throw new AppError('forbidden');
      }
    });
  },
  { name: 'guard', dependencies: ['auth', 'csrf'] },
);

/** The caller of a route the guard let through; the guard leaves it on every route that is not public. */
export function viewerOf(request: FastifyRequest): Viewer {
  // Only a public route, which has no viewer to read, reaches here without one: a bug in the route.
  if (!request.viewer) throw new Error(`${request.routeOptions.url ?? request.url} reads a viewer but is not behind the guard`);
  return request.viewer;
}

/** A route registered under /rest/ or /api/ (the not-found handler and the static wildcard are not). */
function isRestRoute(request: FastifyRequest): boolean {
  return !request.is404 && isApiUrl(request.routeOptions.url ?? '');
}

function isApiUrl(url: string): boolean {
  return url.startsWith('/rest/') || url.startsWith('/api/');
}

function scopeTarget(request: FastifyRequest, scope: RouteScope): ScopeTarget {
  if ('group' in scope) return { group: readId(request, scope.group) };
  if ('scan' in scope) return { scan: readId(request, scope.scan) };
  if ('comment' in scope) return { comment: readId(request, scope.comment) };
  return { groupMembership: readId(request, scope.groupMembership) };
}

/** The validated integer at `params.id`, `query.scan` or `body.group_id`; the route's schema makes it one. */
function readId(request: FastifyRequest, path: ScopePath): number {
  const [source, key] = path.split('.', 2) as ['params' | 'query' | 'body', string];
  const value = (request[source] as Record<string, unknown> | undefined)?.[key];
  if (typeof value !== 'number') throw new Error(`${request.routeOptions.url}: scope ${path} is not an integer in the route's schema`);
  return value;
}
