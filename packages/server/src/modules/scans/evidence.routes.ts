import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { adjustIdentification } from '../adjustments/apply.ts';
import { ComponentEvidence, EvidenceQuery } from './evidence.schemas.ts';
import type { AdjustmentsSource } from './evaluation.ts';
import type { ScansRepository } from './repository.ts';

/**
 * GET /rest/scans/{id}/evidence/?uid=: read when a row of the analysis tab is expanded, so result/ stays small.
 * With the scan's adjustments, as its result: files moved to a component bring their evidence.
 */
export const evidenceRoutes: FastifyPluginAsyncTypebox<{ scans: Pick<ScansRepository, 'findResultCore'>; adjustments: AdjustmentsSource }> = async (app, { scans, adjustments }) => {
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
    const [found, adjusted] = await Promise.all([scans.findResultCore(viewerOf(request), request.params.id), adjustments.forScan(request.params.id)]);
    if (!found) throw new AppError('not_found');
    if (found.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
    const component = adjustIdentification(found.core, adjusted).identification.components.find((c) => c.id === request.query.uid);
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
