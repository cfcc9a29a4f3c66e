import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserMe } from './schemas.ts';
import type { UsersService } from './service.ts';
import { viewerOf } from '../../plugins/guard.ts';

export const usersRoutes: FastifyPluginAsyncTypebox<{ users: UsersService }> = async (app, { users: service }) => {

  app.get(
    '/rest/users/me/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['users'], response: { 200: UserMe } },
    },
    async (request) => service.me(viewerOf(request)),
  );
};
