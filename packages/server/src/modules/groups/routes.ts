import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { Group, GroupCreateBody, GroupListQuery, GroupPage, GroupUpdateBody } from './schemas.ts';
import type { GroupsService } from './service.ts';

export const groupsRoutes: FastifyPluginAsyncTypebox<{ groups: GroupsService }> = async (app, { groups: service }) => {

  app.get(
    '/rest/groups/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['groups'], querystring: GroupListQuery, response: { 200: GroupPage } },
    },
    async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query), '/rest/groups/'),
  );

  app.post(
    '/rest/groups/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['groups'], body: GroupCreateBody, response: { 201: Group } },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.get(
    '/rest/groups/:id/',
    {
      config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } },
      schema: { tags: ['groups'], params: IdParams, response: { 200: Group } },
    },
    async (request) => service.get(viewerOf(request), request.params.id),
  );

  app.patch(
    '/rest/groups/:id/',
    {
      config: { permission: 'change_appcheckgroup', scope: { group: 'params.id' } },
      schema: {
        tags: ['groups'],
        summary: 'Change the fields sent (name, description, parent); a field equal to the stored one changes nothing',
        description: 'Moving a group moves its subtree; it may not go under itself or one of its subgroups, nor nest anything deeper than 35.',
        params: IdParams,
        body: GroupUpdateBody,
        response: { 200: Group },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  const favouriteSchema = (summary: string) => ({
    tags: ['groups'],
    summary,
    description: 'Idempotent: a group already so answers the same and changes nothing. Each user has their own favourites.',
    params: IdParams,
    response: { 200: Group },
  });

  app.post(
    '/rest/groups/:id/set-favourite/',
    { config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } }, schema: favouriteSchema("Marks the group as one of the caller's favourites") },
    async (request) => service.setFavourite(viewerOf(request), request.params.id, true),
  );

  app.delete(
    '/rest/groups/:id/set-favourite/',
    { config: { permission: 'view_appcheckgroup', scope: { group: 'params.id' } }, schema: favouriteSchema("Removes the group from the caller's favourites") },
    async (request) => service.setFavourite(viewerOf(request), request.params.id, false),
  );
};
