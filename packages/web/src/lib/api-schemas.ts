// Short names for the generated schema types, so features never spell the long path.
import type { components } from './api-types.gen.ts';

type Schemas = components['schemas'];

export type User = Schemas['User'];
export type AccountUser = Schemas['AccountUser'];
export type AccountMembership = Schemas['AccountMembership'];
export type GroupMembership = Schemas['GroupMembership'];
export type Group = Schemas['Group'];
export type GroupCreate = Schemas['GroupCreate'];
export type GroupUpdate = Schemas['GroupUpdate'];
export type ApplicationTemplateEntry = Schemas['ApplicationTemplateEntry'];
export type GroupCustomData = Schemas['GroupCustomData'];
export type GroupCustomDataCreate = Schemas['GroupCustomDataCreate'];
export type GroupCustomDataUpdate = Schemas['GroupCustomDataUpdate'];
export type Scan = Schemas['Scan'];
export type ScanStatus = Scan['status'];
export type ScanUpdate = Schemas['ScanUpdate'];
export type ScanBulkResult = Schemas['ScanBulkResult'];
export type Comment = Schemas['Comment'];
export type CommentCreate = Schemas['CommentCreate'];
export type ScanProgress = Schemas['ScanProgress'];
export type ScannerProcessProgress = Schemas['ScannerProcessProgress'];
export type ScanLog = Schemas['ScanLog'];
export type ScanLogLine = Schemas['ScanLogLine'];
export type ScanStatistics = Schemas['ScanStatistics'];
export type ScanCustomData = Schemas['ScanCustomData'];
export type ScanCustomDataCreate = Schemas['ScanCustomDataCreate'];
export type ScanCustomDataUpdate = Schemas['ScanCustomDataUpdate'];
export type ScanResult = Schemas['ScanResult'];
export type ScanSummary = Schemas['ScanSummary'];
export type SalesScan = Schemas['SalesScan'];
export type ScanDiff = Schemas['ScanDiff'];
export type ScanDiffScan = Schemas['ScanDiffScan'];
export type DiffComponent = Schemas['DiffComponent'];
export type ChangedComponent = Schemas['ChangedComponent'];
export type DiffVulnerability = Schemas['DiffVulnerability'];
export type DiffLicense = Schemas['DiffLicense'];
export type HardeningChange = Schemas['HardeningChange'];
export type ResultComponent = Schemas['ResultComponent'];
export type ResultFileObject = Schemas['ResultFileObject'];
export type ResultVuln = Schemas['ResultVuln'];
export type Problem = Schemas['Problem'];
export type ExecutableAttributes = Schemas['ExecutableAttributes'];
export type CodeFinding = Schemas['CodeFinding'];
export type CodeRule = Schemas['CodeRule'];
export type ScanMetadata = Schemas['ScanMetadata'];
export type ScanLicense = Schemas['ScanLicense'];
export type ComponentEvidence = Schemas['ComponentEvidence'];
export type KernelConfig = Schemas['KernelConfig'];
export type InfoleakItem = Schemas['InfoleakItem'];
export type MobileApp = Schemas['MobileApp'];
export type FileTreeEntry = Schemas['FileTreeEntry'];
export type FileDetail = Schemas['FileDetail'];
export type FileComponent = Schemas['FileComponent'];
export type ContainerImage = Schemas['ContainerImage'];
export type ImageLayer = Schemas['ImageLayer'];
export type ProblemLevel = Problem['level'];
export type PageLinks = Schemas['PageLinks'];

/** Every paged list of the API answers this shape (spec §7). */
export interface Paged<T> {
  count: number;
  results: T[];
  links: PageLinks;
}

export type CatalogueComponent = Schemas['CatalogueComponent'];
export type CatalogueComponentDetails = Schemas['CatalogueComponentDetails'];
export type ComponentTag = Schemas['ComponentTag'];
export type ComponentVulnerability = Schemas['ComponentVulnerability'];
export type ComponentVulnerabilityRange = Schemas['ComponentVulnerabilityRange'];
export type Vulnerability = Schemas['Vulnerability'];
export type VulnerabilityCvss = Schemas['VulnerabilityCvss'];
export type DistroCvss = Schemas['DistroCvss'];
export type AffectedComponent = Schemas['AffectedComponent'];
export type AffectedComponents = Schemas['AffectedComponents'];

export type KnowledgeBaseStatus = Schemas['KnowledgeBaseStatus'];
export type KnowledgeBaseSource = Schemas['KnowledgeBaseSource'];
export type KnowledgeBaseSummary = Schemas['KnowledgeBaseSummary'];

export type CompanySettings = Schemas['CompanySettings'];
export type CompanySettingsUpdate = Schemas['CompanySettingsUpdate'];
export type BomSettings = Schemas['BomSettings'];
export type BomSettingsUpdate = Schemas['BomSettingsUpdate'];
export type ScanSettings = Schemas['ScanSettings'];
export type ScanSettingsUpdate = Schemas['ScanSettingsUpdate'];
export type RetentionSettings = Schemas['RetentionSettings'];
export type RetentionSettingsUpdate = Schemas['RetentionSettingsUpdate'];
export type UserDefaultSettings = Schemas['UserDefaultSettings'];
export type UserDefaultSettingsUpdate = Schemas['UserDefaultSettingsUpdate'];
export type AuthenticationSettings = Schemas['AuthenticationSettings'];
export type AuthenticationSettingsUpdate = Schemas['AuthenticationSettingsUpdate'];
export type GroupScanSettings = Schemas['GroupScanSettings'];
export type GroupScanSettingsUpdate = Schemas['GroupScanSettingsUpdate'];
export type GroupRetentionSettings = Schemas['GroupRetentionSettings'];
export type GroupRetentionSettingsUpdate = Schemas['GroupRetentionSettingsUpdate'];
export type GroupBomSettings = Schemas['GroupBomSettings'];
export type GroupBomSettingsUpdate = Schemas['GroupBomSettingsUpdate'];
export type LicensePolicyOverride = Schemas['LicensePolicyOverride'];
export type LicensePolicyOverrideCreate = Schemas['LicensePolicyOverrideCreate'];
export type LicensePolicyOverrideUpdate = Schemas['LicensePolicyOverrideUpdate'];
export type SsoSettings = Schemas['SsoSettings'];
export type SsoSettingsUpdate = Schemas['SsoSettingsUpdate'];
export type SsoStatus = Schemas['SsoStatus'];
export type OtpDevice = Schemas['OtpDevice'];
export type OtpRequired = Schemas['OtpRequired'];
export type NewApiKey = Schemas['NewApiKey'];
export type ApiKeyInfo = Schemas['ApiKeyInfo'];

export type LoginMessage = Schemas['LoginMessage'];
export type SystemStatus = Schemas['SystemStatus'];
export type Notice = Schemas['Notice'];
export type ContentType = Schemas['ContentType'];
export type FeedEvent = Schemas['FeedEvent'];
export type LicenseUsage = Schemas['LicenseUsage'];
export type LicenseUsageReport = Schemas['LicenseUsageReport'];
export type ApiKeyNetwork = Schemas['ApiKeyNetwork'];
export type OutboundNetwork = Schemas['OutboundNetwork'];
export type OutboundNetworkBody = Schemas['OutboundNetworkBody'];
export type ScanFetchBody = Schemas['ScanFetchBody'];
export type GroupWebhook = Schemas['GroupWebhook'];
export type GroupWebhookSaved = Schemas['GroupWebhookSaved'];
export type GroupWebhookBody = Schemas['GroupWebhookBody'];
export type UploadLimit = Schemas['UploadLimit'];
export type CustomPattern = Schemas['CustomPattern'];
export type CustomPatternCreate = Schemas['CustomPatternCreate'];
export type CustomPatternUpdate = Schemas['CustomPatternUpdate'];
export type CustomPatternRun = Schemas['CustomPatternRun'];

export type Triage = Schemas['Triage'];
export type TriageCreate = Schemas['TriageCreate'];
export type TriageUpdate = Schemas['TriageUpdate'];

export type VexImportResult = Schemas['VexImportResult'];
export type VexImportTriage = Schemas['VexImportTriage'];
export type VexImportUnknown = Schemas['VexImportUnknown'];

export type InfoleakTriage = Schemas['InfoleakTriage'];
export type InfoleakTriageCreate = Schemas['InfoleakTriageCreate'];
export type InfoleakTriageCreated = Schemas['InfoleakTriageCreated'];
export type InfoleakCacheUpdate = Schemas['InfoleakCacheUpdate'];

export type VersionOverride = Schemas['VersionOverride'];
export type VersionOverrideCreate = Schemas['VersionOverrideCreate'];
export type LicenseOverride = Schemas['LicenseOverride'];
export type LicenseOverrideCreate = Schemas['LicenseOverrideCreate'];
export type LicenseOverrideUpdate = Schemas['LicenseOverrideUpdate'];
export type ResultLicenseOverride = Schemas['ResultLicenseOverride'];
export type ComponentNameOverride = Schemas['ComponentNameOverride'];
export type ComponentNameOverrideCreate = Schemas['ComponentNameOverrideCreate'];
export type ComponentIgnore = Schemas['ComponentIgnore'];
export type ComponentIgnoreCreate = Schemas['ComponentIgnoreCreate'];
export type ComponentMove = Schemas['ComponentMove'];
export type ComponentMoveCreate = Schemas['ComponentMoveCreate'];
export type ReportJob = Schemas['ReportJob'];
