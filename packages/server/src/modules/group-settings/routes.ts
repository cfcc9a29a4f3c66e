import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { IdParams } from '../../lib/schemas.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { LicenseUsageReport } from '../license-usage/schemas.ts';
import type { LicenseUsageService } from '../license-usage/service.ts';
import type { GroupSettingsPage } from './pages.ts';
import { GroupBomSettings, GroupBomSettingsUpdate, GroupRetentionSettings, GroupRetentionSettingsUpdate, GroupScanSettings, GroupScanSettingsUpdate } from './schemas.ts';
import type { GroupSettingsService } from './service.ts';

const tags = ['groups'];
const scope = { group: 'params.id' } as const;

const PAGES: { page: GroupSettingsPage; read: TSchema; update: TSchema; what: string }[] = [
  { page: 'scan', read: GroupScanSettings, update: GroupScanSettingsUpdate, what: 'scan reuse and default vulnerability-matching options' },
  { page: 'data-retention', read: GroupRetentionSettings, update: GroupRetentionSettingsUpdate, what: "data-retention periods" },
  { page: 'bom', read: GroupBomSettings, update: GroupBomSettingsUpdate, what: 'SBOM export defaults' },
];

/** The group settings pages: each field's override of the company's setting, its effective value and where that comes from. */
export const groupSettingsRoutes: FastifyPluginAsyncTypebox<{ groupSettings: GroupSettingsService; licenseUsage: Pick<LicenseUsageService, 'report'> }> = async (
  app,
  { groupSettings: service, licenseUsage },
) => {
  for (const { page, read, update, what } of PAGES) {
    const url = `/rest/groups/:id/settings/${page}/`;
    app.get(
      url,
      {
        config: { permission: 'view_appcheckgroup', scope },
        schema: { tags, summary: `The group's ${what}: each override, the value in force and its source`, params: IdParams, response: { 200: read } },
      },
      async (request) => service.read(request.params.id, page),
    );
    app.patch(
      url,
      {
        config: { permission: 'change_appcheckgroup', scope },
        schema: {
          tags,
          summary: `Overrides the company's ${what} for the group`,
          description: "Only the fields sent change; null clears an override (the company's value applies again); fields equal to the stored override write nothing.",
          params: IdParams,
          body: update,
          response: { 200: read },
        },
      },
      async (request) => service.update(viewerOf(request), request.params.id, page, request.body as never),
    );
  }

  // The licences tab: GET /rest/license-usage/?group= is the account administrators'; this is the
  // same report for whoever sees the group.
  app.get(
    '/rest/groups/:id/settings/licenses/',
    {
      config: { permission: 'view_appcheckgroup', scope },
      schema: {
        tags,
        summary: "Licences found in the group's ready scans, with their policy class (the company's overrides applied) and counts",
        params: IdParams,
        response: { 200: LicenseUsageReport },
      },
    },
    async (request) => licenseUsage.report(viewerOf(request), { group: request.params.id }),
  );
};
