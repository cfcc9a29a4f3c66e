import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Composition } from './composition.ts';
import { apiKeysRoutes } from './modules/api-keys/routes.ts';
import { loginMessagesRoutes } from './modules/announcements/messages.routes.ts';
import { noticesRoutes } from './modules/announcements/notices.routes.ts';
import { systemStatusRoutes } from './modules/announcements/system-status.routes.ts';
import { contentTypesRoutes } from './modules/content-types/routes.ts';
import { feedsRoutes } from './modules/feeds/routes.ts';
import { groupsReportRoutes } from './modules/groups/report.routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { reportJobsRoutes } from './modules/reports/jobs-routes.ts';
import { apiReportsRoutes } from './modules/reports/api.routes.ts';
import { licenseUsageRoutes } from './modules/license-usage/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { otpsRoutes } from './modules/otps/routes.ts';
import { groupsRoutes } from './modules/groups/routes.ts';
import { groupCustomDataRoutes } from './modules/groups/custom-data.routes.ts';
import { groupSettingsRoutes } from './modules/group-settings/routes.ts';
import { groupMembershipsRoutes } from './modules/group-memberships/routes.ts';
import { knowledgeBaseRoutes } from './modules/knowledge-base/routes.ts';
import { scansRoutes } from './modules/scans/routes.ts';
import { scanControlRoutes } from './modules/scans/control.routes.ts';
import { commentsRoutes } from './modules/comments/routes.ts';
import { infoleakTriagesRoutes } from './modules/infoleak-triages/routes.ts';
import { triagesRoutes } from './modules/triages/routes.ts';
import { vexRoutes } from './modules/vex/routes.ts';
import { versionOverridesRoutes } from './modules/version-overrides/routes.ts';
import { licenseOverridesRoutes } from './modules/license-overrides/routes.ts';
import { componentNameOverridesRoutes } from './modules/component-name-overrides/routes.ts';
import { componentIgnoresRoutes } from './modules/component-ignores/routes.ts';
import { componentAdjustmentsRoutes } from './modules/component-adjustments/routes.ts';
import { scanStatisticsRoutes } from './modules/scans/statistics.routes.ts';
import { scanCustomDataRoutes } from './modules/scan-custom-data/routes.ts';
import { scanLogRoutes } from './modules/scans/scan-log.routes.ts';
import { uploadsRoutes } from './modules/uploads/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { passwordTokensRoutes } from './modules/users/password-tokens.routes.ts';
import { accountMembershipsRoutes } from './modules/account-memberships/routes.ts';
import { vulnerabilitiesRoutes } from './modules/vulnerabilities/routes.ts';
import { componentsRoutes } from './modules/components/routes.ts';
import { scoresRoutes } from './modules/vulnerabilities/scores.routes.ts';
import { analysisRoutes } from './modules/scans/analysis.routes.ts';
import { codeFindingsRoutes } from './modules/scans/code-findings.routes.ts';
import { filesRoutes } from './modules/scans/files.routes.ts';
import { scanSbomRoutes } from './modules/scans/sbom.routes.ts';
import { scanDotbdbaRoutes } from './modules/scans/dotbdba.routes.ts';
import { scanSummaryRoutes } from './modules/scans/summary.routes.ts';
import { salesRoutes } from './modules/scans/sales.routes.ts';
import { scanMetadataRoutes } from './modules/scans/metadata.routes.ts';
import { evidenceRoutes } from './modules/scans/evidence.routes.ts';
import { scanLicensesRoutes } from './modules/scans/licenses.routes.ts';
import { scanDiffRoutes } from './modules/scans/diff.routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { outboundNetworksRoutes } from './modules/outbound-networks/routes.ts';
import { scanFetchRoutes } from './modules/scans/fetch.routes.ts';
import { webhooksRoutes } from './modules/webhooks/routes.ts';
import { customPatternsRoutes } from './modules/custom-patterns/routes.ts';
import { publicUploadRoutes } from './modules/public-api/upload.routes.ts';
import { publicFetchRoutes } from './modules/public-api/fetch.routes.ts';
import { publicAppsRoutes } from './modules/public-api/apps.routes.ts';
import { publicGroupsRoutes } from './modules/public-api/groups.routes.ts';
import { publicStatusRoutes } from './modules/public-api/status.routes.ts';
import { publicTriageRoutes } from './modules/public-api/triage.routes.ts';
import { publicVersionOverrideRoutes } from './modules/public-api/version-override.routes.ts';
import { publicCatalogueRoutes } from './modules/public-api/licenses.routes.ts';
import { productsRoutes } from './modules/public-api/products.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { withoutApiTrailingSlash } from './plugins/route-path.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { guardPlugin } from './plugins/guard.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { queuePlugin } from './plugins/queue.ts';
import { webPlugin } from './plugins/web.ts';
import type { TrustProxy } from './config.ts';
import { isStorableText, TEXT_FORMAT } from './lib/schemas.ts';
import { sharedSchemaCompilers } from './plugins/schema-compilers.ts';
import { boundedLogger } from './plugins/logging.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { standardResponsesPlugin } from './plugins/standard-responses.ts';

export interface AppOptions {
  /** Repositories, services, blob store and queue (composition.ts); the caller closes its database. */
  composition: Composition;
  webDist?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy (BINLENS_TRUST_PROXY); default false. */
  trustProxy?: TrustProxy;
}

/** Registers plugins (the guard decides each route from its declared permission and scope), then modules with their services from the composition. Never listens: start.ts does, tests use inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: boundedLogger(options.logger ?? false),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // PUT /api/upload/{filename} takes a file name of up to 241 characters, each up to 9 when percent-encoded (the default is 100).
    routerOptions: { maxParamLength: 4096 },
    rewriteUrl: (request) => withoutApiTrailingSlash(request.url ?? '/'),
    ajv: { customOptions: { allErrors: true, formats: { [TEXT_FORMAT]: isStorableText } } },
    // Response serializers check anyOf branches with an Ajv of their own, which must know the format too.
    serializerOpts: { ajv: { formats: { [TEXT_FORMAT]: isStorableText } } },
    schemaController: { compilersFactory: sharedSchemaCompilers },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const { composition } = options;
  const { services } = composition;
  try {
    await app.register(dbPlugin, { database: composition.database });
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin);
    await app.register(cookie);
    await app.register(multipart, { limits: { fileSize: composition.maxUploadBytes + 1, files: 1 } });
    await app.register(queuePlugin, { queue: composition.queue });
    await app.register(authPlugin, { auth: services.auth, apiKeys: services.apiKeys });
    await app.register(csrfPlugin);
    await app.register(guardPlugin, { scopes: services.access });
    // After the guard, whose route walk then sees /rest/openapi.json too; before the routes it documents.
    await app.register(standardResponsesPlugin);
    await app.register(openapiPlugin);

    await app.register(authRoutes, { auth: services.auth });
    await app.register(apiKeysRoutes, { apiKeys: services.apiKeys });
    await app.register(otpsRoutes, { otps: services.otps });
    await app.register(usersRoutes, { users: services.users });
    await app.register(passwordTokensRoutes, { passwordMail: services.passwordMail });
    await app.register(accountMembershipsRoutes, { accountMemberships: services.accountMemberships });
    await app.register(groupsRoutes, { groups: services.groups });
    await app.register(groupCustomDataRoutes, { customData: services.groupCustomData });
    await app.register(groupSettingsRoutes, { groupSettings: services.groupSettings, licenseUsage: services.licenseUsage });
    await app.register(groupMembershipsRoutes, { groupMemberships: services.groupMemberships });
    await app.register(scansRoutes, { scans: services.scans, knowledgeBase: services.knowledgeBase });
    await app.register(scanStatisticsRoutes, { statistics: services.scanStatistics });
    await app.register(scanCustomDataRoutes, { scanCustomData: services.scanCustomData });
    await app.register(scanLogRoutes, { scanLog: composition.repositories.scanLog });
    await app.register(uploadsRoutes, { uploads: services.uploads });
    await app.register(vulnerabilitiesRoutes, { vulnerabilities: services.vulnerabilities });
    await app.register(scoresRoutes, { vulnerabilities: services.vulnerabilities });
    await app.register(componentsRoutes, { components: services.components });
    await app.register(knowledgeBaseRoutes, { knowledgeBase: services.knowledgeBase, maxBundleBytes: composition.maxUploadBytes });
    await app.register(analysisRoutes, { analysis: services.scanAnalysis });
    await app.register(codeFindingsRoutes, { analysis: services.scanAnalysis });
    await app.register(filesRoutes, { files: services.scanFiles });
    await app.register(scanSbomRoutes, { sbom: services.scanSbom });
    await app.register(scanDotbdbaRoutes, { portable: services.scanPortable });
    await app.register(scanSummaryRoutes, { summary: services.scanSummary });
    await app.register(salesRoutes, { sales: services.sales });
    await app.register(scanMetadataRoutes, { metadata: services.scanMetadata });
    await app.register(evidenceRoutes, { scans: composition.repositories.scans, adjustments: composition.repositories.adjustments });
    await app.register(scanLicensesRoutes, { scans: composition.repositories.scans, policyOverrides: () => services.settings.licensePolicyOverrides(), adjustments: composition.repositories.adjustments });
    await app.register(scanDiffRoutes, { diff: services.scanDiff });
    await app.register(scanControlRoutes, { control: services.scanControl });
    await app.register(commentsRoutes, { comments: services.comments });
    await app.register(infoleakTriagesRoutes, { infoleakTriages: services.infoleakTriages });
    await app.register(triagesRoutes, { triages: services.triages });
    await app.register(vexRoutes, { vex: services.vex });
    await app.register(versionOverridesRoutes, { versionOverrides: services.versionOverrides });
    await app.register(licenseOverridesRoutes, { licenseOverrides: services.licenseOverrides });
    await app.register(componentNameOverridesRoutes, { componentNameOverrides: services.componentNameOverrides });
    await app.register(componentIgnoresRoutes, { componentIgnores: services.componentIgnores });
    await app.register(componentAdjustmentsRoutes, { componentMoves: services.componentMoves });
    await app.register(loginMessagesRoutes, { messages: services.loginMessages });
    await app.register(systemStatusRoutes, { systemStatus: services.systemStatus });
    await app.register(noticesRoutes, { notices: services.notices });
    await app.register(contentTypesRoutes);
    await app.register(feedsRoutes, { feeds: services.feeds });
    await app.register(groupsReportRoutes, { report: services.groupsReport });
    await app.register(reportsRoutes, { reports: services.reports, scansReport: services.scansReport });
    await app.register(reportJobsRoutes, { reportJobs: services.reportJobs });
    await app.register(apiReportsRoutes, { reports: services.reports });
    await app.register(licenseUsageRoutes, { licenseUsage: services.licenseUsage });
    await app.register(settingsRoutes, { settings: services.settings });
    await app.register(ssoRoutes, { sso: services.sso });
    await app.register(outboundNetworksRoutes, { outboundNetworks: services.outboundNetworks });
    await app.register(scanFetchRoutes, { scanFetch: services.scanFetch });
    await app.register(webhooksRoutes, { webhooks: services.webhooks });
    await app.register(publicUploadRoutes, { publicUpload: services.publicUpload });
    await app.register(publicFetchRoutes, { publicUpload: services.publicUpload });
    await app.register(publicAppsRoutes, { apps: composition.repositories.apps });
    await app.register(publicGroupsRoutes, { groups: services.groups, groupCustomData: services.groupCustomData, groupSettings: services.groupSettings, statistics: services.scanStatistics });
    await app.register(publicStatusRoutes, { knowledgeBase: services.knowledgeBase });
    await app.register(customPatternsRoutes, { customPatterns: services.customPatterns });
    await app.register(publicTriageRoutes, {
      triages: services.triages, users: composition.repositories.users, access: services.access, components: services.adjustableComponents, scans: services.scans,
    });
    await app.register(publicVersionOverrideRoutes, {
      versionOverrides: services.versionOverrides, access: services.access, components: services.adjustableComponents, scans: services.scans,
    });
    await app.register(publicCatalogueRoutes, { policyOverrides: () => services.settings.licensePolicyOverrides(), components: services.components });
    await app.register(productsRoutes, { products: services.publicProducts });
    await app.register(webPlugin, { webDist: options.webDist ?? '' });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** Fastify takes a hop count at run time but types only a function for it. */
function fastifyTrustProxy(trust: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
