import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { GroupMembership, GroupMembershipCreateBody, GroupMembershipListQuery, GroupMembershipPage, GroupMembershipUpdateBody } from './schemas.ts';
import type { GroupMembershipsService } from './service.ts';

const membershipScope = { groupMembership: 'params.id' } as const;

export const groupMembershipsRoutes: FastifyPluginAsyncTypebox<{ groupMemberships: GroupMembershipsService }> = async (app, { groupMemberships: service }) => {
  app.get(
    '/rest/group-memberships/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['group-memberships'],
        summary: 'Roles held directly on groups, filtered by group_id and/or user_id; only those of groups the caller sees',
        querystring: GroupMembershipListQuery,
        response: { 200: GroupMembershipPage },
      },
    },
    async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)),
  );

  app.post(
    '/rest/group-memberships/',
    {
      config: { permission: 'change_appcheckgroup', scope: { group: 'body.group_id' } },
      schema: {
        tags: ['group-memberships'],
        summary: 'Gives a user a role on a group',
        description: 'Needs change_appcheckgroup on the group (a manager there or above, or an account administrator); a group the caller cannot see answers 404. A user who already has a role on the group answers 400 {user_id: [...]}.',
        body: GroupMembershipCreateBody,
        response: { 201: GroupMembership },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.patch(
    '/rest/group-memberships/:id/',
    {
      config: { permission: 'change_appcheckgroup', scope: membershipScope },
      schema: {
        tags: ['group-memberships'],
        summary: 'Changes the role',
        description: "The last manager of a top-level group cannot become a member (400 {role: [...]}); the same role changes nothing.",
        params: IdParams,
        body: GroupMembershipUpdateBody,
        response: { 200: GroupMembership },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/group-memberships/:id/',
    {
      config: { permission: 'change_appcheckgroup', scope: membershipScope },
      schema: {
        tags: ['group-memberships'],
        summary: 'Removes the role',
        description: 'The last manager of a top-level group cannot be removed (400 {detail}).',
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
