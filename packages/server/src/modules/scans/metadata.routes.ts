import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanMetadataService } from './metadata-service.ts';
import { ScanMetadata } from './metadata.schemas.ts';

/** GET /rest/scans/{id}/metadata/ (spec §7 `{scanUrl}metadata/`): what the details tab shows. */
export const scanMetadataRoutes: FastifyPluginAsyncTypebox<{ metadata: ScanMetadataService }> = async (app, { metadata }) => {
  app.get('/rest/scans/:id/metadata/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: "A ready scan's input, run times, the settings the engine ran with, the size of each list and the vulnerability matching options",
      params: IdParams,
      response: { 200: ScanMetadata, 409: ErrorDetail },
    },
  }, async (request) => metadata.metadata(viewerOf(request), request.params.id));
};
