import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ComponentEvidence, EvidenceQuery } from './evidence.schemas.ts';
import type { ScansRepository } from './repository.ts';

/** GET /rest/scans/{id}/evidence/?uid=: read when a row of the analysis tab is expanded, so result/ stays small. */
export const evidenceRoutes: FastifyPluginAsyncTypebox<{ scans: Pick<ScansRepository, 'findResultCore'> }> = async (app, { scans }) => {
  app.get('/rest/scans/:id/evidence/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: "The evidence for one component of a ready scan: how it was found and in which file; 404 for a uid the scan does not hold, 409 while it is busy or failed",
      params: IdParams,
      querystring: EvidenceQuery,
      response: { 200: ComponentEvidence, 409: ErrorDetail },
    },
  }, async (request): Promise<ComponentEvidence> => {
    const found = await scans.findResultCore(viewerOf(request), request.params.id);
    if (!found) throw new AppError('not_found');
    if (found.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
    const component = found.core.components.find((c) => c.id === request.query.uid);
    if (!component) throw new AppError('not_found');
    const inputName = found.core.input.name;
    return {
      uid: component.id,
      evidence: component.evidence.map((e) => ({
        method: e.method,
        found_by: e.foundBy,
        path: e.path.length === 0 ? [inputName] : e.path,
        offset: e.offset ?? null,
        text: e.text ?? null,
        license: e.license ?? null,
      })),
      contained_in: component.containedIn ?? [],
    };
  });
};
