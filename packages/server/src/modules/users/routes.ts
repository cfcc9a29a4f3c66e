import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { AccountUser, AccountUserPage, UserCreateBody, UserListQuery, UserMe, UserMeUpdateBody, UsersBulkUpdateBody, UsersBulkUpdateResult, UserUpdateBody } from './schemas.ts';
import type { UsersService } from './service.ts';

export const usersRoutes: FastifyPluginAsyncTypebox<{ users: UsersService }> = async (app, { users: service }) => {

  app.get(
    '/rest/users/me/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['users'], response: { 200: UserMe } },
    },
    async (request) => service.me(viewerOf(request)),
  );

  app.patch(
    '/rest/users/me/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        summary: 'Change your own username and display settings, or turn two-factor sign-in off; only the fields sent',
        body: UserMeUpdateBody,
        response: { 200: UserMe },
      },
    },
    async (request) => service.updateMe(viewerOf(request), request.body),
  );

  app.get(
    '/rest/users/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['users'],
        description: 'An administrator (change_companyaccount) sees every user; anyone else themselves and the direct members of the groups they see.',
        querystring: UserListQuery,
        response: { 200: AccountUserPage },
      },
    },
    async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query), '/rest/users/'),
  );

  app.post(
    '/rest/users/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['users'],
        description: 'With send_email_invite the new user is mailed a one-time set-password link: 409 when mail is not configured (nothing is created), 502 when the mail server refuses it (the user stays; send a new link with reset_password).',
        body: UserCreateBody,
        response: { 201: AccountUser, 409: ErrorDetail, 502: ErrorDetail },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.post(
    '/rest/users/update/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['users'],
        summary: 'Activate, deactivate or set the account roles of several users at once: all of them or none',
        description: 'Only users whose values differ are written (changed lists them), in one transaction with one audit event. Refused for all when it would deactivate you or leave no active administrator.',
        body: UsersBulkUpdateBody,
        response: { 200: UsersBulkUpdateResult },
      },
    },
    async (request) => service.bulkUpdate(viewerOf(request), request.body),
  );

  app.get(
    '/rest/users/:id/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['users'], params: IdParams, response: { 200: AccountUser } },
    },
    async (request) => service.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/rest/users/:id/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['users'],
        summary: 'Change the fields sent of a user: username, activation, password, display settings',
        description: "Deactivating ends the user's sessions and API key and keeps their data; you cannot deactivate yourself, nor the last active administrator.",
        params: IdParams,
        body: UserUpdateBody,
        response: { 200: AccountUser },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/users/:id/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['users'],
        summary: 'Remove a user with their memberships, sessions and API key',
        description: 'Refused (409) while scans the user uploaded are stored (deactivate the user instead, which keeps their data) and while they are the only manager of a top-level group.',
        params: IdParams,
        response: { 204: Type.Null(), 409: ErrorDetail },
      },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
