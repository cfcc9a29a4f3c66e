import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { parseIdList } from '../../lib/id-list.ts';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { Triage, TriageCreateList, TriageIdList, TriageListQuery, TriagePage, TriageUpdate } from './schemas.ts';
import { MAX_TRIAGES_PER_REQUEST, type TriagesService } from './service.ts';

// Triages belong to the account, a group or a result; the service shows each only to those
// who see what it belongs to (404 otherwise), so the routes need the account permission only.
export const triagesRoutes: FastifyPluginAsyncTypebox<{ triages: TriagesService }> = async (app, { triages }) => {
  app.get('/rest/triages/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['triages'], summary: 'Triages the user sees, newest change first', querystring: TriageListQuery, response: { 200: TriagePage } },
  }, async (request) => triages.list(viewerOf(request), request.query, pageRequest(request.query)));

  app.post('/rest/triages/', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: {
      tags: ['triages'], summary: 'Triage vulnerabilities: an array, made entirely or not at all',
      body: TriageCreateList, response: { 201: Type.Array(Triage) },
    },
  }, async (request, reply) => reply.status(201).send(await triages.create(viewerOf(request), request.body)));

  // Before /:id/ so that the literal path wins.
  app.delete('/rest/triages/delete_list/', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: { tags: ['triages'], summary: 'Remove several triages (all or none)', querystring: TriageIdList, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await triages.remove(viewerOf(request), parseIdList(request.query.id__in, MAX_TRIAGES_PER_REQUEST));
    return reply.status(204).send(null);
  });

  app.get('/rest/triages/:id/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['triages'], summary: 'One triage', params: IdParams, response: { 200: Triage } },
  }, async (request) => triages.get(viewerOf(request), request.params.id));

  app.patch('/rest/triages/:id/', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: { tags: ['triages'], summary: 'Change a triage (only the fields sent)', params: IdParams, body: TriageUpdate, response: { 200: Triage } },
  }, async (request) => triages.update(viewerOf(request), request.params.id, request.body));

  app.delete('/rest/triages/:id/', {
    config: { permission: 'add_vulnerabilityinvalidation' },
    schema: { tags: ['triages'], summary: 'Remove a triage', params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await triages.remove(viewerOf(request), [request.params.id]);
    return reply.status(204).send(null);
  });
};
