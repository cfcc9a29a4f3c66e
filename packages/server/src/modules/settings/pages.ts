import type { CompanySettingsRow } from '../../db/schema/index.ts';
import type { CompanySettingsPatch } from './repository.ts';
import type {
  AuthenticationSettings,
  AuthenticationSettingsUpdate,
  BomSettings,
  BomSettingsUpdate,
  CompanySettings,
  CompanySettingsUpdate,
  RetentionSettings,
  RetentionSettingsUpdate,
  ScanSettings,
  ScanSettingsUpdate,
  UserDefaultSettings,
  UserDefaultSettingsUpdate,
} from './schemas.ts';

// Each settings page's fields as the API names them, and the column each is stored in: one
// row holds them all (db/schema/company-settings.ts), each page reads and changes its part.

type Column = keyof CompanySettingsPatch;

export const PAGE_COLUMNS = {
  company: {
    triage_enabled: 'triageEnabled',
    triage_description_mandatory: 'triageDescriptionMandatory',
    enable_global_version_override: 'enableGlobalVersionOverride',
    enable_group_version_override: 'enableGroupVersionOverride',
    enable_product_version_override: 'enableProductVersionOverride',
    membership_inheritance_enabled: 'membershipInheritanceEnabled',
    default_cvss_version: 'defaultCvssVersion',
  },
  bom: { sbom_format: 'sbomFormat', include_vulnerabilities: 'sbomIncludeVulnerabilities' },
  scan: {
    max_upload_bytes: 'maxUploadBytes',
    reuse_existing_scan: 'reuseExistingScan',
    low_risk_tolerance: 'lowRiskTolerance',
    historical: 'historical',
    cvss3_fallback: 'cvss3Fallback',
    assume_unknown_version_latest: 'assumeUnknownVersionLatest',
    include_bdsa_vulnerabilities: 'includeBdsaVulnerabilities',
    prioritise_nvd: 'prioritiseNvd',
  },
  'data-retention': { delete_binaries_after_days: 'deleteBinariesAfterDays', delete_results_after_days: 'deleteResultsAfterDays' },
  user: { display_local_time: 'newUserDisplayLocalTime', container_default_view: 'newUserContainerDefaultView' },
  authentication: {
    session_idle_timeout_minutes: 'sessionIdleTimeoutMinutes',
    session_absolute_timeout_hours: 'sessionAbsoluteTimeoutHours',
    min_password_length: 'minPasswordLength',
  },
} as const satisfies Record<string, Record<string, Column>>;

/** Each page's answer and PATCH body. */
export interface SettingsPages {
  company: { read: CompanySettings; update: CompanySettingsUpdate };
  bom: { read: BomSettings; update: BomSettingsUpdate };
  scan: { read: ScanSettings; update: ScanSettingsUpdate };
  'data-retention': { read: RetentionSettings; update: RetentionSettingsUpdate };
  user: { read: UserDefaultSettings; update: UserDefaultSettingsUpdate };
  authentication: { read: AuthenticationSettings; update: AuthenticationSettingsUpdate };
}
export type SettingsPage = keyof SettingsPages & keyof typeof PAGE_COLUMNS;
export const SETTINGS_PAGES = Object.keys(PAGE_COLUMNS) as SettingsPage[];

/** The page's fields of the row, by their API names. */
export function pageFields(page: SettingsPage, row: CompanySettingsRow): Record<string, unknown> {
  return Object.fromEntries(Object.entries(PAGE_COLUMNS[page]).map(([field, column]) => [field, row[column as Column]]));
}

/** The columns a PATCH body changes (fields equal to the stored value left out) and each change as [before, after]. */
export function pageChanges(page: SettingsPage, row: CompanySettingsRow, body: object): { patch: CompanySettingsPatch; changes: Record<string, [unknown, unknown]> } {
  const columns: Record<string, Column> = PAGE_COLUMNS[page];
  const patch: Record<string, unknown> = {};
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(body)) {
    const column = columns[field];
    if (column === undefined || value === undefined || row[column] === value) continue;
    patch[column] = value;
    changes[field] = [row[column], value];
  }
  return { patch: patch as CompanySettingsPatch, changes };
}
