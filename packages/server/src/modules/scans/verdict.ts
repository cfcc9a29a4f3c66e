// Spec §4 verdicts of a scan: na, verify, pass, vulns. A scan that found nothing must say why
// rather than show a bare READY: an empty file, a format no extractor understood, or a file
// understood in which no component was found.
import type { Identification } from '@binlens/engine/model';
import type { ScanStatus } from '../../db/schema/index.ts';
import type { VulnerabilityCounts } from './vulnerability-counts.ts';

export type Verdict = 'na' | 'verify' | 'pass' | 'vulns';

export const NO_COMPONENT_REASON = 'No component was identified in the file.';

/** Why the verdict of this finished Identification is N/A; null when it found components. */
export function naReason(identification: Pick<Identification, 'components' | 'problems' | 'input'>): string | null {
  if (identification.components.length > 0) return null;
  const codes = new Set(identification.problems.filter((p) => p.location.length === 0).map((p) => p.code));
  if (codes.has('empty-input') || identification.input.size === 0) return 'The file is empty.';
  if (codes.has('unknown-format')) return 'No extractor understood the file: no known format or package metadata was recognised.';
  return NO_COMPONENT_REASON;
}

/**
 * The verdict of a scan as stored: null until it is ready; na with its reason when no
 * component was found; verify while its vulnerabilities are not counted yet; vulns when any
 * vulnerability matched; pass otherwise.
 */
export function verdictOf(scan: {
  status: ScanStatus;
  componentCount: number | null;
  vulnerabilityCounts: VulnerabilityCounts | null;
  verdictReason: string | null;
}): { verdict: Verdict | null; verdict_reason: string | null } {
  if (scan.status !== 'R') return { verdict: null, verdict_reason: null };
  if (scan.componentCount === 0) return { verdict: 'na', verdict_reason: scan.verdictReason ?? NO_COMPONENT_REASON };
  const counts = scan.vulnerabilityCounts;
  if (!counts) return { verdict: 'verify', verdict_reason: 'The vulnerabilities of the components are not counted yet.' };
  const total = counts.critical + counts.high + counts.medium + counts.low + counts.missing;
  return { verdict: total > 0 ? 'vulns' : 'pass', verdict_reason: null };
}
