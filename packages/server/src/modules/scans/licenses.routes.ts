import { type LicensePolicyOverrides, toNativeLicenses } from '@binlens/engine';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { adjustIdentification } from '../adjustments/apply.ts';
import { ErrorDetail, IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { ScanLicenseList } from './licenses.schemas.ts';
import type { AdjustmentsSource } from './evaluation.ts';
import type { ScansRepository } from './repository.ts';

export interface ScanLicensesDeps {
  scans: Pick<ScansRepository, 'findResultCore'>;
  /** The company's licence overrides, SPDX id → class (modules/settings), read on every call: a change shows at once. */
  policyOverrides: () => Promise<LicensePolicyOverrides>;
  /** The scan's licence overrides (and moves) show here as in its result. */
  adjustments: AdjustmentsSource;
}

/** GET /rest/scans/{id}/licenses/: the native JSON's licences, classed with the company's overrides. */
export const scanLicensesRoutes: FastifyPluginAsyncTypebox<ScanLicensesDeps> = async (app, { scans, policyOverrides, adjustments }) => {
  app.get('/rest/scans/:id/licenses/', {
    config: { permission: 'view_appcheckgroup', scope: { scan: 'params.id' } },
    schema: {
      tags: ['scans'],
      summary: "A ready scan's licences with their policy classes, the components declaring each and the files each was found in; 409 while it is busy or failed",
      params: IdParams,
      response: { 200: ScanLicenseList, 409: ErrorDetail },
    },
  }, async (request): Promise<ScanLicenseList> => {
    const [found, overrides, adjusted] = await Promise.all([scans.findResultCore(viewerOf(request), request.params.id), policyOverrides(), adjustments.forScan(request.params.id)]);
    if (!found) throw new AppError('not_found');
    if (found.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
    return toNativeLicenses(adjustIdentification(found.core, adjusted).identification, overrides);
  });
};
