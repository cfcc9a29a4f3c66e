import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ScanCustomData, ScanCustomDataCreateBody, ScanCustomDataListQuery, ScanCustomDataPage, ScanCustomDataUpdateBody } from './schemas.ts';
import type { ScanCustomDataService } from './service.ts';

/**
 * Custom data on scans (spec §7: GET/POST custom-data/, PATCH/DELETE custom-data/{id}/). Whoever
 * may upload into the scan's group may annotate its scans. An entry named by its id is
 * checked by the service against its scan's group (the guard has no scope for it).
 */
export const scanCustomDataRoutes: FastifyPluginAsyncTypebox<{ scanCustomData: ScanCustomDataService }> = async (app, { scanCustomData: service }) => {
  app.get(
    '/rest/custom-data/',
    {
      config: { permission: 'view_appcheckgroup', scope: { scan: 'query.product' } },
      schema: { tags: ['custom-data'], summary: "A scan's custom data, ordered by key", querystring: ScanCustomDataListQuery, response: { 200: ScanCustomDataPage } },
    },
    async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)),
  );

  app.post(
    '/rest/custom-data/',
    {
      config: { permission: 'upload_application', scope: { scan: 'body.product' } },
      schema: {
        tags: ['custom-data'],
        summary: 'Adds a key/value pair to a scan',
        description: 'The key is upper-cased and the value trimmed; a key the scan already has answers 400 {key: [...]}.',
        body: ScanCustomDataCreateBody,
        response: { 201: ScanCustomData },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.patch(
    '/rest/custom-data/:id/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['custom-data'],
        summary: 'Changes the key and/or value sent',
        description: "404 when the entry's scan is not visible, 403 without upload_application in its group.",
        params: IdParams,
        body: ScanCustomDataUpdateBody,
        response: { 200: ScanCustomData },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/rest/custom-data/:id/',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['custom-data'],
        summary: 'Removes the entry',
        description: "404 when the entry's scan is not visible, 403 without upload_application in its group.",
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
