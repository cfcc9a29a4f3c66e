import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ComponentMove, ComponentMoveCreate, ComponentMoveListQuery, ComponentMovePage, ComponentMoveParams } from './schemas.ts';
import type { ComponentMovesService } from './service.ts';

export const componentAdjustmentsRoutes: FastifyPluginAsyncTypebox<{ componentMoves: ComponentMovesService }> = async (app, { componentMoves: service }) => {
  app.get('/rest/scans/:id/component-adjustments/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: { tags: ['overrides'], summary: 'Files moved between the components of the scan, in the order they apply', params: IdParams, querystring: ComponentMoveListQuery, response: { 200: ComponentMovePage } },
  }, async (request) => service.list(request.params.id, pageRequest(request.query)));

  app.post('/rest/scans/:id/component-adjustments/', {
    config: { permission: 'change_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['overrides'],
      summary: 'Moves files from one component of the scan to another',
      description: 'Their evidence goes with them; a component left without evidence disappears from the result.',
      params: IdParams,
      body: ComponentMoveCreate,
      response: { 201: ComponentMove },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.params.id, request.body)));

  app.delete('/rest/scans/:id/component-adjustments/:moveId/', {
    config: { permission: 'change_appcheckgroup', scope: { scan: 'params.id' } },
    schema: { tags: ['overrides'], summary: 'Undoes a move: the files go back to their component', params: ComponentMoveParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id, request.params.moveId);
    return reply.status(204).send(null);
  });
};
