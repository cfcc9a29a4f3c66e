import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { viewerOf } from '../../plugins/guard.ts';
import { LicenseUsageQuery, LicenseUsageReport } from './schemas.ts';
import type { LicenseUsageService } from './service.ts';

export const licenseUsageRoutes: FastifyPluginAsyncTypebox<{ licenseUsage: LicenseUsageService }> = async (app, { licenseUsage: service }) => {
  app.get('/rest/license-usage/', {
    config: { permission: 'change_companyaccount' },
    schema: {
      tags: ['licenses'],
      summary: "Licences found across the account's ready scans, or one group's, with how many scans and components use each",
      querystring: LicenseUsageQuery,
      response: { 200: LicenseUsageReport },
    },
  }, async (request) => service.report(viewerOf(request), request.query));
};
