import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { AccountMembership, AccountMembershipListQuery, AccountMembershipPage, AccountMembershipUpdateBody } from './schemas.ts';
import type { AccountMembershipsService } from './service.ts';

export const accountMembershipsRoutes: FastifyPluginAsyncTypebox<{ accountMemberships: AccountMembershipsService }> = async (
  app,
  { accountMemberships: service },
) => {

  app.get(
    '/rest/account-memberships/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['account-memberships'],
        description: 'An administrator (change_companyaccount) sees every user\'s membership, anyone else their own; up to 10000 a page.',
        querystring: AccountMembershipListQuery,
        response: { 200: AccountMembershipPage },
      },
    },
    async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query), '/rest/account-memberships/'),
  );

  app.get(
    '/rest/account-memberships/:id/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['account-memberships'], params: IdParams, response: { 200: AccountMembership } },
    },
    async (request) => service.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/rest/account-memberships/:id/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['account-memberships'],
        summary: "Set a user's account roles (docs/roles.md); the account keeps at least one active administrator (AU)",
        params: IdParams,
        body: AccountMembershipUpdateBody,
        response: { 200: AccountMembership },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );
};
