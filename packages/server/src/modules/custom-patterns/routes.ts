// Spec §7 custom patterns: GET/POST regular-expressions/, GET/PATCH/DELETE regular-expressions/{id}/,
// and their search of a stored scan (POST scans/{id}/custom-patterns/apply/, then its progress).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { CustomPattern, CustomPatternCreate, CustomPatternListQuery, CustomPatternPage, CustomPatternRun, CustomPatternRunParams, CustomPatternUpdate } from './schemas.ts';
import type { CustomPatternsService } from './service.ts';

const PATH = '/rest/regular-expressions/';
const permission = 'change_infoleakcustomregex';
const tags = ['custom-patterns'];

export const customPatternsRoutes: FastifyPluginAsyncTypebox<{ customPatterns: CustomPatternsService }> = async (app, { customPatterns: service }) => {
  app.get(PATH, {
    config: { permission },
    schema: { tags, summary: 'The custom patterns, by id unless ordered otherwise', querystring: CustomPatternListQuery, response: { 200: CustomPatternPage } },
  }, async (request) => service.list(request.query, pageRequest(request.query)));

  app.post(PATH, {
    config: { permission },
    schema: {
      tags,
      summary: 'Add a custom pattern',
      description: 'A pattern RE2 refuses answers 400 `{pattern: ["Invalid RE2 pattern at position N: <RE2\'s reason>"]}`; so does one that matches the empty string.',
      body: CustomPatternCreate,
      response: { 201: CustomPattern },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.get(`${PATH}:id/`, {
    config: { permission },
    schema: { tags, params: IdParams, response: { 200: CustomPattern } },
  }, async (request) => service.get(request.params.id));

  app.patch(`${PATH}:id/`, {
    config: { permission },
    schema: { tags, summary: 'Change a custom pattern (only the fields sent), e.g. turn it off', params: IdParams, body: CustomPatternUpdate, response: { 200: CustomPattern } },
  }, async (request) => service.update(viewerOf(request), request.params.id, request.body));

  app.delete(`${PATH}:id/`, {
    config: { permission },
    schema: { tags, params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/rest/scans/:id/custom-patterns/apply/', {
    config: { permission, scope: { scan: 'params.id' } },
    schema: {
      tags,
      summary: "Search a ready scan's stored file for the enabled custom patterns",
      description:
        "Queues the search; its findings then replace the scan's earlier custom-pattern findings among its information leaks. 409 while the scan is busy or failed, when its file was removed, and for a scan imported from a portable scan file.",
      params: IdParams,
      response: { 202: CustomPatternRun, 409: ErrorDetail },
    },
  }, async (request, reply) => reply.status(202).send(await service.apply(viewerOf(request), request.params.id)));

  app.get('/rest/scans/:id/custom-patterns/apply/:runId/', {
    config: { permission, scope: { scan: 'params.id' } },
    schema: { tags, summary: 'A search of the scan for the custom patterns: queued, running, completed or failed', params: CustomPatternRunParams, response: { 200: CustomPatternRun } },
  }, async (request) => service.run(request.params.id, request.params.runId));
};
