import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorDetail } from '../../lib/schemas.ts';
import { UserMe } from './schemas.ts';
import type { UsersService } from './service.ts';
import { requireViewer } from '../../plugins/auth.ts';

export const usersRoutes: FastifyPluginAsyncTypebox<{ users: UsersService }> = async (app, { users: service }) => {

  app.get(
    '/rest/users/me/',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['users'], response: { 200: UserMe, 401: ErrorDetail } },
    },
    async (request) => service.me(requireViewer(request)),
  );
};
