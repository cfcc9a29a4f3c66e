import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';

/**
 * A group's overrides of the company's settings (GET/PATCH /rest/groups/{id}/settings/<page>/,
 * docs/settings.md "Group settings"): at most one row per group, every column nullable, null
 * meaning the company's value applies.
 */
export const groupSettings = pgTable('group_settings', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  // Scan.
  reuseExistingScan: boolean('reuse_existing_scan'),
  lowRiskTolerance: boolean('low_risk_tolerance'),
  historical: boolean('historical'),
  cvss3Fallback: boolean('cvss3_fallback'),
  assumeUnknownVersionLatest: boolean('assume_unknown_version_latest'),
  includeBdsaVulnerabilities: boolean('include_bdsa_vulnerabilities'),
  prioritiseNvd: boolean('prioritise_nvd'),
  // Data retention, in days.
  deleteBinariesAfterDays: integer('delete_binaries_after_days'),
  deleteResultsAfterDays: integer('delete_results_after_days'),
  // BOM: `cyclonedx` or `spdx`.
  sbomFormat: text('sbom_format'),
  sbomIncludeVulnerabilities: boolean('sbom_include_vulnerabilities'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type GroupSettingsRow = typeof groupSettings.$inferSelect;
