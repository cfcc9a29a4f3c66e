// The composition root: every repository, service, the knowledge base, the blob store and
// the queue handle are built here, once, from the database and the configuration. buildApp
// hands the route plugins their services, start.ts and the tests hand the jobs theirs; no
// other file constructs them (composition.test.ts keeps it so).
import path from 'node:path';
import { createKnowledgeBase, importBundle, type KnowledgeBase, knowledgeBaseVersionReader, validateBundle } from '@binlens/vulndb';
import { LocalBlobStore } from './blobs/local-blob-store.ts';
import type { BlobStore } from './blobs/blob-store.ts';
import { S3BlobStore } from './blobs/s3-blob-store.ts';
import type { S3Settings } from './blobs/s3-settings.ts';
import { type AnnouncementsRepository, createAnnouncementsRepository } from './modules/announcements/repository.ts';
import { createLoginMessagesService, type LoginMessagesService } from './modules/announcements/messages-service.ts';
import { createNoticesService, type NoticesService } from './modules/announcements/notices-service.ts';
import { scanQueueState } from './modules/announcements/scan-queue.ts';
import { createSystemStatusService, type SystemStatusService } from './modules/announcements/system-status-service.ts';
import type { KnowledgeBaseSummary } from './modules/knowledge-base/schemas.ts';
import { createAuditFeedRepository } from './modules/audit/feed-repository.ts';
import { createFeedsService, type FeedsService } from './modules/feeds/service.ts';
import { createGroupsReportRepository } from './modules/groups/report-repository.ts';
import { createGroupsReportService, type GroupsReportService } from './modules/groups/report-service.ts';
import { createReportsService, type ReportsService } from './modules/reports/service.ts';
import { createScansReportRepository } from './modules/reports/scans-report-repository.ts';
import { createScansReportService, type ScansReportService } from './modules/reports/scans-report-service.ts';
import { createReportJobsRepository } from './modules/reports/jobs-repository.ts';
import { createReportJobsService, type ReportJobsService } from './modules/reports/jobs-service.ts';
import { REPORT_QUEUE } from './lib/report-queue.ts';
import { createLicenseUsageRepository } from './modules/license-usage/repository.ts';
import { createLicenseUsageService, type LicenseUsageService } from './modules/license-usage/service.ts';
import { DEFAULT_MAX_UPLOAD_BYTES, type Deployment, NO_QUOTAS, type Quotas } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { cacheGenerationsOf } from './db/cache-generations.ts';
import { type Engine, realEngine } from './engine/engine.ts';
import { KB_SYNC_QUEUE } from './jobs/kb-sync.ts';
import { createQueueHandle, type QueueHandle } from './jobs/queues.ts';
import { REEVALUATE_QUEUE } from './jobs/reevaluate.ts';
import { AppError } from './lib/errors.ts';
import { SCAN_QUEUE, type ScanJobData } from './lib/queue-names.ts';
import { auditedChanges } from './modules/audit/audited.ts';
import { type AuditRepository, createAuditRepository } from './modules/audit/repository.ts';
import { createApiKeyNetworksRepository, createApiKeysRepository } from './modules/api-keys/repository.ts';
import { type ApiKeysService, createApiKeysService } from './modules/api-keys/service.ts';
import { createSessionsRepository } from './modules/auth/repository.ts';
import { withSessionCache } from './modules/auth/session-cache.ts';
import { type AuthService, createAuthService } from './modules/auth/service.ts';
import { createSignInFailuresRepository } from './modules/auth/sign-in-failures.ts';
import { createOtpDevicesRepository } from './modules/otps/repository.ts';
import { createOtpsService, type OtpsService } from './modules/otps/service.ts';
import type { ScopeResolver } from './lib/access.ts';
import { createAccessRepository } from './modules/groups/access-repository.ts';
import { createAccessService } from './modules/groups/access-service.ts';
import { createGroupsRepository } from './modules/groups/repository.ts';
import { createGroupsService, type GroupsService } from './modules/groups/service.ts';
import { applyApplicationTemplate, createApplicationTemplateRepository } from './modules/groups/application-template-repository.ts';
import { createGroupCustomDataRepository } from './modules/groups/custom-data-repository.ts';
import { createGroupCustomDataService, type GroupCustomDataService } from './modules/groups/custom-data-service.ts';
import { createGroupSettingsRepository } from './modules/group-settings/repository.ts';
import { createGroupSettingsService, type GroupSettingsService } from './modules/group-settings/service.ts';
import { createGroupMembershipsRepository } from './modules/group-memberships/repository.ts';
import { createGroupMembershipsService, type GroupMembershipsService } from './modules/group-memberships/service.ts';
import { createKnowledgeBaseRepository, type KnowledgeBaseRepository } from './modules/knowledge-base/repository.ts';
import { createKnowledgeBaseService, type KnowledgeBaseService } from './modules/knowledge-base/service.ts';
import { createScanAnalysisService, type ScanAnalysisService } from './modules/scans/analysis-service.ts';
import { createEvaluationCache, createScanStampCache, type EvaluationCache } from './modules/scans/evaluation-cache.ts';
import { createScanEvaluations, evaluateScan } from './modules/scans/evaluation.ts';
import { createScanFilesService, type ScanFilesService } from './modules/scans/files-service.ts';
import { createScanDiffRepository } from './modules/scans/diff-repository.ts';
import { createAdjustmentsRepository, type AdjustmentsRepository } from './modules/adjustments/repository.ts';
import { createStaleScans } from './modules/adjustments/stale-scans.ts';
import { triageTargets } from './modules/scans/triage-targets.ts';
import { createTriagesRepository } from './modules/triages/repository.ts';
import { createTriagesService, type TriagesService } from './modules/triages/service.ts';
import { createVexRepository } from './modules/vex/repository.ts';
import { createVexService, type VexService } from './modules/vex/service.ts';
import { type AdjustableComponents, adjustableComponents } from './modules/component-adjustments/scan-components.ts';
import { createComponentMovesRepository } from './modules/component-adjustments/repository.ts';
import { createComponentMovesService, type ComponentMovesService } from './modules/component-adjustments/service.ts';
import { createComponentIgnoresRepository } from './modules/component-ignores/repository.ts';
import { createComponentIgnoresService, type ComponentIgnoresService } from './modules/component-ignores/service.ts';
import { createComponentNameOverridesRepository } from './modules/component-name-overrides/repository.ts';
import { createComponentNameOverridesService, type ComponentNameOverridesService } from './modules/component-name-overrides/service.ts';
import { createLicenseOverridesRepository } from './modules/license-overrides/repository.ts';
import { createLicenseOverridesService, type LicenseOverridesService } from './modules/license-overrides/service.ts';
import { createVersionOverridesRepository } from './modules/version-overrides/repository.ts';
import { createVersionOverridesService, type VersionOverridesService } from './modules/version-overrides/service.ts';
import { createScanDiffService, type ScanDiffService } from './modules/scans/diff-service.ts';
import { knowledgeBaseSnapshot } from './modules/scans/diff-snapshot.ts';
import { createScanJobRepository, type ScanJobRepository } from './modules/scans/job-repository.ts';
import { createScanLogRepository, type ScanLogRepository } from './modules/scans/scan-log-repository.ts';
import { createQuotaRepository } from './modules/scans/quotas.ts';
import { createScansRepository, type ScansRepository } from './modules/scans/repository.ts';
import { createScansService, type ScansService } from './modules/scans/service.ts';
import { createScanControlRepository } from './modules/scans/control-repository.ts';
import { type AppsRepository, createAppsRepository } from './modules/public-api/apps-query.ts';
import { createPublicUploadService, type PublicUploadService } from './modules/public-api/upload-service.ts';
import { createProductsRepository } from './modules/public-api/products-repository.ts';
import { createProductsService, type ProductsService } from './modules/public-api/products-service.ts';
import { SERVER_VERSION } from './modules/public-api/status.routes.ts';
import { createScanControlService, type RetentionPeriods, type ScanControlService } from './modules/scans/control-service.ts';
import type { Scan } from './modules/scans/schemas.ts';
import { createCommentsRepository } from './modules/comments/repository.ts';
import { loadScanScopeContext } from './modules/adjustments/scan-context.ts';
import { createLeakItemsRepository } from './modules/infoleak-triages/leak-items.ts';
import { createInfoleakTriagesRepository } from './modules/infoleak-triages/repository.ts';
import { createInfoleakTriagesService, type InfoleakTriagesService } from './modules/infoleak-triages/service.ts';
import { createCommentsService, type CommentsService } from './modules/comments/service.ts';
import { createScanReuse } from './modules/scans/reuse.ts';
import { createScanListCaches } from './modules/scans/list-cache.ts';
import { createScanSbomService, type ScanSbomService } from './modules/scans/sbom-service.ts';
import { createScanPortableService, type ScanPortableService } from './modules/scans/dotbdba-service.ts';
import { createScanMetadataRepository } from './modules/scans/metadata-repository.ts';
import { createScanMetadataService, type ScanMetadataService } from './modules/scans/metadata-service.ts';
import { createScanSummaryRepository } from './modules/scans/summary-repository.ts';
import { createScanSummaryService, type ScanSummaryService } from './modules/scans/summary-service.ts';
import { createSalesRepository } from './modules/scans/sales-repository.ts';
import { createSalesService, type SalesService } from './modules/scans/sales-service.ts';
import { createScanStatisticsRepository } from './modules/scans/statistics.ts';
import { createScanStatisticsService, type ScanStatisticsService } from './modules/scans/statistics-service.ts';
import { createScanCustomDataRepository } from './modules/scan-custom-data/repository.ts';
import { createScanCustomDataService, type ScanCustomDataService } from './modules/scan-custom-data/service.ts';
import { createResumableUploadsService, type ResumableUploadsService } from './modules/uploads/service.ts';
import { ResumableUploadStore } from './modules/uploads/upload-store.ts';
import { createUsersRepository, type UsersRepository } from './modules/users/repository.ts';
import { createUsersService, type UsersService } from './modules/users/service.ts';
import { createPasswordMailService, type PasswordMailService } from './modules/users/password-mail-service.ts';
import { createPasswordTokensRepository } from './modules/users/password-tokens-repository.ts';
import type { MailSettings } from './lib/mail-settings.ts';
import type { AccountPolicy } from './modules/users/account-policy.ts';
import { createSmtpMailer } from './lib/mailer.ts';
import { type AccountMembershipsService, createAccountMembershipsService } from './modules/account-memberships/service.ts';
import { createVulnerabilitiesService, type VulnerabilitiesService } from './modules/vulnerabilities/service.ts';
import { createComponentsRepository } from './modules/components/repository.ts';
import { createScanIndexRepository } from './modules/components/scan-index-repository.ts';
import { createComponentsService, type ComponentsService } from './modules/components/service.ts';
import { createSsoRepository } from './modules/sso/repository.ts';
import { createSsoService, type SsoService } from './modules/sso/service.ts';
import { createCompanySettingsRepository, createLicensePoliciesRepository } from './modules/settings/repository.ts';
import { createSettingsService, type SettingsService } from './modules/settings/service.ts';
import { createOutboundNetworksRepository } from './modules/outbound-networks/repository.ts';
import { createOutboundNetworksService, type OutboundNetworksService } from './modules/outbound-networks/service.ts';
import { createScanFetchRepository, type ScanFetchRepository } from './modules/scans/fetch-repository.ts';
import { createScanFetchService, type ScanFetchService } from './modules/scans/fetch-service.ts';
import { FETCH_QUEUE, type FetchJobData, WEBHOOK_QUEUE, type WebhookJobData } from './lib/outbound/queue-names.ts';
import { createWebhooksRepository, type WebhooksRepository } from './modules/webhooks/repository.ts';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/service.ts';
import { createCustomPatternsRepository } from './modules/custom-patterns/repository.ts';
import { createCustomPatternScansRepository, type CustomPatternScansRepository } from './modules/custom-patterns/scan-repository.ts';
import { createCustomPatternsService, type CustomPatternsService } from './modules/custom-patterns/service.ts';
import { CUSTOM_PATTERN_QUEUE, type CustomPatternJobData } from './lib/custom-pattern-queue.ts';

export interface CompositionSettings {
  /** An open, migrated database; whoever opened it closes it. */
  database: Database;
  /** Where the blob store keeps uploads (with s3: its local copies for the engine, under cache/). */
  blobDir: string;
  /** BINLENS_S3_*: the blobs go to this S3-compatible bucket instead of blobDir. */
  s3?: S3Settings | null;
  engine?: Engine;
  maxUploadBytes?: number;
  quotas?: Quotas;
  /** BINLENS_DEPLOYMENT; default on-premises (notices exist there only). */
  deployment?: Deployment;
  /** Build pg-boss (started by the queue plugin); false only for tools that never enqueue (openapi-dump). Default true. */
  queue?: boolean;
  /** BINLENS_SCAN_HEARTBEAT_SECONDS (lib/scan-heartbeat.ts); 20 when absent. */
  scanHeartbeatSeconds?: number;
  /** Where uploaded knowledge-base bundles wait while checked and imported; default the blob store's tmp/ (pid-named files, cleaned at start). */
  kbUploadDir?: string;
  /** The SMTP server of invitation and password mails; absent or null: no mail. */
  mail?: MailSettings | null;
  /** BINLENS_PUBLIC_URL: where users open the web app; absent or null: the address each request came to. */
  publicUrl?: string | null;
  /** Where resumable uploads keep their parts until complete (kept across restarts); default blobDir/uploads. */
  resumableUploadDir?: string;
  /** BINLENS_EVALUATION_CACHE_MB: bytes of stored scans' evaluations kept in the process (scans/evaluation-cache.ts); 0 keeps none. Default 128 MiB. */
  evaluationCacheBytes?: number;
}

export interface Composition {
  readonly database: Database;
  readonly blobs: BlobStore;
  readonly engine: Engine;
  readonly knowledgeBase: KnowledgeBase;
  /** Stored scans' evaluations kept in the process (modules/scans/evaluation-cache.ts). */
  readonly evaluationCache: EvaluationCache;
  readonly queue: QueueHandle;
  readonly maxUploadBytes: number;
  readonly repositories: {
    readonly audit: AuditRepository;
    readonly users: UsersRepository;
    readonly scans: ScansRepository;
    /** What the scan, dead-letter and re-evaluation jobs read and write. */
    readonly scanJobs: ScanJobRepository;
    /** Which triages, overrides, ignores and moves reach a scan (modules/adjustments). */
    readonly adjustments: AdjustmentsRepository;
    /** Each scan's own log (queued, started, processes, retries, outcome). */
    readonly scanLog: ScanLogRepository;
    /** The knowledge-base sync's state per source (jobs/kb-sync.ts). */
    readonly knowledgeBase: KnowledgeBaseRepository;
    /** What the URL-fetch job reads and writes (jobs/fetch.ts). */
    readonly scanFetches: ScanFetchRepository;
    /** What the webhook delivery job reads (jobs/webhook.ts). */
    readonly webhooks: WebhooksRepository;
    /** What the custom-pattern search of a stored scan reads and writes (jobs/custom-patterns.ts). */
    readonly customPatternScans: CustomPatternScansRepository;
    /** The public API's product listing and entries (GET /api/apps/, modules/public-api/apps-query.ts). */
    readonly apps: AppsRepository;
  };
  readonly services: {
    /** What the route guard resolves a route's scope with (plugins/guard.ts). */
    readonly access: ScopeResolver;
    readonly auth: AuthService;
    /** The users' TOTP authenticators: enrolment, confirmation, sign-in codes. */
    readonly otps: OtpsService;
    /** API keys (Bearer) and the networks they are honoured from. */
    readonly apiKeys: ApiKeysService;
    readonly users: UsersService;
    /** Invitation, password-reset and test mails, and setting a password with a mailed link. */
    readonly passwordMail: PasswordMailService;
    /** Each user's account roles and the permissions they grant. */
    readonly accountMemberships: AccountMembershipsService;
    readonly groups: GroupsService;
    /** A group's key/value pairs (/rest/groups/{id}/custom_data/). */
    readonly groupCustomData: GroupCustomDataService;
    /** A group's overrides of the company's scan, data-retention and BOM settings. */
    readonly groupSettings: GroupSettingsService;
    /** Who holds which role (GU, M) on which group. */
    readonly groupMemberships: GroupMembershipsService;
    readonly scans: ScansService;
    /** tus resumable uploads (/rest/uploads/) that become scans when complete. */
    readonly uploads: ResumableUploadsService;
    /** The analysers' lists of a ready scan, a page at a time. */
    readonly scanAnalysis: ScanAnalysisService;
    /** A ready scan's file tree and container images layer by layer. */
    readonly scanFiles: ScanFilesService;
    /** A ready scan's SBOM documents. */
    readonly scanSbom: ScanSbomService;
    readonly scanPortable: ScanPortableService;
    /** The verdict and counts on top of a ready scan's analysis tab. */
    readonly scanSummary: ScanSummaryService;
    /** The sales view's scan and summary (/rest/sales/scans/). */
    readonly sales: SalesService;
    readonly scanMetadata: ScanMetadataService;
    /** What changed from one ready scan to another (spec §2 /diff). */
    readonly scanDiff: ScanDiffService;
    /** Rescan, abort, rename, removal of scans or their files, and the data-retention sweep. */
    readonly scanControl: ScanControlService;
    /** Comments on scans (/rest/comments/). */
    readonly comments: CommentsService;
    /** Triages of information leaks (/rest/infoleak/{kind}/triage/), applied when the lists are read. */
    readonly infoleakTriages: InfoleakTriagesService;
    /** Triages of vulnerabilities (/rest/triages/). */
    readonly triages: TriagesService;
    /** VEX documents out of triages and into them (/rest/vex/, .../vex/). */
    readonly vex: VexService;
    /** Component versions for their files (/rest/version-override/), scopes 1-3. */
    readonly versionOverrides: VersionOverridesService;
    /** A ready scan's components as users adjusted them, with their files' SHA-1s (the public /api/ triage and version override name them so). */
    readonly adjustableComponents: AdjustableComponents;
    /** Component licences (/rest/license-override/), scopes 1-3. */
    readonly licenseOverrides: LicenseOverridesService;
    /** Component display names (/rest/component-name-overrides/). */
    readonly componentNameOverrides: ComponentNameOverridesService;
    /** Components left out of vulnerabilities and counts (/rest/component-ignores/), triage scopes. */
    readonly componentIgnores: ComponentIgnoresService;
    /** Files moved between a scan's components (/rest/scans/{id}/component-adjustments/). */
    readonly componentMoves: ComponentMovesService;
    /** GET /rest/scans/statistics/: counts over the list's filters. */
    readonly scanStatistics: ScanStatisticsService;
    /** Key/value pairs on scans (/rest/custom-data/). */
    readonly scanCustomData: ScanCustomDataService;
    /** Login messages (/rest/messages/), the system status and on-premises notices. */
    readonly loginMessages: LoginMessagesService;
    readonly systemStatus: SystemStatusService;
    readonly notices: NoticesService;
    /** The account's and each group's audit feed (read side of modules/audit). */
    readonly feeds: FeedsService;
    /** POST /rest/groups/report/: the groups a user sees as CSV. */
    readonly groupsReport: GroupsReportService;
    readonly reports: ReportsService;
    readonly scansReport: ScansReportService;
    /** Reports made in the background (/rest/reports/), private to their owner. */
    readonly reportJobs: ReportJobsService;
    /** Licences across the account's ready scans. */
    readonly licenseUsage: LicenseUsageService;
    readonly vulnerabilities: VulnerabilitiesService;
    /** The catalogue of supported components, their knowledge-base facts and use in the account. */
    readonly components: ComponentsService;
    readonly knowledgeBase: KnowledgeBaseService;
    /** The company's settings and licence policy overrides; sessionLimits() for sign-in. */
    readonly settings: SettingsService;
    /** SAML single sign-on: its settings, the AuthnRequest and the assertion consumer. */
    readonly sso: SsoService;
    /** Networks outbound requests may reach although the SSRF guard refuses them by default. */
    readonly outboundNetworks: OutboundNetworksService;
    /** POST /rest/scans/fetch/: a scan whose file is downloaded from a URL. */
    readonly scanFetch: ScanFetchService;
    /** The public API's PUT /api/upload/ and POST /api/fetch/ (headers read, group and Replace checked). */
    readonly publicUpload: PublicUploadService;
    /** The public API's /api/product/{id}/... calls: the §3 result, SBOM exports, changes through the /rest/ services. */
    readonly publicProducts: ProductsService;
    /** A group's completion webhook. */
    readonly webhooks: WebhooksService;
    /** The account's custom leak patterns (/rest/regular-expressions/) and their search of stored scans. */
    readonly customPatterns: CustomPatternsService;
  };
}

/** What stored scans' evaluations may hold when the configuration says nothing. */
const DEFAULT_EVALUATION_CACHE_BYTES = 128 * 1024 * 1024;

export function compose(settings: CompositionSettings): Composition {
  const { database } = settings;
  const db: Db = database.db;
  const generations = cacheGenerationsOf(database);
  const scanListCaches = createScanListCaches(generations);
  const blobs: BlobStore = settings.s3 ? new S3BlobStore(settings.s3, path.join(settings.blobDir, 'cache')) : new LocalBlobStore(settings.blobDir);
  const engine = settings.engine ?? realEngine;
  const maxUploadBytes = settings.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const knowledgeBase = createKnowledgeBase(db);
  const evaluationCache = createEvaluationCache({ maxBytes: settings.evaluationCacheBytes ?? DEFAULT_EVALUATION_CACHE_BYTES });
  const adjustments = createAdjustmentsRepository(db);
  const scanEvaluations = createScanEvaluations({
    knowledgeBase,
    inputs: { knowledgeBaseVersion: knowledgeBaseVersionReader(db), adjustmentsVersion: async () => String(await generations.current('adjustments') ?? 'unknown') },
    cache: evaluationCache,
    adjustments,
  });
  const queue = createQueueHandle(database, settings.queue ?? true, settings.scanHeartbeatSeconds);
  const requestReevaluation = () => queue.request(REEVALUATE_QUEUE);
  const repositories = {
    audit: createAuditRepository(db),
    users: createUsersRepository(db),
    scans: createScansRepository(db),
    scanJobs: createScanJobRepository(db),
    adjustments,
    scanLog: createScanLogRepository(db),
    knowledgeBase: createKnowledgeBaseRepository(db),
    scanFetches: createScanFetchRepository(db),
    webhooks: createWebhooksRepository(db),
    customPatternScans: createCustomPatternScansRepository(db),
    apps: createAppsRepository(db),
  };
  const groups = createGroupsRepository(db);
  const announcementChanges = auditedChanges<{ announcements: AnnouncementsRepository }>((work) => db.transaction((tx) => work({ announcements: createAnnouncementsRepository(tx), audit: createAuditRepository(tx) })));
  // The company's password minimum and new-user defaults, for the users module (services.settings
  // is built below; these are called only once requests come).
  const accountPolicy: AccountPolicy = {
    passwordMinLength: (): Promise<number> => services.settings.passwordMinLength(),
    newUserDefaults: (): ReturnType<AccountPolicy['newUserDefaults']> => services.settings.newUserDefaults(),
  };
  const passwordMail = createPasswordMailService({
    users: repositories.users,
    tokens: createPasswordTokensRepository(db),
    mailer: settings.mail ? createSmtpMailer(settings.mail) : null,
    policy: accountPolicy,
    change: auditedChanges((work) =>
      db.transaction((tx) => work({ users: createUsersRepository(tx), tokens: createPasswordTokensRepository(tx), audit: createAuditRepository(tx) })),
    ),
  });
  const otps = createOtpsService({
    devices: createOtpDevicesRepository(db),
    users: repositories.users,
    signIns: createSignInFailuresRepository(db),
    change: auditedChanges((work) =>
      db.transaction((tx) => work({ devices: createOtpDevicesRepository(tx), signIns: createSignInFailuresRepository(tx), audit: createAuditRepository(tx) })),
    ),
  });

  const services = {
    access: createAccessService({ access: createAccessRepository(db) }),
    auth: createAuthService({
      users: repositories.users,
      sessions: withSessionCache(createSessionsRepository(db), generations),
      signIns: createSignInFailuresRepository(db),
      otps,
      // The company's idle and absolute session timeouts (account settings → authentication).
      sessionLimits: (): ReturnType<SettingsService['sessionLimits']> => services.settings.sessionLimits(),
      change: auditedChanges((work) =>
        db.transaction((tx) => work({ sessions: createSessionsRepository(tx), signIns: createSignInFailuresRepository(tx), audit: createAuditRepository(tx) })),
      ),
    }),
    otps,
    apiKeys: createApiKeysService({
      keys: createApiKeysRepository(db),
      networks: createApiKeyNetworksRepository(db),
      change: auditedChanges((work) =>
        db.transaction((tx) => work({ keys: createApiKeysRepository(tx), networks: createApiKeyNetworksRepository(tx), audit: createAuditRepository(tx) })),
      ),
    }),
    users: createUsersService({
      users: repositories.users,
      change: auditedChanges((work) => db.transaction((tx) => work({ users: createUsersRepository(tx), audit: createAuditRepository(tx) }))),
      passwordMail,
      policy: accountPolicy,
    }),
    passwordMail,
    accountMemberships: createAccountMembershipsService({
      users: repositories.users,
      change: auditedChanges((work) => db.transaction((tx) => work({ users: createUsersRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    groups: createGroupsService({
      groups,
      templates: createApplicationTemplateRepository(db),
      change: auditedChanges((work) =>
        db.transaction((tx) => work({ groups: createGroupsRepository(tx), templates: createApplicationTemplateRepository(tx), audit: createAuditRepository(tx) })),
      ),
    }),
    groupCustomData: createGroupCustomDataService({
      customData: createGroupCustomDataRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ customData: createGroupCustomDataRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    groupSettings: createGroupSettingsService({
      groupSettings: createGroupSettingsRepository(db),
      company: () => createCompanySettingsRepository(db).get(),
      change: auditedChanges((work) => db.transaction((tx) => work({ groupSettings: createGroupSettingsRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    groupMemberships: createGroupMembershipsService({
      memberships: createGroupMembershipsRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ memberships: createGroupMembershipsRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    scans: createScansService({
      scans: repositories.scans,
      scanJobs: repositories.scanJobs,
      blobs,
      engine,
      knowledgeBase,
      adjustments,
      enqueueScan: async (scanId, options) => {
        await queue.enqueue(SCAN_QUEUE, { scanId, ...(options?.deleteBinary ? { deleteBinary: true } : {}), ...(options?.callback ? { callback: options.callback } : {}) } satisfies ScanJobData);
        await repositories.scanLog.append(scanId, 'info', 'Queued; waiting for a worker');
      },
      maxUploadBytes,
      // The company's max_upload_bytes (account settings → scan); read per upload, once requests come.
      uploadLimit: (): Promise<number> => services.settings.maxUploadBytes(),
      quotas: settings.quotas ?? NO_QUOTAS,
      usage: createQuotaRepository(db),
      // The group's reuse_existing_scan, else the company's (group settings → scan), read per upload.
      reuse: createScanReuse(db, (groupId): Promise<boolean> => services.groupSettings.reuseExistingScan(groupId)),
      change: auditedChanges((work) =>
        db.transaction((tx) =>
          work({
            scans: createScansRepository(tx),
            audit: createAuditRepository(tx),
            usage: createQuotaRepository(tx),
            applyTemplate: (groupId, scanId) => applyApplicationTemplate(tx, groupId, scanId),
            setCustomData: (scanId, entries) => createScanCustomDataRepository(tx).setEntries(scanId, entries),
            replaceBinary: (scanId, file) => createScanControlRepository(tx).replaceBinary(scanId, file),
            findScan: (scanId) => createScanControlRepository(tx).find(scanId),
          }),
        ),
      ),
      blobInUse: (blobKey) => createScanControlRepository(db).blobInUse(blobKey),
      listCache: scanListCaches.list,
      evaluations: scanEvaluations,
      stamps: createScanStampCache(generations),
    }),
    uploads: createResumableUploadsService({
      store: new ResumableUploadStore(settings.resumableUploadDir ?? path.join(settings.blobDir, 'uploads')),
      scans: {
        uploadAllowance: (viewer): ReturnType<ScansService['uploadAllowance']> => services.scans.uploadAllowance(viewer),
        upload: (viewer, groupId, file): ReturnType<ScansService['upload']> => services.scans.upload(viewer, groupId, file),
      },
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
    }),
    scanAnalysis: createScanAnalysisService({
      scans: repositories.scans,
      // Built below in the same object; called only once requests come.
      infoleakTriages: { reach: (scanId, kind): ReturnType<InfoleakTriagesService['reach']> => services.infoleakTriages.reach(scanId, kind) },
    }),
    scanFiles: createScanFilesService({ scans: repositories.scans }),
    scanPortable: createScanPortableService({ scans: repositories.scans }),
    scanSbom: createScanSbomService({
      scans: repositories.scans,
      knowledgeBase,
      adjustments,
      knowledgeBaseEmpty: async (): Promise<boolean> => (await services.knowledgeBase.summary()).state === 'empty',
      // Built below in the same object; called only once requests come.
      vex: (viewer, scanId): ReturnType<VexService['exportScan']> => services.vex.exportScan(viewer, scanId, 'cyclonedx'),
    }),
    scanMetadata: createScanMetadataService({
      metadata: createScanMetadataRepository(db),
      scans: repositories.scans,
      // Built below in the same object; called only once requests come.
      knowledgeBaseSummary: (): Promise<KnowledgeBaseSummary> => services.knowledgeBase.summary(),
      triagedLeaks: (scanId): ReturnType<InfoleakTriagesService['triagedCounts']> => services.infoleakTriages.triagedCounts(scanId),
    }),
    scanSummary: createScanSummaryService({
      summary: createScanSummaryRepository(db),
      scans: repositories.scans,
      knowledgeBase,
      adjustments,
      // Built below in the same object; called only once requests come.
      knowledgeBaseSummary: (): Promise<KnowledgeBaseSummary> => services.knowledgeBase.summary(),
      policyOverrides: (): Promise<Record<string, string>> => services.settings.licensePolicyOverrides(),
      triagedLeaks: (scanId): ReturnType<InfoleakTriagesService['triagedCounts']> => services.infoleakTriages.triagedCounts(scanId),
    }),
    sales: createSalesService({
      sales: createSalesRepository(db),
      // Built above in the same object; called only once requests come.
      summary: { summary: (viewer, id): ReturnType<ScanSummaryService['summary']> => services.scanSummary.summary(viewer, id) },
      scanJobs: repositories.scanJobs,
      knowledgeBase,
      adjustments,
    }),
    scanDiff: createScanDiffService({
      scans: repositories.scans,
      diff: createScanDiffRepository(db),
      // Built below in the same object; called only once requests come.
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      knowledgeBaseSummary: (): Promise<KnowledgeBaseSummary> => services.knowledgeBase.summary(),
      knowledgeBaseSnapshot: knowledgeBaseSnapshot(db, createKnowledgeBase),
      adjustments,
    }),
    scanControl: createScanControlService({
      scans: createScanControlRepository(db),
      // Built below in the same object; called only once requests come.
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      blobs,
      enqueueScan: async (scanId) => {
        await queue.enqueue(SCAN_QUEUE, { scanId } satisfies ScanJobData);
      },
      get: (viewer, id): Promise<Scan> => services.scans.get(viewer, id),
      // The account's periods and each group's overrides (group settings → data retention).
      onRemoved: (scanId) => scanEvaluations.forget(scanId),
      retention: async (): Promise<RetentionPeriods> => {
        const { company, groups } = await services.groupSettings.retentionPeriods();
        return { ...company, groups };
      },
      change: auditedChanges((work) => db.transaction((tx) => work({ control: createScanControlRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    triages: createTriagesService({
      triages: createTriagesRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ triages: createTriagesRepository(tx), stale: createStaleScans(tx), audit: createAuditRepository(tx) }))),
      settings: () => createCompanySettingsRepository(db).get(),
      targets: (scanId) => triageTargets(scanId, { scans: repositories.scanJobs, knowledgeBase, adjustments }),
      adjustments: (scanId) => adjustments.forScan(scanId),
      requestReevaluation,
    }),
    adjustableComponents: adjustableComponents({ scans: repositories.scanJobs, adjustments }),
    versionOverrides: createVersionOverridesService({
      overrides: createVersionOverridesRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ overrides: createVersionOverridesRepository(tx), stale: createStaleScans(tx), audit: createAuditRepository(tx) }))),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      settings: () => createCompanySettingsRepository(db).get(),
      components: adjustableComponents({ scans: repositories.scanJobs, adjustments }),
      adjustments: (scanId) => adjustments.forScan(scanId),
      requestReevaluation,
    }),
    licenseOverrides: createLicenseOverridesService({
      overrides: createLicenseOverridesRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ overrides: createLicenseOverridesRepository(tx), stale: createStaleScans(tx), audit: createAuditRepository(tx) }))),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      components: adjustableComponents({ scans: repositories.scanJobs, adjustments }),
      adjustments: (scanId) => adjustments.forScan(scanId),
      requestReevaluation,
    }),
    componentNameOverrides: createComponentNameOverridesService({
      overrides: createComponentNameOverridesRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ overrides: createComponentNameOverridesRepository(tx), stale: createStaleScans(tx), audit: createAuditRepository(tx) }))),
      requestReevaluation,
    }),
    componentIgnores: createComponentIgnoresService({
      ignores: createComponentIgnoresRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ ignores: createComponentIgnoresRepository(tx), stale: createStaleScans(tx), audit: createAuditRepository(tx) }))),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      components: adjustableComponents({ scans: repositories.scanJobs, adjustments }),
      adjustments: (scanId) => adjustments.forScan(scanId),
      requestReevaluation,
    }),
    componentMoves: createComponentMovesService({
      moves: createComponentMovesRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ moves: createComponentMovesRepository(tx), stale: createStaleScans(tx), audit: createAuditRepository(tx) }))),
      components: adjustableComponents({ scans: repositories.scanJobs, adjustments }),
      requestReevaluation,
    }),
    vex: createVexService({
      // Built above in the same object; called only once requests come.
      triages: { create: (viewer, bodies): ReturnType<TriagesService['create']> => services.triages.create(viewer, bodies) },
      triageRows: createTriagesRepository(db),
      vex: createVexRepository(db),
      index: createScanIndexRepository(db),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      settings: () => createCompanySettingsRepository(db).get(),
      evaluated: async (scanId) => {
        const core = await repositories.scanJobs.loadIdentification(scanId);
        if (!core) return null;
        const { evaluation, adjusted } = await evaluateScan(core, knowledgeBase, await adjustments.forScan(scanId));
        return { evaluation, components: adjusted.identification.components };
      },
      targets: (scanId) => triageTargets(scanId, { scans: repositories.scanJobs, knowledgeBase, adjustments }),
      core: (scanId) => repositories.scanJobs.loadIdentification(scanId),
    }),
    infoleakTriages: createInfoleakTriagesService({
      triages: createInfoleakTriagesRepository(db),
      leaks: createLeakItemsRepository(db),
      scanContext: (scanId) => loadScanScopeContext(db, scanId),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      settings: () => createCompanySettingsRepository(db).get(),
      change: auditedChanges((work) => db.transaction((tx) => work({ triages: createInfoleakTriagesRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    comments: createCommentsService({
      comments: createCommentsRepository(db),
      change: auditedChanges((work) => db.transaction((tx) => work({ comments: createCommentsRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    scanStatistics: createScanStatisticsService({ statistics: createScanStatisticsRepository(db), cache: scanListCaches.statistics }),
    scanCustomData: createScanCustomDataService({
      customData: createScanCustomDataRepository(db),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      change: auditedChanges((work) => db.transaction((tx) => work({ customData: createScanCustomDataRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    loginMessages: createLoginMessagesService({ announcements: createAnnouncementsRepository(db), change: announcementChanges }),
    systemStatus: createSystemStatusService({
      announcements: createAnnouncementsRepository(db),
      change: announcementChanges,
      // Built below in the same object; called only once requests come.
      knowledgeBase: { summary: (): Promise<KnowledgeBaseSummary> => services.knowledgeBase.summary() },
      scanQueue: () => scanQueueState(db),
    }),
    notices: createNoticesService({ deployment: settings.deployment ?? 'on-premises', announcements: createAnnouncementsRepository(db), change: announcementChanges }),
    feeds: createFeedsService({ feed: createAuditFeedRepository(db) }),
    groupsReport: createGroupsReportService({ report: createGroupsReportRepository(db) }),
    reports: createReportsService({
      scans: repositories.scans,
      knowledgeBase,
      adjustments,
      // Built in the same object; called only once requests come.
      knowledgeBaseSummary: (): Promise<KnowledgeBaseSummary> => services.knowledgeBase.summary(),
      policyOverrides: (): Promise<Record<string, string>> => services.settings.licensePolicyOverrides(),
    }),
    scansReport: createScansReportService({ report: createScansReportRepository(db) }),
    licenseUsage: createLicenseUsageService({
      usage: createLicenseUsageRepository(db),
      access: { resolve: (viewer, target): ReturnType<ScopeResolver['resolve']> => services.access.resolve(viewer, target) },
      policyOverrides: (): Promise<Record<string, string>> => services.settings.licensePolicyOverrides(),
    }),
    vulnerabilities: createVulnerabilitiesService({
      db,
      knowledgeBase,
      // Built below in the same object; called only once requests come.
      affectedBy: (viewer, ids): ReturnType<ComponentsService['affectedBy']> => services.components.affectedBy(viewer, ids),
    }),
    components: createComponentsService({ components: createComponentsRepository(db), index: createScanIndexRepository(db), knowledgeBase, adjustments }),
    knowledgeBase: createKnowledgeBaseService({
      repository: repositories.knowledgeBase,
      change: auditedChanges((work) => db.transaction((tx) => work({ knowledgeBase: createKnowledgeBaseRepository(tx), audit: createAuditRepository(tx) }))),
      validateBundle: (file, options) => validateBundle(file, options),
      importBundle: (file, options) => importBundle(db, file, options),
      async requestSync() {
        if (!queue.boss) throw new AppError('queue_unavailable');
        // The queue is `exclusive`: no id when a sync is already queued or running.
        return (await queue.boss.send(KB_SYNC_QUEUE, {})) !== null;
      },
      automaticSync: async () => ((await queue.boss?.getSchedules(KB_SYNC_QUEUE)) ?? []).length > 0,
      onChanged: requestReevaluation,
      uploadDir: settings.kbUploadDir ?? path.join(settings.blobDir, 'tmp'),
      maxBundleBytes: maxUploadBytes,
    }),
    settings: createSettingsService({
      settings: createCompanySettingsRepository(db),
      licensePolicies: createLicensePoliciesRepository(db),
      serverMaxUploadBytes: maxUploadBytes,
      change: auditedChanges((work) =>
        db.transaction((tx) => work({ settings: createCompanySettingsRepository(tx), licensePolicies: createLicensePoliciesRepository(tx), audit: createAuditRepository(tx) })),
      ),
    }),
  };
  const sso = createSsoService({
    sso: createSsoRepository(db),
    users: repositories.users,
    auth: services.auth,
    // Without BINLENS_PUBLIC_URL, where an administrator saved the SSO settings from.
    publicUrl: settings.publicUrl ?? settings.mail?.publicUrl,
    change: auditedChanges((work) => db.transaction((tx) => work({ sso: createSsoRepository(tx), users: createUsersRepository(tx), audit: createAuditRepository(tx) }))),
  });
  const outboundNetworks = createOutboundNetworksService({
    networks: createOutboundNetworksRepository(db),
    change: auditedChanges((work) => db.transaction((tx) => work({ networks: createOutboundNetworksRepository(tx), audit: createAuditRepository(tx) }))),
  });
  const allowedNetworks = () => outboundNetworks.allowed();
  const outbound = {
    outboundNetworks,
    scanFetch: createScanFetchService({
      fetches: repositories.scanFetches,
      scans: services.scans,
      allowedNetworks,
      enqueueFetch: async (scanId, options) => {
        await queue.enqueue(FETCH_QUEUE, { scanId, ...(options?.deleteBinary ? { deleteBinary: true } : {}), ...(options?.callback ? { callback: options.callback } : {}) } satisfies FetchJobData);
      },
      change: auditedChanges((work) => db.transaction((tx) => work({ fetches: createScanFetchRepository(tx), audit: createAuditRepository(tx) }))),
    }),
    webhooks: createWebhooksService({
      webhooks: repositories.webhooks,
      allowedNetworks,
      change: auditedChanges((work) => db.transaction((tx) => work({ webhooks: createWebhooksRepository(tx), audit: createAuditRepository(tx) }))),
    }),
  };
  const customPatterns = createCustomPatternsService({
    patterns: createCustomPatternsRepository(db),
    scans: repositories.customPatternScans,
    change: auditedChanges((work) => db.transaction((tx) => work({ patterns: createCustomPatternsRepository(tx), audit: createAuditRepository(tx) }))),
    enqueueSearch: (data) => queue.enqueue(CUSTOM_PATTERN_QUEUE, data),
    async findSearch(id) {
      if (!queue.boss) throw new AppError('queue_unavailable');
      const [job] = await queue.boss.findJobs<CustomPatternJobData>(CUSTOM_PATTERN_QUEUE, { id });
      return job ? { id: job.id, state: job.state, data: job.data, output: job.output } : null;
    },
    scanLog: (scanId, message) => repositories.scanLog.append(scanId, 'info', message),
  });
  const publicUpload = createPublicUploadService({
    access: services.access,
    scans: services.scans,
    scanFetch: outbound.scanFetch,
    products: repositories.apps,
    publicUrl: settings.publicUrl ?? settings.mail?.publicUrl,
    allowedNetworks,
    announce: async (scanId, callback) => {
      await queue.enqueue(WEBHOOK_QUEUE, { scanId, callback } satisfies WebhookJobData);
    },
  });
  const publicProducts = createProductsService({
    products: createProductsRepository(db),
    scans: repositories.scans,
    evaluations: scanEvaluations,
    engine,
    knowledgeBase,
    policyOverrides: () => services.settings.licensePolicyOverrides(),
    control: services.scanControl,
    sbom: services.scanSbom,
    customData: services.scanCustomData,
    analysis: services.scanAnalysis,
    serverVersion: SERVER_VERSION,
    publicUrl: settings.publicUrl ?? settings.mail?.publicUrl,
  });
  const reportJobs = createReportJobsService({
    reports: createReportJobsRepository(db),
    users: repositories.users,
    scans: repositories.scans,
    scanReports: services.reports,
    scansReport: services.scansReport,
    blobs,
    enqueue: (data) => queue.enqueue(REPORT_QUEUE, data),
  });
  return { database, blobs, engine, knowledgeBase, evaluationCache, queue, maxUploadBytes, repositories, services: { ...services, sso, ...outbound, customPatterns, publicUpload, publicProducts, reportJobs } };
}
