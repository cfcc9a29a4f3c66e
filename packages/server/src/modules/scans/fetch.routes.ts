import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorDetail } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ScanFetchBody } from './fetch.schemas.ts';
import type { ScanFetchService } from './fetch-service.ts';
import { Scan } from './schemas.ts';

export const scanFetchRoutes: FastifyPluginAsyncTypebox<{ scanFetch: ScanFetchService }> = async (app, { scanFetch: service }) => {
  app.post(
    '/rest/scans/fetch/',
    {
      config: { permission: 'upload_application', scope: { group: 'body.group' } },
      schema: {
        tags: ['scans'],
        summary: 'Fetch a file from a URL and scan it',
        description:
          'Answers the new scan at once (busy, progress "downloading file"); the download runs in a job, then the scan is queued as an upload would be. ' +
          'The SSRF guard refuses loopback, private, link-local and reserved addresses unless an administrator allowed their network (/rest/outbound-networks/), and metadata addresses always: ' +
          'an IP literal is refused here (400), a name where the download connects (the scan fails with the reason). The company\'s upload limit bounds the size.',
        body: ScanFetchBody,
        response: { 201: Scan, 413: ErrorDetail, 429: ErrorDetail },
      },
    },
    async (request, reply) => reply.status(201).send(await service.request(viewerOf(request), request.body)),
  );
};
