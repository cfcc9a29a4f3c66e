import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { VersionOverride, VersionOverrideCreate, VersionOverrideListQuery, VersionOverridePage } from './schemas.ts';
import type { VersionOverridesService } from './service.ts';

// An override is made on an application (`scan`, checked by the guard); its scope's group or
// result, and for a stored one its own reach, are checked by the service: 400 or 404 for what
// the viewer cannot see, 403 without change_appcheckgroup there (change_companyaccount for scope 3).
export const versionOverridesRoutes: FastifyPluginAsyncTypebox<{ versionOverrides: VersionOverridesService }> = async (app, { versionOverrides: service }) => {
  app.get('/rest/version-override/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'Version overrides the user sees, newest first', querystring: VersionOverrideListQuery, response: { 200: VersionOverridePage } },
  }, async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)));

  app.post('/rest/version-override/', {
    config: { permission: 'change_appcheckgroup', scope: { scan: 'body.scan' } },
    schema: {
      tags: ['overrides'],
      summary: "Overrides a component's version for the files it was found in",
      description: 'Scope 1 (result_scope), 2 (group_scope) or 3 (global), each only while its company switch is on. The affected scans are re-evaluated.',
      body: VersionOverrideCreate,
      response: { 201: VersionOverride },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.get('/rest/version-override/:id/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'One version override', params: IdParams, response: { 200: VersionOverride } },
  }, async (request) => service.get(viewerOf(request), request.params.id));

  app.delete('/rest/version-override/:id/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'Removes a version override; the affected scans are re-evaluated', params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
