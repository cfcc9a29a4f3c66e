import { formatBytes, formatNumber } from '../../../lib/format.ts';
import type { SettingsSource } from '../api/settings.ts';
import type { FieldSpec } from './field-specs.ts';

// The account-settings tabs (spec §2) and the sections each shows; docs/settings.md says
// what every field does. A section edits one source: the company's settings or one page's.

export interface SectionSpec {
  id: string;
  source: SettingsSource;
  title: string;
  description?: string;
  fields: readonly FieldSpec[];
  /** The question to ask before saving a change that deletes or hides something; null: save at once. */
  confirm?: (stored: Record<string, unknown>, changes: Record<string, unknown>) => string | null;
}

export type SettingsTab = 'bom' | 'scan' | 'data-retention' | 'group' | 'user' | 'authentication';

const MAX_INT = 2147483647;

const keptForever = { placeholder: 'Kept forever' };

export const TAB_SECTIONS: Record<SettingsTab, readonly SectionSpec[]> = {
  bom: [
    {
      id: 'bom',
      source: 'bom',
      title: 'Software bill of materials',
      description: 'Defaults for SBOM exports of an application.',
      fields: [
        {
          kind: 'select',
          name: 'sbom_format',
          label: 'Default SBOM format',
          options: [
            { value: 'cyclonedx', label: 'CycloneDX' },
            { value: 'spdx', label: 'SPDX' },
          ],
        },
        { kind: 'switch', name: 'include_vulnerabilities', label: 'Include vulnerabilities', description: 'Exports list the vulnerabilities found in each component.' },
      ],
    },
  ],
  scan: [
    {
      id: 'uploads',
      source: 'scan',
      title: 'Uploads',
      fields: [
        {
          kind: 'integer',
          name: 'max_upload_bytes',
          label: 'Maximum upload size',
          description: (stored) => {
            const cap = Number(stored['server_max_upload_bytes']);
            return `In bytes, at most the server's limit of ${formatNumber(cap)} (${formatBytes(cap)}). Empty: the server's limit.`;
          },
          min: 1,
          max: (stored) => Number(stored['server_max_upload_bytes']),
          nullable: { placeholder: "The server's limit" },
          suffix: ' bytes',
        },
        {
          kind: 'switch',
          name: 'reuse_existing_scan',
          label: 'Reuse existing scans',
          description: 'Uploading the same file again into the same group opens the earlier scan instead of scanning it again.',
        },
      ],
    },
    {
      id: 'matching',
      source: 'scan',
      title: 'Vulnerability matching',
      description: 'The options new scans start with.',
      fields: [
        { kind: 'switch', name: 'low_risk_tolerance', label: 'Low risk tolerance', description: 'Also report matches that are not exact, such as components without a version.' },
        { kind: 'switch', name: 'historical', label: 'Historical vulnerabilities', description: 'Also list vulnerabilities fixed at or below the version found.' },
        { kind: 'switch', name: 'cvss3_fallback', label: 'CVSS 3 fallback', description: 'A vulnerability without a score in the chosen CVSS version takes the next older one.' },
        { kind: 'switch', name: 'assume_unknown_version_latest', label: 'Assume unknown versions are the latest', description: 'A component without a version is matched as its latest release.' },
        { kind: 'switch', name: 'include_bdsa_vulnerabilities', label: 'Include BDSA', description: 'Also report advisories that have no CVE id.' },
        { kind: 'switch', name: 'prioritise_nvd', label: 'Prioritise NVD', description: "NVD's scores and descriptions win over the advisories'." },
      ],
    },
    {
      id: 'results',
      source: 'company',
      title: 'Results and triage',
      fields: [
        {
          kind: 'select',
          name: 'default_cvss_version',
          label: 'Default CVSS version',
          numeric: true,
          options: [
            { value: '2', label: 'CVSS 2' },
            { value: '3', label: 'CVSS 3' },
            { value: '4', label: 'CVSS 4' },
          ],
        },
        { kind: 'switch', name: 'triage_enabled', label: 'Triage', description: 'Users allowed to triage vulnerabilities can do so.' },
        { kind: 'switch', name: 'triage_description_mandatory', label: 'Triage needs a description' },
        { kind: 'switch', name: 'enable_global_version_override', label: 'Global version overrides' },
        { kind: 'switch', name: 'enable_group_version_override', label: 'Group version overrides' },
        { kind: 'switch', name: 'enable_product_version_override', label: 'Application version overrides' },
      ],
    },
  ],
  'data-retention': [
    {
      id: 'retention',
      source: 'data-retention',
      title: 'Data retention',
      description: 'How long uploaded files and analysis results are kept after a scan. Empty keeps them forever.',
      fields: [
        { kind: 'integer', name: 'delete_binaries_after_days', label: 'Delete uploaded files after', min: 1, max: MAX_INT, nullable: keptForever, suffix: ' days' },
        { kind: 'integer', name: 'delete_results_after_days', label: 'Delete results after', min: 1, max: MAX_INT, nullable: keptForever, suffix: ' days' },
      ],
      confirm: (stored, changes) => {
        const shortened = ['delete_binaries_after_days', 'delete_results_after_days'].filter((field) => {
          const next = changes[field];
          const before = stored[field];
          return typeof next === 'number' && (before === null || (typeof before === 'number' && next < before));
        });
        if (shortened.length === 0) return null;
        return 'Data older than the new limit will be deleted permanently and cannot be restored. Apply the new retention?';
      },
    },
  ],
  group: [
    {
      id: 'group',
      source: 'company',
      title: 'Group membership',
      fields: [
        {
          kind: 'switch',
          name: 'membership_inheritance_enabled',
          label: 'Membership inheritance',
          description: "A role on a group also applies to all its subgroups. Off: users see only the groups they are members of themselves.",
        },
      ],
      confirm: (_stored, changes) =>
        changes['membership_inheritance_enabled'] === false
          ? 'Members of parent groups will lose access to every subgroup they are not a direct member of. Turn membership inheritance off?'
          : null,
    },
  ],
  user: [
    {
      id: 'user',
      source: 'user',
      title: 'Defaults for new users',
      description: 'Each user can change these later in their own settings.',
      fields: [
        { kind: 'switch', name: 'display_local_time', label: 'Show local time', description: 'Dates show in the browser\'s time zone instead of UTC.' },
        {
          kind: 'select',
          name: 'container_default_view',
          label: 'Container view',
          description: "How an application's containers are shown first.",
          options: [
            { value: 'list', label: 'List' },
            { value: 'tree', label: 'Tree' },
          ],
        },
      ],
    },
  ],
  authentication: [
    {
      id: 'authentication',
      source: 'authentication',
      title: 'Sessions and passwords',
      fields: [
        { kind: 'integer', name: 'session_idle_timeout_minutes', label: 'Idle timeout', description: 'A session unused this long ends. Empty: no idle timeout.', min: 1, max: 525_600, nullable: { placeholder: 'No idle timeout' }, suffix: ' minutes' },
        { kind: 'integer', name: 'session_absolute_timeout_hours', label: 'Session lifetime', description: 'A session ends this long after sign-in, used or not.', min: 1, max: 8_760, suffix: ' hours' },
        { kind: 'integer', name: 'min_password_length', label: 'Minimum password length', min: 8, max: 128, suffix: ' characters' },
      ],
    },
  ],
};

/** Every source a tab's sections read, each once: what its route loads before showing it. */
export function tabSources(tab: SettingsTab): SettingsSource[] {
  return [...new Set(TAB_SECTIONS[tab].map((section) => section.source))];
}
