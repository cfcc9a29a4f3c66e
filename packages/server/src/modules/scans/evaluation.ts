// The one owner of a scan's evaluation: the matching options a scan is evaluated with, and
// (later) its overrides, ignores and triages, are applied here and nowhere else. The result
// page, the stored counts that lists show and sort by, and every export take it from here,
// so the numbers shown anywhere agree.
import type { Identification } from '@binlens/engine/model';
import { type Evaluation, type KnowledgeBase, evaluate } from '@binlens/vulndb';
import type { ScanJobRepository } from './job-repository.ts';
import { countVulnerabilities, type VulnerabilityCounts } from './vulnerability-counts.ts';

/** Spec §3 scan fields for vulnerability matching: what every scan is evaluated with (no per-scan setting yet). */
export const SCAN_MATCHING = { cvss3_fallback: true, include_bdsa_vulnerabilities: false } as const;

export interface ScanEvaluation {
  evaluation: Evaluation;
  counts: VulnerabilityCounts;
}

/** A ready scan's components (its result core) evaluated against the knowledge base now. */
export async function evaluateScan(core: Identification, knowledgeBase: KnowledgeBase): Promise<ScanEvaluation> {
  const evaluation = await evaluate(core, knowledgeBase, {
    cvssFallback: SCAN_MATCHING.cvss3_fallback,
    includeAdvisoriesWithoutCve: SCAN_MATCHING.include_bdsa_vulnerabilities,
  });
  return { evaluation, counts: countVulnerabilities(evaluation) };
}

export interface StoredScanEvaluation {
  scans: Pick<ScanJobRepository, 'loadIdentification' | 'setVulnerabilityCounts'>;
  knowledgeBase: KnowledgeBase;
}

/** Evaluates a stored ready scan now and stores its counts; null for a scan gone or not ready. */
export async function evaluateStoredScan(deps: StoredScanEvaluation, scanId: number): Promise<VulnerabilityCounts | null> {
  const startedAt = new Date();
  const identification = await deps.scans.loadIdentification(scanId);
  if (!identification) return null;
  const { counts } = await evaluateScan(identification, deps.knowledgeBase);
  await deps.scans.setVulnerabilityCounts(scanId, counts, startedAt);
  return counts;
}
