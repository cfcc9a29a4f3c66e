import type { CompanySettingsRow, GroupSettingsRow } from '../../db/schema/index.ts';
import type {
  GroupBomSettings,
  GroupBomSettingsUpdate,
  GroupRetentionSettings,
  GroupRetentionSettingsUpdate,
  GroupScanSettings,
  GroupScanSettingsUpdate,
} from './schemas.ts';

// Each group settings page's fields as the API names them, and the column each is stored in;
// group_settings names its columns as company_settings does, so one map serves both.

export type GroupSettingsColumn = keyof Omit<GroupSettingsRow, 'groupId' | 'updatedAt'>;
export type GroupSettingsPatch = Partial<Pick<GroupSettingsRow, GroupSettingsColumn>>;

export const GROUP_PAGE_COLUMNS = {
  scan: {
    reuse_existing_scan: 'reuseExistingScan',
    low_risk_tolerance: 'lowRiskTolerance',
    historical: 'historical',
    cvss3_fallback: 'cvss3Fallback',
    assume_unknown_version_latest: 'assumeUnknownVersionLatest',
    include_bdsa_vulnerabilities: 'includeBdsaVulnerabilities',
    prioritise_nvd: 'prioritiseNvd',
  },
  'data-retention': { delete_binaries_after_days: 'deleteBinariesAfterDays', delete_results_after_days: 'deleteResultsAfterDays' },
  bom: { sbom_format: 'sbomFormat', include_vulnerabilities: 'sbomIncludeVulnerabilities' },
} as const satisfies Record<string, Record<string, GroupSettingsColumn & keyof CompanySettingsRow>>;

export interface GroupSettingsPages {
  scan: { read: GroupScanSettings; update: GroupScanSettingsUpdate };
  'data-retention': { read: GroupRetentionSettings; update: GroupRetentionSettingsUpdate };
  bom: { read: GroupBomSettings; update: GroupBomSettingsUpdate };
}
export type GroupSettingsPage = keyof GroupSettingsPages & keyof typeof GROUP_PAGE_COLUMNS;
export const GROUP_SETTINGS_PAGES = Object.keys(GROUP_PAGE_COLUMNS) as GroupSettingsPage[];

/** Each field of the page: the group's override, the value in force and where it comes from. */
export function groupPageFields(page: GroupSettingsPage, company: CompanySettingsRow, group: GroupSettingsRow | undefined): Record<string, unknown> {
  const columns: Record<string, GroupSettingsColumn & keyof CompanySettingsRow> = GROUP_PAGE_COLUMNS[page];
  return Object.fromEntries(
    Object.entries(columns).map(([field, column]) => {
      const override = group?.[column] ?? null;
      const inherited = company[column];
      return [field, override === null ? { override, effective: inherited, source: 'company', company: inherited } : { override, effective: override, source: 'group', company: inherited }];
    }),
  );
}

/** The columns a PATCH body changes (fields equal to the stored override left out) and each change as [before, after]. */
export function groupPageChanges(page: GroupSettingsPage, group: GroupSettingsRow | undefined, body: object): { patch: GroupSettingsPatch; changes: Record<string, [unknown, unknown]> } {
  const columns: Record<string, GroupSettingsColumn> = GROUP_PAGE_COLUMNS[page];
  const patch: Record<string, unknown> = {};
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(body)) {
    const column = columns[field];
    if (column === undefined || value === undefined) continue;
    const before = group?.[column] ?? null;
    if (before === value) continue;
    patch[column] = value;
    changes[field] = [before, value];
  }
  return { patch: patch as GroupSettingsPatch, changes };
}
