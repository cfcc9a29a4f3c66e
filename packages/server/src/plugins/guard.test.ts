import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScopeResolver } from '../lib/access.ts';
import type { Viewer } from '../lib/viewer.ts';
import { authPlugin } from './auth.ts';
import { csrfPlugin } from './csrf.ts';
import { dbPlugin } from './db.ts';
import { errorsPlugin } from './errors.ts';
import { guardPlugin, viewerOf } from './guard.ts';

// The guard alone, with a fake session store and a fake scope resolver: the viewer is a
// member of group 1 (scan 10 is in it) and cannot see group 2 (nor scan 11).
const viewer: Viewer = { userId: 7, email: 'a@example.com', roles: [], permissions: ['view_allaccountgroup'], sessionId: 1, csrfToken: 't' };
const scopes: ScopeResolver = {
  async resolve(_viewer, target) {
    const group = 'group' in target ? target.group : 'scan' in target && target.scan === 10 ? 1 : 2;
    return group === 1 ? { groupId: 1, permissions: ['view_appcheckgroup'] } : null;
  },
};

/** Fastify with the hooks in the app's order; the database is never queried here. */
async function guarded(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(dbPlugin, { database: {} as never });
  await app.register(errorsPlugin);
  await app.register(cookie);
  const refuse = async (): Promise<never> => {
    throw new Error('not used here');
  };
  await app.register(authPlugin, { auth: { authenticate: async (token) => (token === 'ok' ? viewer : null), authenticateBasic: refuse }, apiKeys: { authenticate: refuse } });
  await app.register(csrfPlugin);
  await app.register(guardPlugin, { scopes });
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await guarded();
  const answer = async (request: Parameters<typeof viewerOf>[0]) => ({ user: viewerOf(request).userId, group: request.groupAccess?.groupId ?? null });
  app.get('/rest/open/', { config: { permission: 'public' } }, async () => ({ open: true }));
  app.get('/rest/me/', { config: { permission: 'authenticated' } }, answer);
  app.get('/rest/admin/', { config: { permission: 'change_companyaccount' } }, answer);
  app.get('/rest/all/', { config: { permission: 'view_allaccountgroup' } }, answer);
  app.get('/rest/undeclared/', answer);
  app.get('/rest/groups/:id/', { config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } }, schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, answer);
  app.post('/rest/groups/:id/upload/', { config: { permission: 'upload_application', scope: { group: 'params.id' } }, schema: { params: { type: 'object', properties: { id: { type: 'integer' } } } } }, answer);
  app.get('/rest/items/', { config: { permission: 'view_appcheckgroup', scope: { scan: 'query.scan' } }, schema: { querystring: { type: 'object', properties: { scan: { type: 'integer' } }, required: ['scan'] } } }, answer);
  await app.ready();
});
afterAll(() => app.close());

const call = async (method: 'GET' | 'POST', url: string, signedIn = true) => {
  const response = await app.inject({ method, url, headers: signedIn ? { cookie: 'sessionid=ok', 'x-csrftoken': 't' } : {} });
  return [response.statusCode, response.json<unknown>()];
};

it('lets public routes through without a session and others only with one', async () => {
  expect(await call('GET', '/rest/open/', false)).toEqual([200, { open: true }]);
  expect(await call('GET', '/rest/me/', false)).toEqual([401, { detail: 'Authentication credentials were not provided.' }]);
  expect(await call('GET', '/rest/me/')).toEqual([200, { user: 7, group: null }]);
});

it('checks account permissions with 403 and refuses a route that declares none', async () => {
  expect(await call('GET', '/rest/admin/')).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
  expect(await call('GET', '/rest/all/')).toEqual([200, { user: 7, group: null }]);
  expect(await call('GET', '/rest/undeclared/')).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
});

it('answers 404 for a scoped object the viewer cannot see and 403 for a group permission they lack', async () => {
  expect(await call('GET', '/rest/groups/1/')).toEqual([200, { user: 7, group: 1 }]);
  expect(await call('GET', '/rest/groups/2/')).toEqual([404, { detail: 'Not found.' }]);
  expect(await call('POST', '/rest/groups/1/upload/')).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
  expect(await call('POST', '/rest/groups/2/upload/')).toEqual([404, { detail: 'Not found.' }]);
  expect(await call('GET', '/rest/items/?scan=10')).toEqual([200, { user: 7, group: 1 }]);
  expect(await call('GET', '/rest/items/?scan=11')).toEqual([404, { detail: 'Not found.' }]);
});

it('refuses at registration a group permission without a scope', async () => {
  const bare = await guarded();
  const declare = async () => {
    bare.get('/rest/x/', { config: { permission: 'upload_application' } }, async () => null);
    await bare.ready();
  };
  await expect(declare()).rejects.toThrow('GET /rest/x/: the group permission upload_application needs a scope');
  await bare.close();
});
