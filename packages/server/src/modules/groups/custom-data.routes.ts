import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import {
  GroupCustomData,
  GroupCustomDataCreateBody,
  GroupCustomDataDeleteQuery,
  GroupCustomDataListQuery,
  GroupCustomDataPage,
  GroupCustomDataUpdateBody,
} from './custom-data-schemas.ts';
import type { GroupCustomDataService } from './custom-data-service.ts';

const URL = '/rest/groups/:id/custom_data/';
const scope = { group: 'params.id' } as const;

/** A group's custom data: one path for all four calls (spec §7); an entry is named by its key. */
export const groupCustomDataRoutes: FastifyPluginAsyncTypebox<{ customData: GroupCustomDataService }> = async (app, { customData: service }) => {
  app.get(
    URL,
    {
      config: { permission: 'view_appcheckgroup', scope },
      schema: { tags: ['groups'], summary: "The group's custom data, ordered by key", params: IdParams, querystring: GroupCustomDataListQuery, response: { 200: GroupCustomDataPage } },
    },
    async (request) => service.list(viewerOf(request), request.params.id, request.query, pageRequest(request.query)),
  );

  app.post(
    URL,
    {
      config: { permission: 'change_appcheckgroup', scope },
      schema: {
        tags: ['groups'],
        summary: 'Adds a key/value pair to the group',
        description: 'The key is upper-cased and the value trimmed; a key the group already has answers 400 {key: [...]}.',
        params: IdParams,
        body: GroupCustomDataCreateBody,
        response: { 201: GroupCustomData },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.params.id, request.body)),
  );

  app.patch(
    URL,
    {
      config: { permission: 'change_appcheckgroup', scope },
      schema: {
        tags: ['groups'],
        summary: 'Changes the value of the entry with the key sent',
        description: 'A key the group does not have answers 404; a value equal to the stored one (after trimming) changes nothing.',
        params: IdParams,
        body: GroupCustomDataUpdateBody,
        response: { 200: GroupCustomData },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    URL,
    {
      config: { permission: 'change_appcheckgroup', scope },
      schema: {
        tags: ['groups'],
        summary: 'Removes the entry with the key given as ?key=',
        description: 'A key the group does not have answers 404.',
        params: IdParams,
        querystring: GroupCustomDataDeleteQuery,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id, request.query.key);
      return reply.status(204).send(null);
    },
  );
};
