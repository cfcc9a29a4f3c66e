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
export type ResultComponent = Schemas['ResultComponent'];
export type ResultFileObject = Schemas['ResultFileObject'];
export type ResultVuln = Schemas['ResultVuln'];
export type Problem = Schemas['Problem'];
export type ExecutableAttributes = Schemas['ExecutableAttributes'];
export type InfoleakItem = Schemas['InfoleakItem'];
export type MobileApp = Schemas['MobileApp'];
export type ProblemLevel = Problem['level'];
export type PageLinks = Schemas['PageLinks'];

/** Every paged list of the API answers this shape (spec §7). */
export interface Paged<T> {
  count: number;
  results: T[];
  links: PageLinks;
}

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
