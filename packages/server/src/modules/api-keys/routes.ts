import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelope } from '../../lib/api-envelope.ts';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ApiKeyCreateBody, ApiKeyInfoResponse, ApiKeyNetwork, ApiKeyNetworkBody, ApiKeyNetworkListQuery, ApiKeyNetworkPage, NewApiKeyResponse } from './schemas.ts';
import type { ApiKeysService } from './service.ts';

export const apiKeysRoutes: FastifyPluginAsyncTypebox<{ apiKeys: ApiKeysService }> = async (app, { apiKeys: service }) => {
  app.get(
    '/api/key',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['api-keys'], summary: 'The current API key: when it was made, expires and was last used (never the token)', response: { 200: ApiKeyInfoResponse } },
    },
    async (request) => envelope(await service.current(viewerOf(request))),
  );

  app.post(
    '/api/key',
    {
      // A key may not make its successor: a leaked key could otherwise keep itself alive.
      config: { permission: 'authenticated', apiKey: false },
      schema: {
        tags: ['api-keys'],
        summary: 'A new API key, replacing the previous one; signed in with the session or HTTP Basic (email and password)',
        body: ApiKeyCreateBody,
        response: { 200: NewApiKeyResponse },
      },
    },
    async (request) => envelope(await service.create(viewerOf(request), request.body.validity)),
  );

  app.post(
    '/rest/api-keys/invalidate/',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['api-keys'], summary: "Ends the caller's API key, if any", response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await service.invalidate(viewerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/rest/api-key-networks/',
    {
      config: { permission: 'change_companyaccount' },
      schema: { tags: ['api-keys'], querystring: ApiKeyNetworkListQuery, response: { 200: ApiKeyNetworkPage } },
    },
    async (request) => service.listNetworks(pageRequest(request.query), '/rest/api-key-networks/', request.query),
  );

  app.post(
    '/rest/api-key-networks/',
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['api-keys'],
        description: 'While any network is listed, API keys are honoured only from client addresses inside one of them (request.ip, after BINLENS_TRUST_PROXY).',
        body: ApiKeyNetworkBody,
        response: { 201: ApiKeyNetwork },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addNetwork(viewerOf(request), request.body.network)),
  );

  app.delete(
    '/rest/api-key-networks/:id/',
    {
      config: { permission: 'change_companyaccount' },
      schema: { tags: ['api-keys'], params: IdParams, response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await service.deleteNetwork(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
