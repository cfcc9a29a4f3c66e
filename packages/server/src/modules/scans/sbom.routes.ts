import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendAttachment } from '../../lib/attachment.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { SBOM_FORMAT_NAMES, type ScanSbomService } from './sbom-service.ts';

const SbomQuery = Type.Object({
  format: Type.Enum(SBOM_FORMAT_NAMES, {
    description: 'cyclonedx-json: CycloneDX 1.6 JSON; cyclonedx-xml: CycloneDX 1.6 XML; spdx-json: SPDX 2.3 JSON; spdx-tag-value: SPDX 2.3 tag-value; ' +
      'cyclonedx-vex: the triages that hold in the scan as CycloneDX 1.6 VEX (as GET /rest/scans/{id}/vex/?format=cyclonedx).',
  }),
});

/** GET /rest/scans/{id}/sbom/?format=: the scan's SBOM as a download; 409 while it is busy or failed. */
export const scanSbomRoutes: FastifyPluginAsyncTypebox<{ sbom: ScanSbomService }> = async (app, { sbom }) => {
  app.get('/rest/scans/:id/sbom/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: "The scan's bill of materials with its vulnerabilities evaluated now, as the CLI writes it",
      params: IdParams,
      querystring: SbomQuery,
      response: { 200: Type.String({ description: 'The document, as an attachment named after the scan.' }), 409: ErrorDetail },
    },
  }, async (request, reply) => {
    return sendAttachment(reply, await sbom.sbom(viewerOf(request), request.params.id, request.query.format));
  });
};
