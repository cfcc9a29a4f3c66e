import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { OutboundNetwork, OutboundNetworkBody, OutboundNetworkListQuery, OutboundNetworkPage } from './schemas.ts';
import type { OutboundNetworksService } from './service.ts';

const PATH = '/rest/outbound-networks/';

export const outboundNetworksRoutes: FastifyPluginAsyncTypebox<{ outboundNetworks: OutboundNetworksService }> = async (app, { outboundNetworks: service }) => {
  app.get(
    PATH,
    {
      config: { permission: 'change_companyaccount' },
      schema: { tags: ['outbound-networks'], querystring: OutboundNetworkListQuery, response: { 200: OutboundNetworkPage } },
    },
    async (request) => service.list(pageRequest(request.query), PATH, request.query),
  );

  app.post(
    PATH,
    {
      config: { permission: 'change_companyaccount' },
      schema: {
        tags: ['outbound-networks'],
        description:
          'URL fetches and webhooks refuse loopback, private, link-local and reserved addresses unless they are inside one of these networks. Metadata, multicast, broadcast and unspecified addresses are refused whatever the list says.',
        body: OutboundNetworkBody,
        response: { 201: OutboundNetwork },
      },
    },
    async (request, reply) => reply.status(201).send(await service.add(viewerOf(request), request.body.network)),
  );

  app.delete(
    `${PATH}:id/`,
    {
      config: { permission: 'change_companyaccount' },
      schema: { tags: ['outbound-networks'], params: IdParams, response: { 204: Type.Null() } },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
