import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LicenseUsageReport } from './schemas.ts';
import type { LicenseUsageService } from './service.ts';

export const licenseUsageRoutes: FastifyPluginAsyncTypebox<{ licenseUsage: LicenseUsageService }> = async (app, { licenseUsage: service }) => {
  app.get('/rest/license-usage/', {
    config: { permission: 'change_companyaccount' },
    schema: {
      tags: ['licenses'],
      summary: "Licences found across the account's ready scans, with how many scans and components use each",
      response: { 200: LicenseUsageReport },
    },
  }, async () => service.report());
};
