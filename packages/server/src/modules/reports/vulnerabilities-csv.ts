// The CSV of a scan's vulnerabilities that DefectDojo's "Blackduck Binary Analysis" importer
// reads (public-api.md §3.10): one row per vulnerability and object file of its component,
// which DefectDojo groups by Object SHA1. The header names and their order are the product's
// own export's, as DefectDojo's sample of it has them; DefectDojo reads the cells by name.
import { csvDocument, type CsvValue, score } from './csv.ts';
import type { ReportComponent, ReportData, ReportObject, ReportVulnerability } from './report-data.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';

export const VULNERABILITY_COLUMNS = [
  'Component', 'Version', 'Latest version', 'CVE', 'Matching type', 'CVSS', 'CVE publication date', 'Object compilation date',
  'Object', 'Object full path', 'Object SHA1', 'CVSS3', 'CVSS vector (v2)', 'CVSS vector (v3)', 'Summary', 'Distribution package',
  'CVSS (Distribution)', 'CVSS3 (Distribution)', 'Triage vectors', 'Unresolving triage vectors', 'Note type', 'Note reason',
  'Vulnerability URL', 'Missing exploit mitigations', 'BDSA', 'Version override type',
] as const;

/** A component found in no file of the tree (from metadata alone) still gets its rows, with the object cells empty. */
const NO_OBJECT: ReportObject = { name: '', fullPath: '', sha1: '', missing: [] };

export function vulnerabilitiesCsv(data: ReportData): string {
  return csvDocument(VULNERABILITY_COLUMNS, rowsOf(data));
}

function* rowsOf(data: ReportData): Generator<CsvValue[]> {
  for (const component of data.components) {
    const objects = component.objects.length > 0 ? component.objects : [NO_OBJECT];
    for (const vuln of component.vulnerabilities) {
      for (const object of objects) yield row(component, vuln, object);
    }
  }
}

function row(component: ReportComponent, vuln: ReportVulnerability, object: ReportObject): CsvValue[] {
  // Binlens records no build timestamps of objects, and has no curated notes or BDSA advisories.
  const cells: Record<(typeof VULNERABILITY_COLUMNS)[number], CsvValue> = {
    'Component': component.name,
    'Version': component.version,
    'Latest version': component.latestVersion,
    'CVE': vuln.id,
    'Matching type': vuln.exact ? 'Exact match' : 'Inexact match',
    'CVSS': score(vuln.cvss2.score),
    'CVE publication date': vuln.published,
    'Object compilation date': '',
    'Object': object.name,
    'Object full path': object.fullPath,
    'Object SHA1': object.sha1,
    'CVSS3': score(vuln.cvss3.score),
    'CVSS vector (v2)': vuln.cvss2.vector,
    'CVSS vector (v3)': vuln.cvss3.vector,
    'Summary': vuln.summary,
    'Distribution package': component.distribution ? `${component.name} ${component.version} (${component.distribution})` : '',
    'CVSS (Distribution)': score(vuln.distro?.score2 ?? null),
    'CVSS3 (Distribution)': score(vuln.distro?.score3 ?? null),
    'Triage vectors': triageVectors(vuln.resolving),
    'Unresolving triage vectors': triageVectors(vuln.unresolving),
    'Note type': '',
    'Note reason': '',
    'Vulnerability URL': vuln.url,
    'Missing exploit mitigations': object.missing.join(', '),
    'BDSA': '',
    'Version override type': component.versionOverrideType,
  };
  return VULNERABILITY_COLUMNS.map((column) => cells[column]);
}

/**
 * Each triage as scope/rationale, a re-scoring with what it sets, ';'-separated:
 * "R/NA; G/OT severity=low".
 */
export function triageVectors(triages: readonly TriageDto[]): string {
  return triages.map((t) => [
    `${t.scope}/${t.rationale}`,
    t.adjusted_severity ? `severity=${t.adjusted_severity}` : '',
    t.environmental_vector ? `vector=${t.environmental_vector}` : '',
  ].filter(Boolean).join(' ')).join('; ');
}
