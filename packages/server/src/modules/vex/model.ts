// What the VEX writers and readers exchange with the service, whatever the dialect: triages
// going out with the components they hold for, statements coming in with the products they
// name. The dialects themselves are in cyclonedx-vex.ts, openvex.ts and read-*.ts.
import type { TriageRationale, TriageScope } from '../../db/schema/index.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';

export const VEX_FORMATS = ['cyclonedx', 'openvex'] as const;
export type VexFormat = (typeof VEX_FORMATS)[number];

export const VEX_DIALECT_NAMES = { cyclonedx: 'CycloneDX', openvex: 'OpenVEX', csaf: 'CSAF' } as const;
export type VexDialect = keyof typeof VEX_DIALECT_NAMES;

/** A component a triage holds for, as a document names it. */
export interface VexProduct {
  /** Its package URL, with the version: the bom-ref (CycloneDX) or the product @id (OpenVEX). */
  purl: string;
  name: string;
  /** Empty when the document speaks of every version (a range triage without an application). */
  version: string;
}

export interface VexExportEntry {
  triage: TriageDto;
  products: VexProduct[];
}

export interface VexExportDocument {
  /** What the document is about: the application, the group or the account. */
  subject: string;
  author: string;
  timestamp: Date;
  /** A UUID: the CycloneDX serial number, the OpenVEX @id. */
  serial: string;
  /** Sorted by triage id. */
  entries: VexExportEntry[];
}

/**
 * The fields of a triage that a dialect cannot say itself, carried beside its own words: as
 * `binlens:*` properties in CycloneDX, as a `binlens:` line of status_notes in OpenVEX (whose
 * statements allow no other field). With them, export → import gives the same triage.
 */
export interface BinlensFacts {
  rationale?: TriageRationale;
  triage?: number;
  scope?: TriageScope;
  scan_id?: number;
  group_scope?: number;
  result_scope?: number;
  application_name?: string;
  triaged_obj?: string;
  component_name?: string;
  version_range?: string;
  mapped_component_id?: string;
  adjusted_severity?: string;
  environmental_vector?: string;
}

/** A product a statement names, as read. */
export interface VexReadProduct {
  /** Its package URL when the document gives one. */
  purl: string | null;
  /** The component's name when the document names it without a package URL (a CycloneDX component). */
  name: string | null;
  version: string | null;
  /** How refusals name it: the purl, or what the document calls it. */
  label: string;
}

/** One VEX statement: a vulnerability, the products it speaks of and what it says, as a triage would. */
export interface VexStatement {
  /** 1-based position in the document, for messages. */
  number: number;
  vulnId: string;
  products: VexReadProduct[];
  rationale: TriageRationale;
  description: string;
  /** The Binlens facts of a document this server exported; null in anyone else's. */
  binlens: BinlensFacts | null;
}

export interface VexReadDocument {
  dialect: VexDialect;
  statements: VexStatement[];
}

/** The source of a vulnerability id, as the SBOM writers name it. */
export function vulnerabilitySource(id: string): { name: string; url: string } {
  if (/^CVE-\d{4}-\d+$/i.test(id)) return { name: 'NVD', url: `https://nvd.nist.gov/vuln/detail/${id}` };
  if (/^GHSA-/i.test(id)) return { name: 'GitHub', url: `https://github.com/advisories/${id}` };
  return { name: 'OSV', url: `https://osv.dev/vulnerability/${encodeURIComponent(id)}` };
}

/** Whether the triage keeps the vulnerability at another severity instead of resolving it. */
export function isRescoring(triage: Pick<TriageDto, 'adjusted_severity' | 'environmental_vector'>): boolean {
  return triage.adjusted_severity !== null || triage.environmental_vector !== null;
}
