import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { NoticesService } from './notices-service.ts';
import { Notice, NoticeCreate, NoticeListQuery, NoticePage } from './schemas.ts';

const tags = ['notices'];
const description = 'On-premises deployments only (BINLENS_DEPLOYMENT); a hosted one answers 404.';

export const noticesRoutes: FastifyPluginAsyncTypebox<{ notices: NoticesService }> = async (app, { notices: service }) => {
  app.get('/rest/notices/', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: 'Notices of this installation, newest first', description, querystring: NoticeListQuery, response: { 200: NoticePage } },
  }, async (request) => service.list(request.query, pageRequest(request.query)));

  app.get('/rest/notices/:id/', {
    config: { permission: 'authenticated' },
    schema: { tags, summary: 'One notice', description, params: IdParams, response: { 200: Notice } },
  }, async (request) => service.get(request.params.id));

  app.post('/rest/notices/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Adds a notice', description, body: NoticeCreate, response: { 201: Notice } },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.delete('/rest/notices/:id/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Removes a notice', description, params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
