import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { pageRequest } from '../../lib/paging.ts';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import {
  ComponentNameOverride, ComponentNameOverrideCreate, ComponentNameOverrideListQuery, ComponentNameOverridePage, ComponentNameOverrideUpdate,
} from './schemas.ts';
import type { ComponentNameOverridesService } from './service.ts';

// A display name holds account-wide (every scan showing the component), so changing one is
// the account administrator's, as a global version override is.
export const componentNameOverridesRoutes: FastifyPluginAsyncTypebox<{ componentNameOverrides: ComponentNameOverridesService }> = async (app, { componentNameOverrides: service }) => {
  app.get('/rest/component-name-overrides/', {
    config: { permission: 'authenticated' },
    schema: { tags: ['overrides'], summary: 'Component display names, newest first', querystring: ComponentNameOverrideListQuery, response: { 200: ComponentNameOverridePage } },
  }, async (request) => service.list(request.query, pageRequest(request.query)));

  app.post('/rest/component-name-overrides/', {
    config: { permission: 'change_companyaccount' },
    schema: {
      tags: ['overrides'],
      summary: 'Gives a component a display name',
      description: 'Name it by component_id (a catalogue entry), or by mimir_name with optional mimir_codetype, mimir_vendor and mimir_variant.',
      body: ComponentNameOverrideCreate,
      response: { 201: ComponentNameOverride },
    },
  }, async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)));

  app.patch('/rest/component-name-overrides/:id/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags: ['overrides'], summary: 'Changes a display name (only the fields sent)', params: IdParams, body: ComponentNameOverrideUpdate, response: { 200: ComponentNameOverride } },
  }, async (request) => service.update(viewerOf(request), request.params.id, request.body));

  app.delete('/rest/component-name-overrides/:id/', {
    config: { permission: 'change_companyaccount' },
    schema: { tags: ['overrides'], summary: 'Removes a display name: the component is shown by its own name again', params: IdParams, response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await service.remove(viewerOf(request), request.params.id);
    return reply.status(204).send(null);
  });
};
