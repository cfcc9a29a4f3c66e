import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { LicenseOverride, LicenseOverrideCreate, LicenseOverrideListQuery, LicenseOverridePage, LicenseOverrideUpdate } from './schemas.ts';
import type { LicenseOverridesService } from './service.ts';

// Made on an application (`scan`, checked by the guard); the scope's group or result, and a
// stored override's own reach, are checked by the service (version-overrides/routes.ts).
export const licenseOverridesRoutes: FastifyPluginAsyncTypebox<{ licenseOverrides: LicenseOverridesService }> = async (app, { licenseOverrides: service }) => {
  app.get('/rest/license-override/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'Licence overrides the user sees, newest first', querystring: LicenseOverrideListQuery, response: { 200: LicenseOverridePage } },
  }, async (request) => service.list(viewerOf(request), request.query, pageRequest(request.query)));

  app.post('/rest/license-override/', {
    config: { permission: 'change_appcheckgroup', scope: { scan: 'body.scan' } },
    schema: {
      tags: ['overrides'],
      summary: "Overrides a component's licence",
      description: 'For one version (component_version) or every version, at scope 1 (result_scope), 2 (group_scope) or 3 (global). The newest override that holds wins.',
      body: LicenseOverrideCreate,
      response: { 201: LicenseOverride },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.patch('/rest/license-override/:id/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'Changes a licence override (only the fields sent)', params: IdParams, body: LicenseOverrideUpdate, response: { 200: LicenseOverride } },
  }, async (request) => service.update(viewerOf(request), request.params.id, request.body));

  app.delete('/rest/license-override/:id/', {
    config: { permission: 'authenticated' },
    schema: {
      tags: ['overrides'],
      summary: 'Removes a licence override',
      description: 'The component falls back to the next remaining override or to its detected licence.',
      params: IdParams,
      response: { 204: Type.Null() },
    },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
