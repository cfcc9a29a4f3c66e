import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { SystemStatus, SystemStatusCreate, SystemStatusList } from './schemas.ts';
import type { SystemStatusService } from './system-status-service.ts';

const tags = ['system-status'];

export const systemStatusRoutes: FastifyPluginAsyncTypebox<{ systemStatus: SystemStatusService }> = async (app, { systemStatus: service }) => {
  app.get('/rest/system-status/', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      summary: "The server's state (knowledge base, scan queue), then the entries administrators set",
      description: 'Every entry has a level: info, warning or error; the web app shows a banner while one is not info.',
      response: { 200: SystemStatusList },
    },
  }, async () => service.list());

  app.post('/rest/system-status/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Adds a status entry, e.g. planned maintenance', body: SystemStatusCreate, response: { 201: SystemStatus } },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.delete('/rest/system-status/:id/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Removes a status entry an administrator set', params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
