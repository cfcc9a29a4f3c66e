// Each group settings page's fields: the control that edits the override and how the
// company's value reads beside it.
import { formatNumber } from '../../../lib/format.ts';
import type { GroupSettingsPage } from '../api/group-settings.ts';

export type GroupFieldSpec =
  | { kind: 'switch'; name: string; label: string; description: string }
  | { kind: 'select'; name: string; label: string; description: string; options: { value: string; label: string }[] }
  | { kind: 'days'; name: string; label: string; description: string };

const SBOM_FORMATS = [
  { value: 'cyclonedx', label: 'CycloneDX' },
  { value: 'spdx', label: 'SPDX' },
];

export const GROUP_FIELDS: Record<GroupSettingsPage, { title: string; description: string; fields: GroupFieldSpec[] }> = {
  scan: {
    title: 'Scan',
    description: "Scans uploaded into this group use these options; a field left to the company default follows the account's scan settings.",
    fields: [
      { kind: 'switch', name: 'reuse_existing_scan', label: 'Reuse existing scan', description: 'An upload of bytes already scanned in this group answers that scan.' },
      { kind: 'switch', name: 'low_risk_tolerance', label: 'Low risk tolerance', description: 'Also report matches that are not exact.' },
      { kind: 'switch', name: 'historical', label: 'Historical vulnerabilities', description: 'Also list vulnerabilities fixed at or below the version found.' },
      { kind: 'switch', name: 'cvss3_fallback', label: 'CVSS fallback', description: 'A vulnerability without a score in the chosen CVSS version takes the next older one.' },
      { kind: 'switch', name: 'assume_unknown_version_latest', label: 'Assume unknown version is latest', description: 'A component without a version is matched as its latest version.' },
      { kind: 'switch', name: 'include_bdsa_vulnerabilities', label: 'Include BDSA', description: 'Advisories without a CVE id.' },
      { kind: 'switch', name: 'prioritise_nvd', label: 'Prioritise NVD', description: "NVD's scores and description win over the advisories'." },
    ],
  },
  'data-retention': {
    title: 'Data retention',
    description: "A daily sweep deletes this group's files, and then its whole scans, older than these periods.",
    fields: [
      { kind: 'days', name: 'delete_binaries_after_days', label: 'Delete binaries after', description: 'The uploaded files go; the results stay.' },
      { kind: 'days', name: 'delete_results_after_days', label: 'Delete results after', description: 'The whole scan goes, results included.' },
    ],
  },
  bom: {
    title: 'BOM',
    description: "SBOM exports of this group's scans take these defaults.",
    fields: [
      { kind: 'select', name: 'sbom_format', label: 'SBOM format', description: 'The format an export takes unless another is asked for.', options: SBOM_FORMATS },
      { kind: 'switch', name: 'include_vulnerabilities', label: 'Include vulnerabilities', description: 'Exports carry the vulnerabilities found.' },
    ],
  },
};

/** A value as the form reads it out: "Yes", "CycloneDX", "30 days", "Keep forever". */
export function describeValue(field: GroupFieldSpec, value: unknown): string {
  if (field.kind === 'switch') return value === true ? 'On' : 'Off';
  if (field.kind === 'select') return field.options.find((option) => option.value === value)?.label ?? String(value);
  return typeof value === 'number' ? `${formatNumber(value)} ${value === 1 ? 'day' : 'days'}` : 'Keep forever';
}
