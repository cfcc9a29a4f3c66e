import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { INFOLEAK_KINDS } from '../scans/analysis.schemas.ts';
import {
  InfoleakCacheUpdate, InfoleakTriageCreate, InfoleakTriageCreated, InfoleakTriageDeleteQuery, InfoleakTriageKindParams, InfoleakTriageParams,
} from './schemas.ts';
import type { InfoleakTriagesService } from './service.ts';

export const infoleakTriagesRoutes: FastifyPluginAsyncTypebox<{ infoleakTriages: InfoleakTriagesService }> = async (app, { infoleakTriages }) => {
  app.post('/rest/infoleak/:kind/triage/', {
    // Triage is an account permission (spec §6), on a scan the caller sees.
    config: { permission: 'add_vulnerabilityinvalidation', scope: { scan: 'body.scan' } },
    schema: {
      tags: ['infoleak'],
      summary: 'Triage findings of one kind in a scan',
      description: 'Each distinct value (and, for scope FH, each file) becomes one triage; the findings it holds for leave the matched list wherever the scope reaches. 403 while the account has triage turned off.',
      params: InfoleakTriageKindParams,
      body: InfoleakTriageCreate,
      response: { 201: InfoleakTriageCreated },
    },
  }, async (request, reply) => reply.status(201).send(await infoleakTriages.create(viewerOf(request), kindOf(request.params.kind), request.body)));

  app.delete('/rest/infoleak/:kind/triage/:id/', {
    config: { permission: 'add_vulnerabilityinvalidation', scope: { scan: 'query.scan' } },
    schema: {
      tags: ['infoleak'],
      summary: 'Remove a triage that reaches the scan',
      description: "The scan's findings it held for return to the matched list unless another triage holds for them.",
      params: InfoleakTriageParams,
      querystring: InfoleakTriageDeleteQuery,
      response: { 200: InfoleakCacheUpdate },
    },
  }, async (request) => infoleakTriages.remove(viewerOf(request), kindOf(request.params.kind), request.params.id, request.query.scan));
};

/** The kind as stored (`cloud_provider_keys`) from the path's (`cloud-provider-keys`); 404 for no kind. */
function kindOf(param: string): string {
  const kind = param.replaceAll('-', '_');
  if (!(INFOLEAK_KINDS as readonly string[]).includes(kind)) throw new AppError('not_found');
  return kind;
}
