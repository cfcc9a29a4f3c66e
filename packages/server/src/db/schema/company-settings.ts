import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The company's settings (spec §3 "Company settings", plus what the /account-settings pages
 * edit, docs/settings.md): one row, id 1, inserted by its migration, so a read never finds
 * none and groups/scope.ts can read membership_inheritance_enabled in a subquery.
 */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    // Spec §3.
    triageEnabled: boolean('triage_enabled').notNull().default(true),
    triageDescriptionMandatory: boolean('triage_description_mandatory').notNull().default(false),
    enableGlobalVersionOverride: boolean('enable_global_version_override').notNull().default(true),
    enableGroupVersionOverride: boolean('enable_group_version_override').notNull().default(true),
    enableProductVersionOverride: boolean('enable_product_version_override').notNull().default(true),
    membershipInheritanceEnabled: boolean('membership_inheritance_enabled').notNull().default(true),
    /** Spec §9: 2, 3 or 4. */
    defaultCvssVersion: integer('default_cvss_version').notNull().default(3),
    // BOM.
    /** `cyclonedx` or `spdx`. */
    sbomFormat: text('sbom_format').notNull().default('cyclonedx'),
    sbomIncludeVulnerabilities: boolean('sbom_include_vulnerabilities').notNull().default(false),
    // Scan.
    /** Null: the server's own cap (BINLENS_MAX_UPLOAD_BYTES) is the limit. */
    maxUploadBytes: bigint('max_upload_bytes', { mode: 'number' }),
    reuseExistingScan: boolean('reuse_existing_scan').notNull().default(false),
    lowRiskTolerance: boolean('low_risk_tolerance').notNull().default(false),
    historical: boolean('historical').notNull().default(false),
    cvss3Fallback: boolean('cvss3_fallback').notNull().default(true),
    assumeUnknownVersionLatest: boolean('assume_unknown_version_latest').notNull().default(false),
    includeBdsaVulnerabilities: boolean('include_bdsa_vulnerabilities').notNull().default(false),
    prioritiseNvd: boolean('prioritise_nvd').notNull().default(false),
    // Data retention; null keeps forever.
    deleteBinariesAfterDays: integer('delete_binaries_after_days'),
    deleteResultsAfterDays: integer('delete_results_after_days'),
    // Defaults for new users.
    newUserDisplayLocalTime: boolean('new_user_display_local_time').notNull().default(false),
    /** `list` or `tree`. */
    newUserContainerDefaultView: text('new_user_container_default_view').notNull().default('list'),
    // Authentication.
    /** Null: no idle timeout. */
    sessionIdleTimeoutMinutes: integer('session_idle_timeout_minutes'),
    /** 336 hours = 14 days, the session lifetime before these settings existed. */
    sessionAbsoluteTimeoutHours: integer('session_absolute_timeout_hours').notNull().default(336),
    minPasswordLength: integer('min_password_length').notNull().default(12),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('company_settings_single_row', sql`${table.id} = 1`)],
);

export type CompanySettingsRow = typeof companySettings.$inferSelect;
