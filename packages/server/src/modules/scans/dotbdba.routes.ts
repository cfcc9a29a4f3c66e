import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendAttachment } from '../../lib/attachment.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import type { ScanPortableService } from './dotbdba-service.ts';

/** GET /rest/scans/{id}/dotbdba/: the scan as a portable scan file, re-importable by an upload; 409 while it is busy or failed. */
export const scanDotbdbaRoutes: FastifyPluginAsyncTypebox<{ portable: ScanPortableService }> = async (app, { portable }) => {
  app.get('/rest/scans/:id/dotbdba/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: 'The portable scan file (.bdba): the scan\'s Identification as gzip-compressed JSON, which an upload imports as a scan',
      params: IdParams,
      response: { 200: Type.String({ format: 'binary', description: 'The gzip file, as an attachment named after the scan (`<name>.bdba`).' }), 409: ErrorDetail },
    },
  }, async (request, reply) => {
    const file = await portable.download(viewerOf(request), request.params.id);
    return sendAttachment(reply, { body: file.stream, mediaType: file.mediaType, fileName: file.fileName });
  });
};
