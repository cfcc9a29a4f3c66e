// The CSV of a scan's components ("csv-libs" of the public API): one row per component, as
// users adjusted it. Columns, in order:
//   Component, Version, Detected version (the engine's, when a version override replaced it),
//   Version override type (result / group / global), Latest version (the newest the knowledge
//   base names), Type (the code type in words), Vendor, Licenses ('; '-joined SPDX
//   expressions), License policy class (Restrictive / Restrictive (estimated) / Permissive),
//   Vulnerabilities (open: not resolved by a triage), Triaged (resolved by a triage), Highest
//   severity (of the open ones, CVSS v3 else v2), Object count, Objects (full paths
//   ';'-joined), Object SHA1s (';'-joined, same order), Distribution, Package URL.
import type { LicensePolicy } from '@binlens/engine';
import { csvDocument, type CsvValue } from './csv.ts';
import type { ReportComponent, ReportData } from './report-data.ts';
import { CODE_TYPE_NAMES, worstSeverity } from './words.ts';

export const COMPONENT_COLUMNS = [
  'Component', 'Version', 'Detected version', 'Version override type', 'Latest version', 'Type', 'Vendor', 'Licenses',
  'License policy class', 'Vulnerabilities', 'Triaged', 'Highest severity', 'Object count', 'Objects', 'Object SHA1s',
  'Distribution', 'Package URL',
] as const;

export const POLICY_NAMES: Readonly<Record<LicensePolicy, string>> = { RE: 'Restrictive', RU: 'Restrictive (estimated)', PE: 'Permissive' };

export function componentsCsv(data: ReportData): string {
  return csvDocument(COMPONENT_COLUMNS, data.components.map(row));
}

function row(component: ReportComponent): CsvValue[] {
  const open = component.vulnerabilities.filter((v) => v.resolving.length === 0);
  return [
    component.name,
    component.version,
    component.detectedVersion ?? '',
    component.versionOverrideType,
    component.latestVersion,
    CODE_TYPE_NAMES[component.codetype],
    component.vendor,
    component.licenses.join('; '),
    component.licensePolicy ? POLICY_NAMES[component.licensePolicy] : '',
    open.length,
    component.vulnerabilities.length - open.length,
    worstSeverity(open, 3),
    component.objects.length,
    component.objects.map((o) => o.fullPath).join(';'),
    component.objects.map((o) => o.sha1).join(';'),
    component.distribution,
    component.purl,
  ];
}
