import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../lib/schemas.ts';
import type { ScanLogRepository } from './scan-log-repository.ts';
import { ScanLog } from './scan-log.schemas.ts';

/** GET /rest/scans/{id}/scan-log: the scan's own log; the guard's scan scope answers 404 for a scan the viewer may not see. */
export const scanLogRoutes: FastifyPluginAsyncTypebox<{ scanLog: Pick<ScanLogRepository, 'list'> }> = async (app, { scanLog }) => {
  app.get(
    '/rest/scans/:id/scan-log',
    {
      config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
      schema: {
        tags: ['scans'],
        summary: "The scan's log: queued, started on which worker, each scanner process, retries, the failure reason, finished",
        params: IdParams,
        response: { 200: ScanLog },
      },
    },
    async (request) => ({
      lines: (await scanLog.list(request.params.id)).map((line) => ({ at: line.at.toISOString(), level: line.level, message: line.message })),
    }),
  );
};
