import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { LoginMessagesService } from './messages-service.ts';
import { LoginMessage, LoginMessageCreate, LoginMessageListQuery, LoginMessagePage, LoginMessageUpdate } from './schemas.ts';

const tags = ['messages'];

/** Login messages: read by everyone signed in (the web app after login, ?checkLoginMessages), written by administrators. */
export const loginMessagesRoutes: FastifyPluginAsyncTypebox<{ messages: LoginMessagesService }> = async (app, { messages: service }) => {
  app.get('/rest/messages/', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      summary: 'Login messages shown now, newest first',
      description: '?all=true lists every message, also those outside their window (change_companyaccount, else 403).',
      querystring: LoginMessageListQuery,
      response: { 200: LoginMessagePage },
    },
  }, async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)));

  app.post('/rest/messages/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Adds a login message', body: LoginMessageCreate, response: { 201: LoginMessage } },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.patch('/rest/messages/:id/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Changes the fields sent of a login message', params: IdParams, body: LoginMessageUpdate, response: { 200: LoginMessage } },
  }, async (request) => service.update(viewerOf(request), request.params.id, request.body));

  app.delete('/rest/messages/:id/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags, summary: 'Removes a login message', params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
