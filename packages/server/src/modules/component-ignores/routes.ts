import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ComponentIgnore, ComponentIgnoreCreate, ComponentIgnoreListQuery, ComponentIgnorePage } from './schemas.ts';
import type { ComponentIgnoresService } from './service.ts';

// Like triages, ignores belong to the account, a group or a result: the service shows each
// only to those who see what it belongs to (404 otherwise); making and removing them takes
// the triage permission.
export const componentIgnoresRoutes: FastifyPluginAsyncTypebox<{ componentIgnores: ComponentIgnoresService }> = async (app, { componentIgnores: service }) => {
  app.get('/rest/component-ignores/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'Component ignores the user sees, newest first', querystring: ComponentIgnoreListQuery, response: { 200: ComponentIgnorePage } },
  }, async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)));

  app.post('/rest/component-ignores/', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: {
      tags: ['overrides'],
      summary: "Leaves a component out of the vulnerabilities and counts where the scope reaches",
      body: ComponentIgnoreCreate,
      response: { 201: ComponentIgnore },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.delete('/rest/component-ignores/:id/', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: { tags: ['overrides'], summary: 'Removes a component ignore', params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
